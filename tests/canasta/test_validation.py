"""Input that breaks a rule: every problem at once, each with its API field path and player words."""

import pytest

from scorekeeper.canasta.errors import CanastaError, InvalidHand
from scorekeeper.canasta.scoring import score_request

OUT_WITH_CANASTA = {"melded_points": 70, "natural_canastas": 1, "going_out": "out"}


def problems(payload):
    """Return the (field, message) pairs score_request raises for ``payload``."""
    with pytest.raises(InvalidHand) as caught:
        score_request(payload)
    return [(problem.field, problem.message) for problem in caught.value.problems]


def hand(rules_id, *sides, **extra):
    return {"rules": rules_id, "sides": list(sides), **extra}


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        pytest.param(hand("classic", {"melded_points": -5}, {}),
                     [("sides[0].melded_points", "Melded points cannot be negative.")], id="negative-points"),
        pytest.param(hand("classic", {"hand_points": -10}, {}),
                     [("sides[0].hand_points", "Points left in hand cannot be negative.")], id="negative-hand"),
        pytest.param(hand("classic", {"melded_points": 12}, {}),
                     [("sides[0].melded_points",
                       "Melded points must be a multiple of 5 (card values are 5, 10, 20 or 50).")], id="not-5"),
        pytest.param(hand("classic", {}, {"hand_points": 3}),
                     [("sides[1].hand_points",
                       "Points left in hand must be a multiple of 5 (card values are 5, 10, 20 or 50).")],
                     id="hand-not-5"),
        pytest.param(hand("classic", {"melded_points": 50, "going_out": "out"}, {}),
                     [("sides[0].going_out", "A side needs 1 canasta to go out; this side has none.")],
                     id="classic-needs-1-canasta"),
        pytest.param(hand("classic-2p", {**OUT_WITH_CANASTA}, {}),
                     [("sides[0].going_out", "A side needs 2 canastas to go out; this side has 1.")],
                     id="2p-needs-2"),
        pytest.param(hand("classic-3p", {**OUT_WITH_CANASTA, "members": [0]}, {"members": [1, 2]}),
                     [("sides[0].going_out", "A side needs 2 canastas to go out; this side has 1.")],
                     id="3p-needs-2"),
        pytest.param(hand("classic-6p", {**OUT_WITH_CANASTA}, {}),
                     [("sides[0].going_out", "A side needs 2 canastas to go out; this side has 1.")],
                     id="6p-needs-2"),
        pytest.param(hand("classic-6p-3teams", {**OUT_WITH_CANASTA}, {}, {}),
                     [("sides[0].going_out", "A side needs 2 canastas to go out; this side has 1.")],
                     id="6p-3teams-needs-2"),
        pytest.param(hand("modern", {"canastas": {"natural": 1}, "melded_points": 70, "going_out": "out"}, {}),
                     [("sides[0].going_out", "A side needs 2 canastas to go out; this side has 1.")],
                     id="modern-needs-2"),
        pytest.param(hand("classic", OUT_WITH_CANASTA, OUT_WITH_CANASTA),
                     [("sides[1].going_out", "Only one side can go out in a hand; side 1 already did.")],
                     id="two-sides-out"),
        pytest.param(hand("classic", {"melded_points": 40, "going_out": "concealed"}, {}),
                     [("sides[0].going_out", "Going out concealed means melding the whole hand at once, "
                                             "including a canasta; this side has none.")], id="concealed-no-canasta"),
        pytest.param(hand("classic", {"going_out": "out"}, {}),
                     [("sides[0].going_out", "A side that goes out has melded its cards, but this side melded nothing.")],
                     id="out-nothing-melded"),
        pytest.param(hand("classic", {"melded_points": 50, "red_threes": 3}, {"red_threes": 2}),
                     [("sides", "The sides laid out 5 red 3s together; the two decks hold only 4.")],
                     id="five-red-threes"),
        pytest.param(hand("classic", {"red_threes": 5}, {}),
                     [("sides[0].red_threes", "Red 3s cannot be more than 4: the decks hold 4.")],
                     id="five-red-threes-one-side"),
        pytest.param(hand("classic-6p", {"red_threes": 4}, {"red_threes": 3}),
                     [("sides", "The sides laid out 7 red 3s together; the three decks hold only 6.")],
                     id="seven-red-threes-three-decks"),
        pytest.param(hand("modern", {"red_threes": 3, "black_threes": 2}, {"red_threes": 2, "black_threes": 3}),
                     [("sides", "The sides laid out 5 red 3s together; the two decks hold only 4."),
                      ("sides", "The sides laid out 5 black 3s together; the two decks hold only 4.")],
                     id="modern-threes-per-colour"),
        pytest.param(hand("classic", {"melded_points": 30, "natural_canastas": 1}, {}),
                     [("sides[0].melded_points",
                       "1 natural canasta holds at least 35 points of cards, but melded points are 30: count every melded card, canastas included.")],
                     id="natural-canasta-35"),
        pytest.param(hand("classic", {"melded_points": 80, "natural_canastas": 1, "mixed_canastas": 1}, {}),
                     [("sides[0].melded_points", "1 natural canasta and 1 mixed canasta hold at least 85 points "
                                                 "of cards, but melded points are 80: count every melded card, canastas included.")],
                     id="mixed-canasta-50"),
        pytest.param(hand("modern", {"canastas": {"natural_aces": 1}, "melded_points": 135}, {}),
                     [("sides[0].melded_points", "1 natural canasta of aces holds at least 140 points of cards, "
                                                 "but melded points are 135: count every melded card, canastas included.")],
                     id="modern-aces-140"),
        pytest.param(hand("modern", {"melded_points": 0, "unfinished": {"aces": True}}, {}),
                     [("sides[0].melded_points",
                       "An unfinished meld of aces holds at least 60 points of cards, but melded points are 0: "
                       "count every melded card, canastas included.")],
                     id="modern-unfinished-needs-melds"),
        pytest.param(hand("classic", {"melded_points": 700}, {"melded_points": 300, "hand_points": 200}),
                     [("sides", "Together the sides count 1,200 points of cards, melded and in hand; "
                                "the two decks hold only 1,180.")], id="card-points-1180"),
        pytest.param(hand("classic-6p", {"melded_points": 1500}, {"hand_points": 300}),
                     [("sides", "Together the sides count 1,800 points of cards, melded and in hand; "
                                "the three decks hold only 1,770.")], id="card-points-1770"),
        pytest.param(hand("classic", {"melded_points": 1185}, {}),
                     [("sides[0].melded_points",
                       "Melded points cannot be more than 1,180: the decks hold 1,180 points of cards.")],
                     id="melded-beyond-decks"),
        pytest.param(hand("modern", {"special_hand_points": 3000, "going_out": "out"}, {}),
                     [("sides[0].going_out", "A special hand ends the hand by itself: the side that lays it down "
                                             "does not go out as well.")], id="special-hand-and-going-out"),
        pytest.param(hand("modern", {"special_hand_points": 3000},
                          {"canastas": {"natural": 2}, "melded_points": 70 * 2, "going_out": "out"}),
                     [("sides[1].going_out", "The hand ended with a special hand, so nobody went out.")],
                     id="special-hand-other-side-out"),
        pytest.param(hand("modern", {"special_hand_points": 3000}, {"special_hand_points": 2500}),
                     [("sides[1].special_hand_points",
                       "Only one side can lay down a special hand: side 1 did, and it ended the hand.")],
                     id="two-special-hands"),
        pytest.param(hand("modern", {"special_hand_points": 2995 + 1}, {}),
                     [("sides[0].special_hand_points",
                       "Special hand points must be a multiple of 5 (card values are 5, 10, 20 or 50).")],
                     id="special-hand-not-5"),
        pytest.param(hand("modern", {"going_out": "concealed"}, {}),
                     [("sides[0].going_out", 'Modern American has no concealed going out: use "out".')],
                     id="modern-no-concealed"),
        pytest.param(hand("modern", {"last_drawn_three": True}, {"last_drawn_three": True}),
                     [("sides[1].last_drawn_three", "Only one 3 can be the last card drawn; side 1 has it.")],
                     id="one-last-drawn-three"),
        pytest.param(hand("modern", {"players_with_three_aces": 3}, {}),
                     [("sides[0].players_with_three_aces",
                       "Players holding three or more aces cannot be more than 2: a side has 2 players.")],
                     id="three-players-with-aces"),
        pytest.param(hand("modern", {"canastas": {"natural_aces": 1}, "melded_points": 140},
                          {"canastas": {"natural_aces": 1}, "melded_points": 140}),
                     [("sides", "The two decks hold 8 aces: enough for only 1 natural canasta of aces; "
                                "the sides give 2.")], id="two-natural-ace-canastas"),
    ],
)
def test_rule_problems(payload, expected):
    assert problems(payload) == expected


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        pytest.param(hand("classic", {}), [("sides", "Classic, 4 players in 2 teams scores 2 sides, one per team; "
                                                     "this hand has 1.")], id="too-few-sides"),
        pytest.param(hand("classic-6p-3teams", {}, {}),
                     [("sides", "Classic, 6 players in 3 teams of 2 scores 3 sides, one per team; this hand has 2.")],
                     id="three-teams-need-three-sides"),
        pytest.param(hand("classic-3p", {}, {}, {}, {}),
                     [("sides", "Classic, 3 players (cutthroat) scores 2 sides (one player alone against two "
                                "partners) or 3 (everyone alone); this hand has 4.")], id="3p-four-sides"),
        pytest.param(hand("classic", {"members": [1]}, {"members": [0]}),
                     [("sides[0].members", "Side 1 is team 1: leave members out or give [0]."),
                      ("sides[1].members", "Side 2 is team 2: leave members out or give [1].")], id="members-swapped"),
        pytest.param(hand("classic-3p", {}, {}),
                     [("sides", "With two sides, one player plays alone against two partners: members like [0] "
                                "and [1, 2]."),
                      ("sides", "Player 3 is on no side: everyone scores on exactly one.")], id="3p-pair-missing"),
        pytest.param(hand("classic-3p", {"members": [0, 1]}, {"members": [1, 2]}),
                     [("sides", "With two sides, one player plays alone against two partners: members like [0] "
                                "and [1, 2]."),
                      ("sides[1].members", "Player 2 is already on side 1.")], id="3p-player-twice"),
        pytest.param(hand("classic-3p", {"members": [0]}, {"members": [1, 3]}),
                     [("sides[1].members[1]", "A member is a player number from 0 to 2.")], id="3p-no-player-4"),
        pytest.param(hand("classic-3p", {"members": [0]}, {"members": [1, 1]}),
                     [("sides[1].members", "Player 2 is listed twice.")], id="3p-member-twice"),
        pytest.param(hand("classic-3p", {"members": [0]}, {"members": [1, 2], "red_threes": 2}),
                     [("sides[1].red_threes", "For partners, give red 3s as a list, one count per partner, "
                                              "like [1, 0]: each scores their own.")], id="3p-pair-red-threes-number"),
        pytest.param(hand("classic-3p", {"members": [0]}, {"members": [1, 2], "red_threes": [1]}),
                     [("sides[1].red_threes", "Give red 3s as one count per member of the side: a list of 2.")],
                     id="3p-pair-red-threes-list-length"),
        pytest.param(hand("classic-3p", {"melded_points": 200, "natural_canastas": 2, "going_out": "out"}, {}, {}),
                     [("sides[0].going_out", "When everyone scores alone, the stock ran out and nobody went out; "
                                             "whoever goes out before the pile is taken plays alone against two "
                                             "partners.")], id="3p-all-alone-nobody-out"),
        pytest.param({"rules": "classic", "sides": [{}, {}], "totals_before": [0]},
                     [("totals_before", "Give one total per team: a list of 2 whole numbers.")], id="totals-length"),
        pytest.param({"rules": "classic", "sides": [{}, {}], "totals_before": [0, 1.5]},
                     [("totals_before[1]", "A total must be a whole number, like 1500.")], id="totals-float"),
        pytest.param({"rules": "classic", "sides": [{}, {}], "totals_before": [0, 10**30]},
                     [("totals_before[1]", "A total cannot be more than 10,000,000.")], id="totals-huge"),
        pytest.param({"rules": "classic-2p", "sides": [{}, {}], "totals_before": "0,0"},
                     [("totals_before", "Give one total per player: a list of 2 whole numbers.")], id="totals-text"),
    ],
)
def test_shape_problems(payload, expected):
    assert problems(payload) == expected


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        pytest.param({"rules": "canasta", "sides": []}, "rules", 'There is no rule set "canasta".', id="unknown-rules"),
        pytest.param({"sides": [{}, {}]}, "rules", "Choose a rule set", id="missing-rules"),
        pytest.param(hand("classic", {}, {}, options={"colour": "red"}), "options.colour", 'no option "colour"',
                     id="unknown-option"),
        pytest.param(hand("classic", {}, {}, extra=1), "extra", 'There is no field "extra"', id="unknown-top-field"),
        pytest.param(hand("classic", {"colour": 1}, {}), "sides[0].colour", 'A side has no field "colour"',
                     id="unknown-side-field"),
        pytest.param(hand("classic", {"canastas": {"natural": 1}}, {}), "sides[0].canastas",
                     'A side has no field "canastas"', id="modern-field-in-classic"),
        pytest.param(hand("modern", {"canastas": {"big": 1}}, {}), "sides[0].canastas.big",
                     'Canastas has no field "big"', id="unknown-canasta-kind"),
        pytest.param(hand("modern", {"unfinished": {"kings": True}}, {}), "sides[0].unfinished.kings",
                     'Unfinished has no field "kings"', id="unknown-unfinished"),
        pytest.param(hand("classic", {"in_hand": {"kings": 1}}, {}), "sides[0].in_hand.kings",
                     'In hand has no field "kings"', id="unknown-in-hand"),
        pytest.param(hand("classic", {"melds": [{"rank": "K", "naturals": 3, "wilds": 1}]}, {}),
                     "sides[0].melds[0].wilds", 'A meld has no field "wilds"', id="unknown-meld-field"),
        pytest.param(hand("classic", {"melded_points": True}, {}), "sides[0].melded_points", "whole number",
                     id="bool-is-not-int"),
        pytest.param(hand("classic", {"melded_points": "120"}, {}), "sides[0].melded_points", "whole number",
                     id="string-is-not-int"),
        pytest.param(hand("classic", {"melded_points": 120.0}, {}), "sides[0].melded_points", "whole number",
                     id="float-is-not-int"),
        pytest.param(hand("classic", {"natural_canastas": 10**30}, {}), "sides[0].natural_canastas",
                     "cannot be more than 15", id="absurd-count"),
        pytest.param(hand("classic", {"going_out": True}, {}), "sides[0].going_out",
                     'Going out must be "no", "out" or "concealed".', id="going-out-bool"),
        pytest.param(hand("modern", {"unfinished": {"aces": 1}}, {}), "sides[0].unfinished.aces",
                     "must be true or false", id="unfinished-int"),
        pytest.param(hand("classic", ["melded_points", 10], {}), "sides[0]", "must be an object",
                     id="side-not-object"),
        pytest.param({"rules": "classic", "sides": {"0": {}}}, "sides", "Sides must be a list.", id="sides-not-list"),
        pytest.param({"rules": "classic"}, "sides", "Sides must be a list.", id="sides-missing"),
        pytest.param(hand("classic", {"in_hand": {"jokers": 5}}, {}), "sides[0].in_hand.jokers",
                     "Jokers in hand cannot be more than 4", id="in-hand-jokers-bound"),
        pytest.param(hand("classic", {"in_hand": {"twos": -1}}, {}), "sides[0].in_hand.twos", "cannot be negative",
                     id="in-hand-negative"),
        pytest.param(hand("classic", {"melds": [{"rank": "K", "naturals": 3, "twos": "2"}]}, {}),
                     "sides[0].melds[0].twos", "2s in a meld must be a whole number", id="meld-twos-string"),
        pytest.param(hand("classic", {"melds": [{"rank": "K", "naturals": 10**30}]}, {}),
                     "sides[0].melds[0].naturals", "cannot be more than 8", id="meld-absurd-count"),
        pytest.param(hand("classic", {"melds": [{"rank": "X", "naturals": 3}]}, {}), "sides[0].melds[0].rank",
                     "Give the meld's rank", id="meld-bad-rank"),
        pytest.param(hand("classic", {"melds": [{"naturals": 3}]}, {}), "sides[0].melds[0].rank",
                     "Give the meld's rank", id="meld-no-rank"),
        pytest.param(hand("classic", {"melds": {"K": 3}}, {}), "sides[0].melds", "Melds must be a list.",
                     id="melds-not-list"),
        pytest.param(hand("classic", {"melds": [{"rank": "K", "naturals": 3}] * 25}, {}), "sides[0].melds",
                     "at most 20 entries", id="too-many-melds"),
        pytest.param(hand("classic", *[{}] * 1000), "sides", "at most 6 entries", id="too-many-sides"),
    ],
)
def test_input_problems(payload, field, message):
    found = problems(payload)
    assert found[0][0] == field, found
    assert message in found[0][1]


