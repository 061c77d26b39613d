"""Properties that hold for every hand: multiples of 5, totals that add up, no crash on any input."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.canasta.cards import parse_cards
from scorekeeper.canasta.errors import CanastaError, CardError, InvalidHand
from scorekeeper.canasta.rules import CANASTA_MINIMUM_POINTS, PRESETS
from scorekeeper.canasta.scoring import score_game, score_request
from scorekeeper.canasta.families import FAMILIES

SETTINGS = settings(max_examples=200, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
# Small enough that the sides together never hold more card points than the decks.
FIVES = st.integers(0, 20).map(lambda n: 5 * n)


@st.composite
def classic_side(draw, red_threes_left, may_go_out, need):
    natural = draw(st.integers(0, 2))
    mixed = draw(st.integers(0, 2))
    least = natural * CANASTA_MINIMUM_POINTS["natural"] + mixed * CANASTA_MINIMUM_POINTS["mixed"]
    side = {
        "natural_canastas": natural, "mixed_canastas": mixed,
        "melded_points": least + draw(FIVES), "hand_points": draw(FIVES),
        "red_threes": draw(st.integers(0, red_threes_left)),
    }
    if may_go_out and natural + mixed >= need and side["melded_points"]:
        side["going_out"] = draw(st.sampled_from(["no", "out", "concealed"]))
    return side


@st.composite
def classic_hand(draw, rules_id):
    ruleset = PRESETS[rules_id]
    sides, red_threes_left, out_side = [], ruleset.red_threes_in_deck, draw(st.integers(0, ruleset.scorers))
    for index in range(ruleset.scorers):
        side = draw(classic_side(red_threes_left, index == out_side, ruleset.canastas_to_go_out))
        red_threes_left -= side["red_threes"]
        sides.append(side)
    return sides


@st.composite
def modern_hand(draw):
    sides, threes_left = [], {"red_threes": 4, "black_threes": 4}
    out_side = draw(st.integers(0, 2))
    for index in range(2):
        canastas = {"natural": draw(st.integers(0, 2)), "mixed": draw(st.integers(0, 2)),
                    "wild": draw(st.integers(0, 1)) if index == 0 else 0}
        unfinished = {name: draw(st.booleans()) for name in ("aces", "sevens")}
        least = sum(CANASTA_MINIMUM_POINTS[kind] * count for kind, count in canastas.items())
        side = {"canastas": canastas, "unfinished": unfinished, "melded_points": least + 75 + draw(FIVES),
                "players_with_three_aces": (aces_held := draw(st.integers(0, 2))),
                # A player holding 3+ aces holds at least their 60 points (the engine refuses less).
                "hand_points": 60 * aces_held + draw(FIVES),
                "last_drawn_three": index == 0 and draw(st.booleans())}
        for colour in threes_left:
            side[colour] = draw(st.integers(0, threes_left[colour]))
            threes_left[colour] -= side[colour]
        if index == out_side and sum(canastas.values()) >= 2:
            side["going_out"] = "out"
        if index == 1 and out_side == 2 and draw(st.booleans()):
            side = {"special_hand_points": draw(st.sampled_from([2000, 2500, 3000]))}
        sides.append(side)
    return sides


def any_hand():
    return st.one_of(
        *[classic_hand(rules_id).map(lambda sides, rules_id=rules_id: (rules_id, sides))
          for rules_id in ("classic", "classic-2p", "classic-6p", "classic-6p-3teams")],
        modern_hand().map(lambda sides: ("modern", sides)),
    )


@SETTINGS
@given(any_hand())
def test_every_score_is_a_multiple_of_5_and_the_sum_of_its_breakdown(hand):
    rules_id, sides = hand
    answer = score_request({"rules": rules_id, "sides": sides})
    for side in answer["sides"]:
        assert side["score"] == sum(side["breakdown"].values())
        assert side["score"] % 5 == 0
    assert all(scorer["hand_score"] % 5 == 0 for scorer in answer["scorers"])


@SETTINGS
@given(st.lists(st.integers(-10_000, 10_000), min_size=2, max_size=2),
       st.lists(classic_hand("classic"), max_size=6))
def test_a_total_is_the_start_plus_its_hand_scores(start, hands):
    game = score_game("classic", {"target": 100_000}, start, hands)
    for scorer in range(2):
        assert game.totals[scorer] == start[scorer] + sum(hand.scores[scorer] for hand in game.hands)
        running = start[scorer]
        for hand in game.hands:
            running += hand.scores[scorer]
            assert hand.totals[scorer] == running


JSON_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-10, 10), st.floats(allow_nan=True),
    st.text(max_size=8), st.sampled_from(["no", "out", "concealed", "K", "wild", "3", "A", "7"]),
)
JSON = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
KNOWN_FIELD = st.sampled_from(sorted({name for family in FAMILIES.values() for name in family.side_fields}))
NUMBER_OR_JSON = st.one_of(st.integers(-50, 2000), JSON)
MELD = st.fixed_dictionaries({}, optional={
    "rank": st.sampled_from(["K", "A", "7", "3", "wild", "2", "x", ""]) | JSON,
    "naturals": NUMBER_OR_JSON, "twos": NUMBER_OR_JSON, "jokers": NUMBER_OR_JSON,
})
SIDE_VALUE = st.one_of(NUMBER_OR_JSON, st.lists(MELD, max_size=3),
                       st.dictionaries(st.sampled_from(["natural", "aces", "jokers", "twos", "mixed"]),
                                       NUMBER_OR_JSON, max_size=3))
SIDE = st.dictionaries(st.one_of(KNOWN_FIELD, st.text(max_size=6)), SIDE_VALUE, max_size=8) | JSON
PAYLOAD = st.one_of(
    st.fixed_dictionaries({}, optional={
        "rules": st.sampled_from(list(PRESETS)) | JSON,
        "options": st.dictionaries(st.sampled_from(["target", "tie", "wild_limit", "canastas_to_go_out", "x"]),
                                   NUMBER_OR_JSON, max_size=3) | JSON,
        "totals_before": st.lists(NUMBER_OR_JSON, max_size=4) | JSON,
        "sides": st.lists(SIDE, max_size=4) | JSON,
        "extra": JSON,
    }),
    JSON,
)


@SETTINGS
@given(PAYLOAD)
def test_any_json_is_scored_or_refused_with_problems(payload):
    try:
        answer = score_request(payload)
    except InvalidHand as error:
        assert error.problems
        assert all(isinstance(problem.field, str) and problem.message for problem in error.problems)
    else:
        assert set(answer) == {"sides", "scorers", "game_over", "winner"}


@SETTINGS
@given(st.text(max_size=60) | st.lists(st.sampled_from(["K", "3", "3h", "|", "JK", "10♠", "x", ",", " "])).map("".join))
def test_any_text_is_cards_or_a_card_error(text):
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert error.problems
    else:
        assert all(card.points % 5 == 0 for card in cards)


@SETTINGS
@given(st.sampled_from(list(PRESETS)) | JSON, JSON, JSON, JSON)
def test_any_game_input_is_scored_or_refused(rules_id, options, start, hands):
    try:
        score_game(rules_id, options, start, hands)
    except CanastaError as error:
        assert error.problems
