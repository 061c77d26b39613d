"""May I take the discard pile: every way to, or every reason why not, in player words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .cards import Card, Rank
from .placement import sort_hand
from .rules import Options, RuleSet
from .supply import raise_if_impossible
from .words import card_word, join_and, rank_word, singular

# RULES.md ("The stock runs out"): a player who must draw from an empty stock must take the pile
# when its top card goes on the side's meld and the pile is not frozen for the side.
MUST_TAKE = ("With the stock empty you must take the pile: its {top} goes on your side's {rank} "
             "and the pile is not frozen for your side.")
ALWAYS_FROZEN = "In Modern American the pile is always frozen"
FROZEN_BY_A_CARD = "A wild card or a turned-up red 3 freezes the pile"
FROZEN_BEFORE_MELDING = "Your side has not melded yet, so the pile is frozen for it"


def frozen_words(ruleset: RuleSet) -> str:
    """Return why the pile is frozen for a side making its initial meld."""
    return ALWAYS_FROZEN if ruleset.family.pile_always_frozen else FROZEN_BEFORE_MELDING


def natural_pair_needed(because: str, rank: Rank, in_hand: int) -> str:
    """Return that a frozen pile (frozen ``because``) needs a natural pair of ``rank``, and what the hand holds."""
    return (f"{because}: taking it needs a natural pair of {rank.plural} from your hand; "
            f"you have {rank_word(rank, in_hand) if in_hand else 'none'}.")


def pile_top_problem(ruleset: RuleSet, top: Card) -> str | None:
    """Return why nobody may take the pile with ``top`` on it, or None."""
    if top.is_wild:
        return f"Nobody may take the pile with {card_word(top)} on top."
    if top.rank is Rank.THREE and (top.is_red_three or ruleset.family.black_threes_laid_out):
        if ruleset.family.black_threes_laid_out:
            return ("In Modern American 3s are laid out as they come, so a 3 is never the top card "
                    "of the pile. Give the card on top of it.")
        return ("A red 3 is never the top card of the pile: one turned up at the start freezes the pile and "
                "the next card is turned over it, and in play red 3s are laid out, never discarded. "
                "Give the card on top of it.")
    if top.is_black_three:
        return "A black 3 on top stops the pile: nobody may take it this turn."
    return None


@dataclass(frozen=True)
class PileWay:
    """One way to take the pile: ``way`` is natural_pair, natural_and_wild or add_to_meld."""

    way: str
    cards: tuple[Card, ...]  # from hand, melded with the top card
    message: str


@dataclass(frozen=True)
class PileCheck:
    """Whether a player may take the discard pile, every way to, and otherwise why not."""

    can_take: bool
    ways: tuple[PileWay, ...]
    reasons: tuple[str, ...]  # why not (empty when the pile can be taken)
    frozen: bool  # frozen for this side
    frozen_because: tuple[str, ...]
    notes: tuple[str, ...] = ()
    must_take: bool = False  # the stock is empty and the pile must be taken (see must_take_pile)

    @property
    def reason(self) -> str:
        """Return the answer in one sentence or two: how to take it, or why not."""
        if self.must_take:
            return self.notes[0]
        if self.can_take:
            return "Yes: " + self.ways[0].message[0].lower() + self.ways[0].message[1:]
        return " ".join(self.reasons)


def check_pile(
    ruleset: RuleSet,
    options: Options,
    pile_top: Card,
    hand: Sequence[Card],
    *,
    frozen: bool = False,
    side_has_melded: bool = False,
    side_melds: dict[Rank, int | None] | None = None,
    pile_size: int | None = None,
    dead_ranks: Iterable[Rank] = (),
    stock_empty: bool = False,
) -> PileCheck:
    """Return whether a player holding ``hand`` may take the pile with ``pile_top`` on it.

    ``frozen``: a wild card is in the pile or a red 3 was turned up at the
    start. ``side_melds``: the ranks of the side's melds on the table, with
    how many cards each holds (None if not known). ``dead_ranks``: Modern
    American ranks of which a canasta is complete. ``stock_empty``: the
    player must draw from an empty stock, so may have to take the pile
    (``must_take``, :func:`must_take_pile`). Raises InvalidHand for
    cards the decks cannot hold (field ``hand``).

    >>> from .cards import parse_cards
    >>> from .rules import resolve
    >>> classic, options = resolve("classic")
    >>> queen = parse_cards("Q")[0]
    >>> check = check_pile(classic, options, queen, parse_cards("Q 2 5 9"), side_has_melded=True,
    ...                    side_melds={Rank.QUEEN: 3}, pile_size=6)
    >>> check.can_take, [way.way for way in check.ways]
    (True, ['natural_and_wild', 'add_to_meld'])
    >>> check_pile(classic, options, queen, parse_cards("Q 2 5 9"), frozen=True, side_has_melded=True).reason
    'A wild card or a turned-up red 3 freezes the pile: taking it needs a natural pair of queens from your hand; you have a queen.'
    """
    hand = list(hand)
    raise_if_impossible(ruleset, hand, pile_top, "hand")
    side_melds = dict(side_melds or {})
    dead = set(dead_ranks)
    family = ruleset.family
    naturals, wilds, _black, _red = sort_hand(hand)
    rank = pile_top.rank
    matching = [card for card in naturals if card.rank is rank]

    frozen_because = []
    if family.pile_always_frozen:
        frozen_because.append(ALWAYS_FROZEN)
    else:
        if frozen:
            frozen_because.append(FROZEN_BY_A_CARD)
        if not side_has_melded:
            frozen_because.append(FROZEN_BEFORE_MELDING)
    is_frozen = bool(frozen_because)

    reasons: list[str] = []
    notes: list[str] = []
    if (problem := pile_top_problem(ruleset, pile_top)) is not None:
        reasons.append(problem)
    else:
        if pile_size == 1 and len(hand) == 1:
            reasons.append("With one card left in your hand you may not take a pile of one card.")
        if family.dead_ranks and rank in dead:
            reasons.append(f"The {rank.plural} are dead (a canasta of them is complete): nobody may take the pile "
                           f"with {rank_word(rank)} on top.")
        count = side_melds.get(rank)
        limit = family.pile_meld_limit
        if limit is not None and count is not None and count >= limit:
            reasons.append(f"Your side already has {count} {rank.plural} on the table: in {family.name} the pile "
                           f"is not taken towards a meld of {limit} or more cards.")

    ways: list[PileWay] = []
    if not reasons:
        word, top = rank.plural, singular(rank)
        if len(matching) >= 2:
            ways.append(PileWay("natural_pair", tuple(matching[:2]),
                                f"Meld the {top} on top with two {word} from your hand."))
        if not is_frozen and matching and wilds:
            ways.append(PileWay("natural_and_wild", (matching[0], wilds[0]),
                                f"Meld the {top} on top with {rank_word(rank)} and {card_word(wilds[0])} "
                                f"from your hand."))
        if not is_frozen and rank in side_melds:
            ways.append(PileWay("add_to_meld", (), f"Add the {top} on top to your side's {word}."))
        if not ways:
            if is_frozen:
                reasons.append(natural_pair_needed(" and ".join(frozen_because), rank, len(matching)))
            else:
                have = [rank_word(rank, len(matching)),
                        "a wild card" if wilds else "no wild card",
                        f"a meld of {word}" if rank in side_melds else f"no meld of {word}"]
                reasons.append(f"To take the pile you must meld the {top} on top at once: "
                               f"with two {word}, with one and a wild card, or by adding it to your side's {word}. "
                               f"You have {join_and(have)}.")
    if ways and not side_has_melded:
        if family.needs_clean_triple:
            notes.append("This is your side's first meld: it must reach your minimum without the top card, "
                         "and include a clean triple.")
        else:
            notes.append("This is your side's first meld: the cards you meld with the top card (which counts) "
                         "must reach your minimum.")
    if ways and rank in side_melds and not any(way.way == "add_to_meld" for way in ways):
        notes.append(f"The {singular(rank)} on top and your pair go on your side's {rank.plural}.")
    check = PileCheck(bool(ways), tuple(ways), tuple(reasons), is_frozen, tuple(frozen_because), tuple(notes))
    if not stock_empty:
        return check
    if must_take_pile(check):
        must = MUST_TAKE.format(top=singular(rank), rank=rank.plural)
        return replace(check, notes=(must, *check.notes), must_take=True)
    ends = ("The stock is empty: you may take the pile, or not take it and end the deal." if ways else
            "The stock is empty and you cannot take the pile: the deal ends.")
    return replace(check, notes=(*check.notes, ends))


def must_take_pile(check: PileCheck) -> bool:
    """Return True when a player drawing from an empty stock must take the pile ``check`` judged.

    RULES.md: when its top card goes on the side's meld and the pile is not
    frozen for the side. The referee refuses ending the deal by the same rule.
    """
    return check.can_take and not check.frozen and any(way.way == "add_to_meld" for way in check.ways)
