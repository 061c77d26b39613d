"""One side of the hand form: its fields by rule set, and which of them count when.

Classic and Modern American sides share the entry modes, the meld grid and the
cards left in hand; Modern adds its special hand, canasta kinds, unfinished
melds, black 3s and penalties. The numbers (card values, special hands) are
the engine's.
"""

from ...i18n import lazy_gettext as _l, number
from wtforms import Form, FormField, RadioField, SelectField
from wtforms.fields.choices import SelectChoice

from ...canasta.cards import IN_HAND_GROUPS, Rank, group_per_deck, group_points
from ...canasta.words import IN_HAND_NAMES
from .fields import ApiBoolean, CountField, FixedField, PointsField
from .paths import data_set

MODES = (("number", _l("Points")), ("cards", _l("Count cards")), ("melds", _l("Meld by meld")))
MODE_HINTS = {
    "number": _l("Card values, melded (canastas too) and held."),
    "cards": _l("Melded by value (canastas too); held by kind."),
    "melds": _l("Melds by rank (canastas follow); held by kind."),
}
# (name, label, card value, how many one deck holds): the engine's groups, values and words.
IN_HAND_FIELDS = tuple((name, _l(IN_HAND_NAMES[name]), group_points(name), group_per_deck(name)) for name in IN_HAND_GROUPS)
NATURAL_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
UNFINISHED = (("aces", _l("Unfinished meld of aces")), ("sevens", _l("Unfinished meld of sevens")),
              ("wild", _l("Unfinished meld of wild cards")))


# A meld row's label, by rank: the words the engine writes in English, translated for the form.
ROW_LABELS = {"A": _l("Aces"), "K": _l("Kings"), "Q": _l("Queens"), "J": _l("Jacks"), "10": _l("10s"), "9": _l("9s"),
              "8": _l("8s"), "7": _l("7s"), "6": _l("6s"), "5": _l("5s"), "4": _l("4s")}


def meld_row_label(rank):
    """``"K"`` -> ``"Kings"``, ``"3"`` -> ``"Black 3s"``, ``"wild"`` -> ``"Wild cards"``."""
    if rank == "3":
        return _l("Black 3s")
    if rank == "wild":
        return _l("Wild cards")
    return ROW_LABELS[Rank.from_text(rank).symbol]


def meld_rows(ruleset):
    """Return the meld grid's rows: the natural ranks, black 3s where a player going out melds them, wild cards alone where they meld."""
    rows = NATURAL_RANKS
    if ruleset.family.black_threes_melded_going_out:
        rows += ("3",)
    if ruleset.wild_melds:
        rows += ("wild",)  # a meld of 2s and jokers only
    return rows


def form_class(name, fields):
    """Return a WTForms form class called ``name`` with ``fields`` (name, field) in order."""
    return type(name, (Form,), dict(fields))


def _meld_row_form(ruleset, rank):
    label = meld_row_label(rank)
    most = ruleset.decks * 4
    fields = [("rank", FixedField(rank))]
    if rank != "wild":
        fields.append(("naturals", CountField(_l("%(what)s: natural cards", what=label), example=3, maximum=most, stepper=False)))
    if rank != "3":
        fields.append(("twos", CountField(_l("%(what)s: 2s", what=label), example=1, maximum=most, stepper=False)))
        fields.append(("jokers", CountField(_l("%(what)s: jokers", what=label), example=1, maximum=ruleset.jokers, stepper=False)))
    return form_class(f"Meld{rank}", fields)


def _special_hand_fields(ruleset, index):
    """Modern: a special hand chosen by name sets its value (the engine's); "other" asks for the value."""
    path = f"sides[{index}].special_hand_points"
    choices = ([SelectChoice("", _l("None"))]
               + [SelectChoice(hand.id, _l("%(hand)s (%(points)s)", hand=_l(hand.label), points=number(hand.points)), {"data-set": data_set({path: hand.points})})
                  for hand in ruleset.special_hands]
               + [SelectChoice("other", _l("Another special hand (type its value)"))])
    return [("special_hand", SelectField(_l("Special hand"), default="", choices=choices)),
            ("special_hand_points", PointsField(_l("Value of the special hand"), example=3000))]


def _canasta_fields(ruleset):
    """A count of every kind the rule set scores (Classic: ``<kind>_canastas``; else in ``canastas``), and unfinished melds that cost."""
    if not ruleset.family.canastas_as_object:
        return [(f"{kind}_canastas", CountField(_l(kind.count_label), example=1)) for kind in ruleset.canasta_kinds]
    canastas = [(kind.value, CountField(_l(kind.count_label), example=1)) for kind in ruleset.canasta_kinds]
    fields = [("canastas", FormField(form_class("Canastas", canastas)))]
    if ruleset.family.penalties:
        unfinished = [(name, ApiBoolean(label)) for name, label in UNFINISHED]
        fields.append(("unfinished", FormField(form_class("Unfinished", unfinished))))
    return fields


