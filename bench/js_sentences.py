"""Count the sentence-like string literals of static/*.js: words a person reads that the script holds itself (issue 24).

The scripts' words are handed over by the server in the reader's language (a
JSON blob in the page, or data attributes), never kept in a second catalogue;
what this counts is left in the scripts. A literal is sentence-like as
:func:`bench.sentences.sentence_like` says (three words or more, no SQL); a
template literal counts its text parts together. Comments are left out.

    python bench/js_sentences.py            # the count, and the count per file
    python bench/js_sentences.py --list     # every literal, with its place
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.sentences import sentence_like  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "static"
# After one of these (or at the start), a "/" opens a regular expression, not a division.
REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def strings(source: str):
    """Yield (line, text) of each string literal of a script; a template literal's ${...} parts are left out."""
    i, line, last = 0, 1, ""
    n = len(source)
    while i < n:
        char = source[i]
        if char == "\n":
            line += 1
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
            continue
        if source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += source.count("\n", i, end)
            i = end
            continue
        if char in "'\"`":
            start_line, text, i = line, [], i + 1
            depth = 0
            while i < n and not (source[i] == char and depth == 0):
                if source[i] == "\\" and i + 1 < n:
                    text.append(source[i + 1])
                    i += 2
                    continue
                if char == "`" and source.startswith("${", i) and depth == 0:
                    depth, i = 1, i + 2
                    text.append(" ")
                    continue
                if depth:
                    depth += {"{": 1, "}": -1}.get(source[i], 0)
                elif source[i] != "\n" or char == "`":
                    text.append(source[i])
                if source[i] == "\n":
                    line += 1
                i += 1
            i += 1
            last = char
            yield start_line, "".join(text)
            continue
        if char == "/" and last in REGEX_BEFORE:
            i += 1
            in_class = False
            while i < n and (source[i] != "/" or in_class) and source[i] != "\n":
                if source[i] == "\\":
                    i += 1
                elif source[i] == "[":
                    in_class = True
                elif source[i] == "]":
                    in_class = False
                i += 1
            i += 1
            last = "/"
            continue
        if not char.isspace():
            last = char if not (char.isalnum() or char in "_$") else "a"
            if char.isalnum() or char in "_$":
                # A keyword after which a regular expression may follow (return /x/).
                end = i
                while end < n and (source[end].isalnum() or source[end] in "_$"):
                    end += 1
                if source[i:end] in ("return", "typeof", "case", "in", "of", "yield"):
                    last = ""
                i = end
                continue
        i += 1


def literals(path: Path):
    """Yield (line, text) of each sentence-like literal of the script at ``path``."""
    for line, text in strings(path.read_text(encoding="utf-8")):
        if sentence_like(text):
            yield line, text


def count(root: Path = ROOT) -> Counter:
    """Return the sentence-like literals of the scripts, counted per file."""
    found = Counter()
    for path in sorted(root.glob("*.js")):
        for _line, _text in literals(path):
            found[path.name] += 1
    return found


def main(argv: list[str]) -> None:
    if "--list" in argv:
        for path in sorted(ROOT.glob("*.js")):
            for line, text in literals(path):
                print(f"static/{path.name}:{line}: {text[:100]!r}")
        return
    found = count()
    for name, number in found.most_common():
        print(f"{number:5}  static/{name}")
    print(f"{sum(found.values()):5}  sentence-like literals in scripts")


if __name__ == "__main__":
    main(sys.argv[1:])
