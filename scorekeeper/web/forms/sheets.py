"""The print page's form: which sheet, for which rule set, on which paper, with which names.

A GET form: it changes nothing, so it has no CSRF token, and the PDF
addresses it leads to can be bookmarked, shared and linked from other pages.
"""

import re

from ...i18n import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, IntegerField, RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from ...canasta.rules import PRESETS
from ...games.write import MAX_NAME_LENGTH, invisible_character, invisible_character_message
from .rules import rules_field

PAPERS = {"a4": "A4", "letter": _l("US Letter")}
# Countries that print on US Letter; everyone else uses A4.
LETTER_REGIONS = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE", "CR", "GT", "PR", "DO", "PA", "SV"})
MAX_HANDS = 60
DEFAULT_HANDS = 8
MAX_NAMES = max(preset.scorers for preset in PRESETS.values())


def paper_for(accept_languages) -> str:
    """Return the paper people of the browser's first language with a region print on.

    >>> from werkzeug.datastructures import LanguageAccept
    >>> paper_for(LanguageAccept([("en-US", 1), ("en", 0.8)])), paper_for(LanguageAccept([("de-DE", 1)]))
    ('letter', 'a4')
    """
    for language in accept_languages.values():
        _, _, region = language.replace("_", "-").partition("-")
        if region:
            return "letter" if region.upper() in LETTER_REGIONS else "a4"
    return "a4"


class NamesField(Field):
    """Several text inputs sharing the name ``names``: one name per team or player, in order."""

    def __init__(self, label=None, validators=None, **kwargs):
        super().__init__(label, validators, default=(), **kwargs)

    def process_formdata(self, valuelist):
        self.data = [re.sub(r"[ \t]+", " ", value).strip() for value in valuelist]

    def entered(self, index):
        """Return what was typed in box ``index`` (to show it again), or ''."""
        data = list(self.data or ())
        return data[index] if index < len(data) else ""

    @property
    def names(self):
        """Return the names, without trailing empty boxes."""
        names = list(self.data or ())
        while names and not names[-1]:
            names.pop()
        return names


def _hand_count(form, field):
    # A box left empty or holding text already carries its message from reading it.
    if field.data is not None and not 1 <= field.data <= MAX_HANDS:
        raise ValidationError(_l("Print from 1 to %(most)s hands.", most=MAX_HANDS))


class CheatSheetForm(FlaskForm):
    """Rule set and paper: all a cheat sheet needs."""

    class Meta:
        csrf = False  # a GET form that only chooses what to print

    rules = rules_field()
    paper = RadioField(
        _l("Paper"),
        choices=[SelectChoice(value, label) for value, label in PAPERS.items()],
        default="a4",
        validate_choice=False,
    )

    def validate_paper(self, field):
        if field.data not in PAPERS:
            raise ValidationError(_l("Choose A4 or US Letter."))

    @property
    def ruleset(self):
        """Return the chosen preset (the classic one until a valid choice is made)."""
        return PRESETS.get(self.rules.data, PRESETS["classic"])


class ScoreSheetForm(CheatSheetForm):
    """A blank score sheet: also how many hands, and names to print in."""

    hands = IntegerField(
        _l("Hands"),
        validators=[_hand_count],
        default=DEFAULT_HANDS,
        invalid_value_message=_l("Give the number of hands as a whole number, like 8."),
        render_kw={"inputmode": "numeric", "min": 1, "max": MAX_HANDS},
    )
    names = NamesField(_l("Names to print (optional)"))
    layout = RadioField(
        _l("Layout"),
        choices=[SelectChoice("compact", _l("Compact: three lines a hand, like a score pad")),
                 SelectChoice("detailed", _l("Detailed: each bonus on its own line"))],
        default="compact",
        validate_choice=False,
    )

    def validate_layout(self, field):
        if field.data not in ("compact", "detailed"):
            raise ValidationError(_l("Choose the compact or the detailed layout."))

    def validate_names(self, field):
        names = field.names
        ruleset = self.ruleset
        problems = []
        if len(names) > ruleset.scorers:
            problems.append(
                str(_l("%(rules)s has %(count)s teams: give at most %(count)s names, or choose another rule set.",
                       rules=_l(ruleset.name), count=ruleset.scorers) if ruleset.scorer_label == "team" else
                    _l("%(rules)s has %(count)s players: give at most %(count)s names, or choose another rule set.",
                       rules=_l(ruleset.name), count=ruleset.scorers))
            )
        for number, name in enumerate(names, start=1):
            if len(name) > MAX_NAME_LENGTH:
                problems.append(str(_l("Name %(number)s is longer than %(most)s characters.", number=number, most=MAX_NAME_LENGTH)))
            elif (char := invisible_character(name)) is not None:
                problems.append(invisible_character_message(str(_l("Name %(number)s", number=number)), char))
        if problems:
            field.errors[:] = problems[:-1]
            raise ValidationError(problems[-1])

    def validate_for(self, sheet):
        """Validate the fields ``sheet`` ("score" or "cheat") uses; return True when all are fine."""
        names = ("rules", "paper") if sheet == "cheat" else tuple(self._fields)
        return all([self._fields[name].validate(self, self._extra(name)) for name in names])

    def _extra(self, name):
        inline = getattr(self.__class__, f"validate_{name}", None)
        return [inline] if inline else []
