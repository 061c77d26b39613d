"""Card values and reading card text (RULES.md "Card values", API.md card notation)."""

import pytest

from scorekeeper.canasta.cards import (
    Card, Rank, Suit, card_points, copies_in_decks, format_cards, parse_cards, parse_meld_groups,
)
from scorekeeper.canasta.errors import CanastaError, CardError


@pytest.mark.parametrize(
    ("card", "points"),
    [
        pytest.param(Card(Rank.JOKER), 50, id="joker-50"),
        pytest.param(Card(Rank.TWO), 20, id="two-20"),
        pytest.param(Card(Rank.ACE), 20, id="ace-20"),
        *[pytest.param(Card(rank), 10, id=f"{rank.symbol}-10") for rank in
          (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT)],
        *[pytest.param(Card(rank), 5, id=f"{rank.symbol}-5") for rank in
          (Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR)],
        pytest.param(Card(Rank.THREE, Suit.SPADES), 5, id="black-3-spades-5"),
        pytest.param(Card(Rank.THREE, Suit.CLUBS), 5, id="black-3-clubs-5"),
        pytest.param(Card(Rank.THREE, Suit.HEARTS), 0, id="red-3-hearts-no-value"),
        pytest.param(Card(Rank.THREE, Suit.DIAMONDS), 0, id="red-3-diamonds-no-value"),
    ],
)
def test_card_values(card, points):
    assert card.points == points
    assert card.points % 5 == 0


@pytest.mark.parametrize(
    ("card", "wild", "red_three", "black_three"),
    [
        pytest.param(Card(Rank.JOKER), True, False, False, id="joker-wild"),
        pytest.param(Card(Rank.TWO, Suit.CLUBS), True, False, False, id="two-wild"),
        pytest.param(Card(Rank.ACE), False, False, False, id="ace-natural"),
        pytest.param(Card(Rank.THREE, Suit.HEARTS), False, True, False, id="3h-red"),
        pytest.param(Card(Rank.THREE, Suit.SPADES), False, False, True, id="3s-black"),
    ],
)
def test_card_kinds(card, wild, red_three, black_three):
    assert (card.is_wild, card.is_red_three, card.is_black_three) == (wild, red_three, black_three)


def test_two_decks_hold_1180_points_and_three_decks_1770():
    one_deck = [Card(Rank.JOKER)] * 2 + [
        Card(rank, suit) for rank in Rank if rank is not Rank.JOKER for suit in Suit
    ]
    assert len(one_deck) == 54
    assert card_points(one_deck) * 2 == 1180
    assert card_points(one_deck) * 3 == 1770


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        pytest.param("4 5 6 7 8 9 10", ["4", "5", "6", "7", "8", "9", "10"], id="numbers"),
        pytest.param("T t", ["10", "10"], id="T-for-ten"),
        pytest.param("j q k a 2", ["J", "Q", "K", "A", "2"], id="faces-lower-case"),
        pytest.param("JK Joker joker *", ["JK"] * 4, id="jokers"),
        pytest.param("3H 3d 3S 3c", ["3H", "3D", "3S", "3C"], id="threes-with-suit"),
        pytest.param("KS K♠ 10h 10♥ Q♦ A♣", ["KS", "KS", "10H", "10H", "QD", "AC"], id="suit-letters-and-symbols"),
        pytest.param("K,K,  2\tQ\nQ", ["K", "K", "2", "Q", "Q"], id="commas-and-whitespace"),
        pytest.param("K♠\ufe0f", ["KS"], id="emoji-variation-selector"),
        pytest.param("JS JC", ["JS", "JC"], id="jack-of-spades-is-not-joker"),
        pytest.param("K K | Q Q", ["K", "K", "Q", "Q"], id="bars-ignored-by-parse-cards"),
        pytest.param("", [], id="empty"),
    ],
)
def test_parse_cards(text, codes):
    assert [card.code for card in parse_cards(text)] == codes


@pytest.mark.parametrize(
    ("text", "messages"),
    [
        pytest.param("K Q KX", ['Cannot read "KX" (card 3). Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S).'], id="bad-token-named-with-position"),
        pytest.param("1 11", ['Cannot read "1" (card 1). Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S).', 'Cannot read "11" (card 2).'],
                     id="every-bad-token-how-to-write-once"),
        pytest.param("K 3", [
            "Card 2 is a 3 without its suit: write 3H or 3D for a red 3, 3S or 3C for a black 3."
        ], id="bare-three-asks-suit"),
        pytest.param("JKS", ['Cannot read "JKS" (card 1): a joker has no suit.'], id="joker-with-suit"),
        pytest.param("K | KX", ['Cannot read "KX" (card 2). Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S).'], id="bars-do-not-count-as-cards"),
    ],
)
def test_parse_cards_errors(text, messages):
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    assert [problem.message for problem in caught.value.problems] == messages
    assert {problem.field for problem in caught.value.problems} == {"cards"}


