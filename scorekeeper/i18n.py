"""Languages: which one a request is answered in, and numbers and words as that language writes them.

The language of a request is, in order: the one this phone chose with the
switcher at the foot of every page (the ``lang`` cookie), the best match of
its ``Accept-Language``, English. Every page, form message, flash, problem
and the JSON API's ``message`` fields are worded in it; codes and fields are
never translated.

Catalogues live in ``translations/<locale>/LC_MESSAGES/messages.po`` (English
is the source: no catalogue). ``make compile`` builds the ``.mo`` files the app
reads; ``make run`` and ``make test`` do it first. The pseudo-locale ``en_XA``
(every string wrapped and accented, made from the ``.pot`` by
``scripts/pseudo_locale.py``) is offered only when ``PSEUDO_LOCALE`` is set: the
tests crawl the pages in it and find any English left.

Numbers: :func:`number` is the one formatter (Babel's ``format_decimal``, a real
minus sign): "1,500" in English, "1.500" in Spanish, Italian, German and
Portuguese. Pages that compute a number in the browser get the separators
from :func:`js_words`, handed over by the server with the page's other words.
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal
from flask import current_app, has_request_context, redirect, request, url_for
import flask_babel
from flask_babel import Babel, get_locale, get_translations, lazy_gettext, lazy_ngettext, ngettext, pgettext

from .canasta import messages

# The languages offered, each named in itself (the switcher shows these names).
LANGUAGES = {
    "en": "English",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
    "it": "Italiano",
    "de": "Deutsch",
}
__all__ = ["gettext", "lazy_gettext", "lazy_ngettext", "ngettext", "pgettext", "number", "problem", "problems", "problem_dict", "problem_with_hand", "locale_key",
           "separators", "day_month_year", "long_date", "card_letter", "read_card_text", "LANGUAGES"]
PSEUDO = "en_XA"


class _Catalogue:
    """The reader's catalogue: Flask-Babel's ``gettext`` when called, and what the engine (``canasta/``, which keeps
    no catalogue) asks of the ``gettext`` it is given for counted nouns and numbers: ``ngettext`` and ``number``."""

    def __call__(self, string, **variables):
        return flask_babel.gettext(string, **variables)

    @staticmethod
    def ngettext(singular: str, plural: str, count: int) -> str:
        """Return the form of a plural pair for ``count``, unformatted (the engine fills in its fields)."""
        return get_translations().ngettext(singular, plural, count)

    @staticmethod
    def number(value) -> str:
        return number(value)


gettext = _Catalogue()
COOKIE = "lang"
COOKIE_AGE = 60 * 60 * 24 * 400


def offered() -> list[str]:
    """Return the locales this app answers in (the pseudo-locale only when configured, for tests)."""
    codes = list(LANGUAGES)
    if current_app.config.get("PSEUDO_LOCALE"):
        codes.append(PSEUDO)
    return codes


def select_locale():
    """Return the request's locale: the phone's choice, else Accept-Language's best match, else English."""
    if not has_request_context():
        return _environment_locale()
    codes = offered()
    chosen = request.cookies.get(COOKIE)
    if chosen not in codes:
        chosen = _accepted(codes)
    return pseudo_locale() if chosen == PSEUDO else chosen


def _environment_locale() -> str:
    """Return the language of a command run outside a request (``flask export``...): the shell's LANGUAGE, LC_ALL,
    LC_MESSAGES or LANG (``de_DE.UTF-8`` is German), as gettext reads them, else English. Anything else run
    outside a request (a test, a thread) is in English."""
    import click

    if click.get_current_context(silent=True) is None:
        return "en"
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in os.environ.get(name, "").split(":"):
            tag = value.split(".")[0].split("@")[0].lower()
            if tag in ("", "c", "posix"):
                continue
            for code in LANGUAGES:
                if code.lower() == tag or code.lower().split("_")[0] == tag.split("_")[0]:
                    return code
            return "en"
    return "en"


def _accepted(codes) -> str:
    """Return the first of the browser's languages (best first) this app speaks: "de-CH" is de, "pt" is pt_BR."""
    for value, _quality in request.accept_languages:
        tag = value.replace("-", "_").lower()
        exact = [code for code in codes if code.lower() == tag]
        same_language = [code for code in codes if code.lower().split("_")[0] == tag.split("_")[0]]
        if exact or same_language:
            return (exact or same_language)[0]
    return "en"


def pseudo_locale() -> Locale:
    """Return en_XA: English's data (numbers, plurals) under its own name, whose catalogue is the pseudo one.

    Babel knows no en_XA, so the locale is English's with the territory XA written in.
    """
    locale = Locale("en")
    locale.territory = "XA"
    return locale


def language_tag(locale=None) -> str:
    """Return the locale as an HTML ``lang`` value: ``pt-BR``."""
    return str(locale or get_locale() or "en").replace("_", "-")


