"""The rules checks, rule by rule and preset by preset: initial meld, one meld, the pile, going out."""

import pytest

from scorekeeper.canasta.cards import Rank, parse_cards, parse_meld_groups
from scorekeeper.canasta.checks import (
    check_going_out, check_initial_meld, check_meld, check_pile, deck_problems, going_out_conditions,
)
from scorekeeper.canasta.errors import InvalidHand
from scorekeeper.canasta.melds import Meld
from scorekeeper.canasta.options import resolve


def initial(rules, text, total=0, top=None, going_out="no", options=None):
    ruleset, chosen = resolve(rules, options)
    groups = parse_meld_groups(text) if "|" in text else None
    return check_initial_meld(ruleset, chosen, total, None if groups else parse_cards(text), groups=groups,
                              pile_top=parse_cards(top)[0] if top else None, going_out=going_out)


def melds_of(check):
    return [(meld.text, meld.points) for meld in check.melds]


# --- initial meld: the minimum ------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "total", "minimum"),
    [
        ("classic", -5, 15), ("classic", 0, 50), ("classic", 1495, 50), ("classic", 1500, 90),
        ("classic", 2995, 90), ("classic", 3000, 120), ("classic", 9000, 120),
        ("classic-6p", 7495, 120), ("classic-6p", 7500, 150), ("classic-6p-3teams", 7500, 120),
        ("classic-3p", 3000, 120), ("modern", -500, 125), ("modern", 2995, 125), ("modern", 3000, 155),
        ("modern", 4995, 155), ("modern", 5000, 180),
    ],
    ids=lambda value: str(value),
)
def test_the_minimum_follows_the_total_before_the_hand(rules, total, minimum):
    check = initial(rules, "A A A K K K Q Q Q", total)
    assert (check.minimum, check.table_minimum) == (minimum, minimum)


@pytest.mark.parametrize(
    ("text", "total", "meets", "short_by"),
    [
        ("K K | Q Q 2", 0, True, 0),
        ("K K | Q Q 2", 1495, True, 0),
        ("K K | Q Q 2", 1500, False, 20),
        ("K K | Q Q 2", 2995, False, 20),
        ("K K Q Q 2", 1600, False, 20),
        ("K K Q Q 2", 3000, False, 50),
    ],
    ids=["first-hand", "just-below-1500", "at-1500", "top-of-band", "ungrouped", "at-3000"],
)
def test_the_rules_page_example_king_on_top(text, total, meets, short_by):
    check = initial("classic", text, total, top="K")
    assert melds_of(check) == [("K K K", 30), ("Q Q 2", 40)]
    assert check.points == 70
    assert (check.meets_minimum, check.short_by, check.problems) == (meets, short_by, ())


def test_several_melds_add_up_and_bonuses_never_count():
    check = initial("classic", "K K K K K K K 5 5 5")
    assert check.points == 85  # a canasta's 500 is no part of it
    assert check.melds[0].kind(resolve("classic")[0]) == "natural"


# --- initial meld: the pile's top card -----------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "text", "top", "points", "problem"),
    [
        ("classic", "K K Q Q Q", "K", 60, None),
        ("classic", "K Q Q Q 2", "K", None, "natural pair of kings from your hand; you have a king"),
        ("classic", "Q Q Q J J", "K", 50, "natural pair of kings from your hand; you have none"),
        ("classic", "K K Q Q Q", "2", 50, "Nobody may take the pile with a 2 on top."),
        ("classic", "K K K Q Q Q", "JK", 60, "Nobody may take the pile with a joker on top."),
        ("classic", "K K K Q Q Q", "3S", 60, "A black 3 on top stops the pile"),
        ("classic", "K K K Q Q Q", "3H", 60, "A red 3 is never the top card of the pile"),
        ("modern", "K K Q Q Q A A A", "K", 110, None),
        ("modern", "K Q Q Q A A A 2", "K", None, "In Modern American the pile is always frozen"),
        ("modern", "K K K Q Q Q", "3S", 60, "3s are laid out as they come"),
    ],
    ids=["classic-pair", "classic-one-natural-and-wild", "classic-no-king", "classic-two-on-top",
         "classic-joker-on-top", "classic-black-three-on-top", "classic-red-three-on-top",
         "modern-pair-top-not-counted", "modern-always-frozen", "modern-three-on-top"],
)
def test_taking_the_pile_for_the_first_meld(rules, text, top, points, problem):
    check = initial(rules, text, top=top)
    if points is not None:
        assert check.points == points
    if problem is None:
        assert check.problems == ()
    else:
        assert any(problem in line for line in check.problems), check.problems
        assert not check.meets_minimum


