"""A full phone says which game it would forget, with its edit link, before it forgets it: on a real
phone-sized Chromium, served by gunicorn with a limit of 2 games (the app keeps 1000 unless told)."""

import pytest
from playwright.sync_api import expect

from scorekeeper.store import sqlite

from ..helpers import new_game
from ..servers import start_gunicorn
from .test_browser_board import check_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def small_server(tmp_path_factory):
    server = start_gunicorn(tmp_path_factory.mktemp("full") / "full.db", workers=1,
                            extra_env={"SCOREKEEPER_REMEMBERED_GAMES_AT_MOST": "2"})
    yield server
    server.stop()


@pytest.fixture
def database(small_server):
    database = sqlite.connect(small_server.database)
    yield database
    database.close()


@pytest.mark.parametrize("scheme, width", [("light", 390), ("dark", 320)], ids=["light-390", "dark-320"])
def test_a_full_phone_names_the_game_it_would_forget_and_shows_its_link(small_server, phone, database, scheme, width):
    phone.emulate_media(color_scheme=scheme)
    phone.set_viewport_size({"width": width, "height": 844})
    url = small_server.url
    (old, old_key), (kept, kept_key), (new, new_key) = (
        new_game(database, names=[f"Friday {scheme}", "Them"]), new_game(database, names=["Us", "Them"]),
        new_game(database, names=["Sunday", "Them"]))
    database.execute("update games set updated_at = '2020-01-01T00:00:00+00:00' where id = ?", [old])
    database.conn.commit()
    for game_id, key in ((old, old_key), (kept, kept_key)):
        phone.goto(f"{url}/games/{game_id}/join?key={key}")
        expect(phone).to_have_url(f"{url}/games/{game_id}")

    phone.goto(f"{url}/")
    notice = phone.locator("section.keep-link")
    expect(notice.get_by_role("heading")).to_have_text(f"This phone will forget it can edit “Friday {scheme} vs Them”")
    expect(notice.get_by_role("link", name=f"{url}/games/{old}/join?key={old_key}")).to_be_visible()
    check_page(phone, f"full-phone-home-{scheme}-{width}")

    phone.goto(f"{url}/games/{new}/join?key={new_key}")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Keep score of this game here?")
    expect(phone.locator("section.keep-link a.keep-link-url, section.keep-link .keep-link-url a")).to_have_text(
        f"{url}/games/{old}/join?key={old_key}")
    check_page(phone, f"full-phone-join-{scheme}-{width}")

    phone.get_by_role("link", name="Keep score of this game here").click()
    expect(phone).to_have_url(f"{url}/games/{new}")
    expect(phone.locator(".flash").last).to_have_text(
        f"To make room, this phone no longer keeps score of “Friday {scheme} vs Them”. Its edit link brings it back.")
    expect(phone.get_by_role("link", name="Add hand 1")).to_be_visible()
    phone.goto(f"{url}/")
    expect(phone.locator("a.game-link")).to_have_count(2)
