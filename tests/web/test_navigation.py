"""The main menu says where the player is: the page itself, or the part of the app it belongs to."""

import pytest

from ..helpers import new_game, parse


def current_items(response):
    """The main menu's marked items, as (words, aria-current)."""
    nav = parse(response).find("nav")
    return [(link.text(), link.attrs["aria-current"]) for link in nav.find_all("a") if "aria-current" in link.attrs]


@pytest.mark.parametrize(
    "path, marked",
    [
        ("/", [("Games", "page")]),
        ("/games/new", [("Games", "true")]),
        ("/practice", [("Practice", "page")]),
        ("/practice/watch", [("Practice", "true")]),
        ("/check", [("Rules check", "page")]),
        ("/check/pile", [("Rules check", "true")]),
        ("/print", [("Print", "page")]),
    ],
    ids=["home", "new-game", "practice", "narrated-deal", "checks", "pile-check", "print"],
)
def test_the_menu_marks_the_page_or_its_part_of_the_app(client, path, marked):
    response = client.get(path)
    assert response.status_code == 200
    assert current_items(response) == marked


def test_a_games_board_and_its_hand_form_are_under_games(client, db):
    game_id, key = new_game(db)
    client.get(f"/games/{game_id}/join?key={key}")
    for path in (f"/games/{game_id}", f"/games/{game_id}/hands/new", f"/games/{game_id}/view"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert current_items(response) == [("Games", "true")], path
