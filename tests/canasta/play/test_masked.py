"""What a seat has not seen, and the masked position, when the seen cards are written without their suits.

A position read from JSON may write "K" for a king of any suit. The unseen cards
are counted the codec's way: such a card takes one card of its rank.
"""

from collections import Counter

import pytest

from scorekeeper.canasta.play.masked import masked, unseen_cards
from scorekeeper.canasta.players.plan import unseen_average
from scorekeeper.canasta.play.position import decks

from .positions import table

# Seat 0 sees its 4, the 9 on the pile, seven kings and three 5s on its side, three queens on the other and the
# partner's red 3: 16 cards of 130 points, so 108 - 16 = 92 cards of 1180 - 130 = 1050 points are unseen.
SUITED = {"hands": ["4S", 5, 3, 4], "melds": ["KS KH KD KC KS KH KD|5S 5H 5D", "QS QH QD"], "pile": "9H"}
UNSUITED = {"hands": ["4", 5, 3, 4], "melds": ["K K K K K K K|5 5 5", "Q Q Q"], "pile": "9"}


def going_out(cards, seed=0):
    return table("classic", **cards, threes=["", "", "3H", ""], step="play", began="stock", seed=seed)


@pytest.mark.parametrize("cards", [SUITED, UNSUITED], ids=["suited", "without suits"])
def test_the_unseen_cards_leave_out_every_seen_card(cards):
    position = going_out(cards)
    unseen = unseen_cards(position, 0)
    assert (len(unseen), sum(card.points for card in unseen)) == (92, 1050)
    assert unseen_average(position, 0) == pytest.approx(1050 / 92)
    ranks = Counter(card.rank.value for card in unseen)
    assert (ranks["K"], ranks["5"], ranks["Q"], ranks["4"], ranks["9"]) == (1, 5, 5, 7, 7)


@pytest.mark.parametrize("cards", [SUITED, UNSUITED], ids=["suited", "without suits"])
def test_the_masked_position_holds_the_decks_and_no_card_more(cards):
    position = going_out(cards)
    shown = masked(position, 0)
    everything = [*shown.stock, *shown.pile, *(card for hand in shown.hands for card in hand),
                  *(card for side in shown.melds for meld in side for card in meld.cards),
                  *(card for laid in shown.threes for card in laid)]
    assert Counter(card.rank for card in everything) == Counter(card.rank for card in decks(2))
    assert [len(hand) for hand in shown.hands] == [1, 5, 3, 4] and len(shown.stock) == len(position.stock) == 80


def test_positions_without_suits_that_differ_in_hidden_cards_mask_the_same():
    one, other = going_out(UNSUITED, seed=1), going_out(UNSUITED, seed=2)
    assert one.hands[1:] != other.hands[1:] and one.stock != other.stock
    assert masked(one, 0) == masked(other, 0)
