"""Managing a started game: its settings page (names and seats), a rematch, a new edit link, and
forgetting it on this phone, through the Flask client."""

import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper.games import access
from scorekeeper.games import write as service
from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.store import transfer
from scorekeeper.games.read import load_game

from ..helpers import WORKED, held_keys, new_game, parse
from .test_board import BIG, keep_score, totals_on

SEATS = ["Ann", "Cy", "Bob", "Di"]
FIVE_HANDS = [WORKED, WORKED, WORKED, WORKED, WORKED]  # 3,025 to -1,475: the game goes on


def stored(db, game_id):
    """What the store holds of a game, hands and edit key hash included: to prove nothing changed."""
    return transfer.export_game(db, game_id)


def game_count(db):
    return list(db.query("select count(*) as n from games"))[0]["n"]


def values(page, prefix):
    """The values of the inputs ``prefix-0``, ``prefix-1``... of a form, in order."""
    inputs = [node for node in page.find_all("input") if re.fullmatch(rf"{prefix}-\d", node.attrs.get("name", ""))]
    return [node.attrs.get("value", "") for node in sorted(inputs, key=lambda node: node.attrs["name"])]


def errors_beside(page, name):
    """The error messages shown in the field wrapper of input ``name``."""
    field = page.find("input", name=name).parent
    return [error.text() for error in field.find_all("p", cls="error")]


def rename(client, game_id, names, seats=(), expected_version=None, seats_from=None, **extra):
    data = {f"names-{index}": name for index, name in enumerate(names)}
    data.update({f"seats-{index}": name for index, name in enumerate(seats)})
    if expected_version is not None:
        data["expected_version"] = str(expected_version)
    if seats_from is not None:
        data["seats_from"] = str(seats_from)
    return client.post(f"/games/{game_id}/settings", data={**data, **extra})


@pytest.fixture
def kept(client, db):
    """A game of five hands with seats, kept by this client (the scorekeeper's phone): its id and key."""
    game_id, key = new_game(db, hands=FIVE_HANDS, seats=SEATS)
    keep_score(client, game_id, key)
    return game_id, key


# --- who may ------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["stranger", "holds-another-game"])
@pytest.mark.parametrize("method, path, data", [
    ("get", "/settings", None),
    ("post", "/settings", {"names-0": "Us", "names-1": "Them", "expected_version": "5"}),
    ("post", "/rematch", {"token": "t"}),
    ("get", "/new-edit-link", None),
    ("post", "/new-edit-link", {}),
], ids=["settings", "rename", "rematch", "new-link-page", "new-link"])
def test_without_the_edit_key_nothing_is_shown_or_changed(client, db, who, method, path, data):
    game_id, key = new_game(db, hands=[WORKED], seats=SEATS)
    if who == "holds-another-game":
        other_id, other_key = new_game(db, names=["X", "Y"])
        keep_score(client, other_id, other_key)
    before, games = stored(db, game_id), game_count(db)
    response = getattr(client, method)(f"/games/{game_id}{path}", data=data)
    assert response.status_code == 403
    html = response.get_data(as_text=True)
    assert "Only a phone that keeps score for this game can change its settings." in html
    assert key not in html
    assert stored(db, game_id) == before and game_count(db) == games
    assert getattr(client, method)(f"/games/no-such-game{path}", data=data).status_code == 404


def test_the_scoreboard_links_to_the_settings_only_for_the_scorekeeper(client, db):
    game_id, key = new_game(db, hands=[WORKED])
    assert parse(client.get(f"/games/{game_id}").data).find("a", href=f"/games/{game_id}/settings") is None
    keep_score(client, game_id, key)
    link = parse(client.get(f"/games/{game_id}").data).find("a", href=f"/games/{game_id}/settings")
    assert link.text() == "Game settings: names, seats, play again"
    view = parse(client.get(f"/games/{game_id}/view").data)
    assert view.find("a", href=f"/games/{game_id}/settings") is None


