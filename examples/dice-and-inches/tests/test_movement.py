"""The dice-movement rule in real games: half moves and turns, wind and rig, luffing, tacking,
dead in the water, anchoring and springs, the table edge, rocks, collisions, batteries.

Positions are given in inches (the table is 54" x 60" in the duel, 108" x 60" in the
squadron) and the wind blows from the east (90) in both scenarios: heading 0 or 180 is a
beam reach, 45 or 135 close hauled ("from ahead"), 90 the wind's eye, 270 running.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import make_catalogue, make_library

from dice_and_inches import handling as hd
from dice_and_inches.units import INCH
from sog.bots import RandomBot
from sog.geometry import Pose
from sog.setup import new_game
from sog.state import PoseState
from sog.testing import Bench

DEFAULTS = {
    "anchoring": lambda r: r.choices[0],
    "helm": lambda r: 0,
    "sail-distance": lambda r: r.number.max,
}


class Drive(Bench):
    """A bench whose default answers sail on: no anchoring, hold the course, sail the whole leg."""

    defaults = DEFAULTS
    fallback = staticmethod(lambda r: r.choices[0] if r.choices else r.number.min)

    def next(self, kind: str, ship: str) -> Any:
        """Answer by the script until a request of ``kind`` for ``ship`` is open; return it."""
        game = self.game
        game.advance()
        while not game.over:
            found = [r for r in game.pending() if r.kind == kind and r.ship == ship]
            if found:
                return found[0]
            self.answer_all()
            game.advance()
        raise AssertionError(f"the game ended before a {kind} request for {ship}")

    def play(self, turns: int) -> None:
        """Play by the script until turn ``turns`` is over, stopping between turns."""
        game = self.game
        game.advance(turns)
        while not game.over and (game.state.turn < turns or game.state.step_index >= 0):
            self.answer_all()
            game.advance(turns)

    def kinds(self, ship: str, turn: int) -> list[str]:
        """The kinds of the requests asked for ``ship`` in ``turn`` (answered ones)."""
        return [r.kind for r in self.asked if r.ship == ship and r.id.split(".")[0] == f"t{turn}"]


@pytest.fixture(scope="module")
def move_catalogue() -> Any:
    return make_catalogue("dice-movement", "dice-victory")


@pytest.fixture(scope="module")
def move_library(move_catalogue: Any) -> Any:
    return make_library(move_catalogue)


def drive(catalogue: Any, library: Any, scenario: str = "dice-duel", **ships: tuple[float, float, float]) -> Drive:
    """A game with only movement (and victory), ``ships`` put at ``(x, y, heading)`` inches;
    every other ship of the scenario is held dead in the water."""
    game = new_game(scenario, seed=5, catalogue=catalogue, library=library)
    for ship in game.ships():
        if ship.id in ships:
            x, y, h = ships[ship.id]
            ship.pose = PoseState(x=x * INCH, y=y * INCH, heading=h)
        else:
            ship.handling.dead_in_water = 999
    return Drive(game)


def at(bench: Drive, ship: str) -> tuple[float, float, float]:
    """A ship's centre in inches and her heading."""
    p = bench.game.ship(ship).pose
    return (round(p.x / INCH, 6), round(p.y / INCH, 6), round(p.heading, 6))


def foremast(bench: Drive, ship: str) -> tuple[float, float]:
    p = bench.game.ship(ship).pose
    x, y = Pose(p.x, p.y, p.heading).local_to_world(0, 1.5 * INCH)  # 6" hulls: 1.5" ahead
    return (x / INCH, y / INCH)


@pytest.fixture
def duel_bench(move_catalogue: Any, move_library: Any) -> Any:
    return lambda **ships: drive(move_catalogue, move_library, **ships)


# --------------------------------------------------------------------------- half moves and turns


