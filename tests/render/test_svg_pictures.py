"""What a player reads from the table picture: each ship's tracks beside its name, this turn's
tracks, fire arrows ending on their targets, a legend, labels that never overlap, nothing a
seat may not see, the same bytes for the same game."""

import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from sog import hookimpl
from sog.aids import ship_mat
from sog.bots import make_bot
from sog.geometry import Rect
from sog.lineup import Lineup
from sog.pools import counter_table
from sog.render.labels import Box, text_width
from sog.render.legend import legend_entry
from sog.render.svg import MARGIN, MARKED, side_colours, table_svg
from sog.setup import new_game
from sog.testing import RuleProvider, create_catalogue
from sog.views import ONLOOKER

from sog.plugins.system.tabletop import rect_of

NS = "{http://www.w3.org/2000/svg}"
SECRET = "XYZZY-SEALED-ORDERS"


class HouseMat:
    """A house rule's mat: a public morale track, and for the ship's own seat a plan track and
    a secret line."""

    @hookimpl
    def sog_ship_mat(self, seat_view, ship):
        entries = [{"kind": "track", "name": "morale", "size": 5, "marked": 2}]
        if seat_view.data["ships"][ship]["seat"] == seat_view.seat:
            entries += [{"kind": "track", "name": "plan", "size": 3, "marked": 3},
                        {"kind": "fact", "name": "orders", "value": f"{ship} {SECRET}", "own": True}]
        return entries


def _house_game(turns=0, seed=1):
    catalogue = create_catalogue(extra=[RuleProvider("house-mat", HouseMat())])
    game = new_game("enemy-in-sight", level="basic", seed=seed, catalogue=catalogue, add_options=["house-mat"])
    if turns:
        _play(game, turns, seed)
    return game


def _play(game, turns, seed=1):
    game.run({s: make_bot("captain", seed, s, game.system) for s in game.seats()}, max_turns=turns)
    return game


def _tracks(root):
    """Ship id -> track name -> (size, marked, boxes drawn, boxes filled)."""
    out = {}
    for label in root.iter(f"{NS}g"):
        if label.get("class") != "label":
            continue
        for track in label.iter(f"{NS}g"):
            if track.get("class") == "track":
                boxes = list(track.iter(f"{NS}rect"))
                out.setdefault(label.get("data-for"), {})[track.get("data-name")] = (
                    int(track.get("data-size")), int(track.get("data-marked")), len(boxes),
                    sum(1 for b in boxes if b.get("fill") == MARKED))
    return out


def _on_edge(rect, point):
    """Whether ``point`` lies on the rectangle's outline (within the picture's 0.1 mm)."""
    inner = Rect(rect.cx, rect.cy, rect.heading, rect.width - 0.5, rect.length - 0.5)
    return rect.point_distance(*point) < 0.15 and not inner.contains_point(*point)


def _table_xy(game, x, y):
    return float(x) - MARGIN, game.state.table["height"] - (float(y) - MARGIN)


def test_each_ships_mat_tracks_are_rows_of_boxes_beside_its_name_the_marked_ones_filled():
    game = _house_game()
    tracks = _tracks(ET.fromstring(table_svg(game)))
    assert set(tracks) == {s.id for s in game.ships()}
    for ship in game.ships():
        assert tracks[ship.id]["morale"] == (5, 2, 5, 2)
        assert "plan" not in tracks[ship.id]  # the onlooker's picture: no seat's own track


def test_a_seats_picture_reads_the_mats_as_that_seat_may():
    game = _house_game()
    tracks = _tracks(ET.fromstring(table_svg(game, seat="british")))
    for ship in game.ships():
        assert ("plan" in tracks[ship.id]) == (ship.seat == "british"), ship.id
        if ship.seat == "british":
            assert tracks[ship.id]["plan"] == (3, 3, 3, 3)


