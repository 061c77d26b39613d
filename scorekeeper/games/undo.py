"""Undo and redo: the last change of a game reverted, or put back, checked by the engine like any change.

Every change to a game (a hand added, edited or deleted, a rename) is kept in
its history (``store.history``). Undo reverts the newest one still in force:
a deleted hand comes back as it was, in its place; an edit gets its old values
back; an added hand goes; names get their old spelling. Redo puts back what
Undo reverted last. Both are changes of their own: they check the version the
player saw, grow the game's version and are scored once, here.
"""

from . import read
from .write import Saved, _rescore, _stored
from ..canasta.messages import N_
from ..canasta.rules import get_ruleset
from ..store import db as store
from ..store import sqlite
from ..store import history


class NothingLeft(Exception):
    """Nothing to undo (or redo) in this game."""

    def __init__(self, direction):
        super().__init__(direction)
        self.direction = direction

    def __str__(self):
        if self.direction == "undo":
            return N_("There is nothing to undo: no change of this game is left to revert.")
        return N_("There is nothing to redo: no change was undone since the last one was made.")


def undo(db, game_id, expected_version=None, made_by=""):
    """Revert the game's last change; return ``(Saved, the change)``. Raises NothingLeft, VersionConflict, InvalidHand."""
    return _step(db, game_id, expected_version, made_by, "undo")


def redo(db, game_id, expected_version=None, made_by=""):
    """Put back the change undone last; return ``(Saved, the change)``."""
    return _step(db, game_id, expected_version, made_by, "redo")


def _step(db, game_id, expected_version, made_by, direction):
    with sqlite.writing(db):
        stored = _stored(db, game_id, expected_version)
        change = (history.to_undo if direction == "undo" else history.to_redo)(db, game_id)
        if change is None:
            raise NothingLeft(direction)
        # The engine judges the hands this leaves, as it judges any change (a rename leaves them as they are).
        score = _rescore(stored, history.hands_after(stored, change, direction), None)
        version = history.apply(db, game_id, change, direction, made_by)
        game = read.keep(db, store.get_game(db, game_id), score)
    return Saved(change["number"], version, game), change


# What a change was, by its kind: translated by the caller's gettext (the web's), English without one.
CHANGES = {"add": N_("add of hand %(number)s"), "edit": N_("edit of hand %(number)s"),
           "delete": N_("delete of hand %(number)s"), "team": N_("rename of the teams"),
           "player": N_("rename of the players"), "seats": N_("rename of the seats")}


def _same(text):
    return text


def describe(change, rules, gettext=_same):
    """What a change was, in a few words: ``delete of hand 5``, ``rename of the teams``; None for no change."""
    if change is None:
        return None
    if change["kind"] != "rename":
        return gettext(CHANGES[change["kind"]]) % {"number": change["number"]}
    before, after = change["before"] or {}, change["after"] or {}
    if before.get("names") != after.get("names"):
        return gettext(CHANGES[get_ruleset(rules).scorer_label])
    return gettext(CHANGES["seats"])


def controls(db, game, gettext=_same):
    """``{"undo": words or None, "redo": words or None}``: what the board's Undo and Redo would do."""
    return {"undo": describe(history.to_undo(db, game.id), game.rules, gettext),
            "redo": describe(history.to_redo(db, game.id), game.rules, gettext)}
