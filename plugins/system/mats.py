"""A Sails of Glory ship's mat as a seat may read it (``sog_ship_mat``), from the view alone."""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.seats import SeatView

__all__: list[str] = []


@hookimpl
def sog_ship_mat(seat_view: SeatView, ship: str) -> list[dict[str, Any]]:
    return []
