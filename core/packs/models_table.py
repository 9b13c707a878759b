"""Content models for what sits on or measures the table: ship bases, the combat ruler and
scenarios. See `models.py` for the rest and the shared conventions.

Geometry conventions (see content/README.md): millimetres; bearings in degrees clockwise,
relative ones from the bow; base positions `[right, forward]` from the base centre.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .fields import (
    Bearing, Document, FrozenJson, Frozen, Id, Int, Length, Num, Point, ProvenanceMap, Text,
)

__all__ = [
    "Arc", "Arcs", "AttitudeBand", "Base", "RulerBand", "Ruler", "Table", "Wind", "Side", "Pose",
    "Zone", "ScenarioShip", "Victory", "Scenario",
]

ATTITUDES = ("taken-aback", "beating", "reaching", "running")
ARC_NAMES = ("forward", "central", "rear")


# --- base -----------------------------------------------------------------------------

class Arc(Frozen):
    """A firing arc: the dot it is measured from and its bearings, clockwise from `from`."""

    dot: Point = Field(description="[right, forward] of the arc's dot, mm from the centre.")
    from_: Bearing = Field(alias="from", description="First relative bearing (from the bow).")
    to: Bearing = Field(description="Last relative bearing, clockwise from `from`.")

    def contains(self, bearing: float) -> bool:
        """Whether a relative bearing (degrees, any value) lies in the arc, ends included."""
        span = (self.to - self.from_) % 360
        if span == 0 and self.to != self.from_:
            span = 360.0
        return (bearing - self.from_) % 360 <= span

    def mirrored(self) -> "Arc":
        """The same arc on the other side: dot right → -right, bearings b → 360 - b."""
        return Arc(
            dot=Point(-self.dot.right, self.dot.forward),
            from_=360 - self.to,
            to=360 - self.from_,
        )


class Arcs(Frozen):
    """The three starboard firing arcs of a base."""

    forward: Arc
    central: Arc
    rear: Arc


class AttitudeBand(Frozen):
    """Sailing attitude for angles to the wind's origin up to `upto` degrees."""

    upto: Num = Field(gt=0, le=180)
    attitude: Literal[ATTITUDES]  # type: ignore[valid-type]


class Base(Document):
    """A ship base: size, main mast, starboard firing arcs and attitude to the wind."""

    kind: Literal["base"] = "base"
    name: Text | None = None
    width: Length = Field(le=500, description="Beam, mm.")
    length: Length = Field(le=500, description="Length, mm.")
    main_mast: Point
    arcs: Arcs = Field(description="Starboard arcs; port ones are their mirror image.")
    attitude: tuple[AttitudeBand, ...] = Field(min_length=1, max_length=16)
    provenance: ProvenanceMap = Field(min_length=1)

    def arc(self, side: Literal["port", "starboard"], name: str) -> Arc:
        """Arc `name` on `side`; the port arcs mirror the starboard definitions."""
        if side not in ("port", "starboard"):
            raise ValueError(f"side must be 'port' or 'starboard', not {side!r}")
        if name not in ARC_NAMES:
            raise KeyError(f"base {self.id} has no arc {name!r} (has {list(ARC_NAMES)})")
        arc: Arc = getattr(self.arcs, name)
        return arc if side == "starboard" else arc.mirrored()

    def attitude_for(self, angle: float) -> str:
        """The attitude for an angle (0..180) between the heading and the wind's origin."""
        for band in self.attitude:
            if angle <= band.upto:
                return band.attitude
        return self.attitude[-1].attitude

    @property
    def half_length(self) -> float:
        """Half the base length: distance from the centre to bow or stern."""
        return self.length / 2


# --- ruler ----------------------------------------------------------------------------

class RulerBand(Frozen):
    """A stretch of the ruler, measured from the gun end, and the pool it draws from."""

    name: Id
    from_: Num = Field(alias="from", ge=0)
    to: Num = Field(gt=0)
    range: Literal["short", "long"]
    pool: Id = Field(description="Id of the counter-pool drawn at this distance.")


