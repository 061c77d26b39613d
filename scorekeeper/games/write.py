"""Changing a game: validate with the engine, then store, in one transaction.

The web forms and the JSON API both change games through these functions, so
a hand is checked the same way whichever door it comes in by. Each change
re-scores the whole game with the new hands inside the write transaction:
a hand that breaks a rule, or a change that would leave hands after the end
of the game, is refused with every problem and nothing is written.
"""

import re
from dataclasses import dataclass
import unicodedata

from . import access, read
from .read import Game
from ..store import db as store
from ..store import sqlite
from ..store import history
from ..canasta.errors import CanastaError, InvalidHand, Place, Problem
from ..canasta.options import option_specs, resolve
from ..canasta.rules import PRESETS, get_ruleset
from ..canasta.sides import parse_totals
from ..canasta.fields import FieldReader
from ..canasta.scoring import score_game

MAX_NAME_LENGTH = 40
MAX_SEATS = max(ruleset.players for ruleset in PRESETS.values())  # the biggest table


# Zero-width joiners are format characters that Persian, Indic scripts and emoji
# sequences need; they neither reorder nor hide the text around them.
JOINERS = {"\u200c", "\u200d"}


def invisible_character(name):
    """Return the first control or format character of ``name`` (Unicode Cc, Cf), or None.

    NUL, ESC, zero-width spaces and bidi controls print as nothing, or turn the
    text around them: with U+202E in a team's name, "805" beside it reads "508".
    """
    return next((char for char in name if unicodedata.category(char) in ("Cc", "Cf") and char not in JOINERS), None)


def invisible_character_problem(what, char, where=""):
    """The problem of ``what`` ("Name 2") holding ``char``: which character, and what to do."""
    label = unicodedata.name(char, "a control character")
    return Problem("names.invisible", where, what=what, code=f"{ord(char):04X}", label=label.lower())


def invisible_character_message(what, char):
    """The message for ``what`` ("Name 2") holding ``char`` (a form field's error)."""
    return invisible_character_problem(what, char).message


def _clean_names(reader, values, count, field, label, required):
    """Return ``values`` with their spaces tidied, reporting every problem to ``reader``.

    ``required``: exactly ``count`` names, none empty (one per scorer).
    Otherwise seats: none, or a name for every one of ``count`` seats.
    """
    if values is None:
        values = []
    if not isinstance(values, list):
        reader.problem(field, "names.not_list", label=label)
        return []
    if required and len(values) != count:
        reader.problem(field, "names.count", count=count, one=label.lower().removesuffix("s"))
        return []
    if not required and len(values) > count:
        reader.problem(field, "names.too_many_seats", count=count)
        return []
    cleaned, first_empty = [], None
    for index, value in enumerate(values):
        where = f"{field}[{index}]"
        if not isinstance(value, str):
            reader.problem(where, "names.not_text")
            continue
        # Spaces inside a name are kept, any run of them (tabs, new lines) as one space.
        name = re.sub(r"\s+", " ", value).strip()
        if not name and required:
            reader.problem(where, "names.empty", number=index + 1)
        elif not name:
            first_empty = where if first_empty is None else first_empty
        elif len(name) > MAX_NAME_LENGTH:
            reader.problem(where, "names.too_long", number=index + 1, most=MAX_NAME_LENGTH)
        elif (char := invisible_character(name)) is not None:
            reader.problems.append(invisible_character_problem(f"Name {index + 1}", char, where))
        cleaned.append(name)
    named = [name.casefold() for name in cleaned if name]  # two empty names are not the same name
    if required and len(set(named)) < len(named):
        reader.problem(field, "names.same")
    if first_empty is not None and len(values) == count:
        # Seats are optional, but who deals next needs all of them: once, beside the first one left empty.
        reader.problem(first_empty, "names.every_seat")
    return cleaned


def _clean_table(reader, ruleset, names, seats):
    """Return ``(names, seats)`` tidied, reporting every problem to ``reader``: one check for a new game and a renamed one."""
    label = ruleset.scorer_label.capitalize() + "s"
    cleaned_names = _clean_names(reader, names, ruleset.scorers, "names", label, required=True)
    cleaned_seats = _clean_names(reader, seats, ruleset.players, "seats", "Seats", required=False)
    if cleaned_seats and len(cleaned_seats) != ruleset.players:
        reader.problem("seats", "names.all_seats", count=ruleset.players)
    return cleaned_names, cleaned_seats


def clean_seat_names(reader, names, players):
    """Return a table's seat names tidied (one per seat, none empty, all different), reporting problems to ``reader``."""
    return _clean_names(reader, names, players, "names", "Seats", required=True)


