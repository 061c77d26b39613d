"""The hand form: one side per team or player, fields named like the API's paths.

A field called ``sides-0-in_hand-jokers`` holds the API's
``sides[0].in_hand.jokers``. Fields used only some of the time carry
*conditions* (``{"sides-0-mode": ("melds",)}``): a field is *active* when each
control it depends on holds one of the allowed values. Choices of a control
may *set* paths: the one "who went out" radio sets ``sides[1].going_out``.

:func:`read_sides` turns a form into the API's ``sides`` with these rules, and
``static/hand.js`` reads the same markup (``data-api``, ``data-when``,
``data-set``, ``data-object``, ``data-fixed``) with the same rules, so the
live preview sends exactly the JSON that a save stores. Neither computes a
score: that is ``canasta.scoring``'s job.

>>> tree = {}
>>> put(tree, ["sides", "0", "melds", "3", "rank"], "K")
>>> put(tree, ["sides", "0", "melds", "3", "naturals"], 5)
>>> put(tree, ["sides", "0", "melds", "4", "rank"], "Q")
>>> remap = {}
>>> finalize(tree, (), remap)
{'sides': [{'melds': [{'rank': 'K', 'naturals': 5}]}]}
>>> original_name("sides[0].melds[0].twos", remap)
'sides-0-melds-3-twos'
"""

import json
import re
from functools import cache

from flask_wtf import FlaskForm
from wtforms import BooleanField, Form, FormField, HiddenField, IntegerField, RadioField, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from ..canasta.cards import Rank
from ..canasta.rules import MODERN, PRESETS
from ..canasta.sides import CANASTA_LABELS, IN_HAND_CARDS

# --- field names as API paths ----------------------------------------------------------

FIXED_KEYS = ("rank",)  # a meld row always has its rank: a row with nothing else is left out


def when_attr(conditions):
    """Return the ``data-when`` text of conditions.

    >>> when_attr({"sides-0-mode": ("number", "cards"), "arrangement": ("everyone",)})
    'sides-0-mode:number|cards;arrangement:everyone'
    """
    return ";".join(f"{control}:{'|'.join(values)}" for control, values in conditions.items())


def is_active(conditions, values):
    """True when every control named in ``conditions`` holds one of its allowed values ("" = none)."""
    return all((values.get(control) or "") in allowed for control, allowed in conditions.items())


def segments_of(path):
    """``sides[0].melds[2].twos`` -> ``["sides", "0", "melds", "2", "twos"]``."""
    return [part for part in re.split(r"[.\[\]]+", path) if part]


def put(tree, segments, value):
    """Set ``value`` at ``segments`` in a tree of dicts (list indexes stay digit keys until finalize)."""
    node = tree
    for segment in segments[:-1]:
        node = node.setdefault(segment, {})
    node[segments[-1]] = value


def finalize(node, prefix, remap):
    """Turn dicts with digit keys into lists, leaving out rows that hold only fixed keys.

    ``remap[(prefix, new_index)]`` keeps the digit key each list entry came
    from, so that a problem at ``melds[0]`` finds the row the player typed in.
    """
    if not isinstance(node, dict):
        return node
    keys = list(node)
    if keys and all(key.isdigit() for key in keys):
        items = []
        for key in sorted(keys, key=int):
            value = node[key]
            if isinstance(value, dict) and value and all(k in FIXED_KEYS for k in value):
                continue
            remap[(prefix, len(items))] = key
            items.append(finalize(value, prefix + (key,), remap))
        return items
    return {key: finalize(value, prefix + (key,), remap) for key, value in node.items()}


def original_name(path, remap):
    """The form name of an API path, list indexes mapped back to the rows typed in."""
    done = []
    for segment in segments_of(path):
        if segment.isdigit():
            segment = remap.get((tuple(done), int(segment)), segment)
        done.append(segment)
    return "-".join(done)


def data_set(assignments):
    """The ``data-set`` attribute of a choice: JSON of API path -> value."""
    return json.dumps(assignments, separators=(",", ":"))


def walk(form):
    """Yield every field of a form, FormFields and the fields inside them."""
    for field in form:
        yield field
        if isinstance(field, FormField):
            yield from walk(field.form)


