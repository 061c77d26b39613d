"""The normal and hard levels' plan: red 3s as the scoring counts them, the unseen cards by kind, how far a side
would lead if it went out, and what a discard risks."""

from dataclasses import replace

import pytest

from scorekeeper.canasta.cards import Rank, parse_cards
from scorekeeper.canasta.hand import SideInput
from scorekeeper.canasta.kinds import CanastaKind
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.play import apply
from scorekeeper.canasta.players import plan
from scorekeeper.canasta.coach.words import reason_clause
from scorekeeper.canasta.players.levels import _out_plan as _plan_data
from scorekeeper.canasta.players.reasons import reason
from scorekeeper.canasta.play.going import going_out_plan
from scorekeeper.canasta.play.masked import unseen_cards, unseen_kinds
from scorekeeper.canasta.play.moves import Discard
from scorekeeper.canasta.play.referee import examine
from scorekeeper.canasta.rules import PRESETS
from scorekeeper.canasta.scoring import score_side

from .positions import table

RED_THREES = ("3H", "3D")
KINGS = "KS KH KD KC KS KH KD"  # a natural canasta: 70 points, 500 bonus
QUEENS = "QS QH QD QC QS QH QD"
ACES = "AS AH AD AC AS AH AD"
NO_HONOURS = "4S 5S 6S 7S 8S 9S 10S JS AS AH AD"  # a hand with no king or queen, beside those canastas


def _out_plan(position, seat, moves):
    """Return whether the plan goes out, and why in words (the computer's reason "go_out" or "discard_hold")."""
    out, why = _plan_data(position, seat, moves)
    return out, reason_clause(reason("go_out", **why))


def scored_threes(rules, count, canastas=2, melded_points=140):
    """Return what the scoring module gives a side for ``count`` red 3s, with that many natural canastas."""
    ruleset, options = resolve(rules)
    side = {"members": (0,), "melded_points": melded_points, "canastas": {CanastaKind.NATURAL: canastas}}
    return (score_side(ruleset, options, SideInput(**side, red_threes=(count,))).score
            - score_side(ruleset, options, SideInput(**side, red_threes=(0,))).score)


RED_THREE_CASES = [(rules, count) for rules, ruleset in PRESETS.items()
                   for count in range(ruleset.red_threes_in_deck + 1)]


def with_threes(rules, count, melds=f"{KINGS}|{QUEENS}"):
    threes = " ".join(RED_THREES[index % 2] for index in range(count))
    ruleset = PRESETS[rules]
    return table(rules, hands=[NO_HONOURS] + [11] * (ruleset.players - 1), threes=[threes] + [""] * (ruleset.players - 1),
                 melds=[melds] + [""] * (ruleset.scorers - 1))


@pytest.mark.parametrize(("rules", "count"), RED_THREE_CASES,
                         ids=[f"{rules}-{count}" for rules, count in RED_THREE_CASES])
def test_red_threes_count_what_the_scoring_gives(rules, count):
    # Two natural canastas (140 points melded): the threes count for the side in every family.
    position = with_threes(rules, count)
    assert plan.red_threes(position, 0) == scored_threes(rules, count)
    assert plan.red_threes(position, 1) == 0


@pytest.mark.parametrize(("rules", "figures"), [
    ("classic", (0, 100, 200, 300, 800)),
    ("classic-6p", (0, 100, 200, 300, 400, 1000, 1200)),
    ("modern", (0, 100, 300, 500, 1000)),
], ids=["classic: 800 for all four", "three decks: 1200 for all six", "modern: the threes table, not 100 a card"])
def test_red_threes_by_the_rules_md_tables(rules, figures):
    for count, figure in enumerate(figures):
        assert plan.red_threes(with_threes(rules, count), 0) == figure


@pytest.mark.parametrize(("rules", "melds", "canastas", "melded", "figure"), [
    ("classic", "", 0, 0, -200),  # not melded: against the side
    ("classic", "QS QH QD", 0, 30, 200),  # melded: for it, canasta or not
    ("modern", "", 0, 0, -300),  # no canasta: against the side
    ("modern", KINGS, 1, 70, 0),  # one canasta: nothing
    ("modern", f"{KINGS}|{QUEENS}", 2, 140, 300),  # two or more: for it
], ids=["classic unmelded", "classic melded", "modern no canasta", "modern one canasta", "modern two canastas"])
def test_threes_take_the_sign_the_scoring_gives_them(rules, melds, canastas, melded, figure):
    position = with_threes(rules, 2, melds)
    assert plan.red_threes(position, 0) == figure == scored_threes(rules, 2, canastas, melded)


