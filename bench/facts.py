"""Every reason the computer states, checked true over thousands of seeded positions (issue 23's property test).

The test suite checks one seeded deal a preset (tests/canasta/play/test_reasons_true.py), the expert at a cut
budget; here every preset is dealt ``seeds`` times, each deal played by easy and normal with a random legal move
one time in five (:func:`tests.canasta.play.positions.positions_of`), and at every position each level chooses and
:func:`scorekeeper.canasta.players.facts.false_facts` checks what its reason states. The expert plays at its full
budget, at every ``expert_every``-th position (it is the slow one). The aim: not one false fact.
"""

from __future__ import annotations

import multiprocessing
import time

from scorekeeper.canasta.players.facts import false_facts
from scorekeeper.canasta.players.levels import LEVEL_NAMES, LEVELS
from scorekeeper.canasta.rules import PRESETS
from tests.canasta.play.positions import positions_of

from . import Aim, Line


def check_deal(task) -> tuple[int, int, list]:
    """Check one seeded deal of one preset: (positions, reasons checked, the false facts found with where)."""
    rules, seed, expert_every = task
    positions = checked = 0
    false = []
    for number, position in enumerate(positions_of(rules, f"facts{seed}", ("easy", "normal"))):
        positions += 1
        for level in LEVEL_NAMES:
            if level == "expert" and number % expert_every:
                continue
            choice = LEVELS[level].choose(position)
            wrong = false_facts(position, choice)
            checked += 1
            if wrong:
                false.append((rules, seed, number, level, choice.reason.code, wrong))
    return positions, checked, false


def measure(*, seeds: int = 6, expert_every: int = 4, processes: int = 2) -> list[Line]:
    """Return one line: the false facts found over ``seeds`` deals of every preset (aim: none)."""
    started = time.monotonic()
    tasks = [(rules, seed, expert_every) for seed in range(seeds) for rules in PRESETS]
    positions = checked = 0
    false: list = []
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        for p, c, f in pool.imap_unordered(check_deal, tasks):
            positions, checked, false = positions + p, checked + c, false + f
    note = (f"{checked} reasons at {positions} positions of {seeds} deals a preset "
            f"(the expert at every {expert_every}th), {time.monotonic() - started:.0f} s")
    if false:
        note += f"; first: {false[0]}"
    return [Line("facts: false reasons over seeded positions", float(len(false)), "",
                 Aim("<=", 0, on="value"), note=note, details={"positions": positions, "checked": checked})]
