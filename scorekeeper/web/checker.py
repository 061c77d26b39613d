"""The rules checker pages: the table's referee, one question per page.

Each page is a GET form (a check changes nothing): filled in, it shows the
engine's answer above the form, and the form keeps what was entered. Every
number and every rule decision comes from ``canasta.checks``.
"""

from dataclasses import dataclass

from flask import Blueprint, render_template, request

from ..i18n import gettext as _, problem as problem_text
from ..store import sqlite
from ..canasta.cards import parse_cards, parse_meld_groups
from ..canasta.checks import check_going_out, check_initial_meld, check_meld, check_pile
from ..canasta.going_out import going_out_rules
from ..canasta.errors import CanastaError
from ..canasta.options import resolve
from ..canasta.pile import minimums
from ..canasta.rules import PRESETS
from ..canasta.words import join_or
from .forms.checker import GoingOutForm, InitialMeldForm, MeldForm, PileForm
from ..games.read import load_game

bp = Blueprint("checker", __name__, url_prefix="/check")

# The rules page's example: king on top, K K and Q Q 2 in hand.
EXAMPLE = {"cards": "K K | Q Q 2", "pile_top": "K"}
EXAMPLE_TOTALS = (0, 1500)


@dataclass(frozen=True)
class GameSide:
    """The scorer of a game a check was opened for, from the scoreboard."""

    game_id: str
    side: int
    name: str
    total: int
    minimum: int
    verb: str  # "need" for a team, "needs" for one player


def _submitted(field_name):
    """Return True once the form was sent (its main card field is in the query)."""
    return field_name in request.args


def _engine_problems(form, error: CanastaError):
    """Show the engine's refusals beside the fields they name; return False."""
    for problem in error.problems:
        field = form._fields.get(problem.field.split(".")[0].split("[")[0])
        if field is None and problem.field.startswith("options."):
            field = form._fields.get(problem.field.removeprefix("options."))
        (field.errors if field is not None else form.form_errors).append(problem_text(problem))
    return False


@bp.get("")
def index():
    return render_template("checker/index.html")


# --- initial meld -------------------------------------------------------------------------


def _game_side(game_id, side_text):
    """Return the GameSide a scoreboard link names, or an error message for the page."""
    game = load_game(sqlite.get_db(), game_id) if game_id else None
    if game is None:
        return None, _("That game could not be found: fill in the rule set and the total yourself.")
    try:
        side = int(side_text)
    except (TypeError, ValueError):
        side = -1
    if not 0 <= side < len(game.names):
        return None, _("That game has no such team or player: fill in the total yourself.")
    verb = "need" if game.ruleset.scorer_label == "team" else "needs"
    return GameSide(game.id, side, game.names[side], game.score.totals[side],
                    game.score.next_minimum[side], verb), game


def _opened_for_game(form, field_name):
    """Return (GameSide, notice) for a check opened from a game; a form not yet sent takes the game's values."""
    game_id = request.args.get("game")
    if not game_id:
        return None, None
    side, found = _game_side(game_id, request.args.get("side"))
    if side is None:
        form.game.data = form.side.data = ""
        return None, found
    if not _submitted(field_name):
        _prefill_from_game(form, found, side)
    return side, None


def _prefill_from_game(form, game, side: GameSide):
    form.rules.data = game.rules
    form.wild_limit.data = game.score.options.wild_limit
    form.total.data = side.total
    form.game.data, form.side.data = side.game_id, str(side.side)


def _example():
    """The rules page's example, worked out by the engine at two totals."""
    ruleset, options = resolve("classic")
    groups = parse_meld_groups(EXAMPLE["cards"])
    top = parse_cards(EXAMPLE["pile_top"])[0]
    return [(total, check_initial_meld(ruleset, options, total, groups=groups, pile_top=top)) for total in EXAMPLE_TOTALS]


