"""Coastal batteries (rulebook pp. 46-48) on the table: put there at set-up, checked, drawn.

* Set-up: the scenario's batteries (``setup.batteries``, :mod:`sog.plugins.system.setup_schema`)
  are put on the table, in their order, with :func:`~sog.plugins.system.battery_table.add_battery`
  (``game.state.ext["batteries"]["placed"]``, public), each with its empty log: the Battery
  Damage and Crew Damage tracks as long as its document's, for the rules of combat to fill.
  Without batteries nothing is written and no event is logged: a game without them is what it was.
* ``sog validate``: each placement names a battery document, stands on a coast or island of
  the scenario's ``setup.terrain``, its red dots lie on that element, its id is unique
  (:mod:`sog.plugins.system.battery_checks`).
* Pictures: each arc a light wedge from its red dot to the ruler's length (:data:`WEDGE_STEP`),
  the red dots over them, the battery's name and how much of each track is covered (and its
  fires); an eliminated battery only by its name and what befell it.
"""

from __future__ import annotations

from html import escape
from math import radians, sin, cos
from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.render.svg import svg_points, svg_xy

from sog.plugins.system.battery_checks import check_batteries, scenario_batteries
from sog.plugins.system.battery_table import IN_PLAY, PlacedArc, add_battery, battery_records, placed_batteries
from sog.plugins.system.tabletop import ruler_of

__all__ = ["DOT", "NAME", "WEDGE", "WEDGE_STEP"]

NAME = "batteries"
#: The red dot of an arc: its fill and radius (mm).
DOT = ("#c0392b", 3.0)
#: An arc's wedge: fill, opacity, outline (the log's "two white lines bordering a colored angle", p. 46).
WEDGE = ("#e6b0aa", 0.25, "#ffffff")
WEDGE_STEP = 5.0
"""The wedge's far edge is drawn as a polyline with a corner every ``WEDGE_STEP`` degrees."""


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no battery on the table (placing one asks again)."""
    return not battery_records(game)


@hookimpl
def sog_game_setup(game: Game) -> None:
    scenario = game.content.scenario(game.state.scenario)
    for _, placement in scenario_batteries(scenario):
        add_battery(game, placement)


@hookimpl
def sog_check_content(library: Any, scenario: Any, rules: Any) -> list[tuple[Any, str, str]]:
    return check_batteries(library, scenario)


def wedge(arc: PlacedArc, reach: float) -> list[tuple[float, float]]:
    """The corners of an arc's wedge on the table: its red dot, then its far edge at ``reach`` mm
    clockwise from ``start`` to ``to``."""
    steps = max(1, int(arc.width // WEDGE_STEP) + 1)
    points = [arc.dot]
    for i in range(steps + 1):
        bearing = radians(arc.start + arc.width * i / steps)
        points.append((arc.dot[0] + reach * sin(bearing), arc.dot[1] + reach * cos(bearing)))
    return points


@hookimpl
def sog_draw_overlays(game: Game) -> list[str]:
    """Each battery's arcs, red dots and name, over the terrain."""
    placed = placed_batteries(game)
    if not placed:
        return []
    reach = float(ruler_of(game).length)
    fill, opacity, edge = WEDGE
    colour, radius = DOT
    out: list[str] = []
    for battery in placed:
        record = battery.record
        sx, sy = svg_xy(game, battery.x, battery.y)
        status = record.get("status", IN_PLAY)
        if status != IN_PLAY:  # eliminated: its name and what befell it, no arcs
            out.append(f'<text class="battery-status" x="{sx:.1f}" y="{sy + 14:.1f}" font-size="10" text-anchor="middle" '
                       f'fill="#ddd">{escape(battery.name)} ({escape(status)})</text>')
            continue
        for arc in battery.arcs:
            out.append(f'<polygon class="battery-arc" points="{svg_points(game, wedge(arc, reach))}" fill="{fill}" '
                       f'fill-opacity="{opacity}" stroke="{edge}" stroke-width="0.8"/>')
        for x, y in battery.dots:
            sx, sy = svg_xy(game, x, y)
            out.append(f'<circle class="battery-dot" cx="{sx:.1f}" cy="{sy:.1f}" r="{radius:g}" fill="{colour}"/>')
        out.append(f'<text x="{sx:.1f}" y="{sy + 14:.1f}" font-size="10" text-anchor="middle" fill="#fff">'
                   f'{escape(battery.name)}</text>')
        guns = sum(1 for box in record["battery_track"] if box["counters"] or box["markers"])
        crew = sum(1 for box in record["crew_track"] if box["counters"] or box["markers"])
        fires = f" · fire {record['fires']}" if record.get("fires") else ""
        out.append(f'<text class="battery-log" x="{sx:.1f}" y="{sy + 25:.1f}" font-size="8" text-anchor="middle" fill="#fff">'
                   f'damage {guns}/{len(record["battery_track"])} · crew {crew}/{len(record["crew_track"])}{fires}</text>')
    return out
