"""Properties of every deal played with moves drawn from the legal ones, for every preset.

Cards are conserved, no side holds two melds of a rank, every refused move
changes nothing, every deal ends, the referee agrees with the rules checks on
the pile, the initial meld and going out, and the score of every ended deal
is what ``POST /api/v1/score`` answers for its sides.
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.canasta.cards import Card, Rank
from scorekeeper.canasta.going_out import check_going_out
from scorekeeper.canasta.initial_meld import check_initial_meld
from scorekeeper.canasta.pile import check_pile
from scorekeeper.canasta.play import (
    Discard, IllegalMove, Lay, Meld, TakePile, apply, judge, legal_moves, replay, score,
)
from scorekeeper.canasta.play.ending import score_body
from scorekeeper.canasta.play.going import going_out_plan
from scorekeeper.canasta.play.referee import examine
from scorekeeper.canasta.play.position import Shuffler, Step, decks
from scorekeeper.canasta.players.loop import MAX_MOVES
from scorekeeper.canasta.players.random_players import RandomPlayer
from scorekeeper.canasta.play.replay import Deal
from scorekeeper.canasta.play.table import deal
from scorekeeper.canasta.rules import PRESETS

PRESET_IDS = list(PRESETS)
# 25 deals of each preset here (150 in all); `make bench` plays many more.
DEALS = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    app = create_app({"TESTING": True, "SECRET_KEY": "test",
                      "DATABASE": str(tmp_path_factory.mktemp("play") / "play.db")})
    return app.test_client()


def _cards_everywhere(position) -> Counter:
    held = Counter(card for hand in position.hands for card in hand)
    held.update(position.stock)
    held.update(position.pile)
    held.update(card for laid in position.threes for card in laid)
    held.update(card for side in position.melds for meld in side for card in meld.cards)
    return held


def _any_move(position, chance: Shuffler):
    """Return a move made up from the hand and the table, allowed or (mostly) not."""
    hand = position.hands[position.turn]
    pick = [card for card in hand if chance.below(3) == 0]
    if chance.below(2):  # written without their suits, as a player types them
        pick = [Card(card.rank) if card.rank is not Rank.THREE else card for card in pick]
    kind = chance.below(4)
    if kind == 0:
        return Discard(decks(1)[chance.below(54)])
    if kind == 1:
        return TakePile(tuple(pick[:3]), (Lay(tuple(pick[3:])),) if pick[3:] else ())
    if kind == 2 and len(pick) > 2:
        return Meld((Lay(tuple(pick[:2])), Lay(tuple(pick[2:]), onto=pick[0].rank if not pick[0].is_wild else None)))
    return Meld((Lay(tuple(pick)),)) if pick else Discard(hand[0])


def _side(position):
    return position.side_of(position.turn)


def _check_pile_agrees(position, moves):
    if position.step != "draw" or not position.pile:
        return
    side = _side(position)
    counts = {meld.key: len(meld.cards) for meld in position.melds[side] if meld.key is not None and meld.key.is_natural}
    check = check_pile(position.ruleset, position.options, position.pile_top, position.hands[position.turn],
                       frozen=position.pile_frozen, side_has_melded=position.melded[side], side_melds=counts,
                       pile_size=len(position.pile), dead_ranks=position.dead)
    takes = [move for move in moves if isinstance(move, TakePile)]
    if takes:
        assert check.can_take, check.reasons
    if not check.can_take:
        assert not takes


def _check_initial_meld_agrees(position, move):
    """An allowed first meld of a side is one the initial-meld check says reaches the minimum."""
    side = _side(position)
    if position.melded[side] or not isinstance(move, (Meld, TakePile)):
        return
    groups = [list(lay.cards) for lay in move.melds]
    top = None
    if isinstance(move, TakePile):
        top = position.pile_top
        groups = [list(move.cards)] + groups
    left = len(position.hands[position.turn]) - sum(len(g) for g in groups)
    going = "no"
    if isinstance(move, Meld) and left <= 1:
        going = "concealed" if position.ruleset.concealed_bonus else "out"
    check = check_initial_meld(position.ruleset, position.options, position.total_of(position.turn),
                               groups=groups, pile_top=top, going_out=going)
    assert check.meets_minimum, (check.problems, check.points, check.minimum)


def _check_going_out_agrees(position, move, after):
    """A move that goes out with the hand of the play step is one the going-out check finds a way for."""
    if position.step != Step.PLAY or position.turn_melded or not after.over or after.end != "went_out":
        return
    seat = position.turn
    side = _side(position)
    check = check_going_out(position.ruleset, position.options, position.hands[seat], canastas=position.canastas(side),
                            side_has_melded=position.melded[side],
                            player_has_melded=position.seat_melded[seat],
                            side_melds=[meld.meld for meld in position.melds[side]], total=position.total_of(seat))
    assert check.can_go_out, check.reasons


def _check_going_out_found(position):
    """Where the going-out check finds a way out, the referee allows every move of that way.

    Dead ranks (Modern American) are left out: the check does not know them, the referee does.
    """
    if position.step != Step.PLAY or position.turn_melded or position.answer is not None:
        return
    seat = position.turn
    hand = position.hands[seat]
    if any(card.rank in position.dead for card in hand):
        return
    side = _side(position)
    check = check_going_out(position.ruleset, position.options, hand, canastas=position.canastas(side),
                            side_has_melded=position.melded[side], player_has_melded=position.seat_melded[seat],
                            side_melds=[meld.meld for meld in position.melds[side]], total=position.total_of(seat))
    if check.can_go_out:
        moves, reason = going_out_plan(position, examine)
        assert moves is not None, (reason, check.notes)


def play_checked(rules, seed, bias):
    """Play one deal with legal moves, checking every property on the way; return its record."""
    position, _ = deal(rules, None, seed)
    full = Counter(decks(position.ruleset.decks))
    chance = Shuffler(f"props:{seed}:{bias}")
    moves = []
    previous_goes_out = None
    while not position.over:
        assert len(moves) < MAX_MOVES
        assert _cards_everywhere(position) == full
        for side in position.melds:
            keys = [meld.key for meld in side]
            assert len(keys) == len(set(keys))
        legal = legal_moves(position)
        assert legal, "a position of an unfinished deal allows a move"
        _check_pile_agrees(position, legal)
        if len(position.hands[position.turn]) <= 8:
            _check_going_out_found(position)
        other = _any_move(position, chance)
        ruling = judge(position, other)
        if not ruling.allowed:
            assert ruling.refusals and all(refusal.message for refusal in ruling.refusals)
            with pytest.raises(IllegalMove):
                apply(position, other)
        move = RandomPlayer(chance, bias).draw_move(legal)
        _check_initial_meld_agrees(position, move)
        after, _ = apply(position, move)
        if previous_goes_out is not None:
            _check_going_out_agrees(*previous_goes_out, after)
        previous_goes_out = (position, move) if position.step == Step.PLAY and not position.turn_melded else None
        _check_going_out_agrees(position, move, after)
        moves.append(move)
        position = after
    assert _cards_everywhere(position) == full
    return Deal(rules, None, seed, None, tuple(moves)), position


@pytest.mark.parametrize("rules", PRESET_IDS)
@DEALS
@given(seed=st.integers(0, 2**32), bias=st.integers(0, 6))
def test_every_deal_keeps_the_rules_and_scores_as_the_api(api, rules, seed, bias):
    record, end = play_checked(rules, seed, bias)
    assert replay(record).position == end
    answer = api.post("/api/v1/score", json=score_body(end))
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == score(end)


@pytest.mark.parametrize("rules", PRESET_IDS)
def test_deals_end_in_every_way_the_rules_allow(rules):
    ends = Counter()
    for seed in range(12):
        _, end = play_checked(rules, seed, 5)
        ends[end.end] += 1
    assert ends["went_out"] > 0
