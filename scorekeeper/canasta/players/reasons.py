"""Why a computer player chose its move: a code and its parameters, never words.

The parameters are numbers, card codes ("KS"), rank codes ("K", "10"; None for
wild cards) and codes of a nested "why"; the coach turns a reason into words for
whoever reads it (:func:`scorekeeper.canasta.coach.words.reason_clause`), so the
players import nothing of the coach.

>>> reason("take_pile", size=14, top="J", cards=("JS", "JH")).as_dict()
{'code': 'take_pile', 'params': {'cards': ['JS', 'JH'], 'size': 14, 'top': 'J'}}
"""

from __future__ import annotations

from dataclasses import dataclass

# Every code a computer's reason may have, and the parameters it carries.
CODES = {
    # Starting the turn. ``cards``: the hand's cards taken with the top card (none: onto the side's meld of
    # ``top``); ``melds``: the melds laid with it, each {"rank", "cards"}.
    "take_pile": ("size", "top", "cards"),
    "take_pile_first": ("size", "top", "cards", "melds", "points", "minimum"),
    "draw": ("why", "size"),  # why: "alone" (three players), "worth_less"
    "draw_only": ("why", "rank"),  # why: "pile_empty", "wild_on_top", "black_three_on_top", "frozen", "cannot_use"
    "end_deal": (),
    "take_pile_forced": (),
    # Melding. ``rank``: a rank code, None for a meld of wild cards.
    "meld_first": ("points", "minimum"),
    "meld_first_threes": ("points", "minimum"),
    "meld_canasta": ("kind", "rank"),
    "meld_grow": ("rank", "size"),
    "meld_canasta_grow": ("rank", "size"),
    "meld_new": ("rank", "points"),
    "meld_wild": ("rank", "size"),
    "meld_away": (),
    # Going out. why: "everything", "partner_yes", "lead" (``points``: about how far ahead), "stock_gone".
    "go_out": ("why", "points"),
    "go_out_plan": (),
    # Discarding. discard_hold's why: "behind" (``points``: about how far behind).
    "discard_stop": ("size",),
    "discard_freeze": ("size",),
    "discard_dead": ("rank",),
    "discard_safe": ("rank",),
    "discard_single": ("rank",),
    "discard_low": (),
    "discard_risky": (),
    "discard_wild_only": (),  # every card left in hand is wild
    "discard_frozen": ("rank",),  # the pile is frozen for the next player: a natural pair of rank takes it
    "discard_unmelded": ("rank",),  # the next player's side has no meld of rank
    "discard_to_partner": (),  # the next player is the partner
    "discard_hold": ("why", "points"),
    "discard_out": (),
    # Answering "may I go out?": the partner's own cards, or the other side's fewest in one hand.
    "answer_yes": ("count", "points"),
    "answer_yes_danger": ("fewest",),
    "answer_no": ("count", "points"),
    # The expert's search (:mod:`.expert`): what it chose and the next best, each (what, card code or None), how many
    # points its choice came out ahead on average, over how many samples of the hidden cards.
    "searched": ("chose", "versus", "points", "samples"),
    # Anything else.
    "only_move": (),
    "random_move": (),  # the random players of the bench and the tests
    "heuristic_move": (),  # the greedy heuristic player of the bench (.heuristic)
}


# In a live game, what may be said of another seat's move is what a player at a real table could see or be
# told. These reasons tell what the hand holds or could have done ("the hand has no natural pair of 4s", "the
# pile is not worth taking", "not going out yet"): never said of another seat. The narrated deal, played face
# up, says them all.
HAND_SECRETS = frozenset({"draw", "draw_only", "end_deal", "discard_safe", "discard_single", "discard_low",
                          "discard_risky", "discard_hold", "discard_wild_only", "discard_frozen",
                          "discard_unmelded", "discard_to_partner", "searched"})

# The partner's answer to "may I go out?" told at the table: the answer, never the hand's cards or points (its
# code alone: the coach words it "go ahead", "not yet").
TOLD_BY_CODE_ALONE = frozenset({"answer_yes", "answer_no"})


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move was chosen: a code and its parameters (numbers and codes)."""

    code: str
    params: tuple[tuple[str, object], ...] = ()

    def as_dict(self) -> dict:
        """Return the code and the parameters for JSON (tuples as lists, parameters by name)."""
        return {"code": self.code, "params": {key: _plain(value) for key, value in sorted(self.params)}}

    def to_the_table(self) -> Reason | None:
        """Return what may be told of this reason to another seat in a live game: nothing that its hand hides (None),
        the code alone where the parameters would tell the hand."""
        if self.code in HAND_SECRETS:
            return None
        return Reason(self.code) if self.code in TOLD_BY_CODE_ALONE else self

    @classmethod
    def from_dict(cls, data: dict) -> Reason:
        """Return the reason :meth:`as_dict` wrote."""
        return reason(data["code"], **data.get("params", {}))


def _plain(value):
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def _frozen(value):
    if isinstance(value, (tuple, list)):
        return tuple(_frozen(item) for item in value)
    return value


def reason(code: str, **params) -> Reason:
    """Return the reason ``code`` with its parameters (a code not in :data:`CODES` is refused)."""
    if code not in CODES:
        raise ValueError(f"There is no reason {code!r}.")
    return Reason(code, tuple((key, _frozen(value)) for key, value in params.items()))
