"""The form that opens a table to play with friends: the rule set and house rules as for a game, then
each seat's name, who plays it (a person, or the computer at a level), and which seat is yours.

Fields are named like the API's paths (``names-2`` is ``names[2]``,
``computer-1`` is ``computer.1``), so the service's problems land beside the
field they are about (``TableForm.place``).
"""

from wtforms import FormField, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from ...games.tables import computer_levels
from ...games.write import MAX_SEATS
from ...i18n import lazy_gettext as _l
from .game import RulesAndOptions, TableForm, _numbered

PERSON = ""  # the value of "a person" in a seat's "who plays" choice
# The computer's levels as a sentence names them (lazy: the choices are made once, read in each request's language).
LEVEL_WORDS = {"easy": _l("easy"), "normal": _l("normal"), "hard": _l("hard"), "expert": _l("expert")}


def level_label(level):
    """Return a computer's level as a sentence names it: "hard" (in the reader's language)."""
    return LEVEL_WORDS.get(level, level)


def who_plays_choices():
    """A person, or the computer at each of its levels (easiest first)."""
    return [SelectChoice(PERSON, _l("A person"))] + [SelectChoice(level, _l("The computer (%(level)s)", level=level_label(level)))
                                                     for level in computer_levels()]


def _who_field(index):
    return SelectField(_l("Who plays seat %(number)d", number=index + 1), choices=who_plays_choices(), default=PERSON,
                       validate_choice=False)


class NewTableForm(RulesAndOptions, TableForm):
    """A new table. ``names`` (from TableForm) are read one per seat here, not one per side."""

    computer = FormField(_numbered("Computer", MAX_SEATS, _who_field))
    you = SelectField(_l("Your seat"), choices=[SelectChoice(str(index), _l("Seat %(number)s", number=index + 1))
                                                for index in range(MAX_SEATS)],
                      default="0", validate_choice=False)

    def seat_names(self):
        """One name per seat; an empty one becomes "Player 2" (a person's) or "Computer 2"."""
        names = []
        for index in range(self.ruleset.players):
            typed = (self.seats.form[str(index)].data or "").strip()
            word = _l("Computer %(number)s", number=index + 1) if self.levels().get(index) else \
                _l("Player %(number)s", number=index + 1)
            names.append(typed or str(word))
        return names

    def levels(self):
        """``{seat: level}`` of the seats the computer plays, as chosen (a level the service checks)."""
        chosen = {}
        for index in range(self.ruleset.players):
            value = self.computer.form[str(index)].data or PERSON
            if value != PERSON:
                chosen[index] = value
        return chosen

    def computer_map(self):
        """The API's ``computer``: seat numbers as text to levels."""
        return {str(seat): level for seat, level in self.levels().items()}

    def your_seat(self):
        """Your seat's number; raises ValidationError (beside "Your seat") when it is no seat a person plays."""
        players = self.ruleset.players
        try:
            seat = int(self.you.data)
        except (TypeError, ValueError):
            seat = -1
        if not 0 <= seat < players:
            raise ValidationError(_l("Choose your seat: this rule set has seats 1 to %(last)d.", last=players))
        if seat in self.levels():
            raise ValidationError(_l("The computer plays seat %(number)d: choose a seat a person plays, "
                                     "or make that seat a person's.", number=seat + 1))
        return seat

    def place(self, path, message):
        """A table's seat names are the service's ``names``: shown beside the seat name fields."""
        if path == "names" or path.startswith("names["):
            path = "seats" + path[len("names"):]
        super().place(path, message)
