"""Reading JSON-like input field by field, collecting a Problem for every wrong value.

The engine takes input as it arrives (a decoded JSON body, a stored hand, a
form's data): anything may be missing, of the wrong type or absurd. A
:class:`FieldReader` turns each value into a typed one or None, and keeps a
list of every problem so that the caller can raise them all at once.

>>> reader = FieldReader()
>>> reader.integer(True, "sides[0].hand_points", "Points left in hand", step=5)
>>> reader.integer(10**30, "sides[0].melded_points", "Melded points", high=1180, step=5)
>>> reader.integer(115, "sides[1].melded_points", "Melded points", high=1180, step=5)
115
>>> reader.integer(5, "sides[1].red_threes", "Red 3s", high=4, why_high="decks")
>>> [problem.message for problem in reader.problems]
['Points left in hand must be a whole number, like 15.', 'Melded points cannot be more than 1,180.', 'Red 3s cannot be more than 4: the decks hold 4.']
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import InvalidHand, Place, Problem


def join(prefix: str, key: object) -> str:
    """Return the path of ``key`` under ``prefix``: ``sides[0].melds`` or ``sides[0]``.

    >>> join("sides", 0), join("sides[0]", "melds"), join("", "rules")
    ('sides[0]', 'sides[0].melds', 'rules')
    """
    if isinstance(key, int) and not isinstance(key, bool):
        return f"{prefix}[{key}]"
    name = str(key)[:40]
    return f"{prefix}.{name}" if prefix else name


class FieldPaths(dict):
    """The paths of the named fields under one prefix, each joined on first use and then kept.

    For the names a reader knows (``going_out``, a list position), not for keys
    taken from the input: those are joined only for a problem, by :func:`join`.

    >>> paths = FieldPaths("sides[0]")
    >>> paths["going_out"], paths[2], paths["going_out"] is paths["going_out"]
    ('sides[0].going_out', 'sides[0][2]', True)
    """

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def __missing__(self, key: object) -> str:
        path = self[key] = join(self.prefix, key)
        return path


def paths_under(prefix: str) -> FieldPaths:
    """Return a :class:`FieldPaths` under ``prefix``, owned by the caller: each path joined once for it."""
    return FieldPaths(prefix)


def is_integer(value: object) -> bool:
    """Return True for a JSON integer: an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


class FieldReader:
    """Reads values one at a time; every wrong value adds a Problem to ``problems``.

    While ``side`` is a side's index, fields are paths under that side and
    the problems are placed on it.
    """

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.side: int | None = None

    def problem(self, field: str, code: str, **params: object) -> None:
        """Record one problem: ``code`` (see :mod:`.messages`) with its parameters, at ``field``."""
        self.problems.append(Problem(code, Place(side=self.side, field=field), **params))

    def extend(self, problems: Iterable[Problem], prefix: str = "", *, hand: int | None = None) -> None:
        """Record problems whose fields are relative to ``prefix`` (on the side being read, in ``hand``)."""
        if not problems:  # most checks find none
            return
        for problem in problems:
            problem = problem.under(prefix)
            if self.side is not None and problem.place.side is None:
                problem = problem.on_side(self.side)
            if hand is not None:
                problem = problem.in_hand(hand)
            self.problems.append(problem)

    def raise_if_any(self) -> None:
        """Raise InvalidHand with every problem recorded so far, if there is one."""
        if self.problems:
            raise InvalidHand(self.problems)

    def integer(
        self,
        value: object,
        field: str,
        label: str,
        *,
        low: int | None = 0,
        high: int | None = None,
        step: int = 1,
        example: int | None = None,
        why_high: str = "",
    ) -> int | None:
        """Return ``value`` if it is a whole number within bounds, else record why and return None.

        ``why_high`` names why a value cannot be above ``high`` (``"decks"``:
        the decks hold no more; see the ``value.above.*`` messages).
        """
        if isinstance(value, bool) or not isinstance(value, int):  # not is_integer(value): every number read passes here
            shown = example if example is not None else (15 if step == 5 else 1)
            self.problem(field, "value.not_integer", label=label, example=shown)
            return None
        if low is not None and value < low:
            if low == 0:
                self.problem(field, "value.negative", label=label)
            else:
                self.problem(field, "value.below", label=label, low=low)
            return None
        if high is not None and value > high:
            self.problem(field, f"value.above.{why_high}" if why_high else "value.above", label=label, high=high)
            return None
        if value % step:
            if step == 5:
                self.problem(field, "value.multiple_of_5", label=label)
            else:
                self.problem(field, "value.multiple_of", label=label, step=step)
            return None
        return value

    def boolean(self, value: object, field: str, label: str) -> bool | None:
        """Return ``value`` if it is true or false, else record why and return None."""
        if isinstance(value, bool):
            return value
        self.problem(field, "value.not_boolean", label=label)
        return None

    def choice(self, value: object, field: str, label: str, choices: tuple[str, ...]) -> str | None:
        """Return ``value`` if it is one of ``choices``, else record why and return None."""
        if isinstance(value, str) and value in choices:
            return value
        listed = ", ".join(f'"{choice}"' for choice in choices[:-1]) + f' or "{choices[-1]}"'
        self.problem(field, "value.not_choice", label=label, listed=listed)
        return None

    def mapping(self, value: object, field: str, what: str, allowed: Iterable[str]) -> dict | None:
        """Return ``value`` if it is an object with no unknown keys; record each unknown key.

        Known keys of a mapping with unknown ones are still returned, so their
        values are checked too.
        """
        if not isinstance(value, dict):
            self.problem(field, "value.not_object", what=what)
            return None
        allowed = tuple(allowed)
        if not value.keys() - allowed:  # the usual case: every key is known
            return dict(value)
        for key in value:
            if key not in allowed:
                self.problem(join(field, key), "value.unknown_field", what=what, name=str(key)[:40],
                             fields=", ".join(allowed))
        return {key: item for key, item in value.items() if key in allowed}

    def sequence(self, value: object, field: str, what: str, most: int) -> list | None:
        """Return ``value`` if it is a list of at most ``most`` entries, else record why."""
        if not isinstance(value, list):
            self.problem(field, "value.not_list", what=what)
            return None
        if len(value) > most:
            self.problem(field, "value.too_many_entries", what=what, most=most, count=len(value))
            return None
        return value