def test_modern_black_threes_laid_out_count_by_the_threes_table():
    # Two red 3s and one black 3 laid out, two canastas: the table for 2 red 3s (300) and for 1 black 3 (100).
    position = table("modern", hands=[NO_HONOURS, 11, 11, 11], threes=["3H 3D 3S", "", "", ""],
                     melds=[f"{KINGS}|{QUEENS}", ""])
    ruleset, options = resolve("modern")
    side = SideInput(members=(0,), melded_points=140, canastas={CanastaKind.NATURAL: 2}, red_threes=(2,), black_threes=1)
    without = SideInput(members=(0,), melded_points=140, canastas={CanastaKind.NATURAL: 2}, red_threes=(0,))
    assert plan.red_threes(position, 0) == 400 == score_side(ruleset, options, side).score - score_side(
        ruleset, options, without).score


def test_modern_table_score_counts_melded_points_against_a_side_without_a_canasta():
    # 3 queens (30) and 3 jacks (30), no canasta: -60; with a canasta of kings (70 points, 500) they count for it.
    assert plan.table_score(table("modern", hands=["4S 5S 6S 7S 8S", 11, 11, 11], melds=["QS QH QD|JS JH JD", ""]), 0) == -60
    assert plan.table_score(table("modern", hands=["4S 5S 6S 7S 8S", 11, 11, 11], melds=[f"{KINGS}|QS QH QD|JS JH JD", ""]), 0) == 500 + 130


def test_the_unseen_cards_by_kind():
    # Seat 0 sees its hand, the pile, the melds and the 3s laid out; 108 - 11 - 2 - 3 - 1 = 91 cards are unseen.
    position = table("classic", hands=["KS KH QS QH 5S 6S 7S 8S 9S 10S JS", 11, 11, 11], pile="4S 2C",
                     melds=["", "JH JD JC"], threes=["", "3H", "", ""])
    kinds = unseen_kinds(position, 0)
    counts = {card.code if card.is_wild or card.is_black_three else card.rank: count for card, count in kinds}
    assert counts == {
        Rank.FOUR: 7, Rank.FIVE: 7, Rank.SIX: 7, Rank.SEVEN: 7, Rank.EIGHT: 7, Rank.NINE: 7, Rank.TEN: 7,
        Rank.JACK: 4, Rank.QUEEN: 6, Rank.KING: 6, Rank.ACE: 8,
        "2S": 2, "2H": 2, "2D": 2, "2C": 1, "JK": 4, "3S": 2, "3C": 2,
    }
    assert sum(counts.values()) == 88 == len(unseen_cards(position, 0)) - 3  # the three red 3s left out
    assert not any(card.is_red_three for card, _ in kinds)
    # Each kind's card is the first of its kind in the unseen order, and the kinds come in that order.
    firsts = {}
    for card in unseen_cards(position, 0):
        if not card.is_red_three:
            firsts.setdefault(card.code if card.is_wild or card.is_black_three else card.rank, card)
    assert [card for card, _ in kinds] == list(firsts.values())


@pytest.mark.parametrize("share", [plan.HAND_POINTS, 1.0], ids=["the levels' share", "full points"])
def test_a_draw_is_worth_the_hand_with_each_unseen_card_averaged(share):
    position = table("classic", hands=["KS KH QS QH 5S 6S 7S 8S 9S 10S JS", 11, 11, 11], pile="4S",
                     melds=["KC KD KS", "JH JD JC"], step="play", began="stock")
    cards = [card for card in unseen_cards(position, 0) if not card.is_red_three]
    each = [plan.kept_value(position, 0, position.hands[0] + (card,), share) for card in cards]
    expected = plan.table_value(position, 0) + sum(each) / len(each)
    assert plan.draw_value(position, 0, share) == pytest.approx(expected, abs=1e-9)


def going_out(other_melds, stock=None, hand="4S"):
    """Return a classic position where seat 0 holds its last card (4♠), its side a canasta of kings and three 5s,
    its partner a red 3; seats 1, 2, 3 hold 5, 3 and 4 hidden cards."""
    position = table("classic", hands=[hand, 5, 3, 4], melds=[KINGS + "|5S 5H 5D", other_melds], pile="9H",
                     threes=["", "", "3H", ""], step="play", began="stock")
    return position if stock is None else replace(position, stock=position.stock[:stock])


