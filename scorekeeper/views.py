"""What the pages of one game share: the game or a 404 page, and how its people and scores are written."""

from flask import abort

from . import db as store
from .charts import points_label
from .model import load_game

NO_GAME = "There is no game at this address. Check the link, or start a new game."


def game_or_404(game_id):
    """Return the game, scored by the engine; a game that is not stored ends the request with a 404 page."""
    game = load_game(store.get_db(), game_id)
    if game is None:
        abort(404, description=NO_GAME)
    return game


def side_label(names, members):
    """Return a side as its people's names: ``Ann & Bob``."""
    return " & ".join(names[member] for member in members)


def signed(value):
    """Return a hand score with its sign: ``+605``, ``−295``, ``0``."""
    return ("+" if value > 0 else "") + points_label(value)
