"""How the cards move: the deal, draws with 3s laid out and replaced, melds laid, the end of a turn, going out.

These functions change a position the way the rules say, without judging
anything: the referee (:mod:`.referee`) has already allowed the move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..cards import Card, Rank
from ..options import Options, resolve
from ..rules import RuleSet
from .events import Event, EventKind
from .position import End, Position, Shuffler, Step, TableMeld, decks

if TYPE_CHECKING:
    from .lays import LaidMelds


def put(items: tuple, index: int, value) -> tuple:
    """Return ``items`` with ``items[index]`` replaced by ``value``."""
    return items[:index] + (value,) + items[index + 1:]


def draw_cards(position: Position, seat: int, count: int, events: list[Event], kind: EventKind = EventKind.DREW) -> Position:
    """Return the position after ``seat`` draws ``count`` cards (fewer if the stock runs out).

    A card laid out at once (a red 3; every 3 in Modern American) is laid out and
    replaced; when it was the last card of the stock the deal ends at once.
    """
    family = position.ruleset.family
    stock = list(position.stock)
    hand = list(position.hands[seat])
    threes = list(position.threes[seat])
    drawn: list[Card] = []
    ended = False
    for _ in range(count):
        while stock:
            card = stock.pop()
            if family.laid_out(card):
                threes.append(card)
                events.append(Event(EventKind.THREE_LAID_OUT, seat, (card,)))
                if not stock:
                    ended = True
                    break
                continue
            drawn.append(card)
            break
        if ended or not stock:
            break
    hand.extend(drawn)
    if drawn:
        events.append(Event(kind, seat, tuple(drawn)))
    position = replace(position, stock=tuple(stock), hands=put(position.hands, seat, tuple(hand)),
                       threes=put(position.threes, seat, tuple(threes)))
    if ended:
        events.append(Event(EventKind.DEAL_OVER, seat, detail=End.LAST_CARD_THREE))
        position = replace(position, step=Step.OVER, end=End.LAST_CARD_THREE, last_drawn_three=seat)
    return position


def deal(rules: str | RuleSet = "classic", options: dict | Options | None = None, seed: int | str = 0,
         totals_before=None) -> tuple[Position, list[Event]]:
    """Return the position after the deal, and what happened: shuffle, deal, turned-up card, 3s laid out.

    >>> position, events = deal("classic", seed=1)
    >>> [len(hand) for hand in position.hands], len(position.stock) + len(position.pile) + sum(map(len, position.threes))
    ([11, 11, 11, 11], 64)
    """
    if isinstance(rules, RuleSet):
        ruleset = rules
        chosen = options if isinstance(options, Options) else resolve(ruleset.id, options)[1]
    else:
        ruleset, chosen = resolve(rules, options if not isinstance(options, Options) else None)
        if isinstance(options, Options):
            chosen = options
    family = ruleset.family
    stock = Shuffler(seed).shuffled(decks(ruleset.decks))
    seats = ruleset.players
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for _ in range(ruleset.cards_dealt):
        for seat in range(seats):
            hands[seat].append(stock.pop())
    events = [Event(EventKind.DEALT, seat, tuple(hand)) for seat, hand in enumerate(hands)]
    pile: list[Card] = []
    frozen = False
    if family.turned_up_card:
        while True:
            card = stock.pop()
            pile.append(card)
            events.append(Event(EventKind.TURNED_UP, None, (card,)))
            if not (card.is_wild or card.is_red_three):
                break
            frozen = True
        if frozen:
            events.append(Event(EventKind.PILE_FROZEN, None, detail="turned_up"))
    totals = tuple(totals_before) if totals_before is not None else (0,) * ruleset.scorers
    sides = ruleset.scorers
    position = Position(
        ruleset=ruleset, options=chosen, totals_before=totals,
        hands=tuple(tuple(hand) for hand in hands), stock=tuple(stock), pile=tuple(pile), pile_frozen=frozen,
        melds=((),) * sides, melded=(False,) * sides, threes=((),) * seats, seat_melded=(False,) * seats,
    )
    # Each seat in turn lays out the 3s it was dealt and replaces them (replacements too).
    for seat in range(seats):
        laid = [card for card in position.hands[seat] if family.laid_out(card)]
        if not laid:
            continue
        kept = tuple(card for card in position.hands[seat] if not family.laid_out(card))
        position = replace(position, hands=put(position.hands, seat, kept),
                           threes=put(position.threes, seat, position.threes[seat] + tuple(laid)))
        events.extend(Event(EventKind.THREE_LAID_OUT, seat, (card,)) for card in laid)
        position = draw_cards(position, seat, len(laid), events, kind=EventKind.REPLACED)
    return position, events


def form_partnership(position: Position, lone: int, events: list[Event]) -> Position:
    """Return the classic-3p position once ``lone`` took the pile first: the other two become one side.

    Their melds join (two melds of one rank become one), and so does having melded.
    """
    partners = [seat for seat in range(position.seats) if seat != lone]
    keep, other = min(partners), max(partners)
    joined = {meld.key: meld for meld in position.melds[keep]}
    for meld in position.melds[other]:
        base = joined.get(meld.key)
        joined[meld.key] = base.plus(meld.cards) if base is not None else meld
    melds = put(put(position.melds, keep, tuple(joined.values())), other, ())
    melded = put(position.melded, keep, position.melded[keep] or position.melded[other])
    melded = put(melded, other, False)
    events.append(Event(EventKind.PARTNERSHIP, lone, detail=f"{keep}+{other}"))
    return replace(position, melds=melds, melded=melded, lone=lone)


def dead_after(position: Position, melds: tuple[TableMeld, ...]) -> frozenset:
    """Return the dead ranks once ``melds`` lie on the table (Modern American; none elsewhere)."""
    if not position.ruleset.family.dead_ranks:
        return position.dead
    completed = {meld.key for meld in melds if meld.is_canasta and isinstance(meld.key, Rank)}
    return position.dead | completed if completed - position.dead else position.dead


def next_turn(position: Position, events: list[Event]) -> Position:
    """Return the position at the start of the next seat's turn (bonus cards drawn first)."""
    seat = position.turn
    if position.bonus_due:
        if len(position.stock) > position.ruleset.family.bonus_cards_stock_floor:
            position = draw_cards(position, seat, position.bonus_due, events, kind=EventKind.BONUS_CARDS)
        position = replace(position, bonus_due=0)
        if position.step == Step.OVER:
            return position
    seat_melded = position.seat_melded
    if position.turn_melded and not seat_melded[seat]:
        seat_melded = put(seat_melded, seat, True)
    return replace(position, turn=(seat + 1) % position.seats, step=Step.DRAW, began=None, turn_keys=frozenset(),
                   turn_melded=False, added_to_partner=False, answer=None, seat_melded=seat_melded)


