"""Error pages for people and error bodies for the JSON API.

Pages extend the base layout; any path under /api/ answers the API's
``{"errors": [{"field", "message"}]}`` body instead. Never a stack trace.
"""

from flask import jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

MESSAGES = {
    400: "The request could not be read.",
    403: "You do not have the edit key of this game: it can only be viewed.",
    404: "There is nothing at this address.",
    405: "This address does not take that kind of request.",
    409: "The game changed meanwhile; reload it and try again.",
    413: "The request is too large; a hand never needs that much.",
    415: "Send the request as JSON (Content-Type: application/json).",
    422: "Some values break the rules.",
    429: "Too many requests; wait a moment.",
    500: "Something went wrong on our side; nothing was changed.",
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
    return f"And {left_out:,} more problem{'' if left_out == 1 else 's'}; fix these first, then send again to see the rest."


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
    return custom or MESSAGES.get(error.code, error.name)


def _is_stock(error):
    return type(error).description == error.description


def handle_http_error(error: HTTPException):
    if wants_json():
        return error_body(error.code, [("", _message(error))])
    return (
        render_template("error.html", status=error.code, title=error.name, message=_message(error)),
        error.code,
    )


def handle_csrf_error(error: CSRFError):
    message = "This form has expired or was sent from another page. Your entries are below; send them again."
    if wants_json():
        return error_body(400, [("csrf_token", message)])
    return render_template("error.html", status=400, title="Form expired", message=message), 400


def handle_unexpected(error):
    # Logged by Flask with the traceback; the player only sees a plain page.
    if wants_json():
        return error_body(500, [("", MESSAGES[500])])
    return render_template("error.html", status=500, title="Server error", message=MESSAGES[500]), 500


def handle_unwritable(error):
    """503 for a database that cannot take a write: the change was not made, and saying so plainly."""
    from .store.sqlite import UNWRITABLE

    if wants_json():
        return error_body(503, [("", UNWRITABLE)])
    return render_template("error.html", status=503, title="Not saved", message=UNWRITABLE), 503


def init_app(app):
    from .store.sqlite import Unwritable

    app.register_error_handler(Unwritable, handle_unwritable)
    app.register_error_handler(CSRFError, handle_csrf_error)
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(InternalServerError, handle_unexpected)