def test_a_ship_sails_half_a_move_before_her_first_turn(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    helm = b.next("helm", "hornet")
    assert helm.id.split(".")[1] == "first-leg"
    assert at(b, "hornet") == (27, 16, 0)  # a 12" beam reach: 6" before any turn
    assert helm.choices == [0, -45, 45]


def test_one_45_degree_turn_after_each_half_move_pivots_on_the_foremast(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    b.script[("helm", "hornet")] = [45, -45]
    b.next("helm", "hornet")
    before = foremast(b, "hornet")
    b.answer_all()
    distance = b.next("sail-distance", "hornet")
    assert foremast(b, "hornet") == pytest.approx(before)  # pivoted on the foremast
    assert b.game.ship("hornet").pose.heading == 45
    assert distance.number.max == 2.5  # close hauled, a brig makes 5"
    b.answer_all()
    second = b.next("helm", "hornet")
    assert second.id.split(".")[1] == "second-leg"
    b.answer_all()
    b.game.advance()
    assert b.game.ship("hornet").pose.heading == 0
    fx, fy = foremast(b, "hornet")
    assert (fx, fy) == pytest.approx((27 + 2.5 * 0.5 ** 0.5, 17.5 + 2.5 * 0.5 ** 0.5))


def test_no_turn_after_a_second_leg_shorter_than_half_a_move(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    b.script[("sail-distance", "hornet")] = 3
    b.play(1)
    assert b.kinds("hornet", 1) == ["anchoring", "helm", "sail-distance"]
    assert at(b, "hornet") == (27, 19, 0)


def test_a_ship_must_sail_at_least_half_a_move(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    b.script[("sail-distance", "hornet")] = 0
    b.play(1)
    assert at(b, "hornet") == (27, 16, 0)
    assert b.game.ship("hornet").handling.moved == 6


@pytest.mark.parametrize(("ship", "heading", "half"), [
    ("hornet", 45, 2.5), ("swift", 45, 3.5),  # from ahead: the schooner is better
    ("hornet", 270, 6.5), ("swift", 270, 5.5),  # from the rear: the brig is better
    ("hornet", 180, 6), ("swift", 0, 6),  # from the side: 12" for both
])
def test_half_move_by_wind_and_rig(duel_bench: Any, ship: str, heading: float, half: float) -> None:
    b = duel_bench(**{ship: (27, 30, heading)})
    b.next("helm", ship)
    assert b.game.ship(ship).handling.moved == half


# --------------------------------------------------------------------------- luffing and tacking


def test_luffing_stops_her_and_next_part_she_only_points(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 45))
    helm = b.next("helm", "hornet")
    assert helm.choices == [0, -45, "luff", "tack"]
    b.script[("helm", "hornet")] = ["luff", -45]
    b.answer_all()
    b.play(1)
    assert b.game.ship("hornet").pose.heading == 90 and b.game.ship("hornet").handling.luffing
    assert "sail-distance" not in b.kinds("hornet", 1)
    point = b.next("helm", "hornet")
    assert point.id.split(".")[0] == "t2" and point.choices == [0, -45, 45]
    before = foremast(b, "hornet")
    b.play(2)
    assert foremast(b, "hornet") == pytest.approx(before, abs=1e-4)  # pointed, not moved (POSE_ROUNDING)
    assert b.game.ship("hornet").pose.heading == 45 and not b.game.ship("hornet").handling.luffing
    assert "sail-distance" not in b.kinds("hornet", 2)
    b.play(3)
    assert b.game.ship("hornet").handling.moved == 5  # sails again: 2.5 + 2.5 close hauled


def test_a_luffing_ship_not_pointed_drifts_3_inches_downwind(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 90))  # in the wind's eye from the start
    b.play(1)
    assert at(b, "hornet") == (27 - hd.DRIFT_INCHES, 10, 90)
    assert b.events("ship-drifted", ship="hornet")


def test_a_tack_turns_90_degrees_through_the_wind_and_stops(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 45))
    b.script[("helm", "hornet")] = ["tack"]
    b.game.stack_dice([3])
    b.play(1)
    assert b.game.ship("hornet").pose.heading == 135
    assert "sail-distance" not in b.kinds("hornet", 1)
    assert b.events("ship-tacked", ship="hornet")
    b.play(2)
    assert b.game.ship("hornet").handling.moved == 5  # resumes next part


def test_a_tack_stalls_on_a_6_and_throws_again_next_part(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 45))
    b.script[("helm", "hornet")] = ["tack"]
    b.game.stack_dice([6, 6, 2])
    b.play(1)
    hornet = b.game.ship("hornet")
    assert hornet.pose.heading == 90 and hornet.handling.tacking_stalled
    b.play(2)  # throws a 6 again: still stalled, no move, no drift
    assert hornet.pose.heading == 90 and hornet.handling.moved == 0 and hornet.handling.tacking_stalled
    b.play(3)  # a 2: turned another 45 degrees, and stops
    assert hornet.pose.heading == 135 and hornet.handling.moved == 0 and not hornet.handling.tacking_stalled
    assert [e["data"]["reason"] for e in b.events("dice-rolled")] == ["tack"] * 3
    b.play(4)
    assert hornet.handling.moved == 5


