"""The new-game form (rule set, its house rules, names, seats and totals carried over) and the
settings form of a game that has started (names and seats only), which share their name fields.

Every field is named like the API's path (``options-target`` is
``options.target``, ``names-1`` is ``names[1]``), so the service's problems
land beside the field they are about. Fields that only some rule sets use
carry conditions on the ``rules`` control (see :mod:`.paths`): the page shows
them all without JavaScript, each with the rule sets it is for.
"""

from ...i18n import lazy_gettext as _l, lazy_ngettext, number
from flask_wtf import FlaskForm
from wtforms import Form, FormField, HiddenField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from ...canasta.options import OPTION_SPECS

from ...canasta.rules import PRESETS
from ...games.write import MAX_NAME_LENGTH, MAX_SEATS
from .fields import CountField
from .paths import is_active, when_attr

MOST_SCORERS = max(preset.scorers for preset in PRESETS.values())
DEFAULT_RULES = "classic"


def preset_summary(ruleset):
    """One line under a rule set's name: ``11 cards each · game to 5,000 · 1 canasta to go out``."""
    return _l("%(cards)s cards each · game to %(target)s · %(canastas)s to go out", cards=ruleset.cards_dealt,
              target=number(ruleset.target),
              canastas=lazy_ngettext("%(num)s canasta", "%(num)s canastas", ruleset.canastas_to_go_out))


def presets_where(test):
    return tuple(preset.id for preset in PRESETS.values() if test(preset))


def game_conditions(name):
    """Return the rule sets (as ``{"rules": (...)}``) for which a field is used; ``{}`` = all of them.

    >>> game_conditions("names-2")
    {'rules': ('classic-3p', 'classic-6p-3teams')}
    >>> game_conditions("options-target")
    {}
    """
    group, _, rest = name.partition("-")
    if group == "options":
        spec = next(spec for spec in OPTION_SPECS if spec.name == rest)
        allowed = presets_where(spec.applies_to)
    elif group in ("names", "start_totals") and rest.isdigit():
        allowed = presets_where(lambda preset: preset.scorers > int(rest))
    elif group == "seats" and rest.isdigit():
        allowed = presets_where(lambda preset: preset.players > int(rest))
    else:
        return {}
    return {} if len(allowed) == len(PRESETS) else {"rules": allowed}


def applies_note(name):
    """Words that say which rule sets a field is for (shown without JavaScript), or ""."""
    allowed = game_conditions(name).get("rules")
    if not allowed:
        return ""
    by_family = {}
    for preset in PRESETS.values():
        by_family.setdefault(preset.family, set()).add(preset.id)
    for family, presets in by_family.items():
        if set(allowed) == presets:
            return _l("Only for the %(family)s rule sets.", family=_l(family.name))
    left_out = [preset.name for preset in PRESETS.values() if preset.id not in allowed]
    if len(left_out) < len(allowed):
        return _l("Not for %(rules)s.", rules="; ".join(str(_l(name)) for name in left_out))  # names hold commas
    return _l("Only for %(rules)s.", rules="; ".join(str(_l(PRESETS[rules].name)) for rules in allowed))


def _options_form():
    fields = {}
    for spec in OPTION_SPECS:
        if spec.choices:
            choices = [SelectChoice(str(value), _l(label)) for value, label in spec.choices]
            fields[spec.name] = RadioField(_l(spec.label), choices=choices, default=str(spec.choices[0][0]))
        else:
            fields[spec.name] = CountField(_l(spec.label), example=5000, step=5, stepper=False,
                                           render_kw={"min": spec.minimum, "max": spec.maximum})
    return type("OptionsForm", (Form,), fields)


def _numbered(prefix, count, make):
    return type(prefix, (Form,), {str(index): make(index) for index in range(count)})


def _total_field(index):
    return StringField(_l("Total %(number)s", number=index + 1), render_kw={"inputmode": "numeric", "autocomplete": "off"})


def _name_field(label):
    return StringField(label, render_kw={"maxlength": MAX_NAME_LENGTH, "autocomplete": "off"})