@pytest.mark.parametrize(
    ("side", "field", "message"),
    [
        pytest.param({"melds": [{"rank": "9", "naturals": 1, "twos": 2}]}, "sides[0].melds[0].naturals",
                     "A meld needs at least 2 natural cards; this one has 1.", id="one-natural"),
        pytest.param({"melds": [{"rank": "wild", "twos": 3}]}, "sides[0].melds[0]",
                     "A meld of wild cards alone is not allowed in Classic.", id="wilds-only"),
        pytest.param({"melds": [{"rank": "9", "naturals": 3, "twos": 3, "jokers": 1}]}, "sides[0].melds[0]",
                     "A meld may hold at most 3 wild cards; this one has 4.", id="four-wilds"),
        pytest.param({"melds": [{"rank": "3", "naturals": 3}]}, "sides[0].melds[0].rank",
                     "Black 3s are melded only by a player going out.", id="black-threes-not-going-out"),
        pytest.param({"melds": [{"rank": "K", "naturals": 3}, {"rank": "k", "naturals": 4}]},
                     "sides[0].melds[1].rank", "This side already has a meld of kings (meld 1): one meld per rank.",
                     id="one-meld-per-rank"),
        pytest.param({"melds": [{"rank": "K", "naturals": 7}], "melded_points": 70}, "sides[0].melded_points",
                     "Give either melds or melded points with canasta counts, not both.", id="melds-and-points"),
        pytest.param({"in_hand": {"aces": 1}, "hand_points": 20}, "sides[0].hand_points",
                     "Give either hand points or the cards in hand, not both.", id="in-hand-and-points"),
    ],
)
def test_classic_meld_input_problems(side, field, message):
    assert problems(hand("classic", side, {}))[0] == (field, message)


