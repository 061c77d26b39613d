"""The practice page through its forms (no script): start, play a whole deal, refusals, hints, the narrated deal."""

import json
import re

import pytest

from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.games import practice

from .practice_script import LEVEL, SEED, script


def start(client, rules="classic", level=LEVEL, seed=SEED):
    response = client.post("/practice/start", data={"rules": rules, "level": level, "seed": seed})
    assert response.status_code == 303
    return client.get("/practice").get_data(as_text=True)


def next_step(html):
    return re.search(r'id="next-step">([^<]*)<', html).group(1)


def log(html):
    return [re.sub(r"<[^>]+>", "", item) for item in re.findall(r'<li class="log-[a-z]+" data-n="\d+" data-move="\d+">(.*?)</li>', html)]


def flashes(html):
    return re.findall(r'class="flash flash-error">(.*?)</p>', html)


def post(client, action, cards=()):
    return client.post("/practice/move", data={"action": action, "card": list(cards)},
                       follow_redirects=True).get_data(as_text=True)


def test_the_page_starts_a_game_and_the_main_menu_links_it(client):
    html = client.get("/practice").get_data(as_text=True)
    assert '<a href="/practice" aria-current="page">Practice</a>' in html
    assert "Start a game" in html
    assert [name for name in re.findall(r'<option value="([a-z0-9-]+)"', html)][:6] == [
        "classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams", "modern"]
    html = start(client)
    assert next_step(html) == "Your turn: draw a card, or take the pile (1 card): your hand can meld its top card."
    assert len(re.findall(r'class="pick" name="card"', html)) == 11
    assert re.search(r'<label class="pc" for="card-1"><span class="pc-face[^"]*" aria-hidden="true"><b>[^<]+</b>[^<]*</span>'
                     r'<span class="visually-hidden">[a-z0-9]+( of [a-z]+)?</span></label>', html)


@pytest.mark.parametrize("rules", ["classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams", "modern"])
def test_every_rule_set_deals_a_practice_game(client, rules):
    html = start(client, rules=rules, seed="every")
    assert "Your turn" in next_step(html)
    assert 'value="draw"' in html


def test_a_refusal_says_what_the_referee_says_and_changes_nothing(client, app):
    start(client)
    html = post(client, "discard", ["4S"])
    assert flashes(html) == ["First draw from the stock or take the pile."]
    html = post(client, "discard")
    assert flashes(html) == ["Select the card to discard first."]
    assert log(html) == []


def test_a_whole_deal_by_the_forms_ends_as_a_hand_of_the_score_board(client, app):
    steps, final = script()
    html = start(client)
    kinds = []
    for move, cards, action in steps:
        html = post(client, action, cards)
        assert flashes(html) == [], (move, action, cards)
        kinds.append(action.split(":")[0])
    assert kinds == ["take", "add", "discard", "draw", "meld", "discard", "draw", "ask", "add", "discard"]
    lines = log(html)
    assert lines[0].startswith("You discarded") and "You went out." in lines[0]
    assert any(line.startswith("North says yes: ") for line in lines)
    assert any(line.startswith("You took the pile of ") for line in lines)
    assert next_step(html) == "The deal is over: see the score below, then press Next deal."
    assert "This deal" in html and 'value="next_deal"' in html
    with app.app_context():
        db = sqlite.connect(app.config["DATABASE"])
        practice_id = [row["id"] for row in db.query("select id from tables where practice is not null")][0]
        game_id = practice.load(db, practice_id).row["game_id"]
        assert len(store.get_game(db, game_id)["hands"]) == 1
        db.close()
    board = client.get(f"/games/{game_id}")
    assert board.status_code == 200
    assert "You and North" in board.get_data(as_text=True)
    # The next deal keeps the totals.
    html = post(client, "next_deal")
    assert "Deal 2" in html and next_step(html).startswith("Your turn")


def test_a_hint_names_the_hard_levels_move_and_is_counted(client):
    start(client)
    html = post(client, "hint")
    assert log(html)[0].startswith("Hint: Take the pile with ")
    assert 'data-hints="1"' in html


def test_the_game_continues_after_a_reload_and_in_another_tab(client, app):
    start(client)
    html = post(client, "draw")
    before = next_step(html)
    again = client.get("/practice").get_data(as_text=True)
    assert next_step(again) == before
    # A form sent from a tab that showed an older version is not applied twice.
    response = client.post("/practice/move", data={"action": "draw", "version": "0"}, follow_redirects=True)
    assert flashes(response.get_data(as_text=True)) == [
        "This game moved on in another tab or window: here is where it stands now."]


def test_the_narrated_deal_steps_and_jumps(client):
    html = client.get("/practice/watch").get_data(as_text=True)
    assert "Move 0 of " in html and "The cards are dealt" in html
    first = client.get("/practice/watch?at=1").get_data(as_text=True)
    line = re.search(r'id="watch-line">([^<]*)<', first).group(1)
    assert line.startswith("South ") and ": " in line
    back = client.get("/practice/watch?at=0").get_data(as_text=True)
    assert "Move 0 of" in back
    end = client.get("/practice/watch?jump=going_out").get_data(as_text=True)
    assert re.search(r'id="watch-line">[^<]*(went out|The deal is over)', end)
    assert 'href="/practice"' in end


