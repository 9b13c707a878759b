"""Player aids, read from a seat's view: what a ship's mat shows, and what a choice would do.

The game system answers through ``sog_ship_mat`` and ``sog_sketch_choice``; pictures, pages
and the terminal's prompts show the same aids. Both are built from :class:`sog.seats.SeatView`
alone, so an aid can carry nothing that seat may not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sog.seats import SeatView

if TYPE_CHECKING:  # pragma: no cover
    from sog.decisions import DecisionRequest
    from sog.game import Game

__all__ = ["choice_sketch", "ship_mat"]

_ENTRY_KINDS = ("track", "fact")


def ship_mat(game: Game, seat: str, ship: str, *, seat_view: SeatView | None = None) -> list[dict[str, Any]]:
    """The mat entries of ``ship`` as ``seat`` may see them (``sog_ship_mat``, joined).

    Pass ``seat_view`` to reuse one view for several ships.
    """
    view = seat_view or SeatView(game, seat)
    entries: list[dict[str, Any]] = []
    for part in game.hook.sog_ship_mat(seat_view=view, ship=ship):
        entries.extend(e for e in part or () if isinstance(e, dict) and e.get("kind") in _ENTRY_KINDS)
    return entries


def choice_sketch(game: Game, seat: str, request: DecisionRequest, index: int, *,
                  seat_view: SeatView | None = None) -> dict[str, Any] | None:
    """The sketch of choice ``index`` of ``seat``'s open ``request`` (``sog_sketch_choice``)."""
    view = seat_view or SeatView(game, seat)
    sketch = game.hook.sog_sketch_choice(seat_view=view, request=request, choice=request.option(index))
    if not isinstance(sketch, dict):
        return None
    return {"text": str(sketch.get("text", "")), "shapes": list(sketch.get("shapes", ()))}
