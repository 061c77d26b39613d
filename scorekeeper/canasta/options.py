"""House rules: the options a game may choose on top of its preset, and resolving a game's choice.

A game names its preset and chooses a few options; :func:`resolve` checks the
choice against the preset and completes it with the defaults:

>>> ruleset, options = resolve("classic-3p", {"canastas_to_go_out": 1})
>>> ruleset.name, options.canastas_to_go_out, options.target
('Classic, 3 players (cutthroat)', 1, 7500)

The presets themselves, as data, are in :mod:`.rules`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from .messages import N_
from .errors import InvalidHand, Problem
from .families import AMERICAN, CLASSIC, Family
from .rules import PRESETS, RuleSet, get_ruleset


@dataclass(frozen=True)
class Options:
    """A game's house rules, complete: every field holds a value (the preset's default if not chosen)."""

    target: int
    tie: str = "another_hand"  # "another_hand" | "shared"
    red_threes_minus: str = "no_meld"  # "no_meld" | "no_canasta" (Classic)
    wild_limit: str = "three"  # "three" | "not_outnumber" | "naturals_outnumber" (Classic)
    canastas_to_go_out: int = 1  # classic-3p may choose 1 or 2

    def as_dict(self) -> dict:
        """Return every option as JSON-ready data."""
        return asdict(self)


@dataclass(frozen=True)
class OptionSpec:
    """How a form or the rules API lists one option."""

    name: str
    label: str
    choices: tuple[tuple[object, str], ...]  # (value, label); empty for a number
    families: tuple[Family, ...] = (CLASSIC, AMERICAN)
    presets: tuple[str, ...] = ()  # only these presets, when not empty
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None

    def applies_to(self, ruleset: RuleSet) -> bool:
        """Return True if a game under ``ruleset`` may choose this option."""
        if self.presets:
            return ruleset.id in self.presets
        return ruleset.family in self.families

    def default(self, ruleset: RuleSet) -> object:
        """Return the option's value when a game does not choose it."""
        return getattr(default_options(ruleset), self.name)

    def as_dict(self, ruleset: RuleSet | None = None) -> dict:
        """Return the spec as JSON-ready data (with the default under ``ruleset``)."""
        data = {
            "name": self.name, "label": self.label, "help": self.help,
            "choices": [{"value": value, "label": label} for value, label in self.choices],
        }
        if self.minimum is not None:
            data.update(minimum=self.minimum, maximum=self.maximum)
        if ruleset is not None:
            data["default"] = self.default(ruleset)
        return data


TARGET_RANGE = (500, 100_000)

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("target", N_("Points to win the game"), (),
               help=N_("The game ends after the hand in which a total reaches this."),
               minimum=TARGET_RANGE[0], maximum=TARGET_RANGE[1]),
    OptionSpec("tie", N_("If the highest totals tie at the end"),
               (("another_hand", N_("Play another hand")), ("shared", N_("Share the win")))),
    OptionSpec("red_threes_minus", N_("Red 3s count minus when the side"),
               (("no_meld", N_("has melded nothing")), ("no_canasta", N_("has no canasta"))),
               families=(CLASSIC,)),
    OptionSpec("wild_limit", N_("Wild cards in a meld"),
               (("three", N_("At most 3")),
                ("not_outnumber", N_("At most 3, and never more than the natural cards")),
                ("naturals_outnumber", N_("At most 3, and fewer than the natural cards"))),
               families=(CLASSIC,)),
    OptionSpec("canastas_to_go_out", N_("Canastas needed to go out"),
               ((2, N_("2 canastas")), (1, N_("1 canasta"))), presets=("classic-3p",)),
)
OPTIONS_BY_NAME = {spec.name: spec for spec in OPTION_SPECS}


def option_specs(ruleset: RuleSet) -> tuple[OptionSpec, ...]:
    """Return the options a game under ``ruleset`` may choose.

    >>> [spec.name for spec in option_specs(PRESETS["modern"])]
    ['target', 'tie']
    """
    return tuple(spec for spec in OPTION_SPECS if spec.applies_to(ruleset))


