"""Entering, checking, editing, deleting and undoing hands through the web forms."""

import re

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.store import db as store
from scorekeeper.games import write as service
from scorekeeper.canasta.rules import PRESETS
from scorekeeper.web.forms.hands import form_data_from_sides, hand_form_class
from scorekeeper.games.read import load_game

from .test_new_game import field_value, start

# RULES.md's worked example: a mixed canasta of five kings and two 2s, three 8s,
# one red 3, going out, a 5 and a jack left in hand: 605.
WORKED_NUMBER = {
    "going_out": "0:out",
    "sides-0-mode": "number", "sides-0-mixed_canastas": "1", "sides-0-melded_points": "120",
    "sides-0-red_threes": "1", "sides-0-hand_points": "15",
    "sides-1-mode": "number", "sides-1-hand_points": "95", "sides-1-red_threes": "2",
}
WORKED_CARDS = {
    "going_out": "0:out",
    "sides-0-mode": "cards", "sides-0-mixed_canastas": "1", "sides-0-melded_points": "120",
    "sides-0-red_threes": "1", "sides-0-in_hand-four_to_seven": "1", "sides-0-in_hand-eight_to_king": "1",
    "sides-1-mode": "number", "sides-1-hand_points": "95", "sides-1-red_threes": "2",
}
# Rows of the meld grid: A K Q J 10 9 8 7 6 5 4 (3): kings are row 1, eights row 6.
WORKED_MELDS = {
    "going_out": "0:out",
    "sides-0-mode": "melds", "sides-0-melds-1-naturals": "5", "sides-0-melds-1-twos": "2",
    "sides-0-melds-6-naturals": "3", "sides-0-red_threes": "1",
    "sides-0-in_hand-four_to_seven": "1", "sides-0-in_hand-eight_to_king": "1",
    "sides-1-mode": "number", "sides-1-hand_points": "95", "sides-1-red_threes": "2",
}


def hand_count(db, game_id):
    return len(store.get_game(db, game_id)["hands"])


def new_hand_page(client, game_id):
    response = client.get(f"/games/{game_id}/hands/new")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def token_of(html):
    return re.search(r'name="token" type="hidden" value="([^"]+)"', html).group(1)


def add(client, game_id, data, token=None):
    return client.post(f"/games/{game_id}/hands/new", data={"token": token or "t-" + str(id(data)), **data})


# --- the form as the API's sides, rule set by rule set ------------------------------------------------


