"""May I take the discard pile: every way to, or every reason why not, in player words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .cards import Card, Rank, card_points, format_cards
from .errors import InvalidHand, Problem
from .messages import MUST_TAKE, sentence
from .pile_meld import FirstMeld, best_first_meld
from .pile_top import (  # noqa: F401 (said here too: the pile's words, by the pile check's name)
    ALWAYS_FROZEN, FROZEN_BEFORE_MELDING, FROZEN_BY_A_CARD, frozen_because_words, frozen_words, natural_pair_needed, pile_top_problem,
)
from .options import Options
from .placement import sort_hand
from .rules import RuleSet, next_minimum
from .supply import raise_if_impossible
from .words import card_word, join_and, join_or, points_word, rank_word, singular


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
    # A side that has not melded: the pile makes its first meld (see FirstMeldAnswer).
    first_meld: FirstMeldAnswer | None = None

    @property
    def reason(self) -> str:
        """Return the answer in one sentence or two: how to take it, or why not."""
        if self.must_take:
            return self.notes[0]
        if self.can_take and self.first_meld is not None:
            return self.first_meld.answer
        if self.can_take:
            return "Yes: " + self.ways[0].message[0].lower() + self.ways[0].message[1:]
        return " ".join(self.reasons)

    @property
    def frozen_note(self) -> str | None:
        """Return, when the pile is frozen for this side, why and what that asks: one sentence."""
        if not self.frozen:
            return None
        return frozen_because_words(self.frozen_because) + ": it is taken only with a natural pair from your hand."

    @property
    def minimum(self) -> int | None:
        """Return the minimum the first meld made with the pile must reach (None: melded, or not known)."""
        return self.first_meld.minimum if self.first_meld is not None else None

    @property
    def asks(self) -> tuple[Problem, ...]:
        """Return what the check needs to be sure, as problems placed on their field (the side's total)."""
        return self.first_meld.asks if self.first_meld is not None else ()


@dataclass(frozen=True)
class FirstMeldAnswer:
    """The pile taken by a side that has not melded: its first meld, against the side's minimum.

    ``meld`` is the top card on the natural pair, ``points`` what it counts
    toward the minimum; ``best`` is the most the player's hand can lay down
    with the top card (looked for when the pair alone falls short).
    """

    answer: str
    meld: str
    points: int
    minimum: int | None  # None: the side's total was not given
    reaches: bool | None  # the pair alone reaches the minimum (None: not known)
    best: FirstMeld | None = None
    asks: tuple[Problem, ...] = ()

    @property
    def best_reaches(self) -> bool | None:
        """Return whether the most the hand lays down with the top card reaches the minimum (None: not known)."""
        if self.best is None or self.minimum is None:
            return None
        return self.best.points >= self.minimum


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
    total: int | None = None,
    minimum: int | None = None,
) -> PileCheck:
    """Return whether a player holding ``hand`` may take the pile with ``pile_top`` on it.

    ``frozen``: a wild card is in the pile or a red 3 was turned up at the
    start. ``side_melds``: the ranks of the side's melds on the table, with
    how many cards each holds (None if not known). ``dead_ranks``: Modern
    American ranks of which a canasta is complete. ``stock_empty``: the
    player must draw from an empty stock, so may have to take the pile
    (``must_take``, :func:`must_take_pile`). ``total`` (the side's total
    before the hand) or ``minimum``: what a side that has not melded must
    reach with the pile (``first_meld``); without either the answer says
    the minimum depends on it, and ``asks`` for the total. Raises InvalidHand
    for cards the decks cannot hold (field ``hand``), and for a minimum no
    total gives (field ``minimum``).

    >>> from .cards import parse_cards
    >>> from .options import resolve
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
    minimum = _minimum(ruleset, total, minimum)
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
        on_table = rank in side_melds
        candidates = []  # the ways a hand may try, each judged by the one pile rule below
        if len(matching) >= 2:
            candidates.append(PileWay("natural_pair", tuple(matching[:2]),
                                      f"Meld the {top} on top with two {word} from your hand."))
        if matching and wilds:
            candidates.append(PileWay("natural_and_wild", (matching[0], wilds[0]),
                                      f"Meld the {top} on top with {rank_word(rank)} and {card_word(wilds[0])} "
                                      f"from your hand."))
        candidates.append(PileWay("add_to_meld", (), f"Add the {top} on top to your side's {word}."))
        ways = [way for way in candidates
                if pile_cards_problem(pile_top, way.cards, frozen=is_frozen, on_table=on_table) is None]
        if not ways:
            if is_frozen:
                reasons.append(natural_pair_needed(frozen_because_words(frozen_because), rank, len(matching)))
            else:
                have = [rank_word(rank, len(matching)),
                        "a wild card" if wilds else "no wild card",
                        f"a meld of {word}" if rank in side_melds else f"no meld of {word}"]
                reasons.append(f"To take the pile you must meld the {top} on top at once: "
                               f"with two {word}, with one and a wild card, or by adding it to your side's {word}. "
                               f"You have {join_and(have)}.")
    first_meld = None
    if ways and not side_has_melded:
        first_meld = _first_meld(ruleset, options, pile_top, hand, ways[0], minimum, dead)
        if first_meld.reaches is False and not first_meld.best_reaches:
            reasons.append(_short(ruleset, pile_top, first_meld, minimum))
            ways = []
        elif first_meld.best is not None:
            notes.append(_hand_can(ruleset, pile_top, first_meld.best))
    if ways and rank in side_melds and not any(way.way == "add_to_meld" for way in ways):
        notes.append(f"The {singular(rank)} on top and your pair go on your side's {rank.plural}.")
    check = PileCheck(bool(ways), tuple(ways), tuple(reasons), is_frozen, tuple(frozen_because), tuple(notes),
                      first_meld=first_meld)
    if not stock_empty:
        return check
    if must_take_pile(check):
        must = MUST_TAKE.format(top=singular(rank), rank=rank.plural)
        return replace(check, notes=(must, *check.notes), must_take=True)
    ends = ("The stock is empty: you may take the pile, or not take it and end the deal." if ways else
            "The stock is empty and you cannot take the pile: the deal ends.")
    return replace(check, notes=(*check.notes, ends))


def pile_cards_problem(top: Card, cards: Sequence[Card], *, frozen: bool, on_table: bool) -> str | None:
    """Return why the pile may not be taken by melding ``top`` with ``cards`` from hand, or None: the pile rule.

    The one judge of the cards a player takes the pile with: the referee asks it
    for a take-pile move, :func:`check_pile` finds its ways by asking it. The
    answer is the referee's refusal code: ``pile_with`` (a natural card of
    another rank, or one natural card alone), ``pile_frozen`` (the pile is
    ``frozen`` for the side: a natural pair is needed), ``pile_wilds_only`` or
    ``pile_add_needs_meld`` (no natural card and no meld of the rank
    ``on_table`` to add the top card to). What closes the pile to every hand
    (its top card, a pile of one, a dead rank, a full meld) and a side's first
    meld are judged by :func:`check_pile`.

    >>> from .cards import parse_cards
    >>> queen, = parse_cards("Q")
    >>> [pile_cards_problem(queen, parse_cards(text), frozen=True, on_table=False) for text in ("Q Q", "Q 2", "Q K")]
    [None, 'pile_frozen', 'pile_with']
    >>> pile_cards_problem(queen, (), frozen=False, on_table=True), pile_cards_problem(queen, (), frozen=False, on_table=False)
    (None, 'pile_add_needs_meld')
    """
    naturals = [card for card in cards if not card.is_wild]
    wilds = len(cards) - len(naturals)
    if any(card.rank is not top.rank for card in naturals):
        return "pile_with"
    if frozen and len(naturals) < 2:
        return "pile_frozen"
    if not naturals and not on_table:
        return "pile_wilds_only" if wilds else "pile_add_needs_meld"
    if len(naturals) == 1 and not wilds and not on_table:
        return "pile_with"
    return None


def must_take_pile(check: PileCheck) -> bool:
    """Return True when a player drawing from an empty stock must take the pile ``check`` judged.

    RULES.md: when its top card goes on the side's meld and the pile is not
    frozen for the side. The referee refuses ending the deal by the same rule.
    """
    return check.can_take and not check.frozen and any(way.way == "add_to_meld" for way in check.ways)


def minimums(ruleset: RuleSet) -> tuple[int, ...]:
    """Return every initial-meld minimum of the rule set, lowest first: (15, 50, 90, 120) in Classic."""
    return tuple(sorted({row_minimum for _lowest, row_minimum in ruleset.minimum_table}))


def minimum_problems(ruleset: RuleSet, total: int | None, minimum: int | None) -> list[Problem]:
    """Return why a minimum given cannot be: no total of the rule set gives it, or the total gives another."""
    table = minimums(ruleset)
    if minimum is not None and minimum not in table:
        return [Problem("pile.minimum_unknown", "minimum", rules=ruleset.name,
                        minimums=join_or([str(value) for value in table]), minimum=minimum)]
    if minimum is not None and total is not None and minimum != (expected := next_minimum(ruleset, total)):
        return [Problem("pile.minimum_and_total", "minimum", also=["total"], total=points_word(total),
                        expected=expected, minimum=minimum)]
    return []


def _minimum(ruleset: RuleSet, total: int | None, minimum: int | None) -> int | None:
    """Return the minimum a side's total (or the minimum given) sets; raise InvalidHand for one no total sets."""
    if problems := minimum_problems(ruleset, total, minimum):
        raise InvalidHand(problems)
    return next_minimum(ruleset, total) if total is not None else minimum


