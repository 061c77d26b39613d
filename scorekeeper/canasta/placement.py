"""Checked melds, and where a hand's wild cards go so its melds break the fewest rules.

The initial-meld and going-out checks (see :mod:`.checks`) sort a hand into
one slot per rank, plus one for wild cards alone, and let :class:`Placer`
share the wild cards out among them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .cards import Card, Rank, card_points, format_cards
from .dead import dead_rank_problem, live
from .errors import Problem
from .melds import CANASTA_SIZE, Meld, canasta_bonus, canasta_kind, meld_problems
from .options import Options
from .rules import RuleSet

# The cost of a slot left empty: nothing illegal, no canasta, no bonus, no wild card.
NO_COST = (0, 0, 0, 0, 0)


class CardsLaid:
    """What a check's ``cards``, ``meld`` (None when they make no meld) and ``problems_data`` tell."""

    @property
    def problems(self) -> tuple[str, ...]:
        """Return every rule the cards break, in player words (rendered from ``problems_data``)."""
        return tuple(problem.message for problem in self.problems_data)

    @property
    def legal(self) -> bool:
        """Return True when the cards make a meld that breaks no rule."""
        return self.meld is not None and not self.problems_data

    @property
    def text(self) -> str:
        """Return the cards, as card text."""
        return format_cards(list(self.cards))

    @property
    def points(self) -> int:
        """Return the card points of the cards (bonuses never count)."""
        return card_points(list(self.cards))


def meld_key(meld: Meld | None) -> str | None:
    """Return a meld's key as data: its rank code ("K"; "3" for black 3s), "wild" for wild cards, None for no meld."""
    if meld is None:
        return None
    return meld.rank.value if meld.rank is not None else "wild"


def is_clean(meld: Meld) -> bool:
    """Return True for a clean triple or more: three or more natural cards of one rank, no wild card."""
    return meld.rank is not None and meld.rank.is_natural and meld.wilds == 0 and meld.naturals >= 3


@dataclass(frozen=True)
class CheckedMeld(CardsLaid):
    """One meld of a check: the cards laid now, the whole meld, and every rule it breaks.

    ``cards`` are the cards laid this turn (the pile's top card included);
    ``adds_to`` is the side's meld on the table they join, if any; ``meld``
    is the meld they make (None when the cards cannot be one meld at all).
    """

    cards: tuple[Card, ...]
    meld: Meld | None
    problems_data: tuple[Problem, ...] = ()  # every rule the meld breaks (``problems``: their words)
    from_pile: Card | None = None
    adds_to: Meld | None = None

    @property
    def label(self) -> str:
        """Return what the meld is made of: ``"kings"``, ``"wild cards"``; "cards" if no meld."""
        return self.meld.label if self.meld is not None else "cards"

    @property
    def broken_rules_data(self) -> tuple[Problem, ...]:
        """Return the meld's problems, each said with its meld: ``"Kings (K K): ..."``."""
        key, text = meld_key(self.meld), self.text
        return tuple(Problem("meld.named", meld=key, cards=text, problem=problem) for problem in self.problems_data)

    @property
    def broken_rules(self) -> tuple[str, ...]:
        """Return the meld's problems as sentences that say which meld: ``"Kings (K K): ..."``."""
        return tuple(problem.message for problem in self.broken_rules_data)

    @property
    def clean_triple(self) -> bool:
        """Return True for a legal meld of three or more natural cards and no wild card."""
        return self.legal and is_clean(self.meld)

    def kind(self, ruleset: RuleSet) -> str | None:
        """Return the canasta kind the meld completes or holds, or None."""
        return canasta_kind(ruleset, self.meld) if self.legal else None

    def completes_canasta(self, ruleset: RuleSet) -> bool:
        """Return True when this turn's cards make the meld a canasta it was not before."""
        return self.kind(ruleset) is not None and not (self.adds_to is not None and self.adds_to.is_canasta)


def bonus_gained(ruleset: RuleSet, meld: Meld, before: Meld | None) -> int:
    """Return the canasta bonus ``meld`` scores beyond what ``before`` (its part on the table) scored."""
    return canasta_bonus(ruleset, meld) - (canasta_bonus(ruleset, before) if before else 0)


def broken_rules_data(melds: Iterable[CheckedMeld]) -> list[Problem]:
    """Return every rule the melds break, each problem naming its meld."""
    return [problem for meld in melds for problem in meld.broken_rules_data]


def broken_rules(melds: Iterable[CheckedMeld]) -> list[str]:
    """Return every rule the melds break, each sentence naming its meld."""
    return [problem.message for problem in broken_rules_data(melds)]


def meld_order(meld: CheckedMeld) -> tuple:
    """Sort melds as they lie on the table: highest rank first, wild cards and black 3s last."""
    rank = meld.meld.rank if meld.meld is not None else None
    order = list(Rank)
    return (rank is None, rank is Rank.THREE, -order.index(rank) if rank is not None else 0)


def sort_hand(cards: Iterable[Card]) -> tuple[list[Card], list[Card], list[Card], list[Card]]:
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


