"""Meld legality and canasta kinds (RULES.md "Melds", "Canastas", Modern "Melds" and bonuses)."""

import pytest

from scorekeeper.canasta.cards import Rank, parse_cards
from scorekeeper.canasta.errors import CardError
from scorekeeper.canasta.melds import (
    Meld, canasta_bonus, canasta_kind, meld_problems, summarise_melds, unfinished_kind,
)
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.rules import PRESETS

K, Q, A, SEVEN, THREE, FIVE = Rank.KING, Rank.QUEEN, Rank.ACE, Rank.SEVEN, Rank.THREE, Rank.FIVE


def messages(rules_id, meld, options=None, **context):
    ruleset, chosen = resolve(rules_id, options)
    return [problem.message for problem in meld_problems(ruleset, chosen, meld, **context)]


@pytest.mark.parametrize(
    ("meld", "options", "context", "expected"),
    [
        pytest.param(Meld(K, 3), None, {}, [], id="three-naturals"),
        pytest.param(Meld(K, 2, twos=1), None, {}, [], id="two-naturals-one-wild"),
        pytest.param(Meld(K, 2, twos=2, jokers=1), None, {}, [], id="three-wilds-allowed"),
        pytest.param(Meld(K, 12), None, {"going_out": True}, ["Two decks hold only 8 kings; this meld has 12."],
                     id="more-than-the-decks"),
        pytest.param(Meld(K, 8, twos=3), None, {}, [], id="no-upper-size"),
        pytest.param(Meld(K, 1, twos=2), None, {},
                     ["A meld needs at least 2 natural cards; this one has 1."], id="one-natural"),
        pytest.param(Meld(K, 2), None, {}, ["A meld needs at least 3 cards; this one has 2."], id="two-cards"),
        pytest.param(Meld(K, 5, twos=3, jokers=1), None, {},
                     ["A meld may hold at most 3 wild cards; this one has 4."], id="four-wilds"),
        pytest.param(Meld(None, twos=3), None, {},
                     ["A meld of wild cards alone is not allowed in Classic."], id="wilds-only"),
        pytest.param(Meld(K, 0, twos=2, jokers=1), None, {},
                     ["A meld of wild cards alone is not allowed in Classic."], id="rank-but-no-naturals"),
        pytest.param(Meld(K, 2, twos=3), {"wild_limit": "not_outnumber"}, {},
                     ["With your house rule, wild cards may not outnumber the natural cards; "
                      "this meld has 3 wild and 2 natural."], id="option-not-outnumber-breaks"),
        pytest.param(Meld(K, 2, twos=2), {"wild_limit": "not_outnumber"}, {}, [], id="option-not-outnumber-equal-ok"),
        pytest.param(Meld(K, 2, twos=2), {"wild_limit": "naturals_outnumber"}, {},
                     ["With your house rule, the natural cards must outnumber the wild cards; "
                      "this meld has 2 natural and 2 wild."], id="option-naturals-outnumber-breaks"),
        pytest.param(Meld(K, 3, twos=2), {"wild_limit": "naturals_outnumber"}, {}, [], id="option-naturals-outnumber-ok"),
        pytest.param(Meld(THREE, 3), None, {"going_out": True}, [], id="black-threes-going-out"),
        pytest.param(Meld(THREE, 4), None, {"going_out": None}, [], id="black-threes-unknown-context"),
        pytest.param(Meld(THREE, 3), None, {"going_out": False},
                     ["Black 3s are melded only by a player going out."], id="black-threes-not-going-out"),
        pytest.param(Meld(THREE, 2, twos=1), None, {"going_out": True},
                     ["Black 3s are melded without wild cards.",
                      "Black 3s are melded 3 or 4 at a time; this meld has 2."], id="black-threes-with-wild"),
        pytest.param(Meld(THREE, 5), None, {"going_out": True},
                     ["Two decks hold only 4 black 3s; this meld has 5.",
                      "Black 3s are melded 3 or 4 at a time; this meld has 5."], id="five-black-threes"),
    ],
)
def test_classic_meld_rules(meld, options, context, expected):
    assert messages("classic", meld, options, **context) == expected


@pytest.mark.parametrize(
    ("meld", "context", "expected"),
    [
        pytest.param(Meld(K, 3), {}, [], id="three-cards"),
        pytest.param(Meld(K, 5, twos=2), {}, [], id="seven-with-two-wilds"),
        pytest.param(Meld(K, 8), {}, ["A meld holds at most 7 cards in Modern American; this one has 8."],
                     id="past-seven"),
        pytest.param(Meld(K, 4, twos=2, jokers=1), {},
                     ["A meld may hold at most 2 wild cards in Modern American; this one has 3."], id="three-wilds"),
        pytest.param(Meld(K, 1, twos=2), {}, ["A meld needs at least 2 natural cards; this one has 1."],
                     id="one-natural"),
        pytest.param(Meld(SEVEN, 3, twos=1), {}, ["Sevens never take wild cards."], id="sevens-with-wild"),
        pytest.param(Meld(SEVEN, 7), {}, [], id="sevens-natural"),
        pytest.param(Meld(A, 4, twos=1), {"initial": True}, [], id="aces-wild-initial"),
        pytest.param(Meld(A, 4, twos=1), {}, [], id="aces-wild-unknown-context"),
        pytest.param(Meld(A, 4, twos=1), {"initial": False},
                     ["Aces take wild cards only as part of the side's initial meld."], id="aces-wild-later"),
        pytest.param(Meld(None, twos=3), {}, [], id="wild-meld-three"),
        pytest.param(Meld(None, twos=4, jokers=3), {}, [], id="wild-meld-seven"),
        pytest.param(Meld(None, twos=2), {}, ["A meld of wild cards needs at least 3; this one has 2."],
                     id="wild-meld-two"),
        pytest.param(Meld(None, twos=6, jokers=2), {},
                     ["A meld holds at most 7 cards in Modern American; this one has 8."], id="wild-meld-eight"),
        pytest.param(Meld(THREE, 3), {}, ["In Modern American 3s are never melded: they are laid out on their own."],
                     id="threes-never-melded"),
    ],
)
def test_modern_meld_rules(meld, context, expected):
    assert messages("modern", meld, **context) == expected


