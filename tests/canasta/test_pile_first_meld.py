"""The pile check for a side that has not melded: it asks for the total, and answers with the minimum."""

import pytest

from scorekeeper.canasta.cards import Rank, parse_cards
from scorekeeper.canasta.errors import InvalidHand
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.pile import check_pile, minimums
from scorekeeper.canasta.pile_meld import best_first_meld
from scorekeeper.canasta.rules import PRESETS

ASK_TEAM = ("Your side has not melded yet, so taking the pile is its first meld: give your side's total before "
            "this hand (0 in the first hand), or its minimum, to know whether it is enough.")
ASK_PLAYER = ASK_TEAM.replace("your side's total", "your total")


def pile(rules, top, hand, **kwargs):
    ruleset, options = resolve(rules)
    return check_pile(ruleset, options, parse_cards(top)[0], parse_cards(hand), **kwargs)


@pytest.mark.parametrize(
    ("rules", "top", "hand", "kwargs", "can_take", "reason", "notes"),
    [
        # The case: 8 8 8 is 30, below the 50 of a total of 0.
        ("classic", "8", "8 8 K K K 2 5", {"total": 0}, True,
         "Yes \u2014 if your meld with it reaches 50: 8 8 8 is 30.",
         ["Your hand can reach it: K K K 2 and 8 8 8 make 80."]),
        ("classic", "8", "8 8 K K K 2 5", {"minimum": 50}, True,
         "Yes \u2014 if your meld with it reaches 50: 8 8 8 is 30.",
         ["Your hand can reach it: K K K 2 and 8 8 8 make 80."]),
        ("classic", "8", "8 8 5 9", {"total": 0}, False,
         "No: taking the pile would be your side's first meld, which must reach 50, and with the 8 on top "
         "your hand makes at most 30 (8 8 8).", []),
        ("classic", "8", "8 8 K K 2 5", {"total": 1600}, False,
         "No: taking the pile would be your side's first meld, which must reach 90, and with the 8 on top "
         "your hand makes at most 70 (K K 2 and 8 8 8).", []),
        # Already enough: a negative total needs 15; three aces make 60.
        ("classic", "8", "8 8 5 9", {"total": -40}, True, "Yes \u2014 your meld with it reaches 15: 8 8 8 is 30.", []),
        ("classic", "A", "A A 5", {"total": 1495}, True, "Yes \u2014 your meld with it reaches 50: A A A is 60.", []),
        ("classic-6p", "A", "A A JK JK JK K K K 2", {"total": 7500}, True,
         "Yes \u2014 if your meld with it reaches 150: A A A is 60.",
         ["Your hand can reach it: A A A JK and K K K JK JK 2 make 260."]),
        # Frozen for an unmelded side: a natural pair, whatever the total.
        ("classic", "8", "8 2 5 9", {"total": 0}, False,
         "Your side has not melded yet, so the pile is frozen for it: taking it needs a natural pair of 8s "
         "from your hand; you have an 8.", []),
        ("classic", "8", "8 5 9", {"total": 0, "frozen": True}, False,
         "A wild card or a turned-up red 3 freezes the pile and your side has not melded yet, so the pile is "
         "frozen for it: taking it needs a natural pair of 8s from your hand; you have an 8.", []),
        # Modern American: the top card does not count, a clean triple (the top card on the pair is one).
        ("modern", "8", "8 8 A A A 2 2 K K JK", {"total": 0}, True,
         "Yes \u2014 if your meld with it reaches 125 without the 8 on top: 8 8 8 counts 20.",
         ["Your hand can reach it: A A A JK, K K 2 2 and 8 8 8 count 190 without the 8 on top."]),
        ("modern", "8", "8 8 JK JK 2 2 2 5", {"total": 3000}, True,
         "Yes \u2014 if your meld with it reaches 155 without the 8 on top: 8 8 8 counts 20.",
         ["Your hand can reach it: 8 8 8 and JK JK 2 2 2 count 180 without the 8 on top."]),
        ("modern", "8", "8 8 A A 2", {"total": -500}, False,
         "No: taking the pile would be your side's first meld, which must reach 125 without the 8 on top, "
         "and your hand makes at most 80 (A A 2 and 8 8 8).", []),
        ("modern", "8", "8 8 8 8 8 8 8 K K", {"total": 5000}, False,
         "No: taking the pile would be your side's first meld, which must reach 180 without the 8 on top, "
         "and your hand makes at most 60 (8 8 8 8 8 8 8).", []),
        ("modern", "7", "7 7 2 2 JK", {"total": 0}, False,
         "No: taking the pile would be your side's first meld, which must reach 125 without the 7 on top, "
         "and your hand makes at most 100 (7 7 7 and JK 2 2).", []),
        # Modern sevens take no wild card (the wild cards make a meld of their own); Classic wild cards alone are no meld: they stay in hand.
        ("classic", "7", "7 7 2 2 JK", {"total": 0}, True,
         "Yes \u2014 if your meld with it reaches 50: 7 7 7 is 15.",
         ["Your hand can reach it: 7 7 7 JK 2 2 make 105."]),
        # Once the side has melded, no minimum: the total changes nothing.
        ("classic", "8", "8 8 5", {"total": 0, "side_has_melded": True}, True,
         "Yes: meld the 8 on top with two 8s from your hand.", []),
    ],
    ids=["short-hand-reaches", "minimum-given", "hand-short", "hand-short-90", "enough-negative-total",
         "enough-aces", "six-players-150", "needs-pair", "frozen-and-unmelded", "modern-hand-reaches",
         "modern-wild-meld", "modern-short", "modern-seven-at-most", "modern-sevens-no-wilds",
         "classic-sevens-take-wilds", "melded-no-minimum"],
)
def test_the_first_meld_with_the_pile(rules, top, hand, kwargs, can_take, reason, notes):
    check = pile(rules, top, hand, **kwargs)
    assert (check.can_take, check.reason, list(check.notes), check.asks) == (can_take, reason, notes, ())


