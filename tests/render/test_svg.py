"""The table as SVG: every ship in play drawn to scale, the wind, the sides, the last fire."""

import xml.etree.ElementTree as ET

from sog.bots import make_bot
from sog.render.svg import MARGIN, table_svg
from sog.setup import new_game
from sog.plugins.system.tabletop import rect_of

NS = "{http://www.w3.org/2000/svg}"


def _svg(game):
    return ET.fromstring(table_svg(game))


def test_setup_picture_has_table_ships_wind_and_legend():
    game = new_game("enemy-in-sight", seed=1)
    root = _svg(game)
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert any("setup" in t for t in texts)
    assert "wind from 90°" in texts and "british" in texts and "french" in texts
    for ship in game.ships():
        assert any(t.startswith(ship.name) for t in texts)
    bases = [p for p in root.iter(f"{NS}polygon") if p.get("stroke") == "#111"]
    assert len(bases) == len(game.ships())


def test_bases_are_drawn_to_scale_at_their_pose():
    game = new_game("enemy-in-sight", seed=1)
    ship = game.ships()[0]
    corners = rect_of(game, ship).corners
    height = game.state.table["height"]
    expected = " ".join(f"{x + MARGIN:.1f},{height - y + MARGIN:.1f}" for x, y in corners)
    polygons = [p.get("points") for p in _svg(game).iter(f"{NS}polygon")]
    assert expected in polygons


def test_the_last_combat_draws_arcs_and_lines_of_fire():
    game = new_game("enemy-in-sight", seed=2)
    # Stopped before the last turn (46), whose fire sinks the target: the line would point at nothing.
    game.run({s: make_bot("captain", 2, s, game.system) for s in game.seats()}, max_turns=45)
    root = _svg(game)
    lines = [line for line in root.iter(f"{NS}line") if line.get("stroke") == "#922b21"]
    last_turn = max(e["turn"] for e in game.log.of_kind("attack"))
    on_table = {s.id for s in [*game.ships(), *game.obstacles()]}  # a ship that left the table has no line
    attacks = [e for e in game.log.of_kind("attack") if e["turn"] == last_turn
               and {e["data"]["attacker"], e["data"]["target"]} <= on_table]
    assert attacks and len(lines) == len(attacks)


def test_the_result_is_written_below_the_table_and_the_picture_grows_to_hold_every_line():
    game = new_game("enemy-in-sight", seed=1)
    game.run({seat: make_bot("random", 1, seat) for seat in game.seats()})
    root = ET.fromstring(table_svg(game))
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    title = texts[0]
    assert game.outcome.reason not in title
    (result,) = [t for t in root.iter(f"{NS}text") if (t.text or "").startswith("result: ")]
    assert result.text == f"result: {game.outcome.reason}"
    height = float(root.get("height"))
    assert float(result.get("y")) < height  # inside the picture
    assert float(result.get("y")) > game.state.table["height"] + MARGIN  # below the table


def test_a_100_mm_scale_bar_lies_under_the_table_and_above_the_lines_below_it():
    game = new_game("enemy-in-sight", seed=1)
    game.run({seat: make_bot("random", 1, seat) for seat in game.seats()})
    root = ET.fromstring(table_svg(game))
    (bar,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "scale-bar"]
    line = next(bar.iter(f"{NS}line"))
    x1, x2, y = float(line.get("x1")), float(line.get("x2")), float(line.get("y1"))
    table = game.state.table
    assert x2 - x1 == 100.0  # 1 unit = 1 mm, as the bases are drawn
    assert x2 == MARGIN + table["width"] and y > MARGIN + table["height"]
    assert next(bar.iter(f"{NS}text")).text == "100 mm"
    below = [float(t.get("y")) for t in root.iter(f"{NS}text") if (t.text or "").startswith("result: ")]
    assert below and min(below) > y + 16  # the lines start under the bar's label


def test_a_side_keeps_its_colour_whatever_the_order_of_the_sides_and_two_sides_never_share_one():
    from sog.render.svg import SIDE_COLOURS, side_colours

    assert side_colours(["british", "french"]) == side_colours(["french", "british"])
    assert side_colours(["british", "french"])["british"] == side_colours(["british", "american"])["british"]
    crowded = side_colours([f"side-{i}" for i in range(len(SIDE_COLOURS))])
    assert sorted(crowded.values()) == sorted(SIDE_COLOURS)  # all distinct while the palette lasts


def test_the_ships_of_a_side_are_drawn_in_its_colour():
    from sog.render.svg import side_colours

    game = new_game("enemy-in-sight", seed=1)
    svg = table_svg(game)
    for side, colour in side_colours(list(game.state.sides)).items():
        assert f'fill="{colour}" fill-opacity="0.75"' in svg, side


def test_a_picture_drawn_while_a_turn_runs_names_the_turn_and_its_step():
    """Pages draw the table mid-turn: the title says which step, not "setup" or a past turn."""
    game = new_game("enemy-in-sight", seed=1)
    game.advance()  # turn 1's planning waits for the seats
    texts = [t.text for t in _svg(game).iter(f"{NS}text")]
    assert f"enemy-in-sight · turn 1, {game.step.name}" in texts
    assert not any("setup" in t for t in texts)
