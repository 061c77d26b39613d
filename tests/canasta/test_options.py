"""House rules (the "Option"s of RULES.md): defaults by preset, choices, every problem of a choice, the catalogue."""

import json

import pytest

from scorekeeper.canasta.errors import InvalidHand
from scorekeeper.canasta.options import OPTION_SPECS, Options, default_options, option_specs, resolve, rules_catalog
from scorekeeper.canasta.rules import PRESETS


@pytest.mark.parametrize("rules_id", list(PRESETS))
def test_defaults_follow_the_preset(rules_id):
    ruleset, options = resolve(rules_id, {})
    assert options == default_options(ruleset)
    assert options.target == ruleset.target
    assert options.canastas_to_go_out == ruleset.canastas_to_go_out
    assert (options.tie, options.red_threes_minus, options.wild_limit) == ("another_hand", "no_meld", "three")


@pytest.mark.parametrize(
    ("rules_id", "chosen", "expected"),
    [
        pytest.param("classic", {"target": 3000}, {"target": 3000}, id="target"),
        pytest.param("classic", {"tie": "shared"}, {"tie": "shared"}, id="tie-shared"),
        pytest.param("classic", {"red_threes_minus": "no_canasta"}, {"red_threes_minus": "no_canasta"}, id="red-threes"),
        pytest.param("classic-6p", {"wild_limit": "not_outnumber"}, {"wild_limit": "not_outnumber"}, id="wilds-1"),
        pytest.param("classic", {"wild_limit": "naturals_outnumber"}, {"wild_limit": "naturals_outnumber"}, id="wilds-2"),
        pytest.param("classic-3p", {"canastas_to_go_out": 1}, {"canastas_to_go_out": 1}, id="3p-one-canasta"),
        pytest.param("modern", {"tie": "shared", "target": 10000}, {"tie": "shared", "target": 10000}, id="modern"),
    ],
)
def test_options_chosen(rules_id, chosen, expected):
    _, options = resolve(rules_id, chosen)
    assert {name: getattr(options, name) for name in expected} == expected


@pytest.mark.parametrize(
    ("rules_id", "chosen", "field", "message"),
    [
        pytest.param("classic", {"colour": 1}, "options.colour", 'There is no option "colour".', id="unknown-option"),
        pytest.param("classic", {"target": "5000"}, "options.target", "whole number", id="target-string"),
        pytest.param("classic", {"target": True}, "options.target", "whole number", id="target-bool"),
        pytest.param("classic", {"target": 10**30}, "options.target", "from 500 to 100,000", id="target-huge"),
        pytest.param("classic", {"tie": "coin"}, "options.tie", '"another_hand", "shared"', id="tie-value"),
        pytest.param("classic", {"wild_limit": 3}, "options.wild_limit", "choose one of", id="wild-limit-type"),
        pytest.param("modern", {"wild_limit": "three"}, "options.wild_limit", "not part of Modern", id="classic-only"),
        pytest.param("classic", {"canastas_to_go_out": 2}, "options.canastas_to_go_out", "not part of", id="3p-only"),
        pytest.param("classic-3p", {"canastas_to_go_out": 3}, "options.canastas_to_go_out", "choose one of", id="3p-3"),
        pytest.param("classic-3p", {"canastas_to_go_out": True}, "options.canastas_to_go_out", "choose", id="3p-bool"),
        pytest.param("classic", ["target"], "options", "object", id="not-an-object"),
    ],
)
def test_option_problems(rules_id, chosen, field, message):
    with pytest.raises(InvalidHand) as caught:
        resolve(rules_id, chosen)
    assert [problem.field for problem in caught.value.problems] == [field]
    assert message in caught.value.problems[0].message


def test_every_option_problem_at_once():
    with pytest.raises(InvalidHand) as caught:
        resolve("classic", {"target": -1, "tie": "no", "nope": 1})
    assert {problem.field for problem in caught.value.problems} == {"options.target", "options.tie", "options.nope"}


def test_option_specs_match_options_fields():
    fields = set(Options.__dataclass_fields__)
    assert {spec.name for spec in OPTION_SPECS} == fields
    assert [spec.name for spec in option_specs(PRESETS["classic-3p"])] == [
        "target", "tie", "red_threes_minus", "wild_limit", "canastas_to_go_out"]
    assert [spec.name for spec in option_specs(PRESETS["classic"])] == [
        "target", "tie", "red_threes_minus", "wild_limit"]


def test_every_spec_choice_resolves():
    for ruleset in PRESETS.values():
        for spec in option_specs(ruleset):
            for value, _label in spec.choices:
                assert getattr(resolve(ruleset.id, {spec.name: value})[1], spec.name) == value


def test_rules_catalog_is_json_with_options_and_minimums():
    catalog = json.loads(json.dumps(rules_catalog()))
    assert [entry["id"] for entry in catalog] == list(PRESETS)
    classic = catalog[0]
    assert classic["minimum_table"] == [[None, 15], [0, 50], [1500, 90], [3000, 120]]
    assert classic["total_card_points"] == 1180
    assert {option["name"]: option["default"] for option in classic["options"]}["target"] == 5000
    assert catalog[-1]["canasta_bonuses"]["wild_twos"] == 3000


def test_rules_catalog_lists_the_special_hands_with_their_points():
    catalog = {entry["id"]: entry for entry in json.loads(json.dumps(rules_catalog()))}
    assert catalog["modern"]["special_hands"] == [
        {"id": "straight", "label": "Straight", "points": 3000},
        {"id": "pairs", "label": "Seven natural pairs", "points": 2500},
        {"id": "pairs_wild", "label": "Seven pairs with a wild pair", "points": 2000},
        {"id": "garbage", "label": "Garbage (4-4-3-3)", "points": 3000},
    ]
    assert catalog["classic"]["special_hands"] == []
