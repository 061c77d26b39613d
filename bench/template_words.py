"""Count the template lines that hold words a person reads outside {% trans %} and {{ _(...) }} (issue 24).

Jinja's own syntax, tags, comments, <script>/<style> bodies and attribute values
other than the read ones (title, aria-label, alt, placeholder) are left out.

    python bench/template_words.py [templates folder]          # the count, per file
    python bench/template_words.py --list                      # every line counted
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "templates"
SKIP = re.compile(r"\{%-?\s*trans\b.*?\{%-?\s*endtrans\s*-?%\}|\{#.*?#\}|<script\b.*?</script>|<style\b.*?</style>", re.S)
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
READ_ATTRS = re.compile(r'\b(?:title|aria-label|alt|placeholder)="([^"]*)"')
TAG = re.compile(r"<[^>]*>", re.S)
WORD = re.compile(r"\b[A-Za-z][a-z]{1,}\b")


def _blank(match: re.Match) -> str:
    return "\n" * match.group().count("\n")


def lines(path: Path):
    """Yield (line number, text) of each line with a read word outside gettext."""
    text = SKIP.sub(_blank, path.read_text(encoding="utf-8"))
    text = JINJA.sub(lambda m: " " * 0 + "\n" * m.group().count("\n"), text)
    text = READ_ATTRS.sub(lambda m: " " + m.group(1) + " ", text)
    text = TAG.sub(_blank, text)
    for number, line in enumerate(text.splitlines(), 1):
        if WORD.search(line.replace("&nbsp;", " ")):
            yield number, line.strip()


def main(argv):
    root = Path(next((arg for arg in argv if not arg.startswith("--")), ROOT))
    found = Counter()
    for path in sorted(root.rglob("*.html")):
        for number, line in lines(path):
            found[str(path.relative_to(root))] += 1
            if "--list" in argv:
                print(f"{path.relative_to(root)}:{number}: {line[:100]}")
    for name, count in found.most_common():
        print(f"{count:5}  {name}")
    print(f"{sum(found.values()):5}  template lines with words outside gettext")


if __name__ == "__main__":
    main(sys.argv[1:])