CONVERSIONS = [
    ("classic", WORKED_NUMBER, [
        {"mixed_canastas": 1, "melded_points": 120, "red_threes": 1, "hand_points": 15, "going_out": "out"},
        {"red_threes": 2, "hand_points": 95}]),
    ("classic", WORKED_CARDS, [
        {"mixed_canastas": 1, "melded_points": 120, "red_threes": 1, "going_out": "out",
         "in_hand": {"eight_to_king": 1, "four_to_seven": 1}},
        {"red_threes": 2, "hand_points": 95}]),
    ("classic", WORKED_MELDS, [
        {"melds": [{"rank": "K", "naturals": 5, "twos": 2}, {"rank": "8", "naturals": 3}], "red_threes": 1,
         "going_out": "out", "in_hand": {"eight_to_king": 1, "four_to_seven": 1}},
        {"red_threes": 2, "hand_points": 95}]),
    ("classic-2p", {"going_out": "1:concealed", "sides-1-natural_canastas": "2", "sides-1-melded_points": "160",
                    "sides-0-hand_points": "45", "sides-0-melds-0-naturals": "9"}, [
        {"hand_points": 45},
        {"natural_canastas": 2, "melded_points": 160, "going_out": "concealed"}]),
    ("classic-3p", {"arrangement": "alone-1", "going_out": "1:out", "sides-0-melded_points": "60",
                    "sides-0-red_threes-0": "1", "sides-1-mixed_canastas": "2", "sides-1-melded_points": "200",
                    "sides-1-red_threes-0": "0", "sides-1-red_threes-1": "2", "sides-2-melded_points": "999"}, [
        {"members": [1], "melded_points": 60, "red_threes": [1]},
        {"members": [0, 2], "mixed_canastas": 2, "melded_points": 200, "red_threes": [0, 2], "going_out": "out"}]),
    ("classic-3p", {"arrangement": "everyone", "going_out": "no", "sides-1-red_threes-1": "3",
                    "sides-2-hand_points": "30", "sides-2-red_threes-0": "1"}, [
        {"members": [0], "red_threes": [0]},
        {"members": [1], "red_threes": [0]},
        {"members": [2], "hand_points": 30, "red_threes": [1]}]),
    ("classic-6p", {"going_out": "0:out", "sides-0-natural_canastas": "2", "sides-0-melded_points": "300",
                    "sides-0-red_threes": "5"}, [
        {"natural_canastas": 2, "melded_points": 300, "red_threes": 5, "going_out": "out"}, {}]),
    ("classic-6p-3teams", {"going_out": "2:out", "sides-2-natural_canastas": "2", "sides-2-melded_points": "250",
                           "sides-1-hand_points": "40"}, [
        {}, {"hand_points": 40}, {"natural_canastas": 2, "melded_points": 250, "going_out": "out"}]),
    ("modern", {"going_out": "0:out", "sides-0-canastas-natural_aces": "1", "sides-0-canastas-mixed": "1",
                "sides-0-melded_points": "230", "sides-0-red_threes": "2", "sides-0-black_threes": "1",
                "sides-1-special_hand": "straight", "sides-1-unfinished-sevens": "y", "sides-1-hand_points": "60",
                "sides-1-players_with_three_aces": "1", "sides-1-last_drawn_three": "y"}, [
        {"canastas": {"mixed": 1, "natural_aces": 1}, "melded_points": 230, "red_threes": 2, "black_threes": 1,
         "going_out": "out"},
        # A special hand counts only when *Who went out?* says that side laid it down.
        {"hand_points": 60, "unfinished": {"sevens": True}, "players_with_three_aces": 1, "last_drawn_three": True}]),
    ("modern", {"going_out": "0:special", "sides-0-special_hand": "other", "sides-0-special_hand_points": "1500",
                "sides-0-melded_points": "90",
                "sides-1-mode": "melds", "sides-1-melds-11-twos": "3", "sides-1-melds-0-naturals": "4",
                "sides-1-in_hand-jokers": "1"}, [
        {"special_hand_points": 1500},
        {"melds": [{"rank": "A", "naturals": 4}, {"rank": "wild", "twos": 3}], "in_hand": {"jokers": 1}}]),
]


@pytest.mark.parametrize("rules, data, sides", CONVERSIONS,
                         ids=["classic-number", "classic-cards", "classic-melds", "classic-2p", "classic-3p-alone",
                              "classic-3p-everyone", "classic-6p", "classic-6p-3teams", "modern", "modern-melds"])
def test_the_form_reads_as_the_api_sides(app, rules, data, sides):
    names = ["A", "B", "C"]
    with app.test_request_context(method="POST"):
        form = hand_form_class(rules)(formdata=MultiDict(data), names=names)
        assert form.validate_hand(), form.errors
        assert form.read_sides() == sides


@pytest.mark.parametrize("rules, data, sides", CONVERSIONS[:4] + CONVERSIONS[4:6] + CONVERSIONS[7:])
def test_stored_sides_open_in_the_form_as_they_were_given(app, rules, data, sides):
    with app.test_request_context(method="POST"):
        reopened = form_data_from_sides(hand_form_class(rules).ruleset, sides)
        form = hand_form_class(rules)(formdata=MultiDict(reopened), names=["A", "B", "C"])
        assert form.validate_hand(), form.errors
        assert form.read_sides() == sides


