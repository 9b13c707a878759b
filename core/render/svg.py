"""The table as SVG: pieces to scale, their names, headings and mats' tracks, the wind, the
table edges, a scale bar, a legend, and what the game system draws over the table
(``sog_draw_overlays``: arcs and lines of fire, ...). A piece's outline comes from
``sog_piece_outline``. Obstacles (ships out of play whose model stays on the table, e.g.
wrecks) are greyed, with a dashed outline, their name and "wreck".

What comes from a ship's mat (``sog_ship_mat``) is read as the picture's seat may read it
(the onlooker, who owns nothing, by default); only its tracks are drawn, as rows of boxes
beside the ship's name. Labels are placed so that none overlaps another
(:mod:`sog.render.labels`); the legend sits right of the table (:mod:`sog.render.legend`).

Rendering sits beside the core and only reads a game (python-chess keeps ``chess.svg``
apart from ``chess`` the same way). The SVG's y axis points down, so every table point is
flipped once, in :func:`svg_xy`. 1 unit is 1 mm on the table.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
import zlib
from html import escape
from pathlib import Path
from typing import Any

from sog.aids import ship_mat
from sog.game import Game
from sog.geometry import Pose, Rect
from sog.render.labels import Box, place_labels, text_width
from sog.render.legend import legend_svg, split_overlays
from sog.seats import SeatView
from sog.state import ShipState
from sog.views import ONLOOKER

__all__ = ["SIDE_COLOURS", "side_colours", "svg_points", "svg_xy", "table_svg", "write_turn_svg"]

#: The sides' colours. A side's colour is picked by its id (:func:`side_colours`), so the
#: British are the same red in every scenario, whatever the order of the sides.
SIDE_COLOURS = ("#d68910", "#8e44ad", "#27ae60", "#b7950b", "#5d6d7e", "#a04000", "#2e86c1", "#c0392b")
MARGIN = 40.0
#: Fill of an obstacle's base (a ship out of play whose model stays on the table).
OBSTACLE_FILL = "#888"
#: The side of the square drawn for a piece whose outline no rule gives, mm.
DEFAULT_PIECE = 30.0
#: A piece's name: font size, mm.
NAME_FONT = 12.0
#: A track's boxes: side, distance between two boxes' left edges, the row's height; the
#: track's name in front of its boxes is abbreviated to TAG_CHARS letters of TAG_FONT mm, TAG_GAP before the boxes.
BOX, BOX_PITCH, ROW = 5.0, 6.0, 7.0
TAG_FONT, TAG_CHARS, TAG_GAP = 7.0, 4, 2.0
#: The marked boxes' fill.
MARKED = "#24323d"
#: The leader line from a label moved away to its piece.
LEADER = "#56636b"


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


def _bbox(game: Game, rect: Rect) -> Box:
    pts = [svg_xy(game, x, y) for x, y in rect.corners]
    return Box(min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def table_svg(game: Game, seat: str | None = None) -> str:
    """An SVG document of the table as it is now, its mats read as ``seat`` may (default: the
    onlooker, who owns nothing: only what every seat may see)."""
    width, height = game.state.table["width"], game.state.table["height"]
    view = SeatView(game, seat or ONLOOKER)
    colours = side_colours(list(game.state.sides))
    gone = [s for s in game.state.ships.values() if not s.in_play]
    lines = [f"{ship.name}: {ship.status}" for ship in gone]
    if game.outcome:  # below the table, under the scale bar
        lines.append(f"result: {game.outcome.reason}")
    overlays, system_entries = split_overlays(
        fragment for part in game.hook.sog_draw_overlays(game=game) for fragment in part or ())
    ships, wrecks = game.ships(), game.obstacles()
    outlines = {s.id: _outline(game, s) for s in [*ships, *wrecks]}
    tracks = {s.id: [e for e in ship_mat(game, view.seat, s.id, seat_view=view) if e["kind"] == "track"] for s in ships}
    pieces, table = _core_entries(colours, tracks, bool(wrecks))
    labels, leaders = _labels(game, ships, wrecks, outlines, tracks, colours, overlays)
    entries = pieces + system_entries + table
    if leaders:
        entries.append((f'<line x1="2" y1="10" x2="22" y2="2" stroke="{LEADER}" stroke-width="0.6"/>', "leader to a label set apart"))
    legend, legend_width, legend_height = legend_svg(2 * MARGIN + width, MARGIN, entries)
    full_w = 2 * MARGIN + width + legend_width
    full = max(height + 2 * MARGIN + max(0.0, SCALE_ROOM + 22 + 14 * len(lines) - MARGIN), MARGIN + legend_height + 10)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{full_w:.0f}" height="{full:.0f}" '
        f'viewBox="0 0 {full_w:.0f} {full:.0f}" font-family="sans-serif">',
        '<defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">'
        '<path d="M0,0 L8,4 L0,8 z" fill="#24323d"/></marker></defs>',
        f'<rect x="0" y="0" width="{full_w:.0f}" height="{full:.0f}" fill="#f4f1e8"/>',
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{width}" height="{height}" fill="#bfd8e6" stroke="#24323d" stroke-width="2"/>',
        f'<text x="{MARGIN}" y="{MARGIN - 12}" font-size="16">{escape(game.state.scenario)} · {_when(game)}</text>',
    ]
    out += overlays
    for ship in ships:  # each piece's arcs, hidden: a page shows them on demand
        arcs = [fragment for part in game.hook.sog_draw_arcs(game=game, ship=ship) for fragment in part or ()]
        if arcs:
            out.append(f'<g class="arcs" data-ship="{escape(ship.id)}" display="none">' + "".join(arcs) + "</g>")
    out += leaders
    for ship in ships:
        rect = outlines[ship.id]
        out.append(f'<polygon points="{_points(game, rect.corners)}" fill="{colours[ship.side]}" fill-opacity="0.75" stroke="#111" stroke-width="1" '
                   f'data-ship="{escape(ship.id)}"/>')
        pose = Pose(ship.pose.x, ship.pose.y, ship.pose.heading)
        bow = pose.local_to_world(0, rect.length / 2)
        tip = [pose.local_to_world(-6, rect.length / 2 - 10), bow, pose.local_to_world(6, rect.length / 2 - 10)]
        out.append(f'<polyline points="{_points(game, tip)}" fill="none" stroke="#fff" stroke-width="2"/>')
    for ship in wrecks:  # out of play, model still on the table: greyed, dashed
        out.append(f'<polygon points="{_points(game, outlines[ship.id].corners)}" fill="{OBSTACLE_FILL}" fill-opacity="0.75" '
                   f'stroke="#111" stroke-width="1" stroke-dasharray="4 3" data-ship="{escape(ship.id)}"/>')
    out += _wind(game)
    out += labels
    for i, line in enumerate(lines):
        out.append(f'<text x="{MARGIN + 4}" y="{height + MARGIN + SCALE_ROOM + 16 + 14 * i:.0f}" font-size="12">{escape(line)}</text>')
    out += _scale_bar(width, height)
    out += legend
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _core_entries(colours: dict[str, str], tracks: dict[str, list[dict[str, Any]]],
                  wrecks: bool) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The legend's entries for what the core draws: of the pieces (the sides, the mats'
    tracks) and of the table (wind, wrecks, scale), the game system's go between."""
    entries = [(f'<rect x="4" y="1" width="16" height="10" fill="{colour}" fill-opacity="0.75" stroke="#111" stroke-width="0.8"/>', side)
               for side, colour in colours.items()]
    names = list(dict.fromkeys(e["name"] for mat in tracks.values() for e in mat))
    if names:
        boxes = "".join(f'<rect x="{1 + i * BOX_PITCH:.1f}" y="3.5" width="{BOX}" height="{BOX}" '
                        f'fill="{MARKED if i < 2 else "#fff"}" stroke="{MARKED}" stroke-width="0.4"/>' for i in range(4))
        entries.append((boxes, f"{', '.join(names)} track (filled: marked)"))
    table = [('<path d="M2,6 H16" stroke="#24323d" stroke-width="2.5"/><path d="M14,1 L23,6 L14,11 z" fill="#24323d"/>',
              "wind, blowing this way")]
    if wrecks:
        table.append((f'<rect x="2" y="2" width="20" height="8" fill="{OBSTACLE_FILL}" fill-opacity="0.75" stroke="#111" '
                      f'stroke-width="0.8" stroke-dasharray="4 3"/>', "wreck (out of play)"))
    table.append(('<path d="M1,3 V9 M1,6 H23 M23,3 V9" stroke="#24323d" stroke-width="1.5" fill="none"/>',
                  f"scale bar: {SCALE_BAR:.0f} mm"))
    return entries, table