def test_wild_limit_option_applies_to_melds():
    payload = hand("classic", {"melds": [{"rank": "K", "naturals": 2, "jokers": 2}]}, {},
                   options={"wild_limit": "naturals_outnumber"})
    assert problems(payload) == [("sides[0].melds[0]", "With your house rule, the natural cards must outnumber "
                                                       "the wild cards; this meld has 2 natural and 2 wild.")]


@pytest.mark.parametrize(
    ("side", "field", "message"),
    [
        pytest.param({"melds": [{"rank": "K", "naturals": 8}]}, "sides[0].melds[0]",
                     "A meld holds at most 7 cards in Modern American; this one has 8.", id="past-seven"),
        pytest.param({"melds": [{"rank": "7", "naturals": 4, "twos": 1}]}, "sides[0].melds[0]",
                     "Sevens never take wild cards.", id="sevens-with-wild"),
        pytest.param({"melds": [{"rank": "wild", "naturals": 2, "twos": 2}]}, "sides[0].melds[0].naturals",
                     "A meld of wild cards has no natural cards", id="wild-meld-with-naturals"),
        pytest.param({"melds": [{"rank": "3", "naturals": 3}]}, "sides[0].melds[0].rank",
                     "In Modern American 3s are never melded", id="threes-never-melded"),
    ],
)
def test_modern_meld_input_problems(side, field, message):
    found = problems(hand("modern", side, {}))
    assert found[0][0] == field
    assert message in found[0][1]


