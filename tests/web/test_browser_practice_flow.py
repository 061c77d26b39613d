"""The practice page between two moves: what a refused move or a hint leaves selected, and how the other seats'
moves appear (one by one, at the top of *What just happened*, with no blank gap above them)."""

from datetime import datetime

import pytest
from playwright.sync_api import expect

from .test_browser_practice import press, start, tap_cards, version

pytestmark = pytest.mark.browser

SEED = "ill1"  # after the draw the hand holds the 10 of hearts and the 5 of diamonds, which make no meld


def checked(page):
    return page.locator("#play-form input.pick:checked").evaluate_all("boxes => boxes.map(b => b.value)")


def test_a_refused_meld_keeps_the_cards_selected(live_server, phone):
    start(phone, live_server.url, seed=SEED)
    press(phone, "draw")
    tap_cards(phone, ["10H", "5D"])
    phone.locator('.play-actions button[value="meld"]').tap()
    expect(phone.locator(".flash-error")).to_contain_text("10s (10♥): ")
    assert sorted(checked(phone)) == ["10H", "5D"]
    # Unselect one and discard the other: the selection is the player's to change.
    phone.locator('label[for="' + phone.locator('#play-form input.pick[value="5D"]').get_attribute("id") + '"]').tap(
        position={"x": 12, "y": 10})
    press(phone, "discard")
    expect(phone.locator("#log li[data-n=\"2\"]")).to_have_text("You discarded the 10 of hearts.")


def test_a_hint_keeps_the_cards_selected(live_server, phone):
    start(phone, live_server.url, seed=SEED)
    press(phone, "draw")
    tap_cards(phone, ["9S", "9C"])
    before = version(phone)
    phone.locator('.play-actions button[value="hint"]').tap()
    expect(phone.locator("#practice")).not_to_have_attribute("data-version", before)
    expect(phone.locator("#log li").first).to_contain_text("Hint: ")
    assert sorted(checked(phone)) == ["9C", "9S"]


def test_the_other_seats_moves_appear_one_by_one_at_the_top(live_server, phone):
    phone.clock.install(time=datetime(2026, 1, 1))
    start(phone, live_server.url, seed=SEED)
    press(phone, "draw")
    phone.clock.pause_at(datetime(2026, 1, 2))  # the page's timers wait for the test's clock
    press(phone, "discard", ["3C"])
    log = phone.locator("#log")
    waiting = log.locator("li.revealing")
    count = waiting.count()
    assert count >= 3, "three seats' moves are still to be shown"
    # Not yet shown takes no room: nothing blank sits above the moves shown so far.
    assert waiting.evaluate_all("items => items.map(li => li.getBoundingClientRect().height)") == [0] * count
    first_shown = log.locator("li:not(.revealing)").first
    expect(first_shown).to_have_text("You discarded the 3 of clubs.")
    assert abs(first_shown.bounding_box()["y"] - log.bounding_box()["y"]) <= 1
    phone.clock.run_for(800)
    expect(log.locator("li:not(.revealing)").first).to_contain_text("West ")
    phone.clock.run_for(800 * count)
    expect(waiting).to_have_count(0)


def held_texts(side):
    """Return what a side's heading counts, as the page writes it: each hand, then its red 3s."""
    cards = [f"{name}: " * bool(name) + f"{count} card" + "s" * (count != 1) for name, count in side["hands"]]
    return cards + ([side["threes_text"]] if side["threes"] else [])