# --------------------------------------------------------------------------- rigging lost


def test_dead_in_the_water_a_ship_does_not_move_and_counts_down(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    b.game.ship("hornet").handling.dead_in_water = 1
    b.play(1)
    assert at(b, "hornet") == (27, 10, 0) and b.game.ship("hornet").handling.dead_in_water == 0
    assert b.kinds("hornet", 1) == ["anchoring"]
    b.play(2)
    assert at(b, "hornet") == (27, 22, 0)


def test_a_jury_mast_sails_at_half_speed(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    b.game.ship("hornet").handling.jury_mast = True
    b.play(1)
    assert at(b, "hornet") == (27, 16, 0)


# --------------------------------------------------------------------------- anchoring


def test_anchoring_is_announced_a_part_ahead_then_half_a_move_and_she_swings_head_to_wind(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    b.script[("anchoring", "hornet")] = ["announce"]
    b.script[("sail-distance", "hornet")] = [6, 0]
    b.play(1)
    hornet = b.game.ship("hornet")
    assert at(b, "hornet") == (27, 22, 0) and hornet.handling.anchor == "announced"  # sails on this part
    b.play(2)
    assert b.kinds("hornet", 2) == ["helm", "sail-distance"]  # no turn after the second leg
    assert hornet.handling.anchor == "down" and hornet.handling.anchors == 1
    assert hornet.pose.heading == 90  # bow into the wind
    bow = Pose(hornet.pose.x, hornet.pose.y, 90).local_to_world(0, 3 * INCH)
    assert (bow[0] / INCH, bow[1] / INCH) == pytest.approx((27, 28 + 3))  # the bow tip stayed put
    before = at(b, "hornet")
    b.play(3)
    assert at(b, "hornet") == before  # at anchor: no movement, no minimum move


def test_slipping_the_cable_frees_her_and_loses_the_anchor(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    b.script[("anchoring", "hornet")] = ["announce", "slip"]
    b.script[("helm", "hornet")] = [0, 0, 0, -45]
    b.play(2)
    assert b.game.ship("hornet").handling.anchor == "down"
    b.play(3)
    hornet = b.game.ship("hornet")
    assert hornet.handling.anchor == "none" and hornet.handling.anchors == 1
    assert hornet.pose.heading == 45  # facing the wind, she could only point
    assert b.events("anchoring", ship="hornet", action="cable-slipped")


def test_two_anchors_a_game(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    b.game.ship("hornet").handling.anchors = 0
    b.play(1)
    assert "anchoring" not in b.kinds("hornet", 1)


def test_a_spring_takes_a_part_to_rig_then_she_turns_freely_but_does_not_sail(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 30, 90))
    hornet = b.game.ship("hornet")
    hornet.handling.anchor, hornet.handling.anchors = "down", 1
    b.script[("anchoring", "hornet")] = ["spring", "stay"]
    b.script[("helm", "hornet")] = [180]
    b.play(1)
    assert hornet.handling.anchor == "spring-rigging" and "helm" not in b.kinds("hornet", 1)
    turn = b.next("helm", "hornet")
    assert hornet.handling.anchor == "spring"
    assert sorted(turn.choices) == sorted([0, -45, 45, -90, 90, -135, 135, 180])
    b.play(2)
    assert hornet.pose.heading == 270 and hornet.handling.moved == 0
    assert b.kinds("hornet", 2) == ["anchoring", "helm"]


# --------------------------------------------------------------------------- the table's edge


def test_at_the_table_edge_every_ship_slides_an_equal_distance(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 52, 0), swift=(10, 30, 180))
    b.game.ship("swift").handling.dead_in_water = 9
    b.next("helm", "hornet")
    # 52 + 6 = 58: her bow (3" ahead) would be 1" past the 60" edge; all slide 1" south.
    assert at(b, "hornet") == (27, 57, 0)
    assert at(b, "swift") == (10, 29, 180)
    assert b.events("table-slid", ship="hornet")[0]["data"]["dy"] == pytest.approx(-INCH)


def test_when_the_world_cannot_slide_the_ship_stops_at_the_edge(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 52, 0), swift=(10, 3.5, 180))  # swift 0.5" from the south edge
    b.game.ship("swift").handling.dead_in_water = 9
    b.play(1)
    assert at(b, "hornet") == (27, 57, 0)  # flush with the edge
    assert at(b, "swift") == (10, 3.5, 180)
    assert b.events("edge-stopped", ship="hornet")
    assert "sail-distance" not in b.kinds("hornet", 1)


def test_an_edge_stopped_ship_still_makes_her_helm_order_to_any_heading_she_can_sail_on_from(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 52, 0), swift=(10, 3.5, 180))  # the world cannot slide
    b.game.ship("swift").handling.dead_in_water = 9
    helm = b.next("helm", "hornet")
    assert helm.id.split(".")[1] == "first-leg" and b.events("edge-stopped", ship="hornet")
    # Off the north edge: not 45 either way (still off it), not 90 (the wind's eye).
    assert helm.choices == [0, -90, -135, 135, 180]
    b.script[("helm", "hornet")] = [180]
    b.play(1)
    assert at(b, "hornet") == (27, 57, 180)  # turned about on her foremast, set flush with the edge
    b.play(2)
    assert at(b, "hornet") == (27, 45, 180) and not b.events("edge-stopped", turn=2)


def test_a_ship_stopped_at_the_edge_in_her_second_leg_makes_her_helm_order_there(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 46, 0), swift=(10, 3.5, 180))
    b.game.ship("swift").handling.dead_in_water = 9
    b.play(1)
    assert b.events("edge-stopped", ship="hornet")
    assert b.kinds("hornet", 1) == ["anchoring", "helm", "sail-distance", "helm"]
    assert [r.choices for r in b.asked if r.kind == "helm"][-1] == [0, -90, -135, 135, 180]


