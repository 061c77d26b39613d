"""What is drawn rather than stored: PDF rendering (WeasyPrint), charts and QR codes.

``pdf`` turns print templates into PDFs and keeps the cache of rendered sheets;
``charts`` draws the running totals as SVG and formats points; ``qr`` draws QR codes.
May import: ``scorekeeper.canasta``, ``scorekeeper.games``; never ``web`` or ``api``.
"""
