"""Who answers decisions: a seat's lazily built view, and the controller protocol.

Bots, scripts and people at a prompt are controllers; each gets a :class:`SeatView` that
holds only what its seat may see (:meth:`sog.game.Game.view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from sog.decisions import DecisionRequest
from sog.packs.library import Library

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["Controller", "SeatView"]


class SeatView:
    """What one seat may see, built on first use (bots that ignore it cost nothing)."""

    def __init__(self, game: Game, seat: str) -> None:
        self.seat = seat
        self._game = game
        self._data: dict[str, Any] | None = None

    @property
    def content(self) -> Library:
        """The loaded packs (public knowledge)."""
        return self._game.content

    @property
    def data(self) -> dict[str, Any]:
        """The redacted view as JSON-compatible data (see :meth:`Game.view`)."""
        if self._data is None:
            self._data = self._game.view(self.seat)
        return self._data


class Controller(Protocol):
    """Anything that answers decisions for a seat: a bot, a script, a person at a prompt."""

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        """Return one of ``request.choices``."""
