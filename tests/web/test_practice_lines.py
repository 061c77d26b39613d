"""What the practice page says at the top and over each side, for every rule set: what to do next, in words
that are true of the cards on the table (an empty pile is not offered; 2 cards are drawn where 2 are)."""

import re

import pytest

from .test_practice import next_step, post, start


def headings(html):
    """Return each side's heading as read: its name and the hands it holds ("West: 11 cards")."""
    found = re.findall(r'<section class="side[^"]*" aria-label="[^"]*">\s*<h3>(.*?)</h3>', html, re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", h)).strip() for h in found]


@pytest.mark.parametrize(("rules", "seed", "line"), [
    ("modern", "qm", "Your turn: draw a card from the stock (the pile is empty)."),
    ("classic", "ill1", "Your turn: draw a card. You cannot take the pile (1 card) this turn."),
    ("classic", "t9097", "Your turn: draw a card, or take the pile (1 card): your hand can meld its top card."),
    ("classic-2p", "q2", "Your turn: draw 2 cards. You cannot take the pile (2 cards) this turn."),
], ids=["modern-empty-pile", "classic-cannot-take", "classic-can-take", "two-players-draw-2"])
def test_the_line_at_the_top_says_what_the_player_can_do(client, rules, seed, line):
    assert next_step(start(client, rules=rules, seed=seed)) == line


def test_after_the_draw_the_line_asks_for_a_meld_or_a_discard(client):
    start(client, rules="modern", seed="qm")
    html = post(client, "draw")
    assert next_step(html) == ("Put down your first melds (at least 125 points together), "
                               "or select one card and discard it to end your turn.")


@pytest.mark.parametrize(("rules", "expected"), [
    ("classic-6p", ["West, North and East West: 13 cards North: 13 cards East: 13 cards",
                    "Your side North-west: 13 cards North-east: 13 cards"]),
    ("classic-3p", ["East 13 cards", "West 13 cards", "Your side"]),
    ("classic-2p", ["North 15 cards", "Your side"]),
], ids=["six-players", "three-players", "two-players"])
def test_each_side_is_named_once_with_its_hands(client, rules, expected):
    html = start(client, rules=rules, seed="sides")
    assert [re.sub(r" red 3s: \d", "", h) for h in headings(html)] == expected


def play_out(client, app, rules, seed, until=lambda position: position.over, level="normal"):
    """Play the player's seat through the forms (the hard level's moves, asking once) until ``until(position)``:
    by default, the end of the deal."""
    from scorekeeper.canasta.play import AskPartner, EndDeal, legal_moves
    from scorekeeper.canasta.players.levels import LEVELS
    from scorekeeper.games import practice
    from scorekeeper.store import sqlite

    from .practice_script import taps

    html = start(client, rules=rules, seed=seed, level=level)
    practice_id = re.search(r'data-practice="([^"]+)"', html).group(1)
    asked = False
    for _ in range(200):
        with app.app_context():
            db = sqlite.connect(app.config["DATABASE"])
            position = practice.load(db, practice_id).position
            db.close()
        if until(position):
            return html
        if position.step == "play" and not asked and AskPartner() in legal_moves(position):
            move, asked = AskPartner(), True
        else:
            move = LEVELS["hard"].choose(position).move
        if isinstance(move, EndDeal):
            cards, action = [], "end_deal"
        elif position.step == "answer":
            cards, action = [], "yes" if move.yes else "no"
        else:
            cards, action = taps(position, move)
        html = post(client, action, cards)
    raise AssertionError("the deal did not end")


def result_rows(html):
    table = html.split('id="result-heading"')[1].split("</table>")[0]
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", table, re.S)
    return [[re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()
             for cell in re.findall(r"<td>(.*?)</td>", row, re.S)] for row in rows]


def test_three_players_partners_who_score_apart_are_shown_apart(client, app):
    # Seed q3: You and East are partners (the third player plays alone); the red 3s East laid out
    # (200 more than You's) count for East only.
    html = play_out(client, app, "classic-3p", "q3")
    assert next_step(html) == "The deal is over: see the score below, then press Next deal."
    assert result_rows(html) == [["You +850 East +1,050", "You 850 East 1,050"], ["+1,615", "1,615"]]


def test_a_move_after_the_deal_ended_says_which_button_plays_on(client):
    from .practice_script import script
    from .test_practice import flashes

    steps, _ = script()
    start(client)
    for _, cards, action in steps:
        html = post(client, action, cards)
    assert next_step(html) == "The deal is over: see the score below, then press Next deal."
    # The stock and the pile stay buttons: tapping them says what to press instead.
    assert flashes(post(client, "draw")) == ["The deal is over: press Next deal to play the next one."]


def test_a_move_after_the_game_ended_says_to_start_a_new_game(client, app):
    from scorekeeper.canasta.play import hand_sides
    from scorekeeper.games import write
    from scorekeeper.games import practice
    from scorekeeper.store import sqlite

    from .practice_script import script
    from .test_practice import flashes

    steps, final = script()
    html = start(client)
    for _, cards, action in steps:
        html = post(client, action, cards)
    with app.app_context():
        db = sqlite.connect(app.config["DATABASE"])
        practice_id = re.search(r'data-practice="([^"]+)"', html).group(1)
        game_id = practice.load(db, practice_id).row["game_id"]
        while "The game is over" not in client.get("/practice").get_data(as_text=True):
            write.add_hand(db, game_id, hand_sides(final))  # the same deal again, until a side reaches 5,000
        db.close()
    html = post(client, "draw")
    assert next_step(html) == "The game is over. Start a new game to play again."
    assert 'value="next_deal"' not in html
    assert flashes(html) == ["The game is over: start a new game below."]


def test_the_board_of_a_practice_game_says_where_its_hands_come_from(client):
    html = start(client)
    board = client.get(re.search(r'href="(/games/[^"/]+)">Score board', html).group(1)).get_data(as_text=True)
    assert "A practice game against the computer: each deal finished on the" in board
    assert "open the edit link from the phone that keeps score" not in board


def test_with_the_stock_empty_draw_is_not_offered(client, app):
    # Seed q22 (two players, easy): the player's last turn begins with an empty stock and a pile it cannot take.
    html = play_out(client, app, "classic-2p", "q22", level="easy",
                    until=lambda p: not p.stock and p.to_move == 0 and p.step == "draw")
    assert next_step(html) == "The stock is empty and you cannot take the pile (1 card): end the deal."
    buttons = re.findall(r'<button type="submit" name="action" value="([a-z_]+)"(?: class="([a-z-]+)")?>', html.split(
        'class="actions play-actions"')[1].split("</div>")[0])
    assert buttons == [("take", ""), ("end_deal", "primary"), ("hint", "hint-button")]