def test_classic_top_card_counts_and_modern_top_card_does_not():
    classic = initial("classic", "K K A A A", top="K")
    modern = initial("modern", "K K A A A", top="K")
    assert (classic.points, classic.pile_top_counts) == (90, True)
    assert (modern.points, modern.pile_top_counts) == (80, False)
    assert [(meld.text, meld.from_pile is not None) for meld in modern.melds] == [("A A A", False), ("K K K", True)]


def test_the_top_card_joins_the_group_of_its_rank():
    check = initial("classic", "Q Q 2 | K K", top="K")
    assert melds_of(check) == [("K K K", 30), ("Q Q 2", 40)]


# --- initial meld: wild cards placed where the melds are legal ---------------------------------------


@pytest.mark.parametrize(
    ("rules", "options", "text", "expected", "problem"),
    [
        ("classic", {}, "K K Q Q 2 2", [("K K 2", 40), ("Q Q 2", 40)], None),
        ("classic", {}, "K K K 2 2 2", [("K K K 2 2 2", 90)], None),
        ("classic", {}, "K K K 2 2 2 2", [("K K K 2 2 2 2", 110)], "at most 3 wild cards; this one has 4"),
        ("classic", {}, "K 2 2", [("K 2 2", 50)], "at least 2 natural cards; this one has 1"),
        ("classic", {}, "K K", [("K K", 20)], "at least 3 cards; this one has 2"),
        ("classic", {"wild_limit": "not_outnumber"}, "K K 2 2", [("K K 2 2", 60)], None),
        ("classic", {"wild_limit": "not_outnumber"}, "K K 2 2 2", [("K K 2 2 2", 80)], "may not outnumber"),
        ("classic", {"wild_limit": "naturals_outnumber"}, "K K 2 2", [("K K 2 2", 60)], "must outnumber"),
        ("classic", {"wild_limit": "naturals_outnumber"}, "K K K 2 2", [("K K K 2 2", 70)], None),
        ("classic", {"wild_limit": "naturals_outnumber"}, "K K Q Q 2 2", [("K K 2", 40), ("Q Q 2", 40)], None),
        ("classic", {}, "2 2 JK", [("2 2 JK", 90)], "wild cards alone are not a meld in Classic"),
        ("modern", {}, "K K K 2 2 2", [("K K K", 30), ("2 2 2", 60)], None),
        ("modern", {}, "Q Q Q K K K 2 2 2", [("K K K", 30), ("Q Q Q", 30), ("2 2 2", 60)], None),
        ("modern", {}, "K K K Q Q 2 2 2", [("K K K 2", 50), ("Q Q 2 2", 60)], "must include a clean triple"),
        ("modern", {}, "7 7 7 K K 2", [("K K 2", 40), ("7 7 7", 15)], None),
        ("modern", {}, "7 7 2 K K K", [("K K K", 30), ("7 7 2", 30)], "Sevens never take wild cards."),
        ("modern", {}, "A A 2 2 K K K", [("A A 2 2", 80), ("K K K", 30)], None),
        ("modern", {}, "K K K K K K K K", [("K K K K K K K K", 80)], "at most 7 cards in Modern American"),
    ],
    ids=["classic-spread", "classic-three-wilds", "classic-four-wilds", "classic-one-natural",
         "classic-two-cards", "not-outnumber-equal", "not-outnumber-more", "naturals-outnumber-equal",
         "naturals-outnumber-fewer", "naturals-outnumber-spread", "classic-wild-alone",
         "modern-wild-meld-keeps-clean-triple", "modern-two-clean-triples", "modern-no-room-for-a-clean-triple",
         "modern-sevens-stay-clean", "modern-sevens-with-wild", "modern-aces-take-wilds-in-initial-meld",
         "modern-eight-cards"],
)
def test_wild_cards_go_where_they_make_the_melds_legal(rules, options, text, expected, problem):
    check = initial(rules, text, options=options)
    assert melds_of(check) == expected
    if problem is None:
        assert check.problems == ()
    else:
        assert any(problem in line for line in check.problems), check.problems


