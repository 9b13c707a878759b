"""Damage (rulebook pp. 18-19; the preview article; RULES-NOTES item 11).

The Courageuse example of p. 19 (burden 3) is played twice: through the real combat and
damage steps with forced draws, and through :func:`place_damage` alone. Then each placement
rule on its own, with hand-made counters.
"""

import pytest

from sog.plugins.basic.damage import CREW_MARKER, place_damage
from sog.state import Counter, PoseState
from sog.plugins.system.state import Box, SailsShipState
from sog.plugins.system.tabletop import musketry_of, ship_firepower

SHIPS = ("terpsichore", "defence", "courageuse", "genereux")


def _c(value, symbol=None, pool="B", index=0):
    return Counter(pool=pool, index=index, value=value, symbol=symbol)


def _ship(boxes=10, crew=9):
    return SailsShipState(id="s", ship="courageuse", name="S", side="x", seat="x", pose=PoseState(x=0, y=0, heading=0),
                     ship_track=[Box() for _ in range(boxes)], crew_track=[Box() for _ in range(crew)])


def _labels(track):
    return [[c.label() for c in box.counters] + list(box.markers) for box in track]


def _full(track):
    return [box.full for box in track]


def _firepower(game, ship):
    return tuple(ship_firepower(game, ship, arc) for arc in ("forward", "central", "rear"))


# --------------------------------------------------------------------------- the worked example

TURN_1_DRAWS = [(2, None), (0, None), (None, "crew"), (6, None), (0, None), (None, "crew"), (4, None)]
TURN_1_SHIP = [["B6"], ["B4"], ["B2"]] + [[]] * 7
TURN_1_CREW = [["B:crew"], ["B:crew"]] + [[]] * 7
TURN_2_SHIP = [["B6"], ["B4"], ["B2", "B2+crew"], ["B3"], ["B1", "B1"]] + [[]] * 5
TURN_2_CREW = [["B:crew"], ["B:crew"], ["E:crew"], [CREW_MARKER]] + [[]] * 5


def test_courageuse_damage_example_through_two_turns_of_combat(bench):
    """Turn 1: Defence's full broadside at short range, seven B counters. Turn 2: Terpsichore's
    full broadside (four B counters) and her musketry (two E counters): six counters."""
    b = bench(static=True)
    b.put("courageuse", 450.0, 450.0, 0.0)
    b.put("defence", 450.0 - 43.0 - 60.0, 450.0, 0.0)      # to port, 60 mm: short range
    b.put("terpsichore", 450.0 + 43.0 + 10.0, 450.0, 0.0)  # to starboard, 10 mm: musketry too
    b.park("genereux")
    b.plan()
    b.stack("B", TURN_1_DRAWS)
    defence = b.fire_request("defence", "right")
    b.resolve({("fire", "defence", "right"): b.option(defence, "courageuse", "central")})

    courageuse = b.ship("courageuse")
    (applied,) = [e["data"] for e in b.events("damage-applied", 1)]
    assert applied["counters"] == ["B2", "B0", "B:crew", "B6", "B0", "B:crew", "B4"]
    assert (applied["ship_track"], applied["crew_track"], applied["zero_box"]) == (TURN_1_SHIP, TURN_1_CREW, ["B0", "B0"])
    assert _full(courageuse.ship_track)[:4] == [True, True, False, False]
    assert _firepower(b.game, courageuse) == (2, 2, 2)  # from the fourth box
    assert musketry_of(b.game, courageuse) == 2         # from the third crew box

    b.stack("B", [(1, None), (3, None), (2, "crew"), (1, None)])
    b.stack("E", [(None, "crew"), (0, None)])
    terpsichore = b.fire_request("terpsichore", "left")
    assert b.fire_request("defence", "right") is None  # fired last turn
    b.resolve({("fire", "terpsichore", "left"): b.option(terpsichore, "courageuse", "central"),
               ("musketry", "terpsichore"): {"target": "courageuse"}})
    (applied,) = [e["data"] for e in b.events("damage-applied", 2)]
    assert applied["counters"] == ["B1", "B3", "B2+crew", "B1", "E:crew", "E0"]
    assert (applied["ship_track"], applied["crew_track"], applied["zero_box"]) == (TURN_2_SHIP, TURN_2_CREW, ["B0", "B0", "E0"])
    assert _full(courageuse.ship_track)[:6] == [True, True, True, True, False, False]
    assert _firepower(b.game, courageuse) == (1, 2, 1)  # from the sixth box
    assert musketry_of(b.game, courageuse) == 2         # from the fifth crew box
    assert courageuse.status == "in-play"