# --- fields ------------------------------------------------------------------------------


class CountField(IntegerField):
    """A whole number typed on a phone's number pad; empty means 0 and is left out.

    A value that is not a number stays in the field as typed, with an error
    beside it in the player's words.
    """

    def __init__(self, label=None, validators=None, *, example=2, step=1, maximum=None, stepper=True, **kwargs):
        render_kw = {"inputmode": "numeric", "min": 0, "step": step, "data-api": ""}
        if maximum is not None:
            render_kw["max"] = maximum
        if stepper:
            render_kw["data-stepper"] = ""
        render_kw.update(kwargs.pop("render_kw", {}))
        super().__init__(label, validators, render_kw=render_kw, **kwargs)
        self.example = example

    def process_formdata(self, valuelist):
        self.data = None
        if not valuelist or not str(valuelist[0]).strip():
            return
        text = str(valuelist[0]).strip().replace("\u2212", "-")
        text = re.sub(r"(?<=\d)[,\s_](?=\d{3})", "", text)
        try:
            self.data = int(text)
        except ValueError:
            raise ValueError(f"Type a whole number, like {self.example}.") from None


class PointsField(CountField):
    """Card points: a multiple of 5, typed without a stepper."""

    def __init__(self, label=None, validators=None, *, example=120, **kwargs):
        super().__init__(label, validators, example=example, step=5, stepper=False, **kwargs)


class FixedField(HiddenField):
    """A hidden value the form always sends as rendered (a meld row's rank); what comes back is ignored."""

    def __init__(self, value, **kwargs):
        super().__init__(default=value, render_kw={"data-fixed": ""}, **kwargs)

    def process_formdata(self, valuelist):
        self.data = self.default


class ApiBoolean(BooleanField):
    """A tick box whose API value is true when ticked (left out otherwise)."""

    def __init__(self, label=None, validators=None, **kwargs):
        super().__init__(label, validators, render_kw={"data-api": ""}, **kwargs)