def test_grouped_melds_are_taken_as_written():
    check = initial("classic", "K K 2 2 2 | Q Q")
    assert melds_of(check) == [("K K 2 2 2", 80), ("Q Q", 20)]
    assert check.problems == ("Queens (Q Q): A meld needs at least 3 cards; this one has 2.",)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("K K K | K K 2", "Group 2 is kings again: a side has one meld per rank"),
        ("K Q 2 | A A A", "A meld holds cards of one rank; these are kings and queens."),
    ],
    ids=["two-melds-of-one-rank", "mixed-ranks"],
)
def test_grouped_melds_that_break_the_rules(text, problem):
    check = initial("classic", text)
    assert any(problem in line for line in check.problems)
    assert not check.meets_minimum


# --- initial meld: threes, going out, Modern's clean triple -----------------------------------------


@pytest.mark.parametrize(
    ("rules", "text", "going_out", "problem"),
    [
        ("classic", "3S 3S 3C K K K K K", "no", "Black 3s are melded only by a player going out."),
        ("classic", "3S 3C 3S K K K K K K K", "out", None),
        ("classic", "3S 3C 3S 2 K K K K K K K", "out", None),  # the 2 goes with the kings, never the 3s
        ("classic", "3S 3C K K K K K K K", "out", "Black 3s are melded 3 or 4 at a time; this meld has 2."),
        ("classic", "3H K K K K K", "no", "Red 3s are never melded"),
        ("modern", "3H A A A K K K", "no", "Red 3s are never melded"),
        ("modern", "3S 3C 3S A A A K K K", "no", "In Modern American 3s are never melded"),
    ],
    ids=["classic-black-threes-not-going-out", "classic-black-threes-going-out",
         "classic-black-threes-and-a-wild", "classic-two-black-threes", "classic-red-three",
         "modern-red-three", "modern-black-threes"],
)
def test_threes_in_an_initial_meld(rules, text, going_out, problem):
    check = initial(rules, text, going_out=going_out)
    if problem is None:
        assert check.problems == ()
        assert check.meets_minimum
    else:
        assert any(problem in line for line in check.problems), check.problems


@pytest.mark.parametrize(
    ("rules", "text", "going_out", "minimum", "problem"),
    [
        ("classic", "K K K K K K K 5 5 5", "concealed", 0, None),
        ("classic", "5 5 5 5 5 5 5", "concealed", 0, None),
        ("classic", "K K K K K K 5 5 5", "concealed", 0, "needs 1 canasta; these melds make none"),
        ("classic-2p", "K K K K K K K Q Q Q", "out", 50, "needs 2 canastas; these melds make 1"),
        ("modern", "K K K K K K K Q Q Q", "out", 125, "needs 2 canastas; these melds make 1"),
    ],
    ids=["concealed-needs-no-minimum", "concealed-small-canasta", "concealed-without-canasta",
         "two-players-need-two-canastas", "modern-needs-two"],
)
def test_going_out_with_the_first_meld(rules, text, going_out, minimum, problem):
    check = initial(rules, text, going_out=going_out)
    assert check.minimum == minimum
    if problem is None:
        assert check.meets_minimum
    else:
        assert any(problem in line for line in check.problems), check.problems


def test_concealed_going_out_cannot_take_the_pile():
    check = initial("classic", "K K K K K K", top="K", going_out="concealed")
    assert any("does not go out concealed" in line for line in check.problems)


