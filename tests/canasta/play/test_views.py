"""What a seat may know, replay stepped back and forth, and the sides of an ended deal as the score API takes them."""

import pytest

from scorekeeper.canasta.play import Deal, apply, deal, hand_sides, replay, view
from scorekeeper.canasta.players.random_players import random_deal
from scorekeeper.canasta.play.moves import Draw

from .positions import play, table


def test_a_seat_sees_its_own_hand_and_never_another_seats_cards():
    position, _ = deal("classic", seed=9)
    seen = view(position, 1).as_dict()
    assert seen["hand"] == " ".join(card.code for card in position.hands[1])
    assert seen["hand_sizes"] == [11, 11, 11, 11] and seen["stock"] == len(position.stock)
    shown = str(seen)
    for seat in (0, 2, 3):
        assert " ".join(card.code for card in position.hands[seat]) not in shown
    assert seen["moves"] == []  # seat 0 is to move
    assert [move["kind"] for move in view(position, 0).as_dict()["moves"]][:1] == ["draw"]


def test_cards_drawn_show_only_their_count_to_the_others():
    position, _ = deal("classic", seed=9)
    _, events = apply(position, Draw())
    drew = next(event for event in events if event.kind == "drew")
    assert drew.as_dict(hide=True) == {"kind": "drew", "seat": 0, "count": 1}
    assert drew.as_dict()["cards"] == drew.cards[0].code


def test_a_replay_steps_back_and_forth_and_gives_the_same_positions():
    record = random_deal("classic-2p", seed=8)
    played = replay(record)
    assert len(played) == len(record.moves) + 1
    assert played.step(0) == deal("classic-2p", seed=8)[0]
    assert played.forward() == played.positions[1]
    assert played.back() == played.positions[0]
    assert played.step(10_000) == played.positions[-1] and played.position.over
    assert replay(Deal.from_dict(record.as_dict())).positions == played.positions


def test_the_score_of_a_deal_in_progress_is_refused():
    position, _ = deal("classic", seed=2)
    with pytest.raises(ValueError, match="not over"):
        hand_sides(position)


def test_three_players_partnership_sides_give_each_partners_red_threes():
    position = table("classic-3p", options={"canastas_to_go_out": 1}, step="play", began="stock", lone=2,
                     melded=[True, False, True],
                     melds=["K K K K K K K", "", "Q Q Q"], threes=["3H", "3D", ""],
                     hands=["5", "A A 9", "4 4 4 6 7"])
    out, _ = play(position, {"kind": "discard", "card": "5"})
    sides = hand_sides(out)
    assert [side["members"] for side in sides] == [[2], [0, 1]]
    assert sides[1]["red_threes"] == [1, 1] and sides[1]["going_out"] == "out"
    assert sides[1]["in_hand"]["aces"] == 2 and sides[0]["in_hand"]["four_to_seven"] == 5


def test_three_players_everyone_alone_when_the_stock_ran_out_before_anyone_took_the_pile():
    position = table("classic-3p", stock=0, pile="5 2 9", melded=[True, True, False],
                     melds=["K K K", "Q Q Q", ""], hands=["4 6", "7 8", "*"])
    over, _ = play(position, {"kind": "end_deal"})
    assert [side["members"] for side in hand_sides(over)] == [[0], [1], [2]]


def test_three_players_who_goes_out_before_the_pile_is_taken_plays_alone():
    position = table("classic-3p", options={"canastas_to_go_out": 1}, step="play", began="stock", turn=1,
                     melded=[True, True, False], melds=["K K K", "Q Q Q Q Q Q Q", ""], hands=["4 6", "8", 13])
    out, _ = play(position, {"kind": "discard", "card": "8"})
    assert [side["members"] for side in hand_sides(out)] == [[1], [0, 2]]


def test_modern_sides_count_threes_by_colour_and_players_holding_three_aces():
    position = table("modern", stock=0, pile="9", turn=1, melded=[True, True],
                     melds=["K K K K K K K | 9 9 9 9 9 9 9", "Q Q Q"], threes=["3H 3S", "", "3C", "3H 3D 3D 3S 3C"],
                     hands=["5 6", "A A A 4", "*", 13])
    over, _ = play(position, {"kind": "end_deal"})
    sides = hand_sides(over)
    assert sides[0]["red_threes"] == 1 and sides[0]["black_threes"] == 2
    assert sides[1]["players_with_three_aces"] == 1 and "going_out" not in sides[1]


def test_three_players_joined_melds_past_the_wild_limit_are_scored_by_points_and_canastas():
    position = table("classic-3p", turn=2, melded=[True, True, False], melds=["K K K 2 2 2", "K K JK 2", ""],
                     hands=[13, 13, "Q Q 5 6 7 8 9 10 J 4 4 A A"], pile="5 A")
    formed, _ = play(position, {"kind": "take_pile", "cards": "A A"})
    (kings,) = formed.melds[0]
    assert (kings.meld.naturals, kings.meld.wilds) == (5, 5)
    over, _ = play(formed, {"kind": "discard", "card": "5"}, {"kind": "draw"})
    from dataclasses import replace
    from scorekeeper.canasta.play import score
    from scorekeeper.canasta.play.position import End, Step
    ended = replace(over, step=Step.OVER, end=End.STOCK_OUT)
    partners = hand_sides(ended)[1]
    assert "melds" not in partners
    assert partners["melded_points"] == 50 + 4 * 20 + 50 and partners["mixed_canastas"] == 1
    assert score(ended)["sides"][1]["breakdown"]["canastas"] == 300
