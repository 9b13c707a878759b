"""A read-only table rebuilt from a seat's view, for bots to measure and try moves on.

It offers the reading surface :mod:`sog.plugins.system.tabletop` needs (``content``, ``state``, ``ships()``,
``obstacles()``, ``ship_doc()``), built only from what the seat may see (the obstacles are
public: the view lists them).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from sog.game import SeatView
from sog.state import WindState
from sog.plugins.system.state import SailsShipState
from .content_models import ship_of

__all__ = ["ViewTable"]


class ViewTable:
    """What a seat sees, as ship states and content documents."""

    def __init__(self, view: SeatView) -> None:
        data = view.data
        self.content = view.content
        self.seat = view.seat
        ships = {sid: SailsShipState.model_validate(s) for sid, s in data["ships"].items()}
        self.state = SimpleNamespace(
            wind=WindState.model_validate(data["wind"]), table=data["table"], scenario=data["scenario"],
            turn=data["turn"], ships=ships, level=data["level"],
            ext=data.get("ext", {}),  # public rule state, e.g. the terrain on the table
        )
        self._obstacles = [ships[sid] for sid in data.get("obstacles", [])]

    def ships(self, *, in_play: bool = True, side: str | None = None) -> list[SailsShipState]:
        return [s for s in self.state.ships.values() if (not in_play or s.in_play) and (side is None or s.side == side)]

    def obstacles(self) -> list[SailsShipState]:
        """Ships out of play whose model stays on the table, as the view lists them."""
        return list(self._obstacles)

    def ship(self, ship_id: str) -> SailsShipState:
        return self.state.ships[ship_id]

    def ship_doc(self, ship: SailsShipState) -> Any:
        return ship_of(self.content, ship.ship)
