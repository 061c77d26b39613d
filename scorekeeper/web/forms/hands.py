"""The hand form: one side per team or player, fields named like the API's paths.

:meth:`HandForm.read_sides` turns a form into the API's ``sides`` with the
rules of :mod:`.paths` (which fields are active, what a choice sets); the
live preview sends the form itself to the page's preview route, which reads it
with this same code (:mod:`.preview`), so it scores exactly what a save
stores. Neither computes a score: that is ``canasta.scoring``'s job. :func:`form_data_from_sides` goes the other
way, opening a stored hand in the form.
"""

import json
from functools import cache

from ...i18n import lazy_gettext as _l, problem as problem_text
from flask_wtf import FlaskForm
from wtforms import BooleanField, FormField, HiddenField
from wtforms.fields.choices import SelectChoice

from ...canasta.rules import PRESETS
from .fields import Choice, api_value, is_api_field
from .paths import data_set, finalize, is_active, original_name, put, segments_of, walk, when_attr, when_conditions
from .sides import ALONE, conditions, form_class, meld_rows, side_form, side_slots

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
        labels[""] = (_l("The player alone"), _l("The partners"), names[2] if len(names) > 2 else _l("Player 3"))[slot]
        return labels

    def partner_labels(self, position):
        """Names of the partnership's members by arrangement, in player order."""
        labels = {"": (_l("the first partner"), _l("the second partner"))[position],
                  "everyone": self.names[1] if position == 0 else ""}
        for alone in range(self.ruleset.scorers):
            partners = [self.names[i] for i in range(self.ruleset.scorers) if i != alone]
            labels[f"alone-{alone}"] = partners[position]
        return labels

    def dynamic_choices(self):
        """*Who went out?* (each side's ways to end the hand, then nobody) and, for three players, who played alone.

        Laying down a special hand (Modern) is one of the answers: it ends the
        hand, so it is asked here, not as a reason to answer "Nobody". With
        three players only the player alone or the partners can go out: when
        everyone scores alone, the stock ran out and nobody did.
        """
        ruleset, names = self.ruleset, self.names
        going_out = []
        alone = {"data-when": when_attr({"arrangement": ALONE[:ruleset.scorers]})} if ruleset.partnership_per_hand else {}
        for slot in range(2 if ruleset.partnership_per_hand else side_slots(ruleset)):
            path = f"sides[{slot}].going_out"
            going_out.append(SelectChoice(f"{slot}:out", _l("went out"), {"data-set": data_set({path: "out"}), **alone}))
            if ruleset.concealed_bonus:
                going_out.append(SelectChoice(f"{slot}:concealed", _l("went out concealed"),
                                              {"data-set": data_set({path: "concealed"}), **alone, "short": _l("concealed")}))
            if ruleset.special_hands:
                going_out.append(SelectChoice(f"{slot}:special", _l("laid down a special hand"),
                                              {"data-set": "{}", **alone, "short": _l("special hand")}))
        going_out.append(SelectChoice("no", _l("Nobody (the stock ran out)"), {"data-set": "{}"}))
        choices = {"going_out": going_out}
        if ruleset.partnership_per_hand:
            arrangement = []
            for alone in range(ruleset.scorers):
                others = [i for i in range(ruleset.scorers) if i != alone]
                arrangement.append(SelectChoice(
                    f"alone-{alone}", _l("%(name)s alone", name=names[alone]),
                    {"data-set": data_set({"sides[0].members": [alone], "sides[1].members": others}),
                     "hint": _l("%(names)s are partners", names=" & ".join(names[i] for i in others))}))
            arrangement.append(SelectChoice(
                "everyone", _l("Everyone alone"),
                {"data-set": data_set({f"sides[{i}].members": [i] for i in range(ruleset.scorers)}),
                 "hint": _l("The stock ran out and nobody took the pile")}))
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

    def arrangement_missing(self):
        """True while who played alone is not chosen (three players): no side is known before it."""
        return bool(self.ruleset.partnership_per_hand) and not (self.arrangement.data or "").strip()

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
        if self.ruleset.special_hands and (self.going_out.data or "").endswith(":special"):
            chosen = self.side(int(self.going_out.data.split(":")[0])).special_hand
            if not chosen.data:
                chosen.errors = list(chosen.errors) + [_l("Choose which special hand was laid down.")]
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
            if not is_active(conditions(self.ruleset, control.name), values):
                continue  # a special hand's choice while the side did not lay one down
            chosen = next((choice for choice in control.choices if choice.value == control.data), None)
            if chosen is None or not is_active(when_conditions(chosen.render_kw.get("data-when", "")), values):
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
            # A problem between fields goes beside each field it involves that this form shows;
            # only when it names none does it go to the whole hand's place at the top.
            involved = [original_name(path, self.remap) for path in getattr(problem, "also", ())]
            involved = [other for other in involved if other in fields and self.active(other)]
            if name not in ("", "sides") or not involved:
                self.place(name, problem_text(problem), fields)
            for other in involved:
                self.place(other, problem_text(problem), fields)

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


@cache
def hand_form_class(rules_id):
    """Return the hand form class of a rule set (one class per preset, built once)."""
    ruleset = PRESETS[rules_id]
    slots = side_slots(ruleset)
    sides = form_class("Sides", [
        (str(slot), FormField(side_form(ruleset, slot, 2 if ruleset.partnership_per_hand and slot == 1 else 1)))
        for slot in range(slots)])
    fields = {
        "ruleset": ruleset,
        "sides": FormField(sides),
        "going_out": Choice(_l("Who went out?"), required_message=_l("Choose who went out, or “Nobody”."), choices=[]),
    }
    if ruleset.partnership_per_hand:
        fields["arrangement"] = Choice(
            _l("Who played alone?"), choices=[],
            required_message=_l("Choose who played alone (the first to take the pile), or “Everyone alone”."))
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
        if side.get("special_hand_points"):
            data["going_out"] = f"{slot}:special"
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
