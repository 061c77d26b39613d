"""The table's referee: is this enough for a first meld, may I take the pile, can my side go out.

Every check takes typed cards (see :mod:`.cards`) and a rule set, and answers
with the melds it found, the numbers and every rule broken, in player words.
Impossible input (more kings than the decks hold) raises InvalidHand with API
field names (``cards``, ``pile_top``, ``hand``, ``side_melds``); a broken rule
is part of the answer.

The example of the rules page: king on top of the pile, K K and Q Q 2 in hand.

>>> from .cards import parse_cards
>>> from .rules import resolve
>>> classic, options = resolve("classic")
>>> hand, king = parse_cards("K K Q Q 2"), parse_cards("K")[0]
>>> below = check_initial_meld(classic, options, 1400, hand, pile_top=king)
>>> [(meld.text, meld.points) for meld in below.melds], below.points, below.minimum, below.meets_minimum
([('K K K', 30), ('Q Q 2', 40)], 70, 50, True)
>>> above = check_initial_meld(classic, options, 1600, hand, pile_top=king)
>>> above.minimum, above.short_by
(90, 20)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .cards import Card, Rank, Suit, card_points, copies_in_decks, format_cards
from .errors import CardError, InvalidHand, Problem
from .melds import CANASTA_SIZE, Meld, canasta_bonus, canasta_kind, meld_problems, unfinished_kind
from .rules import MODERN, MODERN_PENALTIES, Options, RuleSet, next_minimum

# RULES.md lets a Classic player meld every card or discard the last one. The
# Modern American comparison of the project's sources reads "two canastas and
# a discard": there a player goes out only by discarding the last card.
MUST_DISCARD_TO_GO_OUT = {"classic": False, MODERN: True}
# Modern American: the pile may not be taken towards a meld of 5 or more cards.
MODERN_PILE_MELD_LIMIT = 5
DECK_WORDS = {2: "Two decks", 3: "Three decks"}
KIND_LABELS = {
    "natural": "Natural canasta", "mixed": "Mixed canasta",
    "natural_aces": "Natural canasta of aces", "sevens": "Canasta of sevens",
    "wild_twos": "Wild canasta of seven 2s", "wild_four_jokers": "Wild canasta with all four jokers",
    "wild": "Wild canasta",
}
SINGULAR = {
    Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack",
    Rank.JOKER: "joker", Rank.TWO: "2",
}


# --- words ---------------------------------------------------------------------------


def rank_word(rank: Rank, count: int = 1) -> str:
    """Return ``count`` cards of ``rank`` in player words.

    >>> rank_word(Rank.KING), rank_word(Rank.EIGHT), rank_word(Rank.ACE, 0), rank_word(Rank.TEN, 3)
    ('a king', 'an 8', 'no ace', '3 10s')
    """
    singular = SINGULAR.get(rank, rank.value)
    if count == 1:
        return ("an " if singular[0] in "a8" else "a ") + singular
    if count == 0:
        return "no " + singular
    return f"{count} {rank.plural}"


def card_word(card: Card) -> str:
    """Return one card in player words: ``"a king"``, ``"a red 3"``, ``"a joker"``."""
    if card.is_red_three:
        return "a red 3"
    if card.is_black_three:
        return "a black 3"
    return rank_word(card.rank)


def _plural(count: int, singular: str, plural: str | None = None) -> str:
    return f"{count} {singular if count == 1 else (plural or singular + 's')}"


def _and(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- what the decks hold -----------------------------------------------------------


def _supply_name(card: Card) -> str:
    """Return the name of the card's kind as the decks hold it: "kings", "red 3s"."""
    if card.rank is Rank.THREE:
        return "red 3s" if card.is_red_three else "black 3s"
    return card.rank.plural


def deck_problems(ruleset: RuleSet, cards: Iterable[Card], field_name: str) -> list[Problem]:
    """Return a problem for every kind of card written more often than the decks hold it.

    >>> from .rules import PRESETS
    >>> from .cards import parse_cards
    >>> [p.message for p in deck_problems(PRESETS["classic"], parse_cards("JK JK JK JK JK KS KS KS"), "hand")]
    ['Two decks hold only 4 jokers; you wrote 5.', 'Two decks hold only 2 kings of spades; you wrote 3.']
    """
    cards = list(cards)
    decks = DECK_WORDS.get(ruleset.decks, f"{ruleset.decks} decks")
    problems = []
    by_kind = Counter(_supply_name(card) for card in cards)
    for card in dict.fromkeys(_kind_card(card) for card in cards):
        what = _supply_name(card)
        held = ruleset.decks * 2 if card.rank in (Rank.THREE, Rank.JOKER) else copies_in_decks(card.rank, ruleset.decks)
        if by_kind[what] > held:
            problems.append(Problem(field_name, f"{decks} hold only {held} {what}; you wrote {by_kind[what]}."))
    by_suit = Counter((card.rank, card.suit) for card in cards if card.suit is not None)
    for (rank, suit), count in by_suit.items():
        if count > ruleset.decks:
            name = f"{SINGULAR.get(rank, rank.value)}s of {suit.name.lower()}"
            problems.append(Problem(field_name, f"{decks} hold only {ruleset.decks} {name}; you wrote {count}."))
    return problems


