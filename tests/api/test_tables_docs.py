"""docs/tables.md replayed: every curl command of the page sent in order, every answer checked as shown."""

import json
import re
import shlex
from pathlib import Path

import pytest

from scorekeeper.games import tables

from ..helpers import DOC_EXAMPLE
from ..tables_helpers import table_app

DOCS = Path(__file__).resolve().parents[2] / "docs" / "tables.md"
ANY = "..."  # in a shown answer: a random id or key


@pytest.fixture
def client(tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "new_seed", lambda: "docs-1")
    return table_app(tmp_path).test_client()


def shown_in(shown, actual):
    """True when every field the example shows is in the answer with its value ("..." for any text)."""
    if shown == ANY:
        return isinstance(actual, str) and len(actual) >= 16
    if isinstance(shown, dict):
        return isinstance(actual, dict) and all(key in actual and shown_in(value, actual[key])
                                                for key, value in shown.items())
    if isinstance(shown, list):
        return isinstance(actual, list) and len(shown) == len(actual) and all(map(shown_in, shown, actual))
    return shown == actual and type(shown) is type(actual)


def request_of(command, names):
    """Return ``(method, path, headers, data)`` of a curl command, its $NAMES filled in."""
    words = shlex.split(command.replace("\\\n", " "))
    words = [re.sub(r"\$([A-Z]+)", lambda match: names[match.group(1)], word) for word in words]
    path = re.sub(r"^https?://[^/]+", "", next(word for word in words if word.startswith("http")))
    headers = dict(words[index + 1].split(": ", 1) for index, word in enumerate(words) if word == "-H")
    data = words[words.index("-d") + 1] if "-d" in words else None
    method = words[words.index("-X") + 1] if "-X" in words else ("POST" if data is not None else "GET")
    return method, path, headers, data


def test_every_example_of_the_tables_docs_is_answered_as_shown(client):
    examples = DOC_EXAMPLE.findall(DOCS.read_text())
    assert len(examples) == 12, "the page lost or gained examples"
    names = {}
    for command, status, note, shown in examples:
        method, path, headers, data = request_of(command, names)
        response = client.open(path, method=method, headers=headers, data=data)
        assert response.status_code == int(status), (command, response.get_json())
        answer, expected = response.get_json(), json.loads(shown)
        if "shortened" in note:
            assert shown_in(expected, answer), (command, answer)
        else:
            assert shown_in(expected, answer) and set(expected) == set(answer), (command, answer)
        if not names:  # the first example opens the table the others use
            names = {"TABLE": answer["id"], "HOST": answer["host_key"], "ANN": answer["seats"][0]["key"],
                     "CY": answer["seats"][2]["key"]}
