"""The expert level (players/expert.py): legal, deterministic, says what it measured, never reads a hidden card;
and the greedy heuristic player (players/heuristic.py) plays whole deals legally."""

import pytest

from scorekeeper.canasta.coach.words import reason_clause
from scorekeeper.canasta.play import Draw, deal, judge
from scorekeeper.canasta.play.going import going_out_plan
from scorekeeper.canasta.play.masked import masked
from scorekeeper.canasta.play.moves import TakePile
from scorekeeper.canasta.play.referee import apply, examine
from scorekeeper.canasta.players.expert import Expert, samples
from scorekeeper.canasta.players.heuristic import HeuristicPlayer
from scorekeeper.canasta.players.levels import LEVELS
from scorekeeper.canasta.players.loop import play_out
from scorekeeper.canasta.players.reasons import CODES, reason
from scorekeeper.canasta.rules import PRESETS

from .positions import hidden_dealt_again, positions_of, table

EXPERT = LEVELS["expert"]


def _some(rules, seed, every):
    return [position for number, position in enumerate(positions_of(rules, seed, ("hard", "normal")))
            if number % every == 0]


@pytest.fixture(scope="module")
def classic_positions():
    return _some("classic", 5, 4)


def test_every_expert_choice_is_allowed_and_the_same_for_the_same_seed(classic_positions):
    searched = 0
    for position in classic_positions:
        choice = EXPERT.choose(position)
        assert judge(position, choice.move).allowed, (position.move_number, choice.move)
        assert choice.reason.code in CODES and set(dict(choice.reason.params)) <= set(CODES[choice.reason.code])
        assert reason_clause(choice.reason)
        again = Expert(LEVELS["hard"], LEVELS["normal"]).choose(position)  # a new player, the same seed
        assert (again.move, again.reason) == (choice.move, choice.reason)
        searched += choice.reason.code == "searched"
    assert searched >= 3


def test_modern_choices_are_allowed():
    for position in _some("modern", 6, 20):
        assert judge(position, EXPERT.choose(position).move).allowed


def test_the_reason_states_the_numbers_the_search_measured(classic_positions):
    checked = 0
    for position in classic_positions:
        choice = EXPERT.choose(position)
        if choice.reason.code != "searched":
            continue
        seat = position.to_move
        known = masked(position, seat)
        candidates, count = EXPERT.candidates(known, seat, LEVELS["hard"].choose(known))
        weighed = EXPERT.weigh(known, seat, candidates, count)
        (best, best_average), (second, second_average) = weighed.averages[:2]
        params = dict(choice.reason.params)
        assert params == {"chose": best.as_data(), "versus": second.as_data(),
                          "points": int(round(best_average - second_average, -1)), "samples": count}
        assert choice.move == best.moves[0]
        assert choice.gain == best_average - second_average >= 0
        checked += 1
    assert checked >= 3


def test_it_takes_a_pile_whose_top_card_completes_a_canasta():
    # The finding 1: an unfrozen pile of 10, its top 5 completing the side's meld of six 5s.
    position = table(hands=["KS QH 9C 8D 7S 6H 4C 4D JH 10S AC", 11, 11, 11], melds=["5S 5H 5D 5C 5S 5H", ""],
                     pile="9H 4S 8C KC QD 7D 6C JC 10D 5D", step="draw")
    choice = EXPERT.choose(position)
    assert isinstance(choice.move, TakePile)
    if choice.reason.code == "searched":
        assert dict(choice.reason.params)["chose"] == ("take_pile", None)
        assert reason_clause(choice.reason).startswith("taking the pile: about ")


def test_it_goes_out_when_that_wins():
    # A canasta of kings down, 600 on the table against nothing; the hand melds out: Q Q Q and a 4 to discard.
    position = table(hands=["QS QH QD 4C", 11, 11, 11], melds=["KS KH KD KC KS KH KD", ""], step="play",
                     pile="9H 8C")
    plan, _ = going_out_plan(position, examine)
    choice = EXPERT.choose(position)
    assert choice.move == plan[0]
    for move in plan:
        position, _ = apply(position, move)
    assert position.over and position.out_seat == 0


@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_the_sampler_and_the_choice_never_read_a_hidden_card(rules):
    changed = 0
    for position, other, moved in hidden_dealt_again(_some(rules, 4, 9), every=1):
        changed += moved
        seat = position.to_move
        assert list(samples(masked(other, seat), seat, 3)) == list(samples(masked(position, seat), seat, 3))
        mine, theirs = EXPERT.choose(position), EXPERT.choose(other)
        assert (mine.move, mine.reason) == (theirs.move, theirs.reason)
    assert changed > 5