def out_if_empty(after: Position, seat: int, events: list[Event]) -> Position:
    """``after``, or the deal gone out when ``seat`` has no card left: how a pile take and a meld end."""
    return went_out(after, seat, events) if not after.hands[seat] else after


def went_out(position: Position, seat: int, events: list[Event]) -> Position:
    """Return the deal over with ``seat`` gone out (concealed when its side's canasta came all this turn)."""
    side = position.side_of(seat)
    concealed = (position.ruleset.concealed_bonus > 0 and not position.seat_melded[seat]
                 and not position.added_to_partner
                 and any(meld.is_canasta and meld.key in position.turn_keys for meld in position.melds[side]))
    events.append(Event(EventKind.WENT_OUT, seat, detail="concealed" if concealed else "out"))
    events.append(Event(EventKind.DEAL_OVER, seat, detail=End.WENT_OUT))
    return replace(position, step=Step.OVER, end=End.WENT_OUT, out_seat=seat, concealed=concealed)


def _laid_events(seat, laid, before, melds, events):
    for key, cards in laid:
        events.append(Event(EventKind.LAID if key not in before else "added", seat, cards, key))
    completed = [meld for meld in melds if meld.is_canasta and not (meld.key in before and before[meld.key].is_canasta)]
    events.extend(Event(EventKind.CANASTA, seat, (), meld.key, len(meld.cards)) for meld in completed)


def after_lays(position: Position, seat: int, side: int, laid: LaidMelds, events: list[Event],
               began: str | None) -> Position:
    """Return the position with the side's melds after ``laid`` (the turn began at ``began``); record it in ``events``."""
    before = position.side_melds(side)
    _laid_events(seat, laid.laid, before, laid.melds, events)
    new_keys = {key for key, _ in laid.laid if key not in before}
    partner_keys = {key for key, _ in laid.laid if key in before and key not in position.turn_keys}
    first = not position.melded[side]
    bonus = 0
    family = position.ruleset.family
    if first and began == "stock" and family.bonus_cards:
        index = len(position.first_meld_sides)
        bonus = family.bonus_cards[index] if index < len(family.bonus_cards) else 0
    return replace(
        position, hands=put(position.hands, seat, laid.rest), melds=put(position.melds, side, laid.melds),
        melded=put(position.melded, side, True),
        first_meld_sides=position.first_meld_sides + ((side,) if first else ()),
        bonus_due=position.bonus_due + bonus, dead=dead_after(position, laid.melds),
        turn_keys=position.turn_keys | new_keys, turn_melded=True,
        added_to_partner=position.added_to_partner or bool(partner_keys),
    )
