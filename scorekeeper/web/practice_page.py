"""What the practice page shows: the player's hand in columns by rank, the table, the line of what to do next.

Everything here is read from the seat's view (:func:`scorekeeper.canasta.play.view`);
nothing is decided here that the engine decides (which moves are allowed).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..canasta.cards import Rank
from ..canasta.play import Step, score
from ..canasta.coach.names import card_name
from ..canasta.words import meld_words
from ..canasta.play import EndDeal, TakePile
from ..i18n import gettext as _, ngettext

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Columns of the hand: wild cards, then aces down to 4s, then 3s.
COLUMN_ORDER = [Rank.JOKER, Rank.TWO, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE]


@dataclass(frozen=True)
class CardFace:
    code: str  # as the engine writes it: KS, JK
    name: str  # accessible name: king of spades
    rank: str  # K, 10, JK
    suit: str  # ♠, or "" for a joker
    red: bool
    wild: bool


def face(card) -> CardFace:
    suit = SUIT_SYMBOLS.get(card.suit.value, "") if card.suit else ""
    return CardFace(card.code, card_name(card, _), "★" if card.rank is Rank.JOKER else card.rank.symbol, suit,
                    bool(card.suit and card.suit.is_red), card.is_wild)


def columns(hand) -> list[list[CardFace]]:
    """Return the hand as columns, one per rank, in a fixed order (red 3s never stay in a hand)."""
    by_rank: dict[Rank, list] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
    order = {rank: index for index, rank in enumerate(COLUMN_ORDER)}
    return [[face(c) for c in sorted(cards, key=lambda c: c.code)]
            for _, cards in sorted(by_rank.items(), key=lambda item: order[item[0]])]


@dataclass(frozen=True)
class Tile:
    key: str  # the meld's key as the form sends it: K, 10, wild
    label: str  # kings
    cards: int
    wilds: int
    canasta: str  # "", "natural canasta", "mixed canasta"
    words: str  # accessible description


def tiles(melds) -> list[Tile]:
    result = []
    for meld in melds:
        key = "wild" if meld.key is None else meld.key.symbol
        label = _("wild cards") if meld.key is None else _(meld.key.plural)
        wilds = meld.meld.wilds
        canasta = (_("natural canasta") if wilds == 0 else _("mixed canasta")) if meld.is_canasta else ""
        words = ", ".join([f"{label}: " + ngettext("%(num)d card", "%(num)d cards", len(meld.cards)),
                           ngettext("%(num)d wild card", "%(num)d wild cards", wilds)] + ([canasta] if canasta else []))
        result.append(Tile(key, label, len(meld.cards), wilds, canasta, words))
    return result


def next_step(seen, names, game_over: bool, draw: int = 1) -> str:
    """Return the line at the top: what the player does next.

    ``draw``: how many cards a draw from the stock takes. Whether the pile can be
    taken is the engine's answer (the seat's legal moves), never judged here.
    """
    if game_over:
        return _("The game is over. Start a new game to play again.")
    if seen.step == Step.OVER:
        return _("The deal is over: see the score below, then press Next deal.")
    if seen.to_move != seen.seat:
        return _("%(name)s is playing.", name=names[seen.to_move])
    if seen.step == Step.ANSWER:
        return _("Your partner asks whether they may go out: answer yes or no.")
    pile = ngettext("%(num)d card", "%(num)d cards", len(seen.pile))
    if seen.step == Step.DRAW:
        can_take = any(isinstance(move, TakePile) for move in seen.moves)
        if not seen.stock_size:
            if can_take and not any(isinstance(move, EndDeal) for move in seen.moves):
                return _("The stock is empty: take the pile (%(pile)s); you must take it.", pile=pile)
            if can_take:
                return _("The stock is empty: take the pile (%(pile)s), or end the deal.", pile=pile)
            return _("The stock is empty and you cannot take the pile (%(pile)s): end the deal.", pile=pile)
        if not seen.pile:
            return ngettext("Your turn: draw a card from the stock (the pile is empty).",
                            "Your turn: draw %(num)d cards from the stock (the pile is empty).", draw)
        if can_take:
            return ngettext("Your turn: draw a card, or take the pile (%(pile)s): your hand can meld its top card.",
                            "Your turn: draw %(num)d cards, or take the pile (%(pile)s): your hand can meld its top card.",
                            draw, pile=pile)
        return ngettext("Your turn: draw a card. You cannot take the pile (%(pile)s) this turn.",
                        "Your turn: draw %(num)d cards. You cannot take the pile (%(pile)s) this turn.", draw, pile=pile)
    if seen.answer is True:
        return _("Your partner said yes: go out this turn, putting down all your cards (one may be discarded).")
    if not seen.melded[seen.side]:
        return _("Put down your first melds (at least %(minimum)s points together), "
                 "or select one card and discard it to end your turn.", minimum=seen.minimum)
    return _("Put down melds, or add cards to one of yours (select them, then tap the meld); "
             "then select one card and discard it to end your turn.")


def table_sides(seen, names) -> list[dict]:
    """Return each side's name, melds, red 3s and hand sizes, the player's side first."""
    sides = []
    order = sorted(set(range(len(seen.melds))), key=lambda side: side != seen.side)
    for side in order:
        seats = [s for s in range(len(seen.hand_sizes)) if (seen.lone is None and s % len(seen.melds) == side)
                 or (seen.lone is not None and _side_of(seen, s) == side)]
        if not seats and not seen.melds[side]:
            continue
        threes = [face(c) for s in seats for c in seen.threes[s]]
        others = [s for s in seats if s != seen.seat]
        name = join_and([names[s] for s in seats]) or _("Side %(number)s", number=side + 1)
        # A side of one other seat is headed by its name already: its hand is only "13 cards".
        alone = side != seen.side and len(seats) == 1
        sides.append({
            "mine": side == seen.side, "name": name, "tiles": tiles(seen.melds[side]), "threes": threes,
            "threes_text": threes_text(threes),
            "hands": [("" if alone else names[s], seen.hand_sizes[s]) for s in others],
        })
    return sides


def threes_text(threes) -> str:
    """Return a side's laid-out 3s as its heading counts them: "red 3s: 2"; in Modern American, where black 3s are
    laid out too, "3s: 1 red, 1 black" or "black 3s: 1" (a black 3 is never called a red one)."""
    black = sum(1 for three in threes if not three.red)
    if not black:
        return _("red 3s: %(count)d", count=len(threes))
    if black == len(threes):
        return _("black 3s: %(count)d", count=black)
    return _("3s: %(red)d red, %(black)d black", red=len(threes) - black, black=black)


def join_and(parts) -> str:
    """Return names as a list in the reader's words: "Ann, Bob and Cy"."""
    if len(parts) <= 1:
        return "".join(parts)
    return _("%(names)s and %(last)s", names=", ".join(parts[:-1]), last=parts[-1])