# Seat 0 sees 4♠, 9♥, seven kings, three 5s, the 3♥ and the other side's melds; the unseen cards' average
# is the points left over the cards left. Side 0: 570 (canasta) + 15 (5s) + 100 (red 3) + 100 (going out)
# less the partner's 3 cards; side 1: its melds less 9 cards.
LEADS = [
    ("QS QH QD", 685 + 100 - 3 * 1050 / 92 - (30 - 9 * 1050 / 92)),  # 92 unseen cards, 1050 points
    (QUEENS + "|" + ACES, 685 + 100 - 3 * 870 / 81 - (1210 - 9 * 870 / 81)),  # 81 unseen, 870 points
]


@pytest.mark.parametrize(("other_melds", "lead"), LEADS, ids=["ahead by 823", "behind by 361"])
def test_lead_if_out_counts_hidden_hands_at_the_unseen_average(other_melds, lead):
    position = going_out(other_melds)
    assert plan.table_score(position, 0) == 685
    assert plan.lead_if_out(position, 0) == pytest.approx(lead)


def test_lead_if_out_is_against_the_best_other_side():
    # Cutthroat: seat 0 against two players. Seen: 4♠, 9♥, the kings, the 5s, three queens, four jacks:
    # 108 - 19 = 89 unseen cards, 1180 - 170 = 1010 points. Seat 1: 30 less 5 cards; seat 2: 40 less 6 cards.
    position = table("classic-3p", hands=["4S", 5, 6], melds=[KINGS + "|5S 5H 5D", "QS QH QD", "JS JH JD JC"],
                     pile="9H", step="play", began="stock")
    average = 1010 / 89
    assert plan.lead_if_out(position, 0) == pytest.approx(585 + 100 - max(30 - 5 * average, 40 - 6 * average))
    assert 30 - 5 * average > 40 - 6 * average


@pytest.mark.parametrize(("other_melds", "stock", "out", "why"), [
    ("QS QH QD", None, True, "the side would lead by about 820 points"),
    (QUEENS + "|" + ACES, None, True, "everything goes on the table"),
    (QUEENS + "|" + ACES, 5, True, "everything goes on the table"),
    (QUEENS + "|" + ACES, 4, True, "the stock is nearly gone, and going out adds its bonus"),
    (QUEENS + "|" + ACES, 0, True, "the stock is nearly gone, and going out adds its bonus"),
], ids=["the side would lead", "behind, the last card", "behind, the last card, 5 cards in the stock",
        "behind, 4 cards in the stock", "behind, the stock empty"])
def test_the_plan_goes_out_when_the_side_would_lead_or_the_stock_is_nearly_gone(other_melds, stock, out, why):
    position = going_out(other_melds, stock)
    moves, _ = going_out_plan(position, examine)
    assert moves == (Discard(position.hands[0][0]),)
    assert _out_plan(position, 0, moves) == (out, why)


@pytest.mark.parametrize(("other_melds", "hand", "out", "why"), [
    (QUEENS + "|" + ACES, "8C 8D 8H 4S", False, "the side would still be behind by about 330 points"),
    (QUEENS + "|" + ACES + "|8S 8S 8H|4C 4D 4H", "8C 8D 8H 4S", True, "everything goes on the table"),
], ids=["a hand that can build and let a safe card go", "every card but a wild one feeds the next player"])
def test_a_side_behind_holds_on_only_while_it_can_build_without_feeding_the_other_side(other_melds, hand, out, why):
    # Behind, a hand of 3 cards or fewer cannot build, and one whose every card goes on the next player's melds
    # hands them the pile each round: holding on only lets the gap grow.
    position = going_out(other_melds, hand=hand)
    moves, _ = going_out_plan(position, examine)
    assert moves is not None
    assert _out_plan(position, 0, moves) == (out, why)


MODERN_THEIRS = "JS JH JD JC JS JH JD|10S 10H 10D 10C 10S 10H 10D|9S 9H 9D 9C 9S 9C 9D"  # 3 natural canastas


@pytest.mark.parametrize(("ours", "stock", "out", "why"), [
    (f"{KINGS}|{QUEENS}|8S 8H 8D", 4, True, "the stock is nearly gone, and going out adds its bonus"),
    (f"{KINGS}|{QUEENS}|AS AH AD AC AS", 4, False, "the side would still be behind by about 2,800 points"),
    (f"{KINGS}|{QUEENS}|AS AH AD AC AS", 0, True, "the stock is nearly gone, and going out adds its bonus"),
], ids=["nothing to finish", "5 aces to finish, 4 cards in the stock", "5 aces, the stock empty"])
def test_modern_a_side_behind_keeps_the_last_cards_to_finish_a_meld_that_costs_a_penalty(ours, stock, out, why):
    # Modern American: behind 3 canastas to 2, seat 0 could go out with its last card (4♠). Its 5 aces
    # unfinished cost 2,500 either way; the stock's last cards may bring the 2 that make them 2,500 up.
    position = table("modern", hands=["4S", 5, 3, 4], melds=[ours, MODERN_THEIRS], pile="6H", step="play", began="stock")
    position = replace(position, stock=position.stock[:stock])
    moves, _ = going_out_plan(position, examine)
    assert moves == (Discard(position.hands[0][0]),)
    assert _out_plan(position, 0, moves) == (out, why)


