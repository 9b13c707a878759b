"""The terrain on the table (rulebook pp. 43-46): put there at set-up, checked, drawn.

* Set-up: the scenario's fixed elements (``setup.terrain``, :mod:`sog.plugins.system.setup_schema`)
  are put on the table, in their order, with :func:`~sog.plugins.system.terrain_table.add_placement`
  (``game.state.ext["terrain"]["placed"]``, public). Without terrain nothing is written: a game
  on the open sea is what it was.
* ``sog validate``: each placement names a terrain document, its id is unique, its element lies
  on the table (:mod:`sog.plugins.system.terrain_checks`).
* Pictures: reefs dark grey-brown, shoals sand, land green-brown, a dashed line at the danger
  distance around a sandy or rocky coastline (none around a harbor), each element's name.

The line of sight across land is measured by the fire geometry itself
(:mod:`sog.plugins.system.geometry.sight`, read by :func:`sog.plugins.system.tabletop.broadside_options`):
every ruler of every rule sees the land, whichever rule lays it.
"""

from __future__ import annotations

from html import escape
from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.render.svg import svg_points, svg_xy

from sog.plugins.system.tabletop import ruler_of
from sog.plugins.system.terrain_checks import check_placements, scenario_placements
from sog.plugins.system.terrain_table import add_placement, danger_distance, placed_terrain, placements

__all__ = ["FILL", "NAME"]

NAME = "terrain"
#: Fill and outline colours by element (reefs dark grey-brown, shoals sand, land green-brown).
FILL = {
    "reef": ("#6b5e52", "#3e352d"),
    "shoal": ("#e6d3a3", "#b89f62"),
    "coast": ("#8c8c5a", "#4f4f2c"),
    "island": ("#8c8c5a", "#4f4f2c"),
}
#: The colour of the dashed danger line around a coastline.
DANGER_STROKE = "#a93226"


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no terrain on the table (placing some asks again)."""
    return not placements(game)


@hookimpl
def sog_game_setup(game: Game) -> None:
    scenario = game.content.scenario(game.state.scenario)
    for _, placement in scenario_placements(scenario):
        add_placement(game, placement)


@hookimpl
def sog_check_content(library: Any, scenario: Any, rules: Any) -> list[tuple[Any, str, str]]:
    return check_placements(library, scenario)


@hookimpl(tryfirst=True)
def sog_draw_overlays(game: Game) -> list[str]:
    """The terrain, under everything else drawn over the table."""
    placed = placed_terrain(game)
    if not placed:
        return []
    out: list[str] = []
    ruler = ruler_of(game)
    for element in placed:
        fill, stroke = FILL[element.element]
        if element.land and element.coastline != "none" and element.danger != "none" and not element.harbor:
            distance = danger_distance(ruler, element.danger)
            if distance > 0:
                edge = element.polygon.buffer(distance).exterior
                out.append(f'<polygon points="{svg_points(game, edge.coords)}" fill="none" stroke="{DANGER_STROKE}" '
                           f'stroke-width="1" stroke-dasharray="6 4"/>')
        out.append(f'<polygon points="{svg_points(game, element.polygon.exterior.coords)}" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="1.2"/>')
        at = element.polygon.representative_point()
        x, y = svg_xy(game, at.x, at.y)
        colour = "#fff" if element.element != "shoal" else "#333"
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="11" text-anchor="middle" fill="{colour}">{escape(element.name)}</text>')
    return out
