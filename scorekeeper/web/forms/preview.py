"""The hand form's live score: the typed form read by the same code as a save, scored by the engine.

``static/hand.js`` sends the form itself (its fields as typed) to the hand
page's preview route; :func:`preview` reads it with :meth:`HandForm.read_sides`
(the save's own reading) and answers what the page shows, already written:
each side's score and breakdown, each scorer's total and next minimum, and
every problem with the form field it belongs beside. The browser keeps no copy
of how fields become the API's JSON, and computes nothing.
"""

from ...i18n import lazy_gettext as _l, ngettext
from wtforms import FormField

from ...canasta.cards import Rank
from ...canasta.errors import CanastaError
from ...canasta.melds import CANASTA_SIZE, Meld, canasta_kind, meld_problems
from ...canasta.scoring import BREAKDOWN_LABELS, score_request
from ...printing.charts import points_label
from .paths import walk
from .sides import meld_row_label, meld_rows, side_slots

NO_ARRANGEMENT = _l("Choose who played alone to see the score.")
NO_GOING_OUT = _l("Who went out? Not answered yet: counted as nobody for now.")


def signed(value):
    return ("+" if value > 0 else "") + points_label(value)


def breakdown_text(side, labels=BREAKDOWN_LABELS):
    """``Canasta bonuses +300 · Going out +100``: a side's breakdown, with what each part is made of."""
    parts = []
    for key, value in side["breakdown"].items():
        text = f"{_l(labels[key]) if key in labels else key} {signed(value)}"
        details = side.get("details", {}).get(key)
        if details:
            text += " (" + ", ".join(details) + ")"
        parts.append(text)
    parts += side.get("notes", [])
    return " · ".join(parts)


def where(form, name, fields):
    """Where a problem is, in the player's words, for the save bar: ``Ann & Bob, 8s``; "" for the whole hand."""
    parts = name.split("-")
    if parts[0] != "sides" or len(parts) < 2:
        field = fields.get(name)
        return field.label.text if field is not None and name else ""
    labels = form.side_labels(int(parts[1]))
    arrangement = form.arrangement.data if form.ruleset.partnership_per_hand else ""
    side = labels.get(arrangement or "", next(iter(labels.values())))
    if len(parts) >= 4 and parts[2] == "melds":
        rank = meld_rows(form.ruleset)[int(parts[3])]
        return f"{side}, {meld_row_label(rank)}"
    field = fields.get(name)
    if field is not None and not isinstance(field, FormField):
        return f"{side}, {field.label.text}"
    return side


def problems_of(form):
    """Every problem placed on the form: ``{"field": form name ("" = the whole hand), "message", "where"}``."""
    fields = form.fields_by_name()
    placed = [(field.name, message) for field in walk(form)
              if field.name != "csrf_token" and not isinstance(field, FormField) for message in field.errors]
    placed += [(name, message) for name, messages in form.group_errors.items() for message in messages]
    placed += [("", message) for message in form.form_errors]
    return [{"field": name, "message": message, "where": where(form, name, fields)} for name, message in placed]


def _drop_unanswered_going_out(form):
    """An unanswered *Who went out?* is no problem while typing: the score counts nobody going out."""
    if form.going_out.data in (None, "", "None"):
        form.going_out.errors = []
        form.going_out.data = "no"
        return True
    return False


def meld_line(ruleset, options, rank, counts):
    """Return what one row of the meld grid makes: ``"Mixed canasta, 90 + 300"`` (cards + bonus), ``"30 points, 4 to a canasta"``.

    "" for a row left empty, or one that breaks a rule (its problem stands beside it instead).
    """
    if not any(counts.values()):
        return ""
    try:
        meld = Meld(None if rank == "wild" else Rank.from_text(rank), **counts)
    except (CanastaError, ValueError):
        return ""
    if meld_problems(ruleset, options, meld):
        return ""
    kind = canasta_kind(ruleset, meld)
    if kind is not None:
        return f"{_l(kind.label)}, {points_label(meld.points)} + {points_label(ruleset.canasta_bonus(kind))}"
    return _l("%(points)s, %(missing)s to a canasta", points=ngettext("%(num)s point", "%(num)s points", meld.points),
              missing=CANASTA_SIZE - meld.size)


def _count(field):
    return field.data if isinstance(field.data, int) and field.data > 0 and not field.errors else 0


def meld_lines(game, form):
    """Return each meld grid row's line by its form name (``sides-0-melds-1``), from the counts typed."""
    ruleset, options = game.ruleset, game.score.options
    lines = {}
    for slot in range(side_slots(ruleset)):
        rows = form.side(slot).melds.form
        for index, rank in enumerate(meld_rows(ruleset)):
            row = rows[str(index)].form
            counts = {name: _count(row[name]) for name in ("naturals", "twos", "jokers") if name in row}
            lines[f"sides-{slot}-melds-{index}"] = meld_line(ruleset, options, rank, counts)
    return lines


def preview(game, form, totals_before):
    """Return the JSON the hand page shows for the typed form (nothing is stored), each meld row's line too."""
    answer = _preview(game, form, totals_before)
    answer["meld_lines"] = meld_lines(game, form)
    return answer


def _preview(game, form, totals_before):
    if form.arrangement_missing():
        return {"ok": False, "waiting": NO_ARRANGEMENT, "problems": [], "sides": [], "scorers": []}
    form.validate_hand()
    if getattr(form, "csrf_token", None) is not None:
        form.csrf_token.errors = []  # the preview changes nothing: an old page still sees its score
    unanswered = _drop_unanswered_going_out(form)
    waiting = NO_GOING_OUT if unanswered else ""
    if form.errors_found():
        return {"ok": False, "waiting": waiting, "problems": problems_of(form), "sides": [], "scorers": []}
    sides = form.read_sides()
    try:
        answer = score_request({"rules": game.rules, "options": game.options,
                                "totals_before": totals_before, "sides": sides}, details=True)
    except CanastaError as error:
        form.place_problems(error.problems)
        return {"ok": False, "waiting": waiting, "problems": problems_of(form), "sides": [], "scorers": []}
    return {
        "ok": True, "waiting": waiting, "problems": [],
        "sides": [{"score": signed(side["score"]), "breakdown": breakdown_text(side)} for side in answer["sides"]],
        "scorers": [{"hand_score": signed(scorer["hand_score"]), "total": points_label(scorer["total"]),
                     "next_minimum": points_label(scorer["next_minimum"])} for scorer in answer["scorers"]],
        "mini": " · ".join(f"{name} {signed(scorer['hand_score'])}"
                           for name, scorer in zip(game.names, answer["scorers"], strict=False)),
    }
