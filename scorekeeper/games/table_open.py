"""Opening a table: the request read (rules, options, seat names, computer seats), every problem said at
once, and the table stored with the scorekeeper game behind it, in one transaction.

The keys and the deal's seed come from :mod:`.tables` (``new_key``, ``new_seed``: ``secrets``), read through
the module so that a test may replace the seed.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from flask_babel import gettext

from ..canasta.errors import CanastaError, Problem
from ..canasta.options import resolve
from ..canasta.rules import PRESETS
from ..store import sqlite
from ..store import tables as rows
from . import read, tables, write
from .tables import COMPUTER, ID_BYTES, PERSON, computer_levels, hash_key, new_key


@dataclass(frozen=True)
class Opened:
    """A new table: its id, the host's key and each person seat's key (shown this once)."""

    id: str
    host_key: str
    keys: dict  # seat -> key, person seats only


def _side_names(ruleset, names):
    """Return the scorekeeper game's scorer names: each side's seats, "Ann and Cy"."""
    sides = []
    for side in range(ruleset.scorers):
        seated = [names[seat] for seat in range(ruleset.players) if seat % ruleset.scorers == side]
        text = seated[0] if len(seated) == 1 else gettext("%(names)s and %(last)s", names=", ".join(seated[:-1]), last=seated[-1])
        if len(text) > write.MAX_NAME_LENGTH:
            text = text[:write.MAX_NAME_LENGTH - 1].rstrip() + "…"
        sides.append(text)
    if len({side.casefold() for side in sides}) < len(sides):
        sides = [gettext("Side %(number)s", number=side + 1) for side in range(ruleset.scorers)]
    return sides


def _read_computer(problems, players, computer):
    """Return ``{seat: level}`` from the request's ``computer``, adding every problem to ``problems``."""
    if computer is None:
        return {}
    if not isinstance(computer, dict):
        problems.append(("computer", gettext("computer maps seat numbers (as text, like \"1\") to a level, "
                                             "one of %(levels)s.", levels=", ".join(computer_levels()))))
        return {}
    levels = {}
    for key, level in computer.items():
        where = f"computer.{str(key)[:10]}"
        if not (isinstance(key, str) and re.fullmatch(r"[0-9]{1,2}", key) and int(key) < players):
            problems.append((where, gettext("A seat is a number from 0 to %(last)s, written as text (\"1\").", last=players - 1)))
            continue
        if not isinstance(level, str) or level not in computer_levels():
            problems.append((where, gettext("A computer's level is one of %(levels)s.", levels=", ".join(computer_levels()))))
            continue
        levels[int(key)] = level
    return levels


class BadTable(Exception):
    """A request that opens no table: every problem as ``(field, message)``."""

    def __init__(self, problems):
        super().__init__("; ".join(message for _, message in problems))
        self.problems = problems


def _problems_of(error: CanastaError, prefix=""):
    return [((f"{prefix}.{problem.field}" if prefix and problem.field else prefix or problem.field), problem.message)
            for problem in error.problems]


def open_table(db, *, rules, options=None, names=None, computer=None) -> Opened:
    """Open a table and deal its first deal; return its id and keys. Raises BadTable with every problem.

    A scorekeeper game is started for its score sheet: the sides named after
    their seats, the seats in dealing order (the first dealer first).
    """
    problems = []
    ruleset = None
    try:
        ruleset, _ = resolve(rules, options)
    except CanastaError as error:
        problems += _problems_of(error)
        # Wrong options: the seats are still checked, so that every problem is said at once.
        ruleset = PRESETS.get(rules) if isinstance(rules, str) else None
    if ruleset is None:
        raise BadTable(problems)
    players = ruleset.players
    levels = _read_computer(problems, players, computer)
    if names is None:
        names = [gettext("Computer %(number)s", number=seat + 1) if seat in levels else gettext("Player %(number)s", number=seat + 1)
                 for seat in range(players)]
    reader = _NameReader()
    cleaned = write.clean_seat_names(reader, names, players)
    problems += [(problem.field, problem.message) for problem in reader.problems]
    if len(levels) == players:
        problems.append(("computer", gettext("A table needs at least one person's seat: the computer plays the others.")))
    if problems:
        raise BadTable(problems)
    table_id, host_key = secrets.token_urlsafe(ID_BYTES), new_key()
    keys = {seat: new_key() for seat in range(players) if seat not in levels}
    seats = [{"name": cleaned[seat], "player": COMPUTER if seat in levels else PERSON, "level": levels.get(seat),
              "key_hash": hash_key(keys[seat]) if seat in keys else None} for seat in range(players)]
    dealing_order = [cleaned[-1]] + cleaned[:-1]  # deal 1 is dealt by the seat before seat 0
    with sqlite.writing(db):
        try:
            game_id, _ = write.new_game(db, rules=ruleset.id, options=options, names=_side_names(ruleset, cleaned),
                                        seats=dealing_order)
        except CanastaError as error:
            raise BadTable(_problems_of(error)) from None
        stored = read.load_game(db, game_id)
        rows.create_table(db, table_id=table_id, host_key_hash=hash_key(host_key), rules=ruleset.id,
                          options=stored.options, game_id=game_id, seed=tables.new_seed(),
                          totals_before=list(stored.score.totals), seats=seats, at=tables.clock())
    return Opened(table_id, host_key, keys)


class _NameReader:
    def __init__(self):
        self.problems = []

    def problem(self, field, code, **params):
        self.problems.append(Problem(code, field, **params))
