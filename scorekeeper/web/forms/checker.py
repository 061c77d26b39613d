"""The rules checker's forms: initial meld, one meld, the discard pile, going out.

GET forms: a check changes nothing, so it carries no CSRF token, and a check
can be bookmarked, shared with the table or linked from the scoreboard. Card
fields are read by ``canasta.cards`` (the API's card text); its messages say
which card could not be read, and they show beside the field.
"""

from flask_babel import LazyString

from ...i18n import card_letter, lazy_gettext as _l, problem as worded, read_card_text
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, IntegerField, SelectField, SelectMultipleField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ...canasta.cards import NATURAL_RANKS, parse_cards, parse_meld_groups
from ...canasta.errors import CardError
from ...canasta.melds import Meld
from ...canasta.options import OPTIONS_BY_NAME, check_asks, resolve
from ...canasta.rules import MAX_MINIMUM, MAX_TOTAL, PRESETS
from .rules import rules_field

MAX_CARD_TEXT = 400  # more than a hand of 15 cards and a table of melds ever need
# What may lie on top of the pile, as the select lists it; the checks explain
# why a 2, a joker or a 3 on top cannot be taken.
PILE_TOPS = (
    [SelectChoice(rank.symbol, LazyString(card_letter, rank.symbol)) for rank in reversed(NATURAL_RANKS)]
    + [SelectChoice("2", _l("2 (wild)")), SelectChoice("JK", _l("Joker")),
       SelectChoice("3H", _l("Red 3")), SelectChoice("3S", _l("Black 3"))]
)
RANK_CHOICES = [SelectChoice(rank.symbol, LazyString(card_letter, rank.symbol)) for rank in reversed(NATURAL_RANKS)]
def _within(low, high, message):
    """A validator like NumberRange that leaves an unreadable number to its own message."""

    def validate(form, field):
        if field.data is not None and not low <= field.data <= high:
            raise ValidationError(message)

    return validate


TOTAL_RANGE = _within(-MAX_TOTAL, MAX_TOTAL, _l("That total is out of reach of any game: check the number."))
NUMERIC = {"inputmode": "numeric", "autocomplete": "off"}
CARD_INPUT = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false",
              "maxlength": MAX_CARD_TEXT}


def _card_text(groups, required=None):
    """A validator: the field holds card text the engine can read (``groups``: '|' allowed), and at least
    one card when a ``required`` message is given."""

    def validate(form, field):
        text = field.data or ""
        if len(text) > MAX_CARD_TEXT:
            raise ValidationError(_l("That is too long for cards: at most %(most)s characters.", most=MAX_CARD_TEXT))
        if not groups and "|" in text:
            raise ValidationError(_l("Give one group of cards here: leave out the |."))
        try:
            field.cards = parse_meld_groups(text, field.name)
        except CardError as error:
            field.errors[:] = [worded(problem) for problem in error.problems[:-1]]
            raise ValidationError(worded(error.problems[-1])) from None
        if required and not any(field.cards):
            raise ValidationError(required)

    return validate


class CardsField(StringField):
    """Card text such as "K K | Q Q 2"; after validation ``cards`` holds its groups."""

    cards = ()

    def process_formdata(self, valuelist):
        super().process_formdata(valuelist)
        self.cards = []
        if self.data is not None:
            # The reader's own card letters (D, B in German) are read as the English ones.
            self.data = read_card_text(" ".join(self.data.split()))

    @property
    def flat(self):
        """Return every card of the field, groups ignored."""
        return [card for group in getattr(self, "cards", []) for card in group]