def check_asks(ruleset: RuleSet) -> tuple[str, ...]:
    """Return what the rules checks ask a player under ``ruleset`` besides the cards, by the family and options.

    >>> check_asks(PRESETS["classic-3p"]), check_asks(PRESETS["modern"])
    (('going_out', 'wild_limit', 'frozen', 'canastas_to_go_out'), ('initial', 'dead_ranks'))
    """
    family = ruleset.family
    asks = [*family.meld_asks]
    if OPTIONS_BY_NAME["wild_limit"].applies_to(ruleset):
        asks.append("wild_limit")
    if not family.pile_always_frozen:
        asks.append("frozen")
    if family.dead_ranks:
        asks.append("dead_ranks")
    if ruleset.partnership_per_hand:
        asks.append("canastas_to_go_out")
    return tuple(asks)


def default_options(ruleset: RuleSet) -> Options:
    """Return the options a game under ``ruleset`` plays when it chooses none."""
    return Options(target=ruleset.target, canastas_to_go_out=ruleset.canastas_to_go_out)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _option_problem(spec: OptionSpec, value: object, where: str) -> Problem | None:
    """Return why ``value`` cannot be chosen for ``spec`` (at ``where``), or None."""
    if not spec.choices:
        low, high = spec.minimum, spec.maximum
        if not _is_int(value) or not low <= value <= high:
            return Problem("options.out_of_range", where, label=spec.label, low=low, high=high)
        return None
    allowed = [choice for choice, _ in spec.choices]
    if value in allowed and type(value) is type(allowed[0]):
        return None
    listed = ", ".join(f'"{choice}"' if isinstance(choice, str) else str(choice) for choice in allowed)
    return Problem("options.choose", where, label=spec.label, listed=listed)


def resolve(rules_id: object, options: dict | None = None) -> tuple[RuleSet, Options]:
    """Return the preset and the complete options a game chose, or raise with every problem.

    Unknown preset: UnknownRules (field ``rules``). Unknown, inapplicable or
    wrong option values: InvalidHand (fields ``options.<name>``).

    >>> resolve("modern", None)[1]
    Options(target=8500, tie='another_hand', red_threes_minus='no_meld', wild_limit='three', canastas_to_go_out=2)
    >>> resolve("modern", {"wild_limit": "three", "target": "lots"})
    Traceback (most recent call last):
    ...
    scorekeeper.canasta.errors.InvalidHand: The option "wild_limit" is not part of Modern American, 4 players in 2 teams. Points to win the game must be a whole number from 500 to 100,000.
    """
    ruleset = get_ruleset(rules_id)
    chosen = default_options(ruleset)
    if options is None:
        return ruleset, chosen
    if not isinstance(options, dict):
        raise InvalidHand(Problem("options.not_object", "options"))
    problems: list[Problem] = []
    values: dict[str, object] = {}
    for name, value in options.items():
        where = f"options.{name}"
        spec = OPTIONS_BY_NAME.get(name) if isinstance(name, str) else None
        if spec is None:
            known = ", ".join(spec.name for spec in option_specs(ruleset))
            problems.append(Problem("options.unknown", where, name=str(name)[:40], known=known))
        elif not spec.applies_to(ruleset):
            problems.append(Problem("options.not_here", where, name=name, rules=ruleset.name))
        elif (problem := _option_problem(spec, value, where)) is not None:
            problems.append(problem)
        else:
            values[name] = value
    if problems:
        raise InvalidHand(problems)
    return ruleset, replace(chosen, **values)


def rules_catalog() -> list[dict]:
    """Return every preset as JSON-ready data, with its options and their defaults, for ``GET /api/v1/rules``."""
    return [{**preset.as_dict(), "options": [spec.as_dict(preset) for spec in option_specs(preset)]}
            for preset in PRESETS.values()]
