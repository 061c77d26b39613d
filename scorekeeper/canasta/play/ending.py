"""The end of a deal: the sides of the hand in the shape ``POST /api/v1/score`` takes, scored there.

The engine never adds up a score itself: :func:`score` hands :func:`hand_sides`
to :func:`..scoring.score_request`.
"""

from __future__ import annotations

from ..cards import Rank
from ..melds import meld_problems, summarise_melds
from ..scoring import score_request
from .position import End, Position, Step, TableMeld

EIGHT_TO_KING = frozenset({Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})
FOUR_TO_SEVEN = frozenset({Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN})


def _in_hand(cards) -> dict[str, int]:
    counts = {"jokers": 0, "twos": 0, "aces": 0, "eight_to_king": 0, "four_to_seven": 0, "black_threes": 0}
    for card in cards:
        if card.rank is Rank.JOKER:
            counts["jokers"] += 1
        elif card.rank is Rank.TWO:
            counts["twos"] += 1
        elif card.rank is Rank.ACE:
            counts["aces"] += 1
        elif card.rank in EIGHT_TO_KING:
            counts["eight_to_king"] += 1
        elif card.rank in FOUR_TO_SEVEN:
            counts["four_to_seven"] += 1
        elif card.is_black_three:
            counts["black_threes"] += 1
    return counts


def _joined(melds_lists) -> list[TableMeld]:
    joined: dict = {}
    for melds in melds_lists:
        for meld in melds:
            base = joined.get(meld.key)
            joined[meld.key] = base.plus(meld.cards) if base is not None else meld
    return list(joined.values())


def scoring_sides(position: Position) -> list[tuple[int, ...]]:
    """Return the seats of each scoring side, in the order of the hand's sides.

    Teams and players who score alone: one side per scorer. ``classic-3p``: the
    lone player and the partnership; when nobody took the pile, the player who
    went out alone against the other two, or everyone alone when the stock ran out.
    """
    ruleset = position.ruleset
    if not ruleset.partnership_per_hand:
        return [tuple(seat for seat in range(position.seats) if seat % ruleset.scorers == side)
                for side in range(ruleset.scorers)]
    lone = position.lone if position.lone is not None else (
        position.out_seat if position.end == End.WENT_OUT else None)
    if lone is None:
        return [(seat,) for seat in range(position.seats)]
    return [(lone,), tuple(seat for seat in range(position.seats) if seat != lone)]


def _melds_of(position: Position, seats: tuple[int, ...]) -> list[TableMeld]:
    sides = dict.fromkeys(position.side_of(seat) for seat in seats)
    if len(sides) == 1:
        return list(position.melds[next(iter(sides))])
    return _joined(position.melds[side] for side in sides)


def _melds_fields(position: Position, melds: list[TableMeld], goes_out: bool) -> dict:
    ruleset, options = position.ruleset, position.options
    if all(not meld_problems(ruleset, options, meld.meld, going_out=goes_out) for meld in melds):
        return {"melds": [{"rank": "wild" if meld.key is None else meld.key.symbol,
                           "naturals": meld.meld.naturals, "twos": meld.meld.twos, "jokers": meld.meld.jokers}
                          for meld in melds]}
    # Melds joined when a classic-3p partnership formed may hold more wild cards than a meld laid
    # down may: give their points and canastas instead of the melds.
    summary = summarise_melds(ruleset, [meld.meld for meld in melds])
    fields = {"melded_points": summary.melded_points}
    fields.update({f"{kind}_canastas": count for kind, count in summary.canastas.items() if count})
    return fields


def hand_sides(position: Position) -> list[dict]:
    """Return the sides of the ended deal as ``POST /api/v1/score`` takes them (``melds``, ``in_hand`` …)."""
    if position.step != Step.OVER:
        raise ValueError("The deal is not over: it has no score yet.")
    ruleset = position.ruleset
    family = ruleset.family
    sides = []
    for seats in scoring_sides(position):
        goes_out = position.out_seat in seats
        side: dict = {}
        if ruleset.partnership_per_hand:
            side["members"] = list(seats)
        hand_cards = [card for seat in seats for card in position.hands[seat]]
        special = position.special_hand if goes_out else None
        if special is not None:
            points = next(hand.points for hand in ruleset.special_hands if hand.id == special)
            side["special_hand_points"] = points
        else:
            side.update(_melds_fields(position, _melds_of(position, seats), goes_out))
            side["in_hand"] = _in_hand(hand_cards)
        threes = [card for seat in seats for card in position.threes[seat]]
        if family.black_threes_laid_out:
            side["red_threes"] = sum(1 for card in threes if card.is_red_three)
            side["black_threes"] = sum(1 for card in threes if card.is_black_three)
            if special is None:
                hands = [position.hands[seat] for seat in seats]
                side["players_with_three_aces"] = sum(1 for h in hands if sum(c.rank is Rank.ACE for c in h) >= 3)
                side["players_with_three_sevens"] = sum(1 for h in hands if sum(c.rank is Rank.SEVEN for c in h) >= 3)
                side["last_drawn_three"] = position.last_drawn_three in seats
        elif len(seats) > 1 and ruleset.partnership_per_hand:
            side["red_threes"] = [sum(1 for card in position.threes[seat] if card.is_red_three) for seat in seats]
        else:
            side["red_threes"] = sum(1 for card in threes if card.is_red_three)
        if goes_out and special is None:
            side["going_out"] = "concealed" if position.concealed else "out"
        sides.append(side)
    return sides


def score_body(position: Position) -> dict:
    """Return the body of ``POST /api/v1/score`` for the ended deal."""
    return {"rules": position.ruleset.id, "options": _options(position), "totals_before": list(position.totals_before),
            "sides": hand_sides(position)}


def _options(position: Position) -> dict:
    from ..options import default_options, option_specs
    chosen, default = position.options, default_options(position.ruleset)
    return {spec.name: getattr(chosen, spec.name) for spec in option_specs(position.ruleset)
            if getattr(chosen, spec.name) != getattr(default, spec.name)}


def score(position: Position) -> dict:
    """Return the ended deal's hand score, exactly as ``POST /api/v1/score`` answers it."""
    return score_request(score_body(position))
