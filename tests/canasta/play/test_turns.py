"""RULES.md "Playing a deal" over several moves: the deal, draws and threes, the first meld's bonus cards,
the partnership of three players, going out and its score, the stock running out."""

import pytest

from scorekeeper.canasta.play import deal, partner_to_ask, score
from scorekeeper.canasta.rules import PRESETS

from .positions import play, table

DRAW = {"kind": "draw"}


@pytest.mark.parametrize(("rules", "drawn"), [
    ("classic", 1), ("classic-2p", 2), ("classic-3p", 2), ("classic-6p", 1), ("classic-6p-3teams", 1), ("modern", 1),
], ids=lambda value: f"draw-{value}" if isinstance(value, int) else value)
def test_a_turn_draws_the_presets_cards(rules, drawn):
    position, _ = deal(rules, seed=21)
    before = len(position.hands[0])
    after, events = play(position, DRAW)
    laid_out = sum(1 for event in events if event.kind == "three_laid_out")
    assert len(after.hands[0]) == before + drawn
    assert len(after.stock) == len(position.stock) - drawn - laid_out


def test_with_one_card_left_a_two_card_draw_takes_that_one():
    position = table("classic-2p", hands=["K K Q Q 5 6 7 8 9 10 J 4 4 5 6", "*"], stock="9",
                     pile="4 9 K 5 6 7 8 10 J Q A A 2 JK 7 8 9 10")
    after, _ = play(position, DRAW)
    assert len(after.hands[0]) == 16 and after.stock == ()


def test_a_red_three_drawn_is_laid_out_and_replaced():
    position = table("classic", hands=["K K Q Q 5 6 7 8 9 10 J", 11, 11, "*"], stock="4 3H", pile="5")
    after, events = play(position, DRAW)
    assert [card.code for card in after.threes[0]] == ["3H"]
    assert [card.code for card in after.hands[0][-1:]] == ["4"]
    assert [event.kind for event in events] == ["three_laid_out", "drew"]


def test_the_last_card_a_red_three_ends_the_deal_at_once():
    position = table("classic", hands=["K K Q Q 5 6 7 8 9 10 J", 11, 11, "*"], stock="3D", pile="5",
                     melds=["K K K", ""])
    after, events = play(position, DRAW)
    assert after.over and after.end == "last_card_three"
    assert [card.code for card in after.threes[0]] == ["3D"]
    assert "going_out" not in score(after)["sides"][0]["breakdown"]


def test_modern_lays_out_a_black_three_drawn():
    position = table("modern", hands=["K K Q Q 5 6 7 8 9 10 J", 11, 11, "*"], stock="4 3S")
    after, _ = play(position, DRAW)
    assert [card.code for card in after.threes[0]] == ["3S"]


def test_a_red_three_taken_with_the_pile_is_laid_out_and_not_replaced():
    position = table("classic", hands=["Q Q K K K 6", 11, 11, 11], pile="3H 5 Q")
    after, events = play(position, {"kind": "take_pile", "cards": "Q Q", "melds": "K K K"})
    assert [card.code for card in after.threes[0]] == ["3H"]
    assert sorted(card.code for card in after.hands[0]) == ["5", "6"]
    assert after.pile == () and not after.pile_frozen


def test_the_turned_up_wild_card_or_red_three_freezes_the_pile_for_everyone():
    frozen = [position for position in (deal("classic", seed=seed)[0] for seed in range(200)) if position.pile_frozen]
    assert frozen, "one deal in 200 turns up a wild card or a red 3"
    for position in frozen:
        assert len(position.pile) >= 2
        assert position.pile[0].is_wild or position.pile[0].is_red_three
        assert not (position.pile_top.is_wild or position.pile_top.is_red_three)


def test_red_threes_dealt_are_laid_out_and_replaced():
    for seed in range(50):
        position, events = deal("classic", seed=seed)
        if any(position.threes):
            break
    assert all(len(hand) == 11 and not any(card.is_red_three for card in hand) for hand in position.hands)
    assert any(event.kind == "replaced" for event in events)


def test_modern_starts_with_an_empty_pile():
    position, _ = deal("modern", seed=4)
    assert position.pile == () and [len(hand) for hand in position.hands] == [13] * 4


def test_a_wild_card_discarded_freezes_the_pile():
    position = table("classic", step="play", began="stock", hands=["K K 2 5 6", 11, 11, 11], pile="5")
    after, events = play(position, {"kind": "discard", "card": "2"})
    assert after.pile_frozen and "pile_frozen" in [event.kind for event in events]
    assert after.turn == 1 and after.step == "draw"


def test_modern_bonus_cards_after_each_sides_first_meld():
    position = table("modern", step="play", began="stock", hands=["A A A A K K K K Q Q Q 5 6 8", 11, 11, 11])
    after, _ = play(position, {"kind": "meld", "melds": "A A A A | K K K K | Q Q Q"}, {"kind": "discard", "card": "5"})
    assert len(after.hands[0]) == 2 + 4  # 6 8 and four bonus cards
    other = table("modern", step="play", began="stock", turn=1, melded=[True, False], melds=["Q Q Q", ""],
                  hands=[11, "A A A A K K K K J J J 5 6 8", 11, 11])
    after, _ = play(other, {"kind": "meld", "melds": "A A A A | K K K K | J J J"}, {"kind": "discard", "card": "5"})
    assert len(after.hands[1]) == 2 + 3


