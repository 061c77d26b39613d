"""A position written as JSON and read back is the same position to the referee; impossible ones are refused."""

import pytest

from scorekeeper.canasta.errors import InvalidHand
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.play import apply, legal_moves, move_from_data, position_data, read_position, replay
from scorekeeper.canasta.players.random_players import random_deal
from scorekeeper.canasta.rules import PRESETS

from .positions import table


@pytest.mark.parametrize("rules", list(PRESETS))
def test_every_position_of_a_deal_reads_back_to_the_same_moves(rules):
    ruleset, options = resolve(rules)
    for seed in (1,):
        for position in replay(random_deal(rules, seed=seed)).positions:
            if position.over:
                continue
            again, _ = read_position(ruleset, options, position_data(position))
            assert again.hands == position.hands and again.stock == position.stock and again.pile == position.pile
            assert again.melds == position.melds and again.pile_frozen == position.pile_frozen
            assert legal_moves(again) == legal_moves(position)


@pytest.mark.parametrize(("fields", "where", "words"), [
    pytest.param({"melds": ["3S 3C 3S", ""], "melded": [True, False]}, "position.melds[0]",
                 "Black 3s are melded only by a player going out", id="black-threes-only-while-going-out"),
    pytest.param({"hands": ["K K 3D 5", 11, 11, 11]}, "position.hands[0]", "never keeps a red 3",
                 id="red-three-never-kept"),
    pytest.param({"threes": ["3S", "", "", ""]}, "position.threes[0]", "Only red 3s are laid out",
                 id="black-threes-are-not-laid-out-in-classic"),
    pytest.param({"pile": "5 2 K", "frozen": False}, "position.frozen", "holds a wild card", id="frozen-by-a-card"),
])
def test_positions_no_deal_reaches_are_refused(fields, where, words):
    with pytest.raises(InvalidHand) as refused:
        table("classic", **fields)
    assert any(problem.field == where and words in problem.message for problem in refused.value.problems), \
        refused.value.problems


def test_black_threes_lie_on_the_table_while_their_player_goes_out():
    position = table("classic", step="play", began="stock", melded_this_turn=True, new_melds=["3"],
                     melds=["K K K K K K K | 3S 3C 3S", ""], hands=["5", 11, 11, 11])
    assert legal_moves(position)[-1].as_dict() == {"kind": "discard", "card": "5"}


DOCS_POSITION = {"hands": ["Q Q K K K 6 7 8 9 10 J", 11, 11, 11], "stock": 61, "pile": "5 9 Q"}


@pytest.mark.parametrize("rules", ["classic", "modern"])
@pytest.mark.parametrize("seed", range(20))
def test_hands_given_as_counts_never_hold_a_card_laid_out_at_once(rules, seed):
    ruleset, options = resolve(rules)
    hands = ["Q Q K K K 6 7 8 9 10 J", 11, 11, 11] if rules == "classic" else ["Q Q K K K 6 7 8 9 10 J 4 5 6", 13, 13, 13]
    stock = ruleset.cards - len(hands[0].split()) - sum(hands[1:]) - 3
    position, _ = read_position(ruleset, options, {"hands": hands, "stock": stock, "pile": "5 9 Q", "turn": 3,
                                                    "step": "play", "seed": seed})
    laid_out = ruleset.family.laid_out
    assert not [card for hand in position.hands for card in hand if laid_out(card)]
    assert all(move.as_dict() != {"kind": "discard", "card": card.code}
               for move in legal_moves(position) for card in position.hands[3] if laid_out(card))
    assert sum(laid_out(card) for card in position.stock) == ruleset.red_threes_in_deck * (
        1 if rules == "classic" else 2)  # every 3 the hands may not hold lies in the stock


def test_hands_given_as_counts_too_many_for_the_cards_a_hand_may_hold_are_refused():
    ruleset, options = resolve("classic")
    seen = "4 4 4 4 4 4 4 4 5 5 5 5 5 5 5 5 6 6 6 6 6 6 6 6 7 7 7 7 7 7 7 7 8 8 8 8 8 8 8 8 9 9 9 9 9 9 9 9"
    more = "10 10 10 10 10 10 10 10 J J J J J J J J Q Q Q Q Q Q Q Q K K K K K K K K A A A A A A A A"
    wilds = "2 2 2 2 2 2 2 2 JK JK JK JK 3S 3S 3C 3C"
    with pytest.raises(InvalidHand) as refused:
        read_position(ruleset, options, {"hands": [seen, more, wilds, 4], "stock": 0, "pile": "", "turn": 0})
    assert [problem.field for problem in refused.value.problems] == ["position.hands"]
    assert "a hand never holds red 3s" in refused.value.problems[0].message


def test_the_seed_that_filled_hidden_hands_is_answered_and_fills_them_the_same_after_moves():
    ruleset, options = resolve("classic")
    position, shown = read_position(ruleset, options, DOCS_POSITION | {"turn": 0, "step": "draw", "seed": "table-7"})
    hidden = position.hands[1:]
    for move in ({"kind": "draw"}, {"kind": "discard", "card": "6"}):  # seat 0 draws from the stock, discards
        after, _ = apply(position, move_from_data(move))
        answered = position_data(after, shown)
        assert answered["seed"] == "table-7" and answered["hands"][1:] == [11, 11, 11]
        position, shown = read_position(ruleset, options, answered)
        assert position.hands[1:] == hidden  # the hands not shown hold the same cards, call after call
    assert position.turn == 1


def test_the_default_seed_is_answered_too():
    ruleset, options = resolve("classic")
    position, shown = read_position(ruleset, options, DOCS_POSITION)
    assert position_data(position, shown)["seed"] == 0
