"""Why a move is refused: a code and its parameters, as data; its sentence is made when shown.

Every refusal of the referee is a :class:`Refusal`; its words come from
``canasta/messages.py`` (``REFUSALS``), beside every other problem's. Its
parameters are data (numbers, rank codes like ``"K"``, card text, flags); a
refusal that a rules check already words (a meld's broken rule, the pile, the
initial meld) carries the check's problem as a parameter, so a refusal reads
the same in the game and on the check pages.

>>> refusal("dead_rank", rank="K").message
'The kings are dead (a canasta of them is complete): nobody may meld them or add to them.'
>>> refusal("dead_rank", rank="K").as_dict()["params"]
{'rank': 'K'}
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..errors import data
from ..messages import refusal_sentence


@dataclass(frozen=True, slots=True)
class Worded:
    """A code and its parameters, worded by a template: what a refusal and a computer's reason share.

    A subclass adds one last field, the words; :meth:`as_dict` names it as the field is named.
    """

    code: str
    params: tuple[tuple[str, object], ...]

    def as_dict(self) -> dict:
        """Return the code, the parameters and the words for JSON, keys in alphabetical order."""
        words = fields(self)[-1].name
        return dict(sorted({"code": self.code, "params": dict(self.params), words: getattr(self, words)}.items()))


@dataclass(frozen=True, slots=True)
class Refusal(Worded):
    """One reason a move is refused: a code and its parameters; ``message`` is its sentence."""

    @property
    def message(self) -> str:
        """Return the refusal in player words (``messages.REFUSALS``)."""
        return refusal_sentence(self.code, dict(self.params))

    def __str__(self) -> str:
        return self.message

    def as_data(self) -> dict:
        """Return ``{"code": ..., "params": ...}``: the refusal as data (a nested problem as the same)."""
        return {"code": self.code, "params": data(dict(self.params))}

    def as_dict(self) -> dict:
        """Return the code, the parameters (as data) and the sentence for JSON, keys in alphabetical order."""
        return {"code": self.code, "message": self.message, "params": data(dict(self.params))}


def refusal(code: str, **params) -> Refusal:
    """Return the refusal ``code`` with its parameters (data; worded by ``messages.REFUSALS`` when shown)."""
    return Refusal(code, tuple(params.items()))
