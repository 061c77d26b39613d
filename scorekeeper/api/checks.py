"""The rules checks as JSON: initial meld, one meld, the discard pile and going out.

Each view reads the body field by field (every wrong field is one entry of a
422 answer, with its path), asks ``canasta.checks`` and answers what it found.
A broken rule of the game is part of a 200 answer; only input that cannot be
read or cannot exist (a sixth joker) is refused.

Every object of an answer that holds sentences also holds ``codes``: for each
such field, the same shape as data — ``{"code", "params"}`` for a sentence, a
list of them for a list of sentences (docs/api-checks.md, "Codes").
"""

from functools import partial

from flask import Blueprint

from .common import computed_answer, referee_limit
from ..canasta import checks
from ..canasta.cards import NATURAL_RANKS, Card, Rank, format_cards, parse_cards, parse_meld_groups
from ..canasta.errors import CanastaError, CardError, data
from ..canasta.fields import FieldReader, join
from ..canasta.melds import Meld, meld_problems
from ..canasta.families import CLASSIC
from ..canasta.options import resolve
from ..i18n import problem as worded, problem_dict, problems as worded_all
from ..canasta.rules import MAX_MINIMUM, MAX_TOTAL
from ..canasta.messages import N_

bp = Blueprint("api_checks", __name__, url_prefix="/api/v1/check")
CSRF_EXEMPT = True  # answers questions, changes nothing, reads no cookie
bp.before_request(referee_limit)  # each answer runs the engine: counted per address

INITIAL_FIELDS = ("rules", "options", "total", "cards", "pile_top", "going_out", "dead_ranks")
MELD_FIELDS = ("rules", "options", "cards", "going_out", "initial", "dead_ranks")
PILE_FIELDS = (
    "rules", "options", "pile_top", "frozen", "side_has_melded", "side_meld_ranks", "hand", "pile_size",
    "side_meld_counts", "dead_ranks", "stock_empty", "total", "minimum",
)
GOING_OUT_FIELDS = (
    "rules", "options", "canastas", "side_has_melded", "player_has_melded", "hand", "side_melds", "total",
    "dead_ranks",
)
MAX_PILE = 108 * 3 // 2  # more than any pile can hold with three decks
MAX_CANASTAS = 30


class BodyReader(FieldReader):
    """A FieldReader for a check's body: rule set, card text and ranks, with the problems collected."""

    def __init__(self, body, allowed):
        super().__init__()
        self.body = self.mapping(body, "", "The request", allowed) or {}
        self.ruleset = self.options = None
        try:
            self.ruleset, self.options = resolve(self.body.get("rules"), self.body.get("options"))
        except CanastaError as error:
            self.extend(error.problems)

    def has(self, name):
        return name in self.body and self.body[name] is not None

    def cards(self, name, *, required=True, groups=False):
        """Return the cards of a card-text field (as groups when ``groups``), or None."""
        value = self.body.get(name)
        if value is None:
            if required:
                self.problem(name, "check.cards_text")
            return None
        try:
            return parse_meld_groups(value, name) if groups else parse_cards(value, name)
        except CardError as error:
            self.extend(error.problems)
            return None

    def one_card(self, name, *, required):
        """Return the one card a field names (the top of the pile), or None."""
        value = self.body.get(name)
        if value is None or value == "":
            if required:
                self.problem(name, "check.pile_top")
            return None
        try:
            cards = parse_cards(value, name)
        except CardError as error:
            self.extend(error.problems)
            return None
        if len(cards) != 1:
            self.problem(name, "check.one_pile_top", count=len(cards))
            return None
        return cards[0]

    def flag(self, name, label, default=False):
        if not self.has(name):
            return default
        return self.boolean(self.body[name], name, label)

    def rank(self, value, where):
        if isinstance(value, str):
            try:
                rank = Rank.from_text(value)
            except ValueError:
                rank = None
            if rank in NATURAL_RANKS:
                return rank
        self.problem(where, "check.meld_rank")
        return None

    def ranks(self, name, label):
        values = self.sequence(self.body.get(name, []), name, label, len(NATURAL_RANKS)) or []
        ranks = [self.rank(value, join(name, index)) for index, value in enumerate(values)]
        return [rank for rank in ranks if rank is not None]

    def total(self, name="total", default=0):
        if not self.has(name):
            return default
        return self.integer(self.body[name], name, N_("The total before the hand"), low=-MAX_TOTAL, high=MAX_TOTAL,
                            example=1500)

    def going_out(self):
        if not self.has("going_out"):
            return "no"
        family = self.ruleset.family if self.ruleset is not None else CLASSIC
        return self.choice(self.body["going_out"], "going_out", "going_out", family.going_out_choices)

    def finish(self):
        """Raise InvalidHand with every problem found so far."""
        self.raise_if_any()


