"""Can my side go out: the best way to lay the hand down, or every rule that stops it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, Rank
from .errors import InvalidHand, Problem
from .melds import Meld
from .options import Options
from .placement import CheckedMeld, Placer, Slot, bonus_gained, broken_rules, meld_order, sort_hand
from .rules import RuleSet, next_minimum
from .supply import deck_problems, kind_card
from .words import join_and, plural



# Said before the rules the closest way to go out breaks (each meld lists its own).
CLOSEST_WAY = "the closest way breaks these rules."

@dataclass(frozen=True)
class GoingOutCheck:
    """Whether a player may go out now, how, and the rules of going out under the rule set."""

    can_go_out: bool
    reasons: tuple[str, ...]
    canastas_needed: int
    canastas: int  # the side's canastas before this turn
    canastas_after: int  # counting those this turn's melds complete
    must_discard: bool
    concealed: bool  # going out now would be concealed
    bonus: int  # the going-out bonus this would score (0 when not possible)
    melds: tuple[CheckedMeld, ...]
    discard: Card | None
    conditions: tuple[str, ...]
    notes: tuple[str, ...] = ()

    @property
    def general_reasons(self) -> tuple[str, ...]:
        """Return the reasons that belong to no single meld (each meld lists its own)."""
        own = set(broken_rules(self.melds))
        return tuple(reason for reason in self.reasons if reason not in own)


def _side_shares(ruleset: RuleSet) -> bool:
    """Return True when the player's canastas are a side's, shared with a partner."""
    return ruleset.players_per_side > 1 or ruleset.partnership_per_hand


def _needs(ruleset: RuleSet) -> str:
    return "Your side needs" if _side_shares(ruleset) else "You need"


def going_out_conditions(ruleset: RuleSet, options: Options) -> tuple[str, ...]:
    """Return the rules of going out under ``ruleset`` and ``options``, as sentences.

    >>> from .options import resolve
    >>> going_out_conditions(*resolve("classic-2p"))[0]
    'You need 2 canastas to go out; one completed in the same turn counts.'
    """
    needed = options.canastas_to_go_out
    lines = [f"{_needs(ruleset)} {plural(needed, 'canasta')} to go out; one completed in the same turn counts."]
    if ruleset.family.must_discard_to_go_out:
        lines.append("Meld all your cards but one and discard it: you go out with a discard.")
    else:
        lines.append("Meld every card, or all but one and discard it.")
    if ruleset.concealed_bonus:
        partner = ", nothing added to your partner's melds" if _side_shares(ruleset) else ""
        lines.append(
            f"Going out scores {ruleset.going_out_bonus}. Going out concealed scores {ruleset.concealed_bonus} in all: "
            f"the whole hand melded in one turn, including a canasta, nothing melded earlier in the hand{partner}. "
            f"A player who draws from the stock and goes out concealed needs no initial-meld minimum.")
    else:
        lines.append(f"Going out scores {ruleset.going_out_bonus}; there is no bonus for going out concealed.")
    return tuple(lines)


def check_going_out(
    ruleset: RuleSet,
    options: Options,
    hand: Sequence[Card],
    *,
    canastas: int,
    side_has_melded: bool,
    player_has_melded: bool | None = None,
    side_melds: Sequence[Meld] = (),
    total: int | None = None,
    dead_ranks: Iterable[Rank] = (),
) -> GoingOutCheck:
    """Return whether a player holding ``hand`` may go out this turn, and how.

    ``canastas``: the side's canastas on the table before this turn.
    ``side_melds``: the side's melds on the table the cards may be added to.
    ``player_has_melded``: this player melded earlier in the hand (no
    concealed going out then); when None, taken as ``side_has_melded``.
    ``total``: the side's total before the hand, to check the minimum of a
    side that has not melded. Raises InvalidHand for impossible input
    (fields ``hand``, ``side_melds``, ``canastas``). ``dead_ranks``: Modern
    American ranks of which a canasta is complete: nobody melds them or adds
    to them, so a card of one can only be the discard (ignored elsewhere).

    >>> from .cards import parse_cards
    >>> from .options import resolve
    >>> classic, options = resolve("classic")
    >>> check = check_going_out(classic, options, parse_cards("K K K K K 2 2 5"), canastas=0, side_has_melded=False)
    >>> check.can_go_out, [m.text for m in check.melds], str(check.discard), check.concealed, check.bonus
    (True, ['K K K K K 2 2'], '5', True, 200)
    """
    hand = list(hand)
    family = ruleset.family
    _raise_if_impossible(ruleset, hand, canastas, side_melds)
    if player_has_melded is None:
        player_has_melded = side_has_melded
    needed = options.canastas_to_go_out
    must_discard = family.must_discard_to_go_out
    notes: list[str] = []
    naturals, wilds, black, red = sort_hand(hand)
    if red:
        notes.append("Red 3s are laid out at once, never kept in hand: they are left out here.")
    if family.black_threes_laid_out and black:
        notes.append("In Modern American 3s are laid out as they come: they are left out here.")
        black = []
    playable = naturals + wilds + black
    placer = Placer(ruleset, options, going_out=True, initial=not side_has_melded, dead_ranks=dead_ranks)
    # A side that has not melded makes its initial meld going out: in Modern American it needs a
    # clean triple, and its points must reach the minimum unless it goes out concealed (Classic).
    need_clean = family.needs_clean_triple and not side_has_melded
    minimum = next_minimum(ruleset, total) if not side_has_melded and total is not None else None

    # Every way to go out: no discard (where allowed), or one card of each kind kept to discard.
    choices: list[Card | None] = [] if must_discard else [None]
    choices += list(dict.fromkeys(kind_card(card) for card in playable))
    best = None
    for choice in choices:
        rest, discard = list(playable), None
        if choice is not None:
            discard = next(card for card in playable if kind_card(card) == choice)
            rest.remove(discard)
        melds = _going_out_melds(placer, rest, side_melds, want_clean=need_clean)
        plan = _Plan(ruleset, melds, discard, canastas, needed, player_has_melded, need_clean, minimum)
        if best is None or plan.rank < best.rank:
            best = plan

    reasons: list[str] = []
    if best is None:
        reasons.append("In Modern American you go out by discarding your last card: you need a card to discard.")
        melds: tuple[CheckedMeld, ...] = ()
        discard, after, concealed = None, canastas, False
    else:
        melds, discard, after = tuple(best.melds), best.discard, best.canastas_after
        concealed = best.concealed and bool(ruleset.concealed_bonus)
        broken = broken_rules(melds)
        if broken:
            keep = "all of them but one to discard" if must_discard else "all of them, or all but one to discard"
            reasons.append(f"You cannot meld {keep}; {CLOSEST_WAY}")
            reasons.extend(broken)
        if after < needed:
            have = "none" if after == 0 else str(after)
            reasons.append(f"{_needs(ruleset)} {plural(needed, 'canasta')} to go out and would have {have}, "
                           f"counting any this turn's melds complete.")
        if best.no_clean_triple:
            reasons.append("These melds are your side's initial meld, which in Modern American must include a clean "
                           "triple: three or more natural cards of one rank and no wild card.")
        if minimum is not None and melds:
            points = best.points
            if concealed:
                notes.append("Drawn from the stock, going out concealed needs no minimum."
                             + (f" After taking the pile it would: these melds make {points} of your minimum of {minimum}."
                                if points < minimum else ""))
            elif best.short_by:
                reasons.append(f"These melds are your side's initial meld: they make {points}, "
                               f"{best.short_by} short of your minimum of {minimum}.")
        elif not side_has_melded and melds and concealed:
            notes.append("Drawn from the stock, going out concealed needs no minimum; "
                         "after taking the pile these melds must reach your minimum.")
        elif not side_has_melded and melds:
            notes.append("These melds are also your side's initial meld: they must reach your minimum.")
    can = not reasons
    concealed = can and concealed
    if can:
        bonus = ruleset.concealed_bonus if concealed else ruleset.going_out_bonus
        notes.insert(0, _plan_words(melds, discard, concealed))
    else:
        bonus = 0
    return GoingOutCheck(
        can_go_out=can, reasons=tuple(reasons), canastas_needed=needed, canastas=canastas,
        canastas_after=after, must_discard=must_discard, concealed=concealed, bonus=bonus,
        melds=tuple(sorted(melds, key=meld_order)), discard=discard,
        conditions=going_out_conditions(ruleset, options), notes=tuple(notes),
    )


def _raise_if_impossible(ruleset: RuleSet, hand: list[Card], canastas: int, side_melds: Sequence[Meld]) -> None:
    """Raise InvalidHand for cards the decks cannot hold, or side's melds that contradict ``canastas``."""
    problems = deck_problems(ruleset, hand, "hand")
    on_table = sum(meld.is_canasta for meld in side_melds)
    if canastas < on_table:
        problems.append(Problem("side_melds.canastas", "canastas", on_table=plural(on_table, "canasta"),
                                canastas=canastas))
    ranks = [meld.rank for meld in side_melds]
    for index, rank in enumerate(ranks):
        if rank in ranks[:index]:
            problems.append(Problem("side_melds.one_per_rank", "side_melds", label=Meld(rank).label))
    if problems:
        raise InvalidHand(problems)


