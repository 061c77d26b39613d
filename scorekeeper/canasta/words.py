"""Cards, counts, decks and lists in player words, for every answer of the engine.

The sentences of problems are made in :mod:`.messages`; the names of canasta
kinds are the words of :class:`.kinds.CanastaKind`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import Card, Rank
from .messages import N_, Nn_

SINGULAR = {
    Rank.ACE: N_("ace"), Rank.KING: N_("king"), Rank.QUEEN: N_("queen"), Rank.JACK: N_("jack"),
    Rank.JOKER: N_("joker"), Rank.TWO: "2",
}
# Cards counted in words, through the caller's gettext (English without one).
A_RANK, AN_RANK, NO_RANK, RANKS = N_("a {rank}"), N_("an {rank}"), N_("no {rank}"), N_("{count} {ranks}")
A_RED_THREE, RED_THREES = N_("a red 3"), N_("{count} red 3s")
A_BLACK_THREE, BLACK_THREES = N_("a black 3"), N_("{count} black 3s")
A_PAIR, NO_CARD = N_("a pair of {ranks}"), N_("no card")
WILD_CARDS, WITH_WILDS = N_("{count} wild cards"), N_("{meld} with {wilds}")


# The English names that take "an": "an ace", "an 8" (the choice of article is English's; each catalogue
# words both templates as its language does).
VOWEL_SOUNDS = frozenset("a8")


def _same(text: str) -> str:
    return text


def singular(rank: Rank) -> str:
    """Return one card of ``rank`` named without an article: ``"king"``, ``"8"``."""
    return SINGULAR.get(rank, rank.value)


def rank_word(rank: Rank, count: int = 1, gettext=_same) -> str:
    """Return ``count`` cards of ``rank`` in player words (``gettext``'s language).

    >>> rank_word(Rank.KING), rank_word(Rank.EIGHT), rank_word(Rank.ACE, 0), rank_word(Rank.TEN, 3)
    ('a king', 'an 8', 'no ace', '3 10s')
    """
    name = singular(rank)
    if count == 1:
        return gettext(AN_RANK if name[0] in VOWEL_SOUNDS else A_RANK).format(rank=gettext(name))
    if count == 0:
        return gettext(NO_RANK).format(rank=gettext(name))
    return gettext(RANKS).format(count=count, ranks=gettext(rank.plural))


def card_word(card: Card, gettext=_same) -> str:
    """Return one card in player words: ``"a king"``, ``"a red 3"``, ``"a joker"``."""
    if card.is_red_three:
        return gettext(A_RED_THREE)
    if card.is_black_three:
        return gettext(A_BLACK_THREE)
    return rank_word(card.rank, 1, gettext)


def plural(count: int, one: str, many: str | None = None) -> str:
    """Return ``count`` and the English noun that goes with it: ``"1 canasta"``, ``"2 canastas"`` (words the reader
    reads go through :func:`counted`)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


# Counted nouns: each a plural pair, its form chosen by the reader's plural rule.
CARDS, CANASTAS, WILD_CARDS_COUNTED = (Nn_("{count} card", "{count} cards"), Nn_("{count} canasta", "{count} canastas"),
                                       Nn_("{count} wild card", "{count} wild cards"))


def number_word(value, gettext=_same) -> str:
    """Return a number as the reader's language writes it: the ``number`` of ``gettext``'s catalogue when it has one
    (the app's :func:`scorekeeper.i18n.number`), else English's ``"7,980"``."""
    formatter = getattr(gettext, "number", None)
    return formatter(value) if formatter else f"{value:,}"


def counted(count: int, forms: tuple[str, str], gettext=_same) -> str:
    """Return ``count`` things in the reader's words, through ``gettext``'s ``ngettext`` when its catalogue has one.

    >>> counted(1, CARDS), counted(12, CARDS), counted(2, CANASTAS)
    ('1 card', '12 cards', '2 canastas')
    """
    return counted_form(count, forms, gettext).format(count=number_word(count, gettext))


def counted_form(count: int, forms: tuple[str, str], gettext=_same) -> str:
    """Return the form of a plural pair for ``count`` in ``gettext``'s language, its fields not yet filled in."""
    choose = getattr(gettext, "ngettext", None)
    return choose(*forms, count) if choose else forms[0 if count == 1 else 1]


def _join(parts: Sequence[str], word: str) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {word} " + parts[-1]


AND = N_("{first} and {last}")


def join_and(parts: Sequence[str], gettext=None) -> str:
    """Return the parts as a list in words: ``"a, b and c"`` (through ``gettext``: in the reader's language)."""
    if gettext is None or len(parts) == 1:
        return _join(parts, "and")
    return gettext(AND).format(first=", ".join(parts[:-1]), last=parts[-1])


OR = N_("{first} or {last}")


def join_or(parts: Sequence[str], gettext=None) -> str:
    """Return the parts as a choice in words: ``"a, b or c"`` (through ``gettext``: in the reader's language)."""
    if gettext is None or len(parts) == 1:
        return _join(parts, "or")
    return gettext(OR).format(first=", ".join(parts[:-1]), last=parts[-1])


def points_word(value: int, gettext=_same) -> str:
    """Return points as a score shows them: thousands separated, a true minus sign (``"−2,500"``)."""
    return ("\u2212" if value < 0 else "") + number_word(abs(value), gettext)


def capital(text: str) -> str:
    """Return ``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:]


NUMBER_WORDS = {2: "two", 3: "three"}


def decks_word(decks: int) -> str:
    """Return how many decks, in words: ``"two decks"``.

    >>> decks_word(2), capital(decks_word(3)), decks_word(4)
    ('two decks', 'Three decks', '4 decks')
    """
    return f"{NUMBER_WORDS.get(decks, decks)} decks"


# The decks as a sentence names them, each way a whole phrase of the catalogue (the rule sets play two or three).
DECKS = {"capital": {2: N_("Two decks"), 3: N_("Three decks")},
         "the": {2: N_("the two decks"), 3: N_("the three decks")},
         "The": {2: N_("The two decks"), 3: N_("The three decks")}}


def decks_phrase(decks: int, form: str) -> str:
    """Return the decks named as ``form`` says ("capital", "the", "The"): a phrase of the catalogue, which a
    sentence translates as one of its words (messages.WORDED_PARAMS).

    >>> decks_phrase(2, "capital"), decks_phrase(3, "the"), decks_phrase(4, "The")
    ('Two decks', 'the three decks', 'The 4 decks')
    """
    phrase = DECKS[form].get(decks)
    if phrase is not None:
        return phrase
    text = ("the " if form.lower() == "the" else "") + decks_word(decks)
    return capital(text) if form in ("capital", "The") else text


# The cards-in-hand groups (``cards.IN_HAND_GROUPS``) as a player names them.
IN_HAND_NAMES = {
    "jokers": N_("Jokers"), "twos": N_("2s"), "aces": N_("Aces"), "eight_to_king": N_("8s to kings"),
    "four_to_seven": N_("4s to 7s"), "black_threes": N_("Black 3s"),
}


# The label of each ``in_hand`` count: "8s to kings in hand".
IN_HAND_LABELS = {name: f"{words} in hand" for name, words in IN_HAND_NAMES.items()}


def _group(rank: Rank, count: int, gettext=_same) -> str:
    if count == 2 and rank is not Rank.JOKER:
        return gettext(A_PAIR).format(ranks=gettext(rank.plural))
    return rank_word(rank, count, gettext)


def cards_words(cards: Sequence[Card], gettext=_same) -> str:
    """Return cards in player words, grouped by rank: ``"a pair of jacks and a joker"`` (``gettext``'s language)."""
    if not cards:
        return gettext(NO_CARD)
    counts = Counter(card.rank for card in cards)
    parts = []
    for rank, count in counts.items():
        if rank is Rank.THREE:
            reds = sum(1 for c in cards if c.is_red_three)
            if reds:
                parts.append(gettext(A_RED_THREE) if reds == 1 else gettext(RED_THREES).format(count=reds))
            if count - reds:
                parts.append(gettext(A_BLACK_THREE) if count - reds == 1
                             else gettext(BLACK_THREES).format(count=count - reds))
            continue
        parts.append(_group(rank, count, gettext))
    return join_and(parts, gettext)


def meld_words(key, cards: Sequence[Card], gettext=_same) -> str:
    """Return a meld in words: ``"3 kings"``, ``"3 kings with a 2"``, ``"3 wild cards"`` (``gettext``'s language)."""
    naturals = [c for c in cards if not c.is_wild]
    wilds = [c for c in cards if c.is_wild]
    head = rank_word(key, len(naturals), gettext) if key is not None and naturals else ""
    tail = cards_words(wilds, gettext) if wilds else ""
    if key is None:
        return gettext(WILD_CARDS).format(count=len(cards))
    if head and tail:
        return gettext(WITH_WILDS).format(meld=head, wilds=tail)
    return head or tail or gettext(NO_CARD)
