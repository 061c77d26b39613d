"""The coach: a sentence for each move, the computer's reason, refusals as the referee says them, hints, tips, mistakes."""

from dataclasses import replace

import pytest

from scorekeeper.canasta.cards import Rank, parse_cards
from scorekeeper.canasta.play import Discard, Draw, Lay, Meld, TakePile, apply, deal, judge
from scorekeeper.canasta.play.coach import hint, line, mistakes, refusal_line, tip
from scorekeeper.canasta.play.computer import choose
from scorekeeper.canasta.play.names import card_name, cards_words, seat_names, the_card
from scorekeeper.canasta.play.position import PLAY, TableMeld


def cards(text):
    return tuple(parse_cards(text))


def table(position, **changes):
    return replace(position, **changes)


@pytest.fixture
def dealt():
    return deal("classic", seed=7)[0]


def test_a_draw_names_the_card_only_to_its_seat(dealt):
    after, events = apply(dealt, Draw())
    drawn = after.hands[0][-1]
    assert line(dealt, Draw(), events, viewer=0) == f"You drew {the_card(drawn)}."
    assert line(dealt, Draw(), events, viewer=1) == "You drew a card."
    assert line(dealt, Draw(), events, viewer=None) == f"You drew {the_card(drawn)}."


def test_the_computer_taking_the_pile_says_how_many_cards_for_what(dealt):
    position = table(dealt, turn=1, hands=(dealt.hands[0], cards("JS JH 4C 5D 6H 7S 8C 9D 10H QS KC"),
                                           dealt.hands[2], dealt.hands[3]),
                     pile=cards("4S 5S 6D 7H 8H 9S 10D QD KD 4D 5C 6C 8D JD"), pile_frozen=False,
                     melded=(False, True), melds=((), (TableMeld.of(Rank.KING, cards("KS KH KD")),)))
    choice = choose(position, "normal")
    assert choice.move == TakePile(cards("JS JH"))
    after, events = apply(position, choice.move)
    text = line(position, choice.move, events, viewer=0, choice=choice)
    assert text == ("West took the pile of 14 cards (the jack of diamonds on top) with a pair of jacks: "
                    "14 cards for a pair of jacks.")


def test_a_refusal_reads_as_the_referee_says_it(dealt):
    ruling = judge(dealt, Discard(dealt.hands[0][0]))
    assert refusal_line(ruling) == "First draw from the stock or take the pile."


def test_a_hint_is_the_hard_levels_move_with_why(dealt):
    choice, text = hint(dealt)
    assert choice.move == choose(dealt, "hard").move == Draw()
    assert text.startswith("Draw a card, because ")
    assert text.endswith(".")


def test_a_tip_when_the_pile_was_worth_taking(dealt):
    position = table(dealt, hands=(cards("JS JH 4C 5D 6H 7S 8C 9D 10H QS KC"),) + dealt.hands[1:],
                     pile=cards("4S 5S 6D 7H 8H 9S 10D QD KD 4D 5C 6C 8D JD"), pile_frozen=False,
                     melded=(True, False), melds=((TableMeld.of(Rank.KING, cards("KS KH KD")),), ()))
    assert tip(position, Draw()) == "Taking the pile here would have given you 14 cards."
    assert tip(position, TakePile(cards("JS JH"))) is None


def test_mistake_discarding_a_card_the_other_side_can_use(dealt):
    position = table(dealt, step=PLAY, began="stock", hands=(cards("9H 4C 5D"),) + dealt.hands[1:],
                     pile=cards("5S 6D 7H"), pile_frozen=False, melded=(True, True),
                     melds=((TableMeld.of(Rank.KING, cards("KS KH KD")),), (TableMeld.of(Rank.NINE, cards("9S 9D 9C")),)))
    move = Discard(cards("9H")[0])
    after, _ = apply(position, move)
    assert mistakes(position, move, after) == [
        "That 9 lets West take the pile: the other side has a meld of 9s. Look at their melds before you discard."]
    safe = Discard(cards("4C")[0])
    assert mistakes(position, safe, apply(position, safe)[0]) == []


def test_mistake_a_wild_card_on_a_natural_canasta(dealt):
    position = table(dealt, step=PLAY, began="stock", hands=(cards("2H 4C 5D 6S"),) + dealt.hands[1:],
                     melded=(True, False), melds=((TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD")),), ()))
    move = Meld((Lay(cards("2H"), onto=Rank.KING),))
    after, _ = apply(position, move)
    assert mistakes(position, move, after) == [
        "A wild card on your natural canasta of kings makes it mixed: its bonus drops from 500 to 300."]


def test_mistake_going_out_while_the_partner_holds_many_cards(dealt):
    position = table(dealt, step=PLAY, began="stock", hands=(cards("4C"),) + dealt.hands[1:],
                     melded=(True, False), melds=((TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD")),), ()))
    move = Discard(cards("4C")[0])
    after, _ = apply(position, move)
    assert after.over
    assert mistakes(position, move, after) == ["You went out while North held 11 cards: they count against your side."]


def test_names_of_seats_and_cards():
    assert seat_names(4) == ("You", "West", "North", "East")
    assert [card_name(c) for c in cards("KS 10H JK 2D 3C")] == [
        "king of spades", "10 of hearts", "joker", "2 of diamonds", "3 of clubs"]
    assert cards_words(cards("JS JH 2C")) == "a pair of jacks and a 2"