def _kind_card(card: Card) -> Card:
    """Return one representative card per supply kind (suits only tell 3s apart)."""
    if card.rank is Rank.THREE:
        return Card(Rank.THREE, Suit.HEARTS if card.is_red_three else Suit.SPADES)
    return Card(card.rank)


# --- checked melds -----------------------------------------------------------------------


@dataclass(frozen=True)
class CheckedMeld:
    """One meld of a check: the cards laid now, the whole meld, and every rule it breaks.

    ``cards`` are the cards laid this turn (the pile's top card included);
    ``adds_to`` is the side's meld on the table they join, if any; ``meld``
    is the meld they make (None when the cards cannot be one meld at all).
    """

    cards: tuple[Card, ...]
    meld: Meld | None
    problems: tuple[str, ...] = ()
    from_pile: Card | None = None
    adds_to: Meld | None = None

    @property
    def legal(self) -> bool:
        """Return True when the meld breaks no rule."""
        return self.meld is not None and not self.problems

    @property
    def text(self) -> str:
        """Return the cards laid now, as card text."""
        return format_cards(list(self.cards))

    @property
    def points(self) -> int:
        """Return the card points of the cards laid now (bonuses never count)."""
        return card_points(list(self.cards))

    @property
    def label(self) -> str:
        """Return what the meld is made of: ``"kings"``, ``"wild cards"``; "cards" if no meld."""
        return self.meld.label if self.meld is not None else "cards"

    def kind(self, ruleset: RuleSet) -> str | None:
        """Return the canasta kind the meld completes or holds, or None."""
        return canasta_kind(ruleset, self.meld) if self.legal else None

    def completes_canasta(self, ruleset: RuleSet) -> bool:
        """Return True when this turn's cards make the meld a canasta it was not before."""
        return self.kind(ruleset) is not None and not (self.adds_to is not None and self.adds_to.is_canasta)


# --- placing wild cards --------------------------------------------------------------------


@dataclass
class _Slot:
    """A meld being built: its natural cards (and the pile's top card), maybe a meld on the table."""

    rank: Rank | None
    naturals: list[Card] = field(default_factory=list)
    from_pile: Card | None = None
    base: Meld | None = None

    def meld(self, twos: int, jokers: int) -> Meld:
        base = self.base or Meld(self.rank)
        naturals = base.naturals + len(self.naturals) + (self.from_pile is not None)
        return Meld(self.rank, naturals=naturals, twos=base.twos + twos, jokers=base.jokers + jokers)

    def empty(self, wilds: int) -> bool:
        return not self.naturals and self.from_pile is None and wilds == 0


@dataclass(frozen=True)
class _Judged:
    """A slot with a number of wild cards: what it costs, as a tuple to minimise."""

    cost: tuple[int, ...]
    clean: bool


def _wild_meld_split(wilds: int, twos: int, jokers: int) -> tuple[int, int]:
    """Return (twos, jokers) for a meld of wild cards only, choosing its best canasta kind."""
    if wilds >= CANASTA_SIZE and twos < CANASTA_SIZE and jokers >= 4:
        used_jokers = max(4, wilds - twos)
        return wilds - used_jokers, used_jokers
    used_twos = min(wilds, twos)
    return used_twos, wilds - used_twos


def _split(slot: _Slot, wilds: int, twos: int, jokers: int) -> tuple[int, int]:
    if slot.rank is None:
        return _wild_meld_split(wilds, twos, jokers)
    used_jokers = min(wilds, jokers)
    return wilds - used_jokers, used_jokers


