"""Whole deals played with moves drawn from the legal ones: for tests, benchmarks and a first opponent."""

from __future__ import annotations

from ..play.legal import legal_moves
from ..play.moves import Discard, Move
from ..play.position import Shuffler
from ..play.referee import apply
from ..play.replay import Deal, replay
from ..play.table import deal

MAX_MOVES = 5000  # no deal comes near: every turn draws a card or melds one for good


def choose(moves: tuple[Move, ...], chance: Shuffler, meld_bias: int = 3) -> Move:
    """Return one of ``moves``: anything but a discard ``meld_bias`` times out of ``meld_bias + 1``."""
    others = [move for move in moves if not isinstance(move, Discard)]
    if others and chance.below(meld_bias + 1):
        return others[chance.below(len(others))]
    return moves[chance.below(len(moves))]


def random_deal(rules: str = "classic", options: dict | None = None, seed: int | str = 0,
                totals_before=None, meld_bias: int = 3) -> Deal:
    """Return a whole deal played with moves drawn from the legal ones, seeded: the same every time."""
    position, _ = deal(rules, options, seed, totals_before)
    chance = Shuffler(f"moves:{seed}")
    moves = []
    while not position.over:
        if len(moves) >= MAX_MOVES:
            raise RuntimeError(f"The deal of seed {seed} did not end in {MAX_MOVES} moves.")
        move = choose(legal_moves(position), chance, meld_bias)
        position, _ = apply(position, move)
        moves.append(move)
    return Deal(rules, options, seed, tuple(totals_before) if totals_before is not None else None, tuple(moves))


__all__ = ["choose", "random_deal", "replay"]
