"""The coach: a sentence for each move, the computer's reason, refusals as the referee says them, hints, tips, mistakes.

The coach says data (codes and parameters); :func:`words` turns it into the sentence the practice game's
player reads (seat 0, "You"), as the page does.
"""

from dataclasses import replace

import pytest

from scorekeeper.canasta.cards import Rank, parse_cards
from scorekeeper.canasta.play import AskPartner, Discard, Draw, Lay, Meld, TakePile, apply, deal, judge
from scorekeeper.canasta.coach.lines import hint, line, mistakes, refusal_line, tip
from scorekeeper.canasta.players.levels import LEVELS
from scorekeeper.canasta.players.player import Choice
from scorekeeper.canasta.coach.names import card_name, seat_names, the_card
from scorekeeper.canasta.words import cards_words
from scorekeeper.canasta.play.position import Step, TableMeld
from scorekeeper.canasta.players.reasons import reason
from scorekeeper.canasta.coach import words as coach_words
from scorekeeper.canasta.coach.words import Reader, reason_clause, render

PLAYER = Reader(0, seat_names(4))


def words(said, reader=PLAYER):
    """Return what the coach said as the practice game's player reads it (a list: each item)."""
    if isinstance(said, list):
        return [render(item, reader) for item in said]
    return None if said is None else render(said, reader)


def hint_words(position, move):
    """Return a hint's move in words (without its "because")."""
    from scorekeeper.canasta.coach.lines import _hint_move
    return coach_words._hint_move(_hint_move(position, move).as_dict(), PLAYER)


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
    assert words(line(dealt, Draw(), events, viewer=0)) == f"You drew {the_card(drawn)}."
    assert words(line(dealt, Draw(), events, viewer=1)) == "You drew a card."
    assert words(line(dealt, Draw(), events, viewer=None)) == f"You drew {the_card(drawn)}."
    # The data holds the card only for the seat that drew it.
    assert line(dealt, Draw(), events, viewer=1).get("did").as_dict() == {"code": "drew", "params": {"count": 1}}
    assert line(dealt, Draw(), events, viewer=0).get("did").as_dict() == {
        "code": "drew", "params": {"cards": [drawn.code]}}


def test_the_computer_taking_the_pile_says_how_many_cards_for_what(dealt):
    position = table(dealt, turn=1, hands=(dealt.hands[0], cards("JS JH 4C 5D 6H 7S 8C 9D 10H QS KC"),
                                           dealt.hands[2], dealt.hands[3]),
                     pile=cards("4S 5S 6D 7H 8H 9S 10D QD KD 4D 5C 6C 8D JD"), pile_frozen=False,
                     melded=(False, True), melds=((), (TableMeld.of(Rank.KING, cards("KS KH KD")),)))
    choice = LEVELS["normal"].choose(position)
    assert choice.move == TakePile(cards("JS JH"))
    after, events = apply(position, choice.move)
    text = words(line(position, choice.move, events, viewer=0, choice=choice))
    # The reason ("14 cards for a pair of jacks") is the line itself: it is not said twice.
    assert text == "West took the pile of 14 cards (the jack of diamonds on top) with a pair of jacks."


def test_a_refusal_reads_as_the_referee_says_it(dealt):
    ruling = judge(dealt, Discard(dealt.hands[0][0]))
    assert refusal_line(ruling) == "First draw from the stock or take the pile."


def test_a_hint_is_the_hard_levels_move_with_why(dealt):
    choice, said = hint(dealt)
    text = words(said)
    assert choice.move == LEVELS["hard"].choose(dealt).move == Draw()
    assert text.startswith("Draw a card, because ")
    assert text.endswith(".")


def test_a_tip_when_the_pile_was_worth_taking(dealt):
    position = table(dealt, hands=(cards("JS JH 4C 5D 6H 7S 8C 9D 10H QS KC"),) + dealt.hands[1:],
                     pile=cards("4S 5S 6D 7H 8H 9S 10D QD KD 4D 5C 6C 8D JD"), pile_frozen=False,
                     melded=(True, False), melds=((TableMeld.of(Rank.KING, cards("KS KH KD")),), ()))
    assert words(tip(position, Draw())) == "Taking the pile here would have given you 14 cards."
    assert tip(position, TakePile(cards("JS JH"))) is None