def test_a_ship_pressed_into_a_corner_turns_out_of_it(duel_bench: Any) -> None:
    b = duel_bench(hornet=(3, 3, 225), swift=(10, 57, 0))  # Swift on the north edge: no slide
    b.game.ship("swift").handling.dead_in_water = 9
    helm = b.next("helm", "hornet")
    assert b.events("edge-stopped", ship="hornet")
    assert helm.choices == [0, 135, 180]  # to north or north-east; east is the wind's eye
    b.script[("helm", "hornet")] = [180]
    b.play(2)
    assert at(b, "hornet")[2] == 45 and not b.events("edge-stopped", turn=2)


@pytest.mark.parametrize("scenario", ["dice-duel", "dice-squadron"])
def test_random_bots_never_keep_a_ship_edge_stopped_for_more_than_a_few_parts(
        catalogue: Any, library: Any, scenario: str) -> None:
    from sog.bots import make_bot

    system = catalogue.systems["dice-and-inches"]
    for seed in range(1, 9):
        game = new_game(scenario, seed=seed, catalogue=catalogue, library=library)
        game.run({seat: make_bot("random", seed, seat, system) for seat in game.seats()})
        stopped: dict[str, list[int]] = {}
        for event in game.log.of_kind("edge-stopped"):
            turns = stopped.setdefault(event["data"]["ship"], [])
            if event["turn"] not in turns:
                turns.append(event["turn"])
        for ship, turns in stopped.items():
            run = longest = 1
            for a, b in zip(turns, turns[1:]):
                run = run + 1 if b == a + 1 else 1
                longest = max(longest, run)
            assert longest <= 6, (scenario, seed, ship, turns)