def test_the_log_is_stored_as_data_and_worded_when_shown(client, app):
    start(client, level="easy", seed="log-as-data")
    html = post(client, "draw")
    with app.app_context():
        stored = sqlite.get_db().query("SELECT log FROM tables WHERE practice IS NOT NULL").__next__()["log"]
    entry = json.loads(stored)[0]
    # What the coach said is codes and numbers: the sentence is made for the reader when the page is shown.
    assert entry["kind"] == "you" and "text" not in entry
    assert entry["said"]["code"] == "move" and entry["said"]["params"]["seat"] == 0
    drawn = entry["said"]["params"]["did"]
    assert drawn["code"] == "drew" and all(len(code) <= 3 for code in drawn["params"]["cards"])
    assert "You" not in stored and "drew" not in stored.replace('"drew"', "")
    assert log(html)[0].startswith("You drew the ")


def test_new_deal_during_a_deal_throws_it_away_unscored(client, app):
    html = start(client)
    html = post(client, "draw")
    # The button is offered during the deal, in a form of its own (not a move of the play form), and says what it does.
    form = re.search(r'<form method="post" action="/practice/move" class="new-deal">(.*?)</form>', html, re.S)
    assert form and 'value="next_deal"' in form.group(1) and ">New deal</button>" in form.group(1)
    assert "Throws this deal away, not scored: the totals stay as they are." in form.group(1)
    play_form = re.search(r'<form [^>]*id="play-form">(.*?)</form>', html, re.S).group(1)
    assert 'value="next_deal"' not in play_form
    html = post(client, "next_deal")
    assert "Deal 2" in html and next_step(html).startswith("Your turn")
    assert log(html) == []
    with app.app_context():
        db = sqlite.connect(app.config["DATABASE"])
        practice_id = [row["id"] for row in db.query("select id from tables where practice is not null")][0]
        game_id = practice.load(db, practice_id).row["game_id"]
        assert store.get_game(db, game_id)["hands"] == []  # the abandoned deal is not scored
        db.close()


def test_an_earlier_table_is_the_seats_own_view_and_takes_no_move(client, app):
    """``?moves=K`` (the table the page's script shows while the log tells the other seats' moves) shows what the
    player saw after K moves: their own hand then, the stock and the pile then, and no other card."""
    from scorekeeper.canasta.play import view
    from scorekeeper.games import practice

    start(client, seed="ill1")
    post(client, "draw")
    post(client, "discard", ["3C"])
    with app.app_context():
        db = sqlite.connect(app.config["DATABASE"])
        table = practice.load(db, [row["id"] for row in db.query("select id from tables where practice is not null")][0])
        db.close()
    assert len(table.positions) > 5
    for moves in range(len(table.positions)):
        html = client.get(f"/practice?moves={moves}").get_data(as_text=True)
        seen = view(table.positions[moves], 0)
        assert sorted(re.findall(r'name="card" value="([^"]+)"', html)) == sorted(c.code for c in seen.hand)
        assert re.search(r"Stock <b>(\d+)</b>", html).group(1) == str(seen.stock_size)
        assert f"{len(seen.pile)} in pile" in html
    # A move sent from an earlier table is not made on the table of now.
    html = client.get("/practice?moves=2").get_data(as_text=True)
    version = re.search(r'name="version" value="([^"]+)"', html).group(1)
    response = client.post("/practice/move", data={"action": "draw", "version": version}, follow_redirects=True)
    assert flashes(response.get_data(as_text=True)) == [
        "This game moved on in another tab or window: here is where it stands now."]
    assert client.get("/practice?moves=oops").status_code == 200


def test_a_lone_wild_card_is_told_how_to_go_on_a_meld(client):
    """Not "Say which meld the wild cards JK go on": card names, one card said as one, and how the page does it."""
    start(client, seed="s0")  # the hand holds a joker and no other wild card
    post(client, "draw")
    html = post(client, "meld", ["JK"])
    assert flashes(html) == ["Wild cards alone make no meld, and your side has no meld to add it to yet: "
                             "put it down with natural cards of one rank."]
    steps, _ = script()
    start(client)
    (_, cards, action), (_, wild, add) = steps[:2]
    post(client, action, cards)  # the first meld: the side has its 10s
    assert wild == ["2S"] and add == "add:10"
    html = post(client, "meld", wild)
    assert flashes(html) == ["To add a 2 to a meld, keep it selected and tap that meld on your side of the table."]
    assert re.search(r'<button type="submit" name="action" value="add:10" class="tile', html)
    html = post(client, add, wild)
    assert flashes(html) == []
    assert log(html)[0] == "You added a 2 to the 10s."


