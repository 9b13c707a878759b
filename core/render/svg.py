"""The table as SVG: pieces to scale with names and headings, the wind, the table edges,
and what the game system draws over the table (``sog_draw_overlays``: arcs and lines of fire,
...). A piece's outline comes from ``sog_piece_outline``. Obstacles (ships out of play whose
model stays on the table, e.g. wrecks) are greyed, with a dashed outline, their name and
"wreck".

Rendering sits beside the core and only reads a game (python-chess keeps ``chess.svg``
apart from ``chess`` the same way). The SVG's y axis points down, so every table point is
flipped once, in :func:`svg_xy`.
"""

from __future__ import annotations

import math
import zlib
from html import escape
from pathlib import Path
from typing import Any

from sog.game import Game
from sog.geometry import Pose, Rect
from sog.state import ShipState

__all__ = ["SIDE_COLOURS", "side_colours", "svg_points", "svg_xy", "table_svg", "write_turn_svg"]

#: The sides' colours. A side's colour is picked by its id (:func:`side_colours`), so the
#: British are the same red in every scenario, whatever the order of the sides.
SIDE_COLOURS = ("#d68910", "#8e44ad", "#27ae60", "#b7950b", "#5d6d7e", "#a04000", "#2e86c1", "#c0392b")
MARGIN = 40.0
#: Fill of an obstacle's base (a ship out of play whose model stays on the table).
OBSTACLE_FILL = "#888"


#: The side of the square drawn for a piece whose outline no rule gives, mm.
DEFAULT_PIECE = 30.0


def svg_xy(game: Game, x: float, y: float) -> tuple[float, float]:
    """The picture's coordinates of the table point ``(x, y)`` (mm, y up)."""
    return x + MARGIN, game.state.table["height"] - y + MARGIN


def svg_points(game: Game, pts: Any) -> str:
    """An SVG ``points`` attribute for table points."""
    return " ".join(f"{a:.1f},{b:.1f}" for a, b in (svg_xy(game, x, y) for x, y in pts))


_xy, _points = svg_xy, svg_points