# --- entering a hand ---------------------------------------------------------------------------


@pytest.mark.parametrize("data", [WORKED_NUMBER, WORKED_CARDS, WORKED_MELDS], ids=["number", "cards", "melds"])
def test_the_worked_example_scores_605_in_every_entry_mode(client, db, data):
    game_id = start(client)
    response = add(client, game_id, data)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    game = load_game(db, game_id)
    assert game.score.hands[0].scores == (605, -295)
    assert game.score.totals == (605, -295)
    assert game.score.next_minimum == (50, 15)
    board = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 saved." in board
    assert "605" in board


def test_the_hand_page_names_fields_like_api_paths_and_asks_for_numbers(client):
    game_id = start(client, **{"names-0": "Ann & Bob", "names-1": "Cy & Di"})
    html = new_hand_page(client, game_id)
    for name in ("sides-0-melded_points", "sides-1-hand_points", "sides-0-in_hand-eight_to_king",
                 "sides-0-melds-1-naturals", "sides-0-natural_canastas"):
        tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', html).group(0)
        assert 'inputmode="numeric"' in tag and 'type="number"' in tag and 'min="0"' in tag
    assert 'step="5"' in re.search(r'<input[^>]*name="sides-0-melded_points"[^>]*>', html).group(0)
    assert '<span class="visually-hidden">Ann &amp; Bob went out concealed</span><span aria-hidden="true">concealed</span>' in html
    assert f'data-preview-url="/games/{game_id}/hands/1/preview"' in html
    assert "data-preview-config" not in html and "/api/v1/score" not in html  # the browser holds no form-to-JSON copy
    assert html.count('name="going_out"') == 5
    # Without JavaScript every entry mode is reachable: a mode choice and a button that shows its fields.
    assert 'name="sides-0-mode"' in html and 'value="switch"' in html
    assert re.search(r'class="part melds-part"[^>]*hidden', html)


def test_modern_has_its_own_fields(client):
    game_id = start(client, rules="modern")
    html = new_hand_page(client, game_id)
    for name in ("sides-0-canastas-natural_aces", "sides-0-canastas-wild_four_jokers", "sides-0-black_threes",
                 "sides-0-unfinished-aces", "sides-0-players_with_three_sevens", "sides-0-last_drawn_three",
                 "sides-0-melds-11-jokers"):
        assert f'name="{name}"' in html
    assert "Garbage (4-4-3-3) (3,000)" in html and "Seven pairs with a wild pair (2,000)" in html
    assert "concealed" not in html.split('name="going_out"', 1)[1].split("</fieldset>")[0]


def test_a_modern_special_hand_by_name_scores_its_value(client, db):
    game_id = start(client, rules="modern")
    response = add(client, game_id, {"going_out": "0:special", "sides-0-special_hand": "pairs",
                                     "sides-1-melded_points": "60", "sides-1-hand_points": "10"})
    assert response.status_code == 303
    assert load_game(db, game_id).score.hands[0].scores == (2500, -70)


@pytest.mark.parametrize("hand", PRESETS["modern"].special_hands, ids=lambda hand: hand.id)
def test_the_special_hand_choices_are_the_engines(app, hand):
    """Each named special hand of the engine is a choice that sets its value, and a stored value reopens as its name."""
    with app.test_request_context(method="POST"):
        form = hand_form_class("modern")(formdata=MultiDict({"going_out": "0:special", "sides-0-special_hand": hand.id}),
                                         names=["A", "B"])
        choice = next(choice for choice in form.side(0).special_hand.choices if choice.value == hand.id)
        assert choice.label == f"{hand.label} ({hand.points:,})"
        assert form.validate_hand(), form.errors
        assert form.read_sides()[0] == {"special_hand_points": hand.points}
    reopened = form_data_from_sides(PRESETS["modern"], [{"special_hand_points": hand.points}, {}])
    named = [other.id for other in PRESETS["modern"].special_hands if other.points == hand.points]
    assert reopened["sides-0-special_hand"] == (hand.id if named == [hand.id] else "other")


