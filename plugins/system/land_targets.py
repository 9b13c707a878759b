"""Targets on land: coastal batteries and buildings that ships (and batteries) may fire at.

:func:`land_targets` gives every :class:`~.land_target.LandTarget` on the table now, read from
the public state of the rules that put them there (:mod:`.battery_table`,
:mod:`.building_table`), so a bot's :class:`~.view_table.ViewTable` reads them from a seat's
view alike; :func:`target_xy` says where any target (a ship too) stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .battery_table import battery_position, battery_records, battery_targets, placed_batteries
from .building_table import building_position, building_records, building_targets
from .land_target import LandTarget

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["land_target", "land_targets", "target_name", "target_xy"]


def land_targets(game: Any) -> tuple[LandTarget, ...]:
    """Every target on land still in play: the batteries, then the buildings, in placing order.

    Empty at once when the game has neither."""
    ext = getattr(game.state, "ext", None) or {}
    if "batteries" not in ext and "buildings" not in ext:
        return ()
    return (*battery_targets(game), *building_targets(game))


def land_target(game: Any, target_id: str) -> LandTarget | None:
    """The target on land with this id, or ``None`` (a ship, or a target out of play)."""
    return next((t for t in land_targets(game) if t.id == target_id), None)


def target_xy(game: Game, target_id: str) -> tuple[float, float] | None:
    """Where a ship or a target on land stands (a ship's pose, a target's first shape), for
    pictures and narration; ``None`` for an unknown id."""
    ship = game.state.ships.get(target_id)
    if ship is not None:
        return ship.pose.x, ship.pose.y
    return battery_position(game, target_id) or building_position(game, target_id)


def target_name(game: Any, target_id: str) -> str:
    """What to call a ship, a battery or a building, in play or not (the id when unknown)."""
    ship = game.state.ships.get(target_id)
    if ship is not None:
        return ship.name
    battery = next((b for b in placed_batteries(game) if b.id == target_id), None) if battery_records(game) else None
    if battery is not None:
        return battery.name
    return next((r["name"] for r in building_records(game) if r["id"] == target_id), target_id)
