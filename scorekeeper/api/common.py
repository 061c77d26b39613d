"""The JSON API's rule sets and one-hand scoring, and the body reading every API view shares.

``GET /api/v1/rules`` lists the presets straight from the engine;
``POST /api/v1/score`` scores one hand with ``canasta.scoring.score_request``.
A body that cannot be read answers 400, a body that breaks a rule 422 with every
problem at once; both carry the ``{"errors": [{"field", "message"}]}`` body.
"""

import json

from flask import Blueprint, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..canasta.errors import CanastaError
from ..canasta.options import rules_catalog
from ..canasta.scoring import BREAKDOWN_LABELS, score_request
from .. import limits
from ..i18n import gettext as _, problem as problem_text
from ..errors import error_body

bp = Blueprint("api", __name__, url_prefix="/api/v1")
CSRF_EXEMPT = True  # no cookie grants anything here: changes need a bearer key


class BadBody(Exception):
    """The request body cannot be read as a JSON object (answered with 400)."""

    def __init__(self, message, field=""):
        super().__init__(message)
        self.field = field
        self.message = message


def _no_constants(name):
    raise ValueError(f"{name} is not a number JSON allows")


def read_json_object():
    """Return ``(body, canonical)``: the request's JSON object and a canonical form of it.

    ``canonical`` is the body re-encoded with sorted keys, so two requests that
    differ only in spacing or key order count as the same request. Raises
    BadBody for a wrong content type, bytes that are not UTF-8, text that is not
    JSON, JSON that is not an object. A body over MAX_CONTENT_LENGTH raises 413
    from Werkzeug before anything is read.
    """
    if not request.is_json:
        raise BadBody(_("Send the body as JSON, with the header Content-Type: application/json."))
    raw = request.get_data(cache=True)
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is not None and request.content_length is None and len(raw) >= limit:
        # A chunked body has no Content-Length to refuse up front: Werkzeug stops
        # reading at the limit, and what it read is only the start of the body.
        raise RequestEntityTooLarge()
    if not raw.strip():
        raise BadBody(_("The request has no body: send a JSON object."))
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise BadBody(_("The body is not UTF-8 text, which JSON must be.")) from None
    try:
        body = json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as error:
        raise BadBody(_("The body is not valid JSON: %(what)s at line %(line)s, column %(column)s.", what=error.msg,
                            line=error.lineno, column=error.colno)) from None
    except ValueError:  # NaN/Infinity, or an integer of thousands of digits
        raise BadBody(_("The body is not valid JSON: it holds a number no score can use.")) from None
    except RecursionError:
        raise BadBody(_("The body is nested too deeply to be a hand.")) from None
    if not isinstance(body, dict):
        raise BadBody(_("The body must be a JSON object, like {\"rules\": \"classic\", \"sides\": [...]}."))
    try:
        canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate such as "\ud800": not text anyone typed
        raise BadBody(_("The body holds text that is not valid Unicode.")) from None
    except RecursionError:
        raise BadBody(_("The body is nested too deeply to be a hand.")) from None
    return body, canonical


def json_response(data, status=200):
    """Return ``data`` as JSON with its keys in the engine's order (a breakdown reads like a score sheet)."""
    # Flask sorts keys by default, and JSON_SORT_KEYS no longer switches that off.
    text = current_app.json.dumps(data, sort_keys=False)
    return current_app.response_class(text + "\n", status=status, mimetype="application/json")


def bad_body(error):
    """Return the 400 answer for a BadBody."""
    return error_body(400, [(error.field, error.message)])


def rule_problems(error: CanastaError, status=422):
    """Return the answer listing every problem of an engine error (422 by default)."""
    return error_body(status, [(problem.field, problem_text(problem)) for problem in error.problems])


def computed_answer(compute):
    """Return the answer to ``compute(body)``: 400 for a body that is no JSON object, 422 for every problem, else 200.

    The 200 answer is never stored: it answers one question about one hand.
    """
    try:
        body, _ = read_json_object()
    except BadBody as error:
        return bad_body(error)
    try:
        answer = compute(body)
    except CanastaError as error:
        return rule_problems(error)
    response = json_response(answer)
    response.cache_control.no_store = True
    return response


def referee_limit():
    """Count a question to the referee or the checks for this address; the 429 answer past the limit, else None."""
    return limits.count("referee")


@bp.get("/rules")
def rules():
    """The six presets with every parameter and option, as the engine defines them."""
    response = json_response({"rules": rules_catalog(), "breakdown_labels": BREAKDOWN_LABELS})
    # The presets only change with a new release of the app.
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    return response


@bp.post("/score")
def score():
    """Score one hand: each side's score and breakdown, each scorer's new total and minimum."""
    return computed_answer(score_request)
