"""The app factory, error pages and security headers."""

import os
import stat

from scorekeeper import _instance_secret, create_app


def test_factory_uses_test_config(app):
    assert app.testing
    assert app.config["SECRET_KEY"] == "test"


def test_secret_key_is_generated_into_instance_on_first_run(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    key = _instance_secret(instance)
    assert len(key) == 64 and int(key, 16) >= 0
    assert _instance_secret(instance) == key
    mode = stat.S_IMODE(os.stat(instance / "secret_key").st_mode)
    assert mode == 0o600


def test_home_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Canasta Scorekeeper" in response.data


def test_unknown_page_is_a_friendly_404(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert b"There is nothing at this address." in response.data
    assert b"Traceback" not in response.data


def test_unknown_api_path_answers_json_404(client):
    response = client.get("/api/v1/nothing-here")
    assert response.status_code == 404
    assert response.json == {"errors": [{"field": "", "message": "There is nothing at this address."}]}


def test_security_headers(client):
    headers = client.get("/").headers
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"


def test_database_is_in_wal_mode(app, db):
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {"games", "hands", "idempotency"} <= set(db.table_names())



def test_static_urls_carry_a_content_version_and_are_cached_for_a_year(client):
    page = client.get("/").data.decode()
    import re

    href = re.search(r'href="(/static/style\.css\?v=([0-9a-f]{12}))"', page)
    assert href, "the stylesheet link has no version"
    response = client.get(href.group(1))
    assert response.status_code == 200
    assert "max-age=31536000" in response.headers["Cache-Control"]
    unversioned = client.get("/static/style.css")
    assert "max-age=31536000" not in unversioned.headers.get("Cache-Control", "")


def test_static_version_follows_the_content(app, tmp_path):
    from scorekeeper.assets import _digest

    file = tmp_path / "x.css"
    file.write_text("a{}")
    first = _digest(str(file), 1)
    file.write_text("b{}")
    assert _digest(str(file), 2) != first