def test_the_table_shows_no_move_the_log_has_not_told(live_server, phone):
    """After the player's move, at the moment the log shows move k, the table shows the position after move k."""
    from scorekeeper.canasta.play import view
    from scorekeeper.games import practice
    from scorekeeper.store import sqlite
    from scorekeeper.web.practice_page import table_sides

    phone.clock.install(time=datetime(2026, 1, 1))
    start(phone, live_server.url, seed=SEED)
    press(phone, "draw")
    phone.clock.pause_at(datetime(2026, 1, 2))  # from here on, time moves only when the test says so
    before = int(phone.locator("#practice").get_attribute("data-log"))
    press(phone, "discard", ["3C"])
    db = sqlite.connect(str(live_server.database))
    table = practice.load(db, phone.locator("#practice").get_attribute("data-practice"))
    db.close()
    told = [int(li.get_attribute("data-move")) for li in phone.locator("#log li").all()
            if int(li.get_attribute("data-n")) > before][::-1]
    assert len(set(told)) >= 4, "the discard and three seats' moves"
    stocks = []
    for index, move in enumerate(told):
        if index:
            phone.clock.run_for(800)
        newest = phone.locator("#log li:not(.revealing)").first
        expect(newest).to_have_attribute("data-move", str(move))
        seen = view(table.positions[move + 1], 0)
        stocks.append(seen.stock_size)
        expect(phone.locator("button.stock b")).to_have_text(str(seen.stock_size))
        expect(phone.locator(".pile-size")).to_contain_text(f"{len(seen.pile)} in pile")
        held = [text for side in reversed(table_sides(seen, table.names)) for text in held_texts(side)]
        expect(phone.locator(".side .held")).to_have_text(held)
    assert stocks[-1] < stocks[0], "the other seats drew: the table changed while the log told it"


def test_a_deal_a_computer_ends_shows_its_end_with_the_last_line(live_server, phone):
    """Seed end1 (normal): West goes out 4 moves after the player's last discard. The deal's result and its Next
    deal button wait for the log to tell West's last move."""
    from scorekeeper.canasta.play import apply, deal
    from scorekeeper.canasta.players.levels import LEVELS
    from scorekeeper.games.practice import seed_of
    from scorekeeper.games import practice
    from scorekeeper.store import tables as rows
    from scorekeeper.store import sqlite

    position, _ = deal("classic", None, seed_of("end1", 1), (0, 0))
    moves = []
    while not position.over:
        move = LEVELS["hard" if position.to_move == 0 else "normal"].choose(position).move
        moves.append((position.to_move, move))
        position, _ = apply(position, move)
    last = max(index for index, (seat, _) in enumerate(moves) if seat == 0)
    assert moves[-1][0] != 0 and len(moves) - last > 2
    phone.clock.install(time=datetime(2026, 1, 1))
    start(phone, live_server.url, seed="end1")
    # The deal played on to the player's last move, as the page would have stored it.
    practice_id = phone.locator("#practice").get_attribute("data-practice")
    db = sqlite.connect(str(live_server.database))
    version = practice.load(db, practice_id).version
    rows.save_moves(db, practice_id, version, [{"move": move.as_dict(), "seat": seat, "version": version,
                                                "by": "person" if seat == 0 else "computer", "reason": None}
                                               for seat, move in moves[:last]], 0.0, log=[])
    db.commit()
    db.close()
    phone.reload()
    phone.clock.pause_at(datetime(2026, 1, 2))
    press(phone, "discard", [moves[last][1].card.code])
    expect(phone.locator("#practice .result")).to_have_count(1)
    expect(phone.locator("#practice .result")).to_be_hidden()
    expect(phone.locator('.play-actions button[value="next_deal"]')).to_be_hidden()
    expect(phone.locator("#next-step")).not_to_contain_text("The deal is over")
    waiting = phone.locator("#log li.revealing")
    phone.clock.run_for(800 * (waiting.count() - 1))
    expect(waiting).to_have_count(1)
    expect(phone.locator("#practice .result")).to_be_hidden()
    phone.clock.run_for(800)
    expect(waiting).to_have_count(0)
    expect(phone.locator("#practice .result")).to_be_visible()
    expect(phone.locator('.play-actions button[value="next_deal"]')).to_be_visible()
    expect(phone.locator("#next-step")).to_have_text("The deal is over: see the score below, then press Next deal.")
