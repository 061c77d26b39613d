"""PDF rendering: only the app's own static files are ever fetched, fonts print the suits, metadata is set."""

import io
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pypdf
import pytest
from flask import render_template_string

from scorekeeper import create_app
from scorekeeper.printing import pdf

STATIC = Path(__file__).resolve().parents[2] / "static"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pdf")
    return create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False, "DATABASE": str(folder / "pdf.db")})


@pytest.fixture(scope="module")
def fetcher():
    return pdf.StaticOnlyFetcher(STATIC, "/static", own_hosts=("scores.example.org",))


class Recorder(BaseHTTPRequestHandler):
    """A local web server that counts every request it gets (there must be none)."""

    requests: list = []

    def do_GET(self):
        Recorder.requests.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def web_server():
    Recorder.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


# --- the URL fetcher --------------------------------------------------------------------


@pytest.mark.parametrize("url", [
    (STATIC / "favicon.svg").as_uri(),
    "https://scores.example.org/static/favicon.svg",
    "http://scores.example.org/static/print.css",
], ids=["file-in-static", "own-host-https", "own-host-http"])
def test_fetcher_serves_the_apps_static_files(fetcher, url):
    response = fetcher.fetch(url)
    name = url.rsplit("/", 1)[-1]
    assert response.read() == (STATIC / name).read_bytes()
    assert response.content_type in ("image/svg+xml", "text/css")


@pytest.mark.parametrize("url", [
    "http://example.com/x.png",
    "https://example.com/static/favicon.svg",
    "file:///etc/passwd",
    (STATIC / ".." / "pyproject.toml").as_uri(),
    (STATIC / "%2e%2e" / "pyproject.toml").as_uri().replace("%252e", "%2e"),
    "https://scores.example.org/static/../pyproject.toml",
    "https://scores.example.org/api/v1/rules",
    "https://scores.example.org/static/no-such-file.png",
    "file://evil.example.com" + str(STATIC / "favicon.svg"),
    "data:image/png;base64,iVBORw0KGgo=",
    "ftp://example.com/x.png",
], ids=["other-site", "other-site-static", "etc-passwd", "dot-dot", "encoded-dot-dot", "own-host-dot-dot",
        "own-host-not-static", "missing-file", "file-on-other-host", "data-url", "ftp"])
def test_fetcher_refuses_everything_else(fetcher, url):
    with pytest.raises(ValueError, match="Refused to fetch"):
        fetcher.fetch(url)


def test_a_template_cannot_make_the_server_fetch_anything(app, web_server, caplog):
    spy = pdf.StaticOnlyFetcher(app.static_folder, "/static")
    with app.test_request_context("/"), caplog.at_level(logging.WARNING, logger="weasyprint"):
        html = render_template_string(
            """<!doctype html><html><head><title>t</title>
            <link rel="stylesheet" href="file:///etc/passwd">
            <link rel="stylesheet" href="{{ server }}/style.css"></head>
            <body><p>Sheet</p><img src="http://example.com/x.png" alt="">
            <img src="{{ server }}/x.png" alt=""><img src="file:///etc/passwd" alt="">
            <img src="favicon.svg" alt=""></body></html>""",
            server=web_server,
        )
        body = pdf.html_to_pdf(html, fetcher=spy)
    assert body.startswith(b"%PDF-")
    assert Recorder.requests == []  # nothing reached the web server
    assert set(spy.refused) == {
        "file:///etc/passwd", f"{web_server}/style.css", "http://example.com/x.png", f"{web_server}/x.png",
    }
    # WeasyPrint reports each refusal; the static image loaded fine, so it is not among them.
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert "favicon.svg" not in logged and "example.com/x.png" in logged


def test_relative_static_links_resolve_in_the_static_folder(app):
    spy = pdf.StaticOnlyFetcher(app.static_folder, "/static")
    with app.test_request_context("/"):
        pdf.html_to_pdf('<html><body><img src="favicon.svg" alt="suit"></body></html>', fetcher=spy)
    assert spy.refused == []


# --- fonts, metadata, stylesheet --------------------------------------------------------


@pytest.fixture(scope="module")
def sample_pdf(app):
    html = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Suits ♠ ♥ ♦ ♣</title>
      <meta name="author" content="Canasta Scorekeeper"><meta name="description" content="A sample">
      </head><body class="paper-a4"><div class="running-title">Running ♠ title</div><p>♠ ♥ ♦ ♣ Joker 50</p></body></html>"""
    with app.test_request_context("/"):
        return pypdf.PdfReader(io.BytesIO(pdf.html_to_pdf(html)))


def test_suits_print_in_dejavu_everywhere_even_in_the_page_margins(sample_pdf):
    page = sample_pdf.pages[0]
    text = page.extract_text()
    assert "♠ ♥ ♦ ♣ Joker 50" in text
    assert "Running ♠ title" in text  # the @top-left margin box
    fonts = {font.get_object()["/BaseFont"] for font in page["/Resources"]["/Font"].values()}
    assert fonts and all("DejaVu-Sans" in name for name in fonts), fonts


def test_pdf_metadata_comes_from_the_html_head(sample_pdf):
    assert sample_pdf.metadata.title == "Suits ♠ ♥ ♦ ♣"
    assert sample_pdf.metadata.author == "Canasta Scorekeeper"
    assert sample_pdf.metadata.subject == "A sample"


def test_page_size_follows_the_paper_class(app):
    sizes = {}
    for paper in ("a4", "letter"):
        with app.test_request_context("/"):
            body = pdf.html_to_pdf(f'<html><body class="paper-{paper}"><p>x</p></body></html>')
        box = pypdf.PdfReader(io.BytesIO(body)).pages[0].mediabox
        sizes[paper] = (round(float(box.width)), round(float(box.height)))
    assert sizes == {"a4": (595, 842), "letter": (612, 792)}


def test_print_stylesheet_is_parsed_once(app):
    assert pdf.print_stylesheet(app.static_folder) is pdf.print_stylesheet(app.static_folder)


def test_sheet_version_is_a_stable_digest(app):
    version = pdf.sheet_version(app)
    assert len(version) == 12 and int(version, 16) >= 0
    assert pdf.sheet_version(app) == version
