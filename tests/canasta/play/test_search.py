"""Looking ahead within a turn: the melds a turn would make (never past the depth, never down to one card),
and what drawing is worth to the normal and hard levels, from the seat's own view only."""

from dataclasses import replace

import pytest

from scorekeeper.canasta.play import apply, legal_moves
from scorekeeper.canasta.players import plan, search
from scorekeeper.canasta.play.masked import unseen_kinds
from scorekeeper.canasta.play.moves import Meld
from scorekeeper.canasta.play.position import Step
from scorekeeper.canasta.players.weigh import EASY, HARD, NORMAL

LEVELS = {level.name: level for level in (EASY, NORMAL, HARD)}

from .positions import hidden_dealt_again, positions_of, table

KINGS = "KS KH KD KC KS KH KD"  # a natural canasta: the side may go out


def codes(cards):
    return " ".join(card.code for card in cards)


def turn(hand, melds):
    return table("classic", hands=[hand, 11, 11, 11], melds=[melds, ""], pile="8H", step="play", began="stock")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize(("depth", "hand", "melds"), [
    (0, "JS JH JD 9S 9H 9D 4S 5S", ["KS KH KD"]),
    (1, "9S 9H 9D 4S 5S", ["KS KH KD", "JS JH JD"]),
    (2, "4S 5S", ["KS KH KD", "JS JH JD", "9S 9H 9D"]),
    (5, "4S 5S", ["KS KH KD", "JS JH JD", "9S 9H 9D"]),
], ids=["depth 0: nothing", "depth 1: one meld", "depth 2: both", "depth 5: both, then nothing gains"])
def test_best_melds_stops_at_its_depth(level, depth, hand, melds):
    after = search.best_melds(turn("JS JH JD 9S 9H 9D 4S 5S", "KS KH KD"), 0, LEVELS[level], depth)
    assert codes(after.hands[0]) == hand
    assert [codes(meld.cards) for meld in after.melds[0]] == melds


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_best_melds_never_leaves_fewer_than_two_cards(level):
    # With a canasta the referee lets seat 0 meld its 9s and keep one card, and that would gain: the look ahead
    # keeps two cards all the same (one to discard and one to go on with), at any depth.
    position = turn("JS JH JD 9S 9H 9D 4S", KINGS)
    chosen = LEVELS[level]
    for depth in (1, 2, 5):
        after = search.best_melds(position, 0, chosen, depth)
        assert codes(after.hands[0]) == "9S 9H 9D 4S"
        assert [codes(meld.cards) for meld in after.melds[0]] == [KINGS, "JS JH JD"]
    nines = [move for move in legal_moves(after) if isinstance(move, Meld)]
    assert [codes(lay.cards) for move in nines for lay in move.melds] == ["9S 9H 9D"]
    assert search.left_after(after, 0, nines[0]) == 1
    assert search.worth_of(apply(after, nines[0])[0], 0, chosen) - search.worth_of(after, 0, chosen) > 0.5


def draw_positions(rules, seed):
    """Yield the positions of a seeded deal where the seat to move draws or takes the pile."""
    return (position for position in positions_of(rules, seed) if position.step == Step.DRAW)


@pytest.mark.parametrize("rules", ["classic", "classic-2p", "modern"])
def test_drawing_worth_never_reads_a_hidden_card(rules):
    changed = 0
    for position, other, moved in hidden_dealt_again(draw_positions(rules, 4), every=2):
        changed += moved
        seat = position.to_move
        for level in (LEVELS["normal"], LEVELS["hard"]):
            assert search.drawing_worth(other, seat, level) == search.drawing_worth(position, seat, level)
    assert changed > 10


@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_hard_plays_the_turn_for_each_kind_of_card_a_draw_could_bring(rules):
    hard = LEVELS["hard"]
    for position in list(draw_positions(rules, 5))[:12:3]:
        seat = position.to_move
        kinds = unseen_kinds(position, seat)
        total = 0.0
        for card, count in kinds:
            hands = list(position.hands)
            hands[seat] = hands[seat] + (card,)
            drawn = replace(position, hands=tuple(hands), stock=position.stock[1:], step=Step.PLAY, began="stock")
            total += count * search.worth_of(search.best_melds(drawn, seat, hard, search.TURN_MELDS), seat, hard)
        expected = total / sum(count for _, count in kinds) + plan.DRAW
        assert search.drawing_worth(position, seat, hard) == pytest.approx(expected)


@pytest.mark.parametrize(("level", "share"), [("normal", plan.HAND_POINTS), ("hard", plan.HAND_POINTS)])
def test_a_draw_from_an_empty_stock_or_for_normal_is_the_hand_with_each_unseen_card_averaged(level, share):
    # Nothing melds (no pair, side not melded): the turn's look ahead changes nothing, so drawing is worth the
    # plan's draw value of the hand as it is, plus a fresh card's worth. Hard does so too when the stock is empty.
    position = table("classic", hands=["KS QH JD 9C 8S 7H 6D 5C 4S", 11, 11, 11], pile="10H")
    if level == "hard":
        position = replace(position, stock=())
    drawn = replace(position, step=Step.PLAY, began="stock")
    assert search.best_melds(drawn, 0, LEVELS[level], search.TURN_MELDS) == drawn
    assert search.drawing_worth(position, 0, LEVELS[level]) == plan.draw_value(drawn, 0, share) + plan.DRAW