def _answer(read, check, shape):
    """Run a check: 400 for a body that is no JSON object, 422 for every problem, else 200."""

    def compute(body):
        arguments = read(body)
        return shape(check(**arguments), arguments)

    return computed_answer(compute)


def card_text(card: Card | None):
    return format_cards([card]) if card is not None else None


def meld_json(ruleset, meld: checks.CheckedMeld):
    """Return one checked meld as JSON-ready data."""
    return {
        "cards": meld.text,
        "label": meld.label,
        "points": meld.points,
        "from_pile": card_text(meld.from_pile),
        "adds_to": meld.adds_to.label if meld.adds_to is not None else None,
        "canasta": meld.kind(ruleset),
        "problems": worded_all(meld.problems_data),
        "codes": {"problems": data(meld.problems_data)},
    }


# --- initial meld --------------------------------------------------------------------------------


def read_initial_meld(body):
    reader = BodyReader(body, INITIAL_FIELDS)
    text = reader.body.get("cards")
    grouped = isinstance(text, str) and "|" in text
    cards = reader.cards("cards", groups=grouped)
    pile_top = reader.one_card("pile_top", required=False)
    total = reader.total()
    going_out = reader.going_out()
    dead = reader.ranks("dead_ranks", "dead_ranks")
    if cards is not None and not cards:
        reader.problem("cards", "check.cards_to_meld")
    reader.finish()
    return {
        "ruleset": reader.ruleset, "options": reader.options, "total": total,
        "cards": None if grouped else cards, "groups": cards if grouped else None,
        "pile_top": pile_top, "going_out": going_out, "dead_ranks": dead,
    }


def initial_meld_json(check: checks.InitialMeldCheck, arguments):
    ruleset = arguments["ruleset"]
    return {
        "melds": [meld_json(ruleset, meld) for meld in check.melds],
        "points": check.points,
        "minimum": check.minimum,
        "meets_minimum": check.meets_minimum,
        "short_by": check.short_by,
        "problems": worded_all(check.problems_data),
        "table_minimum": check.table_minimum,
        "pile_top_counts": check.pile_top_counts,
        "codes": {"problems": data(check.problems_data)},
    }


# --- one meld ------------------------------------------------------------------------------------


def read_meld(body):
    reader = BodyReader(body, MELD_FIELDS)
    groups = reader.cards("cards", groups=True)
    if groups is not None and len(groups) > 1:
        reader.problem("cards", "check.one_meld")
    elif groups is not None and not groups:
        reader.problem("cards", "check.meld_cards")
    going_out = reader.going_out() if reader.has("going_out") else None
    initial = reader.flag("initial", "initial", default=None)
    dead = reader.ranks("dead_ranks", "dead_ranks")
    reader.finish()
    return {"ruleset": reader.ruleset, "options": reader.options, "cards": groups[0],
            "going_out": None if going_out is None else going_out != "no", "initial": initial,
            "dead_ranks": dead}