def test_mistake_discarding_a_card_the_other_side_can_use(dealt):
    position = table(dealt, step=Step.PLAY, began="stock", hands=(cards("9H 4C 5D"),) + dealt.hands[1:],
                     pile=cards("5S 6D 7H"), pile_frozen=False, melded=(True, True),
                     melds=((TableMeld.of(Rank.KING, cards("KS KH KD")),), (TableMeld.of(Rank.NINE, cards("9S 9D 9C")),)))
    move = Discard(cards("9H")[0])
    after, _ = apply(position, move)
    assert words(mistakes(position, move, after)) == [
        "That 9 lets West take the pile: the other side has a meld of 9s. Look at their melds before you discard."]
    safe = Discard(cards("4C")[0])
    assert mistakes(position, safe, apply(position, safe)[0]) == []


def test_mistake_a_wild_card_on_a_natural_canasta(dealt):
    position = table(dealt, step=Step.PLAY, began="stock", hands=(cards("2H 4C 5D 6S"),) + dealt.hands[1:],
                     melded=(True, False), melds=((TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD")),), ()))
    move = Meld((Lay(cards("2H"), onto=Rank.KING),))
    after, _ = apply(position, move)
    assert words(mistakes(position, move, after)) == [
        "A wild card on your natural canasta of kings makes it mixed: its bonus drops from 500 to 300."]


def test_mistake_going_out_while_the_partner_holds_many_cards(dealt):
    position = table(dealt, step=Step.PLAY, began="stock", hands=(cards("4C"),) + dealt.hands[1:],
                     melded=(True, False), melds=((TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD")),), ()))
    move = Discard(cards("4C")[0])
    after, _ = apply(position, move)
    assert after.over
    assert words(mistakes(position, move, after)) == [
        "You went out while North held 11 cards: they count against your side."]


def test_names_of_seats_and_cards():
    assert seat_names(4) == ("You", "West", "North", "East")
    assert [card_name(c) for c in cards("KS 10H JK 2D 3C")] == [
        "king of spades", "10 of hearts", "joker", "2 of diamonds", "3 of clubs"]
    assert cards_words(cards("JS JH 2C")) == "a pair of jacks and a 2"


# --- lines a player read twice, or read wrong (seen playing the practice page) -------------------------------


def melded(dealt, hand, mine=(), theirs=()):
    """Return the position of seat 0 after its draw: ``hand``, its side's melds and the other side's."""
    return table(dealt, step=Step.PLAY, began="stock", hands=(cards(hand),) + dealt.hands[1:], pile=cards("5S 6D 7H"),
                 pile_frozen=False, melded=(True, True), melds=(tuple(mine), tuple(theirs)))


def test_asking_to_go_out_ends_with_its_question_mark(dealt):
    position = melded(dealt, "9H 9C 9D 4C", mine=[TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD"))])
    after, events = apply(position, AskPartner())
    assert words(line(position, AskPartner(), events)) == "You asked North: may I go out?"


def test_a_completed_canasta_is_said_once(dealt):
    position = melded(dealt, "9H 4C 5D", mine=[TableMeld.of(Rank.NINE, cards("9S 9D 9C 9S 9D 9C"))])
    move = Meld((Lay(cards("9H")),))
    after, events = apply(position, move)
    choice = Choice(move, reason("meld_canasta", kind="natural", rank="9"), "hard")
    assert words(line(position, move, events, choice=choice)) == "You added a 9 to the 9s: it completes a natural canasta of 9s."


def test_going_out_with_the_last_card_is_said_once(dealt):
    position = melded(dealt, "4C", mine=[TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD"))])
    move = Discard(cards("4C")[0])
    after, events = apply(position, move)
    assert after.over
    assert words(line(position, move, events, choice=Choice(move, reason("discard_out"), "hard"))) == (
        "You discarded the 4 of clubs. You went out.")


def test_taking_the_pile_for_a_first_meld_says_only_what_the_line_has_not():
    why = reason("take_pile_first", size=43, top="J", cards=("JS", "JH"), melds=(("10", ("10S", "10H", "10D")),),
                 points=160, minimum=125)
    assert reason_clause(why) == "43 cards for a pair of jacks, and with 3 10s that is a first meld of 160 (125 needed)"
    assert reason_clause(why, "after") == "that is a first meld of 160 (125 needed)"


def test_a_black_3_on_an_empty_pile_is_not_a_pile_of_0():
    assert reason_clause(reason("discard_stop", size=0)) == (
        "a black 3 stops the next player from taking the pile")
    assert reason_clause(reason("discard_stop", size=8)) == (
        "a black 3 stops the next player from taking the pile of 8")


@pytest.mark.parametrize(("lays", "said"), [
    ([("9S 9C 2S 2C", None)], "put down 2 9s with a pair of 2s"),
    ([("KS KH KD", None), ("8S 8C 2D", None)], "put down 3 kings and 2 8s with a 2"),
    ([("6H", None)], "add a 6 to the 6s"),
    ([("2H", Rank.SIX), ("QS QH QD", None)], "put down 3 queens, and add a 2 to the 6s"),
], ids=["one-meld-with-wilds", "two-melds", "an-addition", "a-meld-and-an-addition"])
def test_a_hint_to_meld_says_the_melds_as_the_coach_does(dealt, lays, said):
    position = melded(dealt, "9S 9C 2S 2C KS KH KD 8S 8C 2D 6H 2H QS QH QD 4C",
                      mine=[TableMeld.of(Rank.SIX, cards("6D 6D 6C"))])
    assert hint_words(position, Meld(tuple(Lay(cards(text), onto=onto) for text, onto in lays))) == said


def test_no_mistake_when_the_discard_went_out(dealt):
    position = melded(dealt, "9H", mine=[TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD"))],
                      theirs=[TableMeld.of(Rank.NINE, cards("9S 9D 9C"))])
    move = Discard(cards("9H")[0])
    after, _ = apply(position, move)
    assert after.over
    # Nobody takes the pile after the deal: only the partner's cards are worth a word.
    assert words(mistakes(position, move, after)) == ["You went out while North held 11 cards: they count against your side."]


def test_no_mistake_when_every_card_in_hand_feeds_the_other_side(dealt):
    theirs = [TableMeld.of(Rank.NINE, cards("9S 9D 9C")), TableMeld.of(Rank.FOUR, cards("4S 4D 4C"))]
    position = melded(dealt, "9H 4C 4D", theirs=theirs)
    move = Discard(cards("9H")[0])
    assert mistakes(position, move, apply(position, move)[0]) == []
    # With a 5 in hand, the 9 was a mistake.
    position = melded(dealt, "9H 4C 5D", theirs=theirs)
    assert words(mistakes(position, move, apply(position, move)[0])) == [
        "That 9 lets West take the pile: the other side has a meld of 9s. Look at their melds before you discard."]


def test_the_melds_put_down_with_the_pile_are_listed_in_words(dealt):
    position = table(dealt, hands=(cards("JS JH AS AD 2C 10S 10D 10H KS KD 2D 4C"),) + dealt.hands[1:],
                     pile=cards("4S 5S 6D JC"), pile_frozen=False, melded=(False, False), melds=((), ()))
    move = TakePile(cards("JS JH"), (Lay(cards("AS AD 2C")), Lay(cards("10S 10D 10H")), Lay(cards("KS KD 2D"))))
    assert judge(position, move).allowed
    after, events = apply(position, move)
    assert words(line(position, move, events)) == (
        "You took the pile of 4 cards (the jack of clubs on top) with a pair of jacks, "
        "and put down 2 aces with a 2, 3 10s and 2 kings with a 2.")


def test_asking_without_a_canasta_says_the_canasta_is_missing(dealt):
    # Before: "...nothing to ask: You cannot meld all of them, or all but one to discard; the closest way breaks
    # these rules. Your side needs ..." with no rule listed after "these rules".
    position = melded(dealt, "9H 4C 5D 6S", mine=[TableMeld.of(Rank.KING, cards("KS KH KD"))])
    assert refusal_line(judge(position, AskPartner())) == (
        "You cannot go out this turn, so there is nothing to ask: your side needs 1 canasta to go out and would "
        "have none, counting any this turn's melds complete.")


def test_asking_when_the_cards_cannot_all_be_melded_lists_the_rules_broken(dealt):
    position = melded(dealt, "9H 4C 5D 6S", mine=[TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD"))])
    text = refusal_line(judge(position, AskPartner()))
    assert text.startswith("You cannot go out this turn, so there is nothing to ask: you cannot meld ")
    assert not text.endswith("the closest way breaks these rules.")


def test_a_hint_to_take_the_pile_reads_as_a_reason(dealt):
    # Before: "Take the pile with a pair of jacks, because 14 cards for a pair of jacks."
    position = table(dealt, hands=(cards("JS JH 4C 5D 6H 7S 8C 9D 10H QS KC"),) + dealt.hands[1:],
                     pile=cards("4S 5S 6D 7H 8H 9S 10D QD KD 4D 5C 6C 8D JD"), pile_frozen=False,
                     melded=(True, False), melds=((TableMeld.of(Rank.KING, cards("KS KH KD")),), ()))
    choice, said = hint(position)
    text = words(said)
    assert choice.move == TakePile(cards("JS JH"))
    assert text == "Take the pile with a pair of jacks, because taking its 14 cards beats a card from the stock."
    onto = table(position, melds=((TableMeld.of(Rank.JACK, cards("JC JC JD")),), ()))
    assert hint_words(onto, TakePile(())) == "take the pile: its top card goes on your side's jacks"


@pytest.mark.parametrize(("code", "params", "clause"), [
    ("discard_out", {}, "it is your last card, so you go out"),
    ("discard_single", {"rank": "A"}, "it is a single ace: the pairs stay in hand for taking the pile"),
    ("take_pile_first", {"size": 3, "top": "K", "cards": ("KS", "KH"), "melds": (("8", ("8S", "8H", "8D")),),
                         "points": 90, "minimum": 50},
     "together they make a first meld of 90 (50 needed)"),
    ("meld_new", {"rank": "4", "points": 15}, "a new meld of 4s scores 15 and leaves fewer cards in hand"),
], ids=["going-out", "a-single-card", "a-first-meld-with-the-pile", "as-said-elsewhere"])
def test_a_hints_because_clause(code, params, clause):
    assert reason_clause(reason(code, **params), "hint") == clause


def test_a_meld_that_breaks_several_rules_is_named_once(dealt):
    # Before: "Black 3s (3♣): Black 3s are melded only by a player going out. Black 3s (3♣): Black 3s are melded
    # 3 or 4 at a time; this meld has 1."
    position = melded(dealt, "3C 9H 4C 5D")
    text = refusal_line(judge(position, Meld((Lay(cards("3C")),))))
    assert text.count("Black 3s (3♣): ") == 1
    assert text.startswith("Black 3s (3♣): Black 3s are melded only by a player going out. Black 3s are melded ")


# --- one event, a sentence for each reader (several phones at one table) -------------------------------------

TABLE = ("Ann", "Bob", "Cy", "Di")


def test_a_move_reads_you_to_its_seat_and_the_name_to_the_others(dealt):
    position = table(dealt, hands=(cards("JS JH 4C 5D 6H 7S 8C 9D 10H QS KC"),) + dealt.hands[1:],
                     pile=cards("4S 5S 6D 7H 8H 9S 10D QD KD 4D 5C 6C 8D JD"), pile_frozen=False,
                     melded=(True, False), melds=((TableMeld.of(Rank.KING, cards("KS KH KD")),), ()))
    move = TakePile(cards("JS JH"))
    said = line(position, move, apply(position, move)[1], viewer=None)
    took = "took the pile of 14 cards (the jack of diamonds on top) with a pair of jacks."
    assert render(said, Reader(0, TABLE)) == f"You {took}"
    assert render(said, Reader(1, TABLE)) == f"Ann {took}"
    assert render(said, Reader(2, TABLE)) == f"Ann {took}"
    # The same data, stored as JSON and read back, reads the same.
    assert render(said.as_dict(), Reader(1, TABLE)) == f"Ann {took}"


def test_the_verb_agrees_with_you_or_a_name(dealt):
    from scorekeeper.canasta.coach.said import Said
    said = Said.of("move", seat=3, did=Said.of("discarded", card="4C"),
                   after=(Said.of("three_laid_out", seat=3, card="3H"), Said.of("went_out", seat=3, concealed=True)))
    assert render(said, Reader(3, TABLE)) == (
        "You discarded the 4 of clubs. You lay out the 3 of hearts. You went out concealed.")
    assert render(said, Reader(0, TABLE)) == (
        "Di discarded the 4 of clubs. Di lays out the 3 of hearts. Di went out concealed.")


def test_asking_the_partner_names_the_reader_you(dealt):
    position = melded(dealt, "9H 9C 9D 4C", mine=[TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD"))])
    said = line(position, AskPartner(), apply(position, AskPartner())[1])
    assert render(said, Reader(0, TABLE)) == "You asked Cy: may I go out?"
    assert render(said, Reader(2, TABLE)) == "Ann asked you: may I go out?"
    assert render(said, Reader(None, TABLE)) == "Ann asked Cy: may I go out?"


def test_the_partners_answer_reads_says_or_say(dealt):
    from scorekeeper.canasta.coach.lines import answer_line
    from scorekeeper.canasta.play.moves import Answer
    asking = melded(dealt, "9H 9C 9D 4C", mine=[TableMeld.of(Rank.KING, cards("KS KH KD KC KS KH KD"))])
    position, _ = apply(asking, AskPartner())
    choice = Choice(Answer(False), reason("answer_no", count=9, points=85), "normal")
    said = answer_line(position, choice, viewer=None)
    assert said.get("seat") == position.to_move == 2
    why = "I hold 9 cards (85 points): they would count against us. Let me meld first."
    assert render(said, Reader(0, seat_names(4))) == f"North says no: {why}"
    assert render(said, Reader(0, TABLE)) == f"Cy says no: {why}"
    assert render(said, Reader(2, TABLE)) == f"You say no: {why}"
    # Told to the asker, the answer says nothing of the partner's hand: not in the words, not in the data.
    told = answer_line(position, choice, viewer=0)
    assert told.as_dict()["params"]["reason"] == {"code": "answer_no", "params": {}}
    assert render(told, Reader(0, seat_names(4))) == "North says no: not yet."
    assert render(told, Reader(0, TABLE)) == "Cy says no: not yet."


def test_what_the_coach_says_is_codes_and_numbers(dealt):
    # No English travels in the data: seats are numbers, cards and ranks codes, a reason a code and its numbers.
    position = table(dealt, turn=1, hands=(dealt.hands[0], cards("JS JH 4C 5D 6H 7S 8C 9D 10H QS KC"),
                                           dealt.hands[2], dealt.hands[3]),
                     pile=cards("4S 5S 6D 7H 8H 9S 10D QD KD 4D 5C 6C 8D JD"), pile_frozen=False,
                     melded=(False, True), melds=((), (TableMeld.of(Rank.KING, cards("KS KH KD")),)))
    choice = LEVELS["normal"].choose(position)
    said = line(position, choice.move, apply(position, choice.move)[1], viewer=0, choice=choice)
    assert said.as_dict() == {"code": "move", "params": {
        "after": [], "did": {"code": "took_pile", "params": {"cards": ["JS", "JH"], "laid": [], "size": 14,
                                                            "top": "JD"}},
        "reason": {"code": "take_pile", "params": {"cards": ["JS", "JH"], "size": 14, "top": "J"}}, "seat": 1,
        "told": True}}
    # Told to another seat, a reason that tells only the hand is not in the data at all.
    drew = LEVELS["normal"].choose(dealt)
    said = line(dealt, drew.move, apply(dealt, drew.move)[1], viewer=1, choice=drew)
    assert drew.reason.code == "draw_only"
    assert said.as_dict()["params"]["reason"] is None and said.get("did").as_dict() == {
        "code": "drew", "params": {"count": 1}}