def test_real_ships_tracks_are_the_ones_their_mats_give_as_the_onlooker_reads_them():
    game = _play(new_game("enemy-in-sight", level="basic", seed=2), 4, seed=2)
    tracks = _tracks(ET.fromstring(table_svg(game)))
    for ship in game.ships():
        mat = [e for e in ship_mat(game, ONLOOKER, ship.id) if e["kind"] == "track"]
        drawn = tracks.get(ship.id, {})
        assert sorted(drawn) == sorted(e["name"] for e in mat) == ["crew", "hull"]
        for entry in mat:
            assert drawn[entry["name"]] == (entry["size"], entry["marked"], entry["size"], entry["marked"])


@pytest.mark.parametrize("seat", ["french", None])
def test_a_picture_for_another_seat_carries_none_of_the_british_secrets(seat):
    game = _house_game(turns=2)
    svg = table_svg(game, seat=seat)
    assert SECRET not in svg
    own = [e["value"] for s in game.ships() if s.seat == "british"
           for e in ship_mat(game, "british", s.id) if e["kind"] == "fact" and e.get("own")]
    assert any(SECRET in value for value in own)  # the british seat reads them on its mats
    for value in own:
        assert value not in svg
    for ship in game.ships():  # what a broadside holds stays with its own seat
        for guns in ship.broadsides.values():
            if ship.seat == "british" and guns.loaded not in (None, "ball"):
                assert f"loaded: {guns.loaded}" not in svg


def _moves_of_last_turn(game):
    moves = game.log.of_kind("ship-moved")
    return [e["data"] for e in moves if e["turn"] == moves[-1]["turn"]]


def _points(attr):
    return [tuple(float(v) for v in p.split(",")) for p in attr.split()]


def test_this_turns_track_passes_through_each_of_the_ships_poses_of_the_turn():
    game = _play(new_game("enemy-in-sight", level="basic", seed=3), 3, seed=3)
    root = ET.fromstring(table_svg(game))
    lines = {p.get("data-ship"): _points(p.get("points")) for p in root.iter(f"{NS}polyline") if p.get("class") == "turn-track"}
    moves = _moves_of_last_turn(game)
    assert moves and set(lines) == {m["ship"] for m in moves}
    ticks = [p for p in root.iter(f"{NS}polyline") if p.get("class") == "turn-tick"]
    assert len(ticks) == len(moves)  # a tick where each card ends
    colours = side_colours(list(game.state.sides))
    for move in moves:
        points = [_table_xy(game, x, y) for x, y in lines[move["ship"]]]
        for pose in (move["before"], move["after"]):
            assert min(abs(x - pose["x"]) + abs(y - pose["y"]) for x, y in points) < 0.15, (move["ship"], pose)
        (line,) = [p for p in root.iter(f"{NS}polyline") if p.get("data-ship") == move["ship"]]
        assert line.get("stroke") == colours[game.state.ships[move["ship"]].side]
        assert line.get("stroke-dasharray")


def _game_with_fire():
    for seed in range(1, 30):
        game = _play(new_game("enemy-in-sight", level="basic", seed=seed), 4, seed=seed)
        attacks = [e for e in game.log.of_kind("attack") if e["turn"] >= game.state.turn - 1]
        if attacks and any(e["data"]["counters"] for e in attacks):
            return game
    raise AssertionError("no seed fired in four turns")


def test_a_line_of_fire_has_an_arrowhead_and_ends_on_its_targets_base_with_the_damage_drawn():
    game = _game_with_fire()
    svg = table_svg(game)
    root = ET.fromstring(svg)
    assert root.find(f".//{NS}marker[@id='fire-arrow']") is not None
    fire = [line for line in root.iter(f"{NS}line") if line.get("class") == "fire"]
    assert fire
    for line in fire:
        assert line.get("marker-end") == "url(#fire-arrow)"
        target = game.state.ships[line.get("data-target")]
        end = _table_xy(game, line.get("x2"), line.get("y2"))
        assert _on_edge(rect_of(game, target), end)  # on the base's edge, not at its centre
    damage = sorted(t.text for t in root.iter(f"{NS}text") if t.get("class") == "fire-damage")
    known = {c.label(): c for pool in game.state.pools for c in counter_table(game.content, pool)}
    last = max(e["turn"] for e in game.log.of_kind("attack"))
    expected = []
    for attack in (e["data"] for e in game.log.of_kind("attack") if e["turn"] == last):
        drawn = [known[label] for label in attack["counters"]]
        crew = sum(c.symbol == "crew" for c in drawn)
        if drawn:
            expected.append(f"{sum(c.value or 0 for c in drawn)} dmg" + (f", {crew} crew" if crew else ""))
    assert damage == sorted(expected)


