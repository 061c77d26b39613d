"""Issue 21, words rendered late: the rules checks and the referee answer codes and data; messages.py words them.

Every reason, problem, note and refusal is a code with parameters that are data
(numbers, rank codes, card text, flags, nested problems), never English; its
sentence is made from them, so the API can answer both and a translation can
word the same data.
"""

import json
import re

import pytest

from scorekeeper.canasta.cards import Rank, parse_cards
from scorekeeper.canasta.checks import check_going_out, check_initial_meld, check_meld, check_pile
from scorekeeper.canasta.errors import Problem, data
from scorekeeper.canasta.messages import MESSAGES, REFUSALS, refusal_sentence, sentence
from scorekeeper.canasta.play.problems import refusal
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.play import Discard, TakePile, judge, replay
from scorekeeper.canasta.players.random_players import random_deal

# A string parameter is a code: a rank, card text, a preset or family id, a special hand's name.
CODE = re.compile(r"^(wild|[A-Z0-9]{1,3}[SHDC♠♥♦♣]?( [A-Z0-9]{1,3}[SHDC♠♥♦♣]?)*|[a-z0-9_-]+)$")


def strings(value):
    """Yield every string parameter in ``value`` (JSON data), codes of nested problems aside."""
    if isinstance(value, dict):
        if set(value) == {"code", "params"}:
            yield from strings(value["params"])
            return
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, str):
        yield value


def rebuilt(value, refused=False):
    """Return JSON data as the engine's values: ``{"code", "params"}`` as a problem (a refusal when ``refused``)."""
    if isinstance(value, dict) and set(value) == {"code", "params"}:
        params = {key: rebuilt(each) for key, each in value["params"].items()}
        if refused or value["code"] not in MESSAGES:
            return refusal(value["code"], **params)
        return Problem(value["code"], **params)
    if isinstance(value, list):
        return [rebuilt(each) for each in value]
    return value


def worded(item, refused=False):
    """Return the sentence of a problem (a refusal when ``refused``) given as JSON data."""
    return rebuilt(item, refused).message


HANDS = ["Q 2 5 9", "Q Q 2 K K K", "3H 3S K K 2", "JK 2 2 2 2", "A A A 7 7 7 7", "Q", "K K K K K 2 2 5", "4 4 4 9"]


@pytest.mark.parametrize("rules", ["classic", "modern", "classic-2p"])
@pytest.mark.parametrize("hand", HANDS)
@pytest.mark.parametrize("top", ["Q", "2", "3H", "3S", "K"])
def test_the_checks_answer_data_that_words_as_their_sentences(rules, hand, top):
    ruleset, options = resolve(rules)
    cards, top_card = parse_cards(hand), parse_cards(top)[0]
    pile = check_pile(ruleset, options, top_card, cards, side_has_melded=len(cards) % 2 == 0,
                      side_melds={Rank.QUEEN: 4} if len(cards) > 4 else {}, pile_size=1, stock_empty=True,
                      dead_ranks={Rank.KING})
    initial = check_initial_meld(ruleset, options, 1600, cards, pile_top=top_card, going_out="out")
    meld = check_meld(ruleset, options, cards, dead_ranks={Rank.KING})
    going = check_going_out(ruleset, options, cards, canastas=0, side_has_melded=False, total=0)
    pairs = [(pile.reasons_data, pile.reasons), (pile.frozen_because_data, pile.frozen_because),
             (pile.notes_data, pile.notes), ((pile.reason_data,), (pile.reason,)),
             (initial.problems_data, initial.problems), (meld.problems_data, meld.problems),
             (going.reasons_data, going.reasons), (going.conditions_data, going.conditions),
             (going.notes_data, going.notes)]
    for problems, words in pairs:
        assert [worded(data(problem)) for problem in problems] == list(words)
        for each in strings(data(list(problems))):
            assert CODE.match(each), each