def _track_rows(entries: list[dict[str, Any]]) -> float:
    """The width of the widest row of boxes of ``entries`` (its tag included)."""
    return max((text_width("x" * TAG_CHARS, TAG_FONT) + TAG_GAP + int(e["size"]) * BOX_PITCH for e in entries), default=0.0)


def _label(x0: float, y0: float, width: float, name: str, colour: str | None, entries: list[dict[str, Any]],
           ship_id: str) -> str:
    """One ship's label at ``(x0, y0)``: its name line, then a row of boxes per track."""
    cx = x0 + width / 2
    fill = "#444" if colour is None else "#111"
    parts = [f'<g class="label" data-for="{escape(ship_id)}">',
             f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{width:.1f}" height="{_label_height(entries):.1f}" fill="#fff" '
             f'fill-opacity="0.55" stroke="none"/>',
             f'<text x="{cx:.1f}" y="{y0 + NAME_FONT * 0.85:.1f}" font-size="{NAME_FONT:g}" text-anchor="middle" '
             f'fill="{fill}">{escape(name)}</text>']
    tag = text_width("x" * TAG_CHARS, TAG_FONT) + TAG_GAP
    rx = cx - _track_rows(entries) / 2  # the rows start together, under one another
    for row, entry in enumerate(entries):
        size, marked = int(entry["size"]), int(entry.get("marked", 0))
        ry = y0 + NAME_FONT + 1 + row * ROW
        parts.append(f'<text class="track-name" x="{rx:.1f}" y="{ry + BOX - 0.3:.1f}" font-size="{TAG_FONT:g}" '
                     f'fill="#333">{escape(str(entry["name"])[:TAG_CHARS])}</text>')
        boxes = "".join(f'<rect x="{rx + tag + i * BOX_PITCH:.1f}" y="{ry:.1f}" width="{BOX}" height="{BOX}" '
                        f'fill="{MARKED if i < marked else "#fff"}" stroke="{MARKED}" stroke-width="0.4"/>' for i in range(size))
        parts.append(f'<g class="track" data-name="{escape(str(entry["name"]))}" data-size="{size}" data-marked="{marked}">{boxes}</g>')
    parts.append("</g>")
    return "".join(parts)


