"""Pumping water, extinguishing fires and repairing damage (pp. 29-31), with the worked
examples: pump water (p. 30), HMS Defence's fire over turns 3-5 (p. 30) and repairing
normal damage next to a fire box (p. 31).
"""

from sog.plugins.advanced import repairs
from sog.plugins.standard.veer import ship_veer
from sog.plugins.system.state import Box


def _bench(adv_bench, probe=True, static=True):
    bench = adv_bench(static=static, probe=probe)
    bench.park("terpsichore", "genereux")
    bench.put("defence", 450.0, 450.0, 0.0)
    bench.put("courageuse", 300.0, 700.0, 0.0)
    return bench


def _track(ship):
    return [[c.label() for c in box.counters] + list(box.markers) for box in ship.ship_track]


def _lay(bench, ship_id, boxes):
    """Lay a ship track by hand: each box a list of (value, symbol) B counters or a marker name."""
    track = bench.ship(ship_id).ship_track
    burden = bench.game.ship_doc(bench.ship(ship_id)).burden
    for index, content in enumerate(boxes):
        if isinstance(content, str):
            track[index] = Box(markers=[content], full=True)
        else:
            counters = bench.take("B", content)
            track[index] = Box(counters=counters, full=sum(c.value for c in counters) >= burden)


def test_p30_pump_water_removes_the_water_damage_and_shifts_the_track_left(adv_bench):
    bench = _bench(adv_bench)
    _lay(bench, "courageuse", [[(3, None)], "water-damage", "fire-damage", [(2, None)]])
    assert _track(bench.ship("courageuse"))[:5] == [["B3"], ["water-damage"], ["fire-damage"], ["B2"], []]
    bench.until(1, "planning")
    assert "pump-water" in bench.request("action", "courageuse").choices
    bench.actions[("courageuse", 1)] = ["pump-water"]
    bench.play(1)
    after = bench.at(1, "actions").ships["courageuse"]
    assert _track(after)[:5] == [["B3"], ["fire-damage"], ["B2"], [], []]
    assert after.ship_track[1].full and not after.ship_track[2].full
    [pumped] = bench.events("water-pumped", 1)
    assert pumped["data"]["box"] == 2


def test_pumping_removes_the_latest_water_damage_and_not_the_leak(adv_bench):
    bench = _bench(adv_bench)
    bench.damage("courageuse", "A", [(1, "leak")])
    bench.actions[("courageuse", 2)] = ["pump-water"]
    bench.play(2)
    # Turn 1 and turn 2 each added water damage; the pump took the rightmost; turn 3 adds one.
    assert _track(bench.at(2, "actions").ships["courageuse"])[:3] == [["A1+leak"], ["water-damage"], []]
    assert _track(bench.ship("courageuse"))[:3] == [["A1+leak"], ["water-damage"], ["water-damage"]]
    assert bench.ship("courageuse").ext["special-damage"]["leak"] == 1


def test_p30_hms_defence_fire_is_extinguished_over_turns_3_to_5(adv_bench):
    bench = _bench(adv_bench)
    bench.put("genereux", 471.5 + 70.0 + 21.5, 450.0, 0.0)
    bench.actions[("genereux", 3)] = ["fire-left"]
    bench.script[("fire", "genereux", "left")] = lambda r: next(
        c for c in r.choices if c and c.get("target") == "defence" and c["arc"] == "central")
    bench.stack("B", [(2, "fire")] + [(0, None)] * 6)
    bench.actions[("defence", 4)] = ["extinguish-fire"]
    bench.actions[("defence", 5)] = ["fire-left", "fire-right", "musketry"]
    bench.play(6)
    fires = lambda turn, step: bench.at(turn, step).ships["defence"].ext["special-damage"]["fire"]
    fire_boxes = lambda turn, step: sum("fire-damage" in b.markers for b in bench.at(turn, step).ships["defence"].ship_track)
    # Turn 3: hit, a fire on board; no fire damage yet.
    assert (fires(3, "damage"), fire_boxes(3, "damage")) == (1, 0)
    # Turn 4: fire damage; the action is revealed and left face up.
    assert fire_boxes(4, "planning") == 1
    assert bench.at(4, "actions").ships["defence"].ext["crew-actions"]["delayed"] == ["extinguish-fire"]
    # Turn 5: still fire damage; the counter still takes one of the four crew actions and
    # cannot be planned; it moves to the Special Damage box.
    assert fire_boxes(5, "planning") == 2
    asked = bench.asked_of("action", "defence", 5)
    assert len(asked) == 3 and all("extinguish-fire" not in r.choices for r in asked)
    assert bench.at(5, "actions").ships["defence"].ext["crew-actions"]["busy"] == ["extinguish-fire"]
    assert fires(5, "reloading") == 1
    # End of turn 5: out. Turn 6: no more fire damage; the fire damage stays on the track.
    [out] = bench.events("repaired", 5, ship="defence")
    assert out["data"]["repair"] == "fire" and out["step"] == "reloading"
    assert (fires(6, "planning"), fire_boxes(6, "planning")) == (0, 2)
    assert not bench.events("marker-placed", 6)
    assert bench.ship("defence").ext["crew-actions"]["busy"] == []


