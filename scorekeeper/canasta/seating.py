"""Who deals: the deal passes to the left (clockwise) after every hand.

Seats are the players' names in clockwise order, the first dealer first.

>>> dealer(["Ann", "Cy", "Bob", "Di"], 1)
'Ann'
>>> dealer(["Ann", "Cy", "Bob", "Di"], 6)
'Cy'
>>> dealer([], 3) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence


def dealer(seats: Sequence[str], hand_number: int) -> str | None:
    """Return the name of the player who deals hand ``hand_number`` (1-based), or None without seats."""
    if not seats:
        return None
    return seats[(hand_number - 1) % len(seats)]