@pytest.mark.parametrize(
    ("text", "meets", "clean_problem"),
    [
        ("A A A K K K Q Q Q 2", True, False),
        ("A A 2 K K 2 Q Q 2 JK J J", False, True),
        ("A A 2 2 K K K J J J Q Q", True, False),
    ],
    ids=["with-clean-triples", "no-clean-triple", "clean-triple-kept-when-wilds-could-go-there"],
)
def test_modern_needs_a_clean_triple(text, meets, clean_problem):
    check = initial("modern", text)
    assert check.meets_minimum is meets
    assert any("clean triple" in line for line in check.problems) is clean_problem


def test_cards_the_decks_cannot_hold_are_refused():
    with pytest.raises(InvalidHand) as error:
        initial("classic", "JK JK JK JK K K", top="JK")
    assert [problem.as_dict() for problem in error.value.problems] == [
        {"field": "cards", "message": "Two decks hold only 4 jokers; you wrote 5."}]


def test_three_decks_hold_more_and_spare_wild_cards_are_named():
    check = initial("classic-6p", "JK JK JK JK JK JK K K K K K K")
    assert melds_of(check) == [("K K K K K K JK JK JK", 210), ("JK JK JK", 150)]
    assert check.problems == ("Wild cards (JK JK JK): 3 wild cards fit no meld here: a meld holds at most 3, "
                              "and wild cards alone are not a meld in Classic.",)


def test_deck_problems_count_suits_too():
    ruleset, _ = resolve("classic")
    assert [p.message for p in deck_problems(ruleset, parse_cards("3H 3H 3H 3D 3D"), "hand")] == [
        "Two decks hold only 4 red 3s; you wrote 5.", "Two decks hold only 2 3s of hearts; you wrote 3."]


# --- one meld -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "options", "text", "legal", "kind", "points", "bonus"),
    [
        ("classic", {}, "K K K", True, None, 30, 0),
        ("classic", {}, "K K K K K K K", True, "natural", 70, 500),
        ("classic", {}, "K K K K K 2 2", True, "mixed", 90, 300),
        ("classic", {}, "5 5 5 5 5 5 2", True, "mixed", 50, 300),
        ("classic", {}, "K K K K 2 2 2 2", False, None, 120, 0),
        ("classic", {"wild_limit": "not_outnumber"}, "K K 2 2 2", False, None, 80, 0),
        ("classic", {"wild_limit": "naturals_outnumber"}, "K K K K 2 2 2", True, "mixed", 100, 300),
        ("classic", {"wild_limit": "naturals_outnumber"}, "K K K 2 2 2", False, None, 90, 0),
        ("classic", {}, "2 2 2", False, None, 60, 0),
        ("modern", {}, "A A A A A A A", True, "natural_aces", 140, 2500),
        ("modern", {}, "7 7 7 7 7 7 7", True, "sevens", 35, 2500),
        ("modern", {}, "2 2 2 2 2 2 2", True, "wild_twos", 140, 3000),
        ("modern", {}, "JK JK JK JK 2 2 2", True, "wild_four_jokers", 260, 2500),
        ("modern", {}, "JK 2 2 2 2 2 2", True, "wild", 170, 2000),
        ("modern", {}, "Q Q Q Q Q 2 2", True, "mixed", 90, 300),
        ("modern", {}, "Q Q Q Q Q Q Q", True, "natural", 70, 500),
        ("modern", {}, "Q Q Q 2 2 2", False, None, 90, 0),
        ("modern", {}, "7 7 7 2", False, None, 35, 0),
        ("modern", {}, "Q Q Q Q Q Q Q Q", False, None, 80, 0),
    ],
    ids=["classic-three-kings", "classic-natural", "classic-mixed", "classic-smallest-mixed",
         "classic-four-wilds", "not-outnumber", "naturals-outnumber-ok", "naturals-outnumber-tie",
         "classic-wild-only", "modern-natural-aces", "modern-sevens", "modern-seven-twos",
         "modern-four-jokers", "modern-wild", "modern-mixed", "modern-natural", "modern-three-wilds",
         "modern-sevens-with-wild", "modern-eight-cards"],
)
def test_one_meld(rules, options, text, legal, kind, points, bonus):
    ruleset, chosen = resolve(rules, options)
    check = check_meld(ruleset, chosen, parse_cards(text))
    assert (check.legal, check.kind, check.points, check.bonus) == (legal, kind, points, bonus)
    assert bool(check.problems) is not legal


