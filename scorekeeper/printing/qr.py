"""QR codes as inline SVG markup, made on the server: no image service, no extra request.

>>> markup = qr_svg("https://example.org/games/abc/view", "QR code of the view link")
>>> markup.startswith('<svg role="img" viewBox="0 0 ') and "<title>QR code of the view link</title>" in markup
True
>>> qr_svg("x", "<b>").count("&lt;b&gt;")
1
>>> "style=" in markup or "href" in markup or "<script" in markup
False
"""

from functools import lru_cache

import segno
from markupsafe import Markup

# Four modules of quiet zone is what the QR standard asks for; scanners need it.
QUIET_ZONE = 4


# A game's links never change, and choosing a QR mask takes ~20 ms: make each code once.
@lru_cache(maxsize=512)
def qr_svg(data: str, title: str, css_class: str = "qr") -> Markup:
    """Return an ``<svg>`` element drawing ``data`` as a QR code, with ``title`` for screen readers.

    Dark modules on a white square whatever the colour scheme: many phone
    scanners cannot read a light-on-dark code. Sized by the stylesheet
    (no width/height), and no ``style`` attribute, which the CSP forbids.
    """
    code = segno.make(data, error="m")
    svg = code.svg_inline(
        scale=1, border=QUIET_ZONE, dark="#000", light="#fff", omitsize=True,
        title=title, svgclass=css_class, lineclass=None,
    )
    # segno escapes the title itself; the rest is numbers and fixed attributes.
    svg = svg.replace("<svg ", '<svg role="img" ', 1)
    return Markup(svg)