def side_colours(sides: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Each side's colour, a function of its id (CRC-32 into :data:`SIDE_COLOURS`), the same
    in every scenario and picture; two sides of one game never share one (the later id, in
    sorted order, takes the next free colour)."""
    taken: dict[str, str] = {}
    for side in sorted(sides):
        index = zlib.crc32(side.encode("utf-8")) % len(SIDE_COLOURS)
        while SIDE_COLOURS[index] in taken.values() and len(taken) < len(SIDE_COLOURS):
            index = (index + 1) % len(SIDE_COLOURS)
        taken[side] = SIDE_COLOURS[index]
    return {side: taken[side] for side in sides}


def _outline(game: Game, ship: ShipState) -> Rect:
    rect = game.hook.sog_piece_outline(game=game, ship=ship)
    if rect is None:
        rect = Rect(ship.pose.x, ship.pose.y, ship.pose.heading, DEFAULT_PIECE, DEFAULT_PIECE)
    return rect


def table_svg(game: Game) -> str:
    """An SVG document of the table as it is now."""
    width, height = game.state.table["width"], game.state.table["height"]
    gone = [s for s in game.state.ships.values() if not s.in_play]
    lines = [f"{ship.name}: {ship.status}" for ship in gone]
    if game.outcome:  # below the table: a long reason would run into the legend above it
        lines.append(f"result: {game.outcome.reason}")
    full = height + 2 * MARGIN + max(0.0, SCALE_ROOM + 22 + 14 * len(lines) - MARGIN)  # room for the bar and lines below
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2 * MARGIN:.0f}" height="{full:.0f}" '
        f'viewBox="0 0 {width + 2 * MARGIN:.0f} {full:.0f}" font-family="sans-serif">',
        f'<rect x="0" y="0" width="{width + 2 * MARGIN:.0f}" height="{full:.0f}" fill="#f4f1e8"/>',
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{width}" height="{height}" fill="#bfd8e6" stroke="#24323d" stroke-width="2"/>',
        f'<text x="{MARGIN}" y="{MARGIN - 12}" font-size="16">{escape(game.state.scenario)} · {_when(game)}</text>',
    ]
    out += _wind(game)
    colours = side_colours(list(game.state.sides))
    for i, (side, colour) in enumerate(colours.items()):
        x = MARGIN + width - 110 * (len(colours) - i)
        out.append(f'<rect x="{x:.0f}" y="{MARGIN - 26}" width="14" height="14" fill="{colour}"/>'
                   f'<text x="{x + 18:.0f}" y="{MARGIN - 14}" font-size="14">{escape(side)}</text>')
    for overlay in game.hook.sog_draw_overlays(game=game):
        out += overlay or []
    for ship in game.ships():  # each piece's arcs, hidden: a page shows them on demand
        arcs = [fragment for part in game.hook.sog_draw_arcs(game=game, ship=ship) for fragment in part or ()]
        if arcs:
            out.append(f'<g class="arcs" data-ship="{escape(ship.id)}" display="none">' + "".join(arcs) + "</g>")
    for ship in game.ships():
        rect = _outline(game, ship)
        out.append(f'<polygon points="{_points(game, rect.corners)}" fill="{colours[ship.side]}" fill-opacity="0.75" stroke="#111" stroke-width="1"/>')
        pose = Pose(ship.pose.x, ship.pose.y, ship.pose.heading)
        length = rect.length
        bow = pose.local_to_world(0, length / 2)
        tip = [pose.local_to_world(-6, length / 2 - 10), bow, pose.local_to_world(6, length / 2 - 10)]
        out.append(f'<polyline points="{_points(game, tip)}" fill="none" stroke="#fff" stroke-width="2"/>')
        tx, ty = _xy(game, ship.pose.x, ship.pose.y)
        out.append(f'<text x="{tx:.1f}" y="{ty - length / 2 - 8:.1f}" font-size="13" text-anchor="middle">{escape(ship.name)} {ship.pose.heading:.0f}°</text>')
    for ship in game.obstacles():  # out of play, model still on the table: greyed, dashed
        rect = _outline(game, ship)
        out.append(f'<polygon points="{_points(game, rect.corners)}" fill="{OBSTACLE_FILL}" fill-opacity="0.75" '
                   f'stroke="#111" stroke-width="1" stroke-dasharray="4 3"/>')
        tx, ty = _xy(game, ship.pose.x, ship.pose.y)
        length = rect.length
        out.append(f'<text x="{tx:.1f}" y="{ty - length / 2 - 8:.1f}" font-size="13" text-anchor="middle" '
                   f'fill="#444">{escape(ship.name)} wreck</text>')
    for i, line in enumerate(lines):
        out.append(f'<text x="{MARGIN + 4}" y="{height + MARGIN + SCALE_ROOM + 16 + 14 * i:.0f}" font-size="12">{escape(line)}</text>')
    out += _scale_bar(width, height)
    out.append("</svg>")
    return "\n".join(out) + "\n"


#: The length of the scale bar under the table's right-hand corner, mm.
SCALE_BAR = 100.0
#: The height the bar and its label take under the table: the lines below it start lower.
SCALE_ROOM = 34.0


def _scale_bar(width: float, height: float) -> list[str]:
    """A bar of :data:`SCALE_BAR` mm under the table's bottom right corner, ticked at both ends:
    the picture is to scale (1 unit = 1 mm), and the bar says so when it is printed or zoomed."""
    x2, y = MARGIN + width, MARGIN + height + 14
    x1 = x2 - SCALE_BAR
    return [
        f'<g class="scale-bar"><line x1="{x1:.0f}" y1="{y:.0f}" x2="{x2:.0f}" y2="{y:.0f}" stroke="#24323d" stroke-width="2"/>'
        f'<line x1="{x1:.0f}" y1="{y - 4:.0f}" x2="{x1:.0f}" y2="{y + 4:.0f}" stroke="#24323d" stroke-width="2"/>'
        f'<line x1="{x2:.0f}" y1="{y - 4:.0f}" x2="{x2:.0f}" y2="{y + 4:.0f}" stroke="#24323d" stroke-width="2"/>'
        f'<text x="{(x1 + x2) / 2:.0f}" y="{y + 16:.0f}" font-size="12" text-anchor="middle">{SCALE_BAR:.0f} mm</text></g>',
    ]


def _when(game: Game) -> str:
    """Which moment the picture shows: the setup, the end of a turn, or the end of the game."""
    if game.over:
        return f"end of the game, turn {game.state.turn}"
    done = game.state.turn - 1  # pictures are taken as a turn begins (and saves stop there)
    return "setup" if done <= 0 else f"after turn {done}"


def _wind(game: Game) -> list[str]:
    width = game.state.table["width"]
    cx, cy = width - 60.0, 60.0
    blows_to = math.radians((game.state.wind.from_ + 180.0) % 360.0)
    dx, dy = 40 * math.sin(blows_to), 40 * math.cos(blows_to)
    (x1, y1), (x2, y2) = _xy(game, cx - dx, game.state.table["height"] - cy - dy), _xy(game, cx + dx, game.state.table["height"] - cy + dy)
    return [
        '<defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">'
        '<path d="M0,0 L8,4 L0,8 z" fill="#24323d"/></marker></defs>',
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#24323d" stroke-width="3" marker-end="url(#arrow)"/>',
        f'<text x="{min(x1, x2):.1f}" y="{max(y1, y2) + 20:.1f}" font-size="12">wind from {game.state.wind.from_:.0f}°</text>',
    ]


def write_turn_svg(game: Game, folder: Path) -> Path:
    """Write the table to ``folder/turn-NNN.svg`` (NNN = the last finished turn)."""
    turn = game.state.turn if game.over or game.state.step_index < 0 else max(game.state.turn - 1, 0)
    path = folder / f"turn-{turn:03d}{'-final' if game.over else ''}.svg"
    path.write_text(table_svg(game), encoding="utf-8")
    return path