def test_modern_aces_take_wild_cards_only_in_the_initial_meld():
    ruleset, options = resolve("modern")
    aces = parse_cards("A A A 2")
    assert check_meld(ruleset, options, aces, initial=True).legal
    assert check_meld(ruleset, options, aces, initial=False).problems == (
        "Aces take wild cards only as part of the side's initial meld.",)


def test_modern_unfinished_melds_say_what_they_cost():
    ruleset, options = resolve("modern")
    assert check_meld(ruleset, options, parse_cards("A A A A")).penalty_if_unfinished == 2500
    assert check_meld(ruleset, options, parse_cards("2 2 JK")).penalty_if_unfinished == 2000
    assert check_meld(ruleset, options, parse_cards("K K K")).penalty_if_unfinished == 0


def test_black_threes_as_one_meld():
    ruleset, options = resolve("classic")
    assert check_meld(ruleset, options, parse_cards("3S 3C 3S"), going_out=True).legal
    assert check_meld(ruleset, options, parse_cards("3S 3C 3S"), going_out=False).problems == (
        "Black 3s are melded only by a player going out.",)


def test_a_meld_of_two_ranks_is_no_meld():
    ruleset, options = resolve("classic")
    check = check_meld(ruleset, options, parse_cards("K K Q"))
    assert (check.legal, check.meld, check.make_up) == (False, None, None)
    assert check.problems == ("A meld holds cards of one rank; these are kings and queens.",)


# --- the discard pile -------------------------------------------------------------------------------


def pile(rules, top, hand, **kwargs):
    ruleset, options = resolve(rules)
    return check_pile(ruleset, options, parse_cards(top)[0], parse_cards(hand), **kwargs)


@pytest.mark.parametrize(
    ("rules", "top", "hand", "kwargs", "ways"),
    [
        ("classic", "Q", "Q Q 5", {"side_has_melded": True}, ["natural_pair"]),
        ("classic", "Q", "Q 2 5", {"side_has_melded": True}, ["natural_and_wild"]),
        ("classic", "Q", "5 9", {"side_has_melded": True, "side_melds": {Rank.QUEEN: 3}}, ["add_to_meld"]),
        ("classic", "Q", "Q Q 2", {"side_has_melded": True, "side_melds": {Rank.QUEEN: None}},
         ["natural_pair", "natural_and_wild", "add_to_meld"]),
        ("classic", "Q", "Q Q 2", {"side_has_melded": True, "frozen": True, "side_melds": {Rank.QUEEN: 4}},
         ["natural_pair"]),
        ("classic", "Q", "Q Q 2", {"side_has_melded": False}, ["natural_pair"]),
        ("classic-2p", "8", "8 8 2", {"side_has_melded": True}, ["natural_pair", "natural_and_wild"]),
        ("modern", "Q", "Q Q 2", {"side_has_melded": True, "side_melds": {Rank.QUEEN: 4}}, ["natural_pair"]),
    ],
    ids=["natural-pair", "natural-and-wild", "add-to-meld", "every-way", "frozen-only-pair",
         "not-melded-only-pair", "two-players", "modern-only-pair"],
)
def test_ways_to_take_the_pile(rules, top, hand, kwargs, ways):
    check = pile(rules, top, hand, **kwargs)
    assert check.can_take
    assert [way.way for way in check.ways] == ways
    assert check.reason.startswith("Yes")


