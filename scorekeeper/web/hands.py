"""Entering, editing, deleting and undoing a game's hands from a phone.

Thin views: build the form, read it into the API's shapes, let ``service``
(and through it the engine) check and store, redirect to the scoreboard.
Whatever the player typed comes back in the form with any problem beside its
field; nothing is stored then.
"""

import secrets
from functools import partial

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from markupsafe import Markup, escape

from ..games import write as service
from ..i18n import gettext as _, lazy_gettext as _l, problems
from ..store import db as store
from ..store import sqlite
from ..canasta.errors import CanastaError, InvalidHand
from ..canasta.scoring import BREAKDOWN_LABELS, score_request
from ..printing.charts import points_label
from .forms.hands import form_data_from_sides, hand_form_class
from .forms.preview import breakdown_text, meld_lines, preview
from .forms.sides import IN_HAND_FIELDS, MODE_HINTS, UNFINISHED, meld_row_label, meld_rows, side_slots
from .helpers import this_phone
from .helpers import (
    NO_GAME, editable_game_or_abort, form_expired, game_or_404, int_or_none, keeps_entries_when_expired,
    once_per_token, side_label, signed,
)

bp = Blueprint("hands", __name__)

CONFLICT = _l("Someone changed this game while you were editing; your entries are below — "
            "check the scoreboard and save again.")
NO_HAND = _l("This game has no hand %(number)s. It may have been deleted meanwhile: check the scoreboard.")
FORM_SCOPE = "form:"
EDIT_SCOPE = "form-edit:"  # a hand's edit: its own tokens, never taken for an added hand's


def label_variants(labels, control, current):
    """Markup of a label that changes with a control: one span per distinct text, the current one shown.

    ``labels`` maps a control value to its text; values with the same text share one span.
    Without JavaScript the text of the value sent last is shown (the first text when none is).
    """
    if len(labels) == 1:
        return escape(next(iter(labels.values())))
    current = current or ""
    if current not in labels:
        current = next(iter(labels))
    by_text = {}
    for value, text in labels.items():
        if text:
            by_text.setdefault(text, []).append(value)
    spans = []
    for text, values in by_text.items():
        hidden = "" if current in values else " hidden"
        spans.append(Markup('<span data-when="{}:{}"{}>{}</span>').format(control, "|".join(values), Markup(hidden), text))
    return Markup("").join(spans)


def board_url(game_id):
    """The scoreboard of a game."""
    return url_for("games.board", game_id=game_id)


# --- the hand form ------------------------------------------------------------------------


def _hand_form(game, formdata=None, data=None):
    form_class = hand_form_class(game.rules)
    if formdata is not None:
        return form_class(formdata=formdata, names=game.names)
    from werkzeug.datastructures import MultiDict

    return form_class(formdata=MultiDict(data or {}), names=game.names)


def _totals_before(game, number):
    """Totals before hand ``number`` (the engine's), for the preview."""
    hands = game.score.hands
    if number <= len(hands):
        return list(hands[number - 1].totals_before)
    return list(game.score.totals)


def _preview(game, form, sides, totals_before):
    """The engine's score of the typed hand, as the API answers it, or None after placing its problems."""
    try:
        return score_request({"rules": game.rules, "options": game.options,
                              "totals_before": totals_before, "sides": sides}, details=True)
    except CanastaError as error:
        form.place_problems(error.problems)
        return None


def _last_modes(game):
    """Each side's entry mode of the last hand entered: the next hand opens the same way."""
    if not game.hands:
        return {}
    modes = (game.hands[-1].get("entry") or {}).get("modes") or []
    return {f"sides-{slot}-mode": mode for slot, mode in enumerate(modes) if mode in ("number", "cards", "melds")}


@bp.post("/games/<game_id>/hands/<int:number>/preview")
@keeps_entries_when_expired
def preview_hand(game_id, number):
    """The live score of the typed hand form, read as a save reads it; stores nothing."""
    game = game_or_404(game_id)
    if not 1 <= number <= len(game.hands) + 1:
        abort(404, description=str(NO_HAND) % {"number": number})
    form = _hand_form(game, formdata=request.form)
    return jsonify(preview(game, form, _totals_before(game, number)))


