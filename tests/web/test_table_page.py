"""A table's page (web/table_page.py): the invite link opens a seat, the seat's page and fragment show only what it
may see, moves by the page's form are judged by the referee, a stale version answers 409."""

import html as entities
import re

import pytest

from scorekeeper.canasta.coach.names import card_name
from scorekeeper.canasta.play import Discard, Draw, EndDeal, legal_moves
from scorekeeper.games import tables
from scorekeeper.store import sqlite

from ..tables_helpers import keys_of, known_seeds, open_table, table_app  # noqa: F401
from .practice_script import taps

FOUR = ["Ann", "Bob", "Cy", "Di"]
FRAGMENT = {"X-Table-Fragment": "1"}


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


@pytest.fixture
def table(app, known_seeds):
    """A table opened by the API: seats 0, 1 and 2 persons, seat 3 the computer; ``(id, keys)``."""
    opened = open_table(app.test_client(), names=FOUR, computer={"3": "normal"})
    return opened["id"], keys_of(opened)


def server_table(app, table_id):
    db = sqlite.connect(app.config["DATABASE"])
    try:
        return tables.load(db, table_id)
    finally:
        db.close()


def kept_keys(app):
    """How many table keys the browsers hold, all together."""
    db = sqlite.connect(app.config["DATABASE"])
    try:
        return db.execute("select count(*) from browser_tables").fetchone()[0]
    finally:
        db.close()


def phone(app, table_id, key):
    """A browser (its own cookie) that opened the seat's invite link."""
    client = app.test_client()
    answer = client.get(f"/tables/{table_id}/join?key={key}")
    assert answer.status_code == 303, answer.get_data(as_text=True)
    return client


def hand_on_page(html):
    return sorted(re.findall(r'<input type="checkbox" class="pick" name="card" value="([0-9A-Z]+)"', html))


def version_on_page(html):
    return int(re.search(r'id="seat"[^>]*data-version="(\d+)"', html).group(1))


# --- joining ---------------------------------------------------------------------------------------------


