"""What a sheet prints: every number read from the engine, laid out for the print templates.

A rule set's reference (card values, bonuses, the minimum table, options) for the
blank sheets and cheat sheets, and a game hand by hand for the filled sheet:
breakdowns, totals and next minimums from ``canasta.scoring`` via ``games.read``.
"""

from __future__ import annotations

from datetime import datetime

from markupsafe import Markup

from ..canasta.cards import IN_HAND_GROUPS, Card, Rank, Suit, group_points
from ..canasta.options import OPTIONS_BY_NAME, default_options, option_specs
from ..canasta.rules import next_minimum
from ..canasta.scoring import BREAKDOWN_LABELS
from .charts import points_label
from ..i18n import card_letter, gettext as _, lazy_gettext as _l, long_date

# A sheet prints a number as the board writes it: thousands separated, a true minus sign.
sheet_number = points_label


# --- what a rule set prints: every number read from the engine ---------------------

PENALTY_NAMES = {"aces": _l("Unfinished aces"), "sevens": _l("Unfinished sevens"), "wild": _l("Unfinished wild cards")}


def _group_label(ranks):
    """Return a group of card values as a score pad prints it: ``"Joker"``, ``"K Q J 10 9 8"``."""
    return _("Joker") if ranks == (Rank.JOKER,) else " ".join(card_letter(rank.symbol) for rank in reversed(ranks))


def card_values():
    """Return ``[(cards, points)]`` in pad order, black and red 3s last (a red 3 has no value: None).

    The groups are the engine's (cards of one value), so a group never prints two values.
    """
    rows = [(_group_label(ranks), group_points(name)) for name, ranks in IN_HAND_GROUPS.items()
            if name != "black_threes"]
    rows.append((_("Black 3"), Card(Rank.THREE, Suit.SPADES).points))
    rows.append((_("Red 3"), Card(Rank.THREE, Suit.HEARTS).points or None))
    return rows


def minimum_rows(ruleset):
    """Return ``[(totals, minimum)]``: the initial-meld table of ``ruleset`` with totals in words."""
    table = ruleset.minimum_table
    rows = []
    for index, (lowest, minimum) in enumerate(table):
        if lowest is None:
            label = (_("below %(total)s", total=sheet_number(table[index + 1][0])) if index + 1 < len(table)
                     else _("any total"))
        else:
            label = _("from %(total)s", total=sheet_number(lowest))
        rows.append((label, minimum))
    return rows


def reference(ruleset, options=None):
    """Return what the foot of a score sheet and the cheat sheet print about ``ruleset``.

    ``options`` are a game's house rules (the rule set's defaults when None).
    """
    family = ruleset.family
    options = options or default_options(ruleset)
    red_threes_minus = dict(OPTIONS_BY_NAME["red_threes_minus"].choices)[options.red_threes_minus]
    return {
        "target": options.target,
        "canastas_to_go_out": options.canastas_to_go_out,
        "red_threes_minus": _(red_threes_minus),  # the option's words, marked N_ where the options are
        "card_values": card_values(),
        "canastas": [(kind.short, bonus) for kind, bonus in ruleset.canasta_bonuses],
        "red_threes": list(enumerate(ruleset.red_three_amounts))[1:],
        "threes": list(enumerate(ruleset.threes_table))[1:],
        "minimums": minimum_rows(ruleset),
        "penalties": [(PENALTY_NAMES[kind], amount) for kind, amount in family.unfinished_penalties.items()],
        "holding_penalty": family.holding_penalty,
        "last_drawn_three": family.last_drawn_three_penalty,
        "special_hands": [(hand.label, hand.points) for hand in ruleset.special_hands],
        "options": option_choices(ruleset),
    }


def option_choices(ruleset):
    """Return ``[(option, default choice, other choices)]`` for the house rules ``ruleset`` offers."""
    rows = []
    for spec in option_specs(ruleset):
        if not spec.choices:
            continue  # the target: printed with the game's numbers
        default = spec.default(ruleset)
        labels = dict(spec.choices)
        rows.append((_(spec.label), _(labels[default]) if isinstance(labels[default], str) else labels[default],
                     [_(label) if isinstance(label, str) else label for value, label in spec.choices if value != default]))
    return rows


def blank_rows(ruleset):
    """Return the row labels of one hand on a blank pad of ``ruleset``, as ``(key, label)``."""
    rows = [("meld_needed", _("Meld needed"))]
    if ruleset.partnership_per_hand:
        rows.append(("partner", _("Partner (or alone)")))
    rows.append(("canastas", BREAKDOWN_LABELS["canastas"]))
    if ruleset.red_three_amounts:
        rows.append(("red_threes", BREAKDOWN_LABELS["red_threes"]))
    if ruleset.threes_table:
        rows.append(("threes", BREAKDOWN_LABELS["threes"]))
    rows.append(("going_out", BREAKDOWN_LABELS["going_out"]))
    rows.append(("bonuses", _("Bonuses")))
    rows.append(("card_points", _("Card points: melded − in hand")))
    if ruleset.family.penalties:
        rows.append(("penalties", BREAKDOWN_LABELS["penalties"]))
    rows += [("hand", _("Hand score")), ("total", _("Running total"))]
    return rows


