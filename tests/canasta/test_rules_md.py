"""RULES.md line by line: the numbers and verdicts players argue about at a table, each row named
after the section of RULES.md (or API.md) it pins, asked of the engine or of the JSON API.

Most statements are pinned elsewhere too (test_canasta_*.py, test_api_*.py, test_checker.py);
these rows pin them where that was indirect or missing: exact boundaries, every option and
preset, the JSON answers of the checks, and the wrong answers this audit found.
"""

import pytest

from scorekeeper import create_app
from scorekeeper.canasta.cards import parse_cards, parse_meld_groups
from scorekeeper.canasta.checks import check_going_out, check_meld
from scorekeeper.canasta.errors import InvalidHand
from scorekeeper.canasta.melds import Meld
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.rules import PRESETS
from scorekeeper.canasta.scoring import score_request


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """One app for the module: the checks and /score change nothing, so the rows can share it."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False, "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path_factory.mktemp("rules_md") / "scorekeeper.db")})
    return app.test_client()


def post(api, endpoint, body):
    response = api.post(endpoint, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def score(rules, sides, options=None, totals_before=None):
    payload = {"rules": rules, "sides": sides}
    if options is not None:
        payload["options"] = options
    if totals_before is not None:
        payload["totals_before"] = totals_before
    return score_request(payload)


def refused(payload):
    with pytest.raises(InvalidHand) as caught:
        score_request(payload)
    return [(problem.field, problem.message) for problem in caught.value.problems]


def others(rules):
    """Empty sides for every scorer but the first."""
    return [{} for _ in range(PRESETS[rules].scorers - 1)]


# --- Card values -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("in_hand", "melds", "breakdown"),
    [
        pytest.param({"jokers": 1}, None, {"in_hand": -50}, id="card-values.joker-50-minus-in-hand"),
        pytest.param({"twos": 1}, None, {"in_hand": -20}, id="card-values.two-20-minus-in-hand"),
        pytest.param({"aces": 1}, None, {"in_hand": -20}, id="card-values.ace-20-minus-in-hand"),
        pytest.param({"eight_to_king": 6}, None, {"in_hand": -60}, id="card-values.8-to-king-10-each"),
        pytest.param({"four_to_seven": 4}, None, {"in_hand": -20}, id="card-values.4-to-7-5-each"),
        pytest.param({"black_threes": 1}, None, {"in_hand": -5}, id="card-values.black-3-left-in-hand-5"),
        pytest.param(None, [{"rank": "A", "naturals": 2, "jokers": 1}], {"melded": 90},
                     id="card-values.melded-count-plus-ace-ace-joker-90"),
        pytest.param(None, [{"rank": "4", "naturals": 2, "twos": 1}, {"rank": "8", "naturals": 3}], {"melded": 60},
                     id="card-values.melded-count-plus-4-4-2-and-8-8-8-60"),
    ],
)
def test_card_values_count_plus_melded_and_minus_in_hand(in_hand, melds, breakdown):
    side = {}
    if in_hand is not None:
        side["in_hand"] = in_hand
        side["melded_points"] = 50  # melded something: no red 3 question, only the cards
        breakdown = {"melded": 50, **breakdown}
    if melds is not None:
        side["melds"] = melds
    answer = score("classic", [side, {}])
    assert answer["sides"][0]["breakdown"] == breakdown


def test_card_values_a_red_three_has_no_card_value_only_its_bonus():
    """Card values: "Red 3: no card value: a bonus or a penalty only"; the meld check refuses it as a card."""
    answer = score("classic", [{"melds": [{"rank": "K", "naturals": 3}], "red_threes": 1}, {}])
    assert answer["sides"][0]["breakdown"] == {"red_threes": 100, "melded": 30}
    ruleset, options = resolve("classic")
    assert check_meld(ruleset, options, parse_cards("3H 3D 3H")).problems == (
        "Red 3s are never melded: they are laid out on their own.",)


@pytest.mark.parametrize(
    ("rules", "melded_points", "accepted"),
    [pytest.param("classic", 1180, True, id="card-values.two-decks-hold-1180-points"),
     pytest.param("classic", 1185, False, id="card-values.two-decks-hold-no-1185-points"),
     pytest.param("classic-6p", 1770, True, id="card-values.three-decks-hold-1770-points"),
     pytest.param("classic-6p", 1775, False, id="card-values.three-decks-hold-no-1775-points")],
)
def test_card_values_what_the_decks_hold(rules, melded_points, accepted):
    payload = {"rules": rules, "sides": [{"melded_points": melded_points}] + others(rules)}
    if accepted:
        assert score_request(payload)["sides"][0]["score"] == melded_points
    else:
        assert [field for field, _ in refused(payload)] == ["sides[0].melded_points"]


# --- Rule sets (presets): targets, through /score at the boundary ---------------------------------


@pytest.mark.parametrize(
    ("rules", "target"),
    [
        pytest.param("classic", 5000, id="presets.classic-target-5000"),
        pytest.param("classic-2p", 5000, id="presets.classic-2p-target-5000"),
        pytest.param("classic-3p", 7500, id="presets.classic-3p-target-7500"),
        pytest.param("classic-6p", 10000, id="presets.classic-6p-target-10000"),
        pytest.param("classic-6p-3teams", 7500, id="presets.classic-6p-3teams-target-7500"),
        pytest.param("modern", 8500, id="presets.modern-target-8500"),
    ],
)
def test_presets_the_game_ends_at_the_target_exactly(rules, target):
    scorers = PRESETS[rules].scorers
    sides = [{"melded_points": 50}] + others(rules)
    if rules == "modern":
        sides[0] = {"melded_points": 70, "canastas": {"natural": 1}}  # 570: a Modern side scores plus with a canasta
    gained = score(rules, sides)["sides"][0]["score"]
    short = score(rules, sides, totals_before=[target - gained - 5] + [0] * (scorers - 1))
    reached = score(rules, sides, totals_before=[target - gained] + [0] * (scorers - 1))
    assert (short["scorers"][0]["total"], short["game_over"], short["winner"]) == (target - 5, False, None)
    assert (reached["scorers"][0]["total"], reached["game_over"], reached["winner"]) == (target, True, 0)


# --- Classic family: melds and wild-card limits ----------------------------------------------------

WILD_LIMITS = ("three", "not_outnumber", "naturals_outnumber")


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        # (three, not_outnumber, naturals_outnumber)
        pytest.param("K K 2", (True, True, True), id="melds.2-naturals-1-wild"),
        pytest.param("K K 2 2", (True, True, False), id="melds.2-naturals-2-wilds-equal"),
        pytest.param("K K 2 2 2", (True, False, False), id="melds.2-naturals-3-wilds"),
        pytest.param("K K K 2 2 2", (True, True, False), id="melds.3-naturals-3-wilds"),
        pytest.param("K K K K 2 2 JK", (True, True, True), id="melds.smallest-mixed-canasta-4-naturals-3-wilds"),
        pytest.param("K K K K K 2 2 2 JK", (False, False, False), id="melds.4-wilds-never"),
        pytest.param("K 2 2", (False, False, False), id="melds.1-natural-never"),
        pytest.param("2 2 JK", (False, False, False), id="melds.wild-cards-alone-illegal-in-classic"),
        pytest.param("K K", (False, False, False), id="melds.two-cards-are-no-meld"),
    ],
)
def test_melds_wild_card_limit_and_its_two_options(cards, legal):
    verdicts = []
    for wild_limit in WILD_LIMITS:
        ruleset, options = resolve("classic", {"wild_limit": wild_limit})
        verdicts.append(check_meld(ruleset, options, parse_cards(cards)).legal)
    assert tuple(verdicts) == legal


@pytest.mark.parametrize(
    ("rules", "cards", "going_out", "problems"),
    [
        pytest.param("classic", "3S 3C 3S", "out", [], id="melds.black-3s-three-going-out"),
        pytest.param("classic", "3S 3C 3S 3C", "out", [], id="melds.black-3s-four-going-out"),
        pytest.param("classic", "3S 3C 3S", "no", ["Black 3s are melded only by a player going out."],
                     id="melds.black-3s-only-going-out"),
        pytest.param("classic", "3S 3C 3S 2", "out", ["Black 3s are melded without wild cards."],
                     id="melds.black-3s-no-wilds"),
        pytest.param("classic", "3S 3C", "out", ["Black 3s are melded 3 or 4 at a time; this meld has 2."],
                     id="melds.black-3s-not-two"),
        pytest.param("classic-6p", "3S 3C 3S 3C 3S", "out", ["Black 3s are melded 3 or 4 at a time; this meld has 5."],
                     id="melds.black-3s-not-five-even-with-three-decks"),
        pytest.param("modern", "3S 3C 3S", "out",
                     ["In Modern American 3s are never melded: they are laid out on their own."],
                     id="modern-melds.all-3s-laid-out-never-melded"),
    ],
)
def test_melds_black_threes(api, rules, cards, going_out, problems):
    answer = post(api, "/api/v1/check/meld", {"rules": rules, "cards": cards, "going_out": going_out})
    assert (answer["legal"], answer["problems"]) == (not problems, problems)


def test_melds_one_meld_per_rank_per_side():
    """Classic melds: "One meld per rank per side"."""
    assert refused({"rules": "classic", "sides": [
        {"melds": [{"rank": "K", "naturals": 3}, {"rank": "K", "naturals": 3}]}, {}]}) == [
        ("sides[0].melds[1].rank", "This side already has a meld of kings (meld 1): one meld per rank.")]


# --- Classic family: canastas -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "cards", "kind", "points", "bonus"),
    [
        pytest.param("classic", "K K K K K K K", "natural", 70, 500, id="canastas.seven-kings-70-plus-500"),
        pytest.param("classic", "K K K K K K K 2", "mixed", 90, 300,
                     id="canastas.a-wild-card-added-to-a-natural-canasta-makes-it-mixed"),
        pytest.param("classic", "5 5 5 5 5 5 5", "natural", 35, 500, id="canastas.smallest-natural-35"),
        pytest.param("classic", "5 5 5 5 5 5 2", "mixed", 50, 300, id="canastas.smallest-mixed-50"),
        pytest.param("classic", "K K K K K K", None, 60, 0, id="canastas.six-cards-no-canasta"),
        pytest.param("classic-6p", "K K K K K K K K K K K K", "natural", 120, 500,
                     id="melds.no-upper-size-twelve-kings-with-three-decks"),
        pytest.param("classic", "A A A A A A A A 2 2 JK", "mixed", 250, 300, id="melds.no-upper-size-eleven-cards"),
    ],
)
def test_canastas(api, rules, cards, kind, points, bonus):
    answer = post(api, "/api/v1/check/meld", {"rules": rules, "cards": cards})
    assert (answer["kind"], answer["points"], answer["bonus"], answer["total"]) == (kind, points, bonus, points + bonus)


# --- Initial meld minimum (Classic and Modern American), exactly at its boundaries ---------------


@pytest.mark.parametrize(
    ("rules", "total", "cards", "points", "minimum"),
    [
        pytest.param("classic", -5, "4 4 4", 15, 15, id="initial-meld.below-0-15-exactly"),
        pytest.param("classic", -1000, "4 4 4", 15, 15, id="initial-meld.far-below-0-still-15"),
        pytest.param("classic", 0, "K K K 5 5 5", 45, 50, id="initial-meld.0-needs-50-45-is-5-short"),
        pytest.param("classic", 0, "K K K 5 5 5 5", 50, 50, id="initial-meld.0-50-exactly"),
        pytest.param("classic", 1495, "K K K 5 5 5 5", 50, 50, id="initial-meld.1495-still-50"),
        pytest.param("classic", 1500, "K K K 5 5 5 5", 50, 90, id="initial-meld.1500-needs-90"),
        pytest.param("classic", 1500, "A A A K K K", 90, 90, id="initial-meld.1500-90-exactly"),
        pytest.param("classic", 2995, "A A A K K K", 90, 90, id="initial-meld.2995-still-90"),
        pytest.param("classic", 3000, "A A A K K K", 90, 120, id="initial-meld.3000-needs-120"),
        pytest.param("classic", 3000, "A A A A K K K K", 120, 120, id="initial-meld.3000-120-exactly"),
        pytest.param("classic", 50000, "A A A A K K K K", 120, 120, id="initial-meld.classic-never-past-120"),
        pytest.param("classic-3p", 7495, "A A A A K K K K", 120, 120, id="initial-meld.3p-own-total-120"),
        pytest.param("classic-6p", 7495, "A A A A K K K K", 120, 120, id="initial-meld.6p-7495-120"),
        pytest.param("classic-6p", 7500, "A A A A K K K K", 120, 150, id="initial-meld.6p-7500-needs-150"),
        pytest.param("classic-6p", 7500, "A A A A K K K K Q Q Q", 150, 150, id="initial-meld.6p-150-exactly"),
        pytest.param("classic-6p-3teams", 7500, "A A A A K K K K", 120, 120, id="initial-meld.6p-3teams-has-no-150"),
        pytest.param("classic", 0, "K K K K K K K", 70, 50, id="initial-meld.only-card-values-no-canasta-bonus"),
        pytest.param("classic", 0, "K K 2 2 2", 80, 50, id="initial-meld.wild-cards-count-their-values"),
        pytest.param("modern", -500, "A A A A A 5 5 5 5 5", 125, 125, id="modern-initial-meld.negative-125-exactly"),
        pytest.param("modern", 2995, "A A A A A 5 5 5 5 5", 125, 125, id="modern-initial-meld.2995-125"),
        pytest.param("modern", 2995, "A A A A A 5 5 5 5", 120, 125, id="modern-initial-meld.120-is-5-short"),
        pytest.param("modern", 3000, "A A A A A 5 5 5 5 5", 125, 155, id="modern-initial-meld.3000-needs-155"),
        pytest.param("modern", 3000, "A A A A K K K K K K 5 5 5", 155, 155, id="modern-initial-meld.155-exactly"),
        pytest.param("modern", 4995, "A A A A K K K K K K 5 5 5", 155, 155, id="modern-initial-meld.4995-155"),
        pytest.param("modern", 5000, "A A A A K K K K K K 5 5 5", 155, 180, id="modern-initial-meld.5000-needs-180"),
        pytest.param("modern", 5000, "A A A A A A K K K K K K", 180, 180, id="modern-initial-meld.180-exactly"),
    ],
)
def test_initial_meld_minimum_at_its_boundaries(api, rules, total, cards, points, minimum):
    """Only card values count toward the minimum (never a canasta bonus); reaching it exactly is enough."""
    answer = post(api, "/api/v1/check/initial-meld", {"rules": rules, "total": total, "cards": cards})
    assert (answer["points"], answer["minimum"], answer["problems"]) == (points, minimum, [])
    assert (answer["meets_minimum"], answer["short_by"]) == (points >= minimum, max(0, minimum - points))


def test_initial_meld_pile_top_counts_the_rest_of_the_pile_does_not(api):
    """Initial meld: the top card counts with the cards from hand (K K + K on top + Q Q Q = 60)."""
    answer = post(api, "/api/v1/check/initial-meld", {"rules": "classic", "cards": "K K Q Q Q", "pile_top": "K"})
    assert (answer["points"], answer["meets_minimum"], answer["short_by"]) == (60, True, 0)


@pytest.mark.parametrize(
    ("body", "minimum", "meets"),
    [
        pytest.param({"cards": "K K K K K K K", "going_out": "concealed", "total": 3000}, 0, True,
                     id="initial-meld.concealed-from-the-stock-needs-no-minimum"),
        pytest.param({"cards": "K K K K K K K", "going_out": "out", "total": 3000}, 120, False,
                     id="initial-meld.going-out-not-concealed-needs-the-minimum"),
        pytest.param({"cards": "K K K K K K", "going_out": "concealed", "pile_top": "K", "total": 3000}, 120, False,
                     id="initial-meld.concealed-never-after-taking-the-pile-so-the-minimum-applies"),
    ],
)
def test_initial_meld_going_out_concealed_needs_no_minimum(api, body, minimum, meets):
    answer = post(api, "/api/v1/check/initial-meld", {"rules": "classic", **body})
    assert (answer["minimum"], answer["table_minimum"], answer["meets_minimum"]) == (minimum, 120, meets)
    assert answer["short_by"] == max(0, minimum - answer["points"])


# --- Classic family: the discard pile --------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "can_take", "ways", "frozen"),
    [
        pytest.param({"pile_top": "2", "hand": "K K 2", "side_has_melded": True}, False, [], False,
                     id="discard-pile.never-with-a-2-on-top"),
        pytest.param({"pile_top": "JK", "hand": "K K 2", "side_has_melded": True}, False, [], False,
                     id="discard-pile.never-with-a-joker-on-top"),
        pytest.param({"pile_top": "3C", "hand": "3S 3C 5", "side_has_melded": True}, False, [], False,
                     id="discard-pile.never-with-a-black-3-on-top"),
        pytest.param({"pile_top": "9", "hand": "9 9 2", "side_meld_ranks": ["9"]}, True,
                     ["natural_pair", "natural_and_wild", "add_to_meld"], False, id="discard-pile.unfrozen-three-ways"),
        pytest.param({"pile_top": "9", "hand": "9 JK", "side_has_melded": True}, True, ["natural_and_wild"], False,
                     id="discard-pile.unfrozen-one-natural-and-a-joker"),
        pytest.param({"pile_top": "9", "hand": "9 2 5", "side_meld_ranks": ["9"], "frozen": True}, False, [], True,
                     id="discard-pile.frozen-by-a-wild-card-neither-wild-nor-meld-helps"),
        pytest.param({"pile_top": "9", "hand": "9 9 5", "side_meld_ranks": ["9"], "frozen": True}, True,
                     ["natural_pair"], True, id="discard-pile.frozen-natural-pair-only"),
        pytest.param({"pile_top": "9", "hand": "9 2 5", "side_has_melded": False}, False, [], True,
                     id="discard-pile.frozen-for-a-side-not-melded"),
        pytest.param({"pile_top": "9", "hand": "9 9", "side_has_melded": False}, True, ["natural_pair"], True,
                     id="discard-pile.side-not-melded-natural-pair"),
        pytest.param({"pile_top": "9", "hand": "5", "side_meld_ranks": ["9"], "pile_size": 1}, False, [], False,
                     id="discard-pile.one-card-left-no-one-card-pile"),
        pytest.param({"pile_top": "9", "hand": "5", "side_meld_ranks": ["9"], "pile_size": 2}, True,
                     ["add_to_meld"], False, id="discard-pile.one-card-left-two-card-pile-is-fine"),
    ],
)
def test_discard_pile(api, body, can_take, ways, frozen):
    answer = post(api, "/api/v1/check/pile", {"rules": "classic", **body})
    assert answer["can_take"] is can_take
    assert [way["way"] for way in answer["ways"]] == ways
    assert answer["frozen"] is frozen


def test_discard_pile_every_classic_preset_reads_the_same_rules(api):
    """Discard pile: the Classic rules hold for every Classic preset (2, 3 and 6 players too)."""
    for rules in ("classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams"):
        body = {"rules": rules, "pile_top": "9", "hand": "9 2", "side_has_melded": True}
        unfrozen = post(api, "/api/v1/check/pile", body)
        frozen = post(api, "/api/v1/check/pile", {**body, "frozen": True})
        assert (unfrozen["can_take"], frozen["can_take"]) == (True, False), rules


# --- Classic family: going out ---------------------------------------------------------------------


def going_out(rules, hand, options=None, side_melds="", **kwargs):
    ruleset, chosen = resolve(rules, options)
    melds = [Meld.from_cards(group) for group in parse_meld_groups(side_melds)] if side_melds else []
    kwargs.setdefault("side_has_melded", bool(melds))
    return check_going_out(ruleset, chosen, parse_cards(hand), side_melds=melds, **kwargs)


@pytest.mark.parametrize(
    ("rules", "hand", "kwargs", "can", "concealed", "bonus"),
    [
        pytest.param("classic", "Q Q Q Q Q Q Q 5", {"canastas": 0, "side_has_melded": True, "player_has_melded": False},
                     True, True, 200, id="going-out.concealed-partner-melded-player-not-new-canasta-200"),
        pytest.param("classic", "Q Q Q Q Q Q Q 9 9", {"canastas": 0, "side_melds": "9 9 9", "player_has_melded": False},
                     True, False, 100, id="going-out.concealed-not-when-adding-to-the-partners-melds-100"),
        pytest.param("classic", "Q Q Q Q Q Q Q 5", {"canastas": 0, "side_has_melded": True, "player_has_melded": True},
                     True, False, 100, id="going-out.concealed-not-after-melding-earlier-100"),
        pytest.param("classic", "Q Q Q Q Q Q 5", {"canastas": 0, "side_has_melded": False}, False, False, 0,
                     id="going-out.concealed-needs-a-canasta"),
        pytest.param("classic", "Q Q Q Q Q Q Q", {"canastas": 0, "side_has_melded": False, "total": 3000},
                     True, True, 200, id="going-out.concealed-from-the-stock-no-minimum-70-at-3000"),
        pytest.param("classic", "Q Q Q 5", {"canastas": 0, "side_melds": "Q Q Q Q"}, True, False, 100,
                     id="going-out.completing-the-canasta-in-the-same-turn-counts"),
        pytest.param("classic", "Q Q Q 5 6", {"canastas": 1, "side_has_melded": True}, False, False, 0,
                     id="going-out.all-but-one-not-all-but-two"),
        pytest.param("classic", "Q 5", {"canastas": 1, "side_melds": "Q Q Q Q Q Q Q"}, True, False, 100,
                     id="going-out.classic-canasta-takes-an-eighth-card"),
        pytest.param("classic-2p", "Q Q Q Q Q Q Q K K K K K K K 5", {"canastas": 0, "side_has_melded": False},
                     True, True, 200, id="going-out.2p-two-canastas-in-one-turn-concealed"),
        pytest.param("classic-2p", "Q Q Q Q Q Q Q 5", {"canastas": 0, "side_has_melded": False}, False, False, 0,
                     id="going-out.2p-one-canasta-is-not-enough"),
        pytest.param("classic-3p", "Q Q Q Q Q Q Q 5", {"canastas": 1, "side_has_melded": True}, True, False, 100,
                     id="going-out.3p-two-canastas"),
        pytest.param("classic-6p", "Q Q Q Q Q Q Q 5", {"canastas": 0, "side_has_melded": True}, False, False, 0,
                     id="going-out.6p-two-canastas"),
        pytest.param("classic-6p-3teams", "Q Q Q Q Q Q Q 5", {"canastas": 1, "side_has_melded": True},
                     True, False, 100, id="going-out.6p-3teams-two-canastas"),
        pytest.param("modern", "Q Q Q Q Q Q Q K K K K K K K 5", {"canastas": 0, "side_has_melded": False},
                     True, False, 100, id="modern-hand-score.no-concealed-bonus"),
        pytest.param("modern", "Q 5 5 5", {"canastas": 2, "side_melds": "Q Q Q Q Q Q Q"}, True, False, 100,
                     id="modern-melds.no-meld-grows-past-7-the-queen-is-discarded"),
    ],
)
def test_going_out(rules, hand, kwargs, can, concealed, bonus):
    check = going_out(rules, hand, **kwargs)
    assert (check.can_go_out, check.concealed, check.bonus) == (can, concealed, bonus), check.reasons


def test_going_out_modern_never_adds_an_eighth_card():
    check = going_out("modern", "Q 5 5 5", canastas=2, side_melds="Q Q Q Q Q Q Q")
    assert ([meld.text for meld in check.melds], str(check.discard)) == (["5 5 5"], "Q")


@pytest.mark.parametrize(
    ("hand", "discard", "melds"),
    [
        # Discarding the joker makes two natural canastas (1,000 in bonuses) but only 85 points; discarding
        # a 4 puts the joker on the 4s: a mixed canasta, and 130 points reach the minimum of 125.
        pytest.param("4 4 4 4 4 4 4 6 6 6 6 6 6 6 7 7 7 JK", "4", ["7 7 7", "6 6 6 6 6 6 6", "4 4 4 4 4 4 JK"],
                     id="modern-initial-meld.going-out-picks-the-discard-that-reaches-125"),
        # Discarding a 5 keeps the most card points, but 5 5 2 is no clean triple; discarding a 2 keeps 5 5 5.
        pytest.param("2 2 2 2 2 2 2 Q Q Q Q Q JK JK 5 5 5 2", "2", ["Q Q Q Q Q JK JK", "5 5 5", "2 2 2 2 2 2 2"],
                     id="modern-initial-meld.going-out-picks-the-discard-that-keeps-a-clean-triple"),
    ],
)
def test_going_out_in_modern_with_the_initial_meld_keeps_what_it_needs(hand, discard, melds):
    """Modern initial meld: "must include a clean triple" and reach 125: a way out that does both is a yes."""
    check = going_out("modern", hand, canastas=0, side_has_melded=False, total=0)
    assert check.can_go_out, check.reasons
    assert (str(check.discard), [meld.text for meld in check.melds], check.bonus) == (discard, melds, 100)


def test_going_out_in_modern_with_the_initial_meld_through_the_api(api):
    answer = post(api, "/api/v1/check/going-out", {
        "rules": "modern", "hand": "4 4 4 4 4 4 4 6 6 6 6 6 6 6 7 7 7 JK", "total": 0})
    assert (answer["can_go_out"], answer["reasons"], answer["plan"]["discard"]) == (True, [], "4")


# --- Classic family: red 3s and the hand score -----------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "side", "options", "red_threes"),
    [
        pytest.param("classic-2p", {"melded_points": 50, "red_threes": 4}, None, 800, id="red-3s.2p-all-four-800"),
        pytest.param("classic-6p", {"melded_points": 50, "red_threes": 3}, None, 300, id="red-3s.6p-three-300"),
        pytest.param("classic-6p", {"hand_points": 10, "red_threes": 5}, None, -1000,
                     id="red-3s.6p-five-minus-1000-nothing-melded"),
        pytest.param("classic-6p-3teams", {"melded_points": 50, "red_threes": 4}, None, 400,
                     id="red-3s.6p-3teams-four-400-not-800"),
        pytest.param("classic-6p-3teams", {"melded_points": 50, "red_threes": 5}, None, 1000,
                     id="red-3s.6p-3teams-five-1000"),
        pytest.param("classic", {"melded_points": 15, "red_threes": 2}, None, 200,
                     id="red-3s.the-smallest-meld-15-makes-them-plus"),
        pytest.param("classic", {"hand_points": 200, "red_threes": 4}, {"red_threes_minus": "no_canasta"}, -800,
                     id="red-3s.option-no-canasta-minus-when-nothing-melded-too"),
        pytest.param("classic", {"melded_points": 300, "red_threes": 3}, {"red_threes_minus": "no_canasta"}, -300,
                     id="red-3s.option-no-canasta-minus-with-melds-but-no-canasta"),
        pytest.param("classic-6p", {"melded_points": 300, "red_threes": 6}, {"red_threes_minus": "no_canasta"}, -1200,
                     id="red-3s.6p-option-no-canasta-six-minus-1200"),
    ],
)
def test_red_threes(rules, side, options, red_threes):
    answer = score(rules, [side] + others(rules), options)
    assert answer["sides"][0]["breakdown"]["red_threes"] == red_threes


def test_hand_score_formula_every_part_at_once():
    """Hand score of a side = canasta bonuses + going out + red 3s + melded cards - cards left in hand."""
    answer = score("classic", [{"melds": [{"rank": "A", "naturals": 7}, {"rank": "K", "naturals": 5, "twos": 1,
                                                                          "jokers": 1}, {"rank": "3", "naturals": 3}],
                                "in_hand": {"jokers": 1}, "red_threes": 2, "going_out": "out"}, {}])
    side = answer["sides"][0]
    assert side["breakdown"] == {"canastas": 800, "going_out": 100, "red_threes": 200, "melded": 140 + 120 + 15,
                                 "in_hand": -50}
    assert side["score"] == 800 + 100 + 200 + 275 - 50


def test_hand_score_may_be_negative_and_so_may_a_running_total():
    answer = score("classic", [{"hand_points": 300, "red_threes": 1}, {"melded_points": 50}], totals_before=[100, 0])
    assert [(scorer["hand_score"], scorer["total"], scorer["next_minimum"]) for scorer in answer["scorers"]] == [
        (-400, -300, 15), (50, 50, 50)]


def test_going_out_when_the_stock_runs_out_nobody_gets_the_bonus():
    """Going out: "When the stock runs out nobody gets the bonus": a hand with nobody out has no going_out part."""
    answer = score("classic", [{"melded_points": 170, "natural_canastas": 1},
                               {"melded_points": 90, "mixed_canastas": 1}])
    assert [side["breakdown"].get("going_out", 0) for side in answer["sides"]] == [0, 0]
    assert [side["score"] for side in answer["sides"]] == [670, 390]


# --- Three players (classic-3p) --------------------------------------------------------------------


LONE_OUT_TWO_CANASTAS = {"members": [0], "melded_points": 200, "natural_canastas": 2, "going_out": "out"}
LONE_OUT_ONE_CANASTA = {"members": [0], "melded_points": 100, "natural_canastas": 1, "going_out": "out"}


@pytest.mark.parametrize(
    ("sides", "options", "scores"),
    [
        pytest.param([LONE_OUT_TWO_CANASTAS, {"members": [1, 2], "hand_points": 40}], None, [1300, -40, -40],
                     id="three-players.the-player-who-goes-out-plays-alone"),
        pytest.param([{"members": [0], "melded_points": 50}, {"members": [1]}, {"members": [2], "hand_points": 15}],
                     None, [50, 0, -15], id="three-players.stock-ran-out-nobody-took-the-pile-everyone-alone"),
        pytest.param([LONE_OUT_ONE_CANASTA, {"members": [1, 2]}], {"canastas_to_go_out": 1}, [700, 0, 0],
                     id="three-players.option-one-canasta-to-go-out"),
    ],
)
def test_three_players_who_plays_alone(sides, options, scores):
    answer = score("classic-3p", sides, options)
    assert [scorer["hand_score"] for scorer in answer["scorers"]] == scores


@pytest.mark.parametrize(
    ("sides", "field"),
    [
        pytest.param([LONE_OUT_TWO_CANASTAS, {"members": [1]}, {"members": [2]}], "sides[0].going_out",
                     id="three-players.everyone-alone-means-nobody-went-out"),
        pytest.param([LONE_OUT_ONE_CANASTA, {"members": [1, 2]}], "sides[0].going_out",
                     id="three-players.two-canastas-to-go-out-by-default"),
    ],
)
def test_three_players_refused(sides, field):
    assert field in [where for where, _ in refused({"rules": "classic-3p", "sides": sides})]


def test_three_players_minimum_from_each_players_own_total():
    """Initial meld minimum: "for classic-3p, each player's own total"."""
    answer = score("classic-3p", [{"members": [0], "melded_points": 50}, {"members": [1, 2], "melded_points": 50}],
                   totals_before=[-100, 1450, 2950])
    assert [scorer["next_minimum"] for scorer in answer["scorers"]] == [15, 90, 120]


# --- End of the game ---------------------------------------------------------------------------------


EVEN_HANDS = {
    "classic": [{"melded_points": 50}, {"melded_points": 50}],
    "classic-3p": [{"members": [index], "melded_points": 50} for index in range(3)],
    "modern": [{"melded_points": 70, "canastas": {"natural": 1}}, {"melded_points": 70, "canastas": {"natural": 1}}],
}


@pytest.mark.parametrize(
    ("rules", "options", "totals_before", "game_over", "winner"),
    [
        pytest.param("classic", None, [4950, 4950], False, None, id="end.exact-tie-at-the-top-another-hand"),
        pytest.param("classic", {"tie": "shared"}, [4950, 4950], True, None, id="end.option-shared-win"),
        pytest.param("classic", None, [4950, 4955], True, 1, id="end.highest-total-wins-by-5"),
        pytest.param("classic", None, [-50, -50], False, None, id="end.tie-below-the-target-plays-on"),
        pytest.param("classic-3p", None, [7450, 7450, 100], False, None, id="end.3p-tie-on-top-another-hand"),
        pytest.param("classic-3p", None, [7450, 7400, 7400], True, 0, id="end.3p-tie-below-the-top-is-no-tie"),
        pytest.param("modern", None, [7930, 7930], False, None, id="modern-end.tie-as-in-classic"),
    ],
)
def test_end_of_the_game(rules, options, totals_before, game_over, winner):
    """Each side scores the same this hand (50, or 570 in Modern), so the totals keep their order."""
    answer = score(rules, EVEN_HANDS[rules], options, totals_before)
    assert (answer["game_over"], answer["winner"]) == (game_over, winner)


# --- Modern American -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "points", "meets", "problems"),
    [
        # Q Q from hand with the queen on top make the clean triple; the top card's 10 does not count.
        pytest.param({"cards": "Q Q A A A A 2 2 K K 2", "pile_top": "Q"}, 180, True, [],
                     id="modern-initial-meld.top-card-and-pair-make-the-clean-triple-but-not-points"),
        pytest.param({"cards": "Q 2 A A A A A A 2", "pile_top": "Q"}, 170, False,
                     ["In Modern American the pile is always frozen: taking it needs a natural pair of queens from "
                      "your hand; you have a queen."], id="modern-initial-meld.pile-always-frozen-natural-pair"),
        pytest.param({"cards": "A A 2 K K 2 Q Q JK J J JK"}, 240, False,
                     ["In Modern American the initial meld must include a clean triple: three or more natural cards "
                      "of one rank and no wild card."], id="modern-initial-meld.no-clean-triple-no-meld"),
        pytest.param({"cards": "7 7 7 2 A A A A A"}, 135, True, [],
                     id="modern-melds.sevens-never-take-wilds-the-2-goes-to-the-aces"),
    ],
)
def test_modern_initial_meld(api, body, points, meets, problems):
    answer = post(api, "/api/v1/check/initial-meld", {"rules": "modern", "total": 0, **body})
    assert (answer["points"], answer["meets_minimum"], answer["problems"]) == (points, meets, problems)


@pytest.mark.parametrize(
    ("cards", "initial", "legal", "kind", "bonus", "penalty"),
    [
        pytest.param("K K 2 2", None, True, None, 0, 0, id="modern-melds.two-wilds"),
        pytest.param("K K K 2 2 2", None, False, None, 0, 0, id="modern-melds.never-three-wilds"),
        pytest.param("K K K K K K K K", None, False, None, 0, 0, id="modern-melds.never-eight-cards"),
        pytest.param("7 7 7 2", None, False, None, 0, 0, id="modern-melds.sevens-never-take-wilds"),
        pytest.param("A A A 2", True, True, None, 0, 2500, id="modern-melds.aces-with-a-wild-in-the-initial-meld"),
        pytest.param("A A A 2", False, False, None, 0, 0, id="modern-melds.aces-no-wild-after-the-initial-meld"),
        pytest.param("2 2 JK", None, True, None, 0, 2000, id="modern-melds.wild-card-meld-of-three"),
        pytest.param("2 2", None, False, None, 0, 0, id="modern-melds.wild-card-meld-not-two"),
        pytest.param("K K K K K 2 2", None, True, "mixed", 300, 0, id="modern-canastas.mixed-300"),
        pytest.param("K K K K K K K", None, True, "natural", 500, 0, id="modern-canastas.natural-500"),
        pytest.param("A A A A A A A", None, True, "natural_aces", 2500, 0, id="modern-canastas.natural-aces-2500"),
        pytest.param("A A A A A 2 2", True, True, "mixed", 300, 0, id="modern-canastas.aces-with-wilds-are-mixed-300"),
        pytest.param("7 7 7 7 7 7 7", None, True, "sevens", 2500, 0, id="modern-canastas.sevens-2500"),
        pytest.param("2 2 2 2 2 2 2", None, True, "wild_twos", 3000, 0, id="modern-canastas.seven-2s-3000"),
        pytest.param("JK JK JK JK 2 2 2", None, True, "wild_four_jokers", 2500, 0,
                     id="modern-canastas.all-four-jokers-2500"),
        pytest.param("JK JK JK 2 2 2 2", None, True, "wild", 2000, 0, id="modern-canastas.other-wild-2000"),
    ],
)
def test_modern_melds_and_canastas(api, cards, initial, legal, kind, bonus, penalty):
    body = {"rules": "modern", "cards": cards}
    if initial is not None:
        body["initial"] = initial
    answer = post(api, "/api/v1/check/meld", body)
    assert (answer["legal"], answer["kind"], answer["bonus"], answer["penalty_if_unfinished"]) == (
        legal, kind, bonus, penalty)


@pytest.mark.parametrize(
    ("side", "breakdown"),
    [
        pytest.param({"melded_points": 100, "red_threes": 4, "black_threes": 4},
                     {"threes": -2000, "melded": -100}, id="modern-threes.no-canasta-four-and-four-minus-2000"),
        pytest.param({"melded_points": 170, "canastas": {"natural": 1}, "red_threes": 4, "black_threes": 4},
                     {"canastas": 500, "melded": 170}, id="modern-threes.one-canasta-threes-count-0"),
        pytest.param({"melded_points": 240, "canastas": {"natural": 2}, "red_threes": 1, "black_threes": 3},
                     {"canastas": 1000, "threes": 600, "melded": 240}, id="modern-threes.1-red-100-plus-3-black-500"),
        pytest.param({"melded_points": 240, "canastas": {"natural": 2}, "red_threes": 2, "black_threes": 2},
                     {"canastas": 1000, "threes": 600, "melded": 240}, id="modern-threes.2-and-2-300-each"),
        pytest.param({"melded_points": 100, "last_drawn_three": True, "red_threes": 1},
                     {"threes": -100, "melded": -100, "penalties": -5},
                     id="modern-penalties.last-drawn-3-minus-5-outside-the-table"),
        pytest.param({"melded_points": 170, "canastas": {"natural": 1}, "unfinished": {"aces": True, "sevens": True,
                                                                                      "wild": True}},
                     {"canastas": 500, "melded": 170, "penalties": -7000},
                     id="modern-penalties.unfinished-aces-sevens-and-wild-even-with-a-canasta"),
        pytest.param({"melded_points": 240, "canastas": {"natural": 2}, "players_with_three_aces": 1,
                      "players_with_three_sevens": 1, "hand_points": 75, "going_out": "no"},
                     {"canastas": 1000, "melded": 240, "in_hand": -75, "penalties": -3000},
                     id="modern-penalties.one-player-holding-three-aces-and-three-sevens-both-charged"),
        pytest.param({"special_hand_points": 1750}, {"special_hand": 1750},
                     id="modern-special-hands.a-games-own-special-hand-with-its-value"),
    ],
)
def test_modern_threes_and_penalties(side, breakdown):
    answer = score("modern", [side, {}])
    assert answer["sides"][0]["breakdown"] == breakdown


@pytest.mark.parametrize(
    ("hand_id", "points"),
    [pytest.param("straight", 3000, id="modern-special-hands.straight-3000"),
     pytest.param("pairs", 2500, id="modern-special-hands.seven-natural-pairs-2500"),
     pytest.param("pairs_wild", 2000, id="modern-special-hands.seven-pairs-with-a-wild-pair-2000"),
     pytest.param("garbage", 3000, id="modern-special-hands.garbage-3000")],
)
def test_modern_special_hands_score_their_value_and_nothing_else(api, hand_id, points):
    listed = {hand["id"]: hand["points"] for preset in api.get("/api/v1/rules").get_json()["rules"]
              for hand in preset["special_hands"]}
    assert listed[hand_id] == points
    answer = score("modern", [{"special_hand_points": points, "red_threes": 2, "hand_points": 20},
                              {"melded_points": 70, "canastas": {"natural": 1}, "hand_points": 30}])
    assert [side["breakdown"] for side in answer["sides"]] == [
        {"special_hand": points}, {"canastas": 500, "melded": 70, "in_hand": -30}]
