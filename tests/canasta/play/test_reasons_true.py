"""Every reason a computer gives, and every hint, states facts that hold in the position it was given for.

:func:`scorekeeper.canasta.players.facts.false_facts` checks each fact a reason's code states against the
position (and the level's own count where the fact is one: "worth less than a fresh card here"). Checked over
seeded positions of every preset (a sample: the hard level only at every few, it is the slow one), and over a
whole deal played at each level in every preset.
"""

import pytest

from scorekeeper.canasta.cards import parse_cards
from scorekeeper.canasta.play import Discard, deal
from scorekeeper.canasta.players.facts import false_facts
from scorekeeper.canasta.players.levels import LEVEL_NAMES, LEVELS
from scorekeeper.canasta.players.loop import play_out
from scorekeeper.canasta.players.player import Choice
from scorekeeper.canasta.players.reasons import reason
from scorekeeper.canasta.rules import PRESETS

from .positions import positions_of, table

SAMPLED = {"classic": 4, "classic-2p": 4, "classic-3p": 4, "classic-6p": 2, "classic-6p-3teams": 2, "modern": 4}
HARD_EVERY = 6  # the hard level (the hint) checks every 6th position; easy and normal every one


@pytest.mark.parametrize("rules", list(SAMPLED))
def test_every_reason_at_seeded_positions_is_true(rules):
    checked, codes = 0, set()
    for seed in range(SAMPLED[rules]):
        for number, position in enumerate(positions_of(rules, f"true{seed}", ("easy", "normal"))):
            for level in LEVEL_NAMES if number % HARD_EVERY == 0 else ("easy", "normal"):
                choice = LEVELS[level].choose(position)
                assert false_facts(position, choice) == [], (rules, seed, number, level, choice)
                codes.add(choice.reason.code)
                checked += 1
    assert checked > 250 and len(codes) > 10, (checked, codes)


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("rules", list(PRESETS))
def test_a_whole_deal_ends_with_every_stated_reason_checked_true(rules, level):
    position, _ = deal(rules, seed=f"whole:{rules}")
    turns = 0
    for turn in play_out(position, [LEVELS[level]] * position.seats):
        assert false_facts(turn.position, turn.choice) == [], (turns, turn.choice)
        turns += 1
    assert turns > 20


# --- the checker finds a false fact -----------------------------------------------------------------------------

def _feeding():
    return table("classic", hands=["9H KC KH", 11, 9, 11], melds=["7S 7H 7D", "9S 9D 9C"],
                 pile="4D 6C 8H", turn=0, step="play", began="stock")


def test_the_checker_finds_the_false_worth_the_least_of_a_wild_card():
    position = table("classic-2p", hands=["QS QS 2S", 13], melds=["KS KH KD|8S 8H 8D", "JS JH JD"],
                     pile="4D 6C", turn=0, step="play", began="stock")
    choice = Choice(Discard(parse_cards("2S")[0]), reason("discard_low"), "hard")
    assert false_facts(position, choice) == [
        "no wild card is thrown away while another card can go",
        "it is worth the least of the cards that do not go together"]


def test_the_checker_finds_risks_least_false_and_the_watch_out():
    position = _feeding()
    nine = Choice(Discard(parse_cards("9H")[0]), reason("discard_risky"), "hard")
    assert false_facts(position, nine) == [
        "no discard feeds the next player's meld while a card that risks less is in hand",
        "every card that can go lets the next player take the pile", "none risks less"]
    king = Choice(Discard(parse_cards("KC")[0]), reason("discard_safe", rank="K"), "hard")
    assert false_facts(position, king) == ["it is a single card"]


def test_the_checker_counts_not_worth_taking_again_by_the_level():
    position = table("classic", hands=["5H QS QD 8C 9D KH 4S JC 10D 6H 7S", 11, 11, 11],
                     melds=["5S 5D 5C 5H 5S 2C", ""], pile="4D 6C 7D 8H 9C 10C JD QH KC 5D", turn=0, step="draw")
    from scorekeeper.canasta.play import Draw
    drew = Choice(Draw(), reason("draw", why="worth_less", size=10), "normal")
    assert false_facts(position, drew) == ["the pile is worth less than a fresh card, by the level's count"]


# --- "the side's red 3s now count for it": only where the first meld makes them count -------------------------

def _first_meld_with_a_red_three(rules):
    return table(rules, hands=["KS KH KD QS QH QD JK 2C 9C 8D 6H 5S 4C 10C 9S 8S", 13, 13, 13][:4],
                 threes=["3H", "", "", ""], pile="6D", turn=0, step="play", began="stock")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_in_modern_a_first_meld_does_not_say_the_red_3s_now_count(level):
    # Modern American counts threes by canastas (none: against the side, one: nothing, two: for it), so a first
    # meld without two canastas leaves them counting against the side; Classic counts them for it from the first meld.
    for rules, code in (("modern", "meld_first"), ("classic", "meld_first_threes")):
        position = _first_meld_with_a_red_three(rules)
        choice = LEVELS[level].choose(position)
        assert choice.reason.code == code, (rules, choice.reason)
        assert false_facts(position, choice) == []


def test_the_checker_finds_the_red_3s_do_not_count_for_a_modern_side_after_its_first_meld():
    position = _first_meld_with_a_red_three("modern")
    meld = LEVELS["normal"].choose(position)
    said = Choice(meld.move, reason("meld_first_threes", **dict(meld.reason.params)), "normal")
    assert false_facts(position, said) == ["the side's red 3s counted against it and now count for it"]