def _side_of(seen, seat):
    if seen.lone is not None and seat != seen.lone:
        return min(other for other in range(len(seen.hand_sizes)) if other != seen.lone)
    return seat % len(seen.melds)


def deal_result(position, side_names, totals=()) -> list[dict] | None:
    """Return each side's hand score of the ended deal, with its breakdown in words."""
    if position.step != Step.OVER:
        return None
    words = {"canastas": _("canastas"), "going_out": _("going out"), "red_threes": _("red 3s"), "threes": _("3s"),
             "melded": _("cards melded"), "in_hand": _("cards in hand"), "penalties": _("penalties"),
             "special_hand": _("special hand")}
    result = []
    scored = score(position)
    for index, side in enumerate(scored["sides"]):
        parts = [f"{words.get(key, key.replace('_', ' '))} {value:+d}" for key, value in side["breakdown"].items()]
        members = side.get("members", [index])  # the scorers the side scores for
        name = join_and([side_names[m] for m in members if m < len(side_names)]) or _("Side %(number)s", number=index + 1)
        # Partners who score apart (three players: each adds only the red 3s they laid out) are shown apart.
        apart = [(side_names[m], scored["scorers"][m]["hand_score"], totals[m] if m < len(totals) else None)
                 for m in members if m < len(side_names)]
        if len({hand for _who, hand, _total in apart}) < 2:
            apart = []
        result.append({"name": name, "score": side["score"], "parts": ", ".join(parts), "mine": 0 in members,
                       "totals": [totals[m] for m in members if m < len(totals)], "apart": apart})
    result.sort(key=lambda side: not side["mine"])
    return result


__all__ = ["columns", "deal_result", "face", "join_and", "meld_words", "next_step", "table_sides", "threes_text", "tiles"]
