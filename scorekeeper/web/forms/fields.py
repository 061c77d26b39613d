"""The fields of the hand form: counts and points typed on a phone, and how each becomes an API value."""

import re

from ...i18n import lazy_gettext as _l
from wtforms import BooleanField, HiddenField, IntegerField, RadioField
from wtforms.validators import ValidationError


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
        # Thousands as people write them: 1,500 in English, 1.500 in Spanish, Italian, German, Portuguese.
        text = re.sub(r"(?<=\d)(?:[,\s_](?=\d{3})|\.(?=\d{3}(?!\d)))", "", text)
        try:
            self.data = int(text)
        except ValueError:
            raise ValueError(_l("Type a whole number, like %(example)s.", example=self.example)) from None


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
