"""Issue 12, finding 7: a right-to-left name never turns the numbers beside it.

A team named in Hebrew, on a real phone-sized Chromium: every total written
after a name must stand to the right of that name, as it does after a
left-to-right one. Without isolation (``<bdi>``) the bidi algorithm takes
"−295" into the name's right-to-left run and draws it to the name's left.
"""

import pytest
from playwright.sync_api import expect

from scorekeeper.store import sqlite

from ..helpers import WORKED, new_game
from .test_browser_board import keep_score

pytestmark = pytest.mark.browser

HEBREW = "שלום"

# For each element: the box of its name (a <bdi>, or the text before the number) and of its number.
BOXES = """(selector) => [...document.querySelectorAll(selector)].map(element => {
  const number = element.querySelector('strong, .total-points');
  const name = element.querySelector('bdi');
  const range = document.createRange();
  if (name) { range.selectNodeContents(name); } else { range.setStart(element, 0); range.setEndBefore(number); }
  const a = range.getBoundingClientRect(), b = number.getBoundingClientRect();
  return {text: element.textContent.trim(), nameRight: a.right, numberLeft: b.left};
})"""


@pytest.fixture
def game(live_server):
    database = sqlite.connect(live_server.database)
    try:
        return new_game(database, hands=[WORKED], names=["Us", HEBREW])
    finally:
        database.close()


def test_numbers_stay_right_of_a_right_to_left_name(live_server, phone, game):
    game_id, key = game
    keep_score(phone, live_server, game_id, key)
    phone.goto(f"{live_server.url}/games/{game_id}/hands/new")
    expect(phone.locator(".nowrap").first).to_be_visible()
    boxes = phone.evaluate(BOXES, ".nowrap")
    assert [box["text"] for box in boxes] == ["Us 605", f"{HEBREW} −295"]
    for box in boxes:
        assert box["numberLeft"] >= box["nameRight"] - 0.5, box
    phone.goto(live_server.url + "/")
    expect(phone.locator(".game-names")).to_have_text(f"Us vs {HEBREW}")
    assert phone.locator(".game-names bdi").all_text_contents() == ["Us", HEBREW]
