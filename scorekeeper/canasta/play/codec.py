"""A position as JSON, both ways: read with every problem named, written in the same shape.

The referee's JSON (``POST /api/v1/play/check`` and ``/moves``) takes a
complete position. A hand or the stock may be given as a count of cards that
are not known: they are then the cards the position does not show, shuffled by
``seed``. A position that cannot happen (more cards of a kind than the decks
hold, cards missing, two melds of one rank on a side, a side with melds said
not to have melded, a 3 kept in a hand) raises InvalidHand, field by field.

>>> from ..options import resolve
>>> position, shown = read_position(*resolve("classic"), {
...     "hands": ["K K Q Q 2 5 9", 11, 11, 11], "stock": 65, "pile": "4 9 K",
...     "turn": 0, "step": "draw"})
>>> len(position.stock), position.pile_top, position_data(position, shown)["hands"][1:]
(65, Card(rank=<Rank.KING: 'K'>, suit=None), [11, 11, 11])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import Card, Rank, parse_cards, parse_meld_groups
from ..errors import CanastaError
from ..fields import FieldReader, is_integer, join
from ..melds import Meld, canasta_kind, meld_problems
from ..options import Options
from ..rules import RuleSet
from ..sides import parse_totals
from ..supply import deck_problems
from .position import Position, Shuffler, Step, TableMeld, cards_not_seen, decks, meld_key_word
from ..messages import N_

POSITION_FIELDS = (
    "hands", "stock", "pile", "frozen", "melds", "threes", "melded", "turn", "step", "began",
    "melded_this_turn", "new_melds", "added_to_partner", "seat_melded", "answer", "totals_before", "lone",
    "bonus_due", "seed",
)
STEP_CHOICES = (Step.DRAW, Step.PLAY, Step.ANSWER)
BEGAN_CHOICES = ("stock", "pile")


@dataclass(frozen=True)
class Shown:
    """Which parts of a position were given as counts (their cards unknown): written back as counts."""

    hidden_hands: frozenset[int] = frozenset()
    hidden_stock: bool = False
    seed: int | str = 0  # what filled them (see fill_hidden): written back with the counts


def _text(cards) -> str:
    return " ".join(card.code for card in cards)


def _key_order(key: Rank | None) -> int:
    return list(Rank).index(key) if key is not None else -1


def _key_text(key: Rank | None) -> str:
    return "wild" if key is None else key.symbol


class _Reader(FieldReader):
    def __init__(self, ruleset: RuleSet, data: dict):
        super().__init__()
        self.ruleset = ruleset
        self.data = data
        self.broken = False  # a list of the wrong length: its entries are not read, nor counted

    def cards(self, value, where: str) -> list[Card]:
        try:
            return parse_cards(value, where)
        except CanastaError as error:
            self.extend(error.problems)
            return []

    def per(self, name: str, count: int, what: str, default=None) -> list:
        if name not in self.data or self.data[name] is None:
            return list(default) if isinstance(default, list) else [default] * count
        value = self.data[name]
        if not isinstance(value, list) or len(value) != count:
            self.problem(join("position", name), "position.per", what=what, count=count)
            self.broken = True
            return [None] * count
        return value

    def flag(self, name: str, default: bool) -> bool:
        if name not in self.data:
            return default
        value = self.boolean(self.data[name], join("position", name), name)
        return default if value is None else value

    def seat(self, value, where: str, seats: int) -> int | None:
        if not is_integer(value) or not 0 <= value < seats:
            self.problem(where, "position.seat", last=seats - 1)
            return None
        return value


def _read_hands(reader: _Reader, seats: int) -> tuple[list[list[Card] | None], list[int]]:
    hands, counts = [], []
    raw = reader.per("hands", seats, N_("one hand per seat (card text, or how many cards it holds)"), default="")
    for seat, value in enumerate(raw):
        where = join(join("position", "hands"), seat)
        if value is None:
            hands.append([])
            counts.append(0)
        elif is_integer(value):
            if not 1 <= value <= 162:
                reader.problem(where, "position.empty_hand")
            hands.append(None)
            counts.append(max(0, min(value, 162)))
        else:
            cards = reader.cards(value, where)
            if not cards and isinstance(value, str):
                reader.problem(where, "position.empty_hand")
            hands.append(cards)
            counts.append(0)
    return hands, counts


def _read_melds(reader: _Reader, ruleset: RuleSet, options: Options, sides: int) -> list[list[TableMeld]]:
    melds = []
    raw = reader.per("melds", sides, N_("the melds of each side (card text, | between melds)"), default="")
    for side, value in enumerate(raw):
        where = join(join("position", "melds"), side)
        try:
            groups = parse_meld_groups(value if value is not None else "", where)
        except CanastaError as error:
            reader.extend(error.problems)
            groups = []
        side_melds: dict = {}
        for number, group in enumerate(groups):
            try:
                meld = Meld.from_cards(group)
            except CanastaError as error:
                for problem in error.problems:
                    reader.problem(where, "position.meld", number=number + 1, cards=_text(group), problem=problem)
                continue
            if meld.rank in side_melds:
                reader.problem(where, "position.one_meld_per_rank", meld=meld_key_word(meld.rank))
                continue
            # Black 3s lie on the table only while their player goes out: checked with the turn below.
            for problem in meld_problems(ruleset, options, meld, going_out=None):
                reader.problem(where, "position.meld", number=number + 1, cards=_text(group), problem=problem)
            side_melds[meld.rank] = TableMeld.of(meld.rank, tuple(group))
        melds.append(list(side_melds.values()))
    return melds


def read_position(ruleset: RuleSet, options: Options, data) -> tuple[Position, Shown]:
    """Return the position ``data`` describes (see the module docstring), or raise InvalidHand with every problem."""
    reader = _Reader(ruleset, data if isinstance(data, dict) else {})
    data = reader.mapping(data, "position", "The position", POSITION_FIELDS) or {}
    reader.data = data
    family = ruleset.family
    seats, sides = ruleset.players, ruleset.scorers
    hands, hidden_counts = _read_hands(reader, seats)
    stock_raw = data.get("stock", 0)
    stock_cards: list[Card] | None = None
    if is_integer(stock_raw):
        stock_count = stock_raw if 0 <= stock_raw <= ruleset.cards else 0
        if stock_raw != stock_count:
            reader.problem("position.stock", "position.stock", most=ruleset.cards)
    else:
        stock_cards = reader.cards(stock_raw, "position.stock")
        stock_count = 0
    pile = reader.cards(data.get("pile", ""), "position.pile")
    threes = [reader.cards(value or "", join("position.threes", seat))
              for seat, value in enumerate(reader.per("threes", seats, N_("the 3s each seat laid out"), default=""))]
    melds = _read_melds(reader, ruleset, options, sides)
    for seat, laid in enumerate(threes):
        if any(not family.laid_out(card) for card in laid):
            which = "3s" if family.black_threes_laid_out else "red 3s"
            reader.problem(join("position.threes", seat), "position.threes", which=which)
    for seat, hand in enumerate(hands):
        if hand and any(family.laid_out(card) for card in hand):
            which = "a 3" if family.black_threes_laid_out else "a red 3"
            reader.problem(join("position.hands", seat), "position.hand_keeps_three", which=which)
    if family.black_threes_laid_out and any(card.rank is Rank.THREE for card in pile):
        reader.problem("position.pile", "position.three_in_pile", family=family.name)

    seen = [card for hand in hands if hand for card in hand] + (stock_cards or []) + pile
    seen += [card for laid in threes for card in laid] + [card for side in melds for meld in side for card in meld.cards]
    supply = deck_problems(ruleset, seen, "position")
    reader.extend(supply)
    unknown = ruleset.cards - len(seen)
    wanted = sum(hidden_counts) + (stock_count if stock_cards is None else 0)
    if not supply and not reader.broken and not reader.problems and unknown != wanted:
        if unknown > wanted:
            missing = unknown - wanted
            reader.problem("position", "position.card_missing" if missing == 1 else "position.cards_missing",
                           shown=len(seen), wanted=wanted, missing=missing, cards=ruleset.cards)
        else:
            reader.problem("position", "position.too_many_cards", count=len(seen) + wanted, cards=ruleset.cards)

    melded_raw = data.get("melded")
    melded = [bool(side) for side in melds]
    if melded_raw is not None:
        given = reader.per("melded", sides, N_("whether each side has melded"))
        for side, value in enumerate(given):
            if value is None and reader.broken:
                continue
            if not isinstance(value, bool):
                reader.problem(join("position.melded", side), "position.true_or_false")
            elif melds[side] and not value:
                reader.problem(join("position.melded", side), "position.has_melded", side=side)
            else:
                melded[side] = melded[side] or value
    turn = reader.seat(data.get("turn", 0), "position.turn", seats)
    step = reader.choice(data.get("step", Step.DRAW), "position.step", "The step", STEP_CHOICES)
    step = Step(step) if step is not None else None
    began = data.get("began")
    if step in (Step.PLAY, Step.ANSWER):
        began = reader.choice(began if began is not None else "stock", "position.began", N_("How the turn began"),
                              BEGAN_CHOICES)
    elif began is not None:
        reader.problem("position.began", "position.began")
        began = None
    answer = data.get("answer")
    if answer is not None and not isinstance(answer, bool):
        reader.problem("position.answer", "position.answer")
        answer = None
    lone = data.get("lone")
    if lone is not None:
        if not ruleset.partnership_per_hand:
            reader.problem("position.lone", "position.lone", rules=ruleset.name)
            lone = None
        else:
            lone = reader.seat(lone, "position.lone", seats)
    totals = parse_totals(reader, ruleset, data.get("totals_before"), "position.totals_before")
    seat_melded = [bool(value) for value in reader.per("seat_melded", seats, N_("whether each seat melded before this turn"),
                                                       default=[False] * seats)]
    new_melds = []
    for index, value in enumerate(data.get("new_melds", []) if isinstance(data.get("new_melds", []), list) else []):
        try:
            new_melds.append(None if value == "wild" else Rank.from_text(value))
        except (ValueError, AttributeError):
            reader.problem(join("position.new_melds", index), "position.new_meld")
    bonus_due = reader.integer(data.get("bonus_due", 0), "position.bonus_due", N_("Bonus cards due"), high=4) or 0
    seed = data.get("seed", 0)
    if not (is_integer(seed) or isinstance(seed, str)):
        reader.problem("position.seed", "position.seed")
        seed = 0
    pile_frozen = any(card.is_wild or card.is_red_three for card in pile)
    if "frozen" in data and reader.flag("frozen", pile_frozen) != pile_frozen:
        reader.problem("position.frozen", "position.frozen" if pile_frozen else "position.not_frozen")
    reader.raise_if_any()

    filled, fill = fill_hidden(ruleset, seed, seen, [hidden_counts[seat] if hand is None else None
                                                     for seat, hand in enumerate(hands)])
    if filled is None:
        reader.problem("position.hands", "position.hands_hold_threes", which=which_threes(family))
        reader.raise_if_any()
    full_hands = [tuple(hand) if hand is not None else filled[seat] for seat, hand in enumerate(hands)]
    stock = tuple(stock_cards) if stock_cards is not None else tuple(fill)
    dead = frozenset(meld.key for side in melds for meld in side
                     if family.dead_ranks and isinstance(meld.key, Rank) and canasta_kind(ruleset, meld.meld))
    position = Position(
        ruleset=ruleset, options=options, totals_before=totals, hands=tuple(full_hands), stock=stock,
        pile=tuple(pile), pile_frozen=pile_frozen, melds=tuple(tuple(side) for side in melds), melded=tuple(melded),
        threes=tuple(tuple(laid) for laid in threes), seat_melded=tuple(seat_melded), turn=turn, step=step,
        began=began, turn_keys=frozenset(new_melds), turn_melded=reader.flag("melded_this_turn", False),
        added_to_partner=reader.flag("added_to_partner", False), answer=answer, lone=lone,
        first_meld_sides=tuple(side for side in range(sides) if melded[side]), bonus_due=bonus_due, dead=dead,
    )
    _raise_if_inconsistent(reader, position)
    return position, Shown(frozenset(seat for seat, hand in enumerate(hands) if hand is None), stock_cards is None, seed)


def which_threes(family) -> str:
    """Return the 3s a hand never holds in ``family``: "3s" (Modern American: all are laid out) or "red 3s"."""
    return "3s" if family.black_threes_laid_out else "red 3s"


def fill_hidden(ruleset: RuleSet, seed: int | str, seen: list[Card],
                counts: list[int | None]) -> tuple[list[tuple[Card, ...] | None] | None, list[Card]]:
    """Return the hands given as counts (``counts[seat]``; None: a hand shown) filled, and the rest of the cards.

    The cards the position does not show are put in an order set by ``seed`` alone (the
    decks shuffled, the cards seen left out), so the same seed fills a position the same
    way after a move that shows or moves cards it already showed: a client sending back
    an answer's position (with the ``seed`` it names) sees the same hidden cards. Each
    hand takes, seat by seat, the first cards of that order a hand may hold (never a card
    the rules lay out at once: a red 3, in Modern American any 3); the rest, in that
    order, are the stock (drawn from its end). The hands are None when the cards a hand
    may hold are too few.

    >>> from ..cards import parse_cards
    >>> from ..options import resolve
    >>> classic, _ = resolve("classic")
    >>> hands, rest = fill_hidden(classic, 7, parse_cards("K K Q"), [None, 11, 11, 11])
    >>> [len(hand) for hand in hands[1:]], len(rest), any(c.is_red_three for hand in hands[1:] for c in hand)
    ([11, 11, 11], 72, False)
    """
    left = Counter(cards_not_seen(ruleset.decks, seen))
    order = []
    for card in Shuffler(seed).shuffled(decks(ruleset.decks)):
        if left[card] > 0:
            order.append(card)
            left[card] -= 1
    laid_out = ruleset.family.laid_out
    hands: list[tuple[Card, ...] | None] = []
    for count in counts:
        if count is None:
            hands.append(None)
            continue
        hand, rest = [], []
        for card in order:
            (hand if len(hand) < count and not laid_out(card) else rest).append(card)
        if len(hand) < count:
            return None, order
        hands.append(tuple(hand))
        order = rest
    return hands, order


def _raise_if_inconsistent(reader: _Reader, position: Position) -> None:
    """Raise InvalidHand for seats and sides that cannot be so: an absorbed partner's melds, an answer nobody asked."""
    from .position import partner_to_ask
    if position.lone is not None:
        absorbed = max(seat for seat in range(position.seats) if seat != position.lone)
        if position.melds[absorbed] or position.melded[absorbed]:
            reader.problem(join("position.melds", absorbed), "position.absorbed", seat=absorbed,
                           partner=min(s for s in range(position.seats) if s not in (position.lone, absorbed)))
    for side, melds in enumerate(position.melds):
        if any(meld.key is Rank.THREE for meld in melds):
            going = (position.step == Step.PLAY and position.side_of(position.turn) == side
                     and len(position.hands[position.turn]) <= 1 and position.turn_melded)
            if not going:
                reader.problem(join("position.melds", side), "position.black_threes_melded")
    partner = partner_to_ask(position, position.turn)
    if position.step == Step.ANSWER and partner is None:
        reader.problem("position.step", "position.no_partner")
    if position.answer is not None and (partner is None or position.step != Step.PLAY):
        reader.problem("position.answer", "position.answer_unasked")
    reader.raise_if_any()


def position_data(position: Position, shown: Shown = Shown()) -> dict:
    """Return the position in the JSON shape :func:`read_position` reads (counts stay counts)."""
    data = {
        "hands": [len(hand) if seat in shown.hidden_hands else _text(hand) for seat, hand in enumerate(position.hands)],
        "stock": len(position.stock) if shown.hidden_stock else _text(position.stock),
        "pile": _text(position.pile),
        "frozen": position.pile_frozen,
        "melds": [" | ".join(_text(meld.cards) for meld in side) for side in position.melds],
        "threes": [_text(laid) for laid in position.threes],
        "melded": list(position.melded),
        "turn": position.turn,
        "step": position.step,
        "began": position.began,
        "melded_this_turn": position.turn_melded,
        "new_melds": [_key_text(key) for key in sorted(position.turn_keys, key=_key_order)],
        "added_to_partner": position.added_to_partner,
        "seat_melded": list(position.seat_melded),
        "answer": position.answer,
        "totals_before": list(position.totals_before),
        "lone": position.lone,
        "bonus_due": position.bonus_due,
    }
    if shown.hidden_hands or shown.hidden_stock:
        data["seed"] = shown.seed
    if position.over:
        data["end"] = position.end
        data["out_seat"] = position.out_seat
    return data
