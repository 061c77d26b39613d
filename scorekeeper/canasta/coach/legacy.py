"""The practice log of a deal, stored as sentences before the log held data, made data again.

Until the log stored codes and parameters, each entry held the sentence the player
read (``text``). The deal's moves are stored, so each line can be made again by
replaying the deal; an entry becomes data only where that data, worded for the
practice game's player (seat 0, "You"), is exactly the stored sentence. Any other
entry keeps its sentence, shown as it was: nothing a player read is lost or changed.
"""

from __future__ import annotations

from ..errors import CanastaError
from ..play import Deal, move_from_data, replay
from ..play.moves import Answer, AskPartner
from ..players.levels import LEVELS
from .lines import answer_line, hint, line, mistakes, tip
from .names import seat_names
from .said import Said
from .words import Reader, render

PLAYER = 0


def _candidates(entry: dict, played, moves, level: str) -> list:
    """Return what the coach would say now for the stored ``entry``: the data it may have been."""
    kind, number = entry.get("kind"), entry.get("n")
    if not isinstance(number, int) or not 0 <= number < len(played.positions):
        return []
    position = played.positions[number]
    if kind == "hint":
        return [hint(position)[1]] if not position.over else []
    if number >= len(moves):
        return []
    move, events, after = moves[number], played.events[number + 1], played.positions[number + 1]
    if kind == "you":
        return [line(position, move, events, viewer=PLAYER)]
    if kind == "computer":
        # Logs from before a line about another seat kept its hand's secrets (issue 20) said its whole reason.
        choice = LEVELS[level].choose(position)
        if isinstance(move, Answer) and number and isinstance(moves[number - 1], AskPartner):
            return [answer_line(position, choice, viewer=PLAYER), answer_line(position, choice, viewer=None)]
        told = line(position, move, events, viewer=PLAYER, choice=choice)
        whole = Said.of(told.code, **{**dict(told.params), "reason": choice.reason if choice.move == move else None})
        return [told, Said(whole.code, tuple(item for item in whole.params if item[0] != "told"))]
    if kind == "mistake":
        return mistakes(position, move, after)
    if kind == "tip":
        return [said for said in [tip(position, move)] if said is not None]
    return []


def log_as_data(rules: str, level: str, seed: str, totals_before, moves: list, log: list[dict]) -> list[dict]:
    """Return the stored ``log`` of the deal (``moves`` as stored) with each sentence made data where the data
    reads the same; entries already data, and sentences the deal cannot give again, are kept as they are."""
    if not any("text" in entry and "said" not in entry for entry in log):
        return log
    try:
        made = tuple(move_from_data(move) for move in moves)
        played = replay(Deal(rules, None, seed, tuple(totals_before) if totals_before is not None else None, made))
    except (CanastaError, KeyError, TypeError, ValueError):  # a deal the engine no longer replays
        return log
    reader = Reader(PLAYER, seat_names(played.positions[0].seats))
    converted = []
    for entry in log:
        if "text" in entry and "said" not in entry:
            for said in _candidates(entry, played, made, level):
                if render(said, reader) == entry["text"]:
                    entry = {"kind": entry["kind"], "said": said.as_dict(), "seat": entry.get("seat"),
                             "n": entry["n"]}
                    break
        converted.append(entry)
    return converted
