"""Error pages for people and error bodies for the JSON API.

Pages extend the base layout; any path under /api/ answers the API's
``{"errors": [{"field", "message"}]}`` body instead. Never a stack trace.
"""

from flask import jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from .canasta.messages import N_
from .i18n import gettext as _, ngettext, number

# Every message and title is English here and translated when answered (the request's language).
MESSAGES = {
    400: N_("The request could not be read."),
    403: N_("You do not have the edit key of this game: it can only be viewed."),
    404: N_("There is nothing at this address."),
    405: N_("This address does not take that kind of request."),
    409: N_("The game changed meanwhile; reload it and try again."),
    413: N_("The request is too large; a hand never needs that much."),
    415: N_("Send the request as JSON (Content-Type: application/json)."),
    422: N_("Some values break the rules."),
    429: N_("Too many requests; wait a moment."),
    500: N_("Something went wrong on our side; nothing was changed."),
}
TITLES = {
    400: N_("Bad request"), 403: N_("Forbidden"), 404: N_("Not found"), 405: N_("Not allowed"),
    409: N_("Changed meanwhile"), 413: N_("Too large"), 415: N_("Not JSON"), 422: N_("Not valid"),
    429: N_("Too many requests"), 500: N_("Server error"), 503: N_("Not saved"),
}


def wants_json():
    return request.path.startswith("/api/")


# An answer lists this many problems at most, then says how many more there are:
# a 64 KB body with 8,000 unknown fields got a 785 KB list of errors back.
MAX_LISTED = 20


def capped(problems, limit=MAX_LISTED):
    """Return the first ``limit`` of ``problems`` and how many were left out."""
    problems = list(problems)
    return problems[:limit], max(0, len(problems) - limit)


def more_message(left_out):
    """The last line of a capped list: ``"And 7,980 more problems; fix these first."``."""
    return ngettext("And %(count)s more problem; fix these first, then send again to see the rest.",
                    "And %(count)s more problems; fix these first, then send again to see the rest.", left_out,
                    count=number(left_out))


def error_body(status, errors):
    """Return the API's error response: ``errors`` is a list of (field, message) pairs, the first 20 kept."""
    listed, left_out = capped(errors)
    body = [{"field": field, "message": message} for field, message in listed]
    if left_out:
        body.append({"field": "", "message": more_message(left_out)})
    response = jsonify({"errors": body})
    response.status_code = status
    return response


def _message(error):
    description = getattr(error, "description", None)
    # Werkzeug's stock descriptions speak to developers; ours speak to players.
    custom = description if description and not _is_stock(error) else None
    return str(custom) if custom else _(MESSAGES[error.code]) if error.code in MESSAGES else error.name


def _is_stock(error):
    return type(error).description == error.description


def handle_http_error(error: HTTPException):
    if wants_json():
        return error_body(error.code, [("", _message(error))])
    return (
        render_template("error.html", status=error.code, title=_(TITLES[error.code]) if error.code in TITLES else error.name,
                        message=_message(error)),
        error.code,
    )


def handle_csrf_error(error: CSRFError):
    message = _("This form has expired or was sent from another page. Your entries are below; send them again.")
    if wants_json():
        return error_body(400, [("csrf_token", message)])
    return render_template("error.html", status=400, title=_("Form expired"), message=message), 400


def handle_unexpected(error):
    # Logged by Flask with the traceback; the player only sees a plain page.
    if wants_json():
        return error_body(500, [("", _(MESSAGES[500]))])
    return render_template("error.html", status=500, title=_(TITLES[500]), message=_(MESSAGES[500])), 500


def handle_unwritable(error):
    """503 for a database that cannot take a write: the change was not made, and saying so plainly."""
    from .store.sqlite import UNWRITABLE

    if wants_json():
        return error_body(503, [("", _(UNWRITABLE))])
    return render_template("error.html", status=503, title=_(TITLES[503]), message=_(UNWRITABLE)), 503


def init_app(app):
    from .store.sqlite import Unwritable

    app.register_error_handler(Unwritable, handle_unwritable)
    app.register_error_handler(CSRFError, handle_csrf_error)
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(InternalServerError, handle_unexpected)
