"""What a scripted :class:`sog.testing.Bench` answers in a Sails of Glory game by default.

The bench answers every request from its script first; what the script does not say comes
from the game system's defaults (:attr:`sog.systems.GameSystem.bench_defaults`), declared
here: the first card (the straight cards come first in every Starter Set deck), ball, hold
fire, no musketry, keep an ability card (unused), discard a wounded captain's first ability.
A request about one broadside is scripted by ``(kind, ship, side)``;
:func:`side_of` reads the side (:attr:`sog.systems.GameSystem.bench_side_of`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sog.decisions import DecisionRequest

__all__ = ["DEFAULTS", "side_of"]

#: Default answers of the system's core decisions: the first card, ball, hold fire, no musketry,
#: keep ability cards, discard the first ability a wound asks for; a coastal battery likewise
#: holds fire, fires no musketry, loads ball, plans no action and repairs its leftmost box.
DEFAULTS: dict[str, Callable[[DecisionRequest], Any]] = {
    "plan-first": lambda r: r.choices[0],
    "plan": lambda r: r.choices[0],
    "load": lambda r: next((c for c in r.choices if c["ammunition"] == "ball"), r.choices[0]),
    "fire": lambda r: None,
    "musketry": lambda r: None,
    "ability": lambda r: False,
    "wound-discard": lambda r: r.choices[0],
    "battery-fire": lambda r: None,
    "battery-musketry": lambda r: None,
    "battery-load": lambda r: "ball" if "ball" in r.choices else r.choices[0],
    "battery-actions": lambda r: [],
    "battery-repair": lambda r: r.choices[0],
}


def side_of(request: DecisionRequest) -> str | None:
    """The broadside (``left`` / ``right``) a request is about: the last such part of its id."""
    return next((p for p in reversed(request.id.split(".")) if p in ("left", "right")), None)
