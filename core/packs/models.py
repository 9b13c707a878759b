"""Typed content models: pack manifest, ship, maneuver deck, counter pool (here) and base,
ruler, scenario (in `models_table`, re-exported here).

Each model is the pydantic twin of a JSON Schema in `schemas/`: the loader validates the
schema first (for precise, complete error reports) and then builds these immutable objects,
which is what rules code reads. Checks that relate several fields or documents (a deck's
card ids are unique, a ruler's bands are contiguous, ...) live in `checks.py`, where they
can point at the exact offending value.
"""

from __future__ import annotations

from typing import Annotated, Literal, Mapping, NamedTuple

from pydantic import AfterValidator, Field, PlainSerializer, field_validator, model_validator

from .fields import (
    Document, Frozen, Id, Int, Name, Num, ProvenanceMap, Text, freeze, provenance_of, thaw,
)
from .models_table import (
    Arc, Arcs, AttitudeBand, Base, Pose, Ruler, RulerBand, Scenario, ScenarioShip, Side, Table,
    Victory, Wind, Zone,
)

__all__ = [
    "PackManifest", "Ship", "ShipBox", "CrewBox", "ManeuverDeck", "ManeuverCard", "LineEnd",
    "LinePair", "CounterPool", "CounterSpec", "Counter", "SYMBOLS", "Base", "Arc", "Arcs",
    "AttitudeBand", "Ruler", "RulerBand", "Scenario", "ScenarioShip", "Side", "Table", "Pose",
    "Zone", "Wind", "Victory", "provenance_of",
]

Version = Annotated[str, Field(pattern=r"^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$")]
RATES = ("I", "II", "III", "IV", "V", "VI")
SYMBOLS = ("crew", "fire", "leak", "mast", "sail", "rudder")
SAIL_LINES = ("full", "battle", "backing")
SANDGLASS_LINES = ("one-sandglass", "two-sandglass")
MAX_POOL_COUNTERS = 10_000
"""Most counters a pool holds in all (so `CounterPool.expanded` stays small)."""
MAX_LINE = 300
"""Farthest a movement line's end lies from its start, in mm along each axis."""


class PackManifest(Frozen):
    """`pack.yaml`: who the pack is and which other packs it refers to."""

    name: Name = Field(description="Pack name, [a-z0-9-]+, unique among loaded packs.")
    version: Version = Field(description="Semantic version, e.g. 1.0.0.")
    description: Text = Field(description="One line saying what the pack holds.")
    requires: tuple[Name, ...] = Field(
        default=(), max_length=64, description="Names of packs whose documents this pack refers to."
    )


# --- ship -----------------------------------------------------------------------------

class ShipBox(Frozen):
    """One box of the ship damage track: firepower by arc and crew actions shown."""

    forward: Int = Field(ge=0, le=30, description="Firepower in the forward arc.")
    full: Int = Field(ge=0, le=30, description="Firepower of a full broadside (central arc).")
    rear: Int = Field(ge=0, le=30, description="Firepower in the rear arc.")
    actions: Int | None = Field(default=None, ge=0, le=10, description="Hand symbol (crew actions).")


class CrewBox(Frozen):
    """One box of the crew damage track: musketry value and crew actions shown."""

    musketry: Int = Field(ge=0, le=30, description="Musketry value.")
    actions: Int | None = Field(default=None, ge=0, le=10, description="Hand symbol (crew actions).")


class Ship(Document):
    """A ship card: characteristics, damage tracks, and the deck and base it uses."""

    kind: Literal["ship"] = "ship"
    name: Text
    nationality: Name = Field(description="french, british, spanish, dutch, american, ...")
    year: Int = Field(ge=1500, le=1900, description="Launch or capture year.")
    refit_year: Int | None = Field(default=None, ge=1500, le=1900)
    class_name: Text
    rate: Literal[RATES] | None = None  # type: ignore[valid-type]
    card: Id | None = Field(default=None, description="The double-sided ship card it shares.")
    burden: Int = Field(ge=1, le=10)
    veer: Int = Field(ge=0, le=10)
    deck: Id = Field(description="Id of a maneuver-deck.")
    base: Id = Field(description="Id of a base.")
    guns: Int = Field(ge=0, le=200)
    crew: Int = Field(ge=1, le=2000)
    ship_track: tuple[ShipBox, ...] = Field(min_length=1, max_length=50)
    crew_track: tuple[CrewBox, ...] = Field(min_length=1, max_length=50)
    provenance: ProvenanceMap = Field(min_length=1)

    def ship_box(self, damage: int) -> ShipBox | None:
        """The box showing after `damage` hull points (None once the ship is sunk)."""
        return self.ship_track[damage] if 0 <= damage < len(self.ship_track) else None

    def crew_box(self, losses: int) -> CrewBox | None:
        """The box showing after `losses` crew points (None once the crew is gone)."""
        return self.crew_track[losses] if 0 <= losses < len(self.crew_track) else None


# --- maneuver deck --------------------------------------------------------------------

