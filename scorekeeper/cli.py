"""Command-line export, import and online backup of the database.

``flask --app scorekeeper export [--game ID] [--output FILE]`` writes games as
stored (hands as entered, versions, timestamps, the hashes of edit keys,
never a key) as JSON; ``import FILE`` reads such a file back after the engine
has checked every hand, all of it or nothing; ``backup PATH`` copies the live
database with SQLite's online backup while the server keeps running;
``purge`` deletes the practice games untouched for ``PRACTICE_KEEP_DAYS`` (30
by default, as starting a practice game does) and the tables ended longer ago
than ``TABLES_KEEP_ENDED_DAYS`` or untouched for ``TABLES_KEEP_UNTOUCHED_DAYS``;
``purge-practice`` and ``purge-tables`` each do their half.
"""

import json
import os
import re
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from .store import db as store
from .store import sqlite
from .store import transfer
from .canasta.errors import CanastaError
from .canasta.fields import FieldReader
from .canasta.messages import N_
from .canasta.options import resolve
from .canasta.sides import parse_totals
from .errors import capped, more_message
from .games import practice
from .games.read import score_of
from .games.write import clean_table
from .i18n import gettext as _, lazy_gettext as _l, ngettext

FORMAT = "canasta-scorekeeper-export"
FORMAT_VERSION = 1
GAME_FIELDS = ("id", "edit_key_hash", "rules", "options", "names", "seats", "start_totals",
               "version", "created_at", "updated_at", "hands")
HAND_FIELDS = ("number", "sides", "entry", "created_at", "updated_at")
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")
KEY_HASH = re.compile(r"[0-9a-f]{64}")


# --- export ------------------------------------------------------------------------


def export_document(db, game_ids=None):
    """Return the export of the given games (all when None) read from one snapshot.

    Raises store.NotFound naming the first unknown id.
    """
    with sqlite.snapshot(db):
        ids = transfer.all_game_ids(db) if game_ids is None else list(game_ids)
        games = []
        for game_id in ids:
            game = transfer.export_game(db, game_id)
            if game is None:
                raise store.NotFound(game_id)
            games.append(game)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": store.now(),
        "games": games,
    }


def _write_atomically(path, text):
    """Write ``text`` to ``path`` so that the file is either the old one or the whole new one."""
    path = Path(path)
    draft = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        with open(draft, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(draft, path)
    finally:
        draft.unlink(missing_ok=True)


@click.command("export")
@click.option("--game", "game_ids", multiple=True, metavar="ID", help=_l("Export only this game (repeatable)."))
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help=_l("Write to this file instead of standard output."))
@with_appcontext
def export_command(game_ids, output):
    """Export games as JSON: hands as entered, versions, timestamps, edit key hashes."""
    try:
        document = export_document(sqlite.get_db(), game_ids or None)
    except store.NotFound as missing:
        raise click.ClickException(_("There is no game with id %(id)s.", id=missing)) from None
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if output:
        _write_atomically(output, text)
        hands = sum(len(game["hands"]) for game in document["games"])
        click.echo(_("Exported %(games)s games (%(hands)s hands) to %(file)s.", games=len(document['games']), hands=hands, file=output),
                   err=True)
    else:
        click.echo(text, nl=False)


# --- import -----------------------------------------------------------------------


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_timestamp(value):
    if not isinstance(value, str):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _fields_problems(record, fields, what):
    """Return why ``record`` is not ``what``: an object with exactly ``fields``, in words."""
    if not isinstance(record, dict):
        return [_("%(what)s must be an object.", what=_(what))]
    missing = [name for name in fields if name not in record]
    unknown = sorted(set(record) - set(fields))
    problems = [_("It lacks %(fields)s.", fields=", ".join(missing))] if missing else []
    if unknown:
        problems.append(_("It has unknown fields: %(fields)s.", fields=", ".join(unknown)))
    return problems


