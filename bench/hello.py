"""The baseline: a bare Flask app that answers "hello", served exactly as the real app is.

``create_asgi_app`` serves it as ``make run`` serves the real one: gunicorn's ASGI worker, Flask in the same
pool of threads behind the same adapter (``scorekeeper.asgi.FlaskInThreads``).

Whatever the real app costs beyond this is the app's own work (routing into a
blueprint, reading the database, scoring, templates); what both share (gunicorn,
WSGI, Flask's request handling, the loopback network) cancels out in a ratio.
"""

from flask import Flask

from scorekeeper.asgi import FLASK_THREADS, FlaskInThreads


def create_app():
    """Return a Flask app with one route, ``GET /`` -> ``hello`` (text/plain)."""
    app = Flask(__name__)

    @app.get("/")
    def hello():
        return "hello", 200, {"Content-Type": "text/plain; charset=utf-8"}

    return app


def create_asgi_app():
    """Return the bare app behind the real app's WSGI-to-ASGI adapter, for gunicorn's ASGI worker."""
    flask = FlaskInThreads(create_app(), FLASK_THREADS)

    async def app(scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                await send({"type": message["type"] + ".complete"})
                if message["type"] == "lifespan.shutdown":
                    return
        await flask(scope, receive, send)

    return app
