"""The state of a Sails of Glory ship: its ship log (tracks of boxes), broadsides, plans.

:class:`SailsShipState` is the system's ``ship_model``: the core's piece (id, side, seat,
pose, status) plus the ship mat — the ship and crew tracks with their counters and
markers, the zero box, the two broadsides with their ammunition, the planned maneuver
cards, the sail setting and the action counters of the turn.
"""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field

from sog.state import Counter, ShipState

__all__ = ["Box", "Broadside", "SailsShipState", "track_covered"]

_STRICT = ConfigDict(extra="forbid", validate_assignment=False)


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


def track_covered(track: list[Box]) -> bool:
    """True when every box of the track holds something (a ship so covered surrenders)."""
    return all(box.covered for box in track)


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


class SailsShipState(ShipState):
    """A Sails of Glory ship in the game.

    :ivar ship_track: the boxes of the ship (hull) track, leftmost first.
    :ivar crew_track: the boxes of the crew track.
    :ivar zero_box: counters in the box past the last one.
    :ivar broadsides: the ``left`` and ``right`` guns.
    :ivar planned: planned maneuver card ids, slot 1 first (secret to other seats).
    :ivar sails: the sail setting (``full``, ``battle``, ``backing``, ``struck``).
    :ivar actions: the action counters planned this turn, revealed together (Advanced
        rules); rules that provide an action read it here to apply their effect.
    """

    ship_track: list[Box]
    crew_track: list[Box]
    zero_box: list[Counter] = Field(default_factory=list)
    broadsides: dict[str, Broadside] = Field(default_factory=lambda: {"left": Broadside(), "right": Broadside()})
    planned: list[str | None] = Field(default_factory=lambda: [None])
    sails: str = "battle"
    actions: list[str] = Field(default_factory=list)

    @classmethod
    def from_document(cls, doc: Any, **fields: Any) -> Self:
        """A ship at the start of a scenario: empty tracks as long as its card's."""
        return cls(ship_track=[Box() for _ in doc.ship_track], crew_track=[Box() for _ in doc.crew_track], **fields)
