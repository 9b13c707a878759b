"""Buildings on the table (rulebook p. 54, ruling R16): targets drawn on an island.

The placed buildings are part of the game state, in ``game.state.ext["buildings"]["placed"]``
(public), a list of records in placing order. Each record holds at least ``id``, ``name``,
``side``, ``on`` (the coast or island placement it is drawn on), ``status`` (``standing`` until
it surrenders) and ``rect`` ``[x, y, heading, width, length]``, its drawing on the table (mm),
or ``None`` while its element is not on the table yet. :func:`building_targets` gives the
standing ones as :class:`~.land_target.LandTarget` for the rules of fire.
"""

from __future__ import annotations

from typing import Any

from sog.geometry import Rect

from .land_target import LandTarget

__all__ = ["OWNER", "STANDING", "building_position", "building_records", "building_targets"]

OWNER = "buildings"
"""The key of the placed buildings in ``game.state.ext``."""
STANDING = "standing"
"""The status of a building that has not surrendered."""


def building_records(game: Any) -> list[dict[str, Any]]:
    """The building records of the game (the list itself, in placing order)."""
    ext = getattr(game.state, "ext", None) or {}
    return ext.get(OWNER, {}).get("placed", [])


def _rect(record: dict[str, Any]) -> Rect | None:
    rect = record.get("rect")
    return None if rect is None else Rect(*(float(v) for v in rect))


def building_targets(game: Any) -> tuple[LandTarget, ...]:
    """The standing buildings whose element is on the table, as targets."""
    out = []
    for record in building_records(game):
        rect = _rect(record)
        if record.get("status") == STANDING and rect is not None:
            out.append(LandTarget(id=record["id"], kind="building", side=record["side"], name=record["name"],
                                  on=record["on"], shapes=(rect,)))
    return tuple(out)


def building_position(game: Any, building_id: str) -> tuple[float, float] | None:
    """The centre of a building's drawing, or ``None`` (no such building on the table)."""
    record = next((r for r in building_records(game) if r["id"] == building_id), None)
    rect = None if record is None else _rect(record)
    return None if rect is None else rect.center
