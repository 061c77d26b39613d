"""Make the pseudo-locale en_XA from a .pot: every string wrapped in « » and its letters accented.

A page crawled in en_XA shows every translated string between the brackets;
any English word left outside them was never put through gettext. The
placeholders (``%(name)s``, ``{name:spec}``), HTML tags and entities are kept as
they are, so the pages and the engine's sentences still fill in.

    python translations/pseudo.py translations/messages.pot OUTDIR   # OUTDIR/en_XA/LC_MESSAGES/messages.{po,mo}
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

LOCALE = "en_XA"
OPEN, CLOSE = "«", "»"  # in every PDF font, and in no English string of the app
ACCENTS = str.maketrans("aeiouyAEIOUYcnsCNS", "áéíöüýÅÉÍÖÜÝçñšÇÑŠ")
# What must stay as written: printf and brace placeholders, tags, entities.
KEPT = re.compile(r"%\([A-Za-z0-9_]+\)[sd]|%[sd]|\{[^{}]*\}|<[^>]*>|&[#a-z0-9]+;")


def pseudo(text: str) -> str:
    """Return ``text`` accented and wrapped, its placeholders and tags untouched.

    >>> pseudo("Hand %(number)s: {label} <b>is</b> wrong")
    '«Háñd %(number)s: {label} <b>íš</b> wröñg»'
    """
    if not text:
        return text
    out, at = [], 0
    for match in KEPT.finditer(text):
        out.append(text[at:match.start()].translate(ACCENTS))
        out.append(match.group())
        at = match.end()
    out.append(text[at:].translate(ACCENTS))
    return OPEN + "".join(out) + CLOSE


def build(pot: Path, folder: Path) -> Path:
    """Write ``folder/en_XA/LC_MESSAGES/messages.po`` and ``.mo`` from the template ``pot``; return the folder."""
    with pot.open("rb") as handle:
        catalog = read_po(handle, locale=LOCALE)
    for message in catalog:
        if not message.id:
            continue
        if message.pluralizable:
            message.string = tuple(pseudo(each) for each in message.id) + (pseudo(message.id[1]),) * (
                catalog.num_plurals - 2)
        else:
            message.string = pseudo(message.id)
    target = folder / LOCALE / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with (target / "messages.po").open("wb") as handle:
        write_po(handle, catalog, width=0)
    with (target / "messages.mo").open("wb") as handle:
        write_mo(handle, catalog)
    return folder


if __name__ == "__main__":
    build(Path(sys.argv[1]), Path(sys.argv[2]))
