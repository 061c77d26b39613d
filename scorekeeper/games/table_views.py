"""What one seat of a table may know: its own hand, the table, and of every other hand and the stock only counts.

The engine's position is written as docs/play.md's JSON (``codec.position_data``)
with every hand but the seat's, and the stock, as counts; then its seats and
sides are turned from the engine's to the table's (the deal passes to the left,
the engine always deals to its seat 0 first). A spectator sees every hand as a
count. A computer's reason tells of its hand: only its own side reads it.
"""

from __future__ import annotations

from ..canasta.coach.words import Reader, reason_clause
from ..canasta.play import legal_moves
from ..canasta.players.reasons import Reason
from ..canasta.play.codec import Shown, position_data
from . import table_talk as talk
from .tables import Table

LAST_MOVES = 12  # the moves of the deal a view lists, the latest last


def _rotated(data: dict, table: Table) -> dict:
    """Return a position's JSON with its seats and sides turned from the engine's to the table's."""
    players, shift = table.players, table.shift
    scorers = len(data["totals_before"])

    def per(values, count):
        turned = [None] * count
        for index, value in enumerate(values):
            turned[(index + shift) % count] = value
        return turned

    data = dict(data)
    for key in ("hands", "threes", "seat_melded"):
        data[key] = per(data[key], players)
    for key in ("melds", "melded", "totals_before"):
        data[key] = per(data[key], scorers)
    for key in ("turn", "lone", "out_seat"):
        if key in data:
            data[key] = table.table_seat(data[key])
    return data


def seen_position(table: Table, seat: int | None) -> dict:
    """Return the position as ``seat`` may know it (None: a spectator): every other hand and the stock as counts."""
    mine = table.engine_seat(seat) if seat is not None else None
    shown = Shown(hidden_hands=frozenset(e for e in range(table.players) if e != mine), hidden_stock=True)
    return _rotated(position_data(table.position, shown), table)


def _last_moves(table: Table, seat: int | None) -> list[dict]:
    """The deal's latest moves, table seats; a computer's reason only for its own side's seats (it tells of its hand)."""
    entries = table.row["moves"][-LAST_MOVES:]
    start = len(table.row["moves"]) - len(entries)
    listed = []
    for number, entry in enumerate(entries, start=start + 1):
        item = {"number": number, "version": entry["version"], "seat": entry["seat"], "by": entry["by"],
                "move": entry["move"]}
        if entry.get("stand_in"):
            item["stand_in"] = True  # the computer played this move for a person who was away
        if entry.get("reason") and seat is not None and _same_side(table, seat, entry["seat"]):
            item["reason"] = entry["reason"]
        listed.append(item)
    return listed


def _same_side(table: Table, one: int, other: int) -> bool:
    position = table.position
    return position.side_of(table.engine_seat(one)) == position.side_of(table.engine_seat(other))


def _asked(table: Table, seat: int | None):
    """Who asked "may I go out?" this turn, of whom, and the answer (with a computer's reason for its side)."""
    position = table.position
    if position.over or (position.step != "answer" and position.answer is None):
        return None
    asker = table.table_seat(position.turn)
    partner = None
    reason = None
    for entry in reversed(table.row["moves"]):
        if entry["move"]["kind"] == "answer":
            partner = entry["seat"]
            reason = entry.get("reason")
            break
        if entry["move"]["kind"] == "ask_partner":
            break
    if partner is None:
        partner = table.to_move if position.step == "answer" else None
    asked = {"seat": asker, "partner": partner, "answer": position.answer}
    if reason and seat is not None and partner is not None and _same_side(table, seat, partner):
        told = Reason.from_dict(reason).to_the_table()  # nobody tells their hand's contents, a partner included
        if told is not None:
            asked["reason"] = reason_clause(told, "told", Reader(seat, table.names))
    return asked


def view_for(table: Table, seat: int | None, urls: dict) -> dict:
    """Return the table as ``seat`` may know it (API.md "Tables"); ``seat`` None: a spectator's view."""
    position = table.position
    over = position.over
    to_move = table.to_move
    moves = []
    if seat is not None and to_move == seat:
        moves = [move.as_dict() for move in legal_moves(position)]
    game = table.game
    answer = {
        "id": table.id, "version": table.version, "seat": seat, "rules": table.row["rules"],
        "names": table.names, "deal": table.row["deal_number"],
        "position": seen_position(table, seat), "to_move": to_move, "moves": moves,
        "totals": list(table.row["totals_before"]), "game_url": urls["game_url"], "game_id": game.id,
        "over": over,
        # The project's additions:
        "options": table.row["options"], "dealer": table.dealer,
        "seats": talk.seats_view(table), "said": talk.said_view(table, seat), "nudged": talk.nudged_view(table, seat),
        "asked": _asked(table, seat),
        "last_moves": _last_moves(table, seat),
        "deal_score": None, "game_over": game.score.game_over, "winner": game.score.winner,
        "ended": table.row["ended"], "next_deal": over and not table.row["ended"] and not game.score.game_over,
        "url": urls["url"], "live_url": urls["live_url"],
    }
    if over and game.score.hands:
        last = game.score.hands[-1]
        answer["deal_score"] = {"number": len(game.score.hands), "scores": list(last.scores), "totals": list(last.totals)}
    return answer
