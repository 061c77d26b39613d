"""A table: one deal played by several phones, each seeing only its own hand, the referee in the middle.

A table is stored as its deal's moves (``store.tables``) and replayed by
:mod:`scorekeeper.canasta.play` on every read, like a practice game. Each seat
is a person's (who holds the seat's key) or the computer's (at a level). Every
move goes through the engine's referee; a refused move is an answer and changes
nothing. Each finished deal is scored by the engine and stored as a hand of the
scorekeeper game behind the table (``games.write.add_hand``).

Seats. The table's seats never move: seat ``t`` plays for side ``t % scorers``,
the game's scorer of that number. The deal passes to the left after every hand,
while the engine always deals to its seat 0 first; so in deal ``d`` the
engine's seat ``e`` is the table's seat ``(e + d - 1) % players``. Everything a
phone sees (the position, whose move, the reasons) is in table seats.

Opening a table is :mod:`.table_open`; what a seat sees is :mod:`.table_views`; the computers moving by themselves,
paced, one move per transaction, is :mod:`.table_computers`. The computer
player is imported in one place, :func:`_computer_move`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from flask_babel import gettext

from ..canasta import messages
from ..canasta.errors import InvalidHand, Problem
from ..canasta.messages import N_
from ..canasta.play import AskPartner, Deal, apply, hand_sides, judge, move_from_data, replay
from ..canasta.rules import PRESETS
from ..store import sqlite
from ..store import table_talk as talk_rows
from ..store import tables as rows
from . import read, write

PERSON, COMPUTER = "person", "computer"
ID_BYTES = 18  # 144 bits, as a game's id
KEY_BYTES = 24  # 192 bits, as an edit key
SEED_BYTES = 16
# The cleanup rule (``flask purge-tables``): a table ended (by its host, or with its game) is kept
# this many days for a last look at the deal; one nobody moved on for this many is abandoned.
KEEP_ENDED_DAYS = 30
KEEP_UNTOUCHED_DAYS = 90
STAND_IN_LEVEL = "normal"  # the computer's level when it plays for a person who is away


def _computer_move(position, seat, level):
    """Return the computer's ``Choice`` (move and reason) for engine ``seat`` at ``level``: the one import of a player."""
    from ..canasta.players.levels import LEVELS

    if seat != position.to_move:
        raise ValueError(f"seat {seat} is not to move")
    return LEVELS[level].choose(position)


def computer_levels() -> tuple[str, ...]:
    """Return the computer's levels, easiest first."""
    from ..canasta.players.levels import LEVEL_NAMES

    return tuple(LEVEL_NAMES)


def clock() -> float:
    """Return the time, seconds since the epoch (tests replace it)."""
    return time.time()


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def hash_key(key: str) -> str:
    return hashlib.sha256(b"table key:" + key.encode("utf-8")).hexdigest()


def new_seed() -> str:
    """Return a deal's seed: random, from ``secrets``, never derived from an id (it decides every hidden card)."""
    return secrets.token_hex(SEED_BYTES)


class Conflict(Exception):
    """The table is not at the version the change was based on: nothing changed."""

    def __init__(self, version):
        super().__init__(f"The table is at version {version}.")
        self.version = version


# --- sentences a table says (its own refusals, and the referee's that name seats) ---------------------

SENTENCES = {
    "not_your_turn": N_("It is {name}'s move, not yours: wait for your turn."),
    "spectator": N_("Only a seat's key can make a move: this key only watches the table."),
    "table_ended": N_("The host ended this table: no move can follow."),
    "deal_not_over": N_("The deal is still being played: the next deal comes after it ends."),
    "game_over": N_("The game is over: the table deals no more. Open a new table to play again."),
}


def sentence(code, **params) -> str:
    """Return one of :data:`SENTENCES` in the reader's language, its parameters filled in."""
    return gettext(SENTENCES[code]).format(**params)


def _refusal(code, **params):
    return {"code": code, "message": sentence(code, **params), "params": params}


