"""Count the sentence-like string literals of scorekeeper/ that sit outside a gettext call.

Issue 21 ("words rendered late") and issue 24 (languages) want every sentence a
player reads in the catalogues; this counts what is left elsewhere.
A literal is sentence-like when it holds three words or more between spaces (an f-string counts
its text parts together); docstrings, and literals inside a call of gettext, ngettext,
lazy_gettext, ``_`` or the engine's markers ``N_`` and ``Nn_`` (what ``make extract`` gathers), are not counted;
nor what no player reads: the server log's lines (``log.info(...)``), SQL, rate-limit settings, and the files
of :data:`NOT_SHOWN`.

    python bench/sentences.py            # the count, and the count per file
    python bench/sentences.py --list     # every literal, with its place
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "scorekeeper"
CATALOGUES: set[str] = set()  # files left out (none: messages.py's sentences are marked with N_)
# Files whose words no page, message or PDF shows, with the reason.
NOT_SHOWN = {
    "facts.py": "the fact checker's names of the facts a reason states, read by tests and the bench only",
}
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical"}
RATE_LIMIT = re.compile(r"^\d+ per (second|minute|hour|day)(; \d+ per (second|minute|hour|day))*$")
GETTEXT = {"_", "_l", "N_", "Nn_", "gettext", "ngettext", "lazy_gettext", "lazy_ngettext", "pgettext"}
WORD = re.compile(r"^[(\"']?[A-Za-z][a-z'\u2019]*[,.:;!?)\"']*$")
SQL = re.compile(r"^\s*(select|insert|update|delete|create|alter|drop|pragma|with|explain)\b|\w+ = \?", re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _logged(func: ast.AST) -> bool:
    """True for a call of the server log: ``log.info(...)``, ``logger.warning(...)``, ``logging.error(...)``."""
    owner = func.value if isinstance(func, ast.Attribute) else None
    return (owner is not None and func.attr in LOG_METHODS and isinstance(owner, ast.Name)
            and "log" in owner.id.lower())


def _called(func: ast.AST) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(part.value for part in node.values
                        if isinstance(part, ast.Constant) and isinstance(part.value, str))
    return None


def sentence_like(text: str) -> bool:
    """Return True for text a person reads: three words or more between spaces, and no SQL."""
    if SQL.search(text) or RATE_LIMIT.match(text):
        return False
    return sum(1 for token in text.split() if WORD.match(token)) >= 3


def literals(path: Path):
    """Yield (line, text) of each sentence-like literal in the file at ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    inside_fstring = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (_called(node.func) in GETTEXT or _logged(node.func)):
            skip.update(id(arg) for arg in node.args)
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inside_fstring:
            continue
        text = _text(node)
        if text is not None and sentence_like(text):
            yield node.lineno, text


def count(root: Path = ROOT) -> Counter:
    """Return the sentence-like literals outside the catalogues, counted per file."""
    found = Counter()
    for path in sorted(root.rglob("*.py")):
        if path.name in CATALOGUES or path.name in NOT_SHOWN:
            continue
        for _line, _text in literals(path):
            found[str(path.relative_to(root.parent))] += 1
    return found


def main(argv: list[str]) -> None:
    if "--list" in argv:
        for path in sorted(ROOT.rglob("*.py")):
            if path.name not in CATALOGUES and path.name not in NOT_SHOWN:
                for line, text in literals(path):
                    print(f"{path.relative_to(ROOT.parent)}:{line}: {text[:100]!r}")
        return
    found = count()
    for name, number in found.most_common():
        print(f"{number:5}  {name}")
    print(f"{sum(found.values()):5}  sentence-like literals outside gettext")


if __name__ == "__main__":
    main(sys.argv[1:])