class _Placer:
    """Places wild cards among melds so they break the fewest rules.

    Preference, in order: fewest illegal melds; a clean triple kept when one
    is needed; most canastas completed; most canasta bonus; fewest wild cards
    put on melds already on the table; fewest wild cards in a meld of wild
    cards alone. Only counts matter, so a small dynamic programme finds it.
    """

    def __init__(self, ruleset: RuleSet, options: Options, *, going_out: bool | None, initial: bool | None):
        self.ruleset, self.options = ruleset, options
        self.going_out, self.initial = going_out, initial

    def problems(self, slot: _Slot, meld: Meld) -> list[str]:
        return [problem.message for problem in meld_problems(
            self.ruleset, self.options, meld, going_out=self.going_out,
            initial=self.initial if slot.base is None else False)]

    def judge(self, slot: _Slot, wilds: int, twos: int, jokers: int) -> _Judged:
        if slot.empty(wilds):
            return _Judged((0, 0, 0, 0, 0), False)
        meld = slot.meld(*_split(slot, wilds, twos, jokers))
        illegal = 1 if self.problems(slot, meld) else 0
        before = slot.base
        new_canasta = int(not illegal and meld.is_canasta and not (before is not None and before.is_canasta))
        bonus = 0 if illegal else canasta_bonus(self.ruleset, meld) - (canasta_bonus(self.ruleset, before) if before else 0)
        clean = (not illegal and before is None and meld.rank is not None and meld.rank.is_natural
                 and meld.wilds == 0 and meld.naturals >= 3)
        on_table = wilds if before is not None else 0
        alone = wilds if slot.rank is None else 0
        return _Judged((illegal, -new_canasta, -bonus, on_table, alone), clean)

    def place(self, slots: list[_Slot], wilds: list[Card], *, want_clean: bool) -> list[CheckedMeld]:
        """Return the slots as checked melds, each with the wild cards it was given."""
        twos = sum(card.rank is Rank.TWO for card in wilds)
        jokers = len(wilds) - twos
        total = len(wilds)
        # best[(used, clean)] = (cost, counts per slot so far)
        best: dict[tuple[int, bool], tuple[tuple[int, ...], tuple[int, ...]]] = {(0, False): ((0,) * 5, ())}
        for slot in slots:
            judged = [self.judge(slot, count, twos, jokers) for count in range(total + 1)]
            following: dict[tuple[int, bool], tuple[tuple[int, ...], tuple[int, ...]]] = {}
            for (used, clean), (cost, counts) in best.items():
                for count in range(total - used + 1):
                    step = judged[count]
                    key = (used + count, clean or step.clean)
                    candidate = (tuple(a + b for a, b in zip(cost, step.cost)), counts + (count,))
                    if key not in following or candidate[0] < following[key][0]:
                        following[key] = candidate
            best = following

        def rank_of(item):
            (used, clean), (cost, _) = item
            return (cost[0], int(want_clean and not clean), cost[1:])

        finished = [item for item in best.items() if item[0][0] == total]
        counts = min(finished, key=rank_of)[1][1]
        return self._deal(slots, counts, wilds)

    def _deal(self, slots: list[_Slot], counts: Sequence[int], wilds: list[Card]) -> list[CheckedMeld]:
        """Hand out the actual wild cards: a meld of wild cards alone picks first."""
        pool = list(wilds)
        given: dict[int, list[Card]] = {}
        order = sorted(range(len(slots)), key=lambda index: slots[index].rank is not None)
        for index in order:
            slot, count = slots[index], counts[index]
            twos = sum(card.rank is Rank.TWO for card in pool)
            want_twos, want_jokers = _split(slot, count, twos, len(pool) - twos)
            chosen = [card for card in pool if card.rank is Rank.TWO][:want_twos]
            chosen += [card for card in pool if card.rank is Rank.JOKER][:want_jokers]
            for card in chosen:
                pool.remove(card)
            given[index] = chosen
        melds = []
        for index, slot in enumerate(slots):
            if slot.empty(counts[index]):
                continue
            extra = given[index]
            meld = slot.meld(sum(c.rank is Rank.TWO for c in extra), sum(c.rank is Rank.JOKER for c in extra))
            pile = [slot.from_pile] if slot.from_pile is not None else []
            cards = tuple(slot.naturals[:1] + pile + slot.naturals[1:] + extra)
            problems = self.problems(slot, meld)
            if slot.rank is None and slot.base is None and self.ruleset.family != MODERN and extra:
                problems = [_plural(len(extra), "wild card") + " fit no meld here: a meld holds at most 3, "
                            "and wild cards alone are not a meld in Classic."]
            melds.append(CheckedMeld(cards, meld, tuple(problems), slot.from_pile, slot.base))
        return melds


def _meld_order(meld: CheckedMeld) -> tuple:
    """Sort melds as they lie on the table: highest rank first, wild cards and black 3s last."""
    rank = meld.meld.rank if meld.meld is not None else None
    order = list(Rank)
    return (rank is None, rank is Rank.THREE, -order.index(rank) if rank is not None else 0)


def _sort_hand(cards: Iterable[Card]) -> tuple[list[Card], list[Card], list[Card], list[Card]]:
    """Return (naturals, wild cards, black 3s, red 3s) of ``cards``."""
    naturals, wilds, black, red = [], [], [], []
    for card in cards:
        if card.is_wild:
            wilds.append(card)
        elif card.is_red_three:
            red.append(card)
        elif card.is_black_three:
            black.append(card)
        else:
            naturals.append(card)
    return naturals, wilds, black, red


# --- initial meld ---------------------------------------------------------------------------