def meld_check_json(check: checks.MeldCheck, arguments):
    meld = check.meld
    rank = None if meld is None or meld.rank is None else meld.rank.symbol
    return {
        "legal": check.legal,
        "problems": worded_all(check.problems_data),
        "cards": format_cards(list(check.cards)),
        "rank": rank,
        "label": meld.label if meld is not None else None,
        "naturals": meld.naturals if meld else 0,
        "twos": meld.twos if meld else 0,
        "jokers": meld.jokers if meld else 0,
        "size": len(check.cards),
        "make_up": check.make_up,
        "is_canasta": check.is_canasta,
        "kind": check.kind,
        "kind_label": check.kind_label,
        "points": check.points,
        "bonus": check.bonus,
        "total": check.points + check.bonus,
        "cards_to_canasta": check.cards_to_canasta,
        "penalty_if_unfinished": check.penalty_if_unfinished,
        "codes": {"problems": data(check.problems_data)},
    }


# --- the discard pile -------------------------------------------------------------------------


def read_pile(body):
    reader = BodyReader(body, PILE_FIELDS)
    pile_top = reader.one_card("pile_top", required=True)
    hand = reader.cards("hand")
    if hand is not None and not hand:
        reader.problem("hand", "check.hand")
    frozen = reader.flag("frozen", "frozen")
    melded_given = reader.has("side_has_melded")
    side_has_melded = reader.flag("side_has_melded", "side_has_melded")
    ranks = reader.ranks("side_meld_ranks", "side_meld_ranks")
    side_melds = dict.fromkeys(ranks)
    counts = reader.body.get("side_meld_counts")
    if counts is not None:
        if not isinstance(counts, dict):
            reader.problem("side_meld_counts", "check.side_meld_counts")
        else:
            for key, value in counts.items():
                where = join("side_meld_counts", key)
                rank = reader.rank(key, where)
                count = reader.integer(value, where, N_("Cards in a meld"), low=3, high=24)
                if rank is not None and count is not None:
                    side_melds[rank] = count
    dead = reader.ranks("dead_ranks", "dead_ranks")
    stock_empty = reader.flag("stock_empty", "stock_empty")
    pile_size = None
    if reader.has("pile_size"):
        pile_size = reader.integer(reader.body["pile_size"], "pile_size", N_("The size of the pile"), low=1, high=MAX_PILE)
    total = reader.total(default=None)
    minimum = None
    if reader.has("minimum"):
        minimum = reader.integer(reader.body["minimum"], "minimum", "The minimum", high=MAX_MINIMUM, example=50)
    if reader.ruleset is not None:
        reader.extend(checks.minimum_problems(reader.ruleset, total, minimum))
    if side_melds and melded_given and side_has_melded is False:
        reader.problem("side_has_melded", "check.side_has_melded")
    reader.finish()
    return {
        "ruleset": reader.ruleset, "options": reader.options, "pile_top": pile_top, "hand": hand,
        "frozen": frozen, "side_has_melded": side_has_melded or bool(side_melds), "side_melds": side_melds,
        "pile_size": pile_size, "dead_ranks": dead, "stock_empty": stock_empty, "total": total, "minimum": minimum,
    }


def pile_json(check: checks.PileCheck, arguments):
    return {
        "can_take": check.can_take,
        "ways": [way_json(way, format_cards(list(way.cards))) for way in check.ways],
        "reason": check.reason,
        "reasons": list(check.reasons),
        "frozen": check.frozen,
        "frozen_because": list(check.frozen_because),
        "notes": list(check.notes),
        "must_take": check.must_take,
        "first_meld": first_meld_json(arguments["ruleset"], check.first_meld),
        "asks": [problem_dict(problem) for problem in check.asks],
        "codes": {"reason": data(check.reason_data), "reasons": data(check.reasons_data),
                  "frozen_because": data(check.frozen_because_data), "notes": data(check.notes_data),
                  "asks": data(check.asks)},
    }


def way_json(way: checks.PileWay, cards: str):
    """Return one way to take the pile as JSON-ready data, its sentence with its code."""
    return {"way": way.way, "cards": cards, "message": worded(way.message_data), "codes": {"message": data(way.message_data)}}


def first_meld_json(ruleset, first: checks.FirstMeldAnswer | None):
    """Return the first meld a side that has not melded makes with the pile, or None."""
    if first is None:
        return None
    best = first.best
    return {
        "minimum": first.minimum,
        "meld": first.meld,
        "points": first.points,
        "reaches_minimum": first.reaches,
        "best": None if best is None else {
            "melds": [meld_json(ruleset, meld) for meld in best.melds], "points": best.points,
            "reaches_minimum": first.best_reaches,
        },
    }


