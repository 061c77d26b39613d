"""Plurals in templates: a {% trans %} block with several variables chooses its plural form by the first one
unless {% pluralize count %} names it. English never notices (without a catalogue the count is only compared
with 1); a catalogue's plural rule wants a number, so the page failed with a 500 in every other language."""

import re
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper import create_app

ROOT = Path(__file__).resolve().parents[2]
TRANS = re.compile(r"\{%-? trans ([^%]*?)-?%\}(.*?)\{%-? endtrans -?%\}", re.S)


def test_every_plural_block_names_its_count():
    wrong = []
    for template in (ROOT / "templates").rglob("*.html"):
        for variables, body in TRANS.findall(template.read_text()):
            first = variables.split("=")[0].strip()
            if "{% pluralize %}" in body and first and first != "count":
                wrong.append(f"{template.relative_to(ROOT)}: counts by {first!r}")
    assert wrong == []


@pytest.fixture
def client(tmp_path):
    folder = tmp_path / "catalogues"
    po = ROOT / "translations" / "pt_BR" / "LC_MESSAGES" / "messages.po"
    (folder / "pt_BR" / "LC_MESSAGES").mkdir(parents=True)
    with po.open("rb") as source, (folder / "pt_BR" / "LC_MESSAGES" / "messages.mo").open("wb") as out:
        write_mo(out, read_po(source, locale="pt_BR"))
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "DATABASE": str(tmp_path / "plurals.db"), "BABEL_TRANSLATION_DIRECTORIES": str(folder)})
    return app.test_client()


PORTUGUESE = {"Accept-Language": "pt-BR"}


def test_the_practice_table_shows_hand_sizes_in_portuguese(client):
    started = client.post("/practice/start", data={"rules": "classic", "level": "easy", "seed": "7"}, headers=PORTUGUESE)
    assert started.status_code == 303
    page = client.get("/practice", headers=PORTUGUESE)
    assert page.status_code == 200
    assert re.search(r"class=\"held\">[^<]+: 1[0-9] cartas<", page.get_data(as_text=True))


@pytest.mark.slow
def test_a_games_score_sheet_prints_in_portuguese(client):
    game = client.post("/games/new", data={"rules": "classic", "names-0": "Ana", "names-1": "Beto"}).headers["Location"]
    sheet = client.get(game.rstrip("/") + "/sheet.pdf", headers=PORTUGUESE)
    assert sheet.status_code == 200 and sheet.data.startswith(b"%PDF")
