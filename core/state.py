"""The serialisable state of a game: the pieces on the table, counter pools, dice, the wind.

The core models what every game on it has — pieces with a pose, sides and seats, counter
pools, the generator, the turn and its open decisions — but no rule about them: rules
(plugins) change this state. A game system adds typed per-piece fields by subclassing
:class:`ShipState` (see :mod:`sog.systems`). Data that only one rule understands lives in
``ext[rule_name]`` (on the game or on a ship), a JSON-compatible mapping owned by that rule;
other rules may read it but should prefer hooks.

Everything here round-trips through JSON exactly, which is what save files and replays rely on.
"""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field

from sog.decisions import DecisionRequest
from sog.rng import RngState

__all__ = [
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


class ShipState(BaseModel):
    """One piece on the table — a ship, for the naval games sog was made for.

    A game system that needs more per-piece state subclasses this model with typed fields
    (its :attr:`sog.systems.GameSystem.ship_model`); the whole state is then validated,
    saved and replayed with them.

    :ivar id: the ship's id in this game (from the scenario).
    :ivar ship: the id of its content document (of the system's ``ship_kind``).
    :ivar status: ``in-play`` or why it left (``surrendered``, ``left-table``, ...).
    :ivar attached: ids of the documents it carries, by content kind (a captain, crew
        cards: the scenario's ``attach``); the rules that play them read them here.
    :ivar ext: data of rules that keep something about the ship, by rule name.
    """

    model_config = _STRICT
    id: str
    ship: str
    name: str
    side: str
    seat: str
    pose: PoseState
    status: str = "in-play"
    attached: dict[str, list[str]] = Field(default_factory=dict)
    ext: dict[str, Any] = Field(default_factory=dict)

    @property
    def in_play(self) -> bool:
        return self.status == "in-play"

    @classmethod
    def from_document(cls, doc: Any, **fields: Any) -> Self:
        """A new piece of a scenario: ``fields`` are the core's, ``doc`` its content document.

        A system's model overrides this to fill its own fields from the document.
        """
        return cls(**fields)


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
    system: str
    scenario: str
    level: str
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
    #: Index into the turn's schedule of steps (:mod:`sog.schedule`); -1 between turns.
    step_index: int = -1
    #: The order of the sides' parts this turn, for steps played side by side (``per_side``).
    side_order: list[str] = Field(default_factory=list)
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