def compact_rows(ruleset):
    """Return the rows of one hand on a compact pad, as paper pads have them: bonuses, card points, total.

    The meld needed has its own narrow box beside each scorer's three lines.

    >>> from ..canasta.rules import PRESETS
    >>> [label for _, label in compact_rows(PRESETS["classic"])]
    ['Bonuses', 'Melded − in hand', 'Total']
    >>> [label for _, label in compact_rows(PRESETS["modern"])][0], len(compact_rows(PRESETS["classic-3p"]))
    ('Bonuses − penalties', 4)
    """
    detailed = dict(blank_rows(ruleset))
    rows = [("partner", detailed["partner"])] if "partner" in detailed else []
    rows.append(("bonuses", _("Bonuses − penalties") if "penalties" in detailed else _("Bonuses")))
    rows += [("card_points", _("Melded − in hand")), ("total", _("Total"))]
    return rows


# --- a game, hand by hand -------------------------------------------------------------


# Breakdown parts as a filled sheet prints them, in the engine's order (BREAKDOWN_LABELS).
PART_NAMES = {
    "canastas": _l("canastas"), "going_out": _l("going out"), "red_threes": _l("red 3s"), "threes": _l("threes"),
    "melded": _l("melded"), "in_hand": _l("in hand"), "penalties": _l("penalties"), "special_hand": _l("special hand"),
}


def game_hands(game):
    """Return each scored hand of ``game``: per scorer its side's breakdown, hand score, total and next meld.

    Every number is the engine's: breakdown parts from the side's breakdown,
    ``score`` and ``total`` per scorer, ``next_minimum`` from the total after
    the hand (None when it is the same as before the hand).
    """
    ruleset, names = game.ruleset, game.names
    hands = []
    for hand in game.score.hands:
        side_of = {member: side for side in hand.sides for member in side.members}
        cells = []
        for scorer in range(ruleset.scorers):
            side = side_of.get(scorer)
            breakdown = side.breakdown if side is not None else {}
            partnership = side is not None and ruleset.partnership_per_hand and len(side.members) > 1
            if partnership:
                # Each partner scores the partnership's parts but only their own red 3s (the engine's
                # member score): print those, so the line adds up to the partner's score.
                own = side.member_scores[side.members.index(scorer)] - (side.score - breakdown.get("red_threes", 0))
                breakdown = {**breakdown, "red_threes": own}
            after = next_minimum(ruleset, hand.totals[scorer])
            cells.append({
                "partner": _partner(side, scorer, names) if ruleset.partnership_per_hand else None,
                "parts": [_part(key, label, breakdown[key], partnership)
                          for key, label in BREAKDOWN_LABELS.items() if breakdown.get(key)],
                "own_red_threes": partnership and bool(breakdown.get("red_threes")),
                "score": hand.scores[scorer],
                "total": hand.totals[scorer],
                # Printed only where it changes: a step up (or down) is what players look for.
                "next_minimum": after if after != next_minimum(ruleset, hand.totals_before[scorer]) else None,
            })
        hands.append({"number": hand.number, "cells": cells})
    return hands


def _part(key, label, value, partnership):
    """Return one breakdown part as printed, kept on one line: ``"red 3s 100"``."""
    mark = "*" if partnership and key == "red_threes" else ""  # the partner's own, not the partnership's
    return f"{PART_NAMES[key] if key in PART_NAMES else _(label).lower()} {sheet_number(value)}{mark}".replace(" ", "\u00a0")


def start_row(game):
    """Return the totals a game starts from (carried over from paper, or 0) with the first meld needed."""
    return [{"total": total, "next_minimum": next_minimum(game.ruleset, total)} for total in game.score.start_totals]


def _partner(side, scorer, names):
    if side is None:
        return ""
    others = [names[member] for member in side.members if member != scorer]
    return _("with %(names)s", names=" & ".join(others)) if others else _("alone")


def house_rules(game):
    """Return ``[(option label, chosen label)]`` for the options the game changed from its rule set."""
    defaults = default_options(game.ruleset).as_dict()
    chosen = []
    for name, value in game.options.items():
        spec = OPTIONS_BY_NAME.get(name)
        if spec is None or name == "target" or value == defaults.get(name):
            continue
        labels = dict(spec.choices)
        chosen.append((_(spec.label), _(labels[value]) if value in labels else value))
    return chosen


def result(game, mark=None):
    """Return the end of the sheet: who won, or who leads, in words with engine numbers.

    ``mark``: what makes a name markup that never turns the text around it (the page's ``<bdi>``).
    """
    score = game.score
    text, names = (Markup, [mark(name) for name in game.names]) if mark else (str, game.names)
    if score.game_over and score.winner is not None:
        return text(_("Winner: %(name)s, %(points)s points, by %(margin)s.")) % {
            "name": names[score.winner], "points": sheet_number(score.totals[score.winner]),
            "margin": sheet_number(score.margin)}
    if score.game_over:
        return text(_("Shared win: %(names)s.")) % {"names": text(_(" and ")).join(names[i] for i in score.winners)}
    if score.tie:
        return _("The highest totals are tied past the target: another hand decides.")
    if score.leader is not None and score.hands:
        return text(_("Game in progress: %(name)s leads by %(margin)s.")) % {"name": names[score.leader],
                                                                            "margin": sheet_number(score.margin)}
    return _("Game in progress.")


def played_on(stamp):
    """Return the date of an ISO timestamp in words, like ``"3 March 2026"``.

    >>> played_on("2026-03-03T19:30:00+00:00")
    '3 March 2026'
    """
    try:
        day = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return ""
    return long_date(day)