# --- the settings page -------------------------------------------------------------------------------


def test_the_page_opens_with_the_names_and_the_seats_from_who_deals_next(client, db, kept):
    game_id, _ = kept
    response = client.get(f"/games/{game_id}/settings")
    assert response.status_code == 200
    page = parse(response.data)
    assert page.find("h1").text() == "Game settings"
    assert page.find("title").text() == "Settings · Ann & Bob vs Cy & Di · Canasta Scorekeeper"
    assert values(page, "names") == ["Ann & Bob", "Cy & Di"]
    assert [page.find("label", for_=f"names-{i}").text() for i in range(2)] == ["Team 1", "Team 2"]
    # Hand 6 is next; Cy deals it (Ann dealt 1 and 5): the first seat is who deals next.
    assert values(page, "seats") == ["Cy", "Bob", "Di", "Ann"]
    assert page.find("label", for_="seats-0").text() == "Seat 1 (deals hand 6)"
    assert page.find("input", name="expected_version").attrs["value"] == "5"
    assert page.find("input", name="seats_from").attrs["value"] == "6"
    # The rules are shown, not offered: changing them would change the scores.
    rules = page.find("section", **{"aria-labelledby": "rules-heading"})
    assert "Classic, 4 players in 2 teams" in rules.text()
    assert [(item.find("dt").text(), item.find("dd").text()) for item in rules.find("dl").find_all("div")][0] == (
        "Points to win the game", "5,000")
    assert "changing them once hands are counted would silently change the scores" in rules.text()
    assert rules.find("input") is None and page.find("input", name="rules") is None
    assert page.find("input", name="options-target") is None
    assert response.headers["Content-Type"].startswith("text/html")


def test_three_players_have_three_names_and_three_seats(client, db):
    game_id, key = new_game(db, rules="classic-3p", names=["Ann", "Bob", "Cy"])
    keep_score(client, game_id, key)
    page = parse(client.get(f"/games/{game_id}/settings").data)
    assert values(page, "names") == ["Ann", "Bob", "Cy"]
    assert [page.find("label", for_=f"names-{i}").text() for i in range(3)] == ["Player 1", "Player 2", "Player 3"]
    assert values(page, "seats") == ["", "", ""]
    assert page.find("label", for_="seats-0").text() == "Seat 1 (deals hand 1)"


def test_a_rename_changes_the_names_and_never_a_score(client, db, kept):
    game_id, _ = kept
    before = load_game(db, game_id)
    response = rename(client, game_id, ["Us", "Them"], ["Cy", "Bob", "Di", "Ann"], expected_version=5, seats_from=6)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}"
    after = load_game(db, game_id)
    assert after.names == ["Us", "Them"] and after.seats == SEATS  # the seats as they were: Ann dealt first
    assert after.version == before.version + 1
    assert after.score.totals == before.score.totals and after.hands == before.hands
    assert after.rules == before.rules and after.options == before.options
    page = parse(client.get(response.headers["Location"]).data)
    assert page.find("p", cls="flash").text() == "Names and seats saved. The scores stay as they were."
    assert totals_on(page) == {"Us": ("3,025", "needs 120 to meld first"), "Them": ("−1,475", "needs 15 to meld first")}
    assert page.find("h1").text() == "Us vs Them"


def test_seats_named_mid_game_start_with_who_deals_next(client, db):
    game_id, key = new_game(db, hands=FIVE_HANDS)  # no seats when it started
    keep_score(client, game_id, key)
    response = rename(client, game_id, ["Ann & Bob", "Cy & Di"], ["Bob", "Di", "Ann", "Cy"],
                      expected_version=5, seats_from=6)
    assert response.status_code == 303
    # Bob deals hand 6, so (the deal passing left after every hand) Cy dealt hands 1 and 5.
    assert store.get_game(db, game_id)["seats"] == ["Cy", "Bob", "Di", "Ann"]
    assert load_game(db, game_id).next_dealer == "Bob"
    standing = parse(client.get(f"/games/{game_id}").data).find("p", cls="standing")
    assert standing.text() == "Ann & Bob lead by 4,500. Bob deals hand 6."