def test_samples_deal_the_unseen_cards_by_the_counts_the_seat_knows():
    position, _ = deal("classic", seed=11)
    known = masked(position, 0)
    drawn = list(samples(known, 0, 4))
    assert len({sample.hands for sample in drawn}) == 4  # four different deals of the hidden cards
    for sample in drawn:
        assert sample.hands[0] == position.hands[0] and sample.pile == position.pile
        assert [len(hand) for hand in sample.hands] == [len(hand) for hand in position.hands]
        assert len(sample.stock) == len(position.stock)
        assert sorted([c.code for h in sample.hands[1:] for c in h] + [c.code for c in sample.stock]) == sorted(
            [c.code for h in position.hands[1:] for c in h] + [c.code for c in position.stock])
        assert not any(card.is_red_three for hand in sample.hands for card in hand)


@pytest.mark.parametrize("rules", list(PRESETS))
def test_the_heuristic_player_plays_whole_deals_legally(rules):
    player = HeuristicPlayer()
    for seed in (1, 2):
        position, _ = deal(rules, seed=seed)
        for turn in play_out(position, [player] * position.seats):
            assert judge(turn.position, turn.move).allowed
            assert turn.choice.reason.code == "heuristic_move"
        assert turn.after.over


def test_the_heuristic_player_takes_the_pile_when_it_may_and_keeps_wild_cards():
    player = HeuristicPlayer()
    position = table(hands=["KS KH 9C 8D 7S 6H 4C 4D JH 2S JK", 11, 11, 11], melds=["5S 5H 5D", ""],
                     pile="9H 4S KC", step="draw")
    assert isinstance(player.choose(position).move, TakePile)
    # Nothing to meld, nothing to take: it draws; then it discards neither a wild card nor a card of a pair.
    drawn = table(hands=["KS KH 9C 8D 7S 6H 4C 4D JH 2S JK", 11, 11, 11], melds=["5S 5H 5D", ""],
                  pile="9H 4S QC", step="draw")
    assert player.choose(drawn).move == Draw()
    after, _ = apply(drawn, Draw())
    discard = player.choose(after).move
    if discard.kind == "discard":
        assert not discard.card.is_wild and discard.card.rank not in {c.rank for c in after.hands[0]
                                                                      if sum(d.rank is c.rank for d in after.hands[0]) > 1}


def test_the_coach_words_what_the_search_measured():
    measured = reason("searched", chose=("take_pile", None), versus=("draw", None), points=340, samples=10)
    assert reason_clause(measured) == "taking the pile: about 340 points more than drawing, over 10 samples of the hidden cards"
    assert reason_clause(measured, "after") == "about 340 points more than drawing, over 10 samples of the hidden cards"
    even = reason("searched", chose=("discard", "9H"), versus=("discard", "KC"), points=0, samples=24)
    assert reason_clause(even) == ("discarding the 9 of hearts: within 5 points of discarding the king of clubs, "
                                   "over 24 samples of the hidden cards")
    assert measured.to_the_table() is None  # another seat's search names its hand's cards: not told


def test_a_rollout_plays_past_the_turn_every_other_seat_and_the_seat_again():
    # Four players, a horizon of 4 turns after the seat's own: West, North, East, South again; it stops as West is
    # to draw (or where the deal ended).
    position = table(hands=["KS KH 9C 8D 7S 6H 4C 4D JH 10S AC", 11, 11, 11], melds=["5S 5H 5D", ""],
                     pile="9H 4S KC", step="draw")
    known = masked(position, 0)
    candidate = EXPERT.candidates(known, 0, LEVELS["hard"].choose(known))[0][0]
    for sample in samples(known, 0, 3):
        after = EXPERT.played(sample, 0, candidate, {})
        assert after.over or (after.turn, after.step.value) == (1, "draw")
        assert after.move_number >= position.move_number + 4 * 2  # a draw and a discard a turn at the least
        short = Expert(LEVELS["hard"], LEVELS["normal"], horizon=0).played(sample, 0, candidate, {})
        assert (short.turn, short.step.value) == (1, "draw")  # the seat's own turn alone


def test_the_budget_is_a_count_of_rollouts_shared_by_the_candidates():
    assert [EXPERT.count(n) for n in (2, 3, 4, 10)] == [18, 12, 9, 8]  # 36 rollouts, at least 8 samples each