def clean_table(reader, ruleset, names, seats):
    """The names and seats check every door uses (API, forms, ``flask import``): see ``_clean_table``."""
    return _clean_table(reader, ruleset, names, seats)


def new_game(db, *, rules, options=None, names=None, seats=None, start_totals=None):
    """Create a game; return ``(game_id, edit_key)``.

    Raises InvalidHand with every problem (fields ``rules``, ``options.target``,
    ``names[1]``, ``seats``, ``start_totals[0]``...) and stores nothing then.
    """
    reader = FieldReader()
    try:
        ruleset = get_ruleset(rules)
    except CanastaError as error:
        raise InvalidHand(error.problems) from None  # names cannot be checked without a rule set
    try:
        ruleset, chosen = resolve(rules, options)
    except CanastaError as error:
        reader.extend(error.problems)
    cleaned_names, cleaned_seats = _clean_table(reader, ruleset, names, seats)
    totals = parse_totals(reader, ruleset, start_totals, "start_totals")
    reader.raise_if_any()
    game_id, edit_key = access.new_game_id(), access.new_edit_key()
    store.create_game(
        db, game_id=game_id, edit_key_hash=access.hash_key(edit_key), rules=ruleset.id,
        options=_chosen_options(ruleset, chosen), names=cleaned_names, seats=cleaned_seats, start_totals=list(totals),
    )
    return game_id, edit_key


def _chosen_options(ruleset, chosen):
    """The game's complete house rules, limited to those its rule set offers."""
    return {spec.name: getattr(chosen, spec.name) for spec in option_specs(ruleset)}


def _rescore(stored, hands, changed_index):
    """Score the game with ``hands`` (each a list of sides); problems of the changed hand are placed as the hand's own."""
    try:
        return score_game(stored["rules"], stored["options"], stored["start_totals"], hands)
    except CanastaError as error:
        problems = []
        for problem in error.problems:
            if problem.place.hand is not None and problem.place.hand == changed_index:
                # Placed as the hand's own, each at its field alone (not also beside the others it involves).
                own = problem.in_hand(None).place
                problems.append(Problem(problem.code, own if own.path else Place(field="sides"), **problem.params))
            elif problem.place.hand is not None:
                # A problem in another hand than the one changed: said with which hand it is.
                problems.append(Problem("in_hand", "sides" if changed_index is not None else "",
                                        number=problem.place.hand + 1, problem=problem))
            else:
                problems.append(problem.at(Place(field="sides" if changed_index is not None else "")))
        raise InvalidHand(problems) from None


@dataclass(frozen=True)
class Saved:
    """What a change of a game's hands gave: the hand's number (added or changed), the new version, the game scored."""

    number: int | None
    version: int
    game: Game


def _stored(db, game_id, expected_version):
    """Return the stored game, after the one check of the version the change was based on."""
    stored = store.get_game(db, game_id)
    if stored is None:
        raise store.NotFound(game_id)
    if expected_version is not None and expected_version != stored["version"]:
        raise store.VersionConflict(stored["version"])
    return stored


def _change_hands(db, game_id, expected_version, number, change, write, kind, made_by):
    """Check a change of the game's hands with the engine, write it, keep it in the history, return it ``Saved``.

    ``change(hands)`` returns the hands' sides after the change and the index of
    the changed hand (None for a deletion); ``write()`` stores it and returns
    ``(number, version)``. The game is scored once, here, with the new hands:
    that score is the one every later read of this version shows. ``kind``
    (add, edit, delete) and ``made_by`` (which door and phone) go to the history.
    """
    with sqlite.writing(db):
        stored = _stored(db, game_id, expected_version)
        if number is not None and not 1 <= number <= len(stored["hands"]):
            raise store.NotFound(f"{game_id} hand {number}")
        hands, changed_index = change([hand["sides"] for hand in stored["hands"]])
        score = _rescore(stored, hands, changed_index)
        saved_number, version = write()
        now = store.get_game(db, game_id)
        where = number or saved_number
        history.record(db, game_id, kind, version=version, made_by=made_by, number=where,
                       before=history.kept_hand(stored["hands"][where - 1] if kind != "add" else None),
                       after=history.kept_hand(now["hands"][where - 1] if kind != "delete" else None))
        game = read.keep(db, now, score)
    return Saved(saved_number, version, game)


