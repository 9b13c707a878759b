"""A Sails of Glory ship's arcs of fire and ruler bands as SVG (``sog_draw_arcs``)."""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game

__all__: list[str] = []


@hookimpl
def sog_draw_arcs(game: Game, ship: Any) -> list[str]:
    return []
