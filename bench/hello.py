"""The baseline: a bare Flask app that answers "hello", served exactly as the real app is.

Whatever the real app costs beyond this is the app's own work (routing into a
blueprint, reading the database, scoring, templates); what both share (gunicorn,
WSGI, Flask's request handling, the loopback network) cancels out in a ratio.
"""

from flask import Flask


def create_app():
    """Return a Flask app with one route, ``GET /`` -> ``hello`` (text/plain)."""
    app = Flask(__name__)

    @app.get("/")
    def hello():
        return "hello", 200, {"Content-Type": "text/plain; charset=utf-8"}

    return app
