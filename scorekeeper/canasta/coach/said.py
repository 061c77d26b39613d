"""What the coach says, as data: a code and its parameters, never words.

Parameters are numbers, booleans, card codes (``"KS"``), rank codes (``"K"``,
``"10"``; None for wild cards), seats as numbers, melds as ``[rank, cards]``, and
nested data: a computer's :class:`~scorekeeper.canasta.play.reasons.Reason`, the
events a move made happen. :meth:`Said.as_dict` is the JSON the practice log
stores; :func:`.words.render` turns either form into a sentence for a reader.

>>> Said.of("discarded", seat=1, card="KS").as_dict()
{'code': 'discarded', 'params': {'card': 'KS', 'seat': 1}}
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Said:
    """One thing the coach says: a code and its parameters."""

    code: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, code: str, **params) -> Said:
        """Return ``code`` with ``params`` (lists become tuples, so the value stays frozen)."""
        return cls(code, tuple((key, _frozen(value)) for key, value in params.items()))

    def get(self, key: str, default=None):
        """Return the parameter ``key``."""
        return dict(self.params).get(key, default)

    def as_dict(self) -> dict:
        """Return the code and the parameters as JSON-ready data (nested reasons and lines too)."""
        return as_data(self)


def _frozen(value):
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


def as_data(value):
    """Return ``value`` as plain JSON data: a Said or a Reason as {"code", "params"}, tuples as lists."""
    if isinstance(value, dict):
        return {key: as_data(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [as_data(item) for item in value]
    if hasattr(value, "code") and hasattr(value, "params"):
        return {"code": value.code, "params": {key: as_data(item) for key, item in sorted(value.params)}}
    return value