@dataclass(frozen=True)
class InitialMeldCheck:
    """Whether cards laid down together make a side's first meld of the hand."""

    melds: tuple[CheckedMeld, ...]
    points: int  # the points that count toward the minimum
    minimum: int  # the minimum that applies (0 when going out concealed)
    table_minimum: int  # the minimum of the table for this total
    problems: tuple[str, ...]
    pile_top: Card | None = None
    pile_top_counts: bool = True

    @property
    def general_problems(self) -> tuple[str, ...]:
        """Return the problems that belong to no single meld (each meld lists its own)."""
        own = {f"{_capital(meld.label)} ({meld.text}): {problem}" for meld in self.melds for problem in meld.problems}
        return tuple(problem for problem in self.problems if problem not in own)

    @property
    def meets_minimum(self) -> bool:
        """Return True when no rule is broken and the points reach the minimum."""
        return not self.problems and self.points >= self.minimum

    @property
    def short_by(self) -> int:
        """Return how many points are missing (0 once the points reach the minimum)."""
        return max(0, self.minimum - self.points)


def _pile_top_problem(ruleset: RuleSet, top: Card) -> str | None:
    """Return why nobody may take the pile with ``top`` on it, or None."""
    if top.is_wild:
        return f"Nobody may take the pile with {card_word(top)} on top."
    if top.rank is Rank.THREE and (top.is_red_three or ruleset.family == MODERN):
        if ruleset.family == MODERN:
            return ("In Modern American 3s are laid out as they come, so a 3 is never the top card "
                    "of the pile. Give the card on top of it.")
        return ("A red 3 is never the top card of the pile: one turned up at the start freezes the pile and "
                "the next card is turned over it, and in play red 3s are laid out, never discarded. "
                "Give the card on top of it.")
    if top.is_black_three:
        return "A black 3 on top stops the pile: nobody may take it this turn."
    return None


def _frozen_words(ruleset: RuleSet) -> str:
    if ruleset.family == MODERN:
        return "In Modern American the pile is always frozen"
    return "Your side has not melded yet, so the pile is frozen for it"


def check_initial_meld(
    ruleset: RuleSet,
    options: Options,
    total: int,
    cards: Sequence[Card] | None = None,
    *,
    groups: Sequence[Sequence[Card]] | None = None,
    pile_top: Card | None = None,
    going_out: str = "no",
) -> InitialMeldCheck:
    """Return whether ``cards`` from hand (and the pile's top card) make the side's first meld.

    Give ``cards`` to let the checker make one meld per rank and place wild
    cards where the melds are legal, or ``groups`` for melds as the player
    grouped them. ``going_out`` is "no", "out" or "concealed" (drawn from the
    stock and the whole hand melded: no minimum). Raises InvalidHand for cards
    the decks cannot hold (fields ``cards`` and ``pile_top``).

    >>> from .cards import parse_cards
    >>> from .rules import resolve
    >>> modern, options = resolve("modern")
    >>> check = check_initial_meld(modern, options, 0, parse_cards("A A 2 2 K K K"))
    >>> [(m.text, m.points) for m in check.melds], check.points, check.short_by, check.problems
    ([('A A 2 2', 80), ('K K K', 30)], 110, 15, ())
    >>> check_initial_meld(modern, options, 0, parse_cards("A A 2 K K 2")).problems[0]
    'In Modern American the initial meld must include a clean triple: three or more natural cards of one rank and no wild card.'
    """
    if groups is None:
        groups = [list(cards or [])]
        explicit = False
    else:
        explicit = True
    hand = [card for group in groups for card in group]
    _raise_if_impossible(ruleset, hand, pile_top, "cards")
    modern = ruleset.family == MODERN
    going = going_out in ("out", "concealed")
    problems: list[str] = []
    placer = _Placer(ruleset, options, going_out=going, initial=True)

    top = pile_top
    if top is not None and (reason := _pile_top_problem(ruleset, top)) is not None:
        problems.append(reason)
        top = None
    if pile_top is not None and going_out == "concealed":
        problems.append("Going out concealed means drawing from the stock: a player who takes the pile "
                        "does not go out concealed.")

    if explicit:
        melds = _explicit_melds(ruleset, placer, groups, top, problems)
    else:
        melds = _auto_melds(ruleset, placer, hand, top, problems, want_clean=modern)

    for meld in melds:
        for problem in meld.problems:
            problems.append(f"{_capital(meld.label)} ({meld.text}): {problem}")
    if modern and not any(_is_clean_triple(meld) for meld in melds):
        problems.append("In Modern American the initial meld must include a clean triple: "
                        "three or more natural cards of one rank and no wild card.")
    if going:
        made = sum(meld.completes_canasta(ruleset) for meld in melds)
        needed = options.canastas_to_go_out
        if made < needed:
            problems.append(f"To go out your side needs {_plural(needed, 'canasta')}; "
                            f"these melds make {made if made else 'none'}.")
    if not hand:
        problems.append("Give the cards you want to meld.")

    points = sum(meld.points for meld in melds)
    counted_top = next((meld.from_pile for meld in melds if meld.from_pile is not None), None)
    if modern and counted_top is not None:
        points -= counted_top.points
    table_minimum = next_minimum(ruleset, total)
    concealed = going_out == "concealed" and ruleset.concealed_bonus > 0
    return InitialMeldCheck(
        melds=tuple(sorted(melds, key=_meld_order)), points=points,
        minimum=0 if concealed else table_minimum, table_minimum=table_minimum,
        problems=tuple(dict.fromkeys(problems)), pile_top=pile_top, pile_top_counts=not modern,
    )