def number(value, locale=None) -> str:
    """Return a number as the reader's language writes it, with a real minus sign.

    >>> number(-2500, "en"), number(1500, "es"), number(1500, "de"), number(10000, "pt_BR"), number(1500, "it")
    ('−2,500', '1.500', '1.500', '10.000', '1.500')
    """
    if locale is None:
        locale = str(get_locale() or "en") if has_request_context() else "en"
    if locale == PSEUDO:
        locale = "en"
    text = format_decimal(value, locale=locale)
    return text.replace("-", "\u2212")


def day_month_year(moment) -> str:
    """Return a date as the reader's language writes it short: "2 Nov 2024", "2 nov 2024", "02.11.2024"."""
    locale = locale_key() if has_request_context() else "en"
    return format_date(moment, "medium" if locale != "en" else "d MMM y", locale="en" if locale == PSEUDO else locale)


def long_date(moment) -> str:
    """Return a date in words as the reader's language writes it: "3 March 2026", "3 de marzo de 2026"."""
    locale = locale_key() if has_request_context() else "en"
    return format_date(moment, "d MMMM y" if locale in ("en", PSEUDO) else "long", locale="en" if locale == PSEUDO else locale)


def separators(locale=None) -> dict[str, str]:
    """Return the locale's group and decimal signs, for a script that writes numbers in the page."""
    code = str(locale or get_locale() or "en")
    symbols = Locale.parse("en" if code == PSEUDO else code).number_symbols["latn"]
    return {"group": symbols["group"], "decimal": symbols["decimal"]}


# Card letters where the decks sold in a country print others (issue 24): German decks often print
# D (Dame) and B (Bube) for the queen and the jack; K (König) and A (As) are the English letters.
# Shown in that language; the English letters are read everywhere, the local ones in their language.
CARD_LETTERS = {"de": {"Q": "D", "J": "B"}}
RANK_LETTERS = ("A", "K", "Q", "J")
_LOCAL_LETTER = re.compile(r"(?<![0-9A-Za-z])([A-Za-z])(?![0-9A-Za-z])")


def card_letter(symbol: str, locale=None) -> str:
    """Return a rank's letter as the reader's decks print it: ``card_letter("Q", "de")`` is "D"."""
    code = str(locale or (locale_key() if has_request_context() else "en"))
    return CARD_LETTERS.get(code.split("_")[0], {}).get(symbol, symbol)


def read_card_text(text: str, locale=None) -> str:
    """Return card text with the reader's own letters written as the engine reads them (English).

    >>> read_card_text("K D D b 2 | 3D", "de"), read_card_text("K Q J", "de"), read_card_text("D", "es")
    ('K Q Q J 2 | 3D', 'K Q J', 'D')
    """
    code = str(locale or (locale_key() if has_request_context() else "en"))
    english = {local: symbol for symbol, local in CARD_LETTERS.get(code.split("_")[0], {}).items()}
    if not english or not text:
        return text
    return _LOCAL_LETTER.sub(lambda match: english.get(match.group(1).upper(), match.group(1)), text)


def problem(item) -> str:
    """Return a rules problem (``errors.Problem``) or a referee's refusal in the reader's language."""
    return messages.worded(item, gettext)


def problem_with_hand(item) -> str:
    """Return a problem begun with the hand it is in, as players count them ("Hand 4: ..."), in the reader's language."""
    if item.place.hand is None:
        return problem(item)
    return messages.sentence("in_hand", {"number": item.place.hand + 1, "problem": item}, gettext)


def problems(items) -> list[str]:
    """Return each problem in the reader's language."""
    return [problem(item) for item in items]


def problem_dict(item) -> dict:
    """Return a problem's or refusal's ``as_dict()`` for JSON with its ``message`` in the reader's language."""
    return {**item.as_dict(), "message": problem(item)}


def locale_key() -> str:
    """Return the request's locale as text: a part of the key of anything kept rendered."""
    return str(get_locale() or "en")


def init_app(app):
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(_translations()))
    Babel(app, locale_selector=select_locale)
    # {% trans %} blocks are read with their whitespace folded, as pybabel extracts them (babel.cfg).
    app.jinja_env.policies["ext.i18n.trimmed"] = True

    @app.context_processor
    def languages():
        return {"languages": [(code, LANGUAGES.get(code, "[Ƥşéüðö]")) for code in offered()],
                "lang_tag": language_tag()}

    app.add_template_filter(number, "number")
    app.add_template_global(problem, "problem_text")
    app.add_template_global(card_letter, "card_letter")

    @app.get("/language/<code>")
    def choose_language(code):
        """Remember the language this phone chose (a cookie) and go back to the page it was chosen on."""
        back = request.args.get("next", "")
        parts = urlsplit(back)
        if parts.scheme or parts.netloc or not back.startswith("/") or back.startswith("//"):
            back = url_for("pages.home")
        response = redirect(back, code=303)
        if code in offered():
            response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True,
                                secure=request.is_secure)
        return response

    @app.after_request
    def vary(response):
        # A page or a message depends on the language: caches keep one copy per language asked.
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
        return response


def _translations():
    from pathlib import Path

    return Path(__file__).resolve().parent.parent / "translations"
