"""The app as the tables' browser tests serve it: deals from known seeds (``test-seed-1``, ``-2``…, one process)."""

import itertools

from scorekeeper import create_app as _create_app
from scorekeeper.games import tables


def create():
    counter = itertools.count(1)
    tables.new_seed = lambda: f"test-seed-{next(counter)}"
    return _create_app()
