"""Computer players: every choice is a move the referee allows, made from the seat's view only, with why."""

from dataclasses import replace

import pytest

from scorekeeper.canasta.cards import parse_cards
from scorekeeper.canasta.play import Answer, AskPartner, Draw, deal, judge, legal_moves
from scorekeeper.canasta.players.levels import HINTS, LEVEL_NAMES, LEVELS, answer, play_deal
from scorekeeper.canasta.play.masked import masked
from scorekeeper.canasta.play.position import Step
from scorekeeper.canasta.players.reasons import CODES
from scorekeeper.canasta.coach.words import reason_clause
from scorekeeper.canasta.rules import PRESETS

from .positions import hidden_dealt_again, positions_of, table

PRESET_IDS = list(PRESETS)
# The expert searches (a second a move at most): test_expert.py checks it the same ways on fewer positions.
QUICK_LEVELS = [level for level in LEVEL_NAMES if level != "expert"]


@pytest.mark.parametrize("rules", PRESET_IDS)
def test_every_choice_of_every_level_is_allowed_by_the_referee(rules):
    checked = 0
    for seed in (1, 2):
        for position in positions_of(rules, seed):
            for level in QUICK_LEVELS:
                choice = LEVELS[level].choose(position)
                ruling = judge(position, choice.move)
                assert ruling.allowed, (rules, seed, position.move_number, level, choice.move, ruling.reasons)
                assert choice.reason.code in CODES
                assert set(dict(choice.reason.params)) <= set(CODES[choice.reason.code])
                assert reason_clause(choice.reason)
                checked += 1
    assert checked > 300


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESET_IDS)
def test_many_more_positions_every_hint_allowed(rules):
    checked = 0
    for seed in range(3, 13):
        for position in positions_of(rules, seed, ("hard", "easy", "normal")):
            assert judge(position, HINTS.choose(position).move).allowed
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("rules", ["classic", "classic-2p", "modern"])
def test_the_computer_never_reads_a_hidden_card(rules):
    changed = 0
    for position, other, moved in hidden_dealt_again(positions_of(rules, 4), every=3):
        changed += moved
        assert masked(other, position.to_move) == masked(position, position.to_move)
        for level in QUICK_LEVELS:
            assert LEVELS[level].choose(other).move == LEVELS[level].choose(position).move, level
    assert changed > 10


def asked(hand_text, partner_hand_text, opponents=11):
    """Return a classic position where seat 0 asked "may I go out?" and seat 2 (the partner) holds the given cards."""
    position, _ = deal("classic", seed=9)
    hands = list(position.hands)
    hands[0] = tuple(parse_cards(hand_text))
    hands[2] = tuple(parse_cards(partner_hand_text))
    hands[1] = hands[1][:opponents]
    hands[3] = hands[3][:opponents]
    return replace(position, hands=tuple(hands), step=Step.ANSWER, began="stock")


@pytest.mark.parametrize(("partner_hand", "opponents", "yes", "code"), [
    ("5S 6H 7D", 11, True, "answer_yes"),
    ("4S 4H 9D 10C JS QH KD AH 8C", 11, False, "answer_no"),
    ("4S 4H 9D 10C JS QH KD AH 8C", 2, True, "answer_yes_danger"),
    ("KS KH KD AS AH JK", 11, False, "answer_no"),
], ids=["few cards: yes", "many cards: no", "many cards, the other side about to go out: yes", "high cards: no"])
def test_the_partner_answers_by_its_reason(partner_hand, opponents, yes, code):
    position = asked("KS KH", partner_hand, opponents)
    assert position.to_move == 2
    choice = LEVELS["normal"].choose(position)
    assert choice.move == Answer(yes)
    assert choice.reason.code == code
    # The reason says what it weighed: the partner's own cards, or the other side's fewest.
    params = dict(choice.reason.params)
    if code == "answer_yes_danger":
        assert params["fewest"] == opponents
        assert f"({opponents} cards in one hand)" in reason_clause(choice.reason)
    elif "count" in params:
        assert params["count"] == len(parse_cards(partner_hand))
        assert reason_clause(choice.reason).startswith(f"I hold {len(parse_cards(partner_hand))} card")
    assert judge(position, choice.move).allowed
    assert answer(masked(position, 2), 2).move == choice.move


def test_the_computer_never_asks_its_partner():
    for position in positions_of("classic", 5):
        if position.to_move is not None and AskPartner() in legal_moves(position):
            assert LEVELS["hard"].choose(position).move != AskPartner()


@pytest.mark.parametrize("rules", PRESET_IDS)
def test_computers_play_a_whole_deal_to_its_end(rules):
    record = play_deal(rules, seed=6, levels=("hard", "easy", "normal"))
    assert record.replay().position.over
    assert record.moves[0] in legal_moves(deal(rules, seed=6)[0])


def test_the_first_move_is_a_draw_when_the_pile_cannot_be_taken():
    position, _ = deal("classic", seed=7)
    choice = LEVELS["normal"].choose(position)
    assert choice.move == Draw()
    assert choice.reason.code == "draw_only"
    assert dict(choice.reason.params)["why"] in ("frozen", "cannot_use", "wild_on_top", "black_three_on_top")
    assert "frozen" in reason_clause(choice.reason) or "cannot" in reason_clause(choice.reason)


# Three players: seat 0 has melded aces and holds a pair of kings; the pile (5♦ 9♥ K♣) takes them.
THREE_PLAYERS = dict(hands=["KS KH 5S 6S 7S 8S 9S JS QD 4H 4C 9D 10D", 13, 13], melds=["AS AH AD", "", ""],
                     pile="5D 9H KC", step="draw")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_three_players_the_first_to_take_the_pile_plays_alone_so_a_small_pile_is_left(level):
    # Before anyone took the pile its taker would play alone against the other two: 3 cards are not worth it.
    position = table("classic-3p", **THREE_PLAYERS)
    choice = LEVELS[level].choose(position)
    assert choice.move == Draw()
    assert reason_clause(choice.reason) == (
        "the pile is not worth taking (3 cards, and the first to take it plays alone against the other two)")
    # Once seat 1 plays alone and seat 0 has a partner, the same pile is taken.
    taken = LEVELS[level].choose(table("classic-3p", lone=1, **THREE_PLAYERS))
    assert taken.move.kind == "take_pile"
    assert reason_clause(taken.reason) == "3 cards for a pair of kings"


def test_easy_takes_the_pile_whoever_then_plays_alone():
    # Easy does not weigh playing alone.
    assert LEVELS["easy"].choose(table("classic-3p", **THREE_PLAYERS)).move.kind == "take_pile"
