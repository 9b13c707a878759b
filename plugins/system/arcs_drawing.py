"""A Sails of Glory ship's arcs of fire and ruler bands as SVG (``sog_draw_arcs``).

Each broadside (left and right) has three arcs, forward, central and rear, each measured from
its own red dot on the base (the base document's starboard arcs, mirrored to port). Every arc
is drawn as a wedge from its dot out to the ruler's length, cut into one ring per band of the
ruler: a band of the short range is classed ``arc arc-short``, one of the long range ``arc
arc-long``, with ``data-side``, ``data-arc`` and ``data-band`` so that a page may style or
pick them; the nearer bands of a range are a little darker (the red band of the short range
stands out). A small dot marks each arc's origin. Fills are translucent, so where two arcs
overlap (forward and central) both show; there is no text.

Only public geometry is drawn: the ship's pose, its base and the scenario's ruler. Land and
other bases are not cut out (what blocks a ruler depends on the target).
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.geometry.pose import heading_vector
from sog.render.svg import svg_points, svg_xy

from .geometry import arc_width
from .tabletop import ARCS, SIDES, arc_of, base_of, pose_of, ruler_of

__all__ = ["arc_wedges", "band_ring"]

#: Fill colour of each range's bands.
FILLS = {"short": "#c0392b", "long": "#f39c12"}
#: Fill opacity of a range's farthest band, and what each nearer band of it adds.
OPACITY = (0.16, 0.1)
#: Degrees between two points along a ring's curved edges.
STEP = 5.0
#: The origin dot: radius (mm) and colour.
DOT = (1.6, "#922b21")


def band_ring(dot: tuple[float, float], start: float, width: float, inner: float, outer: float) -> list[tuple[float, float]]:
    """Table points of the part of an arc between ``inner`` and ``outer`` mm of its ``dot``:
    the arc's bearings from ``start`` clockwise over ``width`` degrees (a pie from the dot
    when ``inner`` is 0)."""
    n = max(1, int(-(-width // STEP)))
    bearings = [start + width * i / n for i in range(n + 1)]
    far = [(dot[0] + outer * vx, dot[1] + outer * vy) for vx, vy in map(heading_vector, bearings)]
    if inner <= 0:
        return [dot, *far]
    near = [(dot[0] + inner * vx, dot[1] + inner * vy) for vx, vy in map(heading_vector, reversed(bearings))]
    return far + near


def arc_wedges(game: Any, ship: Any) -> list[dict[str, Any]]:
    """Every arc of ``ship`` cut into the ruler's bands: ``{side, arc, band, range, dot,
    points}`` (table mm), both broadsides, forward to rear; ``game`` is anything
    :mod:`.tabletop` reads (a game, a seat's table)."""
    base, ruler, pose = base_of(game, ship), ruler_of(game), pose_of(ship)
    bands = sorted(ruler.bands, key=lambda b: (b.from_, b.to))
    wedges: list[dict[str, Any]] = []
    for side in SIDES:
        for name in ARCS:
            arc = arc_of(base, side, name)
            dot = pose.local_to_world(arc.dot[0], arc.dot[1])
            start, width = pose.heading + arc.from_, arc_width(arc.from_, arc.to)
            for band in bands:
                wedges.append({"side": side, "arc": name, "band": band.name, "range": band.range, "dot": dot,
                               "points": band_ring(dot, start, width, band.from_, min(band.to, ruler.length))})
    return wedges


def _opacity(band: str, ranges: dict[str, list[str]], range_: str) -> float:
    """Darker for the nearer bands of a range: the farthest gets the base opacity."""
    names = ranges[range_]
    base, extra = OPACITY
    return round(base + extra * (len(names) - 1 - names.index(band)), 2)


@hookimpl
def sog_draw_arcs(game: Game, ship: Any) -> list[str]:
    if not getattr(ship, "in_play", False) or not hasattr(ship, "broadsides"):
        return []
    wedges = arc_wedges(game, ship)
    ranges: dict[str, list[str]] = {}
    for wedge in wedges:
        names = ranges.setdefault(wedge["range"], [])
        if wedge["band"] not in names:
            names.append(wedge["band"])
    out: list[str] = []
    dots: dict[tuple[str, str], tuple[float, float]] = {}
    for w in wedges:
        fill = FILLS.get(w["range"], "#7f8c8d")
        out.append(f'<polygon class="arc arc-{w["range"]}" data-side="{w["side"]}" data-arc="{w["arc"]}" '
                   f'data-band="{w["band"]}" points="{svg_points(game, w["points"])}" fill="{fill}" '
                   f'fill-opacity="{_opacity(w["band"], ranges, w["range"])}" stroke="{fill}" stroke-opacity="0.5" '
                   f'stroke-width="0.4"/>')
        dots[(w["side"], w["arc"])] = w["dot"]
    radius, colour = DOT
    for (side, name), (x, y) in dots.items():
        cx, cy = svg_xy(game, x, y)
        out.append(f'<circle class="arc-dot" data-side="{side}" data-arc="{name}" cx="{cx:.1f}" cy="{cy:.1f}" '
                   f'r="{radius}" fill="{colour}"/>')
    return out
