"""The coastal batteries on the table: the batteries placed in a game, with their world red dots
and arcs.

The placed batteries are part of the game state, in ``game.state.ext["batteries"]["placed"]``
(public: everybody sees the table and the battery logs), a list of records in placing order,
each the :class:`~.content_battery.BatteryPlacement` fields (``seat`` filled in: the side's
first seat when the scenario names none) and the battery's log: its ``battery_track`` and
``crew_track`` (one :class:`~.state.Box` a box, empty at set-up, as long as the document's),
its ``zero_box``, its ``gun`` (one :class:`~.state.Broadside`: a battery is handled as one
broadside of a ship, p. 47), its planned ``actions`` and ``status`` (``in-play``, then
``destroyed`` or ``surrendered``), as a ship's mat; they are written through
:func:`add_battery`. The loaded ammunition and the planned actions are the controlling seat's
secret (the rule that fires batteries hides them from the others' views).

Rules read the batteries with :func:`placed_batteries`: each with its red dots and arcs in
table millimetres and compass bearings; :func:`battery_targets` gives those in play as
targets on land (:class:`~.land_target.LandTarget`, reached at their red dots).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import cos, radians, sin
from typing import TYPE_CHECKING, Any

from .content_battery import Battery, BatteryPlacement
from .land_target import LandTarget, point_rect
from .state import Box, Broadside

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["IN_PLAY", "KIND", "OWNER", "PlacedArc", "PlacedBattery", "add_battery", "battery_position", "battery_records",
           "battery_targets", "placed_batteries", "world_point"]

OWNER = "batteries"
"""The key of the placed batteries in ``game.state.ext``."""
KIND = "battery"
"""The content kind of battery logs."""
PLACEMENT_FIELDS = ("id", "battery", "side", "seat", "on", "x", "y", "heading")
"""The fields of a record that are the placement's (the rest is the battery's log)."""
IN_PLAY = "in-play"
"""The status of a battery that is neither destroyed nor surrendered."""


@dataclass(frozen=True)
class PlacedArc:
    """A firing arc on the table: its red dot (mm) and its compass bearings, clockwise from
    ``start`` to ``to`` (the battery's heading added)."""

    name: str
    dot: tuple[float, float]
    start: float
    to: float

    @property
    def width(self) -> float:
        """How wide the arc is, degrees."""
        return (self.to - self.start) % 360.0

    def contains(self, bearing: float) -> bool:
        """Whether the compass ``bearing`` lies in the arc (its bounds included)."""
        return (bearing - self.start) % 360.0 <= self.width


@dataclass(frozen=True)
class PlacedBattery:
    """A battery on the table: the placement, its log document, its arcs in the world."""

    id: str
    battery_id: str
    side: str
    seat: str
    on: str
    name: str
    x: float
    y: float
    heading: float
    arcs: tuple[PlacedArc, ...]
    record: dict[str, Any]

    @property
    def dots(self) -> tuple[tuple[float, float], ...]:
        """The red dots, one an arc, in the arcs' order."""
        return tuple(arc.dot for arc in self.arcs)

    @property
    def in_play(self) -> bool:
        """Neither destroyed nor surrendered."""
        return self.record.get("status") == IN_PLAY

    def target(self) -> LandTarget:
        """The battery as a target on land: reached at any of its red dots (p. 47)."""
        dots = tuple(dict.fromkeys(self.dots))  # arcs sharing a red dot give one point
        return LandTarget(id=self.id, kind=KIND, side=self.side, name=self.name, on=self.on,
                          shapes=tuple(point_rect(dot) for dot in dots))


def world_point(point: Any, x: float, y: float, heading: float) -> tuple[float, float]:
    """A point ``[x, y]`` of a frame turned by ``heading`` (compass degrees, clockwise) and
    moved to ``(x, y)``, in table millimetres."""
    a = radians(heading)
    px, py = float(point[0]), float(point[1])
    return x + px * cos(a) + py * sin(a), y - px * sin(a) + py * cos(a)


def world_arcs(battery: Battery, x: float, y: float, heading: float) -> tuple[PlacedArc, ...]:
    """The battery's arcs with their red dots on the table and their bearings made compass ones."""
    return tuple(PlacedArc(arc.name, world_point(arc.dot, x, y, heading),
                           (arc.start + heading) % 360.0, (arc.to + heading) % 360.0) for arc in battery.arcs)


def battery_records(game: Game) -> list[dict[str, Any]]:
    """The battery records of the game (the list itself, in placing order); a bot's table
    rebuilt from a view reads them from the view's ``ext`` alike."""
    ext = getattr(game.state, "ext", None) or {}
    return ext.get(OWNER, {}).get("placed", [])


def add_battery(game: Game, placement: BatteryPlacement) -> None:
    """Put a battery on the table with its empty log (tracks as long as its document's)."""
    battery = game.content.get(KIND, placement.battery)
    assert isinstance(battery, Battery)
    record = placement.model_dump(mode="json")
    if record["seat"] is None:
        side = next(s for s in game.content.scenario(game.state.scenario).sides if s.id == placement.side)
        record["seat"] = side.seats[0]
    record.update(
        battery_track=[Box().model_dump(mode="json") for _ in battery.battery_track],
        crew_track=[Box().model_dump(mode="json") for _ in battery.crew_track],
        zero_box=[], gun=Broadside().model_dump(mode="json"), actions=[], status=IN_PLAY,
    )
    game.state.ext.setdefault(OWNER, {}).setdefault("placed", []).append(record)
    game.refresh_idle_rules()  # the battery rules are idle without a battery


def placed_batteries(game: Game) -> tuple[PlacedBattery, ...]:
    """Every battery on the table, in placing order."""
    out = []
    for record in battery_records(game):
        placement = BatteryPlacement.model_validate({k: record[k] for k in PLACEMENT_FIELDS if k in record})
        battery = game.content.get(KIND, placement.battery)
        assert isinstance(battery, Battery)
        out.append(PlacedBattery(
            id=placement.id, battery_id=battery.id, side=placement.side, seat=record.get("seat") or placement.side,
            on=placement.on, name=battery.name, x=placement.x, y=placement.y,
            heading=placement.heading, arcs=world_arcs(battery, placement.x, placement.y, placement.heading), record=record,
        ))
    return tuple(out)


def battery_targets(game: Game) -> tuple[LandTarget, ...]:
    """The batteries in play, as targets on land."""
    return tuple(b.target() for b in placed_batteries(game) if b.in_play)


def battery_position(game: Game, battery_id: str) -> tuple[float, float] | None:
    """Where a battery stands (its first red dot), or ``None`` (no such battery)."""
    return next((b.dots[0] for b in placed_batteries(game) if b.id == battery_id), None)
