"""The four catalogues are whole: every message the code and templates mark today is translated, none fuzzy.

The messages are extracted afresh (``pybabel extract`` with the Makefile's keywords), so a word wrapped in
gettext after the catalogues were last updated counts as missing until ``make update`` brings it in and a
translator translates it; a translation the code no longer uses is no help and is not counted.
"""

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ["es", "pt_BR", "it", "de"]


def _key(message):
    return (message.id if isinstance(message.id, str) else message.id[0]), message.context


@pytest.fixture(scope="module")
def marked(tmp_path_factory):
    """The messages the code and templates mark now (as make extract gathers them)."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run([str(pybabel), "-q", "extract", "-F", "babel.cfg", "-k", "N_", "-k", "_l", "-k", "lazy_gettext",
                    "-k", "lazy_ngettext:1,2", "-o", str(pot), "."], cwd=ROOT, check=True)
    with pot.open("rb") as source:
        return {_key(message) for message in read_po(source) if message.id}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_marked_message_is_translated(marked, locale):
    with (ROOT / "translations" / locale / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalog = read_po(source, locale=locale)
    done = set()
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and not message.fuzzy and all(strings):
            done.add(_key(message))
    missing = sorted(text for text, _ in marked - done)
    assert not missing, f"{locale}: {len(missing)} of {len(marked)} messages untranslated or fuzzy, e.g. {missing[:5]}"
