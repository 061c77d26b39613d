"""The game of Canasta as pure Python: cards, rule sets, melds, scoring and checks.

Nothing in this package imports Flask, WTForms, sqlite-utils or WeasyPrint;
every score the app shows, prints or answers is computed here.
"""