def test_p31_repairing_normal_damage_next_to_a_fire_box(adv_bench):
    bench = _bench(adv_bench)
    _lay(bench, "courageuse", [[(3, None)], [(2, None), (1, None)], "fire-damage", [(1, None)]])
    bench.actions[("courageuse", 1)] = ["repair-damage"]
    bench.script[("repair", "courageuse")] = {"repair": "damage", "box": 2}
    bench.until(2, "actions")
    request = bench.request("repair", "courageuse")
    assert request.choices == [{"repair": "damage", "box": 1}, {"repair": "damage", "box": 2}, {"repair": "damage", "box": 4}]
    bench.play(2)
    courageuse = bench.ship("courageuse")
    assert _track(courageuse)[:5] == [["B3"], ["fire-damage"], ["B1"], [], []]
    assert [c.label() for c in courageuse.zero_box] == ["B2", "B1"]  # left there as the reminder
    assert bench.events("repaired", 2, ship="courageuse")[0]["step"] == "actions"
    assert repairs.repair_options(courageuse) == []  # normal damage: once per game


def test_a_leak_is_repaired_at_the_end_of_the_next_turn_and_any_number_of_times(adv_bench):
    bench = _bench(adv_bench)
    bench.damage("defence", "A", [(1, "leak")])
    bench.actions[("defence", 1)] = ["repair-damage"]
    bench.actions[("defence", 3)] = ["repair-damage"]
    bench.script[("repair", "defence")] = {"repair": "leak"}
    bench.play(2)
    assert bench.events("repair-begun", 2, ship="defence")[0]["data"]["repair"] == "leak"
    assert bench.at(2, "reloading").ships["defence"].ext["special-damage"]["leak"] == 1
    defence = bench.ship("defence")  # now at turn 3's planning
    assert defence.ext["special-damage"]["leak"] == 0
    water = lambda ship: sum("water-damage" in b.markers for b in ship.ship_track)
    assert [water(bench.at(t, "planning").ships["defence"]) for t in (1, 2)] + [water(defence)] == [1, 2, 2]
    bench.damage("defence", "A", [(1, "leak")])
    bench.play(4)
    assert bench.ship("defence").ext["special-damage"]["leak"] == 0


def test_a_repaired_rudder_gives_the_veer_back(adv_bench):
    bench = _bench(adv_bench)
    defence = bench.ship("defence")
    bench.damage("defence", "C", [(1, "rudder")])
    bench.actions[("defence", 1)] = ["repair-damage"]
    bench.script[("repair", "defence")] = {"repair": "rudder"}
    bench.play(2)
    assert bench.at(2, "reloading").ships["defence"].ext["veer"]["modifier"] == -1
    assert ship_veer(bench.game, defence) == 5 and defence.ext["special-damage"]["rudder"] == 0


def test_a_broken_mast_is_repaired_once_per_game_and_never_one_from_sail_damage(adv_bench):
    bench = _bench(adv_bench)
    defence = bench.ship("defence")
    bench.damage("defence", "C", [(None, "mast")] + [(None, "sail")] * 6)
    assert (defence.ext["special-damage"]["masts"], defence.ext["special-damage"]["fixed_masts"]) == (2, 1)
    assert {"repair": "mast"} in repairs.repair_options(defence)
    bench.actions[("defence", 1)] = ["repair-damage"]
    bench.script[("repair", "defence")] = {"repair": "mast"}
    bench.play(2)
    assert defence.ext["special-damage"]["masts"] == 1 and defence.ext["repairs"]["mast_used"]
    assert repairs.repair_options(defence) == []


def test_a_repair_with_nothing_to_repair_is_illegal(adv_bench):
    bench = _bench(adv_bench)
    bench.actions[("defence", 1)] = ["repair-damage"]
    bench.play(2)
    [illegal] = bench.events("action-illegal", 2)
    assert illegal["data"] == {"ship": "defence", "action": "repair-damage", "reason": "nothing to repair"}
    assert bench.at(2, "actions").ships["defence"].ext["crew-actions"]["delayed"] == []


def _rudder_then_wide_turn(adv_bench, repair):
    """HMS Defence (veer 5) with a damaged rudder (veer 4) plans D-1 (5), D-17 (2), then in
    turn 2 D-11 (7): five from the 2, one more than her rating when she plans it. With
    ``repair`` she repairs the rudder (action in turn 1, done at the end of turn 2)."""
    bench = _bench(adv_bench, static=False)
    bench.damage("defence", "C", [(1, "rudder")])
    assert ship_veer(bench.game, bench.ship("defence")) == 4
    bench.script[("plan-first", "defence")] = "D-1"
    bench.script[("plan", "defence")] = ["D-17", "D-11", "D-1"]
    if repair:
        bench.actions[("defence", 1)] = ["repair-damage"]
        bench.script[("repair", "defence")] = {"repair": "rudder"}
    bench.play(3)
    return bench


def test_a_rudder_repaired_between_planning_and_reveal_makes_the_card_legal(adv_bench):
    bench = _rudder_then_wide_turn(adv_bench, repair=True)
    assert bench.at(2, "planning").ships["defence"].ext["veer"]["modifier"] == -1  # D-11 planned at veer 4
    assert bench.at(3, "planning").ships["defence"].ext["veer"]["modifier"] == 0  # repaired before the reveal
    assert [e["data"]["card"] for e in bench.events("card-revealed", 3, ship="defence")] == ["D-11"]
    assert not bench.events("card-replaced", ship="defence")
    assert bench.events("ship-moved", 3, ship="defence")[0]["data"]["card"] == "D-11"


def test_without_the_repair_the_same_card_is_replaced_by_a_straight_card(adv_bench):
    bench = _rudder_then_wide_turn(adv_bench, repair=False)
    [replaced] = bench.events("card-replaced", 3, ship="defence")
    assert replaced["data"] == {"ship": "defence", "card": "D-11", "by": "D-2", "reason": "veer", "previous": "D-17", "veer": 4}
    assert bench.events("ship-moved", 3, ship="defence")[0]["data"]["card"] == "D-2"
