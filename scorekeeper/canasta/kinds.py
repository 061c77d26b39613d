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

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True)
class KindWords:
    """How one canasta kind is named: a count's label, one canasta, nouns for sentences, a sheet's short name."""

    count_label: str  # a side's count of them: "Natural canastas"
    label: str  # one of them: "Natural canasta"
    singular: str  # in a sentence: "natural canasta"
    plural: str
    short: str  # a printed table's row: "Natural"


class CanastaKind(StrEnum):
    """A canasta kind; the value is the API's name of it."""

    NATURAL = "natural"
    MIXED = "mixed"
    NATURAL_ACES = "natural_aces"
    SEVENS = "sevens"
    WILD_TWOS = "wild_twos"
    WILD_FOUR_JOKERS = "wild_four_jokers"
    WILD = "wild"

    # A kind is the API's string wherever it shows: in a dict, a repr or JSON.
    def __repr__(self) -> str:
        return repr(self.value)

    __hash__ = str.__hash__

    @property
    def words(self) -> KindWords:
        """Return every name of the kind."""
        return KIND_WORDS[self]

    @property
    def count_label(self) -> str:
        """Return the label of a side's count of this kind: ``"Mixed canastas"``."""
        return KIND_WORDS[self].count_label

    @property
    def label(self) -> str:
        """Return one canasta of this kind in player words: ``"Mixed canasta"``."""
        return KIND_WORDS[self].label

    @property
    def short(self) -> str:
        """Return the kind as a printed table's row names it: ``"Mixed"``."""
        return KIND_WORDS[self].short

    def noun(self, count: int) -> str:
        """Return the kind as a noun for ``count`` canastas, in a sentence: ``"mixed canastas"``."""
        words = KIND_WORDS[self]
        return words.singular if count == 1 else words.plural


KIND_WORDS = {
    CanastaKind.NATURAL: KindWords(
        "Natural canastas", "Natural canasta", "natural canasta", "natural canastas", "Natural"),
    CanastaKind.MIXED: KindWords(
        "Mixed canastas", "Mixed canasta", "mixed canasta", "mixed canastas", "Mixed"),
    CanastaKind.NATURAL_ACES: KindWords(
        "Natural canastas of aces", "Natural canasta of aces", "natural canasta of aces",
        "natural canastas of aces", "Natural aces"),
    CanastaKind.SEVENS: KindWords(
        "Canastas of sevens", "Canasta of sevens", "canasta of sevens", "canastas of sevens", "Sevens"),
    CanastaKind.WILD_TWOS: KindWords(
        "Canastas of seven 2s", "Wild canasta of seven 2s", "canasta of seven 2s", "canastas of seven 2s",
        "Seven 2s"),
    CanastaKind.WILD_FOUR_JOKERS: KindWords(
        "Wild canastas with all four jokers", "Wild canasta with all four jokers", "wild canasta with four jokers",
        "wild canastas with four jokers", "Wild, all four jokers"),
    CanastaKind.WILD: KindWords(
        "Other wild canastas", "Wild canasta", "wild canasta", "wild canastas", "Other wild"),
}