def _threes_fields(ruleset, members_max):
    """Red 3s (one count per partner when partnerships change every hand); black 3s where they are laid out too."""
    black_too = ruleset.family.black_threes_laid_out
    label, most = (_l("Red 3s laid out") if black_too else _l("Red 3s")), ruleset.red_threes_in_deck
    if ruleset.partnership_per_hand:
        per_member = [(str(member), CountField(label, example=1, maximum=most)) for member in range(members_max)]
        fields = [("red_threes", FormField(form_class("RedThrees", per_member)))]
    else:
        fields = [("red_threes", CountField(label, example=1, maximum=most))]
    if black_too:
        fields.append(("black_threes", CountField(_l("Black 3s laid out"), example=1, maximum=most)))
    return fields


def _penalty_fields(ruleset):
    most = ruleset.players_per_side
    return [("players_with_three_aces", CountField(_l("Players with 3+ aces"), example=1, maximum=most)),
            ("players_with_three_sevens", CountField(_l("Players with 3+ sevens"), example=1, maximum=most)),
            ("last_drawn_three", ApiBoolean(_l("A 3 was the last card drawn")))]


def side_form(ruleset, index, members_max):
    """Return the form class of side ``index``, its fields in the order a side's API keys are listed."""
    fields = [("mode", RadioField(_l("How to enter this side"), choices=[SelectChoice(v, label) for v, label in MODES],
                                  default="number"))]
    if ruleset.special_hands:
        fields += _special_hand_fields(ruleset, index)
    fields += _canasta_fields(ruleset)
    fields.append(("melded_points", PointsField(_l("Melded points"))))
    rows = [(str(number), FormField(_meld_row_form(ruleset, rank), separator="-"))
            for number, rank in enumerate(meld_rows(ruleset))]
    fields.append(("melds", FormField(form_class("Melds", rows))))
    fields += _threes_fields(ruleset, members_max)
    fields.append(("hand_points", PointsField(_l("Points in hand"), example=15)))
    fields.append(("in_hand", FormField(form_class("InHand", [
        (name, CountField(_l("%(what)s left in hand", what=label), example=1, maximum=per_deck * ruleset.decks))
        for name, label, _, per_deck in IN_HAND_FIELDS]))))
    if ruleset.family.penalties:
        fields += _penalty_fields(ruleset)
    return form_class(f"Side{index}", fields)


# --- which fields count when ----------------------------------------------------------------

ALONE = ("alone-0", "alone-1", "alone-2")


def conditions(ruleset, name):
    """Return the controls a field (or group) named ``name`` depends on, with their allowed values.

    >>> from scorekeeper.canasta.rules import PRESETS
    >>> conditions(PRESETS["classic"], "sides-0-in_hand-jokers")
    {'sides-0-mode': ('cards', 'melds')}
    >>> conditions(PRESETS["classic-3p"], "sides-2-melded_points")
    {'arrangement': ('everyone',), 'sides-2-mode': ('number', 'cards')}
    """
    parts = name.split("-")
    found = {}
    if parts[0] != "sides" or len(parts) < 2:
        return found
    side = parts[1]
    if ruleset.partnership_per_hand and side == "2":
        found["arrangement"] = ("everyone",)
    if len(parts) < 3:
        return found
    key, mode = parts[2], f"sides-{side}-mode"
    if ruleset.special_hands:
        # A side that laid down a special hand scores it and nothing else: only its special hand is asked.
        special = f"{side}:special"
        if key in ("special_hand", "special_hand_points"):
            found["going_out"] = (special,)
        else:
            found["going_out"] = tuple(value for value in going_out_values(ruleset) if value != special)
    if key in ("melded_points", "natural_canastas", "mixed_canastas", "canastas", "unfinished"):
        found[mode] = ("number", "cards")
    elif key == "hand_points":
        found[mode] = ("number",)
    elif key == "in_hand":
        found[mode] = ("cards", "melds")
    elif key == "melds":
        found[mode] = ("melds",)
    elif key == "special_hand_points":
        found[f"sides-{side}-special_hand"] = ("other",)
    elif key == "red_threes" and len(parts) > 3 and parts[3] == "1":
        found["arrangement"] = ALONE
    return found


def going_out_values(ruleset):
    """Every answer of *Who went out?* ("" = not answered yet), as :class:`~.hands.HandForm` offers them."""
    values = [""]
    for slot in range(2 if ruleset.partnership_per_hand else side_slots(ruleset)):
        values.append(f"{slot}:out")
        if ruleset.concealed_bonus:
            values.append(f"{slot}:concealed")
        if ruleset.special_hands:
            values.append(f"{slot}:special")
    return tuple(values + ["no"])


def side_slots(ruleset):
    """How many side fieldsets the form has: 3 for three players (two when one plays alone)."""
    return ruleset.scorers