# --- reading a table ---------------------------------------------------------------------------------


@dataclass
class Table:
    """A table as read: its row, its seats, the scorekeeper game, and the deal replayed."""

    row: dict
    game: read.Game
    positions: list  # every position of the deal so far, in engine seats

    @property
    def id(self) -> str:
        return self.row["id"]

    @property
    def version(self) -> int:
        return self.row["version"]

    @property
    def seats(self) -> list[dict]:
        return self.row["seats"]

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.seats]

    @property
    def position(self):
        return self.positions[-1]

    @property
    def shift(self) -> int:
        """How far the deal has passed round the table: engine seat ``e`` is table seat ``(e + shift) % players``."""
        return _shift(self.row)

    def table_seat(self, engine_seat):
        return None if engine_seat is None else (engine_seat + self.shift) % self.players

    def engine_seat(self, table_seat):
        return (table_seat - self.shift) % self.players

    @property
    def to_move(self):
        """The table seat to move, or None once the deal is over or the table ended."""
        if self.position.over or self.row["ended"]:
            return None
        return self.table_seat(self.position.to_move)

    @property
    def dealer(self) -> int:
        return self.table_seat(self.players - 1)

    @property
    def game_over(self) -> bool:
        return self.game.score.game_over

    def computer_to_move(self):
        """Return ``(table seat, level)`` when a computer is to move, else None.

        A person marked away (``games.table_talk``) has the computer stand in, at ``STAND_IN_LEVEL``.
        """
        seat = self.to_move
        if seat is None:
            return None
        if self.seats[seat]["player"] == COMPUTER:
            return seat, self.seats[seat]["level"]
        if self.seats[seat].get("away"):
            return seat, STAND_IN_LEVEL
        return None

    def seat_of_key(self, key):
        """Return the seat ``key`` opens, "host" for the host's key, or None (constant-time comparisons)."""
        if not isinstance(key, str) or not key:
            return None
        hashed = hash_key(key)
        found = None
        for seat in self.seats:
            if seat["key_hash"] and hmac.compare_digest(seat["key_hash"], hashed):
                found = seat["seat"]
        if hmac.compare_digest(self.row["host_key_hash"], hashed):
            found = "host" if found is None else found
        return found


def _shift(row) -> int:
    """How far deal ``deal_number`` has passed round the table; never at a practice table, whose person plays first."""
    return 0 if row.get("practice") else (row["deal_number"] - 1) % len(row["seats"])


def _record(row) -> Deal:
    totals = row["totals_before"]
    shift = _shift(row)
    scorers = len(totals)
    engine_totals = tuple(totals[(side + shift) % scorers] for side in range(scorers))
    return Deal(row["rules"], row["options"] or None, row["seed"], engine_totals,
                tuple(move_from_data(entry["move"]) for entry in row["moves"]))


# The deals this process replayed last: a read of a table the process read before applies the
# moves made since instead of replaying the whole deal (40 ms for 140 moves). Positions are frozen.
REPLAYS_KEPT = 128
_replays: OrderedDict = OrderedDict()  # (table id, seed) -> (the moves as stored, every position)
_replays_lock = threading.Lock()


def _positions(row) -> list:
    """Return every position of the row's deal: from this process's last replay of it when the moves go on from there."""
    key, moves = (row["id"], row["seed"]), row["moves"]
    with _replays_lock:
        kept = _replays.get(key)
    if kept is not None and len(kept[0]) <= len(moves) and kept[0] == moves[:len(kept[0])]:
        positions = list(kept[1])
        for entry in moves[len(kept[0]):]:
            positions.append(apply(positions[-1], move_from_data(entry["move"]))[0])
    else:
        positions = replay(_record(row)).positions
    with _replays_lock:
        _replays[key] = (list(moves), tuple(positions))
        _replays.move_to_end(key)
        while len(_replays) > REPLAYS_KEPT:
            _replays.popitem(last=False)
    return positions