class TableForm(FlaskForm):
    """Who plays and where they sit: the fields (and their reading) a new game and a game's settings share.

    A subclass gives ``ruleset``: the number of names and seats read follows it.
    """

    names = FormField(_numbered("Names", MOST_SCORERS, lambda i: _name_field(_l("Name %(number)s", number=i + 1))))
    seats = FormField(_numbered("Seats", MAX_SEATS, lambda i: _name_field(_l("Seat %(number)s", number=i + 1))))

    def scorer_word(self, index, rules_id=None):
        ruleset = PRESETS[rules_id] if rules_id else self.ruleset
        return (_l("Team %(number)s", number=index + 1) if ruleset.scorer_label == "team"
                else _l("Player %(number)s", number=index + 1))

    def chosen_names(self):
        """One name per scorer; an empty one becomes "Team 1" / "Player 1"."""
        names = []
        for index in range(self.ruleset.scorers):
            typed = (self.names.form[str(index)].data or "").strip()
            names.append(typed or str(self.scorer_word(index)))
        return names

    def chosen_seats(self):
        """The seats typed, one per player, or [] when none is."""
        seats = [(self.seats.form[str(index)].data or "").strip() for index in range(self.ruleset.players)]
        return seats if any(seats) else []

    def place(self, path, message):
        """Show a service problem (``names[1]``, ``options.target``, ``seats``) beside its field."""
        name = path.replace("[", "-").replace("].", "-").replace("]", "").replace(".", "-")
        fields = {field.name: field for field in _walk(self)}
        while name:
            field = fields.get(name)
            if field is not None and not isinstance(field, FormField):
                field.errors = list(field.errors) + [message]
                return
            if field is not None:
                self.group_errors.setdefault(name, []).append(message)
                return
            name = name.rpartition("-")[0]
        self.form_errors.append(message)

    @property
    def group_errors(self):
        if not hasattr(self, "_group_errors"):
            self._group_errors = {}
        return self._group_errors


class RulesAndOptions:
    """The rule set and its house options, as a new game chooses them (a new table too): mixed into a form."""

    rules = RadioField(
        _l("Rule set"),
        choices=[SelectChoice(preset.id, preset.name) for preset in PRESETS.values()],
        default=DEFAULT_RULES,
    )
    options = FormField(_options_form())

    def validate_rules(self, field):
        if field.data not in PRESETS:
            raise ValidationError(_l("Choose one of the rule sets."))

    @property
    def ruleset(self):
        return PRESETS.get(self.rules.data) or PRESETS[DEFAULT_RULES]

    def values(self):
        return {"rules": self.rules.data or ""}

    def when(self, name):
        return when_attr(game_conditions(name))

    def shown(self, name):
        return is_active(game_conditions(name), self.values())

    def chosen_options(self):
        """The options the chosen rule set offers, as the service takes them (empty target = the preset's)."""
        chosen = {}
        for spec in OPTION_SPECS:
            if not spec.applies_to(self.ruleset):
                continue
            field = self.options.form[spec.name]
            if spec.choices:
                by_text = {str(value): value for value, _ in spec.choices}
                chosen[spec.name] = by_text.get(field.data, field.data)
            elif field.data is not None:
                chosen[spec.name] = field.data
        return chosen


class NewGameForm(RulesAndOptions, TableForm):
    start_totals = FormField(_numbered("StartTotals", MOST_SCORERS, _total_field))

    def chosen_totals(self):
        """The totals carried over, or None when none is typed. Raises ValueError on text that is no number."""
        fields = [self.start_totals.form[str(index)] for index in range(self.ruleset.scorers)]
        if not any((field.data or "").strip() for field in fields):
            return None
        totals, bad = [], False
        for field in fields:
            text = (field.data or "").strip().replace("\u2212", "-")
            cleaned = text.replace(",", "").replace(" ", "").replace("_", "").replace("'", "")
            if not cleaned:
                totals.append(0)
                continue
            try:
                totals.append(int(cleaned))
            except ValueError:
                field.errors = list(field.errors) + [_l("Type a whole number, like %(example)s (“%(typed)s” is not one).", example=number(2340), typed=text[:20])]
                bad = True
        if bad:
            raise ValueError(_l("not a number"))
        return totals


class GameSettingsForm(TableForm):
    """A started game's names and seats; its rule set (so how many of each) is the game's own.

    ``expected_version``: the game as the form was opened, so that a change
    made meanwhile is not overwritten unseen. ``seats_from``: the hand whose
    dealer the first seat is (the next hand when the form was opened).
    """

    expected_version = HiddenField()
    seats_from = HiddenField()

    def __init__(self, *args, ruleset, **kwargs):
        self._ruleset = ruleset
        super().__init__(*args, **kwargs)

    @property
    def ruleset(self):
        return self._ruleset

    def first_seat_deals(self, default):
        """The hand number the first seat deals, as the form was opened (``default`` when it was not sent)."""
        try:
            number = int(self.seats_from.data)
        except (TypeError, ValueError):
            return default
        return number if number >= 1 else default


def _walk(form):
    for field in form:
        yield field
        if isinstance(field, FormField):
            yield from _walk(field.form)