def test_every_problem_at_once():
    found = problems({
        "rules": "classic", "totals_before": [0, "x"], "bogus": 1,
        "sides": [{"melded_points": 12, "going_out": "maybe", "red_threes": -1},
                  {"in_hand": {"jokers": True}, "melds": [{"rank": "K", "naturals": 1}]}],
    })
    assert [field for field, _ in found] == [
        "bogus", "totals_before[1]", "sides[0].going_out", "sides[0].red_threes", "sides[0].melded_points",
        "sides[1].melds[0].naturals", "sides[1].in_hand.jokers"]


def test_cards_beyond_the_decks_across_sides():
    found = problems(hand("classic", {"melds": [{"rank": "K", "naturals": 6, "jokers": 3}]},
                          {"melds": [{"rank": "K", "naturals": 3}], "in_hand": {"jokers": 2}}))
    assert found == [
        ("sides", "Together the sides show 5 jokers (melded or in hand); the two decks hold only 4."),
        ("sides", "Together the sides show 9 kings (melded or in hand); the two decks hold only 8."),
    ]


def test_one_typo_does_not_cascade():
    # side 0 is unreadable, so the sides are not checked against each other
    assert [field for field, _ in problems(hand("classic", {"melded_points": "a lot", "going_out": "out"},
                                                OUT_WITH_CANASTA))] == ["sides[0].melded_points"]