@pytest.mark.parametrize(
    ("rules", "top", "hand", "kwargs", "reason"),
    [
        ("classic", "2", "2 2 Q", {"side_has_melded": True}, "Nobody may take the pile with a 2 on top."),
        ("classic", "JK", "JK Q Q", {"side_has_melded": True}, "Nobody may take the pile with a joker on top."),
        ("classic", "3C", "3S 3S", {"side_has_melded": True}, "A black 3 on top stops the pile"),
        ("classic", "3H", "Q Q", {"side_has_melded": True}, "A red 3 is never the top card of the pile"),
        ("classic", "Q", "Q 2", {"side_has_melded": True, "frozen": True},
         "A wild card or a turned-up red 3 freezes the pile: taking it needs a natural pair of queens from your "
         "hand; you have a queen."),
        ("classic", "Q", "Q 2", {"side_has_melded": False},
         "Your side has not melded yet, so the pile is frozen for it: taking it needs a natural pair"),
        ("classic", "Q", "Q 9", {"side_has_melded": True, "side_melds": {Rank.NINE: 3}},
         "You have a queen, no wild card and no meld of queens."),
        ("classic", "Q", "Q", {"side_has_melded": True, "side_melds": {Rank.QUEEN: 3}, "pile_size": 1},
         "With one card left in your hand you may not take a pile of one card."),
        ("modern", "Q", "Q 2", {"side_has_melded": True}, "In Modern American the pile is always frozen"),
        ("modern", "Q", "Q Q", {"side_has_melded": True, "side_melds": {Rank.QUEEN: 5}},
         "Your side already has 5 queens on the table"),
        ("modern", "K", "K K", {"side_has_melded": True, "dead_ranks": [Rank.KING]}, "The kings are dead"),
        ("modern", "3S", "K K", {"side_has_melded": True}, "3s are laid out as they come"),
    ],
    ids=["two-on-top", "joker-on-top", "black-three", "red-three", "frozen-by-wild", "frozen-not-melded",
         "unfrozen-no-way", "one-card-pile", "modern-frozen", "modern-five-of-rank", "modern-dead-rank",
         "modern-three-on-top"],
)
def test_why_the_pile_cannot_be_taken(rules, top, hand, kwargs, reason):
    check = pile(rules, top, hand, **kwargs)
    assert not check.can_take
    assert check.ways == ()
    assert reason in check.reason


def test_a_one_card_pile_is_fine_with_more_cards_in_hand():
    assert pile("classic", "Q", "Q Q", side_has_melded=True, pile_size=1).can_take


def test_the_pile_check_refuses_cards_the_decks_cannot_hold():
    with pytest.raises(InvalidHand) as error:
        pile("classic", "Q", "Q Q Q Q Q Q Q Q")
    assert error.value.problems[0].field == "hand"
    assert error.value.problems[0].message == "Two decks hold only 8 queens; you wrote 9."


# --- going out --------------------------------------------------------------------------------------


def going_out(rules, hand, options=None, **kwargs):
    ruleset, chosen = resolve(rules, options)
    return check_going_out(ruleset, chosen, parse_cards(hand), **kwargs)


@pytest.mark.parametrize(
    ("rules", "options", "canastas", "needed", "can"),
    [
        ("classic", None, 1, 1, True), ("classic", None, 0, 1, False),
        ("classic-2p", None, 1, 2, False), ("classic-2p", None, 2, 2, True),
        ("classic-3p", None, 1, 2, False), ("classic-3p", {"canastas_to_go_out": 1}, 1, 1, True),
        ("classic-6p", None, 1, 2, False), ("classic-6p-3teams", None, 2, 2, True),
        ("modern", None, 1, 2, False), ("modern", None, 2, 2, True),
    ],
    ids=["classic-one", "classic-none", "2p-one", "2p-two", "3p-one", "3p-option-one", "6p-one",
         "6p-3teams-two", "modern-one", "modern-two"],
)
def test_canastas_needed_to_go_out(rules, options, canastas, needed, can):
    check = going_out(rules, "K K K 5", options, canastas=canastas, side_has_melded=True)
    assert (check.canastas_needed, check.can_go_out) == (needed, can)
    if not can:
        assert f"needs {needed} canasta" in " ".join(check.reasons) or f"need {needed} canasta" in " ".join(check.reasons)