@dataclass
class Slot:
    """A meld being built: its natural cards (and the pile's top card), maybe a meld on the table."""

    rank: Rank | None
    naturals: list[Card] = field(default_factory=list)
    from_pile: Card | None = None
    base: Meld | None = None

    def meld(self, twos: int, jokers: int) -> Meld:
        """Return the meld the slot makes with ``twos`` 2s and ``jokers`` jokers added."""
        base = self.base or Meld(self.rank)
        naturals = base.naturals + len(self.naturals) + (self.from_pile is not None)
        return Meld(self.rank, naturals=naturals, twos=base.twos + twos, jokers=base.jokers + jokers)

    def empty(self, wilds: int) -> bool:
        """Return True when the slot, given ``wilds`` wild cards, lays no card this turn."""
        return not self.naturals and self.from_pile is None and wilds == 0


@dataclass(frozen=True)
class _Judged:
    """A slot with a number of wild cards: what it costs, as a tuple to minimise."""

    cost: tuple[int, ...]
    clean: bool


def _twos(cards: Iterable[Card]) -> int:
    return sum(card.rank is Rank.TWO for card in cards)


def _wild_meld_split(wilds: int, twos: int, jokers: int) -> tuple[int, int]:
    """Return (twos, jokers) for a meld of wild cards only, choosing its best canasta kind."""
    if wilds >= CANASTA_SIZE and twos < CANASTA_SIZE and jokers >= 4:
        used_jokers = max(4, wilds - twos)
        return wilds - used_jokers, used_jokers
    used_twos = min(wilds, twos)
    return used_twos, wilds - used_twos


def _split(slot: Slot, wilds: int, twos: int, jokers: int) -> tuple[int, int]:
    """Return (twos, jokers) of ``wilds`` wild cards given to ``slot``: a natural meld takes jokers first."""
    if slot.rank is None:
        return _wild_meld_split(wilds, twos, jokers)
    used_jokers = min(wilds, jokers)
    return wilds - used_jokers, used_jokers


class Placer:
    """Places wild cards among melds so they break the fewest rules.

    Preference, in order: fewest illegal melds; a clean triple kept when one
    is needed; most canastas completed; most canasta bonus; fewest wild cards
    put on melds already on the table; fewest wild cards in a meld of wild
    cards alone. Only counts matter, so a small dynamic programme finds it.
    """

    def __init__(self, ruleset: RuleSet, options: Options, *, going_out: bool | None, initial: bool | None,
                 dead_ranks: Iterable[Rank] = ()):
        self.ruleset, self.options = ruleset, options
        self.going_out, self.initial = going_out, initial
        self.dead_ranks = live(ruleset, dead_ranks)  # Modern American: ranks nobody may meld or add to

    def problems(self, slot: Slot, meld: Meld) -> list[Problem]:
        """Return every rule ``meld`` breaks, built in ``slot`` (a meld on the table is no initial meld).

        Wild cards the meld on the table took in the initial meld do not count against
        natural cards added later: only wild cards added now are asked whether they may be.
        """
        if slot.base is None:
            initial = self.initial
        else:
            initial = False if meld.wilds > slot.base.wilds else None
        problems = meld_problems(self.ruleset, self.options, meld, going_out=self.going_out, initial=initial)
        if (dead := dead_rank_problem(self.ruleset, meld.rank, self.dead_ranks)) is not None:
            problems.insert(0, dead)
        return problems

    def _judge(self, slot: Slot, wilds: int, twos: int, jokers: int) -> _Judged:
        if slot.empty(wilds):
            return _Judged(NO_COST, False)
        meld = slot.meld(*_split(slot, wilds, twos, jokers))
        illegal = 1 if self.problems(slot, meld) else 0
        before = slot.base
        new_canasta = int(not illegal and meld.is_canasta and not (before is not None and before.is_canasta))
        bonus = 0 if illegal else bonus_gained(self.ruleset, meld, before)
        clean = not illegal and before is None and is_clean(meld)
        on_table = wilds if before is not None else 0
        alone = wilds if slot.rank is None else 0
        return _Judged((illegal, -new_canasta, -bonus, on_table, alone), clean)

    def place(self, slots: list[Slot], wilds: list[Card], *, want_clean: bool) -> list[CheckedMeld]:
        """Return the slots as checked melds, each with the wild cards it was given."""
        twos = _twos(wilds)
        jokers = len(wilds) - twos
        total = len(wilds)
        # best[(used, clean)] = (cost, counts per slot so far)
        best: dict[tuple[int, bool], tuple[tuple[int, ...], tuple[int, ...]]] = {(0, False): (NO_COST, ())}
        for slot in slots:
            judged = [self._judge(slot, count, twos, jokers) for count in range(total + 1)]
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

    def _deal(self, slots: list[Slot], counts: Sequence[int], wilds: list[Card]) -> list[CheckedMeld]:
        """Hand out the actual wild cards: a meld of wild cards alone picks first."""
        pool = list(wilds)
        given: dict[int, list[Card]] = {}
        order = sorted(range(len(slots)), key=lambda index: slots[index].rank is not None)
        for index in order:
            slot, count = slots[index], counts[index]
            twos = _twos(pool)
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
            twos = _twos(extra)
            meld = slot.meld(twos, len(extra) - twos)
            pile = [slot.from_pile] if slot.from_pile is not None else []
            cards = tuple(slot.naturals[:1] + pile + slot.naturals[1:] + extra)
            problems = self.problems(slot, meld)
            if slot.rank is None and slot.base is None and not self.ruleset.wild_melds and extra:
                problems = [Problem("meld.wilds_fit_nowhere", count=len(extra))]
            melds.append(CheckedMeld(cards, meld, tuple(problems), slot.from_pile, slot.base))
        return melds
