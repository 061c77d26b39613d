"""Play with friends, on pages: the form that opens a table, the host's page and its changes, play again, /tables."""

import re

import pytest
from flask import session

from scorekeeper.games import table_access, tables
from scorekeeper.store import sqlite

from ..api import test_tables
from ..helpers import parse
from ..tables_helpers import BASE, bearer, table_app
from .test_new_game import field_value

FRIENDS = {"rules": "classic", "seats-0": "Ann", "seats-1": "Bob", "computer-1": "normal", "seats-2": "Cy",
           "seats-3": "Di", "computer-3": "easy", "you": "0"}


app, client = test_tables.app, test_tables.client  # the tables' app (computers inline, no pause) and its client


def stored_tables(app):
    db = sqlite.connect(app.config["DATABASE"])
    try:
        return [row["id"] for row in db.query("select id from tables order by created_at")]
    finally:
        db.close()


def open_by_form(client, **fields):
    response = client.post("/tables/new", data={**FRIENDS, **fields})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_id = re.fullmatch(r"/tables/([^/]+)/host", response.headers["Location"]).group(1)
    return table_id


def host_page(client, table_id):
    response = client.get(f"/tables/{table_id}/host")
    assert response.status_code == 200
    return response


def links_of(page):
    """The invite links the host page shows: ``{seat: link}``."""
    return {int(node.attrs["id"].split("-")[1]): node.attrs["value"]
            for node in parse(page).find_all("input") if node.attrs.get("id", "").startswith("link-")}


def key_of(link):
    return link.split("key=", 1)[1]


# --- opening a table --------------------------------------------------------------------------------------------


def test_the_form_offers_the_rule_sets_the_seats_and_the_computers_levels(client):
    page = parse(client.get("/tables/new"))
    assert [node.attrs["value"] for node in page.find_all("input", name="rules")][:2] == ["classic", "classic-2p"]
    who = page.find("select", name="computer-0")
    assert [option.text() for option in who.find_all("option")] == [
        "A person", "The computer (easy)", "The computer (normal)", "The computer (hard)", "The computer (expert)"]
    assert len(page.find_all("input", name="you")) == 6
    assert page.find("input", name="options-target") is not None  # the house rules, as a new game's


def test_opening_a_table_keeps_its_keys_for_this_browser_and_shows_the_host_page(app, client):
    table_id = open_by_form(client)
    page = host_page(client, table_id)
    assert page.headers["Cache-Control"] == "private, no-store"
    links = links_of(page)
    assert sorted(links) == [0, 2]  # one link per person seat
    assert all(link.startswith(f"http://localhost/tables/{table_id}/join?key=") for link in links.values())
    assert page.get_data(as_text=True).count('<svg role="img"') == 2
    # Each link holds its seat's key: the API reads the table as that seat with it.
    for seat, link in links.items():
        assert client.get(f"{BASE}/{table_id}", headers=bearer(key_of(link))).get_json()["seat"] == seat
    tree = parse(page)
    assert tree.find("a", href=f"/tables/{table_id}").text() == "Go to your seat"
    assert "(you)" in tree.find("h3", id="seat-0-name").text()
    assert "level normal" in tree.find("section", id="seat-1").text()
    table = tables.load(sqlite.connect(app.config["DATABASE"]), table_id)
    assert table.names == ["Ann", "Bob", "Cy", "Di"]
    assert [(seat["player"], seat["level"]) for seat in table.seats] == [
        ("person", None), ("computer", "normal"), ("person", None), ("computer", "easy")]


def test_names_left_empty_are_named_after_the_seat_and_who_plays_it(app, client):
    table_id = open_by_form(client, **{"seats-0": "", "seats-1": " ", "seats-2": "", "seats-3": ""})
    table = tables.load(sqlite.connect(app.config["DATABASE"]), table_id)
    assert table.names == ["Player 1", "Computer 2", "Player 3", "Computer 4"]