def _is_clean_triple(meld: CheckedMeld) -> bool:
    m = meld.meld
    return meld.legal and m.rank is not None and m.rank.is_natural and m.wilds == 0 and m.naturals >= 3


def _raise_if_impossible(ruleset: RuleSet, hand: Sequence[Card], pile_top: Card | None, field_name: str) -> None:
    problems = deck_problems(ruleset, list(hand) + ([pile_top] if pile_top else []), field_name)
    if problems:
        raise InvalidHand(problems)


def _red_three_problem(red: Sequence[Card]) -> str:
    return (f"Red 3s are never melded and never count toward the minimum: lay {'it' if len(red) == 1 else 'them'} "
            f"out on {'its' if len(red) == 1 else 'their'} own and leave {'it' if len(red) == 1 else 'them'} out here.")


def _pair_problem(ruleset: RuleSet, top: Card, in_hand: int) -> str:
    return (f"{_frozen_words(ruleset)}: taking it needs a natural pair of {top.rank.plural} from your hand; "
            f"you have {rank_word(top.rank, in_hand) if in_hand else 'none'}.")


def _auto_melds(ruleset, placer, hand, top, problems, *, want_clean) -> list[CheckedMeld]:
    naturals, wilds, black, red = _sort_hand(hand)
    if red:
        problems.append(_red_three_problem(red))
    by_rank: dict[Rank, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    slots = [_Slot(rank, cards) for rank, cards in by_rank.items()]
    if black:
        slots.append(_Slot(Rank.THREE, black))
    if top is not None:
        slot = next((slot for slot in slots if slot.rank is top.rank), None)
        in_hand = len(slot.naturals) if slot else 0
        if in_hand < 2:
            problems.append(_pair_problem(ruleset, top, in_hand))
        if slot is not None:
            slot.from_pile = top
    slots.append(_Slot(None))
    return placer.place(slots, wilds, want_clean=want_clean)


def _explicit_melds(ruleset, placer, groups, top, problems) -> list[CheckedMeld]:
    melds: list[CheckedMeld] = []
    seen: dict[Rank | None, int] = {}
    placed_top = False
    for number, group in enumerate(groups, start=1):
        red = [card for card in group if card.is_red_three]
        if red:
            problems.append(_red_three_problem(red))
            group = [card for card in group if not card.is_red_three]
            if not group:
                continue
        try:
            meld = Meld.from_cards(group)
        except CardError as error:
            melds.append(CheckedMeld(tuple(group), None, (str(error),)))
            continue
        from_pile = None
        if top is not None and not placed_top and meld.rank is top.rank:
            if meld.naturals < 2:
                problems.append(_pair_problem(ruleset, top, meld.naturals))
            from_pile, placed_top = top, True
            meld = Meld(meld.rank, meld.naturals + 1, meld.twos, meld.jokers)
            group = [group[0], top, *group[1:]]
        if meld.rank in seen and meld.rank is not None:
            problems.append(f"Group {number} is {meld.label} again: a side has one meld per rank, "
                            f"so put them with group {seen[meld.rank]}.")
        seen.setdefault(meld.rank, number)
        slot = _Slot(meld.rank)
        melds.append(CheckedMeld(tuple(group), meld, tuple(placer.problems(slot, meld)), from_pile))
    if top is not None and not placed_top:
        problems.append(_pair_problem(ruleset, top, 0))
    return melds


# --- one meld ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MeldCheck:
    """One meld judged: legal or not, its canasta kind, card points and bonus."""

    cards: tuple[Card, ...]
    meld: Meld | None
    problems: tuple[str, ...]
    kind: str | None  # canasta kind, if a legal canasta
    bonus: int
    penalty_if_unfinished: int  # Modern American: what the meld costs if the hand ends before it is a canasta

    @property
    def legal(self) -> bool:
        """Return True when the cards make a meld that breaks no rule."""
        return self.meld is not None and not self.problems

    @property
    def points(self) -> int:
        """Return the card points of the meld."""
        return card_points(list(self.cards))

    @property
    def is_canasta(self) -> bool:
        """Return True for a meld of 7 or more cards."""
        return self.meld is not None and self.meld.is_canasta

    @property
    def make_up(self) -> str | None:
        """Return "natural", "mixed" or "wild" (cards alone), or None when it is no meld."""
        if self.meld is None:
            return None
        if self.meld.rank is None:
            return "wild"
        return "natural" if self.meld.wilds == 0 else "mixed"

    @property
    def cards_to_canasta(self) -> int:
        """Return how many more cards make the meld a canasta (0 once it is one)."""
        return max(0, CANASTA_SIZE - len(self.cards)) if self.meld is not None else 0

    @property
    def kind_label(self) -> str | None:
        """Return the canasta kind in player words, e.g. "Mixed canasta"."""
        return KIND_LABELS.get(self.kind) if self.kind else None


def check_meld(
    ruleset: RuleSet,
    options: Options,
    cards: Sequence[Card],
    *,
    going_out: bool | None = None,
    initial: bool | None = None,
) -> MeldCheck:
    """Return whether ``cards`` make a legal meld, its canasta kind, points and bonus.

    >>> from .cards import parse_cards
    >>> from .rules import resolve
    >>> classic, options = resolve("classic")
    >>> check = check_meld(classic, options, parse_cards("K K K K K 2 2"))
    >>> check.legal, check.kind, check.points, check.bonus
    (True, 'mixed', 90, 300)
    >>> modern, options = resolve("modern")
    >>> check = check_meld(modern, options, parse_cards("2 2 2 JK JK JK JK"))
    >>> check.kind_label, check.points, check.bonus
    ('Wild canasta with all four jokers', 260, 2500)
    """
    cards = list(cards)
    _raise_if_impossible(ruleset, cards, None, "cards")
    if not cards:
        raise InvalidHand(Problem("cards", "Give the cards of the meld, like K K K 2."))
    try:
        meld = Meld.from_cards(cards)
    except CardError as error:
        return MeldCheck(tuple(cards), None, (str(error),), None, 0, 0)
    problems = [problem.message for problem in meld_problems(
        ruleset, options, meld, going_out=going_out, initial=initial)]
    legal = not problems
    kind = canasta_kind(ruleset, meld) if legal else None
    penalty_kind = unfinished_kind(ruleset, meld)
    penalty = MODERN_PENALTIES[penalty_kind] if legal and penalty_kind else 0
    return MeldCheck(tuple(cards), meld, tuple(problems), kind,
                     ruleset.canasta_bonus(kind) if kind else 0, penalty)


# --- the discard pile -------------------------------------------------------------------------


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

    @property
    def reason(self) -> str:
        """Return the answer in one sentence or two: how to take it, or why not."""
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
) -> PileCheck:
    """Return whether a player holding ``hand`` may take the pile with ``pile_top`` on it.

    ``frozen``: a wild card is in the pile or a red 3 was turned up at the
    start. ``side_melds``: the ranks of the side's melds on the table, with
    how many cards each holds (None if not known). ``dead_ranks``: Modern
    American ranks of which a canasta is complete. Raises InvalidHand for
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
    _raise_if_impossible(ruleset, hand, pile_top, "hand")
    side_melds = dict(side_melds or {})
    dead = set(dead_ranks)
    modern = ruleset.family == MODERN
    naturals, wilds, _black, _red = _sort_hand(hand)
    rank = pile_top.rank
    matching = [card for card in naturals if card.rank is rank]

    frozen_because = []
    if modern:
        frozen_because.append("In Modern American the pile is always frozen")
    else:
        if frozen:
            frozen_because.append("A wild card or a turned-up red 3 freezes the pile")
        if not side_has_melded:
            frozen_because.append("Your side has not melded yet, so the pile is frozen for it")
    is_frozen = bool(frozen_because)

    reasons: list[str] = []
    notes: list[str] = []
    if (problem := _pile_top_problem(ruleset, pile_top)) is not None:
        reasons.append(problem)
    else:
        if pile_size == 1 and len(hand) == 1:
            reasons.append("With one card left in your hand you may not take a pile of one card.")
        if modern and rank in dead:
            reasons.append(f"The {rank.plural} are dead (a canasta of them is complete): nobody may take the pile "
                           f"with {rank_word(rank)} on top.")
        count = side_melds.get(rank)
        if modern and count is not None and count >= MODERN_PILE_MELD_LIMIT:
            reasons.append(f"Your side already has {count} {rank.plural} on the table: in Modern American the pile "
                           f"is not taken towards a meld of {MODERN_PILE_MELD_LIMIT} or more cards.")

    ways: list[PileWay] = []
    if not reasons:
        word = rank.plural
        if len(matching) >= 2:
            ways.append(PileWay("natural_pair", tuple(matching[:2]),
                                f"Meld the {SINGULAR.get(rank, rank.value)} on top with two {word} from your hand."))
        if not is_frozen and matching and wilds:
            ways.append(PileWay("natural_and_wild", (matching[0], wilds[0]),
                                f"Meld the {SINGULAR.get(rank, rank.value)} on top with "
                                f"{rank_word(rank)} and {card_word(wilds[0])} from your hand."))
        if not is_frozen and rank in side_melds:
            ways.append(PileWay("add_to_meld", (),
                                f"Add the {SINGULAR.get(rank, rank.value)} on top to your side's {word}."))
        if not ways:
            if is_frozen:
                reasons.append(f"{' and '.join(frozen_because)}: taking it needs a natural pair of {word} "
                               f"from your hand; you have {rank_word(rank, len(matching)) if matching else 'none'}.")
            else:
                have = [rank_word(rank, len(matching)) if matching else f"no {SINGULAR.get(rank, rank.value)}"]
                have.append("a wild card" if wilds else "no wild card")
                have.append(f"a meld of {word}" if rank in side_melds else f"no meld of {word}")
                reasons.append(f"To take the pile you must meld the {SINGULAR.get(rank, rank.value)} on top at once: "
                               f"with two {word}, with one and a wild card, or by adding it to your side's {word}. "
                               f"You have {_and(have)}.")
    if ways and not side_has_melded:
        if modern:
            notes.append("This is your side's first meld: it must reach your minimum without the top card, "
                         "and include a clean triple.")
        else:
            notes.append("This is your side's first meld: the cards you meld with the top card (which counts) "
                         "must reach your minimum.")
    if ways and rank in side_melds and not any(way.way == "add_to_meld" for way in ways):
        notes.append(f"The {SINGULAR.get(rank, rank.value)} on top and your pair go on your side's {rank.plural}.")
    return PileCheck(bool(ways), tuple(ways), tuple(reasons), is_frozen, tuple(frozen_because), tuple(notes))


# --- going out ---------------------------------------------------------------------------------


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
        own = {f"{_capital(meld.label)} ({meld.text}): {problem}" for meld in self.melds for problem in meld.problems}
        return tuple(reason for reason in self.reasons if reason not in own)


def going_out_conditions(ruleset: RuleSet, options: Options) -> tuple[str, ...]:
    """Return the rules of going out under ``ruleset`` and ``options``, as sentences.

    >>> from .rules import resolve
    >>> going_out_conditions(*resolve("classic-2p"))[0]
    'You need 2 canastas to go out; one completed in the same turn counts.'
    """
    needed = options.canastas_to_go_out
    who = "Your side" if ruleset.players_per_side > 1 or ruleset.partnership_per_hand else "You"
    lines = [f"{who} {'needs' if who == 'Your side' else 'need'} {_plural(needed, 'canasta')} to go out; "
             f"one completed in the same turn counts."]
    if MUST_DISCARD_TO_GO_OUT[ruleset.family]:
        lines.append("Meld all your cards but one and discard it: you go out with a discard.")
    else:
        lines.append("Meld every card, or all but one and discard it.")
    if ruleset.concealed_bonus:
        partner = ", nothing added to your partner's melds" if who == "Your side" else ""
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
) -> GoingOutCheck:
    """Return whether a player holding ``hand`` may go out this turn, and how.

    ``canastas``: the side's canastas on the table before this turn.
    ``side_melds``: the side's melds on the table the cards may be added to.
    ``player_has_melded``: this player melded earlier in the hand (no
    concealed going out then); when None, taken as ``side_has_melded``.
    ``total``: the side's total before the hand, to check the minimum of a
    side that has not melded. Raises InvalidHand for impossible input
    (fields ``hand``, ``side_melds``, ``canastas``).

    >>> from .cards import parse_cards
    >>> from .rules import resolve
    >>> classic, options = resolve("classic")
    >>> check = check_going_out(classic, options, parse_cards("K K K K K 2 2 5"), canastas=0, side_has_melded=False)
    >>> check.can_go_out, [m.text for m in check.melds], str(check.discard), check.concealed, check.bonus
    (True, ['K K K K K 2 2'], '5', True, 200)
    """
    hand = list(hand)
    modern = ruleset.family == MODERN
    _going_out_input_problems(ruleset, hand, canastas, side_melds)
    if player_has_melded is None:
        player_has_melded = side_has_melded
    needed = options.canastas_to_go_out
    must_discard = MUST_DISCARD_TO_GO_OUT[ruleset.family]
    notes: list[str] = []
    naturals, wilds, black, red = _sort_hand(hand)
    if red:
        notes.append("Red 3s are laid out at once, never kept in hand: they are left out here.")
    if modern and black:
        notes.append("In Modern American 3s are laid out as they come: they are left out here.")
        black = []
    playable = naturals + wilds + black
    placer = _Placer(ruleset, options, going_out=True, initial=not side_has_melded)

    choices: list[Card | None] = [] if must_discard else [None]
    choices += list(dict.fromkeys(_kind_card(card) for card in playable))
    best = None
    for discard in choices:
        rest = list(playable)
        if discard is not None:
            rest.remove(next(card for card in rest if _kind_card(card) == discard))
            discard = next(card for card in playable if _kind_card(card) == discard)
        melds = _going_out_melds(placer, rest, side_melds, want_clean=modern and not side_has_melded)
        plan = _GoingOutPlan(ruleset, melds, discard, canastas, needed, player_has_melded, side_has_melded)
        if best is None or plan.rank() < best.rank():
            best = plan

    reasons: list[str] = []
    if best is None:
        reasons.append("In Modern American you go out by discarding your last card: you need a card to discard.")
        melds: tuple[CheckedMeld, ...] = ()
        discard, after, concealed = None, canastas, False
    else:
        melds, discard, after = tuple(best.melds), best.discard, best.canastas_after
        concealed = best.concealed and bool(ruleset.concealed_bonus)
        broken = [f"{_capital(meld.label)} ({meld.text}): {problem}" for meld in melds for problem in meld.problems]
        if broken:
            keep = "all of them but one to discard" if must_discard else "all of them, or all but one to discard"
            reasons.append(f"You cannot meld {keep}; the closest way breaks these rules.")
            reasons.extend(broken)
        if after < needed:
            have = "none" if after == 0 else str(after)
            reasons.append(f"{'Your side needs' if ruleset.players_per_side > 1 or ruleset.partnership_per_hand else 'You need'} "
                           f"{_plural(needed, 'canasta')} to go out and would have {have}, "
                           f"counting any this turn's melds complete.")
        if modern and not side_has_melded and melds and not any(_is_clean_triple(meld) for meld in melds):
            reasons.append("These melds are your side's initial meld, which in Modern American must include a clean "
                           "triple: three or more natural cards of one rank and no wild card.")
        if not side_has_melded and melds and total is not None:
            minimum = next_minimum(ruleset, total)
            points = sum(meld.points for meld in melds)
            if concealed:
                notes.append("Drawn from the stock, going out concealed needs no minimum."
                             + (f" After taking the pile it would: these melds make {points} of your minimum of {minimum}."
                                if points < minimum else ""))
            elif points < minimum:
                reasons.append(f"These melds are your side's initial meld: they make {points}, "
                               f"{minimum - points} short of your minimum of {minimum}.")
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
        melds=tuple(sorted(melds, key=_meld_order)), discard=discard,
        conditions=going_out_conditions(ruleset, options), notes=tuple(notes),
    )


def _going_out_input_problems(ruleset, hand, canastas, side_melds) -> None:
    problems = deck_problems(ruleset, hand, "hand")
    on_table = sum(meld.is_canasta for meld in side_melds)
    if canastas < on_table:
        problems.append(Problem("canastas", f"The side's melds you gave hold {_plural(on_table, 'canasta')}; "
                                            f"canastas says {canastas}."))
    ranks = [meld.rank for meld in side_melds]
    for index, rank in enumerate(ranks):
        if rank in ranks[:index]:
            problems.append(Problem("side_melds", f"Your side has one meld of {Meld(rank).label}, not two: "
                                                  f"put them together."))
    if problems:
        raise InvalidHand(problems)


def _going_out_melds(placer, cards, side_melds, *, want_clean) -> list[CheckedMeld]:
    naturals, wilds, black, _red = _sort_hand(cards)
    slots: dict[Rank | None, _Slot] = {meld.rank: _Slot(meld.rank, base=meld) for meld in side_melds}
    for card in naturals + black:
        slots.setdefault(card.rank, _Slot(card.rank)).naturals.append(card)
    slots.setdefault(None, _Slot(None))
    return placer.place(list(slots.values()), wilds, want_clean=want_clean)


class _GoingOutPlan:
    """One way of laying the hand down (with a discard or not), and how good it is."""

    def __init__(self, ruleset, melds, discard, canastas, needed, player_has_melded, side_has_melded):
        self.melds, self.discard = melds, discard
        illegal = sum(1 for meld in melds if meld.problems)
        self.canastas_after = canastas + sum(meld.completes_canasta(ruleset) for meld in melds)
        new_canasta = any(meld.adds_to is None and meld.completes_canasta(ruleset) for meld in melds)
        self.concealed = (not player_has_melded and new_canasta and illegal == 0
                          and not any(meld.adds_to is not None for meld in melds))
        bonus = sum(canasta_bonus(ruleset, meld.meld) - (canasta_bonus(ruleset, meld.adds_to) if meld.adds_to else 0)
                    for meld in melds if meld.legal)
        self._rank = (illegal, max(0, needed - self.canastas_after), not self.concealed, -bonus,
                      discard.points if discard is not None else 0)

    def rank(self):
        return self._rank


def _plan_words(melds: Sequence[CheckedMeld], discard: Card | None, concealed: bool) -> str:
    parts = []
    for meld in sorted(melds, key=_meld_order):
        if meld.adds_to is not None:
            parts.append(f"add {meld.text} to your side's {meld.adds_to.label}")
        else:
            parts.append(f"meld {meld.text}")
    if discard is not None:
        parts.append(f"discard the {discard}")
    if not parts:
        return "You hold no card to meld: you are out."
    how = " concealed" if concealed else ""
    return f"Go out{how}: " + _and(parts) + "."