def test_seats_left_empty_stop_showing_who_deals(client, db, kept):
    game_id, _ = kept
    assert rename(client, game_id, ["Ann & Bob", "Cy & Di"], ["", "", "", ""], expected_version=5).status_code == 303
    assert store.get_game(db, game_id)["seats"] == []
    assert "deals hand" not in parse(client.get(f"/games/{game_id}").data).find("p", cls="standing").text()


def test_names_left_empty_become_team_numbers(client, db, kept):
    game_id, _ = kept
    assert rename(client, game_id, ["", "  "], SEATS, expected_version=5, seats_from=1).status_code == 303
    assert store.get_game(db, game_id)["names"] == ["Team 1", "Team 2"]


def test_nothing_to_change_keeps_the_version(client, db, kept):
    game_id, _ = kept
    response = rename(client, game_id, [" Ann &  Bob", "Cy & Di"], ["Cy", "Bob", "Di", "Ann"],
                      expected_version=5, seats_from=6)
    assert response.status_code == 303
    assert store.get_version(db, game_id) == 5
    flash = parse(client.get(f"/games/{game_id}").data).find("p", cls="flash")
    assert flash.text() == "Nothing to change: the names and seats were already these."


LONG = "A" * 41


@pytest.mark.parametrize("names, seats, where, message", [
    ([LONG, "Cy"], [], "names-0", "Name 1 is longer than 40 characters."),
    (["Ann", "Cy"], ["Ann", LONG, "Bob", "Di"], "seats-1", "Name 2 is longer than 40 characters."),
    (["Ann", "Cy"], ["Ann", "Cy", "", "Di"], "seats-2", "Name every seat, or none."),
], ids=["long-name", "long-seat", "seat-left-empty"])
def test_names_are_checked_as_on_the_new_game_form(client, db, kept, names, seats, where, message):
    game_id, _ = kept
    before = stored(db, game_id)
    response = rename(client, game_id, names, seats, expected_version=5)
    assert response.status_code == 422
    page = parse(response.data)
    assert errors_beside(page, where) == [message]
    assert page.find("input", name=where).attrs["aria-invalid"] == "true"
    assert values(page, "names") == names and values(page, "seats")[:len(seats)] == seats  # as typed
    assert stored(db, game_id) == before
    # The very same words on the new-game form, for the same names.
    fresh = parse(client.post("/games/new", data={"rules": "classic", **{f"names-{i}": n for i, n in enumerate(names)},
                                                  **{f"seats-{i}": s for i, s in enumerate(seats)}}).data)
    assert errors_beside(fresh, where) == [message]


def test_two_teams_with_one_name_are_refused(client, db, kept):
    game_id, _ = kept
    before = stored(db, game_id)
    response = rename(client, game_id, ["Us", "us"], expected_version=5)
    assert response.status_code == 422
    page = parse(response.data)
    assert page.find("p", id="names-error").text() == (
        "Give each a different name, so the score sheet can tell them apart.")
    assert values(page, "names") == ["Us", "us"]
    assert stored(db, game_id) == before