def test_a_refusal_names_the_players_selection_before_the_apps_guess(client):
    start(client, seed="s5")  # the hand holds 9♠ 9♦ 5♦ 5♠ 2♦
    post(client, "draw")
    html = post(client, "meld", ["9S", "9D", "5D", "5S", "2D"])
    assert flashes(html) == [
        "You selected a pair of 9s, a pair of 5s and a 2, and the app put a 2 on the 9s (to choose yourself, put down "
        "one meld at a time, or tap a meld to add to it). "
        "5s (5♦ 5♠): A meld needs at least 3 cards; this one has 2."]


@pytest.mark.parametrize(("seed", "mine", "theirs"), [
    ("m0", "3s: 1 red, 1 black", "3s: 2 red, 1 black"), ("m21", "black 3s: 1", "red 3s: 1")])
def test_modern_american_black_3s_laid_out_are_not_called_red(client, seed, mine, theirs):
    html = start(client, rules="modern", seed=seed)
    held = re.findall(r'<span class="held">([^<]*3s[^<]*)</span>', html)
    assert held == [theirs, mine]  # the other side is shown first, above yours


def text_of(html, element_id):
    """Return the words of the element with ``element_id`` (its tags dropped, its spaces folded)."""
    start_at = html.index(f'id="{element_id}"')
    closing = "</details>" if "<details" in html[start_at - 40:start_at] else "</p>"
    end = html.index(closing, start_at)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html[html.index(">", start_at) + 1:end])).strip()


def test_the_goal_line_says_what_wins_before_the_first_move(client):
    html = start(client)
    assert text_of(html, "goal") == (
        "Goal: with North, your partner, build canastas (melds of 7 cards or more) and go out: your side may once it "
        "has 1 canasta. Melded cards and bonuses count for your side, cards left in hand against it; the first team "
        "to reach 5,000 points wins.")
    assert html.index('id="goal"') < html.index('id="next-step"')  # read before the first move, above the table
    assert 'id="goal"' not in post(client, "draw")
    modern = start(client, rules="modern", seed="goal")
    assert text_of(modern, "goal") == (
        "Goal: with North, your partner, build canastas (melds of 7 cards) and go out: your side may once it has 2 "
        "canastas. Melded cards and bonuses count for your side, cards left in hand against it; the first team to "
        "reach 8,500 points wins.")
    assert text_of(start(client, rules="classic-2p", seed="goal"), "goal") == (
        "Goal: against North, build canastas (melds of 7 cards or more) and go out: you may once you have 2 canastas. "
        "Melded cards and bonuses count for you, cards left in hand against you; the first player to reach 5,000 "
        "points wins.")
    assert "(the first to take the pile plays alone against the other two)" in text_of(
        start(client, rules="classic-3p", seed="goal"), "goal")


def test_the_page_says_how_to_use_it_the_beginners_mistakes_and_a_simple_strategy(client):
    """As the seed practice page does, each in a closed <details> (the table still fits the screen)."""
    html = start(client)
    for element_id, summary in (("how-use", "How to use this page"), ("how-mistakes", "Common beginner mistakes"),
                                ("how-strategy", "Simple strategy")):
        assert f'<details class="how" id="{element_id}">\n  <summary>{summary}</summary>' in html
        assert html.index(f'id="{element_id}"') > html.index("</form>")  # outside the play form
    use = text_of(html, "how-use")
    assert "Take the pile: tap its top card, or press Take the pile." in use
    assert "With nothing selected, the app takes it the cheapest way it can" in use
    assert "Add to a meld: select the cards, then tap the meld on your side of the table." in use
    assert "May I go out? After drawing from the stock and before putting anything down" in use
    classic_mistakes, classic_strategy = text_of(html, "how-mistakes"), text_of(html, "how-strategy")
    assert "its bonus drops from 500 to 300" in classic_mistakes
    assert "must reach 50 points together at the start of a game" in classic_mistakes
    assert "Discard a black 3 when the pile is big: the next player cannot take it." in classic_strategy
    assert "Red 3s earn 100 each (800 for all 4)" in classic_strategy
    # Modern American: the pile always frozen, two canastas, penalties; black 3s are laid out, never discarded.
    modern = start(client, rules="modern", seed="how")
    mistakes, strategy = text_of(modern, "how-mistakes"), text_of(modern, "how-strategy")
    assert "Melding your hand down before your side has its 2 canastas." in mistakes
    assert "must reach 125 points together at the start of a game and include a clean triple" in mistakes
    assert "a meld of aces or of sevens costs 2,500 and a meld of wild cards 2,000" in mistakes
    assert "black 3" not in (mistakes + strategy).lower() and "Red 3s" not in strategy
    assert "with 2 canastas they count for your side, with one they count nothing, with none against it" in strategy
    # No partner, nothing about one.
    two = start(client, rules="classic-2p", seed="how")
    assert "partner" not in text_of(two, "how-use") + text_of(two, "how-mistakes")
