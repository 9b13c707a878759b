"""Coastal batteries (rulebook pp. 46-48): the battery log as content, and where a scenario
places one.

A ``battery`` document is one battery log: its fortification rating (the damage capacity of
each box of its Battery Damage track, as a ship's burden), the Battery Damage track (each box
the artillery firepower of each of its firing arcs, by arc name, and the crew actions shown),
the Crew Damage track (musketry and crew actions), and its firing arcs, each from a red dot
given in the battery's own frame (``[x, y]`` mm, x to the right, y up at heading 0) and
bounded by two bearings relative to the battery's heading, clockwise from ``from`` to ``to``.
A scenario puts a battery on a coast or island element of its ``setup.terrain`` (``setup:``
``batteries:`` list of :class:`BatteryPlacement`): the placement's x, y and heading put the
log's frame on the table, and the red dots and arcs follow.
"""

from __future__ import annotations

from typing import Annotated, Literal, Mapping

from pydantic import AfterValidator, Field, PlainSerializer

from sog.packs.fields import Bearing, Document, Frozen, Id, Int, Num, Point, ProvenanceMap, Text, freeze, thaw

from .content_models import CrewBox

__all__ = ["Battery", "BatteryArc", "BatteryBox", "BatteryPlacement"]

Firepower = Annotated[Mapping[Id, Annotated[Int, Field(ge=0, le=30)]], AfterValidator(freeze), PlainSerializer(thaw)]
"""Artillery firepower by arc name."""


class BatteryBox(Frozen):
    """One box of the Battery Damage track: the firepower of each arc, and the crew actions shown."""

    firepower: Firepower = Field(min_length=1, max_length=10, description="Firepower by arc name.")
    actions: Int | None = Field(default=None, ge=0, le=10, description="Hand symbol (crew actions).")


class BatteryArc(Frozen):
    """A firing arc: its red dot in the battery's frame, and its bearings relative to the
    battery's heading, clockwise from ``start`` (``from`` in the document) to ``to``."""

    name: Id
    dot: Point = Field(description="The red dot, [x, y] mm in the battery's frame.")
    start: Bearing = Field(alias="from")
    to: Bearing

    @property
    def width(self) -> float:
        """How wide the arc is, degrees (clockwise from ``start`` to ``to``)."""
        return (self.to - self.start) % 360.0


class Battery(Document):
    """A battery log: fortification rating, the two tracks, the firing arcs."""

    kind: Literal["battery"] = "battery"
    name: Text
    fortification_rating: Int = Field(ge=1, le=10)
    battery_track: tuple[BatteryBox, ...] = Field(min_length=1, max_length=50)
    crew_track: tuple[CrewBox, ...] = Field(min_length=1, max_length=50)
    arcs: tuple[BatteryArc, ...] = Field(min_length=1, max_length=10)
    points: Int | None = Field(default=None, ge=1, le=500, description="Points value, to balance a game (R18: estimate).")
    provenance: ProvenanceMap = Field(min_length=1)

    @property
    def arc_names(self) -> tuple[str, ...]:
        """The names of the arcs, in the document's order."""
        return tuple(arc.name for arc in self.arcs)


class BatteryPlacement(Frozen):
    """A battery on the table: its id in the game, its log, the side it fights for and the seat
    that controls it (the side's first seat when not given), the coast or island placement it
    stands on (an id of the scenario's ``setup.terrain``), and where its frame lies."""

    id: Id
    battery: Id = Field(description="Id of a battery document.")
    side: Id = Field(description="Id of the scenario side the battery fights for.")
    seat: Id | None = Field(default=None, description="The seat that controls it (default: the side's first seat).")
    on: Id = Field(description="Id of a coast or island placement of the scenario's setup.terrain.")
    x: Num
    y: Num
    heading: Bearing = 0.0