def test_a_seats_invite_link_opens_the_seat_and_leaves_the_address_bar(app, table):
    table_id, keys = table
    client = app.test_client()
    answer = client.get(f"/tables/{table_id}/join?key={keys[2]}")
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/tables/{table_id}"
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    page = client.get(f"/tables/{table_id}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "Cy’s seat" in html
    held = server_table(app, table_id)
    assert hand_on_page(html) == sorted(card.code for card in held.position.hands[held.engine_seat(2)])
    assert page.headers["Cache-Control"] == "no-store"


def test_the_hosts_key_opens_the_host_page(app, known_seeds):
    client = app.test_client()
    opened = open_table(client, names=FOUR, computer={"3": "normal"})
    answer = client.get(f"/tables/{opened['id']}/join?key={opened['host_key']}")
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/tables/{opened['id']}/host"
    assert kept_keys(app) == 1
    # The host's key is kept, and it opens no seat: the seat page is a spectator's.
    html = client.get(f"/tables/{opened['id']}").get_data(as_text=True)
    assert "Watching the table" in html and hand_on_page(html) == []


@pytest.mark.parametrize("key", ["not-a-key", ""], ids=["wrong", "empty"])
def test_a_key_that_opens_nothing_is_refused_and_nothing_is_kept(app, table, key):
    table_id, _ = table
    client = app.test_client()
    answer = client.get(f"/tables/{table_id}/join?key={key}")
    assert answer.status_code == 403
    assert "This invite link no longer opens a seat: ask the host for a new one." in answer.get_data(as_text=True)
    assert kept_keys(app) == 0


def test_a_reissued_key_stops_opening_the_seat(app, table):
    table_id, keys = table
    db = sqlite.connect(app.config["DATABASE"])
    try:
        with sqlite.transaction(db):
            tables.reissue_key(db, tables.load(db, table_id), 1)
    finally:
        db.close()
    assert app.test_client().get(f"/tables/{table_id}/join?key={keys[1]}").status_code == 403


def test_an_unknown_table_answers_404(app):
    client = app.test_client()
    assert client.get("/tables/nothing-here").status_code == 404
    assert client.get("/tables/nothing-here/join?key=x").status_code == 404
    assert client.get("/tables/nothing-here/play").status_code == 404


# --- moves ---------------------------------------------------------------------------------------------------


def test_a_move_out_of_turn_is_refused_in_the_referees_words_on_that_phone(app, table):
    table_id, keys = table
    bob = phone(app, table_id, keys[1])
    answer = bob.post(f"/tables/{table_id}/move", data={"version": "1", "action": "draw"}, headers=FRAGMENT)
    html = entities.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 200
    assert "It is Ann's move, not yours: wait for your turn." in html
    assert server_table(app, table_id).version == 1
    # Without the script: the same words after the redirect.
    answer = bob.post(f"/tables/{table_id}/move", data={"version": "1", "action": "draw"})
    assert answer.status_code == 303
    later = entities.unescape(bob.get(f"/tables/{table_id}").get_data(as_text=True))
    assert "It is Ann's move, not yours: wait for your turn." in later
    # Another phone is told nothing of it.
    ann = phone(app, table_id, keys[0])
    assert "not yours" not in ann.get(f"/tables/{table_id}").get_data(as_text=True)


def test_a_move_on_an_old_version_answers_409_with_the_table_as_it_stands(app, table):
    table_id, keys = table
    ann = phone(app, table_id, keys[0])
    assert ann.post(f"/tables/{table_id}/move", data={"version": "1", "action": "draw"}).status_code == 303
    answer = ann.post(f"/tables/{table_id}/move", data={"version": "1", "action": "draw"}, headers=FRAGMENT)
    html = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "The table moved on" in html
    assert version_on_page(html) == 2 and len(hand_on_page(html)) == 12
    assert server_table(app, table_id).version == 2


def test_a_discard_without_a_card_says_what_is_missing(app, table):
    table_id, keys = table
    ann = phone(app, table_id, keys[0])
    ann.post(f"/tables/{table_id}/move", data={"version": "1", "action": "draw"})
    html = ann.post(f"/tables/{table_id}/move", data={"version": "2", "action": "discard"},
                    headers=FRAGMENT).get_data(as_text=True)
    assert "Select the card to discard first." in html
    assert server_table(app, table_id).version == 2


def test_a_browser_without_a_seat_cannot_move(app, table):
    table_id, _ = table
    answer = app.test_client().post(f"/tables/{table_id}/move", data={"version": "1", "action": "draw"})
    assert answer.status_code == 403
    assert "holds no seat of this table" in answer.get_data(as_text=True)
    assert server_table(app, table_id).version == 1


def test_a_button_the_page_never_shows_answers_400(app, table):
    table_id, keys = table
    ann = phone(app, table_id, keys[0])
    assert ann.post(f"/tables/{table_id}/move", data={"version": "1", "action": "cheat"}).status_code == 400
    assert ann.post(f"/tables/{table_id}/move", data={"version": "1", "action": "take", "card": "ZZ"},
                    headers=FRAGMENT).status_code == 200
    assert server_table(app, table_id).version == 1


def test_a_move_needs_the_forms_csrf_token(tmp_path, known_seeds):
    app = table_app(tmp_path, WTF_CSRF_ENABLED=True)
    opened = open_table(app.test_client(), names=FOUR, computer={"3": "normal"})
    ann = phone(app, opened["id"], keys_of(opened)[0])
    assert ann.post(f"/tables/{opened['id']}/move", data={"version": "1", "action": "draw"}).status_code == 400


# --- a whole deal, and no leak -------------------------------------------------------------------------------


def public_codes(table, seat):
    """Every card the seat saw or may see during the deal: its hands, the pile, the melds, the 3s laid out."""
    seen = set()
    mine = table.engine_seat(seat) if seat is not None else None
    for position in table.positions:
        cards = list(position.pile) + [c for three in position.threes for c in three]
        cards += [c for side in position.melds for meld in side for c in meld.cards]
        if mine is not None:
            cards += list(position.hands[mine])
        seen.update(card.code for card in cards)
    return seen


def assert_no_leak(table, seat, html):
    """No card of another hand or of the stock that the seat never saw is in ``html`` (by code or by name)."""
    assert table.row["seed"] not in html
    position = table.position
    mine = table.engine_seat(seat) if seat is not None else None
    hidden = [card for engine, hand in enumerate(position.hands) if engine != mine for card in hand]
    hidden += list(position.stock)
    public = public_codes(table, seat)
    secret = {card.code: card for card in hidden if card.code not in public}
    for code, card in secret.items():
        assert f'value="{code}"' not in html, (seat, code)
        assert not re.search(rf"\b{card_name(card)}\b", html), (seat, card_name(card))
    if seat is not None:
        assert hand_on_page(html) == sorted(card.code for card in position.hands[mine])
    else:
        assert hand_on_page(html) == []


def chosen_taps(table):
    """The form for the seat to move: draw, discard its first card, end the deal; else its first allowed move."""
    position = table.position
    moves = legal_moves(position)
    for kind in (Draw, EndDeal):
        if kind() in moves:
            return taps(position, kind()) if kind is Draw else ([], "end_deal")
    discards = [move for move in moves if isinstance(move, Discard)]
    move = discards[0] if discards else moves[0]
    return taps(position, move)


def play_deal(app, table_id, phones, watcher=None):
    """Play the deal to its end by the phones' forms; with a ``watcher``, check every page and fragment for a leak.

    Return how many positions were checked."""
    checked = 0
    for _ in range(400):
        held = server_table(app, table_id)
        if watcher is not None:
            for seat, client in phones.items():
                for path in ("", "/play"):
                    assert_no_leak(held, seat, client.get(f"/tables/{table_id}{path}").get_data(as_text=True))
            assert_no_leak(held, None, watcher.get(f"/tables/{table_id}/play").get_data(as_text=True))
            checked += 1
        if held.position.over:
            return checked
        seat = held.to_move
        codes, action = chosen_taps(held)
        answer = phones[seat].post(f"/tables/{table_id}/move", headers=FRAGMENT,
                                   data={"version": str(held.version), "action": action, "card": codes})
        assert answer.status_code == 200
        html = answer.get_data(as_text=True)
        assert 'class="flash flash-error"' not in html, html[:2000]
        if watcher is not None:
            assert_no_leak(server_table(app, table_id), seat, html)
    raise AssertionError("the deal did not end")


def test_a_whole_deal_by_the_pages_forms_sends_no_seat_another_seats_cards(app, table):
    table_id, keys = table
    phones = {seat: phone(app, table_id, key) for seat, key in keys.items()}
    checked = play_deal(app, table_id, phones, watcher=app.test_client())
    held = server_table(app, table_id)
    assert held.position.over and checked > 20
    # The deal's score, the score board, and Next deal on every person's phone.
    html = phones[0].get(f"/tables/{table_id}").get_data(as_text=True)
    assert "Deal 1</h2>" in html and f'href="/games/{held.game.id}"' in html
    assert 'value="next_deal"' in html
    scores = held.game.score.hands[-1].scores
    assert f"{scores[0]:+,}".replace("-", "−") in html
    answer = phones[1].post(f"/tables/{table_id}/move", data={"version": str(held.version), "action": "next_deal"})
    assert answer.status_code == 303
    assert server_table(app, table_id).row["deal_number"] == 2


def test_once_the_game_is_over_the_page_offers_to_play_again_with_the_same_seats(app, known_seeds):
    opened = open_table(app.test_client(), names=FOUR, computer={"3": "normal"}, options={"target": 500})
    table_id = opened["id"]
    phones = {seat: phone(app, table_id, key) for seat, key in keys_of(opened).items()}
    for _ in range(10):
        play_deal(app, table_id, phones)
        held = server_table(app, table_id)
        if held.game_over:
            break
        phones[0].post(f"/tables/{table_id}/move", data={"version": str(held.version), "action": "next_deal"})
    assert held.game_over
    html = entities.unescape(phones[2].get(f"/tables/{table_id}").get_data(as_text=True))
    assert f'action="/tables/{table_id}/again"' in html and "Play again with the same seats" in html
    assert 'value="next_deal"' not in html
    assert "The game is over" in html and f"{held.game.names[held.game.score.winner]} won" in html


def test_may_i_go_out_reaches_the_partners_phone_and_a_computer_answers_with_its_reason(app, known_seeds):
    """Persons play as the hard level would; each asks "may I go out?" when it may: a person partner gets Yes and
    No on their phone, a computer partner (Di, for Bob) answers at once, and Bob reads its answer and why."""
    from scorekeeper.canasta.play import Answer, AskPartner
    from scorekeeper.canasta.players.levels import LEVELS

    opened = open_table(app.test_client(), names=FOUR, computer={"3": "hard"})
    table_id = opened["id"]
    phones = {seat: phone(app, table_id, key) for seat, key in keys_of(opened).items()}
    asked = {"person": False, "computer": False}
    for _ in range(12):
        for _ in range(600):
            held = server_table(app, table_id)
            if held.position.over:
                break
            seat, position = held.to_move, held.position
            move = LEVELS["hard"].choose(position).move
            if AskPartner() in legal_moves(position) and position.step == "play":
                partner = (seat + 2) % 4
                kind = "computer" if partner == 3 else "person"
                if not asked[kind]:
                    move = AskPartner()
            if isinstance(move, Answer):
                html = entities.unescape(phones[seat].get(f"/tables/{table_id}").get_data(as_text=True))
                assert "Your partner asks whether they may go out: answer yes or no." in html
                assert 'value="yes"' in html and 'value="no"' in html
                asker = phones[(seat + 2) % 4].get(f"/tables/{table_id}").get_data(as_text=True)
                assert 'value="yes"' not in asker
                codes, action = [], "yes" if move.yes else "no"
                asked["person"] = True
            elif isinstance(move, EndDeal):
                codes, action = [], "end_deal"
            else:
                codes, action = taps(position, move)
            answer = phones[seat].post(f"/tables/{table_id}/move", headers=FRAGMENT,
                                       data={"version": str(held.version), "action": action, "card": codes})
            html = entities.unescape(answer.get_data(as_text=True))
            assert 'class="flash flash-error"' not in html, html[:1500]
            if isinstance(move, AskPartner) and seat == 1:
                said = re.search(r'<p class="asked" id="asked">(.*?)</p>', html)
                assert said and said.group(1).startswith(("Di says yes", "Di says no")), html[:3000]
                asked["computer"] = True
        if all(asked.values()):
            break
        held = server_table(app, table_id)
        if held.game_over:
            break
        phones[0].post(f"/tables/{table_id}/move", data={"version": str(held.version), "action": "next_deal"})
    assert asked == {"person": True, "computer": True}


def test_a_table_the_host_ended_offers_no_move(app, table):
    table_id, keys = table
    ann = phone(app, table_id, keys[0])
    db = sqlite.connect(app.config["DATABASE"])
    try:
        with sqlite.transaction(db):
            tables.end(db, tables.load(db, table_id))
    finally:
        db.close()
    html = ann.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "The host ended this table" in html
    assert 'value="draw" class="primary"' not in html  # no Draw button
    refused = ann.post(f"/tables/{table_id}/move", data={"version": "2", "action": "draw"}, headers=FRAGMENT)
    assert "The host ended this table: no move can follow." in entities.unescape(refused.get_data(as_text=True))
