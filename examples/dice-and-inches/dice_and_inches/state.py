"""The state a dice-and-inches ship carries: hits, guns, men, handling, boarding.

This is the system's own per-piece state: :class:`DiceShip` extends the core's
:class:`sog.state.ShipState` (id, name, side, seat, pose, status), so it is typed, validated,
saved, replayed and redacted like every other part of the state. Each rule module reads and
writes the fields of its paragraph; the shared ones (``lashed``, ``pending``) are documented
here.

Hits are not taken off at once: the text has the defender remove his casualties before his
own move (paragraph 1 of *Method of movement*), so a hit goes to ``pending`` and the
``casualties`` step of the ship's side takes it off (:func:`wound`).
"""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from sog.state import ShipState

__all__ = ["Crew", "DiceShip", "Gun", "Handling", "Hits", "wound"]

_STRICT = ConfigDict(extra="forbid")

GunKind = Literal["cannon", "carronade", "swivel"]


class Gun(BaseModel):
    """One piece of ordnance on one side.

    :ivar kind: ``cannon``, ``carronade`` (short range only, double damage) or ``swivel``.
    :ivar side: ``left`` or ``right`` (swivels may be on either; they fire to their side).
    :ivar fired_turn: the last turn it fired (defensive fire in a boarding needs a gun that
        did not fire in the defender's previous part).
    """

    model_config = _STRICT
    kind: GunKind
    side: Literal["left", "right"]
    fired_turn: int | None = None


class Crew(BaseModel):
    """The men aboard: sailors (melee value 1), marines and officers (value 2)."""

    model_config = _STRICT
    sailors: int = Field(ge=0)
    marines: int = Field(ge=0)
    officers: int = Field(ge=0)

    @property
    def men(self) -> int:
        return self.sailors + self.marines + self.officers


class Hits(BaseModel):
    """Hits of one kind or another: taken (on the ship) or pending (to remove next part)."""

    model_config = _STRICT
    hull: int = 0
    rigging: int = 0
    crew: int = 0
    guns: int = 0
    officers: int = 0

    def any(self) -> bool:
        return any((self.hull, self.rigging, self.crew, self.guns, self.officers))


class Handling(BaseModel):
    """Movement state (owned by the movement rule, :mod:`dice_and_inches.movement`).

    :ivar luffing: the bow was put into the wind (luffed, or left there): she only points.
    :ivar tacking_stalled: a tack stalled on a 6; throw again next part.
    :ivar tack_dir: the way a stalled tack turns (+1 clockwise, -1 anticlockwise; 0: none).
    :ivar dead_in_water: parts left with no movement (rigging lost, obstacle delay); the
        movement rule counts it down when it holds the ship.
    :ivar jury_mast: a jury mast is rigged (half speed; one rigging hit destroys it).
    :ivar anchors: anchors left (two a game; one is used for good each time she anchors).
    :ivar anchor: ``none``, ``announced`` (anchors at the end of her next move), ``down``,
        ``spring-rigging``, ``spring`` (may turn freely, no other movement).
    :ivar announced_turn: the turn in which anchoring was announced.
    :ivar stopped: her movement is over for this part (reset at the start of each part).
    :ivar turn_due: a half move was just completed: a helm order follows.
    :ivar aground: she struck a rock or the shore: once her delay is over, her first helm
        order comes before her half move.
    :ivar edge_stopped: she reached the table's edge where the world could not slide this
        part (ruling ``EDGE_TURN``: her helm order turns her to sail on).
    :ivar moved: inches sailed or drifted this part.
    """

    model_config = _STRICT
    luffing: bool = False
    tacking_stalled: bool = False
    tack_dir: int = 0
    dead_in_water: int = 0
    jury_mast: bool = False
    anchors: int = 2
    anchor: Literal["none", "announced", "down", "spring-rigging", "spring"] = "none"
    announced_turn: int | None = None
    stopped: bool = False
    turn_due: bool = False
    aground: bool = False
    edge_stopped: bool = False
    moved: float = 0.0
    extra: dict[str, Any] = Field(default_factory=dict)


class DiceShip(ShipState):
    """A ship of the dice-and-inches game.

    :ivar rig: ``schooner``, ``brig`` or ``brigantine`` (from the ship document); ``none``
        for a land battery.
    :ivar battery: ``large`` or ``small`` guns for a land battery (it never moves), else ``None``.
    :ivar hits: hull and rigging hits taken (limits: hull 8, rigging 3, jury mast 1).
    :ivar pending: hits scored on the ship, taken off in its side's next casualties step.
    :ivar guns: the guns still aboard.
    :ivar crew: the men still aboard.
    :ivar handling: movement state.
    :ivar fires: fires burning aboard (hot shot).
    :ivar fire_fighters: men assigned to fight fire this part (they do nothing else).
    :ivar lashed: ids of ships this one is grappled or entangled with (both ships list each other).
    :ivar deck_lost: this ship lost a melee as defender; one more consecutive loss loses her.
    """

    rig: Literal["schooner", "brig", "brigantine", "none"]
    battery: Literal["large", "small"] | None = None
    hits: Hits = Field(default_factory=Hits)
    pending: Hits = Field(default_factory=Hits)
    guns: list[Gun] = Field(default_factory=list)
    crew: Crew
    handling: Handling = Field(default_factory=Handling)
    fires: int = 0
    fire_fighters: int = 0
    lashed: list[str] = Field(default_factory=list)
    deck_lost: bool = False

    @classmethod
    def from_document(cls, doc: Any, **fields: Any) -> Self:
        """A new ship of a scenario from its ``dice-ship`` document (rig, battery, guns, crew);
        ``fields`` are the core's (id, ship, name, side, seat, pose)."""
        return cls(
            rig=doc.rig,
            battery=doc.battery,
            guns=[Gun(kind=g.kind, side=g.side) for g in doc.guns],
            crew=Crew(sailors=doc.crew.sailors, marines=doc.crew.marines, officers=doc.crew.officers),
            **fields,
        )


def wound(ship: DiceShip, **hits: int) -> None:
    """Record hits on ``ship`` to be taken off in its side's next casualties step."""
    for name, count in hits.items():
        setattr(ship.pending, name, getattr(ship.pending, name) + count)
