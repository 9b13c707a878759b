"""The serialisable state of a game: everything on the table and the ship mats.

The core models the physical components — bases on the table, ship logs with their boxes,
broadsides and ammunition storage, planned cards, counter pools, the wind — but no rule
about them: rules (plugins) change this state. Data that only one rule understands lives
in ``ext[rule_name]`` (on the game or on a ship), a JSON-compatible mapping owned by that
rule; other rules may read it but should prefer hooks.

Everything here round-trips through JSON exactly, which is what save files and replays rely on.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from sog.decisions import DecisionRequest
from sog.rng import RngState

__all__ = [
    "Box",
    "Broadside",
    "Counter",
    "GameState",
    "OutcomeState",
    "PoolState",
    "PoseState",
    "ShipState",
    "WindState",
]

_STRICT = ConfigDict(extra="forbid", validate_assignment=False)


class Counter(BaseModel):
    """A damage counter: which pool it belongs to, its index there, and what it shows.

    ``value`` is ``None`` for a counter that shows only a symbol.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    pool: str
    index: int
    value: int | None
    symbol: str | None = None

    def label(self) -> str:
        """Short text such as ``B3``, ``B2+crew`` or ``E:crew``."""
        number = "" if self.value is None else str(self.value)
        if self.symbol is None:
            return f"{self.pool}{number}"
        return f"{self.pool}{number}+{self.symbol}" if number else f"{self.pool}:{self.symbol}"


class PoseState(BaseModel):
    """A base's position: centre in mm and compass heading in degrees."""

    model_config = _STRICT
    x: float
    y: float
    heading: float


class Box(BaseModel):
    """A box of a ship-log track: counters and special-damage markers placed in it.

    ``full`` marks a ship-track box whose counters are turned face down.
    """

    model_config = _STRICT
    counters: list[Counter] = Field(default_factory=list)
    markers: list[str] = Field(default_factory=list)
    full: bool = False

    @property
    def covered(self) -> bool:
        """True when anything lies in the box."""
        return bool(self.counters or self.markers)


class Broadside(BaseModel):
    """One side's guns: the ammunition counter in the broadside box and the storage box.

    ``loaded`` is the ammunition type lying face down in the broadside box (ready to fire),
    ``fired`` the type lying face up (fired this turn), ``storage`` the face-down counters in
    the storage box. The loaded type is secret to other seats.
    """

    model_config = _STRICT
    loaded: str | None = None
    fired: str | None = None
    storage: list[str] = Field(default_factory=list)


class ShipState(BaseModel):
    """One ship in the game.

    :ivar id: the ship's id in this game (from the scenario).
    :ivar ship: the id of its ``ship`` content document.
    :ivar status: ``in-play`` or why it left (``surrendered``, ``left-table``, ...).
    :ivar planned: planned maneuver card ids, slot 1 first (secret to other seats).
    :ivar sails: the sail setting (``full``, ``battle``, ``backing``, ``struck``).
    :ivar actions: the action counters planned this turn, revealed together (Advanced
        rules); rules that provide an action read it here to apply their effect.
    """

    model_config = _STRICT
    id: str
    ship: str
    name: str
    side: str
    seat: str
    pose: PoseState
    status: str = "in-play"
    ship_track: list[Box]
    crew_track: list[Box]
    zero_box: list[Counter] = Field(default_factory=list)
    broadsides: dict[str, Broadside] = Field(default_factory=lambda: {"left": Broadside(), "right": Broadside()})
    planned: list[str | None] = Field(default_factory=lambda: [None])
    sails: str = "battle"
    actions: list[str] = Field(default_factory=list)
    ext: dict[str, Any] = Field(default_factory=dict)

    @property
    def in_play(self) -> bool:
        return self.status == "in-play"


class PoolState(BaseModel):
    """A counter pool: the indices of the counters still in the cup.

    Draws pick uniformly among ``bag`` with the game's RNG, except that indices in
    ``stacked`` (set by tests to force a worked example) are drawn first, in order.
    """

    model_config = _STRICT
    id: str
    bag: list[int]
    stacked: list[int] = Field(default_factory=list)


class WindState(BaseModel):
    """The wind: the compass direction it blows from, and its strength if a rule uses one."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, serialize_by_alias=True)
    from_: float = Field(alias="from")
    strength: str | None = None


class OutcomeState(BaseModel):
    """The game's result once decided."""

    model_config = _STRICT
    winner: str | None
    reason: str


class GameState(BaseModel):
    """The whole state of a game in progress."""

    model_config = _STRICT
    scenario: str
    level: Literal["basic", "standard", "advanced"]
    options: list[str]
    settings: dict[str, dict[str, Any]] = Field(default_factory=dict)
    seed: int
    rng: RngState
    table: dict[str, float]
    wind: WindState
    sides: dict[str, list[str]]
    ships: dict[str, ShipState]
    pools: dict[str, PoolState]
    turn: int = 0
    max_turns: int | None = None
    step_index: int = -1
    step_round: int = 0
    pending: list[DecisionRequest] = Field(default_factory=list)
    answers: dict[str, Any] = Field(default_factory=dict)
    turn_limit_reached: bool = False
    outcome: OutcomeState | None = None
    ext: dict[str, Any] = Field(default_factory=dict)
    event_seq: int = 0
    #: SHA-256 of the state after the last turn in a row in which nobody was asked anything
    #: (the core ends a game whose idle turns change nothing); ``None`` after a turn with
    #: decisions. Kept in the state so a resumed game ends exactly when the original would.
    idle_state: str | None = None
    #: Die results a test forces (``Game.stack_dice``), rolled first, in order; hidden from views.
    stacked_dice: list[int] = Field(default_factory=list)
