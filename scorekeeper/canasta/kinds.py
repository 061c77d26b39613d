"""Canasta kinds: what a completed canasta is, with every way the app names it.

A kind is the string the API speaks (``"natural"``, ``"wild_twos"``): it keys
a rule set's bonuses, a side's ``canastas`` and a scored breakdown. The words
are here once, for each place that shows them:

>>> CanastaKind.MIXED == "mixed", CanastaKind("wild_twos").label, CanastaKind.WILD.count_label
(True, 'Wild canasta of seven 2s', 'Other wild canastas')
>>> CanastaKind.NATURAL_ACES.noun(2), CanastaKind.SEVENS.short
('natural canastas of aces', 'Sevens')
"""

from __future__ import annotations

from enum import StrEnum


class CanastaKind(StrEnum):
    """A canasta kind; the value is the API's name of it, and each member carries its words.

    ``count_label`` labels a side's count of them ("Natural canastas"),
    ``label`` names one ("Natural canasta"), ``singular`` and ``plural`` go
    in sentences, ``short`` is a printed table's row ("Natural").
    """

    count_label: str
    label: str
    singular: str
    plural: str
    short: str

    def __new__(cls, value: str, count_label: str, label: str, singular: str, plural: str, short: str):
        member = str.__new__(cls, value)
        member._value_ = value
        member.count_label, member.label, member.short = count_label, label, short
        member.singular, member.plural = singular, plural
        return member

    NATURAL = ("natural", "Natural canastas", "Natural canasta", "natural canasta", "natural canastas", "Natural")
    MIXED = ("mixed", "Mixed canastas", "Mixed canasta", "mixed canasta", "mixed canastas", "Mixed")
    NATURAL_ACES = ("natural_aces", "Natural canastas of aces", "Natural canasta of aces",
                    "natural canasta of aces", "natural canastas of aces", "Natural aces")
    SEVENS = ("sevens", "Canastas of sevens", "Canasta of sevens", "canasta of sevens", "canastas of sevens",
              "Sevens")
    WILD_TWOS = ("wild_twos", "Canastas of seven 2s", "Wild canasta of seven 2s", "canasta of seven 2s",
                 "canastas of seven 2s", "Seven 2s")
    WILD_FOUR_JOKERS = ("wild_four_jokers", "Wild canastas with all four jokers", "Wild canasta with all four jokers",
                        "wild canasta with four jokers", "wild canastas with four jokers", "Wild, all four jokers")
    WILD = ("wild", "Other wild canastas", "Wild canasta", "wild canasta", "wild canastas", "Other wild")

    # A kind is the API's string wherever it shows: in a dict, a repr or JSON.
    def __repr__(self) -> str:
        return repr(self.value)

    __hash__ = str.__hash__

    def noun(self, count: int) -> str:
        """Return the kind as a noun for ``count`` canastas, in a sentence: ``"mixed canastas"``."""
        return self.singular if count == 1 else self.plural