def _render_hand(game, form, *, number, editing, totals_before, preview=None, status=200, conflict=False,
                 opened_as=None):
    return render_template(
        "hands/hand.html", game=game, form=form, number=number, editing=editing, preview=preview, opened_as=opened_as,
        meld_lines=meld_lines(game, form),
        points=points_label, signed=signed, holding_penalty=game.ruleset.family.holding_penalty,
        unfinished_penalties=game.ruleset.family.unfinished_penalties,
        last_three_penalty=game.ruleset.family.last_drawn_three_penalty, board_url=board_url(game.id),
        preview_url=url_for("hands.preview_hand", game_id=game.id, number=number), breakdown_text=breakdown_text,
        totals_before=totals_before, conflict=conflict, ruleset=game.ruleset, slots=range(side_slots(game.ruleset)),
        meld_rows=[(index, rank, meld_row_label(rank)) for index, rank in enumerate(meld_rows(game.ruleset))],
        in_hand_fields=IN_HAND_FIELDS, unfinished=UNFINISHED, mode_hints=MODE_HINTS,
        breakdown_labels=BREAKDOWN_LABELS,
    ), status


def _typed_hand(game, form, *, number, editing, totals_before):
    """Read a sent hand form: return ``(page, sides, entry, None)`` when the hand is to be stored, else
    ``(page, None, None, the page to answer)``; ``page(**extra)`` renders the hand form again.

    Add and edit read a sent form alike: switching the mode or asking for a
    check shows the form again, an expired or invalid form shows it with its
    problems.
    """
    page = partial(_render_hand, game, form, number=number, editing=editing, totals_before=totals_before)
    action = request.form.get("action", "save")
    if action == "switch":
        return page, None, None, page()
    valid = form.validate_hand()
    if form_expired(form):
        return page, None, None, page(status=400)
    if not valid:
        return page, None, None, page(status=422)
    sides = form.read_sides()
    if action == "check":
        preview = _preview(game, form, sides, totals_before)
        return page, None, None, page(preview=preview, status=200 if preview else 422)
    return page, sides, form.entry(form.typed_values()), None


@bp.route("/games/<game_id>/hands/new", methods=["GET", "POST"])
@keeps_entries_when_expired
def add(game_id):
    game = editable_game_or_abort(game_id)
    number = len(game.hands) + 1
    totals_before = _totals_before(game, number)
    if request.method == "GET":
        if game.score.game_over:  # a tab left open on the last hand: nothing to fill in here
            flash(_("The game is over: no hand can be added. To correct a hand, tap its number, "
                    "then edit or delete it."), "error")
            return redirect(board_url(game.id), 303)
        # The version it was opened at: a second phone saving the same hand gets the conflict page.
        form = _hand_form(game, data={"token": secrets.token_urlsafe(16), "expected_version": str(game.version),
                                      **_last_modes(game)})
        return _render_hand(game, form, number=number, editing=False, totals_before=totals_before)

    form = _hand_form(game, formdata=request.form)
    if not form.token.data:
        form.token.data = secrets.token_urlsafe(16)
    page, sides, entry, answer = _typed_hand(game, form, number=number, editing=False, totals_before=totals_before)
    if sides is None:
        return answer
    db = sqlite.get_db()
    expected = int_or_none(form.expected_version.data)
    return _save_once(
        db, game_id, FORM_SCOPE + game_id, form, page,
        lambda: {"number": service.add_hand(db, game_id, sides, entry=entry, expected_version=expected,
                                            made_by=this_phone()).number},
        conflict=lambda _: _added_meanwhile(game_id, form, int_or_none(request.form.get("opened_as"))),
        missing=NO_GAME,
        said=lambda answer, repeated: (_("This hand was already saved as hand %(number)s.", number=answer.get('number')),
                                       "info")
        if repeated else (_("Hand %(number)s saved.", number=answer['number']), "success"))


def _save_once(db, game_id, scope, form, page, work, *, conflict, missing, said):
    """Run ``work`` once for the form's one-time token and go to the board saying ``said(answer, repeated)``;
    or answer the form again with why not (its entries kept): 422 refused, ``conflict(error)``, 503 unwritable.

    Without a token (a form of an older page) the work simply runs, its version checked.
    """
    try:
        answer, repeated = once_per_token(db, scope, form.token.data, work)
    except InvalidHand as error:
        form.place_problems(error.problems)
        return page(status=422)
    except store.VersionConflict as error:
        return conflict(error)
    except store.NotFound:
        abort(404, description=missing)
    except sqlite.Unwritable:
        form.form_errors.append(_(sqlite.UNWRITABLE) + " " + _("Your entries are below, as you typed them."))
        return page(status=503)
    flash(*said(answer, repeated))
    return redirect(board_url(game_id), code=303)