def _label_height(entries: list[dict[str, Any]]) -> float:
    return NAME_FONT + 1 + len(entries) * ROW + (1 if entries else 2)


def _labels(game: Game, ships: list[ShipState], wrecks: list[ShipState], outlines: dict[str, Rect],
            tracks: dict[str, list[dict[str, Any]]], colours: dict[str, str], overlays: list[str]) -> tuple[list[str], list[str]]:
    """Every piece's label, placed so that none overlaps another, the wind, the scale bar or
    text drawn over the table (nor, where it can, a piece), and the leaders of those set apart."""
    width, height = game.state.table["width"], game.state.table["height"]
    wanted = []
    for ship in ships:
        name = f"{ship.name} {ship.pose.heading:.0f}°"
        wanted.append((ship, name, colours[ship.side], tracks[ship.id]))
    for ship in wrecks:
        wanted.append((ship, f"{ship.name} wreck", None, []))
    anchors = {s.id: _bbox(game, outlines[s.id]) for s in [*ships, *wrecks]}
    sizes = [(max(text_width(name, NAME_FONT), _track_rows(mat)) + 2, _label_height(mat)) for _, name, _, mat in wanted]
    bounds = Box(2, MARGIN - 2, 2 * MARGIN + width - 4, MARGIN + height + SCALE_ROOM)
    placed = place_labels([(anchors[s.id], w, h) for (s, *_), (w, h) in zip(wanted, sizes)], list(anchors.values()), bounds,
                          fixed=[*_texts(overlays), _wind_box(game), _scale_box(width, height)])
    labels, leaders = [], []
    for (ship, name, colour, mat), where in zip(wanted, placed):
        labels.append(_label(where.box.x0, where.box.y0, where.box.width, name, colour, mat, ship.id))
        if where.leader:
            (ax, ay), box = anchors[ship.id].centre, where.box
            lx, ly = min(max(ax, box.x0), box.x1), min(max(ay, box.y0), box.y1)
            leaders.append(f'<line class="leader" x1="{lx:.1f}" y1="{ly:.1f}" x2="{ax:.1f}" y2="{ay:.1f}" '
                           f'stroke="{LEADER}" stroke-width="0.6"/>')
    return labels, leaders