def test_courageuse_damage_example_placed_directly():
    ship = _ship()
    place_damage(ship, [_c(v, s) for v, s in TURN_1_DRAWS], burden=3)
    assert (_labels(ship.ship_track), _labels(ship.crew_track)) == (TURN_1_SHIP, TURN_1_CREW)
    assert [c.label() for c in ship.zero_box] == ["B0", "B0"]
    place_damage(ship, [_c(0, pool="E"), _c(None, "crew", pool="E"), _c(2, "crew"), _c(3), _c(1), _c(1)], burden=3)
    assert (_labels(ship.ship_track), _labels(ship.crew_track)) == (TURN_2_SHIP, TURN_2_CREW)
    assert [c.label() for c in ship.zero_box] == ["B0", "B0", "E0"]
    assert _full(ship.ship_track) == [True, True, True, True, False] + [False] * 5
    # "A later counter of 3 or more fills the sixth box; a 1 or 2 joins the two 1s":
    later = ship.model_copy(deep=True)
    place_damage(later, [_c(3)], burden=3)
    assert _labels(later.ship_track)[4:6] == [["B1", "B1"], ["B3"]]
    place_damage(ship, [_c(2)], burden=3)
    assert _labels(ship.ship_track)[4:6] == [["B1", "B1", "B2"], []] and ship.ship_track[4].full


# --------------------------------------------------------------------------- placement rules


def test_numbers_are_placed_highest_first_whatever_the_drawing_order():
    """Burden 5 (preview article): 4 then 3 fill the first box, 2 and 1 go to the second."""
    ship = _ship()
    place_damage(ship, [_c(1), _c(4), _c(2), _c(3)], burden=5)
    assert _labels(ship.ship_track)[:3] == [["B4", "B3"], ["B2", "B1"], []]
    assert _full(ship.ship_track)[:2] == [True, False]


@pytest.mark.parametrize(("values", "full"), [([2, 1], True), ([2, 2], True), ([1, 1], False), ([2], False)])
def test_a_box_is_full_when_its_sum_reaches_the_burden(values, full):
    ship = _ship()
    place_damage(ship, [_c(v) for v in values], burden=3)
    assert _labels(ship.ship_track)[0] == [f"B{v}" for v in sorted(values, reverse=True)]
    assert ship.ship_track[0].full is full
    place_damage(ship, [_c(1)], burden=3)
    assert len(ship.ship_track[0].counters) == len(values) + (0 if full else 1)


def test_a_counter_of_at_least_the_burden_goes_alone_into_the_leftmost_completely_empty_box():
    ship = _ship()
    place_damage(ship, [_c(1)], burden=3)
    place_damage(ship, [_c(5), _c(3)], burden=3)
    assert _labels(ship.ship_track)[:4] == [["B1"], ["B5"], ["B3"], []]
    assert _full(ship.ship_track)[:4] == [False, True, True, False]
    # the earlier box that is not full still takes the next small counter
    place_damage(ship, [_c(2), _c(1)], burden=3)
    assert _labels(ship.ship_track)[:4] == [["B1", "B2"], ["B5"], ["B3"], ["B1"]]
    assert _full(ship.ship_track)[:4] == [True, True, True, False]


def test_zeros_go_to_the_zero_box_and_crew_counters_one_per_crew_box():
    ship = _ship()
    place_damage(ship, [_c(0), _c(None, "crew"), _c(None, "crew", pool="E"), _c(0, pool="A")], burden=3)
    assert [c.label() for c in ship.zero_box] == ["B0", "A0"]
    assert _labels(ship.crew_track)[:3] == [["B:crew"], ["E:crew"], []]
    assert all(not box.covered for box in ship.ship_track)


def test_a_number_with_a_crew_symbol_goes_on_the_ship_track_and_a_crew_marker_on_the_crew_track():
    ship = _ship()
    place_damage(ship, [_c(2, "crew"), _c(None, "crew")], burden=3)
    assert _labels(ship.ship_track)[0] == ["B2+crew"]
    assert _labels(ship.crew_track)[:3] == [["B:crew"], [CREW_MARKER], []]


def test_other_symbols_are_ignored_and_the_number_counts():
    ship = _ship()
    place_damage(ship, [_c(3, "fire"), _c(2, "leak"), _c(1, "sail")], burden=3)
    assert _labels(ship.ship_track)[:3] == [["B3+fire"], ["B2+leak", "B1+sail"], []]
    assert _full(ship.ship_track)[:2] == [True, True]
    assert all(not box.covered for box in ship.crew_track)


def test_rulings_zero_with_crew_symbol_symbol_only_counters_and_counters_finding_no_box():
    ship = _ship(boxes=1, crew=1)
    place_damage(ship, [_c(0, "crew"), _c(None, "sail", pool="C"), _c(3), _c(2)], burden=3)
    assert _labels(ship.ship_track) == [["B3"]]
    assert _labels(ship.crew_track) == [[CREW_MARKER]]
    assert sorted(c.label() for c in ship.zero_box) == sorted(["B0+crew", "C:sail", "B2"])


def test_apply_damage_hook_places_counters_and_logs_both_tracks(bench):
    b = bench()
    courageuse = b.ship("courageuse")
    b.stack("B", [(6, None), (None, "crew"), (0, None)])
    counters = b.game.draw("B", 3)
    assert b.game.hook.sog_apply_damage(game=b.game, ship=courageuse, counters=counters, attacks=[]) is True
    (event,) = b.events("damage-applied")
    assert event["data"] == {"ship": "courageuse", "counters": ["B6", "B:crew", "B0"],
                             "ship_track": [["B6"]] + [[]] * 9, "crew_track": [["B:crew"]] + [[]] * 8, "zero_box": ["B0"]}