def test_a_refusal_carries_data_and_words_it_when_shown():
    checked = 0
    for seed in range(6):
        played = replay(random_deal(["classic", "modern"][seed % 2], None, seed))
        for position in played.positions[::7]:
            hand = position.hands[position.turn] if position.turn is not None else ()
            for move in [TakePile(tuple(hand[:2])), TakePile(), *(Discard(card) for card in hand[:3])]:
                for refused in judge(position, move).refusals:
                    as_json = json.loads(json.dumps(refused.as_dict()))
                    assert as_json["message"] == refused.message
                    assert worded({"code": as_json["code"], "params": as_json["params"]}, refused=True) == refused.message
                    for each in strings(as_json["params"]):
                        assert CODE.match(each), (refused.code, each)
                    checked += 1
    assert checked > 50


def test_every_code_has_its_sentence_in_one_place():
    assert sentence("meld.dead_rank", {"rank": "K"}) == refusal_sentence("dead_rank", {"rank": "K"})
    assert sentence("pile.must_take", {"top": "Q", "rank": "Q"}) == refusal_sentence(
        "must_take_pile", {"top": "Q", "rank": "Q"})
    assert set(REFUSALS) >= {"pile", "meld_rule", "initial_meld", "ask_cannot_go_out"}


def test_the_pile_api_answers_codes_beside_its_sentences(client):
    answer = client.post("/api/v1/check/pile", json={
        "rules": "classic", "pile_top": "Q", "hand": "Q 2 5 9", "frozen": True, "side_has_melded": True}).get_json()
    assert answer["reason"] == ("A wild card or a turned-up red 3 freezes the pile: taking it needs a natural pair "
                                "of queens from your hand; you have a queen.")
    assert answer["codes"]["reasons"] == [{"code": "pile.natural_pair_needed", "params": {
        "because": [{"code": "pile.frozen.by_a_card", "params": {}}], "rank": "Q", "in_hand": 1}}]
    assert [worded(item) for item in answer["codes"]["reasons"]] == answer["reasons"]
    assert [worded(item) for item in answer["codes"]["frozen_because"]] == answer["frozen_because"]


@pytest.mark.parametrize(("path", "body", "fields"), [
    ("initial-meld", {"rules": "modern", "cards": "A A 2 K K 2 3H", "pile_top": "Q"}, ["problems"]),
    ("meld", {"rules": "modern", "cards": "7 7 7 7 7 7 2 2"}, ["problems"]),
    ("going-out", {"rules": "classic", "hand": "K K K Q 2 2 2 2 5", "total": 1600}, ["reasons", "conditions", "notes"]),
    ("pile", {"rules": "modern", "pile_top": "K", "hand": "K K 2", "dead_ranks": ["K"], "stock_empty": True},
     ["reasons", "frozen_because", "notes"]),
], ids=["initial-meld", "meld", "going-out", "pile"])
def test_every_check_answers_codes_that_word_as_its_sentences(client, path, body, fields):
    answer = client.post(f"/api/v1/check/{path}", json=body).get_json()
    assert any(answer[field] for field in fields)
    for field in fields:
        assert [worded(item) for item in answer["codes"][field]] == answer[field]


def test_the_referee_api_answers_refusals_as_data(client):
    position = {"hands": ["Q 2 K K K 6 7 8 9 10 J", 11, 11, 11], "stock": 61, "pile": "5 9 Q", "turn": 0,
                "step": "draw"}
    answer = client.post("/api/v1/play/check", json={"rules": "classic", "position": position, "move": {
        "kind": "take_pile", "cards": "Q 2"}}).get_json()
    assert answer["codes"]["reasons"] == [{"code": r["code"], "params": r["params"]} for r in answer["refusals"]]
    assert [worded(item, refused=True) for item in answer["codes"]["reasons"]] == answer["reasons"]
    moves = client.post("/api/v1/play/moves", json={"rules": "classic", "position": position}).get_json()
    assert [worded(way["codes"]["message"]) for way in moves["pile"]["ways"]] == [
        way["message"] for way in moves["pile"]["ways"]]