def add_hand(db, game_id, sides, entry=None, expected_version=None, made_by=""):
    """Check and append a hand; return it ``Saved`` (its number, the game's new version, the game).

    Raises InvalidHand (fields as in the API: ``sides[0].going_out``),
    store.NotFound or store.VersionConflict; nothing is written then.
    """
    return _change_hands(db, game_id, expected_version, None,
                         lambda hands: (hands + [sides], len(hands)),
                         lambda: store.add_hand(db, game_id, sides, entry), "add", made_by)


def replace_hand(db, game_id, number, sides, entry=None, expected_version=None, made_by=""):
    """Check and replace hand ``number``; return it ``Saved``."""
    def change(hands):
        hands[number - 1] = sides
        return hands, number - 1

    return _change_hands(db, game_id, expected_version, number, change,
                         lambda: (number, store.replace_hand(db, game_id, number, sides, entry)), "edit", made_by)


def delete_hand(db, game_id, number, expected_version=None, made_by=""):
    """Remove hand ``number`` (later hands move up); return the change ``Saved`` (``number`` None)."""
    def change(hands):
        del hands[number - 1]
        return hands, None

    return _change_hands(db, game_id, expected_version, number, change,
                         lambda: (None, store.delete_hand(db, game_id, number)), "delete", made_by)


# --- a game's settings: names and seats, a rematch, a new edit key -------------------------


def seats_from_dealer(seats, number):
    """Return the seats (stored order: the first dealer first) starting with the dealer of hand ``number``.

    The settings page shows the seats this way, so that what is typed first is
    who deals next, whatever hand the game is at.

    >>> seats_from_dealer(["Ann", "Cy", "Bob", "Di"], 6)
    ['Cy', 'Bob', 'Di', 'Ann']
    >>> seats_from_dealer([], 3)
    []
    """
    if not seats:
        return list(seats)
    turn = (number - 1) % len(seats)
    return list(seats[turn:]) + list(seats[:turn])


def seats_to_store(seats, number):
    """Return seats typed from the dealer of hand ``number`` in stored order (the first dealer first).

    >>> seats_to_store(["Cy", "Bob", "Di", "Ann"], 6)
    ['Ann', 'Cy', 'Bob', 'Di']
    >>> seats_to_store(seats_from_dealer(["Ann", "Cy", "Bob"], 5), 5)
    ['Ann', 'Cy', 'Bob']
    """
    if not seats:
        return list(seats)
    back = -((number - 1) % len(seats)) % len(seats)
    return list(seats[back:]) + list(seats[:back])


def rename_game(db, game_id, *, names, seats, seats_from=1, expected_version=None, made_by=""):
    """Give the game's teams or players and its seats new names; return the change ``Saved``.

    ``seats`` are typed from the dealer of hand ``seats_from`` on (see
    ``seats_from_dealer``); they are checked in that order, so a problem's
    ``seats[i]`` is the seat as typed. Names are checked as a new game's are.
    Raises InvalidHand, store.NotFound or store.VersionConflict, and changes
    nothing then; nothing to change keeps the version as it is. Scores never
    change: the rule set, house rules and hands are left alone.
    """
    with sqlite.writing(db):
        stored = _stored(db, game_id, expected_version)
        reader = FieldReader()
        cleaned_names, cleaned_seats = _clean_table(reader, get_ruleset(stored["rules"]), names, seats)
        reader.raise_if_any()
        cleaned_seats = seats_to_store(cleaned_seats, seats_from)
        if cleaned_names != stored["names"] or cleaned_seats != stored["seats"]:
            version = store.rename_game(db, game_id, cleaned_names, cleaned_seats)
            history.record(db, game_id, "rename", version=version, made_by=made_by,
                           before={"names": stored["names"], "seats": stored["seats"]},
                           after={"names": cleaned_names, "seats": cleaned_seats})
            stored = store.get_game(db, game_id)
        return Saved(None, stored["version"], read.keep(db, stored))


def rematch(db, game_id):
    """Start a new game at the same table; return ``(game_id, edit_key)`` of the new one.

    The same rule set, house rules, names and seats, and the first deal passes
    one seat on, as the deal does after a hand. Totals start from nothing.
    """
    stored = store.get_game(db, game_id)
    if stored is None:
        raise store.NotFound(game_id)
    return new_game(db, rules=stored["rules"], options=dict(stored["options"]), names=list(stored["names"]),
                    seats=seats_from_dealer(stored["seats"], 2))


def replace_edit_key(db, game_id):
    """Give the game a new edit key and return it: the old one stops opening the game at once."""
    edit_key = access.new_edit_key()
    store.replace_edit_key_hash(db, game_id, access.hash_key(edit_key))
    return edit_key