@pytest.mark.parametrize(
    ("rules_id", "meld", "kind", "bonus"),
    [
        pytest.param("classic", Meld(K, 7), "natural", 500, id="classic-natural-500"),
        pytest.param("classic", Meld(K, 9), "natural", 500, id="classic-natural-nine-cards"),
        pytest.param("classic", Meld(K, 5, twos=2), "mixed", 300, id="classic-mixed-300"),
        pytest.param("classic", Meld(K, 7, jokers=1), "mixed", 300, id="wild-added-makes-mixed"),
        pytest.param("classic", Meld(K, 6), None, 0, id="six-is-no-canasta"),
        pytest.param("modern", Meld(K, 7), "natural", 500, id="modern-natural-500"),
        pytest.param("modern", Meld(K, 5, jokers=2), "mixed", 300, id="modern-mixed-300"),
        pytest.param("modern", Meld(A, 7), "natural_aces", 2500, id="natural-aces-2500"),
        pytest.param("modern", Meld(A, 6, twos=1), "mixed", 300, id="mixed-aces-300"),
        pytest.param("modern", Meld(SEVEN, 7), "sevens", 2500, id="sevens-2500"),
        pytest.param("modern", Meld(None, twos=7), "wild_twos", 3000, id="seven-twos-3000"),
        pytest.param("modern", Meld(None, twos=3, jokers=4), "wild_four_jokers", 2500, id="four-jokers-2500"),
        pytest.param("modern", Meld(None, twos=6, jokers=1), "wild", 2000, id="other-wild-2000"),
        pytest.param("modern", Meld(None, twos=6), None, 0, id="wild-unfinished"),
    ],
)
def test_canasta_kinds_and_bonuses(rules_id, meld, kind, bonus):
    assert canasta_kind(PRESETS[rules_id], meld) == kind
    assert canasta_bonus(PRESETS[rules_id], meld) == bonus


@pytest.mark.parametrize(
    ("meld", "kind"),
    [
        pytest.param(Meld(A, 5), "aces", id="aces"),
        pytest.param(Meld(SEVEN, 6), "sevens", id="sevens"),
        pytest.param(Meld(None, twos=3), "wild", id="wild"),
        pytest.param(Meld(K, 5), None, id="kings-no-penalty"),
        pytest.param(Meld(A, 7), None, id="finished-aces"),
    ],
)
def test_unfinished_penalty_melds(meld, kind):
    assert unfinished_kind(PRESETS["modern"], meld) == kind
    assert unfinished_kind(PRESETS["classic"], meld) is None


@pytest.mark.parametrize(
    ("meld", "points"),
    [
        pytest.param(Meld(K, 7), 70, id="seven-kings-70"),
        pytest.param(Meld(K, 5, twos=2), 90, id="five-kings-two-twos-90"),
        pytest.param(Meld(FIVE, 7), 35, id="smallest-natural-35"),
        pytest.param(Meld(FIVE, 6, twos=1), 50, id="smallest-mixed-50"),
        pytest.param(Meld(THREE, 4), 20, id="black-threes-5-each"),
        pytest.param(Meld(None, twos=3, jokers=4), 260, id="wild-canasta"),
    ],
)
def test_meld_points(meld, points):
    assert meld.points == points


@pytest.mark.parametrize(
    ("text", "meld"),
    [
        pytest.param("K K K K K 2 2", Meld(K, 5, twos=2), id="mixed-kings"),
        pytest.param("3S 3C 3S", Meld(THREE, 3), id="black-threes"),
        pytest.param("2 2 JK", Meld(None, twos=2, jokers=1), id="wild-cards"),
        pytest.param("Q♠ q Q♥", Meld(Q, 3), id="suits-ignored"),
    ],
)
def test_meld_from_cards(text, meld):
    assert Meld.from_cards(parse_cards(text)) == meld


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("K Q 2", "A meld holds cards of one rank; these are kings and queens.", id="two-ranks"),
        pytest.param("3H 3H 3D", "Red 3s are never melded", id="red-threes"),
        pytest.param("3S 4 4", "these are black 3s and 4s", id="black-three-with-fours"),
    ],
)
def test_meld_from_cards_refuses(text, message):
    with pytest.raises(CardError, match=message):
        Meld.from_cards(parse_cards(text))


def test_summarise_melds_counts_points_and_canastas():
    summary = summarise_melds(PRESETS["modern"], [
        Meld(A, 7), Meld(K, 5, twos=2), Meld(SEVEN, 4), Meld(None, twos=3)])
    assert summary.melded_points == 140 + 90 + 20 + 60
    assert summary.canastas["natural_aces"] == 1 and summary.canastas["mixed"] == 1
    assert summary.canasta_count == 2
    assert summary.unfinished == {"sevens", "wild"}


def test_wild_rank_is_not_a_meld_rank():
    with pytest.raises(CardError):
        Meld(Rank.TWO, 3)
