"""Errors the game engine raises: every one says what was wrong, in player words.

Every error is a ``ValueError`` and carries ``.problems``: a list of
:class:`Problem` (a field path into the input and a sentence for a player), so
a view can answer with all of them at once::

    try:
        answer = score_request(payload)
    except CanastaError as error:
        return {"errors": [problem.as_dict() for problem in error.problems]}, 422

>>> error = InvalidHand([Problem("sides[0].going_out", "A side needs 1 canasta to go out; this side has none.")])
>>> isinstance(error, ValueError), error.problems[0].field
(True, 'sides[0].going_out')
>>> str(CardError('Cannot read "KX" (card 3).', field="cards"))
'Cannot read "KX" (card 3).'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One broken rule: ``field`` is a path into the input ("" for the whole input).

    ``also`` names the other fields a problem between fields involves (the red
    3s of each side that laid some out), so a form can show it beside each.
    """

    field: str
    message: str
    also: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, str]:
        """Return ``{"field": ..., "message": ...}`` as in the API's ``errors`` list."""
        return {"field": self.field, "message": self.message}

    def under(self, prefix: str) -> Problem:
        """Return the same problem with its field placed under ``prefix``.

        >>> Problem("twos", "Too many wild cards.").under("sides[0].melds[1]").field
        'sides[0].melds[1].twos'
        >>> Problem("", "Not a meld.").under("sides[0].melds[1]").field
        'sides[0].melds[1]'
        """
        if not prefix:
            return self
        also = tuple(Problem(path, "").under(prefix).field for path in self.also)
        if not self.field:
            return Problem(prefix, self.message, also)
        joiner = "" if self.field.startswith("[") else "."
        return Problem(f"{prefix}{joiner}{self.field}", self.message, also)


class CanastaError(ValueError):
    """Base of every engine error; ``.problems`` lists each broken rule."""

    def __init__(self, problems: Problem | str | Iterable[Problem], field: str = ""):
        if isinstance(problems, str):
            problems = [Problem(field, problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__(" ".join(problem.message for problem in self.problems))


class InvalidHand(CanastaError):
    """A hand (or a game's hands, totals or options) breaks the rules; lists every problem."""


class UnknownRules(CanastaError):
    """The rule set id names no preset."""


class CardError(CanastaError):
    """Card text (``"K K 2"``) or a group of cards cannot be read or cannot form a meld."""