def _first_meld(ruleset, options, top, hand, way, minimum, dead) -> FirstMeldAnswer:
    """Return the first meld the pile makes for a side that has not melded: the pair ``way`` and the minimum."""
    counted = ruleset.family.top_card_counts
    uncounted = "" if counted else "_uncounted"
    cards = [way.cards[0], top, *way.cards[1:]]
    points = card_points(cards) - (0 if counted else top.points)
    words = {"meld": format_cards(cards), "points": points, "top": singular(top.rank), "minimum": minimum}
    if minimum is None:
        whose = "your side's" if ruleset.scorer_label == "team" else "your"
        listed = join_or([str(value) for value in minimums(ruleset)])
        return FirstMeldAnswer(sentence("pile.first_meld.if_unknown" + uncounted, {**words, "minimums": listed}),
                               words["meld"], points, None, None,
                               asks=(Problem("pile.asks_total", "total", whose=whose),))
    if points >= minimum:
        return FirstMeldAnswer(sentence("pile.first_meld.enough" + uncounted, words), words["meld"], points,
                               minimum, True)
    best = best_first_meld(ruleset, options, top, hand, dead_ranks=dead)
    return FirstMeldAnswer(sentence("pile.first_meld.if" + uncounted, words), words["meld"], points, minimum,
                           False, best=best)


def _hand_can(ruleset: RuleSet, top: Card, best: FirstMeld) -> str:
    uncounted = "" if ruleset.family.top_card_counts else "_uncounted"
    return sentence("pile.first_meld.hand_can" + uncounted,
                    {"melds": best.text, "points": best.points, "top": singular(top.rank)})


def _short(ruleset: RuleSet, top: Card, first_meld: FirstMeldAnswer, minimum: int) -> str:
    uncounted = "" if ruleset.family.top_card_counts else "_uncounted"
    best = first_meld.best
    melds, points = (best.text, best.points) if best is not None else (first_meld.meld, first_meld.points)
    return sentence("pile.first_meld.short" + uncounted,
                    {"minimum": minimum, "top": singular(top.rank), "points": points, "melds": melds})