def test_a_stale_rename_is_a_conflict_that_keeps_what_was_typed(client, db, kept):
    game_id, _ = kept
    service.add_hand(db, game_id, BIG)  # entered on the partner's phone meanwhile: version 6
    before = stored(db, game_id)
    response = rename(client, game_id, ["Us", "Them"], ["Cy", "Bob", "Di", "Ann"], expected_version=5, seats_from=6)
    assert response.status_code == 409
    page = parse(response.data)
    alert = page.find("div", cls="form-errors")
    assert alert.attrs["role"] == "alert"
    assert alert.text().startswith("Someone changed this game while you were editing, so nothing was saved.")
    assert alert.find("a").attrs["href"] == f"/games/{game_id}"
    assert values(page, "names") == ["Us", "Them"] and values(page, "seats") == ["Cy", "Bob", "Di", "Ann"]
    # The first seat still deals hand 6, as typed; saving again is a knowing choice.
    assert page.find("label", for_="seats-0").text() == "Seat 1 (deals hand 6)"
    assert page.find("input", name="expected_version").attrs["value"] == "6"
    assert stored(db, game_id) == before
    again = rename(client, game_id, ["Us", "Them"], ["Cy", "Bob", "Di", "Ann"], expected_version=6, seats_from=6)
    assert again.status_code == 303
    game = store.get_game(db, game_id)
    assert (game["names"], game["seats"], game["version"]) == (["Us", "Them"], SEATS, 7)


@pytest.mark.parametrize("extra", [
    {"expected_version": "five", "seats_from": "x"},
    {"expected_version": "", "seats_from": "-3"},
    {"names-7": "nobody", "seats-9": "nobody"},
], ids=["words", "empty-and-negative", "fields-past-the-table"])
def test_odd_hidden_values_never_break_the_page(client, db, kept, extra):
    game_id, _ = kept
    response = rename(client, game_id, ["Us", "Them"], **extra)
    assert response.status_code == 303
    assert store.get_game(db, game_id)["names"] == ["Us", "Them"]


def test_an_expired_form_comes_back_filled_in_and_changes_nothing(csrf_app):
    db = sqlite.connect(csrf_app.config["DATABASE"])
    game_id, key = new_game(db, hands=[WORKED])
    client = csrf_app.test_client()
    keep_score(client, game_id, key)
    before = stored(db, game_id)
    response = rename(client, game_id, ["Us", "Them"], expected_version=1, csrf_token="stale")
    assert response.status_code == 400
    page = parse(response.data)
    assert "This form has expired" in page.find("div", cls="form-errors").text()
    assert values(page, "names") == ["Us", "Them"]
    token = page.find("input", name="csrf_token").attrs["value"]
    assert stored(db, game_id) == before
    saved = rename(client, game_id, ["Us", "Them"], expected_version=1, csrf_token=token)
    assert saved.status_code == 303 and store.get_game(db, game_id)["names"] == ["Us", "Them"]


# --- everyone who follows the game sees the new names at once ------------------------------------


def test_a_follower_sees_the_new_names_though_every_cache_held_the_old_ones(app, client, db, kept):
    game_id, _ = kept
    follower = app.test_client()
    view = parse(follower.get(f"/games/{game_id}/view").data)  # scored and rendered: now kept by this process
    assert list(totals_on(view)) == ["Ann & Bob", "Cy & Di"]
    live = follower.get(f"/games/{game_id}/live.json")
    etag = live.headers["ETag"]
    assert follower.get(f"/games/{game_id}/live.json", headers={"If-None-Match": etag}).status_code == 304
    sheet = follower.get(f"/games/{game_id}/sheet.pdf")
    assert sheet.status_code == 200
    sheet_etag = sheet.headers["ETag"]
    assert follower.get(f"/games/{game_id}/sheet.pdf", headers={"If-None-Match": sheet_etag}).status_code == 304

    assert rename(client, game_id, ["Us", "Them"], ["Cy", "Bob", "Di", "Ann"], expected_version=5,
                  seats_from=6).status_code == 303

    polled = follower.get(f"/games/{game_id}/live.json", headers={"If-None-Match": etag})
    assert polled.status_code == 200 and polled.get_json() == {"version": 6}
    fragment = parse(follower.get(f"/games/{game_id}/fragment").data)
    assert list(totals_on(fragment)) == ["Us", "Them"]
    assert fragment.find("div", cls="board-content").attrs["data-version"] == "6"
    view = parse(follower.get(f"/games/{game_id}/view").data)
    assert list(totals_on(view)) == ["Us", "Them"] and view.find("h1").text() == "Us vs Them"
    assert [cell.text() for cell in view.find("table", cls="hands").find("thead").find_all("th")] == [
        "Hand", "Us", "Them"]
    again = follower.get(f"/games/{game_id}/sheet.pdf", headers={"If-None-Match": sheet_etag})
    assert again.status_code == 200 and again.headers["ETag"] != sheet_etag
    assert "us-vs-them" in again.headers["Content-Disposition"]
    text = PdfReader(io.BytesIO(again.data)).pages[0].extract_text()
    assert "Us" in text and "Them" in text and "Ann & Bob" not in text


