"""Every reason a computer gives and every hint states facts that hold in the position it was given for.

:func:`scorekeeper.canasta.players.facts.false_facts` checks each fact a reason's code states against the
position (and the level's own count where the fact is one: "worth less than a fresh card here"). Checked over
seeded positions of every preset (a sample: hard and the expert only at every few positions, they are the slow
ones), and over a whole deal played at each level in every preset. The expert plays here with its search's
budget cut to :data:`QUICK_ROLLOUTS` rollouts a choice: the same search, measured again by the checker with the
same budget. ``make bench`` (its ``facts`` step) checks thousands of positions, the expert at its full budget.
"""

import pytest

from scorekeeper.canasta.cards import parse_cards
from scorekeeper.canasta.play import Discard, deal
from scorekeeper.canasta.players.expert import Expert
from scorekeeper.canasta.players.facts import false_facts
from scorekeeper.canasta.players.levels import LEVEL_NAMES, LEVELS
from scorekeeper.canasta.players.loop import play_out
from scorekeeper.canasta.players.player import Choice
from scorekeeper.canasta.players.reasons import reason
from scorekeeper.canasta.rules import PRESETS

from .positions import positions_of, table

SEEDS = ("true0",)  # one seeded deal a preset here; bench/facts.py plays many
SLOW_EVERY = {"hard": 4, "expert": 8}  # these levels check every few positions; easy and normal every one
QUICK_ROLLOUTS = 2  # the expert's budget here: one sample a candidate, two turns on (its full budget: expert.ROLLOUTS)
QUICK_EXPERT = Expert(LEVELS["hard"], LEVELS["normal"], rollouts=QUICK_ROLLOUTS, min_samples=1, horizon=2)


def player_of(level):
    """Return the player of ``level`` in these tests: the levels themselves, the expert with its budget cut."""
    return QUICK_EXPERT if level == "expert" else LEVELS[level]


@pytest.mark.parametrize("rules", list(PRESETS))
def test_every_reason_at_seeded_positions_is_true(rules):
    checked, codes = 0, set()
    for seed in SEEDS:
        for number, position in enumerate(positions_of(rules, seed, ("easy", "normal"))):
            for level in LEVEL_NAMES:
                if number % SLOW_EVERY.get(level, 1):
                    continue
                player = player_of(level)
                choice = player.choose(position)
                assert false_facts(position, choice, player) == [], (rules, seed, number, level, choice)
                codes.add(choice.reason.code)
                checked += 1
    assert checked > 100 and len(codes) > 8, (checked, codes)


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("rules", list(PRESETS))
def test_a_whole_deal_ends_with_every_stated_reason_checked_true(rules, level):
    position, _ = deal(rules, seed=f"whole:{rules}")
    player, turns = player_of(level), 0
    for turn in play_out(position, [player] * position.seats):
        assert false_facts(turn.position, turn.choice, player) == [], (turns, turn.choice)
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


def test_the_checker_finds_a_search_said_wrong():
    # The expert's reason states what it measured: the move that scored best, the next best, by how much, over how
    # many samples. The checker searches again (with the player that chose) and finds each one said wrong.
    position = table(hands=["KS KH 9C 8D 7S 6H 4C 4D JH 10S AC", 11, 11, 11], melds=["5S 5H 5D", ""],
                     pile="9H 4S KC", step="draw")
    choice = QUICK_EXPERT.choose(position)
    assert choice.reason.code == "searched" and false_facts(position, choice, QUICK_EXPERT) == []
    said = dict(choice.reason.params)

    def saying(**changed):
        return Choice(choice.move, reason("searched", **(said | changed)), "expert")

    assert false_facts(position, saying(points=said["points"] + 50), QUICK_EXPERT) == ["by about the points measured"]
    assert false_facts(position, saying(samples=said["samples"] + 1), QUICK_EXPERT) == ["over the samples searched"]
    swapped = saying(chose=said["versus"], versus=said["chose"])
    assert false_facts(position, swapped, QUICK_EXPERT) == ["the move is the one that scored best",
                                                            "it is compared with the next best"]
