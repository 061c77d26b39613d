"""The rule-set select of the GET forms (the checks, the print page): every preset, checked by the engine."""

from wtforms import SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from ...canasta.errors import UnknownRules
from ...i18n import lazy_gettext as _l, problem
from ...canasta.rules import PRESETS, get_ruleset


def known_rules(form, field):
    """A validator: the field names a rule set the engine knows (else the engine's message)."""
    try:
        get_ruleset(field.data)
    except UnknownRules as error:
        raise ValidationError(problem(error.problems[0])) from None


def rules_field(choice_attributes=lambda preset: {}):
    """Return a "Rule set" select of every preset, Classic first; ``choice_attributes(preset)`` marks its option.

    Options show the presets' short names: a select shows its choice on one line, and a 320 px phone
    cut "Classic, 4 players in 2 teams" short.
    """
    return SelectField(
        _l("Rule set"),
        choices=[SelectChoice(preset.id, _l(preset.short_name), render_kw=choice_attributes(preset))
                 for preset in PRESETS.values()],
        default="classic", validate_choice=False, validators=[known_rules],
    )