# --- a rematch ------------------------------------------------------------------------------------------


def test_a_finished_game_offers_a_rematch_to_the_scorekeeper_only(app, client, db):
    game_id, key = new_game(db, hands=[WORKED, BIG], options={"target": 1500}, seats=SEATS)
    stranger = parse(client.get(f"/games/{game_id}").data)
    assert stranger.find("section", cls="banner").find("p", cls="banner-text").text() == "Ann & Bob win by 1,950"
    assert stranger.find("form", action=f"/games/{game_id}/rematch") is None
    keep_score(client, game_id, key)
    page = parse(client.get(f"/games/{game_id}").data)
    form = page.find("section", cls="banner").find("form", action=f"/games/{game_id}/rematch")
    assert form.attrs["method"] == "post"
    assert form.find("button").text() == "New game, same table"
    assert form.find("p", cls="hint").text() == "Same rules and names; Cy deals first."
    assert form.find("input", name="token").attrs["value"]
    view = parse(client.get(f"/games/{game_id}/view").data)
    assert view.find("form", action=f"/games/{game_id}/rematch") is None
    assert view.find("p", cls="banner-text").text() == "Ann & Bob win by 1,950"
    # A game still going offers it only on its settings page.
    going, going_key = new_game(db, hands=[WORKED])
    keep_score(client, going, going_key)
    assert parse(client.get(f"/games/{going}").data).find("form", action=f"/games/{going}/rematch") is None
    settings = parse(client.get(f"/games/{going}/settings").data)
    assert settings.find("form", action=f"/games/{going}/rematch").find("button").text() == "New game, same table"


def test_a_rematch_starts_the_same_table_one_seat_on(client, db):
    game_id, key = new_game(db, hands=[WORKED, BIG], options={"target": 1500, "wild_limit": "not_outnumber"},
                            seats=SEATS, names=["Ann & Bob", "Cy & Di"], start_totals=[100, 200])
    keep_score(client, game_id, key)
    before = stored(db, game_id)
    response = client.post(f"/games/{game_id}/rematch", data={"token": "one-tap"})
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    assert response.headers["Location"] == f"/games/{new_id}" and new_id != game_id
    old, new = store.get_game(db, game_id), store.get_game(db, new_id)
    assert (new["rules"], new["options"], new["names"]) == (old["rules"], old["options"], old["names"])
    assert new["seats"] == ["Cy", "Bob", "Di", "Ann"]  # Ann dealt first last time: Cy now
    assert new["start_totals"] == [0, 0] and new["hands"] == [] and new["version"] == 0
    assert stored(db, game_id) == before  # the finished game stays as it was
    page = parse(client.get(f"/games/{new_id}").data)
    assert page.find("p", cls="flash").text() == (
        "New game started at the same table. Cy deals first. The last game stays on the list.")
    assert page.find("a", href=f"/games/{new_id}/hands/new").text() == "Add hand 1"  # its key is held here
    assert page.find("p", cls="standing").text() == "Cy deals hand 1."
    assert access.hash_key(client_key(client, new_id)) == store.get_edit_key_hash(db, new_id)
    home = parse(client.get("/").data)
    # The rematch first, though both games were often changed in the same second.
    assert [link.attrs["href"] for link in home.find_all("a", cls="game-link")] == [f"/games/{new_id}", f"/games/{game_id}"]


def client_key(client, game_id):
    return held_keys(client)[game_id]


