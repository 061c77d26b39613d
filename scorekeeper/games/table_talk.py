"""A table's small talk: who is away (and the computer standing in), the fixed phrases, the nudge to a slow player.

Presence. A person's seat is *seen* whenever its phone reads the table or moves
(:func:`presence`). Not seen for longer than ``TABLES_AWAY_SECONDS`` it is
marked *away* by the next read of the table, whoever's: from then on the
computer plays its turns at ``tables.STAND_IN_LEVEL``, paced and stored like
any computer's move (``Table.computer_to_move``, ``games.table_computers``),
until its phone reads the table again, which marks it back at once. Marking
away or back moves the version on (every phone learns of it) by compare-and-swap,
as a move does: a stand-in's move chosen before the seat came back is never stored.

Phrases are codes from :data:`PHRASES` (no free text: nothing to moderate),
worded for the reader when shown. A nudge tells the seat to move, after it has
had the turn a while, that the table waits on it.
"""

from __future__ import annotations

from flask_babel import gettext

from ..canasta.messages import N_
from ..store import sqlite
from ..store import table_talk as rows
from ..store.tables import TableVersionConflict
from . import tables
from .tables import COMPUTER, PERSON, Table

DEFAULT_AWAY_SECONDS = 90.0
DEFAULT_NUDGE_AFTER = 30.0
DEFAULT_SAY_EVERY = 3.0  # a seat says one phrase at most this often
SAID_SHOWN = 5  # the last phrases a view lists
SEEN_EVERY = 15.0  # a phone's reads note it seen at most this often (a write), or a sixth of the away time

PHRASES = {
    "good_luck": N_("Good luck!"),
    "well_played": N_("Well played!"),
    "nice_meld": N_("Nice meld!"),
    "oops": N_("Oops!"),
    "thanks": N_("Thanks!"),
    "your_turn": N_("Your turn!"),
}

SENTENCES = {
    "said": "{who}: {phrase}",
    "away": N_("{name} is away: the computer plays for {name} until {name} is back."),
    "nudged_you": N_("{by} nudged you: the table is waiting for your move."),
    "nudged": N_("{by} nudged {whom}."),
    "no_phrase": N_("phrase is one of: {codes}."),
    "say_too_soon": N_("One phrase every {every:g} seconds: wait {wait} seconds, then say it again. Nothing was said."),
    "nobody_to_move": N_("Nobody is to move now: there is nobody to nudge. Nothing was sent."),
    "own_turn": N_("It is your own move: nobody to nudge. Nothing was sent."),
    "computer_plays": N_("The computer is playing {name}'s move: it needs no nudge. Nothing was sent."),
    "not_to_move": N_("{name} is not to move any more: read the table again. Nothing was sent."),
    "too_early": N_("{name} has had the move for {had} seconds: a nudge may follow after {after:g}. "
                    "Wait {wait} seconds. Nothing was sent."),
    "nudged_lately": N_("{name} was nudged {ago} seconds ago: wait {wait} seconds before nudging again. Nothing was sent."),
}


def _say(code: str, **params) -> str:
    """Return one of :data:`SENTENCES` in the reader's language, its parameters filled in."""
    return gettext(SENTENCES[code]).format(**params)


def setting(config, name: str, default: float) -> float | None:
    """Return a table talk setting from the app's config in seconds; None (off) when set to 0, less or nothing."""
    value = config.get(name, default)
    if value is None:
        return None
    value = float(value)
    return value if value > 0 else None


class NotNow(Exception):
    """A nudge that makes no sense now (409): the sentence says why."""


class TooSoon(Exception):
    """A phrase or a nudge sent too soon after the last (429); ``wait`` seconds until one may follow."""

    def __init__(self, message, wait):
        super().__init__(message)
        self.wait = wait


class NoPhrase(ValueError):
    """A phrase that is none of :data:`PHRASES`."""

    def __init__(self):
        super().__init__(_say("no_phrase", codes=", ".join(PHRASES)))


def _seconds(value: float) -> int:
    return max(1, int(value + 0.999))


# --- presence -----------------------------------------------------------------------------------------


def _last_seen(table: Table, seat_row) -> float:
    """When the seat was last seen: a seat never seen counts from the table's opening."""
    return seat_row["seen_at"] if seat_row.get("seen_at") is not None else table.row["created_at"]


def presence(db, table: Table, seat, away_seconds: float | None, mark_away: bool = True) -> bool:
    """Note that ``seat`` (a person's seat number; None: a spectator, the host) reads the table now; mark seats away
    or back. Return True when the table changed (then read it again).

    ``mark_away`` False: only this seat is noted (a move: marking another seat
    away would move the version the mover chose on).

    Inside no transaction: each write is its own. Marking is a compare-and-swap
    on the version: when the table moved on meanwhile, it is read again and
    tried once more; past that the next read of the table does it.
    """
    now = tables.clock()
    mine = table.seats[seat] if isinstance(seat, int) and 0 <= seat < table.players else None
    if mine is not None and mine["player"] == PERSON and not mine.get("away"):
        every = SEEN_EVERY if away_seconds is None else min(SEEN_EVERY, away_seconds / 6)
        if mine.get("seen_at") is None or now - mine["seen_at"] >= every:
            rows.note_seen(db, table.id, seat, now)
    for _ in range(2):
        back, away = _marks(table, seat, now, away_seconds if mark_away else None)
        if not back and not away:
            return False
        try:
            rows.set_presence(db, table.id, back=back, away=away, at=now, expected_version=table.version)
            return True
        except TableVersionConflict:
            table = tables.load(db, table.id)
    return False


