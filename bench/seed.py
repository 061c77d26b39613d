"""Realistic Classic Canasta games for the benchmarks, the same every run (fixed seeds).

A hand is what a table of four really enters: most hands end with one team
going out (now and then concealed) on one to three canastas, red 3s turn up on
either side, a quarter of the hands end with the stock run out, and a few
sides are entered meld by meld with the cards left in hand, as the web form
may. Every generated hand is checked by the engine before it is used.
"""

from __future__ import annotations

import random

from scorekeeper.games import write as service
from scorekeeper.canasta.errors import CanastaError
from scorekeeper.canasta.options import TARGET_RANGE, resolve
from scorekeeper.canasta.scoring import score_game
from scorekeeper.canasta.sides import parse_hand

RULES = "classic"
# The highest target a game may have: 30 or 40 hands of real scores never end the game.
OPTIONS = {"target": TARGET_RANGE[1]}
NAMES = ["Ann & Bob", "Cy & Di"]
SEATS = ["Ann", "Cy", "Bob", "Di"]
SEED = 7
RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
POINTS = {"4": 5, "5": 5, "6": 5, "7": 5, "8": 10, "9": 10, "10": 10, "J": 10, "Q": 10, "K": 10, "A": 20}


def _fives(rng, low, high):
    return 5 * rng.randint(low // 5, high // 5)


def _meld_side(rng, canastas, going_out, red_threes):
    """A side entered meld by meld: ``canastas`` canastas, a few short melds, cards in hand."""
    ranks = rng.sample(RANKS, canastas + rng.randint(1, 3))
    melds = []
    for position, rank in enumerate(ranks):
        size = rng.randint(7, 9) if position < canastas else rng.randint(3, 5)
        wilds = rng.choice([0, 0, 1, 2]) if size >= 7 else rng.choice([0, 1])
        twos = wilds if rng.random() < 0.7 else 0
        melds.append({"rank": rank, "naturals": size - wilds, "twos": twos, "jokers": wilds - twos})
    side = {"melds": melds, "red_threes": red_threes, "going_out": going_out}
    if going_out == "no":
        side["in_hand"] = {"jokers": 0, "twos": rng.randint(0, 1), "aces": rng.randint(0, 1),
                           "eight_to_king": rng.randint(0, 3), "four_to_seven": rng.randint(0, 3), "black_threes": 0}
    return side


def _count_side(rng, canastas, going_out, red_threes):
    """A side entered as totals: melded points, canasta counts, points left in hand."""
    natural = sum(rng.random() < 0.35 for _ in range(canastas))
    mixed = canastas - natural
    melded = 50 * natural + 70 * mixed + _fives(rng, 20 * canastas, 60 + 60 * canastas)
    side = {"melded_points": melded, "natural_canastas": natural, "mixed_canastas": mixed,
            "red_threes": red_threes, "going_out": going_out}
    # Going out, a partner may still hold cards; otherwise the side holds a few.
    side["hand_points"] = _fives(rng, 0, 60) if going_out != "no" else _fives(rng, 0, 150)
    if going_out == "concealed":
        side["hand_points"] = 0
    return side


def _side(rng, canastas, going_out, red_threes):
    if rng.random() < 0.2:
        return _meld_side(rng, canastas, going_out, red_threes)
    return _count_side(rng, canastas, going_out, red_threes)


def _draft_hand(rng):
    red_threes = [0, 0]
    for _ in range(rng.choice([1, 2, 2, 3, 4])):
        red_threes[rng.randint(0, 1)] += 1
    if rng.random() < 0.25:  # the stock ran out: nobody went out
        return [_side(rng, rng.randint(0, 2), "no", red_threes[0]), _side(rng, rng.randint(0, 2), "no", red_threes[1])]
    winner = rng.randint(0, 1)
    going_out = "concealed" if rng.random() < 0.05 else "out"
    sides = [None, None]
    sides[winner] = _side(rng, rng.randint(1, 3), going_out, red_threes[winner])
    loser_canastas = rng.choice([0, 0, 1, 1, 2])
    loser = _side(rng, loser_canastas, "no", red_threes[1 - winner])
    if loser_canastas == 0 and rng.random() < 0.3 and "melds" not in loser:
        loser.update(melded_points=0, natural_canastas=0, mixed_canastas=0)  # caught before melding: red 3s minus
    sides[1 - winner] = loser
    return sides


def realistic_hand(rng):
    """Return the sides of one Classic hand that the engine accepts."""
    ruleset, options = resolve(RULES, OPTIONS)
    for _ in range(100):
        sides = _draft_hand(rng)
        try:
            parse_hand(ruleset, options, sides)
        except CanastaError:
            continue
        return sides
    raise RuntimeError("could not draw a valid hand in 100 tries: the generator and the engine disagree")


def realistic_hands(count, seed=SEED):
    """Return ``count`` hands (each a list of sides) of one game that does not end, the same for a seed."""
    rng = random.Random(seed)
    hands = [realistic_hand(rng) for _ in range(count)]
    score = score_game(RULES, OPTIONS, None, hands)  # raises if the engine refuses the game
    if score.game_over or len(score.hands) != count:
        raise RuntimeError(f"a {count}-hand benchmark game ended early: raise its target")
    return hands


def seed_game(db, hands):
    """Create a game through ``scorekeeper.games.write`` and enter ``hands`` one by one; return ``(id, edit key)``."""
    game_id, edit_key = service.new_game(db, rules=RULES, options=OPTIONS, names=NAMES, seats=SEATS)
    for sides in hands:
        service.add_hand(db, game_id, sides)
    return game_id, edit_key


def game_database(path, hands):
    """Create the app's database at ``path`` (migrated) holding one game with ``hands``; return ``(id, edit key)``."""
    from scorekeeper.store import sqlite

    sqlite.migrate(path)
    db = sqlite.connect(path)
    try:
        return seed_game(db, hands)
    finally:
        db.close()


# The request of API.md's "Score one hand" example.
SCORE_EXAMPLE = {
    "rules": "classic",
    "options": {},
    "totals_before": [0, 0],
    "sides": [
        {"melded_points": 120, "hand_points": 15, "natural_canastas": 0,
         "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
        {"melded_points": 0, "hand_points": 95, "red_threes": 2},
    ],
}