def load(db, table_id) -> Table | None:
    """Return the table, its deal replayed to the last move, or None."""
    row = rows.get_table(db, table_id) if isinstance(table_id, str) else None
    if row is None:
        return None
    game = read.load_game(db, row["game_id"])
    if game is None:
        return None
    row["talk"] = talk_rows.talk_of(db, table_id)  # the phrases and nudges (games.table_talk)
    return Table(row, game, _positions(row))


# --- making a move ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What a move asked of the table gave: allowed or not, every refusal, and the table's version after."""

    allowed: bool
    refusals: tuple  # dicts: code, message, params
    version: int

    def as_dict(self) -> dict:
        return {"allowed": self.allowed, "reasons": [refusal["message"] for refusal in self.refusals],
                "refusals": list(self.refusals), "version": self.version}


def _turned_refusal(table: Table, refusal) -> dict:
    """Return the referee's refusal as JSON, its seats turned to table seats and named for the reader."""
    data = {**refusal.as_dict(), "message": messages.worded(refusal, gettext)}
    if data["code"] == "not_your_turn":
        to_move = table.table_seat(data["params"]["to_move"])
        return _refusal("not_your_turn", name=table.names[to_move]) | {
            "params": {"to_move": to_move, "seat": table.table_seat(data["params"]["seat"]), "name": table.names[to_move]}}
    return data


def read_move(data):
    """Return the engine's move, or "next_deal"; raise InvalidHand (field ``move...``) when it cannot be read."""
    if isinstance(data, dict) and data.get("kind") == "next_deal":
        extra = [key for key in data if key != "kind"]
        if extra:
            raise InvalidHand(Problem("move.unknown_field", f"move.{str(extra[0])[:40]}", kind="next_deal",
                                      name=str(extra[0])[:40], listed=N_("none besides kind")))
        return "next_deal"
    return move_from_data(data)


def make_move(db, table_id, seat: int, move, expected_version=None) -> Outcome:
    """Make ``seat``'s ``move`` (an engine move or "next_deal") inside the caller's transaction.

    A refused move changes nothing and is an answer. Raises Conflict when
    ``expected_version`` is not the table's version. A computer partner asked
    "may I go out?" answers in the same change, with its reason.
    """
    table = load(db, table_id)
    if expected_version is not None and expected_version != table.version:
        raise Conflict(table.version)
    if table.row["ended"]:
        return Outcome(False, (_refusal("table_ended"),), table.version)
    if move == "next_deal":
        return _next_deal(db, table)
    position = table.position
    ruling = judge(position, move, table.engine_seat(seat))
    if not ruling.allowed:
        return Outcome(False, tuple(_turned_refusal(table, refusal) for refusal in ruling.refusals), table.version)
    moves = list(table.row["moves"])
    after, _ = apply(position, move)
    moves.append({"move": move.as_dict(), "seat": seat, "version": table.version, "by": PERSON, "reason": None})
    steps = 1
    if isinstance(move, AskPartner) and not after.over:
        partner = table.table_seat(after.to_move)
        if table.seats[partner]["player"] == COMPUTER:
            choice = _computer_move(after, after.to_move, table.seats[partner]["level"])
            after, _ = apply(after, choice.move)
            moves.append({"move": choice.move.as_dict(), "seat": partner, "version": table.version + 1,
                          "by": COMPUTER, "reason": choice.reason.as_dict()})
            steps = 2
    version = store_moves(db, table, moves, after, steps)
    return Outcome(True, (), version)


def store_moves(db, table: Table, moves, after, steps=1, log=None):
    """Store the deal's moves (compare-and-swap on the version) and, once it is over, its hand: one transaction.

    ``log``: a practice table's coach log, stored with the moves."""
    with sqlite.writing(db):
        ended = False
        if after.over:
            scored = write.add_hand(db, table.row["game_id"], table_sides(table, after), made_by="table")
            ended = scored.game.score.game_over
        try:
            return rows.save_moves(db, table.id, table.version, moves, clock(), steps=steps, ended=ended, log=log)
        except rows.TableVersionConflict as conflict:
            raise Conflict(conflict.current_version) from None


