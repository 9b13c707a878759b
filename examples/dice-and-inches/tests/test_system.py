"""The system's declaration, its ship documents, its content and its units."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

import dice_and_inches
from dice_and_inches import system
from dice_and_inches.state import DiceShip
from dice_and_inches.units import INCH, foremast, foremast_offset, hull, inches, mm, rocks
from sog.geometry import Pose

RULE_NAMES = {"dice-movement", "dice-fire", "dice-boarding", "dice-damage", "dice-victory"}


def test_the_provider_declares_the_system_and_its_rules(catalogue: Any) -> None:
    declared = catalogue.systems["dice-and-inches"]
    assert declared.levels == ("classic",) and declared.ship_kind == "dice-ship"
    assert declared.ship_model is DiceShip
    ours = {name for name, rule in catalogue.rules.items() if rule.system == "dice-and-inches"}
    assert ours <= RULE_NAMES and {"dice-damage", "dice-victory"} <= ours
    assert all(catalogue.rules[name].kind == "core" for name in ours)


def test_each_rule_plugin_is_its_module() -> None:
    modules = {name: module for name, module, _, _ in dice_and_inches.RULES}
    for rule in dice_and_inches.sog_rules():
        assert rule.plugin.__name__ == f"dice_and_inches.{modules[rule.name]}"
        assert rule.name in (getattr(rule.plugin, "RULE_NAME", None), getattr(rule.plugin, "RULE", None))


def test_a_ship_is_built_from_its_document(duel: Any) -> None:
    swift = duel.ship("swift")
    doc = duel.ship_doc(swift)
    assert isinstance(swift, DiceShip) and swift.rig == "schooner" and swift.battery is None
    assert len(swift.guns) == len(doc.guns) == 6
    assert (swift.crew.sailors, swift.crew.marines, swift.crew.officers) == (7, 2, 1)
    assert swift.name == "Swift"


def test_a_battery_document_needs_rig_none_and_a_battery() -> None:
    validator = Draft202012Validator(system.SHIP_SCHEMA)
    base = {"kind": "dice-ship", "id": "x", "name": "X", "length": 6, "beam": 2, "guns": [],
            "crew": {"sailors": 1, "marines": 0, "officers": 1}}
    assert validator.is_valid({**base, "rig": "brig"})
    assert validator.is_valid({**base, "rig": "none", "battery": "large"})
    assert not validator.is_valid({**base, "rig": "none"})
    assert not validator.is_valid({**base, "rig": "brig", "battery": "small"})
    left_gun = {"guns": [{"kind": "cannon", "side": "left"}]}
    assert validator.is_valid({**base, "rig": "brig", **left_gun})
    assert not validator.is_valid({**base, "rig": "none", "battery": "large", **left_gun})


def test_the_setup_schema_takes_rocks_only() -> None:
    validator = Draft202012Validator(system.SETUP_SCHEMA)
    assert validator.is_valid({"rocks": [{"x": 1, "y": 2, "radius": 3}]})
    assert not validator.is_valid({"reefs": []})
    assert not validator.is_valid({"rocks": [{"x": 1, "y": 2}]})


def test_the_ships_are_armed_and_manned_as_the_text_says(library: Any) -> None:
    ships = [d for d in library.all("dice-ship") if d.battery is None]
    assert {d.rig for d in ships} == {"schooner", "brig", "brigantine"}
    for doc in ships:
        for side in ("left", "right"):
            cannon = [g for g in doc.guns if g.side == side and g.kind == "cannon"]
            great = [g for g in doc.guns if g.side == side and g.kind != "swivel"]
            assert 1 <= len(cannon) and 2 <= len(great) <= 3, doc.id
        assert 10 <= doc.crew.men <= 12 and 1 <= doc.crew.officers <= 2, doc.id
    assert any(g.kind == "carronade" for d in ships for g in d.guns)
    assert any(g.kind == "swivel" for d in ships for g in d.guns)
    assert {d.battery for d in library.all("dice-ship") if d.battery} == {"large", "small"}


def test_the_duel_is_one_against_one_on_half_a_ping_pong_table(duel: Any) -> None:
    assert duel.state.table == {"width": 1371.6, "height": 1524.0}
    assert [len(duel.ships(side=s)) for s in ("british", "american")] == [1, 1]
    assert duel.state.system == "dice-and-inches" and duel.state.level == "classic"


def test_the_squadron_has_three_ships_a_side_a_rock_and_a_battery(catalogue: Any, library: Any) -> None:
    from sog.setup import new_game

    game = new_game("dice-squadron", seed=1, catalogue=catalogue, library=library)
    for side in ("british", "american"):
        assert len([s for s in game.ships(side=side) if s.battery is None]) == 3
    assert any(s.battery == "large" for s in game.ships())
    (rock,) = rocks(game)
    assert (rock.x, rock.y) == (game.state.table["width"] / 2, game.state.table["height"] / 2)


def test_inches_and_millimetres() -> None:
    assert INCH == 25.4 and mm(12) == pytest.approx(304.8) and inches(152.4) == pytest.approx(6)


def test_the_foremast_is_a_quarter_length_forward_of_the_centre() -> None:
    doc = {"length": 6}
    assert foremast(doc, Pose(100, 100, 90)) == pytest.approx((100 + 1.5 * INCH, 100))
    assert foremast(doc, Pose(0, 0, 0)) == pytest.approx((0, 1.5 * INCH))
    assert foremast({"length": 4}, Pose(0, 0, 180)) == pytest.approx((0, -INCH))


def test_a_land_battery_measures_from_its_centre_as_its_foremast(catalogue: Any, library: Any) -> None:
    from sog.setup import new_game

    game = new_game("dice-squadron", seed=1, catalogue=catalogue, library=library)
    for battery in ("fort", "battery"):
        piece = game.ship(battery)
        doc = game.ship_doc(piece)
        assert foremast_offset(doc) == 0.0
        assert foremast(doc, piece.pose) == pytest.approx((piece.pose.x, piece.pose.y))
    assert foremast_offset({"length": 6, "rig": "none"}) == 0.0
    assert foremast_offset({"length": 6, "battery": "small"}) == 0.0
    assert foremast_offset(game.ship_doc(game.ship("hornet"))) == pytest.approx(1.5 * INCH)


def test_every_rule_reads_one_hull_and_one_set_of_rocks(catalogue: Any, library: Any) -> None:
    from sog.geometry import Pose
    from sog.setup import new_game

    from dice_and_inches import fire, grappling, movement, movement_table

    game = new_game("dice-squadron", seed=1, catalogue=catalogue, library=library)
    hornet = game.ship("hornet")
    body = hull(game, hornet)
    assert (body.cx, body.cy, body.heading) == (hornet.pose.x, hornet.pose.y, hornet.pose.heading)
    assert (body.width, body.length) == pytest.approx((2 * INCH, 6 * INCH))
    assert hull(game, hornet, Pose(10, 20, 90)).center == (10, 20)
    (rock,) = rocks(game)
    assert rock.radius == pytest.approx(1.5 * INCH)
    for module in (fire, grappling, movement, movement_table):
        assert getattr(module, "hull", hull) is hull and getattr(module, "rocks", rocks) is rocks
        assert not hasattr(module, "_hull") and not hasattr(module, "_rocks") and not hasattr(module, "rect")


def test_a_ship_leaving_play_is_unlashed(duel: Any) -> None:
    hornet, swift = duel.ship("hornet"), duel.ship("swift")
    hornet.lashed.append("swift")
    swift.lashed.append("hornet")
    duel.remove_ship("swift", "sunk")
    assert hornet.lashed == [] and swift.lashed == []


def test_the_readme_and_the_pack_describe_each_ships_crew_as_her_document_has_it(library: Any) -> None:
    import re
    from pathlib import Path

    root = Path(dice_and_inches.__file__).parent
    readme = (root.parent / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \*(\w+)\* \| ([\w ]+?) \| .*? \| (\d+) / (\d+) / (\d+) ", readme, re.M)
    assert len(rows) == 6
    description = library.pack("dice-and-inches").description
    officers_said = {1: description.split("one in ")[1].split(", two in")[0],
                     2: description.split("two in ")[1].split(")")[0]}
    for name, _rig, sailors, marines, officers in rows:
        doc = library.get("dice-ship", name.lower())
        crew = doc.crew
        assert (crew.sailors, crew.marines, crew.officers) == (int(sailors), int(marines), int(officers)), name
        assert 10 <= crew.men <= 12 and name in officers_said[crew.officers], name