def test_three_players_partners_score_their_own_red_threes(client, db):
    game_id = start(client, rules="classic-3p", **{"names-0": "Ann", "names-1": "Bob", "names-2": "Cy"})
    html = new_hand_page(client, game_id)
    assert "Who played alone?" in html and "Ann alone" in html and "Everyone alone" in html
    response = add(client, game_id, {
        "arrangement": "alone-0", "going_out": "1:out", "sides-0-melded_points": "50",
        "sides-1-mixed_canastas": "2", "sides-1-melded_points": "200",
        "sides-1-red_threes-0": "1", "sides-1-red_threes-1": "0"})
    assert response.status_code == 303
    # Partnership: 600 + 100 + 200 = 900, Bob adds his red 3 (100), Cy none.
    assert load_game(db, game_id).score.hands[0].scores == (50, 1000, 900)


def test_six_players_in_three_teams_have_three_sides(client, db):
    game_id = start(client, rules="classic-6p-3teams")
    html = new_hand_page(client, game_id)
    assert 'data-object="sides[2]"' in html
    response = add(client, game_id, {"going_out": "2:out", "sides-2-natural_canastas": "2",
                                     "sides-2-melded_points": "250", "sides-0-hand_points": "40"})
    assert response.status_code == 303
    assert load_game(db, game_id).score.hands[0].scores == (-40, 0, 1350)


# --- checking without saving, switching modes without JavaScript ------------------------------------


