"""Rule sets (RULES.md "Rule sets") and the initial-meld minimum tables; the options are in test_options."""

import pytest

from scorekeeper.canasta.errors import CanastaError, UnknownRules
from scorekeeper.canasta.rules import MAX_MINIMUM, PRESETS, SPECIAL_HANDS, get_ruleset, next_minimum


@pytest.mark.parametrize(
    ("rules_id", "players", "scorers", "label", "dealt", "cards", "target", "to_go_out", "family"),
    [
        pytest.param("classic", 4, 2, "team", 11, 108, 5000, 1, "classic", id="classic"),
        pytest.param("classic-2p", 2, 2, "player", 15, 108, 5000, 2, "classic", id="classic-2p"),
        pytest.param("classic-3p", 3, 3, "player", 13, 108, 7500, 2, "classic", id="classic-3p"),
        pytest.param("classic-6p", 6, 2, "team", 13, 162, 10000, 2, "classic", id="classic-6p"),
        pytest.param("classic-6p-3teams", 6, 3, "team", 13, 162, 7500, 2, "classic", id="classic-6p-3teams"),
        pytest.param("modern", 4, 2, "team", 13, 108, 8500, 2, "modern", id="modern"),
    ],
)
def test_preset_table(rules_id, players, scorers, label, dealt, cards, target, to_go_out, family):
    preset = PRESETS[rules_id]
    assert (preset.id, preset.players, preset.scorers, preset.scorer_label) == (rules_id, players, scorers, label)
    assert (preset.cards_dealt, preset.cards, preset.target) == (dealt, cards, target)
    assert (preset.canastas_to_go_out, preset.family.id) == (to_go_out, family)
    assert preset.total_card_points == (1180 if cards == 108 else 1770)
    assert preset.red_threes_in_deck == (4 if cards == 108 else 6)
    assert preset.partnership_per_hand == (rules_id == "classic-3p")


@pytest.mark.parametrize(
    ("rules_id", "draw"),
    [pytest.param("classic", 1, id="classic-draws-1"), pytest.param("classic-2p", 2, id="2p-draws-2"),
     pytest.param("classic-3p", 2, id="3p-draws-2")],
)
def test_draw(rules_id, draw):
    assert PRESETS[rules_id].draw == draw


@pytest.mark.parametrize(
    ("rules_id", "total", "minimum"),
    [
        pytest.param("classic", -40, 15, id="classic-below-0"),
        pytest.param("classic", -5, 15, id="classic-minus-5"),
        pytest.param("classic", 0, 50, id="classic-0"),
        pytest.param("classic", 1495, 50, id="classic-1495"),
        pytest.param("classic", 1500, 90, id="classic-1500"),
        pytest.param("classic", 2995, 90, id="classic-2995"),
        pytest.param("classic", 3000, 120, id="classic-3000"),
        pytest.param("classic", 7500, 120, id="classic-7500-still-120"),
        pytest.param("classic-3p", 7495, 120, id="3p-own-total"),
        pytest.param("classic-6p-3teams", 9000, 120, id="6p-3teams-no-150"),
        pytest.param("classic-6p", 7495, 120, id="6p-7495"),
        pytest.param("classic-6p", 7500, 150, id="6p-7500-150"),
        pytest.param("modern", -500, 125, id="modern-negative"),
        pytest.param("modern", 0, 125, id="modern-0"),
        pytest.param("modern", 2995, 125, id="modern-2995"),
        pytest.param("modern", 3000, 155, id="modern-3000"),
        pytest.param("modern", 4995, 155, id="modern-4995"),
        pytest.param("modern", 5000, 180, id="modern-5000"),
    ],
)
def test_next_minimum(rules_id, total, minimum):
    assert next_minimum(PRESETS[rules_id], total) == minimum


@pytest.mark.parametrize("rules_id", list(PRESETS))
def test_a_check_takes_every_minimum_of_the_rule_set(rules_id):
    assert max(minimum for _, minimum in PRESETS[rules_id].minimum_table) < MAX_MINIMUM


@pytest.mark.parametrize("rules_id", [None, "", "canasta", 7, ["classic"], "x" * 500])
def test_unknown_rules(rules_id):
    with pytest.raises(UnknownRules) as caught:
        get_ruleset(rules_id)
    assert isinstance(caught.value, CanastaError)
    assert caught.value.problems[0].field == "rules"
    assert "classic-6p-3teams" in caught.value.problems[0].message


@pytest.mark.parametrize(
    ("hand_id", "label", "points"),
    [
        pytest.param("straight", "Straight", 3000, id="straight"),
        pytest.param("pairs", "Seven natural pairs", 2500, id="seven-natural-pairs"),
        pytest.param("pairs_wild", "Seven pairs with a wild pair", 2000, id="pairs-with-a-wild-pair"),
        pytest.param("garbage", "Garbage (4-4-3-3)", 3000, id="garbage"),
    ],
)
def test_special_hand_values(hand_id, label, points):
    """RULES.md, Modern American "Special hands": each named hand and its value."""
    hand = next(hand for hand in PRESETS["modern"].special_hands if hand.id == hand_id)
    assert (hand.label, hand.points) == (label, points)


def test_only_modern_american_has_special_hands():
    assert PRESETS["modern"].special_hands == SPECIAL_HANDS and len(SPECIAL_HANDS) == 4
    assert [preset.id for preset in PRESETS.values() if preset.special_hands] == ["modern"]


def test_numbers_kept_per_rule_set_follow_its_own_decks():
    from dataclasses import replace

    classic = PRESETS["classic"]
    assert (classic.total_card_points, classic.red_threes_in_deck, classic.cards) == (1180, 4, 108)
    three_decks = replace(classic, decks=3)  # a new rule set computes its own, never the preset's
    assert (three_decks.total_card_points, three_decks.red_threes_in_deck, three_decks.cards) == (1770, 6, 162)
    assert classic.total_card_points == 1180
    assert PRESETS["modern"].bonus_of({"natural": 1, "wild_twos": 2}) == 6500
    assert classic == replace(classic) and hash(classic) == hash(replace(classic))