def _checked(form, field_name, check):
    """Return the engine's answer to a sent, valid form, or None (problems then stand beside their fields).

    ``check(ruleset, options)`` asks ``canasta.checks`` with the form's values.
    """
    if not (_submitted(field_name) and form.validate()):
        return None
    ruleset, options = form.resolved()
    try:
        return check(ruleset, options)
    except CanastaError as error:
        _engine_problems(form, error)
        return None


def _page(template, form, result, **context):
    """The check page: 422 while a sent form has problems and no answer."""
    status = 200 if result is not None or not form.errors else 422
    return render_template(template, form=form, result=result, ruleset=form.ruleset, **context), status


@bp.get("/initial-meld")
def initial_meld():
    form = InitialMeldForm(request.args)
    side, notice = _opened_for_game(form, "cards")

    def check(ruleset, options):
        grouped = "|" in form.cards.data
        return check_initial_meld(
            ruleset, options, form.total.data, None if grouped else form.cards.flat,
            groups=form.cards.cards if grouped else None, pile_top=form.top_card, going_out=form.going_out.data,
            dead_ranks=form.dead)

    return _page("checker/initial_meld.html", form, _checked(form, "cards", check), side=side, notice=notice,
                 example=_example(), example_query=EXAMPLE)


# --- one meld --------------------------------------------------------------------------------


@bp.get("/meld")
def meld():
    form = MeldForm(request.args)
    result = _checked(form, "cards", lambda ruleset, options: check_meld(
        ruleset, options, form.cards.flat, going_out=form.going_out.data,
        initial=form.initial.data, dead_ranks=form.dead))  # a family whose melds do not ask (Classic) leaves it aside
    return _page("checker/meld.html", form, result)


# --- the discard pile ---------------------------------------------------------------------------


def _minimum_hint():
    """Return the minimum field's hint: each family's minimums, from the engine's tables."""
    by_family: dict = {}
    for ruleset in PRESETS.values():
        by_family.setdefault(ruleset.family.name, set()).update(minimums(ruleset))
    listed = "; ".join(f"{_(name)} {join_or([str(value) for value in sorted(values)], _)}"
                       for name, values in by_family.items())
    return _("Instead of the total, the minimum itself: %(minimums)s.", minimums=listed)


@bp.get("/pile")
def pile():
    form = PileForm(request.args)
    side, notice = _opened_for_game(form, "hand")

    def check(ruleset, options):
        counts = form.side_meld_counts  # read by validation
        return check_pile(
            ruleset, options, parse_cards(form.pile_top.data)[0], form.hand.flat,
            frozen=form.frozen.data, side_has_melded=form.side_has_melded.data or bool(counts),
            side_melds=counts, pile_size=form.pile_size.data,
            dead_ranks=form.dead, stock_empty=form.stock_empty.data, total=form.total.data,
            minimum=form.minimum.data)

    result = _checked(form, "hand", check)
    for problem in result.asks if result is not None else ():
        form[problem.field].errors.append(problem_text(problem))  # what the answer needs, asked beside its field
    return _page("checker/pile.html", form, result, minimum_hint=_minimum_hint(), side=side, notice=notice)


# --- going out ----------------------------------------------------------------------------------


@bp.get("/going-out")
def going_out():
    form = GoingOutForm(request.args)

    def check(ruleset, options):
        melds = getattr(form, "melds", [])  # read by validation
        return check_going_out(
            ruleset, options, form.hand.flat, canastas=form.canastas.data,
            side_has_melded=form.side_has_melded.data or bool(melds),
            player_has_melded=form.player_has_melded.data, side_melds=melds, total=form.total.data,
            dead_ranks=form.dead)

    return _page("checker/going_out.html", form, _checked(form, "hand", check),
                 conditions=going_out_rules(*_safe_resolved(form)))


def _safe_resolved(form):
    try:
        return form.resolved()
    except CanastaError:
        return resolve(form.ruleset.id)
