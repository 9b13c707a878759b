"""A Sails of Glory ship's arcs of fire as SVG (``sog_draw_arcs``, :mod:`sog.plugins.system.arcs_drawing`).

Every ship in play gets its six arcs (forward, central, rear of each broadside), each cut into
the ruler's bands; every point lies within the ruler's length of the arc's red dot; a
broadside's wedges lie on its side of the ship; the table picture keeps them in hidden
groups and stays well-formed XML.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from sog.plugins.system.arcs_drawing import sog_draw_arcs
from sog.plugins.system.tabletop import ARCS, SIDES, arc_of, base_of, pose_of, ruler_of
from sog.render.svg import MARGIN, table_svg
from sog.setup import new_game
from sog.state import PoseState

NS = "{http://www.w3.org/2000/svg}"
#: The pictures round coordinates to 0.1 mm.
ROUNDING = 0.1


def _game(library, heading: float = 45.0):
    game = new_game("enemy-in-sight", level="standard", seed=3, library=library)
    game.ship("terpsichore").pose = PoseState(x=300.0, y=300.0, heading=heading)
    return game


def _table_xy(game, x: float, y: float) -> tuple[float, float]:
    """Undo :func:`sog.render.svg.svg_xy`: picture coordinates back to the table's (mm, y up)."""
    return x - MARGIN, game.state.table["height"] - (y - MARGIN)


def _polygons(game, ship):
    """``(element, table points)`` of each wedge of the ship's arcs."""
    root = ET.fromstring("<g xmlns='http://www.w3.org/2000/svg'>" + "".join(sog_draw_arcs(game, ship)) + "</g>")
    out = []
    for polygon in root.iter(f"{NS}polygon"):
        points = [tuple(map(float, pair.split(","))) for pair in polygon.get("points").split()]
        out.append((polygon, [_table_xy(game, x, y) for x, y in points]))
    return out


def _dot(game, ship, side: str, arc: str) -> tuple[float, float]:
    spec = arc_of(base_of(game, ship), side, arc)
    return pose_of(ship).local_to_world(spec.dot[0], spec.dot[1])


def test_every_ship_in_play_gets_each_arc_cut_into_every_ruler_band(library):
    game = _game(library)
    game.remove_ship("genereux", "surrendered")
    bands = {b.name: b.range for b in ruler_of(game).bands}
    for ship in game.ships():
        found = {(p.get("data-side"), p.get("data-arc"), p.get("data-band")): p.get("class") for p, _ in _polygons(game, ship)}
        assert set(found) == {(s, a, b) for s in SIDES for a in ARCS for b in bands}
        assert all(cls == f"arc arc-{bands[band]}" for (_, _, band), cls in found.items())
    assert sog_draw_arcs(game, game.ship("genereux")) == []


def test_every_point_of_an_arc_lies_within_the_rulers_length_of_its_red_dot(library):
    game = _game(library)
    ship = game.ship("terpsichore")
    ruler = ruler_of(game)
    far = {b.name: b.to for b in ruler.bands}
    near = {b.name: b.from_ for b in ruler.bands}
    for polygon, points in _polygons(game, ship):
        dx, dy = _dot(game, ship, polygon.get("data-side"), polygon.get("data-arc"))
        distances = [math.hypot(x - dx, y - dy) for x, y in points]
        band = polygon.get("data-band")
        assert max(distances) <= min(far[band], ruler.length) + ROUNDING
        assert max(distances) >= far[band] - ROUNDING  # it reaches the band's far end
        assert min(distances) <= near[band] + ROUNDING


@pytest.mark.parametrize("heading", [0.0, 45.0, 200.0, 315.0])
def test_a_broadsides_wedges_lie_on_its_side_of_the_ship(library, heading):
    game = _game(library, heading)
    ship = game.ship("terpsichore")
    pose = pose_of(ship)
    for polygon, points in _polygons(game, ship):
        cx, cy = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
        right, forward = pose.world_to_local(cx, cy)
        assert (right < 0) == (polygon.get("data-side") == "left"), (polygon.get("data-side"), right)
        expected = {"forward": forward > 0, "rear": forward < 0, "central": True}[polygon.get("data-arc")]
        assert expected, (polygon.get("data-arc"), forward)


def test_the_table_picture_keeps_each_ships_arcs_in_a_hidden_group_and_stays_valid_xml(library):
    game = _game(library)
    svg = table_svg(game)
    root = ET.fromstring(svg)
    groups = {g.get("data-ship"): g for g in root.iter(f"{NS}g") if g.get("class") == "arcs"}
    assert set(groups) == {ship.id for ship in game.ships()}
    for group in groups.values():
        assert group.get("display") == "none"
        wedges = [p for p in group.iter(f"{NS}polygon") if "arc" in p.get("class", "").split()]
        assert len(wedges) == len(SIDES) * len(ARCS) * len(ruler_of(game).bands)
        assert len(list(group.iter(f"{NS}circle"))) == len(SIDES) * len(ARCS)  # a red dot per arc
        assert not list(group.iter(f"{NS}text"))
    assert re.search(r'fill-opacity="0\.\d+"', svg)
