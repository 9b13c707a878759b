"""Typed content models of the core: pack manifest and counter pool (here) and scenario (in
`models_table`, re-exported here).

Each model is the pydantic twin of a JSON Schema in `schemas/`: the loader validates the
schema first (for precise, complete error reports) and then builds these immutable objects,
which is what rules code reads. Checks that relate several fields or documents (a scenario's
ids are unique, each ship's side is declared, ...) live in `checks.py`, where they can point
at the exact offending value. A game system's own kinds have their models in the system
(declared through the `sog_content_kinds` hook).
"""

from __future__ import annotations

from typing import Annotated, Literal, NamedTuple

from pydantic import Field, field_validator, model_validator

from .fields import Document, Frozen, Id, Int, Name, ProvenanceMap, Text, provenance_of
from .models_table import Pose, Scenario, ScenarioShip, Side, Table, Victory, Wind, Zone

__all__ = [
    "PackManifest", "CounterPool", "CounterSpec", "Counter", "Scenario", "ScenarioShip",
    "Side", "Table", "Pose", "Zone", "Wind", "Victory", "provenance_of",
]

Version = Annotated[str, Field(pattern=r"^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$")]
MAX_POOL_COUNTERS = 10_000
"""Most counters a pool holds in all (so `CounterPool.expanded` stays small)."""


class PackManifest(Frozen):
    """`pack.yaml`: who the pack is and which other packs it refers to."""

    name: Name = Field(description="Pack name, [a-z0-9-]+, unique among loaded packs.")
    version: Version = Field(description="Semantic version, e.g. 1.0.0.")
    description: Text = Field(description="One line saying what the pack holds.")
    requires: tuple[Name, ...] = Field(
        default=(), max_length=64, description="Names of packs whose documents this pack refers to."
    )


# --- counter pool ---------------------------------------------------------------------

class Counter(NamedTuple):
    """One damage counter: a value (None for symbol-only) and an optional symbol."""

    value: int | None
    symbol: str | None


class CounterSpec(Frozen):
    """`count` identical counters of one value and symbol."""

    value: Int | None = Field(ge=0, le=6, description="Damage 0..6, null for symbol only.")
    symbol: Id | None = Field(default=None, description="A symbol the counter shows; the game system says which it knows.")
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
