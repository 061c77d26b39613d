"""A stored game together with its score, as every page, PDF and API answer reads it.

The store keeps games and hands as entered; the score is computed here by
``canasta.scoring`` each time a game is read, so it can never drift from the
hands it comes from.
"""

from dataclasses import dataclass, field

from . import db as store
from .canasta.errors import CanastaError, Problem
from .canasta.rules import PRESETS
from .canasta.scoring import GameScore, score_game
from .canasta.seating import dealer


@dataclass(frozen=True)
class Game:
    """A game as stored (``hands`` as entered) and ``score``, the engine's reading of it."""

    id: str
    rules: str
    options: dict
    names: list
    seats: list
    start_totals: list
    version: int
    created_at: str
    updated_at: str
    hands: list
    score: GameScore
    # Set only when a stored hand no longer passes the engine's checks: the
    # score then covers the hands before it and the pages say so.
    problems: list = field(default_factory=list)

    @property
    def ruleset(self):
        return PRESETS[self.rules]

    @property
    def next_dealer(self):
        """Name of the player who deals the next hand, or None without seats."""
        return dealer(self.seats, len(self.hands) + 1)

    def dealer_of(self, number):
        """Name of the player who dealt hand ``number``, or None without seats."""
        return dealer(self.seats, number)


def score_of(rules, options, start_totals, hands):
    """Return the engine's GameScore of these hands' sides (each hand as stored)."""
    return score_game(rules, options, start_totals, [hand["sides"] for hand in hands])


def load_game(db, game_id):
    """Return the Game with this id, scored, or None when there is none."""
    stored = store.get_game(db, game_id)
    if stored is None:
        return None
    problems = []
    hands = stored["hands"]
    try:
        score = score_of(stored["rules"], stored["options"], stored["start_totals"], hands)
    except CanastaError as error:
        problems = list(error.problems) or [Problem("", str(error))]
        score = score_of(stored["rules"], stored["options"], stored["start_totals"],
                         hands[: _first_bad_hand(problems, len(hands))])
    return Game(
        id=stored["id"], rules=stored["rules"], options=stored["options"], names=stored["names"],
        seats=stored["seats"], start_totals=stored["start_totals"], version=stored["version"],
        created_at=stored["created_at"], updated_at=stored["updated_at"], hands=hands,
        score=score, problems=problems,
    )


def _first_bad_hand(problems, hand_count):
    """Index of the first hand a problem names (``hands[3]...`` -> 3)."""
    indexes = []
    for problem in problems:
        if problem.field.startswith("hands["):
            indexes.append(int(problem.field[len("hands["):problem.field.index("]")]))
    return min(indexes, default=0) if indexes else 0