def _going_out_melds(placer: Placer, cards: list[Card], side_melds: Sequence[Meld], *,
                     want_clean: bool) -> list[CheckedMeld]:
    """Return the melds ``cards`` make, on the side's melds where they have one, wild cards placed."""
    naturals, wilds, black, _red = sort_hand(cards)
    slots: dict[Rank | None, Slot] = {meld.rank: Slot(meld.rank, base=meld) for meld in side_melds}
    for card in naturals + black:
        slots.setdefault(card.rank, Slot(card.rank)).naturals.append(card)
    slots.setdefault(None, Slot(None))
    return placer.place(list(slots.values()), wilds, want_clean=want_clean)


class _Plan:
    """One way of laying the hand down (with a discard or not), and ``rank``: lower is better.

    Every rule going out needs comes before what it scores: a discard that keeps the clean
    triple or reaches the minimum beats one that makes a bigger canasta bonus without it.
    ``minimum`` is None when no minimum applies (the side has melded, or its total is not given).
    """

    def __init__(self, ruleset, melds, discard, canastas, needed, player_has_melded, need_clean, minimum):
        self.melds, self.discard = melds, discard
        illegal = sum(1 for meld in melds if meld.problems)
        self.canastas_after = canastas + sum(meld.completes_canasta(ruleset) for meld in melds)
        new_canasta = any(meld.adds_to is None and meld.completes_canasta(ruleset) for meld in melds)
        self.concealed = (not player_has_melded and new_canasta and illegal == 0
                          and not any(meld.adds_to is not None for meld in melds))
        self.no_clean_triple = need_clean and bool(melds) and not any(meld.clean_triple for meld in melds)
        self.points = sum(meld.points for meld in melds)
        exempt = self.concealed and bool(ruleset.concealed_bonus)  # drawn from the stock: no minimum
        self.short_by = max(0, minimum - self.points) if minimum is not None and melds and not exempt else 0
        bonus = sum(bonus_gained(ruleset, meld.meld, meld.adds_to) for meld in melds if meld.legal)
        self.rank = (illegal, max(0, needed - self.canastas_after), self.no_clean_triple, self.short_by,
                     not self.concealed, -bonus, discard.points if discard is not None else 0)


def _plan_words(melds: Sequence[CheckedMeld], discard: Card | None, concealed: bool) -> str:
    """Return how to go out, in one sentence: "Go out: meld K K K and discard the 5."."""
    parts = []
    for meld in sorted(melds, key=meld_order):
        if meld.adds_to is not None:
            parts.append(f"add {meld.text} to your side's {meld.adds_to.label}")
        else:
            parts.append(f"meld {meld.text}")
    if discard is not None:
        parts.append(f"discard the {discard}")
    if not parts:
        return "You hold no card to meld: you are out."
    how = " concealed" if concealed else ""
    return f"Go out{how}: " + join_and(parts) + "."
