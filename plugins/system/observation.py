"""A seat's view of a Sails of Glory game as a vector of numbers, for learning agents.

The system's :class:`sog.systems.Observer` (``sog.env`` builds its observations with it). It
reads only the seat's view, so what the view hides stays hidden: other seats' planned cards
and loaded ammunition show only whether a card is planned or a side is loaded.

Layout: one slot of :data:`SHIP_FEATURES` numbers per ship, the seat's own ships first, then
every other ship, each group in scenario order (a ship out of play keeps its slot, its
position zeroed); then :data:`GLOBAL_FEATURES` numbers: the wind and the turn.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from sog.systems import Observer

__all__ = ["GLOBAL_FEATURES", "OBSERVER", "SHIP_FEATURES", "encode", "size"]

SAILS = ("full", "battle", "backing", "struck")
STRENGTHS = ("low", "medium", "high")

#: The numbers of a ship's slot, in order.
SHIP_FEATURES: tuple[str, ...] = (
    "own",            # 1: the seat's own ship
    "friend",         # 1: a ship of the seat's side (its own included)
    "in_play",        # 1: in play; 0: surrendered, sunk, left the table...
    "x", "y",         # the position over the table's width and height (0 out of play)
    "heading_sin", "heading_cos",
    "hull",           # covered boxes of the ship track over its length
    "crew",           # covered boxes of the crew track over its length
    "zero_box",       # 1: counters lie past the last box
    "markers",        # special-damage markers on the ship track, over its length
    "left_loaded", "right_loaded",  # a side is loaded (the type stays secret)
    "left_fired", "right_fired",    # a side fired this turn
    "planned",        # planned slots filled, over the slots (the cards stay secret)
    *(f"sails_{s}" for s in SAILS),
    "asked",          # 1: the seat's first open decision is about this ship
)

#: The numbers after the ships' slots, in order.
GLOBAL_FEATURES: tuple[str, ...] = (
    "wind_sin", "wind_cos", *(f"wind_{s}" for s in STRENGTHS),
    "turn",           # turn over :data:`TURN_SCALE`, at most 1
)

#: Turns counted to 1 by the ``turn`` feature.
TURN_SCALE = 50.0


def _ordered(view: Mapping[str, Any], seat: str) -> list[Mapping[str, Any]]:
    ships = list(view["ships"].values())
    return [s for s in ships if s["seat"] == seat] + [s for s in ships if s["seat"] != seat]


def size(view: Mapping[str, Any], seat: str) -> int:
    """The vector's length in this game: a slot per ship, then the global numbers."""
    return len(view["ships"]) * len(SHIP_FEATURES) + len(GLOBAL_FEATURES)


def _fraction(part: float, whole: int) -> float:
    return min(1.0, part / whole) if whole else 0.0


def _ship(ship: Mapping[str, Any], seat: str, side: str | None, asked: str | None,
          width: float, height: float) -> list[float]:
    in_play = ship["status"] == "in-play"
    pose = ship["pose"]
    heading = math.radians(pose["heading"])
    hull, crew = ship["ship_track"], ship["crew_track"]
    broadsides = ship["broadsides"]
    planned = ship["planned"]
    numbers = [
        float(ship["seat"] == seat),
        float(ship["side"] == side),
        float(in_play),
        pose["x"] / width if in_play else 0.0,
        pose["y"] / height if in_play else 0.0,
        math.sin(heading),
        math.cos(heading),
        _fraction(sum(1 for box in hull if box["counters"] or box["markers"]), len(hull)),
        _fraction(sum(1 for box in crew if box["counters"] or box["markers"]), len(crew)),
        float(bool(ship["zero_box"])),
        _fraction(sum(len(box["markers"]) for box in hull), len(hull)),
        *(float(broadsides.get(b, {}).get("loaded") is not None) for b in ("left", "right")),
        *(float(broadsides.get(b, {}).get("fired") is not None) for b in ("left", "right")),
        _fraction(sum(1 for card in planned if card is not None), len(planned)),
        *(float(ship["sails"] == s) for s in SAILS),
        float(asked is not None and ship["id"] == asked),
    ]
    return [max(-1.0, min(1.0, n)) for n in numbers]


def encode(view: Mapping[str, Any], seat: str) -> list[float]:
    """The vector of ``seat``'s view: :func:`size` numbers from -1 to 1."""
    table = view["table"]
    width, height = float(table["width"]) or 1.0, float(table["height"]) or 1.0
    side = next((s for s, seats in view["sides"].items() if seat in seats), None)
    pending = view.get("pending") or []
    asked = pending[0].get("ship") if pending else None
    numbers: list[float] = []
    for ship in _ordered(view, seat):
        numbers += _ship(ship, seat, side, asked, width, height)
    wind = view["wind"]
    blows = math.radians(wind["from"])
    numbers += [math.sin(blows), math.cos(blows), *(float(wind.get("strength") == s) for s in STRENGTHS),
                min(1.0, view["turn"] / TURN_SCALE)]
    return numbers


#: Declared in the system (:mod:`.declaration`).
OBSERVER = Observer(size=size, encode=encode)