def _legend(root):
    (legend,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "legend"]
    return legend, [t.text for t in legend.iter(f"{NS}text")][1:]


def test_the_legend_lies_beside_the_table_and_lists_every_side_and_symbol_used():
    game = _game_with_fire()
    root = ET.fromstring(table_svg(game))
    legend, texts = _legend(root)
    right = MARGIN + game.state.table["width"]
    assert all(float(t.get("x")) > right for t in legend.iter(f"{NS}text"))
    assert float(root.get("width")) > right + MARGIN + max(text_width(t, 11) for t in texts)
    for side in game.state.sides:
        assert side in texts
    for words in ("hull, crew track", "wind", "scale bar", "this turn's track", "fire", "firing arc"):
        assert any(words in t for t in texts), words
    assert not any("wreck" in t for t in texts)  # no wreck on this table


def test_the_legend_of_the_setup_lists_only_what_is_drawn():
    _, texts = _legend(ET.fromstring(table_svg(new_game("enemy-in-sight", seed=1))))
    assert not any("this turn's track" in t or "fire" in t or "arc" in t for t in texts)
    assert "french" in texts and any("wind" in t for t in texts)


def _label_boxes(root):
    """Each label's rectangle, read back from what it draws: its texts (estimated) and boxes."""
    boxes = []
    for label in root.iter(f"{NS}g"):
        if label.get("class") != "label":
            continue
        parts = []
        for text in label.iter(f"{NS}text"):
            size, x, y = float(text.get("font-size")), float(text.get("x")), float(text.get("y"))
            width = text_width(text.text, size)
            x0 = x - width / 2 if text.get("text-anchor") == "middle" else x
            parts.append(Box(x0, y - size * 0.8, x0 + width, y + size * 0.2))
        for track in label.iter(f"{NS}g"):
            for rect in track.iter(f"{NS}rect"):
                x, y = float(rect.get("x")), float(rect.get("y"))
                parts.append(Box(x, y, x + float(rect.get("width")), y + float(rect.get("height"))))
        boxes.append(Box(min(b.x0 for b in parts), min(b.y0 for b in parts), max(b.x1 for b in parts), max(b.y1 for b in parts)))
    return boxes


def test_no_two_labels_overlap_in_a_crowded_game_of_eight_ships():
    lineup = Lineup(fleets={"british": ("hms-concorde", "hms-unite", "hms-impetueux", "hms-spartiate"),
                            "french": ("hermione", "l-inconstante", "hms-terpsichore", "hms-defence")})
    game = _play(new_game("enemy-in-sight", level="basic", seed=1, lineup=lineup), 5)
    root = ET.fromstring(table_svg(game))
    boxes = _label_boxes(root)
    assert len(boxes) == len(game.ships()) + len(game.obstacles()) == 8
    for one, other in combinations(boxes, 2):
        assert not one.grown(-0.3).overlaps(other.grown(-0.3)), (one, other)
    for text in root.iter(f"{NS}text"):  # nor the damage written beside the lines of fire
        if text.get("class") == "fire-damage":
            size, x, y = float(text.get("font-size")), float(text.get("x")), float(text.get("y"))
            damage = Box(x, y - size * 0.8, x + text_width(text.text, size), y + size * 0.2)
            assert not any(b.grown(-0.3).overlaps(damage) for b in boxes), text.text
    width, height = float(root.get("width")), float(root.get("height"))
    assert all(b.inside(Box(0, 0, width, height)) for b in boxes)