class RankChecks(SelectMultipleField):
    """Ranks ticked as a row of check boxes (dead ranks)."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


DEAD_RANKS_LABEL = _l("Dead ranks: a canasta of them is complete (Modern American)")


def _dead_ranks_field():
    return RankChecks(DEAD_RANKS_LABEL, choices=RANK_CHOICES, validate_choice=True)


def _family_marks(preset):
    """The rule set's option in a check form's select: which of the form's fields it asks (``data-asks``).

    The form's script shows a field marked ``data-shown-for="x"`` only while the chosen rule set asks ``x``.
    """
    return {"data-asks": " ".join(check_asks(preset))}


# The wild-card house rule's choices, short enough for a select on a 320 px phone (the new-game
# page, with room for them, says them whole: canasta.options.OPTIONS_BY_NAME).
WILD_LIMIT_SHORT = {"three": _l("At most 3"), "not_outnumber": _l("No more than naturals"),
                    "naturals_outnumber": _l("Fewer than naturals")}


def _wild_limit_field():
    spec = OPTIONS_BY_NAME["wild_limit"]
    return SelectField(
        _l("Wild cards in a meld (Classic house rule)"),
        choices=[SelectChoice(value, WILD_LIMIT_SHORT.get(value, label)) for value, label in spec.choices],
        default="three",
    )


class CheckForm(FlaskForm):
    """What every check needs: the rule set and the Classic wild-card house rule."""

    class Meta:
        csrf = False  # a GET form that only asks a question

    rules = rules_field(_family_marks)
    wild_limit = _wild_limit_field()

    @property
    def ruleset(self):
        """Return the chosen preset (classic until a valid choice is made)."""
        return PRESETS.get(self.rules.data, PRESETS["classic"])

    def option_values(self):
        """Return the options the chosen rule set takes from this form."""
        if not OPTIONS_BY_NAME["wild_limit"].applies_to(self.ruleset):
            return {}
        return {"wild_limit": self.wild_limit.data}

    def resolved(self):
        """Return (ruleset, options) for the engine."""
        return resolve(self.ruleset.id, self.option_values())

    @property
    def dead(self):
        """Return the ranks ticked as dead (the engine ignores them where the family has none)."""
        field = self._fields.get("dead_ranks")
        return [parse_cards(rank)[0].rank for rank in (field.data or [])] if field is not None else []


class InitialMeldForm(CheckForm):
    total = IntegerField(
        _l("Your side's total before this hand"), default=0,
        validators=[InputRequired(_l("Give your side's total before this hand, like 1500 (0 in the first hand).")),
                    TOTAL_RANGE],
        invalid_value_message=_l("Give the total as a whole number, like 1500 or -40."), render_kw=NUMERIC,
    )
    cards = CardsField(_l("Cards you lay down from your hand"), validators=[_card_text(
        groups=True, required=_l("Give the cards you want to meld, like K K Q Q 2: tap them below or type them."))],
                       render_kw=CARD_INPUT)
    pile_top = SelectField(
        _l("Top card of the pile, if you take it"),
        choices=[SelectChoice("", _l("I drew from the stock"))] + PILE_TOPS, default="", validate_choice=True,
    )
    going_out = SelectField(
        _l("Going out this turn?"),
        choices=[SelectChoice("no", _l("No")), SelectChoice("out", _l("Yes")),
                 SelectChoice("concealed", _l("Yes, concealed"))],
        default="no",
    )
    dead_ranks = _dead_ranks_field()
    game = HiddenField()
    side = HiddenField()

    def validate_going_out(self, field):
        if field.data == "concealed" and not self.ruleset.concealed_bonus:
            raise ValidationError(_l("%(rules)s has no going out concealed: choose Yes.", rules=_l(self.ruleset.name)))

    @property
    def top_card(self):
        return parse_cards(self.pile_top.data)[0] if self.pile_top.data else None


class MeldForm(CheckForm):
    cards = CardsField(_l("Cards of the meld"), validators=[_card_text(
        groups=False, required=_l("Give the cards of the meld, like K K K 2: tap them below or type them."))],
        render_kw=CARD_INPUT)
    initial = BooleanField(_l("Part of my side's initial meld (Modern American: aces may take wild cards)"))
    going_out = BooleanField(_l("I am going out with it (Classic: black 3s)"))
    dead_ranks = _dead_ranks_field()


def _side_melds(field):
    """Return the melds of a side-melds field, or raise ValidationError naming the group."""
    melds = []
    for number, group in enumerate(field.cards, start=1):
        try:
            melds.append(Meld.from_cards(group))
        except CardError as error:
            raise ValidationError(_l("Meld %(number)s: %(problem)s", number=number, problem=error)) from None
    ranks = [meld.rank for meld in melds]
    for rank in ranks:
        if ranks.count(rank) > 1:
            raise ValidationError(_l("Your side has one meld of %(label)s, not two: put them together.", label=Meld(rank).label))
    return melds


class PileForm(CheckForm):
    pile_top = SelectField(_l("Top card of the pile"), choices=PILE_TOPS, default="K", validate_choice=True)
    hand = CardsField(_l("Cards in your hand"), validators=[_card_text(
        groups=False, required=_l("Give the cards in your hand, like Q Q 5 9: tap them below or type them."))],
        render_kw=CARD_INPUT)
    side_has_melded = BooleanField(_l("My side has melded this hand"))
    frozen = BooleanField(_l("A wild card is in the pile, or a red 3 was turned up at the start"))
    side_melds = CardsField(_l("Your side's melds"), validators=[Optional(), _card_text(groups=True)],
                            render_kw=CARD_INPUT)
    pile_size = IntegerField(
        _l("Cards in the pile (optional)"), validators=[Optional(), _within(1, 162, _l("A pile holds 1 to 162 cards."))],
        invalid_value_message=_l("Give the number of cards as a whole number, like 6."), render_kw=NUMERIC,
    )
    # A side that has not melded makes its first meld with the pile: the check asks for its minimum.
    total = IntegerField(
        _l("Your side's total before this hand"), validators=[Optional(), TOTAL_RANGE],
        invalid_value_message=_l("Give the total as a whole number, like 1500 or -40."), render_kw=NUMERIC,
    )
    minimum = IntegerField(
        _l("Or your side's minimum, if you know it"),
        validators=[Optional(), _within(0, MAX_MINIMUM, _l("Give the minimum of your first meld, like 50."))],
        invalid_value_message=_l("Give the minimum as a whole number, like 50."), render_kw=NUMERIC,
    )
    dead_ranks = _dead_ranks_field()
    stock_empty = BooleanField(_l("The stock is empty: I must draw from it"))
    game = HiddenField()
    side = HiddenField()

    def validate_side_melds(self, field):
        self.melds = _side_melds(field)

    @property
    def side_meld_counts(self):
        return {meld.rank: meld.size for meld in getattr(self, "melds", []) if meld.rank is not None}


class GoingOutForm(CheckForm):
    canastas_to_go_out = SelectField(
        _l("Canastas needed to go out (3 players)"), choices=[SelectChoice("2", _l("2 canastas")), SelectChoice("1", _l("1 canasta"))],
        default="2",
    )
    hand = CardsField(_l("Cards in your hand now"), validators=[_card_text(groups=False)], render_kw=CARD_INPUT)
    canastas = IntegerField(
        _l("Canastas your side has on the table"), default=0,
        validators=[InputRequired(_l("Give how many canastas your side has, like 1.")),
                    _within(0, 30, _l("A side has 0 to 30 canastas."))],
        invalid_value_message=_l("Give the number of canastas as a whole number, like 1."), render_kw=NUMERIC,
    )
    side_has_melded = BooleanField(_l("My side has melded this hand"))
    player_has_melded = BooleanField(_l("I have melded this hand myself"))
    side_melds = CardsField(_l("Your side's melds you may add to"),
                            validators=[Optional(), _card_text(groups=True)], render_kw=CARD_INPUT)
    total = IntegerField(
        _l("Your side's total before this hand (optional)"), validators=[Optional(), TOTAL_RANGE],
        invalid_value_message=_l("Give the total as a whole number, like 1500 or -40."), render_kw=NUMERIC,
    )
    dead_ranks = _dead_ranks_field()

    def option_values(self):
        values = super().option_values()
        if self.ruleset.partnership_per_hand:
            values["canastas_to_go_out"] = 1 if self.canastas_to_go_out.data == "1" else 2
        return values

    def validate_side_melds(self, field):
        self.melds = _side_melds(field)

    def validate_player_has_melded(self, field):
        if field.data and not self.side_has_melded.data:
            raise ValidationError(_l("If you have melded, so has your side: tick both."))