class Ruler(Document):
    """The combat ruler: range bands and the musketry pool."""

    kind: Literal["ruler"] = "ruler"
    name: Text | None = None
    length: Length = Field(le=2000)
    width: Length = Field(le=500)
    bands: tuple[RulerBand, ...] = Field(min_length=1, max_length=20)
    musketry_pool: Id = Field(description="Id of the counter-pool for musketry.")
    provenance: ProvenanceMap = Field(min_length=1)

    @property
    def half(self) -> float:
        """Half the ruler's length (musketry reach)."""
        return self.length / 2

    def band_at(self, distance: float) -> RulerBand | None:
        """The band a distance falls in (the last band includes its end); None beyond."""
        for band in self.bands:
            if band.from_ <= distance < band.to:
                return band
        last = self.bands[-1]
        return last if distance == last.to else None

    def pools(self) -> tuple[str, ...]:
        """Every counter-pool id the ruler refers to, bands first, without repeats."""
        ids = [b.pool for b in self.bands] + [self.musketry_pool]
        return tuple(dict.fromkeys(ids))


# --- scenario -------------------------------------------------------------------------

class Table(Frozen):
    """The play area, mm; origin at the lower-left corner."""

    width: Length = Field(le=10_000)
    height: Length = Field(le=10_000)


class Wind(Frozen):
    """The wind, by the compass direction it blows from."""

    from_: Bearing = Field(alias="from")


class Side(Frozen):
    """A side of the battle and the seats (players) that command it."""

    id: Id
    name: Text
    seats: tuple[Id, ...] = Field(min_length=1, max_length=16)


class Pose(Frozen):
    """A ship's starting position (base centre, mm) and heading (compass degrees)."""

    x: Num
    y: Num
    heading: Bearing


class Zone(Frozen):
    """A set-up rectangle: [min, max] in x and y, mm."""

    x: tuple[Num, Num]
    y: tuple[Num, Num]

    def contains(self, x: float, y: float) -> bool:
        """Whether a point lies in the zone (edges included)."""
        return self.x[0] <= x <= self.x[1] and self.y[0] <= y <= self.y[1]


class ScenarioShip(Frozen):
    """A ship taking part: its id in this game, its ship document, side, seat and pose."""

    id: Id
    ship: Id = Field(description="Id of a ship document.")
    side: Id
    seat: Id
    pose: Pose
    zone: Zone | None = None


class Victory(Frozen):
    """How the game is won: a victory kind (defined by a plugin) and its parameters."""

    kind: Id
    params: FrozenJson = Field(default_factory=dict, max_length=64)


class Scenario(Document):
    """A ready-to-play set-up: its game system, table, rules level, wind, sides, ships, victory.

    ``setup`` holds the system's own set-up data (validated against the system's
    ``scenario_schema``); ``ruler`` names the range ruler of systems that measure with one.
    """

    kind: Literal["scenario"] = "scenario"
    name: Text
    summary: Text | None = None
    system: Id = Field(description="Name of the game system the scenario is played with.")
    table: Table
    ruler: Id | None = Field(default=None, description="Id of a ruler document, for systems that use one.")
    rules: Id = Field(description="The rules level (one of the system's).")
    setup: FrozenJson = Field(default_factory=dict, max_length=64)
    options: tuple[Id, ...] = Field(default=(), max_length=64)
    option_settings: FrozenJson = Field(default_factory=dict, max_length=64)
    wind: Wind
    sides: tuple[Side, ...] = Field(min_length=2, max_length=16)
    ships: tuple[ScenarioShip, ...] = Field(min_length=2, max_length=100)
    victory: Victory
    max_turns: Int | None = Field(default=None, ge=1, le=1000)

    def side(self, side_id: str) -> Side:
        """The side with id `side_id` (KeyError if none)."""
        for side in self.sides:
            if side.id == side_id:
                return side
        raise KeyError(f"scenario {self.id} has no side {side_id!r}")

    def ships_of(self, side_id: str) -> tuple[ScenarioShip, ...]:
        """The ships of one side, in scenario order."""
        return tuple(s for s in self.ships if s.side == side_id)