def _timestamps_problems(record):
    return [_("Its %(field)s must be an ISO 8601 time.", field=name) for name in ("created_at", "updated_at")
            if not _is_timestamp(record[name])]


def game_problems(game):
    """Return what is wrong with one exported game, in words; the engine checks its hands."""
    problems = _fields_problems(game, GAME_FIELDS, N_("A game"))
    if problems:
        return problems
    if not isinstance(game["id"], str) or not GAME_ID.fullmatch(game["id"]):
        problems.append(_("Its id must be 1 to 100 letters, digits, - or _."))
    if not isinstance(game["edit_key_hash"], str) or not KEY_HASH.fullmatch(game["edit_key_hash"]):
        problems.append(_("Its edit_key_hash must be 64 hexadecimal digits (a SHA-256)."))
    if not _is_int(game["version"]) or game["version"] < 0:
        problems.append(_("Its version must be a whole number, 0 or more."))
    problems += _timestamps_problems(game)
    try:
        ruleset, _options = resolve(game["rules"], game["options"])
    except CanastaError as error:
        return problems + [_problem_text(problem) for problem in error.problems]
    reader = FieldReader()
    # The API's own check of names and seats: lengths, invisible characters, one name per side.
    names, seats = clean_table(reader, ruleset, game["names"], game["seats"])
    if not reader.problems:
        game["names"], game["seats"] = names, seats  # stored tidied, as the API stores them
    parse_totals(reader, ruleset, game["start_totals"], "start_totals")
    problems += [_problem_text(problem) for problem in reader.problems]
    hands = game["hands"]
    if not isinstance(hands, list):
        return problems + [_("Its hands must be a list.")]
    for index, hand in enumerate(hands):
        problems += [_("Hand %(number)s: %(problem)s", number=index + 1, problem=text) for text in _hand_problems(hand, index + 1)]
    if problems:
        return problems
    try:
        score_of(game["rules"], game["options"], game["start_totals"], hands)
    except CanastaError as error:
        problems += [_problem_text(problem) for problem in error.problems]
    return problems


def _hand_problems(hand, number):
    problems = _fields_problems(hand, HAND_FIELDS, N_("A hand"))
    if problems:
        return problems
    if hand["number"] != number or not _is_int(hand["number"]):
        problems.append(_("Its number is %(number)s; hands must be numbered 1, 2, 3... in order.", number=repr(hand['number'])))
    if not isinstance(hand["sides"], list):
        problems.append(_("Its sides must be a list."))
    if not isinstance(hand["entry"], dict):
        problems.append(_("Its entry must be an object."))
    return problems + _timestamps_problems(hand)


def _problem_text(problem):
    """The engine's problem with its field, hands counted from 1 as players count them."""
    field = problem.field
    if problem.place.hand is not None:
        field = f"hand {problem.place.hand + 1} {problem.in_hand(None).field}".strip()
    return f"{field}: {problem.message}" if field else problem.message