def test_a_rematch_without_seats_or_with_three_players(client, db):
    game_id, key = new_game(db, rules="classic-3p", names=["Ann", "Bob", "Cy"])
    keep_score(client, game_id, key)
    response = client.post(f"/games/{game_id}/rematch")
    assert response.status_code == 303
    new = store.get_game(db, response.headers["Location"].rsplit("/", 1)[1])
    assert (new["rules"], new["names"], new["seats"]) == ("classic-3p", ["Ann", "Bob", "Cy"], [])


def test_a_double_tap_starts_one_game(client, db):
    game_id, key = new_game(db, hands=[WORKED])
    keep_score(client, game_id, key)
    games = game_count(db)
    first = client.post(f"/games/{game_id}/rematch", data={"token": "same-form"})
    second = client.post(f"/games/{game_id}/rematch", data={"token": "same-form"})
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert game_count(db) == games + 1
    flashes = [p.text() for p in parse(client.get(second.headers["Location"]).data).find_all("p", cls="flash")]
    assert flashes[-1] == "This new game was already started."
    # Another form (another token) is another game.
    assert client.post(f"/games/{game_id}/rematch", data={"token": "next-form"}).headers["Location"] != (
        first.headers["Location"])
    assert game_count(db) == games + 2


def test_a_rematch_needs_the_forms_csrf_token(csrf_app):
    db = sqlite.connect(csrf_app.config["DATABASE"])
    game_id, key = new_game(db, hands=[WORKED, BIG], options={"target": 1500})
    client = csrf_app.test_client()
    keep_score(client, game_id, key)
    games = game_count(db)
    assert client.post(f"/games/{game_id}/rematch", data={"token": "t"}).status_code == 400
    assert game_count(db) == games
    form = parse(client.get(f"/games/{game_id}").data).find("form", action=f"/games/{game_id}/rematch")
    data = {node.attrs["name"]: node.attrs["value"] for node in form.find_all("input")}
    assert client.post(f"/games/{game_id}/rematch", data=data).status_code == 303
    assert game_count(db) == games + 1


# --- forgetting a game on this phone -------------------------------------------------------------------


def test_forgetting_takes_the_game_off_this_phone_only(app, client, db):
    game_id, key = new_game(db, hands=[WORKED], names=["Us", "Them"])
    keep_score(client, game_id, key)
    partner = app.test_client()
    keep_score(partner, game_id, key)
    home = parse(client.get("/").data)
    link = home.find("p", cls="game-forget").find("a")
    assert link.attrs["href"] == f"/games/{game_id}/forget"
    assert link.visible_text() == "Forget on this phone" and link.text() == "Forget on this phone (Us vs Them)"
    assert "its edit link brings it back" in home.find("section", **{"aria-labelledby": "your-games"}).text()

    page = parse(client.get(link.attrs["href"]).data)
    assert page.find("h1").text() == "Forget this game on this phone?"
    assert "The game itself stays" in page.text() and "open its edit link" in page.text()
    assert page.find("a", href=f"/games/{game_id}/share").text() == "the share page"
    # Before it forgets, the edit link to keep is right there.
    assert page.find("p", cls="keep-link-url").text() == f"http://localhost/games/{game_id}/join?key={key}"
    assert page.find("button").text() == "Yes, forget it on this phone"
    assert [a.text() for a in page.find("form").find_all("a", href="/")] == ["Keep it"]
    before = stored(db, game_id)

    response = client.post(f"/games/{game_id}/forget")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    home = parse(client.get("/").data)
    assert home.find("p", cls="flash").text() == (
        "“Us vs Them” is no longer on this phone. It stays for the other players; its edit link opens it here again.")
    assert home.find("a", cls="game-link") is None
    assert game_id not in held_keys(client)
    assert stored(db, game_id) == before  # the game is untouched
    assert parse(client.get(f"/games/{game_id}").data).find("a", href=f"/games/{game_id}/hands/new") is None
    # Still kept on the partner's phone; and the edit link brings it back here.
    assert parse(partner.get("/").data).find("a", cls="game-link").attrs["href"] == f"/games/{game_id}"
    keep_score(client, game_id, key)
    assert parse(client.get("/").data).find("a", cls="game-link").attrs["href"] == f"/games/{game_id}"


