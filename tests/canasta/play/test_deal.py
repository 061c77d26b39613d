"""A deal plays end to end under every preset, replays the same, and is scored by canasta.scoring."""

from collections import Counter

import pytest

from scorekeeper.canasta.play import Deal, deal, replay, score
from scorekeeper.canasta.players.random_players import random_deal
from scorekeeper.canasta.play.ending import score_body
from scorekeeper.canasta.play.position import decks
from scorekeeper.canasta.rules import PRESETS
from scorekeeper.canasta.scoring import score_request

PRESET_IDS = list(PRESETS)


@pytest.mark.parametrize(("rules", "dealt", "cards"), [
    ("classic", 11, 108), ("classic-2p", 15, 108), ("classic-3p", 13, 108),
    ("classic-6p", 13, 162), ("classic-6p-3teams", 13, 162), ("modern", 13, 108),
], ids=PRESET_IDS)
def test_the_deal_gives_each_seat_its_cards(rules, dealt, cards):
    position, _ = deal(rules, seed=11)
    assert [len(hand) for hand in position.hands] == [dealt] * PRESETS[rules].players
    held = Counter(card for hand in position.hands for card in hand)
    held.update(position.stock)
    held.update(position.pile)
    held.update(card for threes in position.threes for card in threes)
    assert sum(held.values()) == cards
    assert held == Counter(decks(PRESETS[rules].decks))


@pytest.mark.parametrize("rules", PRESET_IDS)
def test_a_random_deal_ends_and_replays_the_same(rules):
    record = random_deal(rules, seed=3)
    first, second = replay(record), replay(Deal.from_dict(record.as_dict()))
    assert first.position.over
    assert first.positions == second.positions
    assert score(first.position) == score_request(score_body(first.position))