@pytest.mark.parametrize(("fields", "field", "message"), [
    pytest.param({"seats-2": "ann"}, None, "Give each a different name, so the score sheet can tell them apart.",
                 id="same-names"),
    pytest.param({"seats-2": "C" * 41}, "seats-2", "Name 3 is longer than 40 characters.", id="name-too-long"),
    pytest.param({"seats-2": "Cy\u202e"}, "seats-2", "invisible character", id="invisible-character"),
    pytest.param({"computer-0": "easy", "computer-2": "hard"}, None,
                 "A table needs at least one person's seat: the computer plays the others.", id="all-computers"),
    pytest.param({"computer-1": "genius"}, "computer-1", "A computer's level is one of easy, normal, hard, expert.",
                 id="no-such-level"),
    pytest.param({"you": "1"}, "you", "The computer plays seat 2: choose a seat a person plays", id="you-at-a-computer"),
    pytest.param({"you": "5"}, "you", "Choose your seat: this rule set has seats 1 to 4.", id="you-at-no-seat"),
    pytest.param({"you": "x"}, "you", "Choose your seat: this rule set has seats 1 to 4.", id="you-no-number"),
    pytest.param({"rules": "poker"}, "rules", "Choose one of the rule sets.", id="no-such-rules"),
    pytest.param({"options-target": "12"}, "options-target", "500", id="target-too-low"),
    pytest.param({"options-target": "lots"}, "options-target", "Type a whole number", id="target-no-number"),
])
def test_a_form_that_cannot_open_a_table_says_why_keeps_what_was_typed_and_stores_nothing(
        app, client, fields, field, message):
    response = client.post("/tables/new", data={**FRIENDS, **fields})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in html.replace("&#39;", "'")
    if field is not None:  # the message sits beside its field, which points at it
        errors = [node.text() for node in parse(html).find_all("p", cls="error")
                  if node.attrs.get("id", "").startswith(f"{field}-error")]
        assert any(message in error for error in errors), errors
        if field not in ("you", "rules"):  # (those are radio groups)
            control = parse(html).find(id=field)
            assert control.attrs["aria-invalid"] == "true" and f"{field}-error" in control.attrs["aria-describedby"]
    assert field_value(html, "seats-0") == "Ann" and field_value(html, "seats-3") == "Di"
    if "rules" not in fields:
        assert re.search(r'value="classic" checked', html)
    assert stored_tables(app) == []
    assert client.get("/tables").get_data(as_text=True).count("Host page") == 0


def test_a_three_player_table_reads_three_seats(app, client):
    table_id = open_by_form(client, rules="classic-3p", **{"seats-3": "Never", "computer-3": "", "you": "2"})
    table = tables.load(sqlite.connect(app.config["DATABASE"]), table_id)
    assert table.names == ["Ann", "Bob", "Cy"]
    assert sorted(links_of(host_page(client, table_id))) == [0, 2]
    assert "(you)" in parse(host_page(client, table_id)).find("h3", id="seat-2-name").text()


def test_opening_tables_by_the_form_counts_against_the_tables_limit(tmp_path):
    app = table_app(tmp_path, RATELIMIT_ENABLED=True, RATELIMIT_TABLES="1 per day")
    client = app.test_client()
    open_by_form(client)
    refused = client.post("/tables/new", data=FRIENDS)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert "Too many new tables or deals from this address" in html
    assert field_value(html, "seats-2") == "Cy"
    assert len(stored_tables(app)) == 1