def test_a_game_not_on_this_phone_cannot_be_forgotten_twice(client, db):
    game_id, key = new_game(db)
    assert client.get(f"/games/{game_id}/forget").status_code == 404
    response = client.post(f"/games/{game_id}/forget")  # a second tap: nothing left to do
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert client.get("/games/no-such-game/forget").status_code == 404


def test_a_game_deleted_meanwhile_can_still_be_forgotten(client, db):
    game_id, key = new_game(db)
    keep_score(client, game_id, key)
    db.execute("delete from games where id = ?", [game_id])
    page = parse(client.get(f"/games/{game_id}/forget").data)
    assert page.find("p", cls="settings-of").text() == "A game no longer stored"
    assert page.find("a", href=f"/games/{game_id}/share") is None
    assert client.post(f"/games/{game_id}/forget").status_code == 303
    assert game_id not in held_keys(client)


def test_forgetting_needs_the_forms_csrf_token(csrf_app):
    db = sqlite.connect(csrf_app.config["DATABASE"])
    game_id, key = new_game(db)
    client = csrf_app.test_client()
    keep_score(client, game_id, key)
    assert client.post(f"/games/{game_id}/forget").status_code == 400
    token = parse(client.get(f"/games/{game_id}/forget").data).find("input", name="csrf_token").attrs["value"]
    assert game_id in held_keys(client)
    assert client.post(f"/games/{game_id}/forget", data={"csrf_token": token}).status_code == 303
    assert game_id not in held_keys(client)


def test_the_settings_page_offers_forgetting_and_a_new_edit_link(client, db, kept):
    game_id, _ = kept
    page = parse(client.get(f"/games/{game_id}/settings").data)
    assert page.find("a", href=f"/games/{game_id}/forget").text() == "Forget this game on this phone"
    assert page.find("a", href=f"/games/{game_id}/new-edit-link").text() == "Make a new edit link"


# --- a new edit link -----------------------------------------------------------------------------------


def test_a_new_edit_link_asks_first(client, db, kept):
    game_id, _ = kept
    before = stored(db, game_id)
    page = parse(client.get(f"/games/{game_id}/new-edit-link").data)
    assert page.find("h1").text() == "Make a new edit link?"
    assert "stops working at once" in page.text() and "neither can anything else holding the old key" in page.text()
    form = page.find("form", action=f"/games/{game_id}/new-edit-link")
    assert form.attrs["method"] == "post" and form.find("button").text() == "Yes, make a new edit link"
    assert page.find("a", href=f"/games/{game_id}/settings").text() == "Keep the old link"
    assert stored(db, game_id) == before