def test_request_must_be_an_object():
    with pytest.raises(InvalidHand) as caught:
        score_request(["classic"])
    assert caught.value.problems[0].field == ""


def test_errors_are_value_errors_with_problem_dicts():
    with pytest.raises(CanastaError) as caught:
        score_request(hand("classic", {"melded_points": 12}, {}))
    assert isinstance(caught.value, ValueError)
    assert caught.value.problems[0].as_dict() == {
        "field": "sides[0].melded_points",
        "message": "Melded points must be a multiple of 5 (card values are 5, 10, 20 or 50)."}


def test_bad_options_do_not_hide_side_problems():
    found = problems(hand("classic", {"melded_points": 12}, {}, options={"target": "high"}))
    assert [field for field, _ in found] == ["options.target", "sides[0].melded_points"]


# The checks keep tables between hands (rule-set numbers, field paths, the decks'
# supply by number of decks) so that recomputing a stored game is fast (issue 7).
# These pin that nothing kept changes an answer.


def test_cards_beyond_three_decks_use_the_three_deck_limits():
    found = problems(hand("classic-6p", {"melds": [{"rank": "K", "naturals": 7}], "in_hand": {"black_threes": 4}},
                          {"melds": [{"rank": "K", "naturals": 6}], "in_hand": {"black_threes": 3}}))
    assert found == [
        ("sides", "Together the sides show 13 kings (melded or in hand); the three decks hold only 12."),
        ("sides", "Together the sides show 7 black 3s (melded or in hand); the three decks hold only 6."),
    ]