class Choice(RadioField):
    """A radio group with a message in words when nothing (or something unknown) is chosen."""

    def __init__(self, label=None, validators=None, *, required_message, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.required_message = required_message

    def pre_validate(self, form):
        if self.data not in [choice.value for choice in self.choices]:
            raise ValidationError(self.required_message)


def is_api_field(field):
    return "data-api" in (field.render_kw or {}) or "data-fixed" in (field.render_kw or {})


def api_value(field):
    """The JSON value of an API field: an int, True, or the fixed text (None when empty)."""
    if isinstance(field, BooleanField):
        return True if field.data else None
    if isinstance(field, HiddenField):
        return field.data or None
    return field.data


# --- the parts of a side --------------------------------------------------------------------

MODES = (("number", "Points"), ("cards", "Count cards"), ("melds", "Meld by meld"))
MODE_HINTS = {
    "number": "Type the melded points, the canastas and the points left in hand.",
    "cards": "Type the melded points and canastas; count the cards left in hand.",
    "melds": "Count every meld by rank (canastas and points follow), and the cards left in hand.",
}
IN_HAND_NAMES = {"jokers": "Jokers", "twos": "2s", "aces": "Aces", "eight_to_king": "8s to kings",
                 "four_to_seven": "4s to 7s", "black_threes": "Black 3s"}
# (name, label, card value, how many one deck holds), the values from the engine.
IN_HAND_FIELDS = tuple((name, IN_HAND_NAMES[name], value, per_deck) for name, (value, per_deck) in IN_HAND_CARDS.items())
NATURAL_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
CLASSIC_MELD_ROWS = NATURAL_RANKS + ("3",)  # black 3s, melded only when going out
MODERN_MELD_ROWS = NATURAL_RANKS + ("wild",)  # a meld of 2s and jokers only
UNFINISHED = (("aces", "Unfinished meld of aces"), ("sevens", "Unfinished meld of sevens"),
              ("wild", "Unfinished meld of wild cards"))


def meld_row_label(rank):
    """``"K"`` -> ``"Kings"``, ``"3"`` -> ``"Black 3s"``, ``"wild"`` -> ``"Wild cards"``."""
    if rank == "3":
        return "Black 3s"
    if rank == "wild":
        return "Wild cards"
    return Rank.from_text(rank).plural.capitalize()


def meld_rows(ruleset):
    return MODERN_MELD_ROWS if ruleset.family == MODERN else CLASSIC_MELD_ROWS


def _form_class(name, fields):
    return type(name, (Form,), dict(fields))


def _meld_row_form(ruleset, rank):
    label = meld_row_label(rank)
    most = ruleset.decks * 4
    fields = [("rank", FixedField(rank))]
    if rank != "wild":
        fields.append(("naturals", CountField(f"{label}: natural cards", example=3, maximum=most, stepper=False)))
    if rank != "3":
        fields.append(("twos", CountField(f"{label}: 2s", example=1, maximum=most, stepper=False)))
        fields.append(("jokers", CountField(f"{label}: jokers", example=1, maximum=ruleset.jokers, stepper=False)))
    return _form_class(f"Meld{rank}", fields)


def _side_form(ruleset, index, members_max):
    modern = ruleset.family == MODERN
    fields = [("mode", RadioField("How to enter this side", choices=[SelectChoice(v, label) for v, label in MODES],
                                  default="number"))]
    if modern:
        fields.append(("special_hand", SelectField(
            "Special hand", default="",
            choices=[SelectChoice("", "None")]
            + [SelectChoice(hand.id, f"{hand.label} ({hand.points:,})",
                            {"data-set": data_set({f"sides[{index}].special_hand_points": hand.points})})
               for hand in ruleset.special_hands]
            + [SelectChoice("other", "Another special hand (type its value)")])))
        fields.append(("special_hand_points", PointsField("Value of the special hand", example=3000)))
        canastas = [(kind, CountField(CANASTA_LABELS[kind], example=1)) for kind in ruleset.canasta_kinds]
        fields.append(("canastas", FormField(_form_class("Canastas", canastas))))
        fields.append(("unfinished", FormField(_form_class("Unfinished", [
            (name, ApiBoolean(label)) for name, label in UNFINISHED]))))
    else:
        fields.append(("natural_canastas", CountField("Natural canastas", example=1)))
        fields.append(("mixed_canastas", CountField("Mixed canastas", example=1)))
    fields.append(("melded_points", PointsField("Points of melded cards")))
    rows = [(str(number), FormField(_meld_row_form(ruleset, rank), separator="-"))
            for number, rank in enumerate(meld_rows(ruleset))]
    fields.append(("melds", FormField(_form_class("Melds", rows))))
    red_label = "Red 3s" if not modern else "Red 3s laid out"
    if ruleset.partnership_per_hand:
        fields.append(("red_threes", FormField(_form_class("RedThrees", [
            (str(member), CountField(red_label, example=1, maximum=ruleset.red_threes_in_deck))
            for member in range(members_max)]))))
    else:
        fields.append(("red_threes", CountField(red_label, example=1, maximum=ruleset.red_threes_in_deck)))
    if modern:
        fields.append(("black_threes", CountField("Black 3s laid out", example=1, maximum=ruleset.red_threes_in_deck)))
    fields.append(("hand_points", PointsField("Points of cards left in hand", example=15)))
    fields.append(("in_hand", FormField(_form_class("InHand", [
        (name, CountField(f"{label} left in hand", example=1, maximum=per_deck * ruleset.decks))
        for name, label, _, per_deck in IN_HAND_FIELDS]))))
    if modern:
        most = ruleset.players_per_side
        fields.append(("players_with_three_aces", CountField("Players with 3+ aces", example=1, maximum=most)))
        fields.append(("players_with_three_sevens", CountField("Players with 3+ sevens", example=1, maximum=most)))
        fields.append(("last_drawn_three", ApiBoolean("A 3 was the last card drawn")))
    return _form_class(f"Side{index}", fields)


# --- which fields count when ----------------------------------------------------------------

ALONE = ("alone-0", "alone-1", "alone-2")


def conditions(ruleset, name):
    """Return the controls a field (or group) named ``name`` depends on, with their allowed values.

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


def side_slots(ruleset):
    """How many side fieldsets the form has: 3 for three players (two when one plays alone)."""
    return ruleset.scorers


# --- the form ----------------------------------------------------------------------------------


class HandForm(FlaskForm):
    """Base of every hand form; :func:`hand_form_class` adds the fields of a rule set."""

    token = HiddenField()
    expected_version = HiddenField()

    ruleset = None

    def __init__(self, *args, names=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.names = list(names)
        self.group_errors = {}
        self.remap = {}
        self.origins = {}
        for choice_field, choices in self.dynamic_choices().items():
            getattr(self, choice_field).choices = choices

    # -- choices that depend on the players' names

    def side_labels(self, slot):
        """The name of side ``slot`` by arrangement (``""`` = not chosen yet); plain games have one name."""
        names, ruleset = self.names, self.ruleset
        if not ruleset.partnership_per_hand:
            return {"": names[slot]}
        labels = {}
        for alone in range(ruleset.scorers):
            partners = [names[i] for i in range(ruleset.scorers) if i != alone]
            labels[f"alone-{alone}"] = names[alone] if slot == 0 else (" & ".join(partners) if slot == 1 else "")
        labels["everyone"] = names[slot]
        labels[""] = ("The player alone", "The partners", names[2] if len(names) > 2 else "Player 3")[slot]
        return labels

    def partner_labels(self, position):
        """Names of the partnership's members by arrangement, in player order."""
        labels = {"": ("the first partner", "the second partner")[position],
                  "everyone": self.names[1] if position == 0 else ""}
        for alone in range(self.ruleset.scorers):
            partners = [self.names[i] for i in range(self.ruleset.scorers) if i != alone]
            labels[f"alone-{alone}"] = partners[position]
        return labels

    def dynamic_choices(self):
        ruleset, names = self.ruleset, self.names
        going_out = [SelectChoice("no", "Nobody (the stock ran out)", {"data-set": "{}"})]
        for slot in range(side_slots(ruleset)):
            extra = {"data-when": when_attr(conditions(ruleset, f"sides-{slot}"))} if conditions(ruleset, f"sides-{slot}") else {}
            path = f"sides[{slot}].going_out"
            going_out.append(SelectChoice(f"{slot}:out", "went out", {"data-set": data_set({path: "out"}), **extra}))
            if ruleset.concealed_bonus:
                going_out.append(SelectChoice(f"{slot}:concealed", "went out concealed",
                                              {"data-set": data_set({path: "concealed"}), **extra}))
        choices = {"going_out": going_out}
        if ruleset.partnership_per_hand:
            arrangement = []
            for alone in range(ruleset.scorers):
                others = [i for i in range(ruleset.scorers) if i != alone]
                arrangement.append(SelectChoice(
                    f"alone-{alone}", f"{names[alone]} alone",
                    {"data-set": data_set({"sides[0].members": [alone], "sides[1].members": others}),
                     "hint": f"{' & '.join(names[i] for i in others)} are partners"}))
            arrangement.append(SelectChoice(
                "everyone", "Everyone alone",
                {"data-set": data_set({f"sides[{i}].members": [i] for i in range(ruleset.scorers)}),
                 "hint": "The stock ran out and nobody took the pile"}))
            choices["arrangement"] = arrangement
        return choices

    # -- reading the form

    def control_values(self):
        """The current value of every control a condition can name."""
        values = {"going_out": self.going_out.data or ""}
        if self.ruleset.partnership_per_hand:
            values["arrangement"] = self.arrangement.data or ""
        for slot in range(side_slots(self.ruleset)):
            side = self.side(slot)
            values[side.mode.name] = side.mode.data or ""
            if "special_hand" in side:
                values[side.special_hand.name] = side.special_hand.data or ""
        return values

    def side(self, slot):
        return self.sides.form[str(slot)].form

    def active(self, name):
        return is_active(conditions(self.ruleset, name), self.control_values())

    def when(self, name):
        """``data-when`` of a field or group: empty when it is always used."""
        return when_attr(conditions(self.ruleset, name))

    def shown(self, name):
        """False when the field or group is not used with the values chosen now (rendered hidden)."""
        return self.active(name)

    def fields_by_name(self):
        return {field.name: field for field in walk(self)}

    def validate_hand(self):
        """Validate the typed values; errors of fields not in use are dropped. Return True if none remain."""
        self.validate()
        values = self.control_values()
        for field in walk(self):
            if isinstance(field, FormField):
                continue
            if field.name.startswith("sides-") and not is_active(conditions(self.ruleset, field.name), values):
                field.errors = []
        return not self.errors_found()

    def errors_found(self):
        return any(field.errors for field in walk(self) if not isinstance(field, FormField)) or bool(
            self.form_errors) or bool(self.group_errors)

    def read_sides(self):
        """Return the API's ``sides`` list from the active fields (see the module doc)."""
        values = self.control_values()
        tree, self.origins, self.remap = {}, {}, {}
        for field in walk(self):
            if isinstance(field, FormField) or not is_api_field(field):
                continue
            if not is_active(conditions(self.ruleset, field.name), values):
                continue
            segments = field.name.split("-")
            value = api_value(field)
            if value in (None, "", 0, False):
                if not segments[-1].isdigit():
                    continue
                value = 0
            put(tree, segments, value)
        for control in self.set_controls():
            chosen = next((choice for choice in control.choices if choice.value == control.data), None)
            if chosen is None or not is_active(_when_conditions(chosen.render_kw.get("data-when", "")), values):
                continue
            for path, value in json.loads(chosen.render_kw.get("data-set", "{}")).items():
                segments = segments_of(path)
                put(tree, segments, value)
                self.origins["-".join(segments)] = control.name
        for slot in range(side_slots(self.ruleset)):
            if self.active(f"sides-{slot}"):
                tree.setdefault("sides", {}).setdefault(str(slot), {})
        return finalize(tree, (), self.remap).get("sides", [])

    def set_controls(self):
        controls = [self.going_out]
        if self.ruleset.partnership_per_hand:
            controls.append(self.arrangement)
        for slot in range(side_slots(self.ruleset)):
            side = self.side(slot)
            if "special_hand" in side:
                controls.append(side.special_hand)
        return controls

    def entry(self, typed):
        """What the hand's entry keeps: every value typed (and each side's mode), so an edit reopens the form the same way."""
        return {"form": typed, "modes": [self.side(slot).mode.data for slot in range(side_slots(self.ruleset))]}

    def typed_values(self):
        """Every non-empty value of the hand's fields as typed (controls included, secrets left out)."""
        kept = {}
        for field in walk(self):
            if isinstance(field, FormField) or field.name in ("csrf_token", "token", "expected_version"):
                continue
            if isinstance(field, BooleanField):
                if field.data:
                    kept[field.name] = "y"
                continue
            if isinstance(field, HiddenField):
                continue
            raw = field.raw_data[0] if field.raw_data else (field.data if field.data is not None else "")
            if str(raw).strip() != "":
                kept[field.name] = str(raw)
        return kept

    # -- problems from the engine beside their fields

    def place_problems(self, problems):
        """Put each engine problem beside the field it names, or on the form when none matches."""
        fields = self.fields_by_name()
        for problem in problems:
            name = original_name(problem.field, self.remap) if problem.field else ""
            self.place(name, problem.message, fields)

    def place(self, name, message, fields=None):
        fields = fields if fields is not None else self.fields_by_name()
        while name:
            target = self.origins.get(name) or name
            field = fields.get(target)
            if field is not None and not isinstance(field, FormField):
                if message not in field.errors:
                    field.errors = list(field.errors) + [message]
                return
            if target in fields or target in self.error_groups():
                self.group_errors.setdefault(target, [])
                if message not in self.group_errors[target]:
                    self.group_errors[target].append(message)
                return
            name = name.rpartition("-")[0]
        if message not in self.form_errors:
            self.form_errors.append(message)

    def error_groups(self):
        return {f"sides-{slot}" for slot in range(side_slots(self.ruleset))}


def _when_conditions(text):
    found = {}
    for part in filter(None, text.split(";")):
        control, _, allowed = part.partition(":")
        found[control] = tuple(allowed.split("|"))
    return found


@cache
def hand_form_class(rules_id):
    """Return the hand form class of a rule set (one class per preset, built once)."""
    ruleset = PRESETS[rules_id]
    slots = side_slots(ruleset)
    sides = _form_class("Sides", [
        (str(slot), FormField(_side_form(ruleset, slot, 2 if ruleset.partnership_per_hand and slot == 1 else 1)))
        for slot in range(slots)])
    fields = {
        "ruleset": ruleset,
        "sides": FormField(sides),
        "going_out": Choice("Who went out?", required_message="Choose who went out, or “Nobody”.", choices=[]),
    }
    if ruleset.partnership_per_hand:
        fields["arrangement"] = Choice(
            "Who played alone?", choices=[],
            required_message="Choose who played alone (the first to take the pile), or “Everyone alone”.")
    return type(f"HandForm_{rules_id.replace('-', '_')}", (HandForm,), fields)


# --- a stored hand back into the form ---------------------------------------------------------------


def form_data_from_sides(ruleset, sides):
    """Return form values (name -> text) that reproduce ``sides`` (a hand stored without an entry).

    Hands entered through the API have no entry; this opens them in the form
    the way they were given: melds row by row, cards in hand by kind, or numbers.

    >>> data = form_data_from_sides(PRESETS["classic"], [
    ...     {"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
    ...     {"hand_points": 95, "red_threes": 2}])
    >>> data["going_out"], data["sides-0-melded_points"], data["sides-1-red_threes"], data["sides-1-mode"]
    ('0:out', '120', '2', 'number')
    """
    data = {"going_out": "no"}
    rows = meld_rows(ruleset)
    for slot, side in enumerate(sides):
        prefix = f"sides-{slot}"
        if "melds" in side:
            mode = "melds"
        elif "in_hand" in side:
            mode = "cards"
        else:
            mode = "number"
        data[f"{prefix}-mode"] = mode
        if side.get("going_out", "no") != "no":
            data["going_out"] = f"{slot}:{side['going_out']}"
        for key, value in side.items():
            if key in ("going_out", "members"):
                continue
            if key == "melds" and isinstance(value, list):
                for meld in value:
                    rank = str(meld.get("rank", "")).upper()
                    rank = "wild" if rank in ("WILD", "2", "JK", "JOKER") else ("10" if rank == "T" else rank)
                    if rank in rows:
                        for count in ("naturals", "twos", "jokers"):
                            if meld.get(count):
                                data[f"{prefix}-melds-{rows.index(rank)}-{count}"] = str(meld[count])
            elif key == "special_hand_points" and value:
                known = [hand.id for hand in ruleset.special_hands if hand.points == value]
                if len(known) == 1:
                    data[f"{prefix}-special_hand"] = known[0]
                else:
                    data[f"{prefix}-special_hand"] = "other"
                    data[f"{prefix}-special_hand_points"] = str(value)
            elif isinstance(value, dict):
                for inner, item in value.items():
                    if item is True:
                        data[f"{prefix}-{key}-{inner}"] = "y"
                    elif item:
                        data[f"{prefix}-{key}-{inner}"] = str(item)
            elif isinstance(value, list):
                for position, item in enumerate(value):
                    data[f"{prefix}-{key}-{position}"] = str(item)
            elif value is True:
                data[f"{prefix}-{key}"] = "y"
            elif value:
                if key == "red_threes" and ruleset.partnership_per_hand:
                    data[f"{prefix}-red_threes-0"] = str(value)
                else:
                    data[f"{prefix}-{key}"] = str(value)
    if ruleset.partnership_per_hand:
        sizes = [len(side.get("members", [i])) for i, side in enumerate(sides)]
        if len(sides) == 2 and sizes == [1, 2]:
            data["arrangement"] = f"alone-{sides[0]['members'][0]}"
        elif len(sides) == 2 and sizes == [2, 1]:
            # Stored with the partnership first: the form keeps the player alone first.
            swapped = form_data_from_sides(ruleset, [sides[1], sides[0]])
            return swapped
        else:
            data["arrangement"] = "everyone"
    return data