def test_the_same_game_gives_the_same_svg_bytes_twice():
    one, other = (_play(new_game("enemy-in-sight", level="basic", seed=5), 3, seed=5) for _ in range(2))
    assert table_svg(one).encode() == table_svg(other).encode() == table_svg(one).encode()


def test_a_wreck_is_labelled_and_listed_in_the_legend():
    game = _play(new_game("enemy-in-sight", level="basic", seed=5, add_options=["surrendered-ships"]), 6, seed=5)
    (wreck,) = game.obstacles()
    root = ET.fromstring(table_svg(game))
    (label,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "label" and g.get("data-for") == wreck.id]
    assert [t.text for t in label.iter(f"{NS}text")] == [f"{wreck.name} wreck"]
    assert "wreck (out of play)" in _legend(root)[1]


class HouseMarks:
    """A house rule drawing a mark over the table and naming it in the legend."""

    @hookimpl
    def sog_draw_overlays(self, game):
        return ['<circle class="house-mark" cx="100" cy="100" r="4"/>',
                legend_entry('<circle cx="12" cy="6" r="4"/>', "house mark"),
                legend_entry('<circle cx="12" cy="6" r="4"/>', "house mark")]


def test_sog_draw_overlays_legend_entries_go_to_the_legend_once_and_not_over_the_table():
    catalogue = create_catalogue(extra=[RuleProvider("house-marks", HouseMarks())])
    game = new_game("enemy-in-sight", level="basic", seed=1, catalogue=catalogue, add_options=["house-marks"])
    root = ET.fromstring(table_svg(game))
    legend, texts = _legend(root)
    assert texts.count("house mark") == 1
    assert len(list(legend.iter(f"{NS}circle"))) == 1
    assert len([c for c in root.iter(f"{NS}circle") if c.get("class") == "house-mark"]) == 1
    assert 'class="legend-entry"' not in table_svg(game)


def test_a_line_of_fire_at_a_building_ends_on_its_drawing_even_once_it_surrendered():
    from sog.plugins.system.building_table import building_record, building_rect

    game = _play(new_game("against-the-outpost", seed=2), 23, seed=2)  # turn 23: the outpost surrenders
    fire = [line for line in ET.fromstring(table_svg(game)).iter(f"{NS}line") if line.get("data-target") == "outpost"]
    assert fire and building_record(game, "outpost")["status"] == "surrendered"
    for line in fire:
        end = _table_xy(game, line.get("x2"), line.get("y2"))
        assert _on_edge(building_rect(game, building_record(game, "outpost")), end)


def test_each_pieces_outline_names_its_ship_for_the_page_that_shows_its_arcs():
    game = new_game("enemy-in-sight", seed=1)
    root = ET.fromstring(table_svg(game))
    named = [p.get("data-ship") for p in root.iter(f"{NS}polygon") if p.get("stroke") == "#111"]
    assert named == [s.id for s in game.ships()]


def test_a_label_keeps_clear_of_the_scale_bar_under_the_tables_corner():
    game = new_game("enemy-in-sight", seed=1)
    width = game.state.table["width"]
    low, high = game.ships()[:2]
    low.pose.x, low.pose.y, low.pose.heading = width - 50, 20, 90  # across the bottom right corner
    high.pose.x, high.pose.y, high.pose.heading = width - 50, 55, 90  # right above it: no room there
    root = ET.fromstring(table_svg(game))
    (bar,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "scale-bar"]
    line = next(bar.iter(f"{NS}line"))
    scale = Box(float(line.get("x1")), float(line.get("y1")) - 4, float(line.get("x2")), float(line.get("y1")) + 18)
    boxes = _label_boxes(root)
    assert boxes and not any(b.overlaps(scale) for b in boxes)