def test_supply_is_checked_for_every_hand_of_a_game():
    from scorekeeper.canasta.scoring import score_game

    fine = [{"melds": [{"rank": "K", "naturals": 7}], "going_out": "out"}, {"hand_points": 20}]
    too_many_kings = [{"melds": [{"rank": "K", "naturals": 7}], "going_out": "out"},
                      {"melds": [{"rank": "K", "naturals": 3}]}]
    with pytest.raises(InvalidHand) as caught:
        score_game("classic", None, None, [fine, fine, too_many_kings])
    assert [(problem.field, problem.message) for problem in caught.value.problems] == [
        ("hands[2].sides", "Together the sides show 10 kings (melded or in hand); the two decks hold only 8.")]


def test_unknown_keys_in_the_input_are_not_kept_among_the_known_paths():
    from scorekeeper.canasta.fields import paths_under

    found = problems(hand("classic", {**OUT_WITH_CANASTA, "colour": "red"},
                          {"melds": [{"rank": "K", "naturals": 3, "shade": 1}]}))
    assert [field for field, _ in found] == ["sides[0].colour", "sides[1].melds[0].shade"]
    assert "colour" not in paths_under("sides[0]")
    assert "shade" not in paths_under("sides[1].melds[0]")


def test_why_a_value_is_too_high_names_the_bound_of_its_rule_set():
    assert problems(hand("classic", {"melded_points": 1185}, {})) == [
        ("sides[0].melded_points", "Melded points cannot be more than 1,180: the decks hold 1,180 points of cards.")]
    assert problems(hand("classic-6p", {"melded_points": 1775}, {})) == [
        ("sides[0].melded_points", "Melded points cannot be more than 1,770: the decks hold 1,770 points of cards.")]
    assert problems(hand("classic", {"melds": [{"rank": "Q", "naturals": 9}]}, {})) == [
        ("sides[0].melds[0].naturals", "Natural cards in a meld cannot be more than 8: the decks hold 8 of a rank.")]