_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def _texts(fragments: list[str]) -> list[Box]:
    """The boxes of the text drawn over the table by rules (terrain names, ...), estimated."""
    boxes = []
    for fragment in fragments:
        if "<text" not in fragment:
            continue
        try:
            root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{fragment}</g>')
        except ET.ParseError:
            continue
        for text in root.iter("{http://www.w3.org/2000/svg}text"):
            values = [_NUMBER.match(text.get(k, "")) for k in ("x", "y", "font-size")]
            if not all(values):
                continue
            x, y, size = (float(v.group(0)) for v in values if v)
            w = text_width("".join(text.itertext()), size)
            anchor = text.get("text-anchor", "start")
            x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
            boxes.append(Box(x0, y - size, x0 + w, y + size * 0.25))
    return boxes


#: The length of the scale bar under the table's right-hand corner, mm.
SCALE_BAR = 100.0
#: The height the bar and its label take under the table: the lines below it start lower.
SCALE_ROOM = 34.0


def _scale_box(width: float, height: float) -> Box:
    """Where the scale bar and its label are drawn (labels keep clear of it)."""
    return Box(MARGIN + width - SCALE_BAR - 2, MARGIN + height + 8, MARGIN + width + 2, MARGIN + height + SCALE_ROOM)


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
    """Which moment the picture shows: the setup, a step of a turn (pages draw the table while
    a turn runs), the end of a turn, or the end of the game."""
    if game.over:
        return f"end of the game, turn {game.state.turn}"
    if game.state.step_index >= 0 and game.step is not None:
        return f"turn {game.state.turn}, {game.step.name}"
    return "setup" if game.state.turn <= 0 else f"after turn {game.state.turn}"


def _wind_ends(game: Game) -> tuple[tuple[float, float], tuple[float, float]]:
    width, height = game.state.table["width"], game.state.table["height"]
    cx, cy = width - 60.0, height - 60.0
    blows_to = math.radians((game.state.wind.from_ + 180.0) % 360.0)
    dx, dy = 40 * math.sin(blows_to), 40 * math.cos(blows_to)
    return _xy(game, cx - dx, cy - dy), _xy(game, cx + dx, cy + dy)


def _wind_box(game: Game) -> Box:
    (x1, y1), (x2, y2) = _wind_ends(game)
    words = text_width(f"wind from {game.state.wind.from_:.0f}°", 12) / 2  # centred under the arrow
    cx = (x1 + x2) / 2
    return Box(min(x1, x2, cx - words) - 6, min(y1, y2) - 6, max(x1, x2, cx + words) + 6, max(y1, y2) + 24)


def _wind(game: Game) -> list[str]:
    (x1, y1), (x2, y2) = _wind_ends(game)
    return [
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#24323d" stroke-width="3" marker-end="url(#arrow)"/>',
        f'<text x="{(x1 + x2) / 2:.1f}" y="{max(y1, y2) + 20:.1f}" font-size="12" text-anchor="middle">wind from {game.state.wind.from_:.0f}°</text>',
    ]


def write_turn_svg(game: Game, folder: Path, seat: str | None = None) -> Path:
    """Write the table as ``seat`` may see it (``None``: as anyone may) to
    ``folder/turn-NNN.svg`` (NNN = the last finished turn)."""
    turn = game.state.turn if game.over or game.state.step_index < 0 else max(game.state.turn - 1, 0)
    path = folder / f"turn-{turn:03d}{'-final' if game.over else ''}.svg"
    path.write_text(table_svg(game, seat=seat), encoding="utf-8")
    return path
