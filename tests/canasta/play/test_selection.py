"""The selected cards as a move (play.selection): where the app puts the wild cards, and what a refusal then says."""

from dataclasses import replace

from scorekeeper.canasta.cards import parse_cards
from scorekeeper.canasta.coach.lines import refusal_line
from scorekeeper.canasta.messages import refusal_sentence
from scorekeeper.canasta.play import deal, judge
from scorekeeper.canasta.play.selection import grouping, put_down, take_pile
from scorekeeper.canasta.words import cards_words


def holding(cards: str):
    position, _ = deal("classic", seed=7)
    return replace(position, step="play", began="stock", hands=(tuple(parse_cards(cards)),) + position.hands[1:])


def test_no_placement_allowed_gives_the_one_refused_for_the_fewest_reasons():
    """Three pairs and three wild cards that would leave one card (no canasta): the refusal is that, not "the 7s and
    the 5s are 2 cards" because the app put every wild card on the 9s."""
    position = holding("9S 9H 7S 7H 5S 5H 2S 2H JK KS")
    selected = parse_cards("9S 9H 7S 7H 5S 5H 2S 2H JK")
    move = put_down(position, selected)
    assert [lay["cards"] for lay in move.as_dict()["melds"]] == ["9S 9H 2S", "7S 7H 2H", "5S 5H JK"]
    assert refusal_line(judge(position, move)) == "To go out your side needs 1 canasta; these melds make none."
    assert grouping(position, selected, move).message == (
        "You selected a pair of 9s, a pair of 7s, a pair of 5s, a pair of 2s and a joker, and the app put a 2 on the "
        "9s, a 2 on the 7s and a joker on the 5s (to choose yourself, put down one meld at a time, or tap a meld to "
        "add to it).")


def test_no_guess_is_named_where_the_app_had_no_choice():
    position = holding("KS KH KD 2S 5C 9D")
    for cards in ("KS KH KD 2S", "KS KH KD"):
        selected = parse_cards(cards)
        assert grouping(position, selected, put_down(position, selected)) is None


def test_wild_cards_with_no_meld_are_named_as_cards_one_or_many():
    assert refusal_sentence("which_meld", {"cards": "JK"}) == (
        "Wild cards alone make no meld: say which of your side's melds a joker goes on.")
    assert refusal_sentence("which_meld", {"cards": "2♦ JK"}) == (
        "Wild cards alone make no meld: say which of your side's melds a 2 and a joker go on.")


def test_a_take_names_the_selection_then_where_the_app_put_the_wild_cards():
    position, _ = deal("classic", seed=7)
    top = position.pile_top
    hand = parse_cards(f"{top.code} 10S 10D JK 4C")
    position = replace(position, hands=(tuple(hand),) + position.hands[1:])
    selected = hand[:4]
    move = take_pile(position, selected)
    guessed = grouping(position, selected, move)
    assert guessed is not None and guessed.message.startswith(
        f"You selected {cards_words([top])}, a pair of 10s and a joker, and the app put a joker on the ")
    assert guessed.message.endswith("(to choose yourself, select only the cards that go with the top card).")
