"""RULES.md, rule by rule, as positions and moves through the referee: allowed, or refused with its reason.

Each case names the rule it pins. A refused move answers every reason with a
code and a sentence; the position it was refused in is unchanged.
"""

import pytest

from .positions import ruling, table

DRAW = {"kind": "draw"}
MELDED = {"melded": [True, False]}


def take(cards="", melds=None):
    move = {"kind": "take_pile", "cards": cards}
    if melds:
        move["melds"] = melds
    return move


def meld(melds):
    return {"kind": "meld", "melds": melds}


def discard(card):
    return {"kind": "discard", "card": card}


PLAYING = {"step": "play", "began": "stock"}

# (rules, options, position fields, move, allowed, the refusal's code or None, words of its sentence)
CASES = [
    # --- A turn -------------------------------------------------------------------------------
    pytest.param("classic", None, {}, DRAW, True, None, "", id="turn-draw-from-the-stock"),
    pytest.param("classic", None, {}, discard("K"), False, "draw_first", "First draw", id="turn-discard-before-drawing"),
    pytest.param("classic", None, PLAYING, DRAW, False, "drawn_already", "begun your turn",
                 id="turn-draws-once"),
    pytest.param("classic", None, PLAYING, discard("K"), True, None, "", id="turn-discard-ends-the-turn"),
    pytest.param("classic", None, PLAYING, discard("A"), False, "not_in_hand", "You do not hold A",
                 id="turn-discard-a-card-you-hold"),
    pytest.param("classic", None, {"stock": 0, "hands": ["K K Q Q 5 6 7 8 9 10 J", 11, 11, 11 + 60],
                                         "threes": ["3H 3D", "", "3H 3D", ""]}, DRAW, False,
                 "stock_empty", "The stock is empty", id="stock-empty-no-draw"),
    # --- Melds ----------------------------------------------------------------------------------
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q 2 5 6", 11, 11, 11]}, meld("Q Q 2"), True, None, "", id="meld-natural-pair-and-a-wild"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q 2 2 5 6 7", 11, 11, 11]}, meld("Q 2 2"), False,
                 "meld_rule", "at least 2 natural cards", id="meld-needs-two-naturals"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q 2 2 2 JK 5", 11, 11, 11]}, meld("Q Q 2 2 2 JK"),
                 False, "meld_rule", "at most 3 wild cards", id="meld-at-most-three-wilds"),
    pytest.param("classic", {"wild_limit": "not_outnumber"}, PLAYING | MELDED | {"hands": ["Q Q 2 2 2 5 6", 11, 11, 11]},
                 meld("Q Q 2 2 2"), False, "meld_rule", "may not outnumber", id="meld-option-wilds-not-outnumber"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["2 2 JK 5 6", 11, 11, 11]},
                 meld([{"cards": "2 2 JK", "onto": "wild"}]), False, "meld_rule", "wild cards alone",
                 id="meld-wild-cards-alone-classic"),
    pytest.param("classic", None, PLAYING | {"melds": ["", "K K K"], "melded": [True, True], "hands": ["2 5 6", 11, 11, 11]}, meld([{"cards": "2", "onto": "K"}]),
                 False, "others_meld", "a side never adds to another side's melds", id="meld-never-on-the-other-sides-melds"),
    pytest.param("classic", None, PLAYING | {"melds": ["K K K", ""], "hands": ["K K 5 6 7", 11, 11, 11]},
                 meld("K K"), True, None, "", id="meld-one-per-rank-cards-join-it"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["3S 3C 3S 5 6", 11, 11, 11]}, meld("3S 3C 3S"), False,
                 "meld_rule", "only by a player going out", id="black-threes-only-going-out"),
    pytest.param("modern", None, PLAYING | MELDED | {"hands": ["2 2 JK 5 6", 11, 11, 11]},
                 meld([{"cards": "2 2 JK", "onto": "wild"}]), True, None, "", id="modern-wild-card-meld"),
    pytest.param("modern", None, PLAYING | MELDED | {"melds": ["9 9 9 9 9 9 9", ""], "hands": ["9 5 6 7", 11, 11, 11]},
                 meld("9"), False, "dead_rank", "dead", id="modern-dead-rank-no-addition"),
    pytest.param("modern", None, PLAYING | MELDED | {"melds": ["8 8 8 8 8 2", ""], "hands": ["8 8 5 6", 11, 11, 11]},
                 meld("8 8"), False, "meld_rule", "at most 7 cards", id="modern-meld-at-most-seven"),
    pytest.param("modern", None, PLAYING | MELDED | {"hands": ["7 7 2 5 6", 11, 11, 11]}, meld("7 7 2"), False,
                 "meld_rule", "Sevens never take wild cards", id="modern-sevens-without-wilds"),
    pytest.param("modern", None, PLAYING | MELDED | {"melds": ["A A A", ""], "hands": ["2 5 6 9", 11, 11, 11]},
                 meld([{"cards": "2", "onto": "A"}]), False, "meld_rule", "only as part of the side's initial meld",
                 id="modern-aces-wilds-only-initial"),
    pytest.param("modern", None, PLAYING | MELDED | {"hands": ["Q Q 2 2 2 5", 11, 11, 11]}, meld("Q Q 2 2 2"), False,
                 "meld_rule", "at most 2 wild cards", id="modern-at-most-two-wilds"),
    # --- The initial meld ------------------------------------------------------------------------
    pytest.param("classic", None, PLAYING | {"hands": ["K K K 5 6 7 8 9", 11, 11, 11]}, meld("K K K"), False,
                 "initial_minimum", "must reach 50: these melds make 30", id="initial-meld-minimum-50"),
    pytest.param("classic", None, PLAYING | {"hands": ["K K K Q Q Q 5 6", 11, 11, 11]}, meld("K K K | Q Q Q"), True,
                 None, "", id="initial-meld-several-melds-add-up"),
    pytest.param("classic", None, PLAYING | {"hands": ["K K K Q Q Q 5 6", 11, 11, 11]}, meld("K K K"), False,
                 "initial_minimum", "these melds make 30", id="initial-meld-in-one-move-later-melds-do-not-add"),
    pytest.param("classic", None, PLAYING | {"hands": ["K K K Q Q Q 5 6", 11, 11, 11], "totals_before": [1500, 0]},
                 meld("K K K | Q Q Q"), False, "initial_minimum", "must reach 90", id="initial-meld-minimum-90"),
    pytest.param("classic", None, PLAYING | {"hands": ["5 5 5 6 7", 11, 11, 11], "totals_before": [-40, 0]},
                 meld("5 5 5"), True, None, "", id="initial-meld-minimum-15-below-zero"),
    pytest.param("classic-6p", None, PLAYING | {"hands": ["A A A A A A K 6 7", 13, 13, 13, 13, 13],
                                                 "totals_before": [7500, 0]},
                 meld("A A A A A A"), False, "initial_minimum", "must reach 150", id="initial-meld-minimum-150-six"),
    pytest.param("classic-3p", None, PLAYING | {"hands": ["A A A 6 7", 13, 13], "totals_before": [0, 1500, 0]},
                 meld("A A A"), True, None, "", id="three-players-own-total-minimum"),
    pytest.param("classic", None, PLAYING | {"hands": ["K K K K K K K 2 5", 11, 11, 11]}, meld("K K K K K K K 2"), True,
                 None, "", id="concealed-going-out-needs-no-minimum"),
    pytest.param("modern", None, PLAYING | {"hands": ["A A 2 JK K K K K 5 6 8", 11, 11, 11]}, meld("A A 2 JK | K K K K"), True,
                 None, "", id="modern-initial-meld-clean-triple-and-125"),
    pytest.param("modern", None, PLAYING | {"hands": ["A A 2 2 K K 2 JK 5", 11, 11, 11]}, meld("A A 2 2 | K K 2"), False,
                 "initial_meld", "clean triple", id="modern-initial-meld-needs-a-clean-triple"),
    # --- The discard pile -------------------------------------------------------------------------
    pytest.param("classic", None, MELDED | {"pile": "5 K", "melds": ["K K K", ""]}, take(), True, None, "",
                 id="pile-add-top-card-to-the-sides-meld"),
    pytest.param("classic", None, MELDED | {"pile": "5 Q", "hands": ["Q 2 5 6", 11, 11, 11], "melds": ["K K K", ""]},
                 take("Q 2"), True, None, "", id="pile-natural-and-wild-unfrozen"),
    pytest.param("classic", None, MELDED | {"pile": "5 2 Q", "hands": ["Q 2 Q 6", 11, 11, 11], "melds": ["K K K", ""]},
                 take("Q 2"), False, "pile_frozen", "freezes the pile: take it only with two natural queens",
                 id="pile-frozen-by-a-wild-card"),
    pytest.param("classic", None, MELDED | {"pile": "5 2 Q", "hands": ["Q 2 Q 6", 11, 11, 11], "melds": ["K K K", ""]},
                 take("Q Q"), True, None, "", id="pile-frozen-natural-pair"),
    pytest.param("classic", None, MELDED | {"pile": "3H 9 Q", "hands": ["Q 2 6", 11, 11, 11], "melds": ["K K K", ""]},
                 take("Q 2"), False, "pile", "turned-up red 3 freezes the pile", id="pile-frozen-by-a-turned-up-red-three"),
    pytest.param("classic", None, {"pile": "5 Q", "hands": ["Q 2 Q Q 6", 11, 11, 11]}, take("Q 2"), False,
                 "pile_frozen", "Your side has not melded yet, so the pile is frozen for it: take it only with two "
                                "natural queens from your hand.", id="pile-frozen-before-the-side-melds"),
    pytest.param("classic", None, {"pile": "5 Q", "hands": ["Q Q K K K 6", 11, 11, 11]}, take("Q Q", "K K K"), True,
                 None, "", id="pile-initial-meld-with-the-top-card-counts"),
    pytest.param("classic", None, {"pile": "A A A A Q", "hands": ["Q Q 6", 11, 11, 11]}, take("Q Q"), False,
                 "initial_minimum", "must reach 50: these melds make 30", id="pile-rest-of-pile-does-not-count"),
    pytest.param("classic", None, MELDED | {"pile": "5 2", "melds": ["K K K", ""]}, take(), False, "pile",
                 "Nobody may take the pile with a 2 on top", id="pile-never-with-a-wild-on-top"),
    pytest.param("classic", None, MELDED | {"pile": "5 3S", "hands": ["3S 3C 6", 11, 11, 11], "melds": ["K K K", ""]},
                 take("3S 3C"), False, "pile", "A black 3 on top stops the pile", id="pile-black-three-stops-it"),
    pytest.param("classic", None, MELDED | {"pile": "K", "hands": ["5", 11, 11, 11], "melds": ["K K K", ""]}, take(),
                 False, "pile", "one card left", id="pile-one-card-pile-rule"),
    pytest.param("modern", None, MELDED | {"pile": "5 Q", "hands": ["Q 2 6 7", 11, 11, 11], "melds": ["K K K", ""]},
                 take("Q 2"), False, "pile", "always frozen", id="modern-pile-always-frozen"),
    pytest.param("modern", None, MELDED | {"pile": "5 Q", "hands": ["Q Q 6 7", 11, 11, 11],
                                           "melds": ["Q Q Q Q Q", ""]},
                 take("Q Q"), False, "pile", "5 queens on the table", id="modern-pile-never-towards-five"),
    pytest.param("modern", None, {"pile": "5 Q", "hands": ["Q 6 7", 11, 11, 11], "melded": [True, True],
                                   "melds": ["K K K", "Q Q Q Q Q Q 2"]},
                 take("Q"), False, "pile", "dead", id="modern-pile-never-a-dead-rank"),
    pytest.param("modern", None, {"pile": "5 K", "hands": ["K K A A A A A 6", 11, 11, 11]},
                 take("K K", "A A A A A"), False, "initial_minimum", "the top card does not count",
                 id="modern-top-card-does-not-count"),
    # --- Keep a card ----------------------------------------------------------------------------
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q Q 5", 11, 11, 11]}, meld("Q Q Q"), False,
                 "keep_a_card", "keep at least one card", id="keep-a-card-meld"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q Q 5 6", 11, 11, 11]}, meld("Q Q Q"), True, None, "",
                 id="keep-a-card-two-left-is-fine"),
    pytest.param("classic", None, MELDED | {"pile": "Q", "hands": ["Q Q", 11, 11, 11], "melds": ["K K K", ""]},
                 take("Q Q"), False, "keep_a_card", "keep at least one card", id="keep-a-card-taken-pile"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["5", 11, 11, 11]}, discard("5"), False, "cannot_go_out",
                 "needs 1 canasta", id="going-out-needs-a-canasta"),
    # --- Going out ------------------------------------------------------------------------------
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q Q", 11, 11, 11], "melds": ["K K K K K K K", ""]},
                 meld("Q Q Q"), True, None, "", id="going-out-meld-every-card"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q Q 5", 11, 11, 11], "melds": ["K K K K K K K", ""]},
                 meld("Q Q Q"), True, None, "", id="going-out-all-but-one"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["3S 3C 3S 5", 11, 11, 11],
                                                       "melds": ["K K K K K K K", ""]},
                 meld("3S 3C 3S"), True, None, "", id="black-threes-melded-going-out"),
    pytest.param("classic-2p", None, PLAYING | MELDED | {"hands": ["Q Q Q 5", 15], "melds": ["K K K K K K K", ""]},
                 meld("Q Q Q"), False, "keep_a_card", "1 canasta of the 2 needed", id="two-players-two-canastas"),
    pytest.param("classic-3p", {"canastas_to_go_out": 1}, PLAYING | {"melded": [True, False, False],
                 "hands": ["Q Q Q 5", 13, 13], "melds": ["K K K K K K K", "", ""]},
                 meld("Q Q Q"), True, None, "", id="three-players-option-one-canasta"),
    pytest.param("modern", None, PLAYING | MELDED | {"hands": ["Q Q Q", 11, 11, 11],
                                                     "melds": ["K K K K K K K | 9 9 9 9 9 9 9", ""]},
                 meld("Q Q Q"), False, "discard_to_go_out", "final discard", id="modern-going-out-needs-a-discard"),
    pytest.param("modern", None, PLAYING | MELDED | {"hands": ["Q Q Q 5", 11, 11, 11], "melds": ["K K K K K K K", ""]},
                 meld("Q Q Q"), False, "keep_a_card", "1 canasta of the 2 needed", id="modern-going-out-two-canastas"),
    # --- May I go out? --------------------------------------------------------------------------
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q Q 5", 11, 11, 11], "melds": ["K K K K K K K", ""]},
                 {"kind": "ask_partner"}, True, None, "", id="ask-partner-after-drawing"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q 4 5", 11, 11, 11], "melds": ["K K K K K K K", ""]},
                 {"kind": "ask_partner"}, False, "ask_cannot_go_out", "cannot go out", id="ask-partner-only-if-you-can"),
    pytest.param("classic-2p", None, PLAYING | MELDED | {"hands": ["Q Q Q 5", 15], "melds": ["K K K K K K K", ""]},
                 {"kind": "ask_partner"}, False, "no_partner", "no partner", id="ask-partner-needs-a-partner"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q Q 5", 11, 11, 11], "melds": ["K K K K K K K", ""],
                                                       "answer": True},
                 discard("5"), False, "must_go_out", "must go out", id="ask-partner-yes-binds"),
    pytest.param("classic", None, PLAYING | MELDED | {"hands": ["Q Q Q 5", 11, 11, 11], "melds": ["K K K K K K K", ""],
                                                       "answer": False},
                 meld("Q Q Q"), False, "keep_a_card_asked", "said no", id="ask-partner-no-binds"),
    pytest.param("classic", None, {"step": "play", "began": "pile"} | MELDED | {"hands": ["Q Q Q 5", 11, 11, 11],
                                                                                "melds": ["K K K K K K K", ""]},
                 {"kind": "ask_partner"}, False, "ask_when", "after drawing from the stock", id="ask-partner-when"),
    # --- The stock runs out ---------------------------------------------------------------------
    pytest.param("classic", None, MELDED | {"stock": 0, "pile": "5 K", "melds": ["K K K", ""],
                                            "hands": ["Q Q 5 6 7 8 9 10 J 4 4", 11, 11, 11 + 55],
                                            "threes": ["3H 3D", "", "3H 3D", ""]},
                 {"kind": "end_deal"}, False, "must_take_pile", "must take the pile", id="stock-out-must-take"),
    pytest.param("classic", None, MELDED | {"stock": 0, "pile": "5 2 K", "melds": ["K K K", ""],
                                            "hands": ["Q Q 5 6 7 8 9 10 J 4 4", 11, 11, 11 + 54],
                                            "threes": ["3H 3D", "", "3H 3D", ""]},
                 {"kind": "end_deal"}, True, None, "", id="stock-out-frozen-pile-may-end"),
    pytest.param("classic", None, {"pile": "5 K", "melds": ["", ""]}, {"kind": "end_deal"}, False, "stock_not_empty",
                 "still holds", id="stock-out-only-when-empty"),
    # --- Special hands (Modern American) --------------------------------------------------------
    pytest.param("modern", None, PLAYING | {"hands": ["K K K K 9 9 9 9 5 5 5 A A A", 13, 13, 13]},
                 {"kind": "special_hand", "name": "garbage"}, True, None, "", id="modern-special-hand-garbage"),
    pytest.param("modern", None, PLAYING | {"hands": ["K K K K 9 9 9 9 5 5 5 A A 4", 13, 13, 13]},
                 {"kind": "special_hand", "name": "garbage"}, False, "special_cards", "not a garbage",
                 id="modern-special-hand-must-fit"),
    pytest.param("modern", None, PLAYING | MELDED | {"hands": ["K K K K 9 9 9 9 5 5 5 A A A", 13, 13, 13],
                                                     "melds": ["Q Q Q", ""]},
                 {"kind": "special_hand", "name": "garbage"}, False, "special_when", "before your side has melded",
                 id="modern-special-hand-before-melding"),
    pytest.param("modern", None, PLAYING | {"hands": ["4 5 6 7 8 9 10 J Q K A 2 2 JK", 13, 13, 13]},
                 {"kind": "special_hand", "name": "straight"}, True, None, "", id="modern-special-hand-straight"),
    pytest.param("modern", None, PLAYING | {"hands": ["4 4 5 5 6 6 8 8 9 9 K K A A", 13, 13, 13]},
                 {"kind": "special_hand", "name": "pairs"}, True, None, "", id="modern-special-hand-seven-pairs"),
    pytest.param("modern", None, PLAYING | {"hands": ["4 4 5 5 6 6 8 8 9 9 K K 2 JK", 13, 13, 13]},
                 {"kind": "special_hand", "name": "pairs_wild"}, True, None, "",
                 id="modern-special-hand-pairs-with-a-wild-pair"),
    pytest.param("modern", None, {"step": "play", "began": "pile", "hands": ["4 4 5 5 6 6 8 8 9 9 K K A A", 13, 13, 13]},
                 {"kind": "special_hand", "name": "pairs"}, False, "special_when", "after drawing from the stock",
                 id="modern-special-hand-after-drawing"),
    pytest.param("classic", None, PLAYING, {"kind": "special_hand", "name": "garbage"}, False, "special_none",
                 "no special hands", id="classic-no-special-hands"),
]


