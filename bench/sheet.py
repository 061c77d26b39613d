"""The filled PDF score sheet: a fresh render against WeasyPrint's least and against WeasyPrint alone; a repeat ask.

A 30-hand sheet is rendered through the app (``GET /games/<id>/sheet.pdf`` on
the Flask test client, the app's cache of rendered sheets emptied before each
ask, so it is the whole work: read the game, score it, fill the template,
WeasyPrint) and compared with two baselines in the same process: WeasyPrint
turning a one-line HTML page into a PDF (the fixed cost of any PDF: fonts,
layout, writing), and WeasyPrint turning the very HTML the app produced into
the PDF (so the ratio is the app's own share). All are warm (rendered once
first), then interleaved; the medians are shown, the ratios are the medians of
the paired runs.

An unchanged sheet asked again with ``If-None-Match`` must answer 304 from the
game's version alone, without reading the hands or rendering anything.
"""

from __future__ import annotations

import statistics
from pathlib import Path

from . import Aim, Budget, Line, interleaved, median_seconds, unavailable
from .seed import game_database, realistic_hands

RENDER_AIM = Aim("<=", 3)
NOT_MODIFIED_AIM = Aim(">=", 50)
APP_SHARE_AIM = Aim("<=", 1.2)
ONE_LINE_PAGE = "<!doctype html><html><head><meta charset=utf-8><title>Hello</title></head><body><p>Hello</p></body></html>"


def _forget_rendered_sheets():
    """Empty the app's in-memory cache of rendered sheets, so the next ask renders."""
    from scorekeeper.web import sheets

    cache = getattr(sheets, "_rendered", None)
    if cache is not None:
        with sheets._rendered_lock:
            cache.clear()


def _capturing_html(ask):
    """Return ``(ask(), the HTML the app gave WeasyPrint while answering)``."""
    from scorekeeper.printing import pdf

    captured = []
    original = pdf.html_to_pdf

    def capture(html, *args, **kwargs):
        captured.append(html)
        return original(html, *args, **kwargs)

    pdf.html_to_pdf = capture
    try:
        response = ask()
    finally:
        pdf.html_to_pdf = original
    if not captured:
        raise RuntimeError("the sheet was answered without going through pdf.html_to_pdf")
    return response, captured[-1]


def _pages(data: bytes):
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data)).pages)


def _app(workdir: Path):
    from scorekeeper import create_app

    return create_app({"TESTING": False, "SECRET_KEY": "bench", "DATABASE": str(workdir / "sheet.db"),
                       "WTF_CSRF_ENABLED": False})


def measure(workdir: Path, *, renders=9, asks=200, hands=30, budget_seconds=25.0) -> list[Line]:
    """Return the lines for a fresh ``hands``-hand sheet and for asking it again with its ETag."""
    from weasyprint import HTML

    from scorekeeper.printing import pdf

    render_what = f"PDF sheet, {hands} hands: fresh render (GET /games/<id>/sheet.pdf)"
    share_what = f"PDF sheet, {hands} hands: the app's share of a render"
    again_what = "PDF sheet asked again, If-None-Match: 304"
    budget = Budget(budget_seconds)
    workdir.mkdir(parents=True, exist_ok=True)
    app = _app(workdir)
    game_id, _ = game_database(workdir / "sheet.db", realistic_hands(hands))
    client = app.test_client()
    url = f"/games/{game_id}/sheet.pdf"

    def fresh():
        _forget_rendered_sheets()
        response = client.get(url)
        if response.status_code != 200 or not response.data.startswith(b"%PDF-"):
            raise RuntimeError(f"GET {url} answered {response.status_code} {response.mimetype}")
        return response

    def one_line():
        HTML(string=ONE_LINE_PAGE).write_pdf()

    try:
        first = _capturing_html(fresh)  # warm: imports, fonts, templates, the parsed print.css
    except RuntimeError as error:
        return [unavailable(render_what, "ms", RENDER_AIM, f"not measured: {error}"),
                unavailable(share_what, "ms", APP_SHARE_AIM, f"not measured: {error}"),
                unavailable(again_what, "ms", NOT_MODIFIED_AIM, f"not measured: {error}")]
    response, html = first
    one_line()

    def same_html():
        with app.test_request_context(url):
            pdf.html_to_pdf(html)

    same_html()
    etag = response.headers.get("ETag")
    # Interleaved, so a busy moment of the machine weighs on all three alike, and in
    # turning order, since a render runs slower or faster after another kind of render.
    times = interleaved([("sheet", fresh), ("one_line", one_line), ("same_html", same_html)], renders, budget, 3,
                        sample=lambda function: median_seconds(function, 1)[0] * 1000)
    sheet_ms, baseline_ms, weasy_ms = (statistics.median(times[name]) for name in ("sheet", "one_line", "same_html"))
    runs = {f"{name}_runs_ms": [round(t, 1) for t in values] for name, values in times.items()}

    def paired(baseline):  # each render against the baseline rendered in the same round
        return statistics.median(value / base for value, base in zip(times["sheet"], times[baseline]))

    lines = [
        Line(render_what, sheet_ms, "ms", RENDER_AIM, baseline_ms, "one-line page, WeasyPrint",
             paired_ratio=paired("one_line"),
             note=f"{len(response.data) / 1024:.0f} KB PDF, {_pages(response.data)} pages, "
                  f"{len(html) / 1024:.0f} KB of HTML; medians of {len(times['sheet'])}, "
                  "ratio: median of the paired runs",
             details={**runs, "pdf_bytes": len(response.data), "html_bytes": len(html)}),
        Line(share_what, sheet_ms, "ms", APP_SHARE_AIM, weasy_ms,
             "same HTML, WeasyPrint alone", paired_ratio=paired("same_html"),
             note="reading, scoring, filling the template and answering, over WeasyPrint's own work; "
                  "ratio: median of the paired runs", details=runs),
    ]
    if not etag:
        lines.append(unavailable(again_what, "ms", NOT_MODIFIED_AIM, "not measured: the sheet has no ETag"))
        return lines

    def again():
        response = client.get(url, headers={"If-None-Match": etag})
        if response.status_code != 304:
            raise RuntimeError(f"asked again with its ETag, the sheet answered {response.status_code}, not 304")

    try:
        again()
    except RuntimeError as error:
        lines.append(unavailable(again_what, "ms", NOT_MODIFIED_AIM, str(error)))
        return lines
    again_seconds, made = median_seconds(again, asks, budget)
    lines.append(Line(again_what, again_seconds * 1000, "ms", NOT_MODIFIED_AIM, sheet_ms, "fresh render",
                      speedup=True, details={"asks": made}))
    return lines