def _added_meanwhile(game_id, form, opened_as):
    """The conflict page of a hand sent after the game moved on: what was typed, to save as the next hand or drop.

    The form now carries the game's current version, so saving it again is the
    player's choice, made knowing; its one-time token is kept, so it is still
    stored once however often it is sent.
    """
    now = game_or_404(game_id)
    form.expected_version.data = str(now.version)
    next_number = len(now.hands) + 1
    return _render_hand(now, form, number=next_number, editing=False, totals_before=_totals_before(now, next_number),
                        status=409, conflict=True, opened_as=opened_as)


@bp.route("/games/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
@keeps_entries_when_expired
def edit(game_id, number):
    game = editable_game_or_abort(game_id)
    if not 1 <= number <= len(game.hands):
        abort(404, description=str(NO_HAND) % {"number": number})
    totals_before = _totals_before(game, number)
    if request.method == "GET":
        stored = game.hands[number - 1]
        typed = (stored.get("entry") or {}).get("form") or form_data_from_sides(game.ruleset, stored["sides"])
        # A one-time token as the add form has: an edit kept by the outbox (offline) and sent again is applied once.
        form = _hand_form(game, data={**typed, "token": secrets.token_urlsafe(16), "expected_version": str(game.version)})
        return _render_hand(game, form, number=number, editing=True, totals_before=totals_before)

    form = _hand_form(game, formdata=request.form)
    page, sides, entry, answer = _typed_hand(game, form, number=number, editing=True, totals_before=totals_before)
    if sides is None:
        return answer
    db = sqlite.get_db()

    def change():
        service.replace_hand(db, game_id, number, sides, entry=entry, made_by=this_phone(),
                             expected_version=int_or_none(form.expected_version.data))
        return {"number": number}

    def conflict(error):
        # Saving again after a look at the board is a choice the player makes knowingly.
        form.expected_version.data = str(error.current_version)
        return page(status=409, conflict=True)

    return _save_once(
        db, game_id, EDIT_SCOPE + game_id, form, page, change, conflict=conflict, missing=str(NO_HAND) % {"number": number},
        said=lambda answer, repeated: (_("This change to hand %(number)s was already saved.", number=number), "info")
        if repeated else (_("Hand %(number)s changed; the totals after it are counted again.", number=number), "success"))


# --- deleting and undoing ---------------------------------------------------------------------


def _hand_summary(game, number):
    """The scored hand (engine's HandScore) or None when the engine could not score it."""
    hands = game.score.hands
    return hands[number - 1] if number <= len(hands) else None


def _render_remove(game, number, *, action, conflict=False, status=200):
    return render_template(
        "hands/remove.html", game=game, number=number, hand=_hand_summary(game, number), action=action,
        conflict=conflict, side_label=lambda members: side_label(game.names, members),
        breakdown_labels=BREAKDOWN_LABELS, points=points_label, signed=signed, board_url=board_url(game.id),
    ), status


@bp.route("/games/<game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete(game_id, number):
    game = editable_game_or_abort(game_id)
    if not 1 <= number <= len(game.hands):
        abort(404, description=str(NO_HAND) % {"number": number})
    if request.method == "GET":
        return _render_remove(game, number, action="delete")
    db = sqlite.get_db()
    try:
        service.delete_hand(db, game_id, number, expected_version=int_or_none(request.form.get("expected_version")),
                            made_by=this_phone())
    except store.VersionConflict:
        return _render_remove(game_or_404(game_id), number, action="delete", conflict=True, status=409)
    except store.NotFound:
        abort(404, description=str(NO_HAND) % {"number": number})
    except InvalidHand as error:
        flash(_("Hand %(number)s cannot be deleted: %(problems)s", number=number, problems=" ".join(problems(error.problems))),
              "error")
        return redirect(board_url(game_id), code=303)
    flash(_("Hand %(number)s deleted; the totals after it are counted again.", number=number), "success")
    return redirect(board_url(game_id), code=303)