def test_modern_table_score_counts_the_penalty_of_each_unfinished_kind():
    # A canasta of kings (500 + 70), 3 aces (60) and 3 sevens (15) unfinished: 2,500 each.
    position = table("modern", hands=["4S 5S 6S 8S 9S", 11, 11, 11], melds=[f"{KINGS}|AS AH AD|7S 7H 7D", ""])
    assert plan.penalties(position, 0) == plan.penalties(position, 0, reachable=True) == 5000
    assert plan.table_score(position, 0) == 500 + 70 + 60 + 15 - 5000
    assert plan.penalties(position, 1) == 0
    assert plan.penalties(table("classic", melds=["AS AH AD|7S 7H 7D", ""]), 0) == 0


def test_modern_a_meld_that_cannot_be_finished_counts_its_whole_penalty():
    # 3 aces on the table and 3 in the pile: 2 of the 8 are left, and the meld needs 4 more.
    ours = f"{KINGS}|AS AH AD|7S 7H 7D"
    open_aces = table("modern", hands=["4S 5S 6S 8S 9S", 11, 11, 11], melds=[ours, ""])
    dead_aces = table("modern", hands=["4S 5S 6S 8S 9S", 11, 11, 11], melds=[ours, ""], pile="AC AS AH 9H")
    assert plan.penalties(dead_aces, 0) == 5000
    assert plan.penalties(dead_aces, 0, reachable=True) == 2500  # the sevens only
    aces = open_aces.melds[0][1]
    assert aces.key is Rank.ACE
    # 3 of 7 cards: half the penalty while the meld can grow; all of it once it cannot.
    assert plan.meld_value(open_aces, aces) - plan.meld_value(dead_aces, dead_aces.melds[0][1]) == 2500 / 2


def test_the_going_out_melds_count_before_the_lead():
    # Seat 0 melds 4♠ 4♥ 4♦ and discards the 9♣: the 15 points of the 4s count for the side.
    position = table("classic", hands=["4S 4H 4D 9C", 5, 3, 4], melds=[KINGS + "|5S 5H 5D", "QS QH QD"],
                     pile="9H", threes=["", "", "3H", ""], step="play", began="stock")
    moves, _ = going_out_plan(position, examine)
    assert [move.kind for move in moves] == ["meld", "discard"]
    final, _ = apply(position, moves[0])
    # Seen after the meld: the 4s, 9♣, 9♥, the other melds, 3♥: 108 - 19 = 89 unseen cards, 1030 points.
    lead = 700 + 100 - 3 * 1030 / 89 - (30 - 9 * 1030 / 89)
    assert plan.lead_if_out(final, 0) == pytest.approx(lead)
    assert _out_plan(position, 0, moves) == (True, "the side would lead by about 840 points")


# risk(): the next player (seat 1) is of the other side; the pile holds 2 cards, so a discard makes it 3.
@pytest.mark.parametrize(("card", "their_melds", "pile", "risk"), [
    ("3S", "QS QH QD", "9H 8H", -plan.STOP * 3),
    ("3C", "", "9H 8H", -plan.STOP * 3),
    ("QC", "QS QH QD", "9H 8H", plan.FEED + plan.FEED_CARD * 3),
    ("KC", "QS QH QD", "9H 8H", plan.PAIR_CARD * 3 * 4 / 4),  # 8 kings, 1 seen in hand: 7 unseen, at most 4 count
    ("QC", "QS QH QD QC QS", "2C 8H", plan.PAIR_CARD / 3 * 3 * 2 / 4),  # frozen: 8 queens, 6 seen, 2 unseen
], ids=["black 3 stops", "black 3 stops an unmelded side", "their meld, pile not frozen: feeds",
        "a rank they may hold a pair of", "their meld, pile frozen: no feed"])
def test_risk(card, their_melds, pile, risk):
    hand = f"{card} 5S 6S 7S 8S 9S 10S JS JH 4H"
    position = table("classic", hands=[hand, 11, 11, 11], melds=["", their_melds], pile=pile,
                     melded=[False, True], step="play", began="stock")
    assert plan.risk(position, 0, position.hands[0][0]) == pytest.approx(risk)