def _marks(table: Table, seat, now: float, away_seconds: float | None) -> tuple[list, list]:
    """The seats to mark ``(back, away)``: ``seat`` back when marked away; the persons unseen too long away."""
    mine = table.seats[seat] if isinstance(seat, int) and 0 <= seat < table.players else None
    back = [seat] if mine is not None and mine["player"] == PERSON and mine.get("away") else []
    away = []
    # At a practice table the computers wait for their one person: nobody is away.
    if away_seconds is not None and not table.row["ended"] and not table.row.get("practice"):
        away = [row["seat"] for row in table.seats if row["player"] == PERSON and not row.get("away")
                and row["seat"] != seat and now - _last_seen(table, row) > away_seconds]
    return back, away


def seats_view(table: Table) -> list[dict]:
    """Each seat as every phone may know it: name, who plays it, and whether it is away with the computer standing in."""
    listed = []
    for row in table.seats:
        away = row["player"] == PERSON and bool(row.get("away"))
        listed.append({"seat": row["seat"], "name": row["name"], "player": row["player"], "level": row["level"],
                       "away": away, "stand_in": away and not table.row["ended"]})
    return listed


def away_notes(seats: list[dict], seat) -> list[str]:
    """The sentences every phone shows of the seats away (``seats`` as :func:`seats_view` lists them), but of the
    reader's own ``seat``: reading, it is back."""
    return [_say("away", name=row["name"]) for row in seats if row["away"] and row["seat"] != seat]


# --- phrases --------------------------------------------------------------------------------------------


def _who(table: Table, speaker: int, reader) -> str:
    return "You" if speaker == reader else table.names[speaker]


def said_view(table: Table, seat) -> list[dict]:
    """The last phrases said at the table, worded for ``seat`` (None: a spectator), the latest last."""
    said = table.row.get("talk", {}).get("said", [])[-SAID_SHOWN:]
    return [{"seat": row["seat"], "phrase": row["phrase"], "at_version": row["version"],
             "text": _say("said", who=_who(table, row["seat"], seat), phrase=gettext(PHRASES[row["phrase"]]))}
            for row in said if row["phrase"] in PHRASES]


def say(db, table: Table, seat: int, phrase, every: float | None) -> int:
    """Say ``phrase`` (a code of PHRASES) from ``seat``; return the table's new version.

    Raises NoPhrase, or TooSoon when the seat said one less than ``every`` seconds ago.
    """
    if not isinstance(phrase, str) or phrase not in PHRASES:
        raise NoPhrase()
    now = tables.clock()
    with sqlite.writing(db):
        last = rows.last_said_at(db, table.id, seat)
        if every is not None and last is not None and now - last < every:
            wait = _seconds(every - (now - last))
            raise TooSoon(_say("say_too_soon", every=every, wait=wait), wait)
        return rows.add_said(db, table.id, seat, phrase, now)


# --- the nudge ------------------------------------------------------------------------------------------


def turn_of(table: Table) -> str:
    """The turn being played, as a nudge keeps it: the game, the deal and how many moves came before."""
    return f"{table.game.id}:{table.row['deal_number']}:{len(table.row['moves'])}"


def nudged_view(table: Table, seat) -> dict | None:
    """The nudge of the seat to move in this turn, worded for ``seat``: ``{"seat", "by", "at_version", "text"}``; or None."""
    to_move = table.to_move
    turn = turn_of(table)
    for row in reversed(table.row.get("talk", {}).get("nudges", [])):
        if row["turn"] == turn and row["seat"] == to_move:
            by = _who(table, row["by_seat"], seat)
            text = (_say("nudged_you", by=by) if to_move == seat
                    else _say("nudged", by=by, whom=table.names[to_move]))
            return {"seat": to_move, "by": row["by_seat"], "at_version": row["version"], "text": text}
    return None


def nudge(db, table: Table, seat: int, after: float | None, nudged=None) -> int:
    """Nudge the seat to move from ``seat``; return the table's new version.

    Only a person to move who has had the move for longer than ``after``
    seconds, and at most once every ``after`` seconds. ``nudged``: the seat the
    phone meant to nudge, if it said (a stale nudge is refused). Raises NotNow
    (409) or TooSoon (429).
    """
    to_move = table.to_move
    after = after or 0.0
    if to_move is None:
        raise NotNow(_say("nobody_to_move"))
    name = table.names[to_move]
    if nudged is not None and nudged != to_move:
        raise NotNow(_say("not_to_move", name=table.names[nudged]))
    if to_move == seat:
        raise NotNow(_say("own_turn"))
    if table.seats[to_move]["player"] == COMPUTER or table.seats[to_move].get("away"):
        raise NotNow(_say("computer_plays", name=name))
    now = tables.clock()
    turn = turn_of(table)
    with sqlite.writing(db):
        started = rows.turn_started_at(db, table.id) or table.row["created_at"]
        if now - started < after:
            wait = _seconds(after - (now - started))
            raise TooSoon(_say("too_early", name=name, had=int(now - started), after=after, wait=wait),
                          wait)
        last = rows.last_nudge_at(db, table.id, to_move, turn)
        if last is not None and now - last < after:
            wait = _seconds(after - (now - last))
            raise TooSoon(_say("nudged_lately", name=name, ago=int(now - last), wait=wait), wait)
        return rows.add_nudge(db, table.id, to_move, seat, turn, now)