@pytest.mark.parametrize(
    ("rules", "top", "hand", "reason", "ask"),
    [
        ("classic", "8", "8 8 5 9",
         "Yes \u2014 if your meld with it reaches your minimum (15, 50, 90 or 120, by your total): 8 8 8 is 30.",
         ASK_TEAM),
        ("classic-6p", "8", "8 8 5 9",
         "Yes \u2014 if your meld with it reaches your minimum (15, 50, 90, 120 or 150, by your total): 8 8 8 is 30.",
         ASK_TEAM),
        ("classic-3p", "8", "8 8 5",
         "Yes \u2014 if your meld with it reaches your minimum (15, 50, 90 or 120, by your total): 8 8 8 is 30.",
         ASK_PLAYER),
        ("classic-2p", "K", "K K 5",
         "Yes \u2014 if your meld with it reaches your minimum (15, 50, 90 or 120, by your total): K K K is 30.",
         ASK_PLAYER),
        ("modern", "8", "8 8 5",
         "Yes \u2014 if your meld with it reaches your minimum (125, 155 or 180, by your total) without the 8 on top: "
         "8 8 8 counts 20.", ASK_TEAM),
    ],
    ids=["classic", "six-players", "three-players", "two-players", "modern"],
)
def test_without_the_total_it_asks_for_it(rules, top, hand, reason, ask):
    check = pile(rules, top, hand)
    assert (check.can_take, check.reason, check.minimum) == (True, reason, None)
    assert [(problem.field, problem.message) for problem in check.asks] == [("total", ask)]


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)],
    ids=["negative", "zero", "below-1500", "1500", "below-3000", "3000"],
)
def test_the_minimum_follows_the_total(total, minimum):
    assert pile("classic", "A", "A A", total=total).minimum == minimum


@pytest.mark.parametrize(
    ("rules", "kwargs", "field", "message"),
    [
        ("classic", {"minimum": 60}, "minimum",
         "In Classic, 4 players in 2 teams, the minimum is 15, 50, 90 or 120; 60 is none of them."),
        ("modern", {"minimum": 50}, "minimum",
         "In Modern American, 4 players in 2 teams, the minimum is 125, 155 or 180; 50 is none of them."),
        ("classic", {"total": 1600, "minimum": 50}, "minimum",
         "At a total of 1,600 the minimum is 90, not 50: give the total or the minimum, or both that agree."),
        ("classic", {"total": -40, "minimum": 50}, "minimum",
         "At a total of \u221240 the minimum is 15, not 50: give the total or the minimum, or both that agree."),
    ],
    ids=["not-a-classic-minimum", "not-a-modern-minimum", "total-disagrees", "negative-total-disagrees"],
)
def test_a_minimum_no_total_gives_is_refused(rules, kwargs, field, message):
    with pytest.raises(InvalidHand) as error:
        pile(rules, "8", "8 8 5", **kwargs)
    assert [(problem.field, problem.message) for problem in error.value.problems] == [(field, message)]


def test_both_agreeing_is_fine():
    assert pile("classic", "8", "8 8 5", total=1600, minimum=90).minimum == 90


@pytest.mark.parametrize(
    ("preset", "expected"),
    [("classic", (15, 50, 90, 120)), ("classic-2p", (15, 50, 90, 120)), ("classic-3p", (15, 50, 90, 120)),
     ("classic-6p", (15, 50, 90, 120, 150)),  # RULES.md: 150 from 7,500, classic-6p only
     ("classic-6p-3teams", (15, 50, 90, 120)), ("modern", (125, 155, 180))],
    ids=str,
)
def test_every_preset_lists_its_minimums(preset, expected):
    assert minimums(PRESETS[preset]) == expected


def test_every_preset_is_listed_above():
    assert sorted(PRESETS) == ["classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams", "modern"]


@pytest.mark.parametrize(
    ("rules", "top", "hand", "dead", "melds", "points"),
    [
        ("classic", "8", "8 8", (), ["8 8 8"], 30),
        ("classic", "8", "8 8 JK JK JK JK 2", (), ["8 8 8 JK JK JK"], 180),  # at most 3 wild cards a meld
        ("classic", "8", "8 8 Q Q JK JK JK JK", (), ["Q Q JK JK JK", "8 8 8 JK"], 250),
        ("classic", "8", "8 8 3S 3S 3S 3H", (), ["8 8 8"], 30),  # black 3s only going out, red 3s never
        ("modern", "8", "8 8 K K K", [Rank.KING], ["8 8 8"], 20),  # dead kings are not melded
        ("modern", "8", "8 8 JK JK 2 2 2 2 2", (), ["8 8 8", "JK JK 2 2 2 2 2"], 220),
        ("modern", "K", "K", (), None, None),  # no natural pair
    ],
    ids=["pair-only", "wild-limit", "wilds-shared", "threes-stay", "dead-rank", "modern-wild-meld", "no-pair"],
)
def test_the_most_a_hand_lays_down_with_the_top_card(rules, top, hand, dead, melds, points):
    ruleset, options = resolve(rules)
    best = best_first_meld(ruleset, options, parse_cards(top)[0], parse_cards(hand), dead_ranks=dead)
    if melds is None:
        assert best is None
        return
    assert ([meld.text for meld in best.melds], best.points) == (melds, points)
    assert all(meld.legal for meld in best.melds)