def test_parse_cards_names_the_field_given():
    with pytest.raises(CardError) as caught:
        parse_cards("X", field="pile_top")
    assert caught.value.problems[0].field == "pile_top"


@pytest.mark.parametrize(
    "text",
    [pytest.param(None, id="none"), pytest.param(12, id="number"), pytest.param("K " * 200, id="too-many-cards"),
     pytest.param("K" * 5000, id="too-long")],
)
def test_parse_cards_rejects_what_is_not_card_text(text):
    with pytest.raises(CanastaError):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        pytest.param("K K 2 | 8 8 8", [["K", "K", "2"], ["8", "8", "8"]], id="two-groups"),
        pytest.param("K K 2|8 8 8", [["K", "K", "2"], ["8", "8", "8"]], id="bar-without-spaces"),
        pytest.param("K K K", [["K", "K", "K"]], id="no-bar-one-group"),
        pytest.param("| K K K ||", [["K", "K", "K"]], id="empty-groups-dropped"),
    ],
)
def test_parse_meld_groups(text, groups):
    assert [[card.code for card in group] for group in parse_meld_groups(text)] == groups


def test_format_cards_reads_back():
    cards = parse_cards("K♠ 10h JK 3D 2")
    assert format_cards(cards) == "K♠ 10♥ JK 3♦ 2"
    assert parse_cards(format_cards(cards)) == cards


@pytest.mark.parametrize(
    ("card", "message"),
    [
        pytest.param(lambda: Card(Rank.THREE), "A 3 needs its suit", id="three-without-suit"),
        pytest.param(lambda: Card(Rank.JOKER, Suit.HEARTS), "A joker has no suit", id="joker-with-suit"),
    ],
)
def test_card_refuses_impossible_cards(card, message):
    with pytest.raises(CardError, match=message):
        card()


@pytest.mark.parametrize(
    ("rank", "decks", "copies"),
    [
        pytest.param(Rank.KING, 2, 8, id="kings-two-decks"),
        pytest.param(Rank.JOKER, 2, 4, id="jokers-two-decks"),
        pytest.param(Rank.TWO, 3, 12, id="twos-three-decks"),
        pytest.param(Rank.JOKER, 3, 6, id="jokers-three-decks"),
    ],
)
def test_copies_in_decks(rank, decks, copies):
    assert copies_in_decks(rank, decks) == copies


def test_rank_from_text_rejects_non_ranks():
    with pytest.raises(ValueError):
        Rank.from_text("11")


def test_a_card_knows_its_kind_and_value_and_is_only_its_rank_and_suit():
    import dataclasses

    red, black, king, joker = Card(Rank.THREE, Suit.HEARTS), Card(Rank.THREE, Suit.CLUBS), Card(Rank.KING), Card(Rank.JOKER)
    assert [(c.is_wild, c.is_natural, c.is_red_three, c.is_black_three, c.points) for c in (red, black, king, joker)] == [
        (False, False, True, False, 0), (False, False, False, True, 5), (False, True, False, False, 10),
        (True, False, False, False, 50)]
    assert [field.name for field in dataclasses.fields(Card)] == ["rank", "suit"]
    assert dataclasses.replace(king, rank=Rank.TWO).is_wild is True
    assert hash(Card(Rank.KING, Suit.SPADES)) == hash((Rank.KING, Suit.SPADES))
    with pytest.raises(dataclasses.FrozenInstanceError):
        king.points = 20


def test_a_card_pickled_in_one_process_is_the_same_card_in_another():
    # A Rank hashes by identity, so a hash kept in the pickle would be another process's.
    import pickle
    import subprocess
    import sys

    probe = ("import pickle, sys; from scorekeeper.canasta.cards import Card, Rank, Suit; "
             "card = pickle.loads(sys.stdin.buffer.read()); "
             "print({Card(Rank.KING, Suit.SPADES): 'found'}.get(card), card.points)")
    result = subprocess.run([sys.executable, "-c", probe], input=pickle.dumps(Card(Rank.KING, Suit.SPADES)),
                            capture_output=True, check=True, timeout=60)
    assert result.stdout.decode().split() == ["found", "10"]
