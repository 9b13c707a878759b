"""Content model of a scenario: table, sides, ships and their set-up, wind, victory. See
`models.py` for the rest and the shared conventions.

Geometry conventions (see content/README.md): millimetres; bearings in degrees clockwise.
"""

from __future__ import annotations

from typing import Annotated, Literal, Mapping

from pydantic import AfterValidator, Field, PlainSerializer

from .fields import Bearing, Document, FrozenJson, Frozen, Id, Int, Length, Num, Text, freeze, thaw

__all__ = ["Table", "Wind", "Side", "Pose", "Zone", "Attached", "ScenarioShip", "Victory", "Scenario"]


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


Attached = Annotated[Mapping[Id, tuple[Id, ...]], AfterValidator(freeze), PlainSerializer(thaw)]
"""Documents attached to a ship, by content kind (e.g. ``{"captain": ("isaac-hull",)}``)."""


class ScenarioShip(Frozen):
    """A ship taking part: its id in this game, its ship document, side, seat and pose.

    ``attach`` names documents the ship carries, by content kind: the kinds its game
    system declares attachable (:attr:`sog.systems.GameSystem.attachments`), e.g. a
    captain and crew cards.
    """

    id: Id
    ship: Id = Field(description="Id of a ship document.")
    side: Id
    seat: Id
    pose: Pose
    zone: Zone | None = None
    attach: Attached = Field(default_factory=dict, max_length=16)


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
