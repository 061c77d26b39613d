"""Why a move is refused: a code, its parameters, and one sentence in the player's words.

Every refusal of the referee is a :class:`Refusal`; its words come from
``canasta/messages.py`` (``REFUSALS``), beside every other problem's. Refusals
that a rules check already words (a meld's broken
rule, the pile, the initial meld) keep the check's sentence, so a refusal
reads the same in the game and on the check pages.

>>> refusal("dead_rank", rank="kings").message
'The kings are dead (a canasta of them is complete): nobody may meld them or add to them.'
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..messages import REFUSALS



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
    """One reason a move is refused: a code, its parameters, and the sentence."""

    message: str


def refusal(code: str, **params) -> Refusal:
    """Return the refusal ``code`` with its parameters, worded by its sentence in ``messages.REFUSALS``."""
    message = REFUSALS[code].format(**params)
    # A sentence a rules check worded is the whole refusal: it is not repeated as a parameter.
    return Refusal(code, tuple(item for item in params.items() if item[0] != "text"), message)