def test_a_form_without_its_csrf_token_keeps_the_entries_and_opens_nothing(tmp_path):
    app = table_app(tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    response = client.post("/tables/new", data={**FRIENDS, "csrf_token": "stale"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "This form has expired" in html
    assert field_value(html, "seats-0") == "Ann"
    assert stored_tables(app) == []


# --- the host's page and its changes -------------------------------------------------------------------------------


@pytest.mark.parametrize(("method", "path"), [
    ("get", "host"), ("post", "host/seats/2/key"), ("post", "host/seats/1"), ("get", "host/end"), ("post", "host/end"),
    ("post", "again"),
])
def test_only_the_browser_holding_the_host_key_may_host(app, client, method, path):
    table_id = open_by_form(client)
    other = app.test_client()  # another phone: no key of this table
    response = getattr(other, method)(f"/tables/{table_id}/{path}", data={"who": "easy"})
    assert response.status_code == 403
    assert ("host key" if path != "again" else "holds no seat of this table") in response.get_data(as_text=True)
    version = tables.load(sqlite.connect(app.config["DATABASE"]), table_id).version
    assert version == 1


@pytest.mark.parametrize("path", ["host", "host/end", "again"])
def test_an_unknown_table_is_a_404_page(client, path):
    method = client.post if path == "again" else client.get
    response = method(f"/tables/no-such-table/{path}")
    assert response.status_code == 404 and "There is no table at this address" in response.get_data(as_text=True)


def test_a_new_link_makes_the_old_one_open_nothing(client):
    table_id = open_by_form(client)
    old = links_of(host_page(client, table_id))[2]
    page = host_page(client, table_id).get_data(as_text=True)
    assert "the old link then opens nothing" in page  # said before
    response = client.post(f"/tables/{table_id}/host/seats/2/key")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/tables/{table_id}/host#seat-2")
    after = client.get(f"/tables/{table_id}/host")
    assert "The old link opens nothing now" in after.get_data(as_text=True)  # and after
    new = links_of(after)[2]
    assert new != old
    assert client.get(f"{BASE}/{table_id}", headers=bearer(key_of(old))).status_code == 403
    assert client.get(f"{BASE}/{table_id}", headers=bearer(key_of(new))).get_json()["seat"] == 2


def test_the_hosts_own_seat_follows_its_new_link(app, client):
    table_id = open_by_form(client)
    client.post(f"/tables/{table_id}/host/seats/0/key")
    page = parse(host_page(client, table_id))
    assert "(you)" in page.find("h3", id="seat-0-name").text()  # this browser sits at seat 0 with the new key


def test_a_seat_goes_to_the_computer_and_back_to_a_person_with_a_new_link(app, client):
    table_id = open_by_form(client)
    old = links_of(host_page(client, table_id))[2]
    to_computer = client.post(f"/tables/{table_id}/host/seats/2", data={"who": "hard"})
    assert to_computer.status_code == 303
    page = host_page(client, table_id)
    assert sorted(links_of(page)) == [0] and "level hard" in parse(page).find("section", id="seat-2").text()
    assert "The computer (hard) plays Cy's seat now" in page.get_data(as_text=True).replace("&#39;", "'")
    assert client.get(f"{BASE}/{table_id}", headers=bearer(key_of(old))).status_code == 403
    back = client.post(f"/tables/{table_id}/host/seats/2", data={"who": ""})
    assert back.status_code == 303
    new = links_of(host_page(client, table_id))[2]
    assert new != old and client.get(f"{BASE}/{table_id}", headers=bearer(key_of(new))).get_json()["seat"] == 2


@pytest.mark.parametrize(("path", "who", "message"), [
    ("host/seats/1", "genius", "Who plays: choose a person or one of the computer's levels."),
    ("host/seats/1/key", None, "The computer plays this seat: make it a person's seat first."),
])
def test_a_hosts_change_that_cannot_be_made_says_why_and_changes_nothing(app, client, path, who, message):
    table_id = open_by_form(client)
    response = client.post(f"/tables/{table_id}/{path}", data={"who": who} if who else {})
    assert response.status_code == 422
    assert message in parse(response).find("section", id="seat-1").text()
    assert tables.load(sqlite.connect(app.config["DATABASE"]), table_id).version == 1


def test_the_last_persons_seat_stays_a_persons(app, client):
    table_id = open_by_form(client, **{"computer-2": "easy"})
    response = client.post(f"/tables/{table_id}/host/seats/0", data={"who": "easy"})
    assert response.status_code == 422
    assert "at least one seat stays a person's" in parse(response).find("section", id="seat-0").text()
    assert tables.load(sqlite.connect(app.config["DATABASE"]), table_id).seats[0]["player"] == "person"


@pytest.mark.parametrize(("path", "status"), [("host/seats/7", 404), ("host/seats/7/key", 404)])
def test_a_seat_the_table_has_not_is_a_404(client, path, status):
    table_id = open_by_form(client)
    assert client.post(f"/tables/{table_id}/{path}", data={"who": "easy"}).status_code == status


def test_ending_the_table_asks_first_then_ends_it(app, client):
    table_id = open_by_form(client)
    confirm = client.get(f"/tables/{table_id}/host/end")
    assert confirm.status_code == 200
    form = parse(confirm).find("form", action=f"/tables/{table_id}/host/end")
    assert form.attrs["method"] == "post" and form.find("button").text() == "End the table"
    assert tables.load(sqlite.connect(app.config["DATABASE"]), table_id).row["ended"] is False
    ended = client.post(f"/tables/{table_id}/host/end")
    assert ended.status_code == 303
    page = host_page(client, table_id).get_data(as_text=True)
    assert "The host ended this table." in page and "End the table…" not in page
    assert tables.load(sqlite.connect(app.config["DATABASE"]), table_id).row["ended"] is True


def test_the_host_page_links_to_the_score_board(app, client):
    table_id = open_by_form(client)
    game_id = tables.load(sqlite.connect(app.config["DATABASE"]), table_id).game.id
    link = parse(host_page(client, table_id)).find("a", href=f"/games/{game_id}/view")
    assert link.text() == "Score board"
    assert client.get(link.attrs["href"]).status_code == 200


# --- play again from a page ------------------------------------------------------------------------------------


def drive_to_the_end(app, table_id):
    """Play every seat's moves as an easy computer until the deal, and here the game, is over."""
    db = sqlite.connect(app.config["DATABASE"])
    try:
        for _ in range(3000):
            table = tables.load(db, table_id)
            if table.position.over:
                return table
            choice = tables._computer_move(table.position, table.position.to_move, "easy")
            with sqlite.transaction(db):
                tables.make_move(db, table_id, table.to_move, choice.move)
    finally:
        db.close()
    raise AssertionError("the deal did not end")


def test_play_again_from_a_page_starts_a_new_game_with_the_same_seats(app, client, monkeypatch):
    monkeypatch.setattr(tables, "new_seed", lambda: "ask-1")  # easy computers: 560 and 1,175 in deal 1
    table_id = open_by_form(client, rules="classic-2p", **{"options-target": "500", "seats-1": "Bob",
                                                         "computer-1": "easy"})
    not_yet = client.post(f"/tables/{table_id}/again")
    assert not_yet.status_code == 303 and not_yet.headers["Location"] == f"/tables/{table_id}"
    assert "the game at this table is still being played" in host_page(client, table_id).get_data(as_text=True)
    over = drive_to_the_end(app, table_id)
    assert over.game_over
    page = parse(host_page(client, table_id))
    form = page.find("form", action=f"/tables/{table_id}/again")
    assert form.find("button").text() == "Play again with the same seats"
    version = form.find("input", name="version").attrs["value"]
    response = client.post(f"/tables/{table_id}/again", data={"version": version})
    assert response.status_code == 303 and response.headers["Location"] == f"/tables/{table_id}"
    table = tables.load(sqlite.connect(app.config["DATABASE"]), table_id)
    assert table.game.id != over.game.id and table.row["deal_number"] == 1 and not table.game.score.hands
    assert table.names == over.names and table.seats == over.seats
    assert len(over.game.score.hands) == 1  # the old game stays
    again = client.post(f"/tables/{table_id}/again", data={"version": version})  # a second tap
    assert again.status_code == 303
    assert tables.load(sqlite.connect(app.config["DATABASE"]), table_id).game.id == table.game.id


# --- the tables this browser holds -----------------------------------------------------------------------------


def test_the_tables_page_lists_this_browsers_tables_newest_first_with_where_they_stand(app, client):
    assert "No table yet" in client.get("/tables").get_data(as_text=True)
    first = open_by_form(client, **{"seats-0": "Eve"})
    second = open_by_form(client)
    client.post(f"/tables/{first}/host/end")
    page = parse(client.get("/tables"))
    items = page.find("ul", cls="table-list").find_all("li")
    assert [item.find("a", cls="button").attrs["href"] for item in items] == [f"/tables/{second}", f"/tables/{first}"]
    assert "Deal 1 · Ann to move." in items[0].text()
    assert "The host ended this table." in items[1].text()
    assert [link.visible_text() for link in items[0].find_all("a")] == ["Go to your seat", "Host page"]
    assert "No table yet" in app.test_client().get("/tables").get_data(as_text=True)  # another browser


def test_the_home_page_leads_to_play_with_friends_and_the_menu_counts_it_under_games(client):
    home = parse(client.get("/"))
    assert home.find("a", href="/tables/new").text() == "Play with friends"
    nav = parse(client.get("/tables/new")).find("nav")
    assert [(link.text(), link.attrs.get("aria-current")) for link in nav.find_all("a")
            if link.attrs.get("aria-current")] == [("Games", "true")]
    assert nav.find("a", href="/tables") is None  # five items fit one line on a phone


def test_the_hosts_changes_need_the_pages_csrf_token(tmp_path):
    app = table_app(tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', client.get("/tables/new").get_data(as_text=True))
    table_id = open_by_form(client, csrf_token=token.group(1))
    page = host_page(client, table_id).get_data(as_text=True)
    for path in ("host/seats/2/key", "host/seats/2", "host/end", "again"):
        assert client.post(f"/tables/{table_id}/{path}", data={"who": "easy"}).status_code == 400, path
    assert tables.load(sqlite.connect(app.config["DATABASE"]), table_id).version == 1
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert client.post(f"/tables/{table_id}/host/seats/2/key", data={"csrf_token": token}).status_code == 303


def test_a_seats_phone_plays_again_but_cannot_host(app, client, monkeypatch):
    monkeypatch.setattr(tables, "new_seed", lambda: "ask-1")
    table_id = open_by_form(client, rules="classic-2p", **{"options-target": "500", "computer-1": "easy"})
    ann = key_of(links_of(host_page(client, table_id))[0])
    phone = app.test_client()
    with app.test_request_context():  # Ann's own phone keeps her seat's key, as its invite link makes it
        table_access.remember_table_key(table_id, 0, ann)
        secret = session["browser"]
    with phone.session_transaction() as kept:
        kept["browser"] = secret
    assert phone.get(f"/tables/{table_id}/host").status_code == 403
    over = drive_to_the_end(app, table_id)
    response = phone.post(f"/tables/{table_id}/again")
    assert response.status_code == 303 and response.headers["Location"] == f"/tables/{table_id}"
    table = tables.load(sqlite.connect(app.config["DATABASE"]), table_id)
    assert table.game.id != over.game.id and table.row["deal_number"] == 1