# --------------------------------------------------------------------------- rocks, collisions


def test_a_rock_costs_a_hull_hit_and_a_part_of_delay(move_catalogue: Any, move_library: Any) -> None:
    # The squadron's rock: 1.5" radius at (54, 30). Dolphin's bow reaches it in her first leg.
    b = drive(move_catalogue, move_library, "dice-squadron", dolphin=(54, 20, 0))
    b.play(1)
    dolphin = b.game.ship("dolphin")
    assert dolphin.pose.y / INCH == pytest.approx(30 - 1.5 - 3 - hd_back_off(), abs=1e-6)  # hauled off
    assert dolphin.pending.hull == 1
    assert b.events("struck-rock", ship="dolphin")
    assert b.kinds("dolphin", 1) == ["anchoring"]
    b.play(2)
    assert dolphin.handling.moved == 0 and b.events("ship-held", turn=2, ship="dolphin")
    helm = b.next("helm", "dolphin")  # part 3: a helm order before she sails, to turn away
    assert helm.id.startswith("t3.first-leg") and helm.choices == [0, -45, 45]
    assert not b.events("ship-sailed", turn=3, ship="dolphin")
    b.script[("helm", "dolphin")] = [-45]
    b.play(3)
    assert dolphin.pose.heading == 315 and dolphin.pending.hull == 1 and not dolphin.handling.aground
    assert b.events("ship-sailed", turn=3, ship="dolphin")[0]["data"]["distance"] == 6


def hd_back_off() -> float:
    from dice_and_inches.movement import _ROCK_BACK_OFF

    return _ROCK_BACK_OFF


def test_a_ship_touching_a_hull_dead_ahead_does_not_strike_it_again(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0), swift=(27, 16, 0))  # hornet's stem touches swift's transom
    b.game.ship("swift").handling.dead_in_water = 9
    b.play(1)
    assert b.events("ship-held", ship="hornet", reason="blocked")
    assert not b.events("collision") and b.game.ship("hornet").pending.hull == 0


def test_running_into_a_land_battery_is_running_onto_land(move_catalogue: Any, move_library: Any) -> None:
    # The fort (4" x 2") stands at (2.36, 30); dolphin runs west before the wind (12").
    b = drive(move_catalogue, move_library, "dice-squadron", dolphin=(12, 30, 270))
    b.play(1)
    dolphin, fort = b.game.ship("dolphin"), b.game.ship("fort")
    assert b.events("struck-rock", ship="dolphin", battery="fort")
    assert dolphin.pending.hull == 1 and fort.pending.hull == 0
    assert dolphin.handling.dead_in_water == 1 and dolphin.lashed == []


def test_bow_into_beam_entangles_and_each_takes_a_hull_hit(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0), swift=(27, 18, 90))  # swift lies athwart her course
    b.game.ship("swift").handling.dead_in_water = 9
    b.play(1)
    hornet, swift = b.game.ship("hornet"), b.game.ship("swift")
    assert hornet.pose.y / INCH == pytest.approx(18 - 1 - 3, abs=1e-6)
    assert hornet.lashed == ["swift"] and swift.lashed == ["hornet"]
    assert hornet.pending.hull == 1 and swift.pending.hull == 1
    assert b.events("collision", ship="hornet")[0]["data"]["result"] == "entangled"
    assert b.kinds("hornet", 1) == ["anchoring"]


def test_under_45_degrees_the_mover_is_deflected_and_not_entangled(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0), swift=(27.5, 20, 180))  # nearly head on
    b.game.ship("swift").handling.dead_in_water = 9
    b.play(1)
    hornet, swift = b.game.ship("hornet"), b.game.ship("swift")
    assert b.events("collision", ship="hornet")[0]["data"]["result"] == "deflected"
    assert hornet.lashed == [] and swift.lashed == []
    assert hornet.pending.hull == 1 and swift.pending.hull == 1
    assert at(b, "hornet")[0] == pytest.approx(27.5 - 2)  # set aside, alongside her
    assert at(b, "hornet")[1] == pytest.approx(20 - 6, abs=1e-6)