class LineEnd(NamedTuple):
    """Where the stern centre ends relative to the line's start: mm right, mm forward,
    heading change in degrees (positive to starboard)."""

    right: Annotated[Num, Field(ge=-MAX_LINE, le=MAX_LINE)]
    forward: Annotated[Num, Field(ge=-MAX_LINE, le=MAX_LINE)]
    turn: Annotated[Num, Field(ge=-180, le=180)]


class LinePair(Frozen):
    """A movement line printed twice: green (normal) and orange (alternative) ends."""

    green: LineEnd
    orange: LineEnd


Lines = Annotated[
    Mapping[str, LinePair | LineEnd], AfterValidator(freeze), PlainSerializer(thaw)
]


class ManeuverCard(Frozen):
    """A maneuver card: normal (full/battle/backing lines in green and orange),
    taken-aback (one line per sandglass count) or broken-mast (grey, 1 or 2 masts)."""

    id: Id = Field(description="Printed card number; copies get their own ids.")
    kind: Literal["normal", "taken-aback", "broken-mast"]
    veer: Int | None = Field(default=None, ge=0, le=10)
    masts: Int | None = Field(default=None, ge=1, le=2)
    lines: Lines

    @model_validator(mode="after")
    def _lines_fit_kind(self) -> "ManeuverCard":
        red = self.kind == "taken-aback"
        allowed = SANDGLASS_LINES if red else SAIL_LINES
        if self.kind != "broken-mast" and self.veer is None:
            raise ValueError(f"a {self.kind} card needs a veer")
        if (self.kind == "broken-mast") != (self.masts is not None):
            raise ValueError("masts is given on, and only on, broken-mast cards")
        if not self.lines:
            raise ValueError("a card has at least one line")
        for name, line in self.lines.items():
            if name not in allowed:
                raise ValueError(f"a {self.kind} card has no {name!r} line")
            if isinstance(line, LinePair) == red:
                raise ValueError(f"line {name!r} has the wrong shape for a {self.kind} card")
        return self

    def end(self, line: str, colour: Literal["green", "orange"] | None = None) -> LineEnd:
        """The end of `line` (in `colour` for normal and broken-mast cards).

        Raises KeyError for a line the card does not have, ValueError for a missing or
        superfluous colour.
        """
        if line not in self.lines:
            raise KeyError(f"card {self.id} has no {line!r} line (has {sorted(self.lines)})")
        value = self.lines[line]
        if isinstance(value, LinePair):
            if colour not in ("green", "orange"):
                raise ValueError(f"card {self.id}: say green or orange for line {line!r}")
            return getattr(value, colour)
        if colour is not None:
            raise ValueError(f"card {self.id} is a {self.kind} card: its lines have no colour")
        return value


class ManeuverDeck(Document):
    """The maneuver cards a ship of a given deck letter draws from."""

    kind: Literal["maneuver-deck"] = "maneuver-deck"
    name: Text
    cards: tuple[ManeuverCard, ...] = Field(min_length=1, max_length=100)
    provenance: ProvenanceMap = Field(min_length=1)

    def card(self, card_id: str) -> ManeuverCard:
        """The card with id `card_id` (KeyError if the deck has none)."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(f"deck {self.id} has no card {card_id!r}")

    def of_kind(self, kind: str) -> tuple[ManeuverCard, ...]:
        """The cards of one kind (normal, taken-aback, broken-mast), in deck order."""
        return tuple(c for c in self.cards if c.kind == kind)


# --- counter pool ---------------------------------------------------------------------

class Counter(NamedTuple):
    """One damage counter: a value (None for symbol-only) and an optional symbol."""

    value: int | None
    symbol: str | None


class CounterSpec(Frozen):
    """`count` identical counters of one value and symbol."""

    value: Int | None = Field(ge=0, le=6, description="Damage 0..6, null for symbol only.")
    symbol: Literal[SYMBOLS] | None = None  # type: ignore[valid-type]
    count: Int = Field(ge=1, le=MAX_POOL_COUNTERS, description="How many such counters the pool holds.")

    @model_validator(mode="after")
    def _symbol_if_no_value(self) -> "CounterSpec":
        if self.value is None and self.symbol is None:
            raise ValueError("a counter without a value needs a symbol")
        return self


class CounterPool(Document):
    """A cup of damage counters drawn when firing at one range."""

    kind: Literal["counter-pool"] = "counter-pool"
    name: Text
    counters: tuple[CounterSpec, ...] = Field(min_length=1, max_length=100)
    provenance: ProvenanceMap = Field(min_length=1)

    @field_validator("counters")
    @classmethod
    def _bounded(cls, counters: tuple[CounterSpec, ...]) -> tuple[CounterSpec, ...]:
        total = sum(s.count for s in counters)
        if total > MAX_POOL_COUNTERS:
            raise ValueError(f"the pool holds {total} counters, more than the maximum of {MAX_POOL_COUNTERS}")
        return counters

    def expanded(self) -> list[Counter]:
        """Every counter, one entry each: specs in document order, copies together."""
        return [Counter(s.value, s.symbol) for s in self.counters for _ in range(s.count)]

    @property
    def size(self) -> int:
        """Number of counters in the pool."""
        return sum(s.count for s in self.counters)
