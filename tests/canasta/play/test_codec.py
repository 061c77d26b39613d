"""A position written as JSON and read back is the same position to the referee; impossible ones are refused."""

import pytest

from scorekeeper.canasta.errors import InvalidHand
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.play import legal_moves, position_data, read_position, replay
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