# --- going out ---------------------------------------------------------------------------------


def read_side_melds(reader, ruleset, options, groups):
    """Return the side's melds on the table from card groups, each checked; problems under side_melds."""
    melds = []
    for number, group in enumerate(groups, start=1):
        try:
            meld = Meld.from_cards(group)
        except CardError as error:
            for problem in error.problems:
                reader.problem("side_melds", "check.side_meld", number=number, cards=format_cards(group), problem=problem)
            continue
        problems = meld_problems(ruleset, options, meld, going_out=False)
        for problem in problems:
            reader.problem("side_melds", "check.side_meld", number=number, cards=format_cards(group), problem=problem)
        if not problems:
            melds.append(meld)
    return melds


def read_going_out(body):
    reader = BodyReader(body, GOING_OUT_FIELDS)
    hand = reader.cards("hand")
    canastas = 0
    if reader.has("canastas"):
        canastas = reader.integer(reader.body["canastas"], "canastas", N_("The number of canastas"), high=MAX_CANASTAS)
    groups = reader.cards("side_melds", required=False, groups=True) or []
    side_melds = []
    if groups and reader.ruleset is not None:
        side_melds = read_side_melds(reader, reader.ruleset, reader.options, groups)
    melded_given = reader.has("side_has_melded")
    side_has_melded = reader.flag("side_has_melded", "side_has_melded", default=bool(groups))
    player_has_melded = reader.flag("player_has_melded", "player_has_melded", default=None)
    total = reader.total(default=None)
    dead = reader.ranks("dead_ranks", "dead_ranks")
    if groups and melded_given and side_has_melded is False:
        reader.problem("side_has_melded", "check.side_has_melded")
    if player_has_melded and side_has_melded is False:
        reader.problem("player_has_melded", "check.player_has_melded")
    reader.finish()
    return {
        "ruleset": reader.ruleset, "options": reader.options, "hand": hand, "canastas": canastas,
        "side_has_melded": side_has_melded, "player_has_melded": player_has_melded,
        "side_melds": side_melds, "total": total, "dead_ranks": dead,
    }


def going_out_json(check: checks.GoingOutCheck, arguments):
    ruleset = arguments["ruleset"]
    return {
        "can_go_out": check.can_go_out,
        "reasons": list(check.reasons),
        "canastas_needed": check.canastas_needed,
        "canastas": check.canastas,
        "canastas_after": check.canastas_after,
        "must_discard": check.must_discard,
        "concealed": check.concealed,
        "bonus": check.bonus,
        "plan": {"melds": [meld_json(ruleset, meld) for meld in check.melds], "discard": card_text(check.discard)},
        "conditions": list(check.conditions),
        "notes": list(check.notes),
        "codes": {"reasons": data(check.reasons_data), "conditions": data(check.conditions_data),
                  "notes": data(check.notes_data)},
    }


# --- the addresses ---------------------------------------------------------------------------

# endpoint: (address, how its body is read, the engine's check, how the check reads as JSON)
CHECKS = {
    # Whether cards from hand (and the pile's top card) reach the side's initial-meld minimum.
    "initial_meld": ("/initial-meld", read_initial_meld, checks.check_initial_meld, initial_meld_json),
    # Whether cards make a legal meld, and its kind, card points and canasta bonus.
    "meld": ("/meld", read_meld, checks.check_meld, meld_check_json),
    # Whether a player may take the discard pile, every way to, and otherwise why not.
    "pile": ("/pile", read_pile, checks.check_pile, pile_json),
    # Whether a player may go out this turn, how, and the rules of going out.
    "going_out": ("/going-out", read_going_out, checks.check_going_out, going_out_json),
}
for endpoint, (rule, read, check, shape) in CHECKS.items():
    bp.add_url_rule(rule, endpoint, partial(_answer, read, check, shape), methods=["POST"])