@pytest.mark.parametrize(("rules", "options", "fields", "move", "allowed", "code", "words"), CASES)
def test_the_referee_rules(rules, options, fields, move, allowed, code, words):
    position = table(rules, options, **fields)
    answer = ruling(position, move)
    assert answer.allowed is allowed, answer.reasons
    if code is not None:
        assert code in [refusal.code for refusal in answer.refusals], answer.refusals
        assert any(words in refusal.message for refusal in answer.refusals), answer.reasons
    else:
        assert answer.refusals == ()
    assert table(rules, options, **fields) == position  # judging changed nothing


# --- Defects found by a peer's test suite and a new user (issue 21) ------------------------------------


def test_a_first_meld_too_small_that_cannot_go_out_names_every_reason():
    position = table(hands=["4 4 4 9", 11, 11, 11], pile="5 9 Q", **PLAYING)
    answer = ruling(position, meld("4 4 4"))
    assert not answer.allowed
    assert [r.code for r in answer.refusals] == ["initial_meld", "initial_minimum"]
    assert answer.reasons == ("To go out your side needs 1 canasta; these melds make none.",
                              "Your side's first meld must reach 50: these melds make 15, 35 short.")


@pytest.mark.parametrize("cards", ["K", "K 2"], ids=["a-natural", "a-natural-and-a-wild-card"])
def test_cards_laid_on_the_other_sides_meld_are_refused_as_such(cards):
    position = table(hands=["K 9 9 5 6 2", 11, 11, 11], pile="5 9 Q", melds=["9 9 9", "K K K"], **PLAYING)
    answer = ruling(position, meld(cards))
    assert [r.code for r in answer.refusals] == ["others_meld"]
    assert "a side never adds to another side's melds" in answer.reasons[0]
    assert "natural cards" not in answer.reasons[0]


def test_a_side_may_still_start_its_own_meld_of_a_rank_the_other_side_holds():
    position = table(hands=["K K K 9 5 6", 11, 11, 11], pile="5 9 Q", melds=["9 9 9", "K K K"], **PLAYING)
    assert ruling(position, meld("K K K")).allowed
