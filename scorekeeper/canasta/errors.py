"""Errors the game engine raises, and the problems they carry: data, put into words in one place.

Every error is a ``ValueError`` and carries ``.problems``: a list of
:class:`Problem`. A problem is a code, its parameters and a :class:`Place`
(hand, side, field); its sentence is made by :mod:`.messages` from the code,
so a page, the API and a later translation say the same thing. A view answers
with all of them at once::

    try:
        answer = score_request(payload)
    except CanastaError as error:
        return {"errors": [problem.as_dict() for problem in error.problems]}, 422

>>> problem = Problem("going_out.canastas_needed", Place(side=0, field="going_out"), needed=1, has=0)
>>> problem.field, problem.message
('sides[0].going_out', 'A side needs 1 canasta to go out; this side has none.')
>>> problem.in_hand(2).field, problem.in_hand(2).message_with_hand
('hands[2].sides[0].going_out', 'Hand 3: A side needs 1 canasta to go out; this side has none.')
>>> isinstance(InvalidHand([problem]), ValueError)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from .messages import sentence


def _joined(prefix: str, path: str) -> str:
    if not prefix:
        return path
    if not path:
        return prefix
    return prefix + path if path.startswith("[") else f"{prefix}.{path}"


@dataclass(frozen=True)
class Place:
    """Where a problem is: a hand of a game, a side of a hand, a field path under them ("" for all of it).

    >>> Place(hand=1, side=0, field="melds[2].twos").path, Place(field="totals_before[1]").path
    ('hands[1].sides[0].melds[2].twos', 'totals_before[1]')
    >>> Place(hand=3).path, Place(side=1).path, Place().path
    ('hands[3]', 'sides[1]', '')
    """

    hand: int | None = None
    side: int | None = None
    field: str = ""

    @cached_property
    def path(self) -> str:
        """Return the place as the API's field path: ``hands[1].sides[0].going_out``."""
        path = f"hands[{self.hand}]" if self.hand is not None else ""
        if self.side is not None:
            path = _joined(path, f"sides[{self.side}]")
        return _joined(path, self.field)


NOWHERE = Place()


class Problem:
    """One broken rule: a code, its parameters, and where (a Place, or a field path as text).

    ``also`` places the other fields a problem between fields involves (the red
    3s of each side that laid some out), so a form can show it beside each.
    """

    __slots__ = ("code", "params", "place", "also_places", "_message")

    def __init__(self, code: str, place: Place | str = NOWHERE, /, *, also: Iterable[Place | str] = (),
                 **params: object) -> None:
        self.code = code
        self.place = place if isinstance(place, Place) else Place(field=place)
        self.also_places = tuple(where if isinstance(where, Place) else Place(field=where) for where in also)
        self.params = params
        self._message: str | None = None

    @property
    def also(self) -> tuple[str, ...]:
        """Return the field paths of the other fields the problem involves."""
        return tuple(where.path for where in self.also_places)

    @property
    def field(self) -> str:
        """Return the field path of the problem, as in the API's ``errors`` list ("" for the whole input)."""
        return self.place.path

    @property
    def message(self) -> str:
        """Return the problem in player words (made once, by :func:`.messages.sentence`)."""
        if self._message is None:
            self._message = sentence(self.code, self.params)
        return self._message

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return (self.code, self.place, self.params) == (other.code, other.place, other.params)

    def __hash__(self) -> int:
        return hash((self.code, self.place))

    def __repr__(self) -> str:
        return f"Problem({self.code!r}, {self.place!r}, {self.params!r})"

    def __str__(self) -> str:
        """Return the sentence (a page shows a problem as its words)."""
        return self.message

    def as_data(self) -> dict[str, object]:
        """Return ``{"code": ..., "params": ...}``: the problem as data, for JSON (a nested problem as the same).

        >>> Problem("pile.natural_pair_needed", because=(Problem("pile.frozen.by_a_card"),), rank="Q", in_hand=1).as_data()
        {'code': 'pile.natural_pair_needed', 'params': {'because': [{'code': 'pile.frozen.by_a_card', 'params': {}}], 'rank': 'Q', 'in_hand': 1}}
        """
        return {"code": self.code, "params": data(self.params)}

    @property
    def message_with_hand(self) -> str:
        """Return the message, begun with the hand it is in as players count them: ``"Hand 4: ..."``."""
        if self.place.hand is None:
            return self.message
        return Problem("in_hand", number=self.place.hand + 1, problem=self).message

    def as_dict(self) -> dict[str, str]:
        """Return ``{"field": ..., "message": ...}`` as in the API's ``errors`` list."""
        return {"field": self.field, "message": self.message}

    def at(self, place: Place) -> Problem:
        """Return the same problem at ``place`` (the fields it also involves stay where they are)."""
        return self._moved(place, self.also_places)

    def _moved(self, place: Place, also: tuple[Place, ...]) -> Problem:
        moved = Problem(self.code, place, also=also, **self.params)
        moved._message = self._message
        return moved

    def _each_place(self, change) -> Problem:
        return self._moved(change(self.place), tuple(change(where) for where in self.also_places))

    def under(self, prefix: str) -> Problem:
        """Return the same problem with its field placed under the path ``prefix``.

        >>> Problem("meld.too_many_wilds", "twos", most=3, wilds=4).under("melds[1]").field
        'melds[1].twos'
        >>> Problem("meld.not_one_rank", "", ranks=("K", "Q")).under("melds[1]").field
        'melds[1]'
        >>> Problem("meld.too_many_wilds", "twos", also=["jokers"], most=3, wilds=4).under("melds[1]").also
        ('melds[1].jokers',)
        """
        if not prefix:
            return self
        return self._each_place(lambda where: replace(where, field=_joined(prefix, where.field)))

    def on_side(self, side: int) -> Problem:
        """Return the same problem placed on side ``side`` (its fields then relative to the side)."""
        return self._each_place(lambda where: where if where.side is not None else replace(where, side=side))

    def in_hand(self, hand: int | None) -> Problem:
        """Return the same problem placed in hand ``hand`` of a game (None: out of any hand)."""
        return self._each_place(lambda where: replace(where, hand=hand))


def said_as_one(problems: Iterable[Problem]) -> Problem:
    """Return the problems as one, their sentences said in turn (as an error's text says them)."""
    problems = tuple(problems)
    return problems[0] if len(problems) == 1 else Problem("sentences", problems=problems)


def data(value: object) -> object:
    """Return ``value`` as JSON-ready data: problems (anything with ``as_data``) as code and params, tuples as lists."""
    if hasattr(value, "as_data"):
        return value.as_data()
    if isinstance(value, Mapping):
        return {key: data(item) for key, item in value.items()}
    if isinstance(value, (tuple, list, set, frozenset)):
        return [data(item) for item in value]
    return value


class CanastaError(ValueError):
    """Base of every engine error; ``.problems`` lists each broken rule."""

    def __init__(self, problems: Problem | Iterable[Problem]):
        if isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__(" ".join(problem.message for problem in self.problems))


class InvalidHand(CanastaError):
    """A hand (or a game's hands, totals or options) breaks the rules; lists every problem."""


class UnknownRules(CanastaError):
    """The rule set id names no preset."""


class CardError(CanastaError):
    """Card text (``"K K 2"``) or a group of cards cannot be read or cannot form a meld."""