# --- Modern: players said to hold three aces or sevens hold them in hand ------------------------------

MODERN_OUT = {"canastas": {"natural": 1, "mixed": 1}, "melded_points": 250, "going_out": "out"}


@pytest.mark.parametrize(
    ("held", "expected"),
    [
        pytest.param({"hand_points": 40, "players_with_three_aces": 1},
                     ("sides[1].players_with_three_aces",
                      "Cards left in hand are 40 points, but 1 player holding 3+ aces holds at least 60 "
                      "(3 aces at 20 each): count those aces in the points left in hand."), id="aces-below-60"),
        pytest.param({"hand_points": 100, "players_with_three_aces": 2},
                     ("sides[1].players_with_three_aces",
                      "Cards left in hand are 100 points, but 2 players holding 3+ aces hold at least 120 "
                      "(3 aces at 20 each): count those aces in the points left in hand."), id="two-players-aces"),
        pytest.param({"hand_points": 10, "players_with_three_sevens": 1},
                     ("sides[1].players_with_three_sevens",
                      "Cards left in hand are 10 points, but 1 player holding 3+ sevens holds at least 15 "
                      "(3 sevens at 5 each): count those sevens in the points left in hand."), id="sevens-below-15"),
        pytest.param({"hand_points": 70, "players_with_three_aces": 1, "players_with_three_sevens": 1},
                     ("sides[1].players_with_three_aces",
                      "Cards left in hand are 70 points, but 1 player holding 3+ aces and 1 player holding 3+ sevens "
                      "hold at least 75 (3 aces at 20 each and 3 sevens at 5 each): count those aces and sevens "
                      "in the points left in hand."), id="aces-and-sevens-below-75"),
        pytest.param({"in_hand": {"aces": 2, "jokers": 1}, "players_with_three_aces": 1},
                     ("sides[1].players_with_three_aces",
                      "Aces left in hand are 2, but 1 player holding 3+ aces holds at least 3 aces: "
                      "count them among the cards left in hand."), id="counted-cards-too-few-aces"),
        pytest.param({"in_hand": {"aces": 3, "four_to_seven": 2}, "players_with_three_sevens": 1},
                     ("sides[1].players_with_three_sevens",
                      "4s to 7s left in hand are 2, but 1 player holding 3+ sevens holds at least 3 sevens: "
                      "count them among the cards left in hand."), id="counted-cards-too-few-sevens"),
    ],
)
def test_modern_players_holding_aces_or_sevens_hold_their_points_in_hand(held, expected):
    assert problems(hand("modern", MODERN_OUT, held)) == [expected]


@pytest.mark.parametrize("held", [
    pytest.param({"hand_points": 60, "players_with_three_aces": 1}, id="exactly-60"),
    pytest.param({"hand_points": 75, "players_with_three_aces": 1, "players_with_three_sevens": 1}, id="exactly-75"),
    pytest.param({"in_hand": {"aces": 3, "four_to_seven": 3}, "players_with_three_aces": 1,
                  "players_with_three_sevens": 1}, id="counted-3-aces-and-3-sevens"),
])
def test_modern_holding_penalties_with_enough_in_hand_are_scored(held):
    answer = score_request(hand("modern", MODERN_OUT, held))
    assert answer["sides"][1]["breakdown"]["penalties"] == -1500 * (
        held.get("players_with_three_aces", 0) + held.get("players_with_three_sevens", 0))
