"""Random players: a move drawn from the legal ones, for tests, benchmarks and a first opponent.

``RandomPlayer(chance, meld_bias=0)`` draws every legal move alike (the
benchmark's "random legal play"); with ``meld_bias=3`` it draws anything but a
discard 3 times out of 4, so it melds whatever it can (the "melding random
player"). ``chance`` is the seeded :class:`..play.position.Shuffler` the
player draws from: one for the whole deal, so the same seed plays the same moves.
"""

from __future__ import annotations

from ..play.legal import legal_moves
from ..play.moves import Discard, Move
from ..play.position import Position, Shuffler
from ..play.replay import Deal
from ..play.table import deal
from .loop import play_out
from .player import Choice
from .reasons import reason


DRAWN = reason("random_move")


class RandomPlayer:
    """A player that draws its move from the legal ones: anything but a discard ``meld_bias`` times out of ``meld_bias + 1``."""

    def __init__(self, chance: Shuffler, meld_bias: int = 0, name: str = "random"):
        self.chance, self.meld_bias, self.name = chance, meld_bias, name

    def draw_move(self, moves: tuple[Move, ...]) -> Move:
        """Return one of ``moves``, drawn by the player's chance."""
        others = [move for move in moves if not isinstance(move, Discard)]
        if others and self.chance.below(self.meld_bias + 1):
            return others[self.chance.below(len(others))]
        return moves[self.chance.below(len(moves))]

    def choose(self, position: Position) -> Choice:
        return Choice(self.draw_move(legal_moves(position)), DRAWN, self.name)


def random_deal(rules: str = "classic", options: dict | None = None, seed: int | str = 0,
                totals_before=None, meld_bias: int = 3) -> Deal:
    """Return a whole deal played by random players (one chance for every seat), seeded: the same every time."""
    position, _ = deal(rules, options, seed, totals_before)
    player = RandomPlayer(Shuffler(f"moves:{seed}"), meld_bias, "random-melder" if meld_bias else "random")
    moves = tuple(turn.move for turn in play_out(position, [player] * position.seats))
    return Deal(rules, options, seed, tuple(totals_before) if totals_before is not None else None, moves)


__all__ = ["RandomPlayer", "random_deal"]