def document_problems(document):
    """Return ``(games, problems)``: the games of an export, and every problem, each naming its game."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return [], [_('This is not an export of Canasta Scorekeeper (its "format" must be "%(format)s").', format=FORMAT)]
    if document.get("format_version") != FORMAT_VERSION:
        return [], [_("This export has format_version %(found)s; this version of the app reads %(version)s.",
                      found=repr(document.get("format_version")), version=FORMAT_VERSION)]
    games = document.get("games")
    if not isinstance(games, list):
        return [], [_('The export has no "games" list.')]
    problems = []
    seen = set()
    for index, game in enumerate(games):
        name = _("game %(number)s", number=index + 1)
        if isinstance(game, dict) and isinstance(game.get("id"), str):
            name += f" ({game['id']})"
            if game["id"] in seen:
                problems.append(_("%(game)s: the same id comes twice in the file.", game=name))
            seen.add(game["id"])
        problems += [f"{name}: {text}" for text in game_problems(game)]
    return games, problems


def import_document(db, document, replace=False):
    """Check an export and store its games in one transaction; return the games.

    Raises ImportRefused listing every problem; nothing is written then.
    """
    games, problems = document_problems(document)
    if not problems:
        taken = transfer.existing_game_ids(db, [game["id"] for game in games])
        if taken and not replace:
            problems = [_("game %(id)s: a game with this id is already stored; --replace overwrites it.", id=game_id)
                        for game_id in sorted(taken)]
    if problems:
        raise ImportRefused(problems)
    transfer.import_games(db, games, replace=replace)
    return games


class ImportRefused(Exception):
    """The export cannot be imported; ``problems`` says why, one sentence each."""

    def __init__(self, problems):
        super().__init__(" ".join(problems))
        self.problems = problems


@click.command("import")
@click.argument("source", type=click.File("r", encoding="utf-8"))
@click.option("--replace", is_flag=True, help=_l("Overwrite games whose id is already stored."))
@click.option("--check", is_flag=True, help=_l("Only check the file; import nothing."))
@with_appcontext
def import_command(source, replace, check):
    """Import games from an export file (- for standard input): all of them or none."""
    try:
        document = json.load(source)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise click.ClickException(_("The file is not JSON: %(error)s", error=error)) from None
    db = sqlite.get_db()
    try:
        if check:
            games, problems = document_problems(document)
            if problems:
                raise ImportRefused(problems)
        else:
            games = import_document(db, document, replace=replace)
    except ImportRefused as refused:
        listed, left_out = capped(refused.problems)
        for problem in listed:
            click.echo(problem, err=True)
        if left_out:
            click.echo(more_message(left_out), err=True)
        count = len(refused.problems)
        raise click.ClickException(ngettext("%(num)d problem; nothing was imported.", "%(num)d problems; nothing was imported.",
                                            count)) from None
    hands = sum(len(game["hands"]) for game in games)
    if check:
        click.echo(_("All good: would import %(games)s games (%(hands)s hands).", games=len(games), hands=hands))
    else:
        click.echo(_("Imported %(games)s games (%(hands)s hands).", games=len(games), hands=hands))


# --- backup ---------------------------------------------------------------------


@click.command("backup")
@click.argument("target", type=click.Path(path_type=Path))
@with_appcontext
def backup_command(target):
    """Copy the live database to TARGET (a file, or a folder for a dated file), then check the copy.

    Safe while the server runs. An existing file at TARGET is replaced only
    once the new copy has passed PRAGMA integrity_check.
    """
    source = Path(current_app.config["DATABASE"])
    if not source.exists():
        raise click.ClickException(_("There is no database at %(file)s.", file=source))
    if target.is_dir():
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        target = target / f"scorekeeper-{stamp}.db"
    draft = target.with_name(f".{target.name}.{os.getpid()}.partial")
    _remove_leftovers(target)
    try:
        transfer.backup_to(source, draft)
        problems = transfer.integrity_problems(draft)
        if problems:
            raise click.ClickException(_("The copy failed its integrity check, so it was not kept: %(problems)s",
                                         problems="; ".join(problems[:10])))
        games, hands = transfer.file_counts(draft)
        os.replace(draft, target)
    except (OSError, sqlite3.Error) as error:
        raise click.ClickException(_("Could not write the backup to %(file)s: %(error)s", file=target, error=error)) from None
    finally:
        draft.unlink(missing_ok=True)
    click.echo(_("Backed up %(games)s games (%(hands)s hands) to %(file)s; integrity check ok.", games=games, hands=hands,
                 file=target))


LEFTOVER = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.partial")


DATED = re.compile(r"scorekeeper-\d{8}-\d{6}\.db")


def _remove_leftovers(target):
    """Delete the drafts killed backups left beside ``target`` (``.<name>.<pid>.partial``, full-size copies).

    Only drafts of this target's name or of a dated backup (what a backup into
    this folder writes); a draft whose process still runs is another backup at
    work, and stays.
    """
    for path in target.parent.glob(".*.partial"):
        match = LEFTOVER.fullmatch(path.name)
        if match is None or _running(int(match["pid"])):
            continue
        if match["name"] != target.name and not DATED.fullmatch(match["name"]):
            continue
        try:
            path.unlink()
            click.echo(_("Removed %(file)s, left by a backup that did not finish.", file=path.name))
        except OSError:
            pass  # not ours to remove (another user's file): the backup goes on


def _running(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


def _purge_practice(days):
    """Delete the practice games untouched for ``days`` (None: ``PRACTICE_KEEP_DAYS``); return the line to print."""
    days = current_app.config.get("PRACTICE_KEEP_DAYS", practice.KEEP_DAYS) if days is None else days
    gone = practice.forget_untouched(sqlite.get_db(), days)
    return ngettext("%(num)d practice game untouched for %(days)s days deleted.",
                    "%(num)d practice games untouched for %(days)s days deleted.", gone, days=days)


def _purge_tables(ended_days, untouched_days):
    """Delete the tables ended longer ago than ``ended_days`` or untouched for ``untouched_days`` (None: the
    settings); return the line to print."""
    from .games import tables

    config = current_app.config
    ended_days = config.get("TABLES_KEEP_ENDED_DAYS", tables.KEEP_ENDED_DAYS) if ended_days is None else ended_days
    untouched_days = (config.get("TABLES_KEEP_UNTOUCHED_DAYS", tables.KEEP_UNTOUCHED_DAYS)
                      if untouched_days is None else untouched_days)
    db = sqlite.connect(config["DATABASE"])
    try:
        gone = tables.purge(db, ended_days=ended_days, untouched_days=untouched_days)
    finally:
        db.close()
    return ngettext("Deleted %(num)d table (ended over %(ended)s days ago, or untouched for %(untouched)s days).",
                    "Deleted %(num)d tables (ended over %(ended)s days ago, or untouched for %(untouched)s days).",
                    len(gone), ended="{:g}".format(ended_days), untouched="{:g}".format(untouched_days))


PRACTICE_DAYS = click.option("--practice-days", "--days", "practice_days", type=click.IntRange(min=0), default=None,
                             help=_l("Delete practice games untouched for this many days (default: PRACTICE_KEEP_DAYS, 30)."))
ENDED_DAYS = click.option("--ended-days", type=float, default=None,
                          help=_l("Delete tables ended (by the host, or by the end of their game) longer ago than this "
                                  "(default: TABLES_KEEP_ENDED_DAYS, 30)."))
UNTOUCHED_DAYS = click.option("--untouched-days", type=float, default=None,
                              help=_l("Delete tables nobody moved on for longer than this "
                                      "(default: TABLES_KEEP_UNTOUCHED_DAYS, 90)."))


@click.command("purge")
@PRACTICE_DAYS
@ENDED_DAYS
@UNTOUCHED_DAYS
@with_appcontext
def purge_command(practice_days, ended_days, untouched_days):
    """Delete old practice games and old finished or abandoned tables (docs/operations.md); score sheets stay."""
    click.echo(_purge_practice(practice_days))
    click.echo(_purge_tables(ended_days, untouched_days))


@click.command("purge-practice")
@PRACTICE_DAYS
@with_appcontext
def purge_practice_command(practice_days):
    """Delete the practice games nobody touched for a while, with their scores (part of ``purge``)."""
    click.echo(_purge_practice(practice_days))


@click.command("purge-tables")
@ENDED_DAYS
@UNTOUCHED_DAYS
@with_appcontext
def purge_tables_command(ended_days, untouched_days):
    """Delete old finished and abandoned tables (part of ``purge``); their score sheets stay."""
    click.echo(_purge_tables(ended_days, untouched_days))


def init_app(app):
    """Register the backup commands and the purges of old practice games and tables on ``flask --app scorekeeper``."""
    for command in (export_command, import_command, backup_command, purge_command, purge_practice_command,
                    purge_tables_command):
        app.cli.add_command(command)