def table_sides(table: Table, position) -> list[dict]:
    """Return the ended deal's sides as the game takes them: in the game's scorer order, members as table seats."""
    sides = hand_sides(position)
    ruleset = PRESETS[table.row["rules"]]
    shift = table.shift
    if not ruleset.partnership_per_hand:
        ordered = [None] * len(sides)
        for side, data in enumerate(sides):
            ordered[(side + shift) % len(sides)] = data
        return ordered
    turned = []
    for data in sides:
        members = [(member + shift) % table.players for member in data["members"]]
        data = dict(data, members=sorted(members))
        if isinstance(data.get("red_threes"), list):
            by_member = dict(zip(members, data["red_threes"]))
            data["red_threes"] = [by_member[member] for member in sorted(members)]
        turned.append(data)
    return sorted(turned, key=lambda data: data["members"][0])


def _next_deal(db, table: Table) -> Outcome:
    if not table.position.over:
        return Outcome(False, (_refusal("deal_not_over"),), table.version)
    if table.game_over:
        return Outcome(False, (_refusal("game_over"),), table.version)
    try:
        version = rows.save_new_deal(db, table.id, table.version, deal_number=table.row["deal_number"] + 1,
                                     seed=new_seed(), totals_before=list(table.game.score.totals), at=clock())
    except rows.TableVersionConflict as conflict:
        raise Conflict(conflict.current_version) from None
    return Outcome(True, (), version)


# --- the host ------------------------------------------------------------------------------------------


def reissue_key(db, table: Table, seat: int) -> tuple[str, int]:
    """Give a person's ``seat`` a new key (the old one stops opening it); return ``(key, version)``."""
    key = new_key()
    version = rows.set_seat(db, table.id, seat, player=PERSON, level=None, key_hash=hash_key(key), at=clock())
    return key, version


def set_player(db, table: Table, seat: int, player: str, level: str | None) -> tuple[str | None, int]:
    """Make ``seat`` a person's (with a new key, returned) or the computer's at ``level``; return ``(key, version)``."""
    if player == PERSON:
        return reissue_key(db, table, seat)
    version = rows.set_seat(db, table.id, seat, player=COMPUTER, level=level, key_hash=None, at=clock())
    return None, version


def end(db, table: Table) -> int:
    """End the table: no move follows; the game keeps the deals scored so far. Return the new version."""
    return rows.end_table(db, table.id, clock())


def purge(db, *, ended_days: float, untouched_days: float) -> list[str]:
    """Delete tables ended more than ``ended_days`` ago or untouched for ``untouched_days``; return their ids."""
    now = clock()
    return rows.purge_tables(db, ended_before=now - ended_days * 86400, untouched_before=now - untouched_days * 86400)


# --- play again with the same seats -------------------------------------------------------------------


class GameNotOver(Exception):
    """The table's game is still being played (or the host ended it before its end): no new game starts."""


def play_again(db, table: Table, expected_version=None) -> int:
    """Start a new scorekeeper game at the table once its game is over; return the table's new version.

    The same seats, names, players, levels and keys; the same rules, house
    options, sides and seats in the game; totals from nothing; deal 1 with a new
    secret seed, dealt by the seat that dealt the first game's deal 1. The old
    game stays as it was. Raises GameNotOver or Conflict, and changes nothing then.
    """
    if expected_version is not None and expected_version != table.version:
        raise Conflict(table.version)
    if not table.game_over:
        raise GameNotOver(table.id)
    old = table.game
    with sqlite.writing(db):
        game_id, _ = write.new_game(db, rules=old.rules, options=dict(old.options), names=list(old.names),
                                    seats=list(old.seats))
        try:
            return rows.restart_table(db, table.id, table.version, game_id=game_id, seed=new_seed(),
                                      totals_before=list(read.load_game(db, game_id).score.totals), at=clock())
        except rows.TableVersionConflict as conflict:
            raise Conflict(conflict.current_version) from None
