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

from .messages import N_


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

    NATURAL = ("natural", N_("Natural canastas"), N_("Natural canasta"), N_("natural canasta"), N_("natural canastas"), N_("Natural"))
    MIXED = ("mixed", N_("Mixed canastas"), N_("Mixed canasta"), N_("mixed canasta"), N_("mixed canastas"), N_("Mixed"))
    NATURAL_ACES = ("natural_aces", N_("Natural canastas of aces"), N_("Natural canasta of aces"),
                    N_("natural canasta of aces"), N_("natural canastas of aces"), N_("Natural aces"))
    SEVENS = ("sevens", N_("Canastas of sevens"), N_("Canasta of sevens"), N_("canasta of sevens"), N_("canastas of sevens"),
              N_("Sevens"))
    WILD_TWOS = ("wild_twos", N_("Canastas of seven 2s"), N_("Wild canasta of seven 2s"), N_("canasta of seven 2s"),
                 N_("canastas of seven 2s"), N_("Seven 2s"))
    WILD_FOUR_JOKERS = ("wild_four_jokers", N_("Wild canastas with all four jokers"), N_("Wild canasta with all four jokers"),
                        N_("wild canasta with four jokers"), N_("wild canastas with four jokers"), N_("Wild, all four jokers"))
    WILD = ("wild", N_("Other wild canastas"), N_("Wild canasta"), N_("wild canasta"), N_("wild canastas"), N_("Other wild"))

    # A kind is the API's string wherever it shows: in a dict, a repr or JSON.
    def __repr__(self) -> str:
        return repr(self.value)

    __hash__ = str.__hash__

    def noun(self, count: int) -> str:
        """Return the kind as a noun for ``count`` canastas, in a sentence: ``"mixed canastas"``."""
        return self.singular if count == 1 else self.plural
