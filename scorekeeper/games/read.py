"""A stored game together with its score, as every page, PDF and API answer reads it.

The store keeps games and hands as entered; the score is computed here by
``canasta.scoring``, so it can never drift from the hands it comes from.

Scoring a 30-hand game takes milliseconds, and the players' phones read a
game far more often than it changes, so each process keeps the last
``GAME_CACHE_SIZE`` scored games, keyed by the database file, the game and
its version stamp (``db.get_stamp``). Every change grows the version, so a
stale score can never be served: a read asks the store for the stamp first
(one indexed query) and scores again only when it is new. A cached Game is
shared by every request that reads it, so everything in it is read-only
(``ReadOnlyList``, ``ReadOnlyDict``): a view that tried to change it would
fail loudly instead of changing the score every later reader sees.
"""

import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace

from ..store import connections
from ..store import db as store
from ..store import sqlite
from ..canasta.errors import CanastaError
from ..canasta.rules import PRESETS
from ..canasta.scoring import GameScore, score_game
from ..canasta.seating import dealer

GAME_CACHE_SIZE = 256


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
    # Names this state of the game in this process's caches (see ``cache_key``);
    # None when it was read inside a write transaction, which may yet roll back.
    key: tuple | None = field(default=None, compare=False)

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


# --- read-only data ----------------------------------------------------------------------


def _read_only(self, *args, **kwargs):
    raise TypeError("A game read from the store is shared by every reader: copy it before changing it.")


class ReadOnlyList(list):
    """A list that refuses every change; ``list(...)`` or ``copy.deepcopy`` gives a changeable copy."""

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def __deepcopy__(self, memo):
        import copy

        return [copy.deepcopy(item, memo) for item in self]

    def __copy__(self):
        return list(self)

    def __reduce__(self):
        return list, (list(self),)


class ReadOnlyDict(dict):
    """A dict that refuses every change; ``dict(...)`` or ``copy.deepcopy`` gives a changeable copy."""

    __setitem__ = __delitem__ = __ior__ = _read_only
    setdefault = update = pop = popitem = clear = _read_only

    def __deepcopy__(self, memo):
        import copy

        return {key: copy.deepcopy(value, memo) for key, value in self.items()}

    def __copy__(self):
        return dict(self)

    def __reduce__(self):
        return dict, (dict(self),)


def read_only(value):
    """Return ``value`` (JSON-like data) with every list and dict in it made read-only."""
    if isinstance(value, dict):
        return ReadOnlyDict((key, read_only(item)) for key, item in value.items())
    if isinstance(value, list):
        return ReadOnlyList(read_only(item) for item in value)
    return value


# --- a small bounded cache ------------------------------------------------------------------


class LRUCache:
    """The ``size`` most recently used values by key; safe to share between threads."""

    def __init__(self, size):
        self.size = size
        self._values = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        """Return the value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key, value):
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def clear(self):
        with self._lock:
            self._values.clear()

    def __len__(self):
        return len(self._values)


_games = LRUCache(GAME_CACHE_SIZE)


def cache_key(db, game_id, stamp):
    """The key of one state of a game in this process: database file, game, version stamp; or None.

    None when the read cannot be shared: a connection on no known file, or a
    read inside a transaction, whose writes are not committed and may roll back.
    """
    identity = connections.file_identity(db)
    if identity is None or db.conn.in_transaction:
        return None
    return (identity, game_id, *stamp)


# --- reading a game ------------------------------------------------------------------------------


def score_of(rules, options, start_totals, hands):
    """Return the engine's GameScore of these hands' sides (each hand as stored)."""
    return score_game(rules, options, start_totals, [hand["sides"] for hand in hands])


def load_game(db, game_id):
    """Return the Game with this id, scored, or None when there is none.

    From this process's cache when the game has not changed since it was last
    scored here (one query); otherwise read in one snapshot and scored.
    """
    stamp = store.get_stamp(db, game_id)
    if stamp is None:
        return None
    key = cache_key(db, game_id, stamp)
    if key is not None:
        cached = _games.get(key)
        if cached is not None:
            return cached
    if db.conn.in_transaction:
        stored = store.get_game(db, game_id)
    else:
        # The game's row and its hands from one state of the database, even
        # if a change lands between the two queries.
        with sqlite.snapshot(db):
            stored = store.get_game(db, game_id)
    if stored is None:
        return None  # deleted since the stamp was read
    key = cache_key(db, game_id, (stored["version"], stored["updated_at"]))
    game = _scored(stored, key)
    if key is not None:
        _games.put(key, game)
    return game


def keep(db, stored, score=None):
    """Return the Game of ``stored`` with the ``score`` a change just computed, kept for later reads.

    Without ``score`` (a change that does not touch the hands) the game is scored here.

    A change scores the game once, inside its write transaction; the scoreboard
    after the redirect (or the API's read back) then finds that score in this
    process's cache instead of scoring the same hands again. The game is kept
    once the change is committed, never before (it may yet roll back).
    """
    game = _game(read_only(stored), score, [], None) if score is not None else _scored(stored, None)

    def put():
        key = cache_key(db, stored["id"], (stored["version"], stored["updated_at"]))
        if key is not None:
            _games.put(key, replace(game, key=key))

    sqlite.after_commit(db, put)
    return game


def _scored(stored, key):
    stored = read_only(stored)
    problems = []
    hands = stored["hands"]
    try:
        score = score_of(stored["rules"], stored["options"], stored["start_totals"], hands)
    except CanastaError as error:
        problems = list(error.problems)
        score = score_of(stored["rules"], stored["options"], stored["start_totals"],
                         hands[: _first_bad_hand(problems, len(hands))])
    return _game(stored, score, problems, key)


def _game(stored, score, problems, key):
    return Game(
        id=stored["id"], rules=stored["rules"], options=stored["options"], names=stored["names"],
        seats=stored["seats"], start_totals=stored["start_totals"], version=stored["version"],
        created_at=stored["created_at"], updated_at=stored["updated_at"], hands=stored["hands"],
        score=score, problems=ReadOnlyList(problems), key=key,
    )


def forget_games():
    """Empty this process's cache of scored games (tests and benchmarks measure cold reads)."""
    _games.clear()


def _first_bad_hand(problems, hand_count):
    """Index of the first hand a problem is placed in (0 when none is)."""
    return min((problem.place.hand for problem in problems if problem.place.hand is not None), default=0)