def test_check_score_shows_the_engines_score_and_saves_nothing(client, db):
    game_id = start(client)
    response = client.post(f"/games/{game_id}/hands/new", data={**WORKED_MELDS, "token": "x", "action": "check"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert re.search(r'data-preview-side="0".*?<strong data-score>\+605</strong>', html, re.S)
    assert re.search(r'data-preview-side="1".*?<strong data-score>\u2212295</strong>', html, re.S)
    assert "Canasta bonuses +300" in html and "Cards left in hand \u221215" in html
    assert re.search(r'data-hand-score>\+605<', html)
    assert field_value(html, "sides-0-melds-1-naturals") == "5"
    assert hand_count(db, game_id) == 0


def test_switching_the_entry_mode_without_javascript_keeps_the_values(client, db):
    game_id = start(client)
    response = client.post(f"/games/{game_id}/hands/new", data={
        "token": "x", "action": "switch", "sides-0-mode": "melds", "sides-0-melded_points": "120"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert not re.search(r'class="part melds-part"[^>]*hidden', html.split('id="sides-1"')[0])
    assert re.search(r'class="part melded-part"[^>]*hidden', html.split('id="sides-1"')[0])
    assert field_value(html, "sides-0-melded_points") == "120"
    assert 'class="error"' not in html
    assert hand_count(db, game_id) == 0


# --- bad input ----------------------------------------------------------------------------------


def test_going_out_without_a_canasta_is_shown_beside_the_choice_and_the_values_stay(client, db):
    game_id = start(client)
    data = {"going_out": "0:out", "sides-0-melded_points": "50", "sides-0-hand_points": "5",
            "sides-1-hand_points": "70"}
    response = add(client, game_id, data)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    going_out = html.split("Who went out?")[1].split("</fieldset>")[0]
    assert 'id="going_out-error">A side needs 1 canasta to go out; this side has none.' in going_out
    assert re.search(r'<input[^>]*value="0:out"[^>]*checked', going_out)
    for name in ("sides-0-melded_points", "sides-0-hand_points", "sides-1-hand_points"):
        assert field_value(html, name) == data[name]
    assert token_of(html)
    assert hand_count(db, game_id) == 0


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        pytest.param({"going_out": "no", "sides-0-mode": "melds", "sides-0-melds-1-naturals": "1",
                      "sides-0-melds-1-twos": "2", "sides-0-melds-6-naturals": "3"},
                     {"sides-0-melds-1-naturals": "A meld needs at least 2 natural cards; this one has 1."},
                     id="a-bad-meld-is-shown-on-its-row"),
        pytest.param({"going_out": "no", "sides-0-melded_points": "12O", "sides-1-hand_points": "fifteen"},
                     {"sides-0-melded_points": "Type a whole number, like 120.",
                      "sides-1-hand_points": "Type a whole number, like 15."},
                     id="text-where-a-number-belongs"),
        pytest.param({"going_out": "no", "sides-0-melded_points": "123", "sides-0-in_hand-jokers": "5",
                      "sides-0-mode": "cards"},
                     {"sides-0-melded_points": "Melded points must be a multiple of 5",
                      "sides-0-in_hand-jokers": "Jokers in hand cannot be more than 4"},
                     id="a-number-the-engine-refuses"),
    ],
)
def test_a_bad_number_is_explained_beside_it_and_every_number_stays_as_typed(client, db, data, errors):
    game_id = start(client)
    response = add(client, game_id, data)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    for name, message in errors.items():
        assert f'id="{name}-error">{message}' in html
    for name, typed in data.items():
        if name.startswith("sides-") and not name.endswith("-mode"):
            assert field_value(html, name) == typed
    assert hand_count(db, game_id) == 0


def test_a_problem_of_the_whole_hand_goes_to_the_top(client, db):
    game_id = start(client)
    html = add(client, game_id, {"going_out": "no", "sides-0-melded_points": "700",
                                 "sides-1-melded_points": "700"}).get_data(as_text=True)
    top = html.split('class="top-errors"')[1].split("</div>")[0]
    assert "Together the sides count 1,400 points of cards" in top
    assert hand_count(db, game_id) == 0


def test_nobody_chosen_for_going_out_is_asked_for(client, db):
    game_id = start(client)
    html = add(client, game_id, {"sides-0-melded_points": "70"}).get_data(as_text=True)
    assert "Choose who went out, or “Nobody”." in html
    assert hand_count(db, game_id) == 0


def test_three_players_must_say_who_played_alone(client, db):
    game_id = start(client, rules="classic-3p")
    html = add(client, game_id, {"going_out": "no"}).get_data(as_text=True)
    assert "Choose who played alone" in html
    assert hand_count(db, game_id) == 0


# --- saving twice, editing, deleting, undoing --------------------------------------------------------


def test_the_same_form_sent_twice_saves_one_hand(client, db):
    game_id = start(client)
    token = token_of(new_hand_page(client, game_id))
    first = add(client, game_id, WORKED_NUMBER, token=token)
    second = add(client, game_id, WORKED_NUMBER, token=token)
    assert first.status_code == second.status_code == 303
    assert hand_count(db, game_id) == 1
    board = client.get(second.headers["Location"]).get_data(as_text=True)
    assert "This hand was already saved as hand 1." in board
    assert add(client, game_id, WORKED_NUMBER, token=token + "-other").status_code == 303
    assert hand_count(db, game_id) == 2


def test_each_new_hand_page_has_a_fresh_token(client):
    game_id = start(client)
    assert token_of(new_hand_page(client, game_id)) != token_of(new_hand_page(client, game_id))


def _two_hands(client, db):
    game_id = start(client)
    assert add(client, game_id, WORKED_NUMBER).status_code == 303
    assert add(client, game_id, {"going_out": "1:out", "sides-1-natural_canastas": "1", "sides-1-melded_points": "100",
                                 "sides-0-hand_points": "50"}).status_code == 303
    assert load_game(db, game_id).score.totals == (555, 405)
    return game_id


def test_editing_a_hand_opens_it_as_entered_and_recounts_the_totals_after_it(client, db):
    game_id = start(client)
    assert add(client, game_id, WORKED_MELDS).status_code == 303
    assert add(client, game_id, {"going_out": "no", "sides-0-hand_points": "20"}).status_code == 303
    html = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'<input[^>]*name="sides-0-mode"[^>]*value="melds"[^>]*>', html).group(0).count("checked") == 1
    assert field_value(html, "sides-0-melds-1-twos") == "2"
    assert field_value(html, "sides-0-in_hand-four_to_seven") == "1"
    assert field_value(html, "expected_version") == "2"
    edited = dict(WORKED_MELDS, **{"sides-0-melds-1-naturals": "6", "sides-0-melds-1-twos": "1",
                                   "expected_version": "2"})
    response = client.post(f"/games/{game_id}/hands/1/edit", data=edited)
    assert response.status_code == 303
    game = load_game(db, game_id)
    # Six kings and one 2: still mixed, 80 + 30 = 110 melded: 595.
    assert game.score.hands[0].scores == (595, -295)
    assert game.score.totals == (575, -295)
    assert game.version == 3


def test_a_hand_entered_through_the_api_opens_in_the_form(client, db):
    game_id = start(client)
    service.add_hand(db, game_id, [{"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1,
                                    "going_out": "out"}, {"hand_points": 95, "red_threes": 2}])
    html = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert field_value(html, "sides-0-melded_points") == "120"
    assert field_value(html, "sides-1-hand_points") == "95"
    assert re.search(r'<input[^>]*value="0:out"[^>]*checked', html)


def test_a_change_by_someone_else_meanwhile_is_a_conflict_that_keeps_the_entries(client, db):
    game_id = _two_hands(client, db)
    html = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    version = field_value(html, "expected_version")
    service.add_hand(db, game_id, [{"hand_points": 5}, {}])  # another phone saves a hand
    edited = dict(WORKED_NUMBER, **{"sides-0-hand_points": "5", "expected_version": version})
    response = client.post(f"/games/{game_id}/hands/1/edit", data=edited)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Someone changed this game while you were editing; your entries are below" in html
    assert field_value(html, "sides-0-hand_points") == "5"
    assert load_game(db, game_id).score.hands[0].scores == (605, -295)
    # Saving again, knowingly, goes through.
    again = dict(edited, expected_version=field_value(html, "expected_version"))
    assert client.post(f"/games/{game_id}/hands/1/edit", data=again).status_code == 303
    assert load_game(db, game_id).score.hands[0].scores == (615, -295)


def test_deleting_asks_first_with_the_hands_scores_then_recounts(client, db):
    game_id = _two_hands(client, db)
    page = client.get(f"/games/{game_id}/hands/1/delete")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Delete hand 1?" in html and "+605" in html and "\u2212295" in html
    assert hand_count(db, game_id) == 2
    version = field_value(html, "expected_version")
    response = client.post(f"/games/{game_id}/hands/1/delete", data={"expected_version": version})
    assert response.status_code == 303
    game = load_game(db, game_id)
    assert len(game.hands) == 1 and game.score.totals == (-50, 700)
    assert "Hand 1 deleted" in client.get(response.headers["Location"]).get_data(as_text=True)


def test_deleting_with_an_old_version_removes_nothing(client, db):
    game_id = _two_hands(client, db)
    response = client.post(f"/games/{game_id}/hands/1/delete", data={"expected_version": "0"})
    assert response.status_code == 409
    assert "Someone changed this game meanwhile" in response.get_data(as_text=True)
    assert hand_count(db, game_id) == 2


def test_undo_reverts_the_last_change_here_the_last_hand_added(client, db):
    game_id = _two_hands(client, db)
    version = load_game(db, game_id).version
    response = client.post(f"/games/{game_id}/undo", data={"expected_version": str(version)})
    assert response.status_code == 303
    assert load_game(db, game_id).score.totals == (605, -295)
    assert "Undone: add of hand 2. Redo puts it back." in client.get(response.headers["Location"]).get_data(as_text=True)


def test_undo_without_a_version_shows_what_it_would_do_first(client, db):
    game_id = _two_hands(client, db)
    response = client.post(f"/games/{game_id}/undo", data={})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Undo: add of hand 2" in html and "<h1>History</h1>" in html
    assert hand_count(db, game_id) == 2


def test_undo_after_someone_added_a_hand_changes_nothing_and_says_what_it_would_do_now(client, db):
    game_id = _two_hands(client, db)
    version = load_game(db, game_id).version
    service.add_hand(db, game_id, [{"hand_points": 5}, {}])
    response = client.post(f"/games/{game_id}/undo", data={"expected_version": str(version)})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "The game changed meanwhile on another phone, so nothing was undone or redone." in html
    assert "Undo: add of hand 3" in html
    assert hand_count(db, game_id) == 3


def test_undo_with_nothing_to_undo_says_so(client, db):
    game_id = start(client)
    response = client.post(f"/games/{game_id}/undo", data={"expected_version": "0"})
    assert response.status_code == 303
    assert "There is nothing to undo" in client.get(response.headers["Location"]).get_data(as_text=True)


# --- who may change a game ------------------------------------------------------------------------


@pytest.mark.parametrize("method, path", [
    ("get", "/games/{id}/hands/new"), ("post", "/games/{id}/hands/new"),
    ("get", "/games/{id}/hands/1/edit"), ("post", "/games/{id}/hands/1/edit"),
    ("get", "/games/{id}/hands/1/delete"), ("post", "/games/{id}/hands/1/delete"),
    ("post", "/games/{id}/undo"),
])
def test_without_the_edit_key_nothing_changes(app, client, db, method, path):
    game_id = _two_hands(client, db)
    stranger = app.test_client()
    data = {**WORKED_NUMBER, "token": "s", "expected_version": "2"} if method == "post" else None
    response = getattr(stranger, method)(path.format(id=game_id), data=data)
    assert response.status_code == 403
    assert "edit key" in response.get_data(as_text=True)
    game = load_game(db, game_id)
    assert len(game.hands) == 2 and game.version == 2


@pytest.mark.parametrize("path", [
    "/games/nope/hands/new", "/games/nope/hands/1/edit", "/games/nope/hands/1/delete",
    "/games/{id}/hands/3/edit", "/games/{id}/hands/0/delete", "/games/{id}/hands/9/delete",
])
def test_unknown_games_and_hands_are_404_pages(client, db, path):
    game_id = _two_hands(client, db)
    response = client.get(path.format(id=game_id))
    assert response.status_code == 404
    assert "<h1>" in response.get_data(as_text=True)


def test_an_unknown_game_cannot_be_undone(client):
    assert client.post("/games/nope/undo", data={"expected_version": "1"}).status_code == 404


def test_a_finished_games_new_hand_page_sends_back_to_the_scoreboard_with_why(client, db):
    game_id = start(client, **{"start_totals-0": "4900", "start_totals-1": "0"})
    assert add(client, game_id, WORKED_NUMBER).status_code == 303
    assert load_game(db, game_id).score.game_over
    response = client.get(f"/games/{game_id}/hands/new")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    board = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The game is over: no hand can be added." in board


def test_a_hand_sent_after_the_game_ended_meanwhile_keeps_what_was_typed(client, db):
    game_id = start(client, **{"start_totals-0": "4900", "start_totals-1": "0"})
    token = token_of(new_hand_page(client, game_id))  # a second phone opened the form before the last hand
    assert add(client, game_id, WORKED_NUMBER).status_code == 303
    response = add(client, game_id, {**WORKED_NUMBER, "sides-0-melded_points": "135"}, token=token)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "The game is over: no hand can be added." in html
    assert field_value(html, "sides-0-melded_points") == "135"
    assert hand_count(db, game_id) == 1