def test_a_lashed_ship_does_not_move(duel_bench: Any) -> None:
    b = duel_bench(hornet=(27, 10, 0))
    b.game.ship("hornet").lashed = ["swift"]
    b.play(1)
    assert at(b, "hornet") == (27, 10, 0)
    assert b.events("ship-held", ship="hornet", reason="lashed")


def test_batteries_never_move(move_catalogue: Any, move_library: Any) -> None:
    b = drive(move_catalogue, move_library, "dice-squadron", hornet=(40, 10, 0))
    fort = b.game.ship("fort").pose.model_copy()
    b.play(2)
    assert b.game.ship("fort").pose == fort
    assert not [r for r in b.asked if r.ship in ("fort", "battery")]


# --------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("scenario", ["dice-duel", "dice-squadron"])
def test_random_games_keep_every_ship_on_the_table_and_apart(catalogue: Any, library: Any, scenario: str) -> None:
    game = new_game(scenario, seed=11, catalogue=catalogue, library=library)
    width, height = game.state.table["width"], game.state.table["height"]
    from dice_and_inches.units import hull as _rect

    def check(events: Any) -> None:
        rects = {s.id: _rect(game, s) for s in game.ships_on_table()}
        for sid, r in rects.items():
            assert r.inside(width, height), sid
            for oid, o in rects.items():
                assert sid >= oid or not r.overlaps(o), (sid, oid)

    game.run({seat: RandomBot(i) for i, seat in enumerate(game.seats())}, max_turns=15, observer=check)
    assert game.log.of_kind("ship-sailed")


def test_a_turn_whose_sweep_meets_another_ship_is_not_offered(duel_bench: Any) -> None:
    # Swift lies alongside to port, 0.1" off: turning to starboard swings the stern into her.
    b = duel_bench(hornet=(27, 10, 0), swift=(24.9, 13, 0))
    b.game.ship("swift").handling.dead_in_water = 9
    helm = b.next("helm", "hornet")
    assert at(b, "hornet") == (27, 16, 0)
    assert helm.choices == [0, -45]


def test_dismasted_in_her_casualties_step_she_lies_still_then_sails_at_half_speed(catalogue: Any, library: Any) -> None:
    b = drive(catalogue, library, hornet=(27, 10, 0), swift=(5, 55, 180))
    b.game.ship("swift").handling.dead_in_water = 9
    b.game.ship("hornet").pending.rigging = 3
    b.play(1)
    hornet = b.game.ship("hornet")
    assert hornet.handling.jury_mast and hornet.handling.dead_in_water == 0
    assert at(b, "hornet") == (27, 10, 0)
    b.play(2)
    assert at(b, "hornet") == (27, 16, 0)  # 3" + 3" under a jury mast


def test_the_land_does_not_slide_rocks_and_batteries_stay(move_catalogue: Any, move_library: Any) -> None:
    b = drive(move_catalogue, move_library, "dice-squadron", dolphin=(60, 55, 0))
    fort, hornet = at(b, "fort"), at(b, "hornet")
    b.next("helm", "dolphin")
    assert at(b, "dolphin") == (60, 57, 0)  # her bow would be 4" past the edge
    assert at(b, "hornet") == pytest.approx((hornet[0], hornet[1] - 4, hornet[2]))
    assert at(b, "fort") == fort


def test_no_slide_that_would_put_a_ship_on_a_rock(move_catalogue: Any, move_library: Any) -> None:
    b = drive(move_catalogue, move_library, "dice-squadron", dolphin=(60, 55, 0), viper=(54, 36, 0))
    b.game.ship("viper").handling.dead_in_water = 9  # just north of the rock: a 4" slide puts her on it
    hornet = at(b, "hornet")
    b.play(1)
    assert at(b, "dolphin") == (60, 57, 0)
    assert at(b, "viper") == (54, 36, 0) and at(b, "hornet") == hornet
    assert b.events("edge-stopped", ship="dolphin") and not b.events("table-slid")
