"""What a Sails of Glory choice would do (``sog_sketch_choice``), from the seat's view alone."""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.decisions import DecisionRequest
from sog.seats import SeatView

__all__: list[str] = []


@hookimpl
def sog_sketch_choice(seat_view: SeatView, request: DecisionRequest, choice: Any) -> dict[str, Any] | None:
    return None
