"""What several test files share: a small HTML reader, a game started through the service,
and the sample hands of RULES.md and API.md."""

import json
import re
import shlex
from html.parser import HTMLParser

from scorekeeper.games import keyring
from scorekeeper.games import write as service
from scorekeeper.store import sqlite
from scorekeeper.store import edit_keys

def held_keys(client):
    """The edit keys a test client's browser holds, as the server keeps them for it: ``{game_id: key}``."""
    with client.session_transaction() as session:
        secret = session.get("browser")
        keys = dict(session.get("keys", {}))  # an older cookie's, not moved yet
    if secret is None:
        return keys
    db = sqlite.connect(client.application.config["DATABASE"])
    try:
        rows = edit_keys.held(db, keyring.browser_id(secret))
    finally:
        db.close()
    return {**keys, **{game_id: keyring.unseal(secret, game_id, row["sealed_key"])
                       for game_id, row in rows.items() if row["sealed_key"] is not None}}


# RULES.md's worked example, as API.md sends it: Ann & Bob score 605, Cy & Di -295.
WORKED = [
    {"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
    {"melded_points": 0, "hand_points": 95, "red_threes": 2},
]

# API.md's "Score one hand" example, request and answer, copied verbatim: a change of the page
# or of the answer shows here. (bench/seed.py keeps its own copy: the bench does not import tests.)
API_MD_REQUEST = """{
  "rules": "classic",
  "options": {},
  "totals_before": [0, 0],
  "sides": [
    {"melded_points": 120, "hand_points": 15, "natural_canastas": 0,
     "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
    {"melded_points": 0, "hand_points": 95, "red_threes": 2}
  ]
}"""
API_MD_ANSWER = """{
  "sides": [{"members": [0], "score": 605, "breakdown": {"canastas": 300, "going_out": 100, "red_threes": 100, "melded": 120, "in_hand": -15}},
            {"members": [1], "score": -295, "breakdown": {"red_threes": -200, "in_hand": -95}}],
  "scorers": [{"hand_score": 605, "total": 605, "next_minimum": 50},
              {"hand_score": -295, "total": -295, "next_minimum": 15}],
  "game_over": false,
  "winner": null
}"""


def new_game(db, hands=(), **fields):
    """Start a Classic game of Ann & Bob against Cy & Di (unless ``fields`` say otherwise) through the
    service, enter ``hands``; return ``(game id, edit key)``."""
    fields.setdefault("rules", "classic")
    fields.setdefault("names", ["Ann & Bob", "Cy & Di"])
    game_id, key = service.new_game(db, **fields)
    for hand in hands:
        service.add_hand(db, game_id, hand)
    return game_id, key


# --- a small HTML reader -------------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
        "path", "line", "circle", "polyline"}


class Node:
    def __init__(self, tag, attrs, parent=None):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    @property
    def classes(self):
        return (self.attrs.get("class") or "").split()

    def _raw(self, visible, apart):
        if visible and "visually-hidden" in self.classes:
            return ""
        return "".join(child if isinstance(child, str) else child._raw(visible, apart) + apart
                       for child in self.children)

    def text(self, apart=False):
        """The text inside, white space folded; ``apart=True`` ends each element's text with a space,
        as cards laid out one beside the other read (``K K 2``, not ``KK2``)."""
        return re.sub(r"\s+", " ", self._raw(False, " " if apart else "")).strip()

    def visible_text(self):
        """The text a sighted player reads: visually hidden parts left out."""
        return re.sub(r"\s+", " ", self._raw(True, "")).strip()

    def iter(self):
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.iter()

    def find_all(self, tag=None, cls=None, **attrs):
        return [
            node for node in self.iter()
            if (tag is None or node.tag == tag) and (cls is None or cls in node.classes)
            and all(node.attrs.get(name.rstrip("_")) == value for name, value in attrs.items())
        ]

    def find(self, tag=None, cls=None, **attrs):
        found = self.find_all(tag, cls, **attrs)
        return found[0] if found else None


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.current = Node("#document", {})

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(page):
    """Return the document tree of an HTML page: a test client's response, str or bytes."""
    if hasattr(page, "get_data"):
        page = page.get_data(as_text=True)
    builder = _Builder()
    builder.feed(page.decode() if isinstance(page, bytes) else page)
    return builder.root


# --- the docs' examples, replayed -------------------------------------------------------------

DOC_EXAMPLE = re.compile(
    r"^```sh\n(curl .*?)^```\n\n\*\*Answer\*\* `(\d{3})[^`]*`(.*?)\n\n```json\n(.*?)^```", re.S | re.M)


def contains(shown, actual):
    """True when every field a shortened example shows is in the answer, with the value shown."""
    if isinstance(shown, dict):
        return isinstance(actual, dict) and all(key in actual and contains(value, actual[key]) for key, value in shown.items())
    if isinstance(shown, list):
        return isinstance(actual, list) and len(shown) == len(actual) and all(map(contains, shown, actual))
    return shown == actual and type(shown) is type(actual)


def replay_doc_examples(client, page):
    """Send every ``curl`` example of a docs page and check its answer as shown; return how many there are.

    An example is a ``curl`` command, then ``**Answer** `STATUS …``` and the JSON answered;
    one whose note says "shortened" shows only some fields, each with its value.
    """
    examples = DOC_EXAMPLE.findall(page.read_text())
    for command, status, note, shown in examples:
        words = shlex.split(command.replace("\\\n", " "))
        path = re.sub(r"^https?://[^/]+", "", next(word for word in words if word.startswith("http")))
        data = words[words.index("-d") + 1]
        response = client.post(path, data=data, content_type="application/json")
        assert response.status_code == int(status), (path, data, response.get_json())
        expected = json.loads(shown)
        if "shortened" in note:
            assert contains(expected, response.get_json()), (data, response.get_json())
        else:
            assert response.get_json() == expected, (data, response.get_json())
    return len(examples)