def test_a_black_three_discarded_is_a_stop_and_a_fed_pile_feeds():
    position = table("classic", hands=["3S QC 5S 6S 7S 8S 9S 10S JS JH 4H", 11, 11, 11], melds=["", "QS QH QD"],
                     pile="9H 8H", step="play", began="stock")
    black, queen = position.hands[0][:2]
    assert plan.discard_cost(position, 0, black).why == "stop"
    assert plan.discard_cost(position, 0, queen).why == "feeds"


def going_out_next(hand):
    """A classic table where side 0 has a natural canasta of kings and a meld of queens, ``hand`` in seat 0's hand."""
    return table("classic", hands=[hand, 11, 11, 11], melds=[f"{KINGS}|QS QH QD", "JH JD JC"], pile="4S")


def unseen_share(position, counts):
    """Return the share of the unseen cards (red 3s aside) for which ``counts(card)`` is true, counted here."""
    cards = [card for card in unseen_cards(position, 0) if not card.is_red_three]
    return sum(1 for card in cards if counts(card)) / len(cards)


@pytest.mark.parametrize(("hand", "hits"), [
    ("KC QC", None),  # every card goes on a meld: the drawn card is the discard
    ("6S 6H 2C", None),  # a pair and a wild card make a meld
    ("6S 6H", lambda card: card.is_wild or card.rank is Rank.SIX),
    ("5S", lambda card: card.is_wild or card.rank in (Rank.KING, Rank.QUEEN)),
    ("3S", lambda card: card.is_wild or card.rank in (Rank.KING, Rank.QUEEN)),
    ("5S 6S", "never"),  # a drawn 5 or 6 makes a pair, and a pair needs a wild card
    ("5S 6S 7S", "never"),
], ids=["all on melds", "pair and wild", "a pair needs a third or a wild", "a single is the discard",
        "a black 3 is the discard", "two singles", "three singles"])
def test_the_chance_of_going_out_next_turn(hand, hits):
    position = going_out_next(hand)
    chance = plan.out_chance(position, 0, position.hands[0], unseen_kinds(position, 0))
    expected = 1.0 if hits is None else 0.0 if hits == "never" else unseen_share(position, hits)
    assert chance == pytest.approx(expected)
    assert 0.0 < chance < 1.0 or hits is None or hits == "never"


def test_a_single_the_side_can_go_out_on_is_kept_before_a_pair_it_cannot():
    # Once the side may go out, 6 6 waits for a six or a wild card; a lone 6 goes out on a card of any of the
    # side's five ranks, or a wild card (the partners who took two-card piles holding 6 6 until the other side went out).
    position = table("classic", hands=["6S 6H", 11, 11, 11], pile="4S",
                     melds=[f"{KINGS}|QS QH QD|9S 9H 9D|8S 8H 8D|7S 7H 7D", "JH JD JC"])
    draws = unseen_kinds(position, 0)
    pair = plan.hand_value(position, 0, True, position.hands[0], draws=draws)
    single = plan.hand_value(position, 0, True, position.hands[0][:1], draws=draws)
    assert single > pair


@pytest.mark.parametrize(("rules", "charged"), [("modern", plan.HOLDING * 1500), ("classic", 0)],
                         ids=["modern charges 3 aces held", "classic does not"])
def test_three_aces_held_count_the_share_of_their_penalty(rules, charged):
    # Holding A A A rather than A A and a 4: Modern American charges 1500 a player left holding 3 aces.
    position = table(rules, hands=["AS AH AD 4S 5S", 11, 11, 11], melds=["QS QH QD", ""])  # melded: points count against
    three = plan.hand_value(position, 0, False, tuple(parse_cards("AS AH AD")))
    two = plan.hand_value(position, 0, False, tuple(parse_cards("AS AH 4S")))
    points = plan.HAND_POINTS * (20 - 5)  # the third ace's points against the 4's, counted in hand
    assert two - three == pytest.approx(charged + points)


def test_before_the_first_meld_the_hands_points_count_for_the_side():
    # Unmelded, an ace kept is worth more than a 4 (the first meld needs points); melded, it costs more.
    unmelded = table("modern", hands=["AS 4S 9H", 11, 11, 11])
    melded = table("modern", hands=["AS 4S 9H", 11, 11, 11], melds=["QS QH QD", ""])
    for position, sign in ((unmelded, 1), (melded, -1)):
        ace = plan.hand_value(position, 0, False, tuple(parse_cards("AS 9H")))
        four = plan.hand_value(position, 0, False, tuple(parse_cards("4S 9H")))
        share = plan.HAND_POINTS * (-plan.BEFORE_MELD if sign > 0 else 1)
        assert ace - four == pytest.approx(sign * share * (20 - 5))