@pytest.mark.parametrize(
    ("rules", "hand", "kwargs", "can", "melds", "discard", "bonus"),
    [
        ("classic", "K K K 5", {"canastas": 1, "side_has_melded": True}, True, ["K K K"], "5", 100),
        ("classic", "K K K Q Q Q", {"canastas": 1, "side_has_melded": True}, True, ["K K K", "Q Q Q"], None, 100),
        ("classic", "K K K 5 6", {"canastas": 1, "side_has_melded": True}, False, ["K K K", "6"], "5", 0),
        ("classic", "9 2", {"canastas": 1, "side_has_melded": True, "side_melds": [Meld(Rank.NINE, 4)]},
         True, ["9 2"], None, 100),
        ("classic", "9 2", {"canastas": 0, "side_has_melded": True, "side_melds": [Meld(Rank.NINE, 4, twos=1)]},
         True, ["9 2"], None, 100),
        ("classic", "K K K K K 2 2 5", {"canastas": 0, "side_has_melded": False}, True, ["K K K K K 2 2"], "5", 200),
        ("classic", "K K K K K 2 2 5", {"canastas": 0, "side_has_melded": True, "player_has_melded": True},
         True, ["K K K K K 2 2"], "5", 100),
        ("classic", "3S 3S 3C 5", {"canastas": 1, "side_has_melded": True}, True, ["3♠ 3♠ 3♣"], "5", 100),
        ("classic", "3S 5 5 5", {"canastas": 1, "side_has_melded": True}, True, ["5 5 5"], "3♠", 100),
        ("classic", "", {"canastas": 1, "side_has_melded": True}, True, [], None, 100),
        ("modern", "K K K K K K K Q Q Q 5", {"canastas": 1, "side_has_melded": True}, True,
         ["K K K K K K K", "Q Q Q"], "5", 100),
        ("modern", "K K K Q Q Q", {"canastas": 2, "side_has_melded": True}, False, ["K K", "Q Q Q"], "K", 0),
        ("modern", "", {"canastas": 2, "side_has_melded": True}, False, [], None, 0),
    ],
    ids=["meld-and-discard", "meld-all", "a-single-six", "add-to-meld", "add-completes-canasta",
         "concealed", "not-concealed-after-melding", "black-threes", "black-three-discarded",
         "nothing-left", "modern-with-discard", "modern-must-discard", "modern-needs-a-card"],
)
def test_can_a_player_go_out(rules, hand, kwargs, can, melds, discard, bonus):
    check = going_out(rules, hand, **kwargs)
    assert check.can_go_out is can, check.reasons
    assert [meld.text for meld in check.melds] == melds
    assert (str(check.discard) if check.discard else None) == discard
    assert check.bonus == bonus
    assert check.concealed is (bonus == 200)


def test_modern_new_melds_of_a_side_not_melded_need_a_clean_triple_and_the_minimum():
    check = going_out("modern", "K K 2 Q Q 2 J J JK 5", canastas=0, side_has_melded=False, total=0)
    assert not check.can_go_out
    assert any("clean triple" in reason for reason in check.reasons)
    short = going_out("modern", "K K K K K K K 5 5 5 5 5 5 5 9", canastas=0, side_has_melded=False, total=3000)
    assert short.reasons == ("These melds are your side's initial meld: they make 105, 50 short of your minimum of 155.",)


def test_going_out_conditions_differ_by_rule_set():
    classic = going_out_conditions(*resolve("classic"))
    modern = going_out_conditions(*resolve("modern"))
    assert classic[0] == "Your side needs 1 canasta to go out; one completed in the same turn counts."
    assert classic[1] == "Meld every card, or all but one and discard it."
    assert "concealed scores 200 in all" in classic[2]
    assert modern[0] == "Your side needs 2 canastas to go out; one completed in the same turn counts."
    assert "you go out with a discard" in modern[1]
    assert "no bonus for going out concealed" in modern[2]
    assert going_out_conditions(*resolve("classic-3p", {"canastas_to_go_out": 1}))[0].startswith(
        "Your side needs 1 canasta")


def test_going_out_refuses_impossible_input():
    with pytest.raises(InvalidHand) as error:
        going_out("classic", "K", canastas=0, side_has_melded=True,
                  side_melds=[Meld(Rank.KING, 7), Meld(Rank.KING, 3)])
    fields = [problem.field for problem in error.value.problems]
    assert fields == ["canastas", "side_melds"]