def test_a_new_edit_link_withdraws_the_old_one_everywhere(app, client, db):
    game_id, old_key = new_game(db, hands=[WORKED], names=["Us", "Them"])
    keep_score(client, game_id, old_key)
    partner = app.test_client()  # a phone that opened the leaked link
    keep_score(partner, game_id, old_key)
    assert parse(partner.get(f"/games/{game_id}").data).find("a", href=f"/games/{game_id}/hands/new") is not None

    response = client.post(f"/games/{game_id}/new-edit-link")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}/share?new_link=1"
    new_key = client_key(client, game_id)
    assert new_key != old_key and len(new_key) * 6 >= 128
    assert store.get_edit_key_hash(db, game_id) == access.hash_key(new_key)
    assert new_key not in str(stored(db, game_id)) and old_key not in str(stored(db, game_id))
    assert store.get_version(db, game_id) == 2  # the partner's scoreboard, which polls it, reloads

    # This phone: the share page shows the new link, opened, with its QR code.
    share = parse(client.get(response.headers["Location"]).data)
    assert share.find("p", cls="flash").text().startswith("The old edit link no longer works.")
    assert share.find("input", id="edit-url").attrs["value"] == f"http://localhost/games/{game_id}/join?key={new_key}"
    assert "open" in share.find("details", cls="edit-share").attrs
    assert [svg.find("title").text() for svg in share.find_all("svg", cls="qr")][1] == "QR code of the edit link"
    assert parse(client.get(f"/games/{game_id}").data).find("a", href=f"/games/{game_id}/hands/new") is not None

    # The old key opens nothing: the join link, the API, the partner's phone.
    assert client.application.test_client().get(f"/games/{game_id}/join?key={old_key}").status_code == 403
    api = partner.post(f"/api/v1/games/{game_id}/hands", json={"sides": WORKED},
                       headers={"Authorization": f"Bearer {old_key}"})
    assert api.status_code == 403
    assert partner.get(f"/games/{game_id}/settings").status_code == 403
    assert partner.get(f"/games/{game_id}/hands/new").status_code == 403
    board = parse(partner.get(f"/games/{game_id}").data)
    assert board.find("a", href=f"/games/{game_id}/hands/new") is None
    assert "You are viewing this game" in board.find("p", cls="note").text()
    fragment = parse(partner.get(f"/games/{game_id}/fragment?edit=1").data)
    assert fragment.find("details", cls="undo") is None
    meta = parse(partner.get("/").data).find(cls="game-meta").text()
    assert meta.endswith("view only: its edit link was replaced")
    assert store.get_version(db, game_id) == 2  # nothing the old key tried went in
    # The new key works for the API; the new link for another phone.
    assert partner.post(f"/api/v1/games/{game_id}/hands", json={"sides": WORKED},
                        headers={"Authorization": f"Bearer {new_key}"}).status_code == 201
    keep_score(partner, game_id, new_key)
    assert "view only" not in parse(partner.get("/").data).find(cls="game-meta").text()


def test_a_new_edit_link_needs_the_forms_csrf_token(csrf_app):
    db = sqlite.connect(csrf_app.config["DATABASE"])
    game_id, key = new_game(db)
    client = csrf_app.test_client()
    keep_score(client, game_id, key)
    before = store.get_edit_key_hash(db, game_id)
    assert client.post(f"/games/{game_id}/new-edit-link").status_code == 400
    assert store.get_edit_key_hash(db, game_id) == before
    token = parse(client.get(f"/games/{game_id}/new-edit-link").data).find("input", name="csrf_token").attrs["value"]
    assert client.post(f"/games/{game_id}/new-edit-link", data={"csrf_token": token}).status_code == 303
    assert store.get_edit_key_hash(db, game_id) != before


def test_the_share_page_offers_a_new_edit_link(client, db, kept):
    game_id, _ = kept
    page = parse(client.get(f"/games/{game_id}/share").data)
    partner = page.find("details", cls="edit-share")
    assert "open" not in partner.attrs
    assert partner.find("a", href=f"/games/{game_id}/new-edit-link").text() == "Make a new edit link"


# --- the store and the service ----------------------------------------------------------------------


def test_the_service_checks_the_version_before_the_names(db):
    game_id, _ = new_game(db, hands=[WORKED])
    with pytest.raises(store.VersionConflict) as conflict:
        service.rename_game(db, game_id, names=["", ""], seats=[], expected_version=0)
    assert conflict.value.current_version == 1
    with pytest.raises(store.NotFound):
        service.rename_game(db, "no-such-game", names=["A", "B"], seats=[])
    with pytest.raises(store.NotFound):
        service.rematch(db, "no-such-game")


def test_key_matches_compares_with_a_stored_hash():
    key = access.new_edit_key()
    assert access.key_matches(access.hash_key(key), key)
    assert not access.key_matches(access.hash_key(key), key + "x")
    assert not access.key_matches(None, key) and not access.key_matches(access.hash_key(key), None)