def test_modern_no_bonus_cards_after_a_first_meld_with_the_pile():
    position = table("modern", hands=["Q Q A A A A K K K K 6 8", 11, 11, 11], pile="5 Q")
    after, _ = play(position, {"kind": "take_pile", "cards": "Q Q", "melds": "A A A A | K K K K"},
                    {"kind": "discard", "card": "6"})
    assert sorted(card.code for card in after.hands[0]) == ["5", "8"]


def test_modern_no_bonus_cards_once_the_stock_holds_eight_or_fewer():
    position = table("modern", step="play", began="stock", stock="4 5 6 7 8 9 10 J",
                     hands=["A A A A K K K K Q Q Q 5 6 8", 11, 11, "*"])
    after, _ = play(position, {"kind": "meld", "melds": "A A A A | K K K K | Q Q Q"}, {"kind": "discard", "card": "5"})
    assert len(after.hands[0]) == 2


def test_three_players_first_taker_plays_alone_and_the_others_join_their_melds():
    position = table("classic-3p", turn=2, melded=[True, True, False], melds=["K K K", "K K 2", ""],
                     hands=[13, 13, "Q Q 5 6 7 8 9 10 J 4 4 A A"], pile="5 A", totals_before=[0, 0, -50])
    after, events = play(position, {"kind": "take_pile", "cards": "A A"})
    assert after.lone == 2 and after.side_of(0) == after.side_of(1) == 0
    assert [(meld.key.symbol, len(meld.cards)) for meld in after.melds[0]] == [("K", 6)]
    assert "partnership" in [event.kind for event in events]
    assert partner_to_ask(after, 0) == 1 and partner_to_ask(after, 2) is None


@pytest.mark.parametrize(("rules", "seat", "partner"), [
    ("classic", 0, 2), ("classic", 3, 1), ("classic-6p", 0, 2), ("classic-6p", 4, 0),
    ("classic-6p-3teams", 1, 4), ("classic-6p-3teams", 5, 2), ("classic-2p", 0, None), ("classic-3p", 0, None),
], ids=["four-opposite", "four-wraps", "six-two-teams-next", "six-two-teams-wraps", "six-three-teams-opposite",
        "six-three-teams-wraps", "two-players-alone", "three-players-alone-before-the-pile"])
def test_partners_sit_as_rules_md_seats_them(rules, seat, partner):
    position, _ = deal(rules, seed=1)
    assert partner_to_ask(position, seat) == partner
    assert PRESETS[rules].players == position.seats


def test_may_i_go_out_asked_and_answered_yes_then_out():
    position = table("classic", step="play", began="stock", melded=[True, False], melds=["K K K K K K K", ""],
                     hands=["Q Q Q 5", 11, 11, 11])
    asked, _ = play(position, {"kind": "ask_partner"})
    assert asked.step == "answer" and asked.to_move == 2
    answered, _ = play(asked, {"kind": "answer", "yes": True})
    assert answered.to_move == 0 and answered.answer is True
    out, _ = play(answered, {"kind": "meld", "melds": "Q Q Q"}, {"kind": "discard", "card": "5"})
    assert out.over and out.out_seat == 0


def test_going_out_concealed_scores_200():
    position = table("classic", step="play", began="stock", hands=["K K K K K K K 2 5", 11, 11, 11])
    out, _ = play(position, {"kind": "meld", "melds": "K K K K K K K 2"}, {"kind": "discard", "card": "5"})
    assert out.concealed
    assert score(out)["sides"][0]["breakdown"]["going_out"] == 200


def test_concealed_after_taking_the_pile_still_counts():
    position = table("classic", hands=["K K K K K K Q Q Q", 11, 11, 11], pile="4 K")
    out, _ = play(position, {"kind": "take_pile", "cards": "K K K K K K", "melds": "Q Q Q"},
                  {"kind": "discard", "card": "4"})
    assert out.over and out.concealed
    assert score(out)["sides"][0]["breakdown"]["going_out"] == 200


def test_adding_to_the_partners_melds_is_not_concealed():
    position = table("classic", step="play", began="stock", melded=[True, False], melds=["Q Q Q", ""],
                     hands=["K K K K K K K Q 5", 11, 11, 11], seat_melded=[False, False, True, False])
    out, _ = play(position, {"kind": "meld", "melds": "K K K K K K K | Q"}, {"kind": "discard", "card": "5"})
    assert out.over and not out.concealed
    assert score(out)["sides"][0]["breakdown"]["going_out"] == 100


def test_the_stock_out_deal_scores_no_going_out_bonus():
    position = table("classic", stock=0, pile="5 2 K", melded=[True, False], melds=["K K K", ""],
                     hands=["Q Q 5 6 7 8 9 10 J 4 4", 11, 11, 11 + 54], threes=["3H 3D", "", "3H 3D", ""])
    over, _ = play(position, {"kind": "end_deal"})
    answer = score(over)
    assert over.end == "stock_out"
    assert all("going_out" not in side["breakdown"] for side in answer["sides"])
