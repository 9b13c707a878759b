"""The table in pictures: hulls to scale, rocks, batteries and the last turn's lines of fire."""

from __future__ import annotations

import re
from typing import Any

from sog.render.svg import table_svg
from sog.setup import new_game
from test_games import play_captains

from dice_and_inches.pictures import EARTHWORK_FILL, ROCK_FILL, shots
from dice_and_inches.units import INCH


def _polygon_sides(svg: str) -> list[list[float]]:
    """The side lengths of every piece polygon drawn (side-coloured, fill-opacity 0.75)."""
    sides = []
    for points in re.findall(r'<polygon points="([^"]+)" fill="#[0-9a-f]+" fill-opacity="0.75"', svg):
        pts = [tuple(map(float, p.split(","))) for p in points.split()]
        sides.append(sorted(round(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5, 0)
                            for a, b in zip(pts, pts[1:] + pts[:1])))
    return sides


def test_the_hulls_are_drawn_to_scale(duel: Any) -> None:
    sides = _polygon_sides(table_svg(duel))
    assert sides == [[round(2 * INCH), round(2 * INCH), round(6 * INCH), round(6 * INCH)]] * 2  # 6" x 2" hulls


def test_rocks_and_batteries_are_drawn_distinctly(catalogue: Any, library: Any) -> None:
    game = new_game("dice-squadron", seed=1, catalogue=catalogue, library=library)
    svg = table_svg(game)
    [rock] = re.findall(r'<circle class="rock"[^>]*>', svg)
    assert f'fill="{ROCK_FILL}"' in rock and 'r="38.1"' in rock
    assert svg.count('class="battery"') == 2 and svg.count(f'fill="{EARTHWORK_FILL}"') == 2
    assert svg.count('class="gun-line"') == 2
    assert svg.index('class="rock"') < svg.index("<polygon points=")  # under the pieces


def test_the_last_turns_shots_are_drawn_as_lines_ticked_at_the_range_bands(catalogue: Any, library: Any) -> None:
    game = play_captains("dice-duel", 1, catalogue, library)
    fired = shots(game)
    assert fired and all(len(s["line"]) == 2 and s["fired"] >= 1 for s in fired)
    svg = table_svg(game)
    assert svg.count('class="shot"') == len(fired) == svg.count('class="shot-label"')
    ticks = sum(sum(1 for t in (3.0, 6.0) if t < s_len) for s_len in
                (((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 / INCH for a, b in (s["line"] for s in fired)))
    assert svg.count('class="range-tick"') == ticks


def test_a_new_game_has_no_shots_drawn(duel: Any) -> None:
    assert shots(duel) == [] and 'class="shot"' not in table_svg(duel)
