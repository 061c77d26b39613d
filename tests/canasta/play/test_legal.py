"""The moves a position lists: a side's first meld from hand, wild cards included where they reach the minimum."""

from dataclasses import replace

import pytest

from scorekeeper.canasta.play import judge, legal_moves

from .positions import table


def first_melds(rules, hand):
    position = table(rules, hands=[hand] + [11] * 3, pile="4S")
    position = replace(position, step="play", began="stock")
    melds = [move for move in legal_moves(position) if move.kind == "meld"]
    assert all(judge(position, move).allowed for move in melds)
    return [[lay["cards"] for lay in move.as_dict()["melds"]] for move in melds]


@pytest.mark.parametrize(("rules", "hand", "listed"), [
    # K K K and 7 7 7 make 45, short of 50: the 2 left over goes on one of them.
    ("classic", "KS KH KD 7S 7H 7D 2C 5S 9H JS QD", [["KS KH KD 2C", "7S 7H 7D"], ["KS KH KD", "7S 7H 7D 2C"]]),
    # Modern American (125 to start) lets no wild card on 7s and at most 2 on a meld: the kings take both jokers.
    ("modern", "KS KH KD 7S 7H 7D 7C JK JK 2C 5S", [["KS KH KD JK JK", "7S 7H 7D 7C"]]),
    # 7 7 7 and 4 4 2 make 45: the other 2 goes on the sevens, or on the pair.
    ("classic", "7S 7H 7D 4S 4H 2C 2D 5S 9H JS QD", [["7S 7H 7D 2C", "4S 4H 2D"], ["7S 7H 7D", "4S 4H 2D 2C"]]),
    # Enough without wild cards: they stay in hand.
    ("classic", "KS KH KD AS AH AD 2C 5S 9H JS QD", [["AS AH AD"], ["AS AH AD", "KS KH KD"]]),
], ids=["a 2 on the kings or the sevens", "modern: no wild card on sevens", "a pair and a triple share the wilds",
        "no wild card needed"])
def test_a_first_meld_takes_the_wild_cards_left_over_to_reach_the_minimum(rules, hand, listed):
    assert first_melds(rules, hand) == listed


def test_a_first_meld_short_of_the_minimum_is_not_listed():
    # K K K and 7 7 7: 45 points, no wild card to make up the 50.
    assert first_melds("classic", "KS KH KD 7S 7H 7D 4C 5S 9H JS QD") == []


def test_a_first_meld_is_also_listed_without_each_of_its_melds_that_it_can_do_without():
    # Modern American, 125 to start: the aces (A A 2, 60) go first by their points, but K K K, J J J and
    # 10 10 JK make 130 without them, so a first meld that leaves the aces (a 2,500 penalty unfinished) is listed.
    # All four would leave one card: no discard without the canastas to go out, so that set is not listed.
    assert first_melds("modern", "AH AD JK KC KH KS JC JD JS 10S 10H 2C 5S") == [
        ["KC KH KS", "JC JD JS", "10S 10H JK"],
        ["AH AD 2C", "JC JD JS", "10S 10H JK"],
        ["AH AD 2C", "KC KH KS", "10S 10H JK"],
    ]
