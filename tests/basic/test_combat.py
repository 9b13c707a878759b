"""Artillery (rulebook pp. 14-17; RULES-NOTES items 7, 8, 10; ruling R3).

Situations are built on a static table (movement blocked) around Courageuse at (450, 450)
heading north: her right (starboard) broadside faces east. With the Starter Set base and
ruler, a ship abeam at an edge-to-edge gap ``g`` is reached by the central arc at ``g`` mm:
0-50 red/purple part, 50-100 rest of the first half (short range, B counters), 100-200
second half (long range, A counters).
"""

import pytest

from sog.errors import IllegalDecision
from sog.plugins.basic import combat
from sog.plugins.basic.damage import place_damage
from sog.plugins.system.tabletop import musketry_of, ship_firepower

SHIPS = ("terpsichore", "defence", "courageuse", "genereux")
COURAGEUSE = (450.0, 450.0, 0.0)


def _abeam(gap, y=450.0):
    """A pose east of Courageuse, parallel to her, ``gap`` mm from her starboard side."""
    return (450.0 + 43.0 + gap, y, 0.0)


def _table(bench, poses, seed=1):
    b = bench(seed, static=True)
    for ship_id, pose in poses.items():
        b.put(ship_id, *pose)
    b.park(*[s for s in SHIPS if s not in poses])
    return b


def _offered(b, ship_id, side):
    """The choices the combat rule offers for one broadside now, or ``None`` if not asked."""
    requests = [r for batch in b.game.hook.sog_decisions_needed(game=b.game, step=combat.STEP) for r in batch or []
                if r.kind == "fire" and r.ship == ship_id and r.id.endswith(f".{ship_id}.{side}")]
    assert len(requests) <= 1
    return requests[0].choices if requests else None


def _targets(b, ship_id, side):
    choices = _offered(b, ship_id, side) or []
    return {(c["target"], c["arc"], c["band"]) for c in choices if c is not None}


def _attacks(b, turn=1, attacker=None):
    return [e["data"] for e in b.events("attack", turn) if attacker is None or e["data"]["attacker"] == attacker]


# --------------------------------------------------------------------------- arcs


@pytest.mark.parametrize(
    ("pose", "expected"),
    [
        (_abeam(60.0), {("defence", "central", "short")}),
        ((480.0, 520.0, 90.0), {("defence", "forward", "red")}),   # off the starboard bow
        ((480.0, 380.0, 90.0), {("defence", "rear", "red")}),      # off the starboard quarter
        ((450.0, 300.0, 0.0), set()),                              # dead astern
    ],
)
def test_a_target_is_offered_through_the_arcs_whose_ruler_reaches_it(bench, pose, expected):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": pose})
    assert _targets(b, "courageuse", "right") == expected
    assert _targets(b, "courageuse", "left") == set()


def test_the_left_broadside_uses_the_mirrored_arcs(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": (450.0 - 43.0 - 60.0, 450.0, 0.0),
                       "terpsichore": (420.0, 520.0, 270.0)})
    assert _targets(b, "courageuse", "left") == {("defence", "central", "short"), ("terpsichore", "forward", "red")}
    assert _targets(b, "courageuse", "right") == set()


# --------------------------------------------------------------------------- range


@pytest.mark.parametrize(
    ("gap", "band", "pool"),
    [(10.0, "red", "B"), (49.0, "red", "B"), (75.0, "short", "B"), (100.0, "short", "B"),
     (101.0, "long", "A"), (150.0, "long", "A"), (200.0, "long", "A")],
)
def test_first_half_of_the_ruler_draws_b_counters_second_half_a_counters(bench, gap, band, pool):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(gap)})
    b.plan()
    request = b.fire_request("courageuse", "right")
    option = b.option(request, "defence", "central")
    assert (option["band"], option["distance"]) == (band, gap)
    b.resolve({("fire", "courageuse", "right"): option})
    (attack,) = _attacks(b, attacker="courageuse")
    assert (attack["kind"], attack["arc"], attack["band"], attack["pool"], attack["firepower"]) == ("artillery", "central", band, pool, 3)
    assert len(attack["counters"]) == 3 and all(label.startswith(pool) for label in attack["counters"])
    assert b.game.pools.remaining(pool) == 87


def test_beyond_the_ruler_nothing_is_offered(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(200.5)})
    assert _offered(b, "courageuse", "right") == [None]


@pytest.mark.parametrize(("arc", "band", "pool", "firepower"), [("central", "short", "B", 3), ("rear", "long", "A", 2)])
def test_attacker_chooses_the_arc_when_one_reaches_at_short_and_another_at_long_range(bench, arc, band, pool, firepower):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": (590.0, 420.0, 0.0)})
    assert _targets(b, "courageuse", "right") == {("defence", "central", "short"), ("defence", "rear", "long")}
    b.plan()
    option = b.option(b.fire_request("courageuse", "right"), "defence", arc)
    b.resolve({("fire", "courageuse", "right"): option})
    (attack,) = _attacks(b, attacker="courageuse")
    assert (attack["arc"], attack["band"], attack["pool"], attack["firepower"], len(attack["counters"])) == (arc, band, pool, firepower, firepower)


# --------------------------------------------------------------------------- line of sight


def test_a_friendly_base_in_between_blocks_the_line_of_sight(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(150.0), "genereux": _abeam(50.0)})
    assert _targets(b, "courageuse", "right") == set()


def test_an_enemy_base_in_between_blocks_the_line_of_sight_to_the_one_behind(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(150.0), "terpsichore": _abeam(50.0)})
    assert _targets(b, "courageuse", "right") == {("terpsichore", "central", "red")}


def test_the_ruler_may_pass_around_a_base_that_hides_only_part_of_the_target(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(150.0), "genereux": _abeam(50.0, y=420.0)})
    (choice,) = [c for c in _offered(b, "courageuse", "right") if c is not None]
    assert (choice["target"], choice["arc"], choice["band"]) == ("defence", "central", "long")
    assert choice["distance"] > 150.0  # longer than straight across: it passes over Genereux's bow


# --------------------------------------------------------------------------- choosing targets


def test_each_broadside_fires_once_at_one_target_and_both_sides_may_fire(bench):
    # Terpsichore to starboard, Defence to port.
    b = _table(bench, {"courageuse": COURAGEUSE, "terpsichore": _abeam(60.0), "defence": (450.0 - 43.0 - 60.0, 450.0, 0.0)})
    b.plan()
    right, left = b.fire_request("courageuse", "right"), b.fire_request("courageuse", "left")
    assert [c["target"] for c in right.choices if c is not None] == ["terpsichore"]
    assert [c["target"] for c in left.choices if c is not None] == ["defence"]
    b.resolve({("fire", "courageuse", "right"): b.option(right, "terpsichore"), ("fire", "courageuse", "left"): b.option(left, "defence")})
    assert sorted((a["side"], a["target"]) for a in _attacks(b, attacker="courageuse")) == [("left", "defence"), ("right", "terpsichore")]


def test_with_two_targets_on_one_side_the_attacker_picks_one(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(150.0), "terpsichore": _abeam(50.0, y=420.0)})
    b.plan()
    request = b.fire_request("courageuse", "right")
    assert {c["target"] for c in request.choices if c is not None} == {"terpsichore", "defence"}
    assert request.choices[0] is None
    with pytest.raises(IllegalDecision):  # no answer names two targets
        b.submit(request, [b.option(request, "defence"), b.option(request, "terpsichore", "central")])
    b.resolve({("fire", "courageuse", "right"): b.option(request, "defence")})
    (attack,) = _attacks(b, attacker="courageuse")
    assert (attack["side"], attack["target"], attack["band"], attack["pool"]) == ("right", "defence", "long", "A")


def test_an_option_the_rule_did_not_offer_is_refused_and_changes_nothing(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(150.0)})
    b.plan()
    request = b.fire_request("courageuse", "right")
    option = b.option(request, "defence", "central")
    before = b.dump()
    for forged in ({**option, "band": "short"}, {**option, "arc": "forward"}, {**option, "side": "left"},
                   {**option, "target": "terpsichore"}, {"target": "defence"}):
        with pytest.raises(IllegalDecision):
            b.submit(request, forged)
    assert b.dump() == before


def test_firing_is_optional_and_holding_fire_keeps_the_side_loaded(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(60.0)})
    b.plan()
    b.resolve({("fire", "courageuse", "right"): None, ("fire", "defence", "left"): None})
    assert _attacks(b) == []
    assert b.ship("courageuse").broadsides["right"].loaded == "ball"
    assert b.fire_request("courageuse", "right") is not None  # turn 2: still loaded, still asked
    assert b.game.state.turn == 2


def test_only_a_loaded_broadside_is_offered(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(60.0), "terpsichore": (450.0 - 43.0 - 60.0, 450.0, 0.0)})
    b.ship("courageuse").broadsides["right"].loaded = None
    assert _offered(b, "courageuse", "right") is None
    assert _targets(b, "courageuse", "left") == {("terpsichore", "central", "short")}


# --------------------------------------------------------------------------- firepower


@pytest.mark.parametrize(("pose", "arc", "firepower"), [
    (_abeam(60.0), "central", 3), ((480.0, 520.0, 90.0), "forward", 2), ((480.0, 380.0, 90.0), "rear", 2),
])
def test_courageuse_fires_3_full_broadside_and_2_forward_or_rear_at_the_start(bench, pose, arc, firepower):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": pose})
    b.plan()
    b.resolve({("fire", "courageuse", "right"): b.option(b.fire_request("courageuse", "right"), "defence", arc)})
    (attack,) = _attacks(b, attacker="courageuse")
    assert (attack["arc"], attack["firepower"], len(attack["counters"])) == (arc, firepower, firepower)


def _damage_example_log(b):
    """Courageuse's log after both turns of the damage example (p. 19)."""
    b.stack("B", [(6, None), (4, None), (2, None), (None, "crew"), (None, "crew"), (0, None), (0, None)])
    place_damage(b.ship("courageuse"), b.game.draw("B", 7), 3)
    b.stack("B", [(0, None), (None, "crew"), (2, "crew"), (3, None), (1, None), (1, None)])
    place_damage(b.ship("courageuse"), b.game.draw("B", 6), 3)


@pytest.mark.parametrize(("pose", "arc", "firepower"), [
    (_abeam(60.0), "central", 2), ((480.0, 520.0, 90.0), "forward", 1), ((480.0, 380.0, 90.0), "rear", 1),
])
def test_after_the_damage_example_courageuse_fires_1_2_1_from_her_sixth_box(bench, pose, arc, firepower):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": pose})
    _damage_example_log(b)
    assert [ship_firepower(b.game, b.ship("courageuse"), a) for a in ("forward", "central", "rear")] == [1, 2, 1]
    assert musketry_of(b.game, b.ship("courageuse")) == 2
    b.plan()
    b.resolve({("fire", "courageuse", "right"): b.option(b.fire_request("courageuse", "right"), "defence", arc)})
    (attack,) = _attacks(b, attacker="courageuse")
    assert (attack["firepower"], len(attack["counters"])) == (firepower, firepower)


def test_firepower_is_read_from_the_leftmost_empty_box_of_the_ship_track(bench):
    b = _table(bench, {"courageuse": COURAGEUSE})
    ship, doc = b.ship("courageuse"), b.game.ship_doc(b.ship("courageuse"))
    marker_box = ship.ship_track[0]
    for covered in range(len(ship.ship_track)):
        box = doc.ship_track[covered]
        assert [ship_firepower(b.game, ship, a) for a in ("forward", "central", "rear")] == [box.forward, box.full, box.rear]
        ship.ship_track[covered].markers.append("test")  # anything in a box covers it
    assert [ship_firepower(b.game, ship, a) for a in ("forward", "central", "rear")] == [0, 0, 0]
    marker_box.markers.clear()  # an empty box to the left counts again, whatever lies to its right
    assert ship_firepower(b.game, ship, "central") == doc.ship_track[0].full


# --------------------------------------------------------------------------- simultaneous fire


def test_damage_taken_this_turn_does_not_reduce_this_turns_firepower(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(60.0)})
    b.plan()
    b.stack("B", [(6, None), (5, None), (4, None), (6, None), (5, None), (4, None), (6, None), (3, None), (3, None), (3, None)])
    b.resolve({("fire", "defence", "left"): b.option(b.fire_request("defence", "left"), "courageuse", "central"),
               ("fire", "courageuse", "right"): b.option(b.fire_request("courageuse", "right"), "defence", "central")})
    (by_defence,) = _attacks(b, attacker="defence")
    (by_courageuse,) = _attacks(b, attacker="courageuse")
    assert (by_defence["firepower"], by_defence["counters"]) == (7, ["B6", "B5", "B4", "B6", "B5", "B4", "B6"])
    assert (by_courageuse["firepower"], by_courageuse["counters"]) == (3, ["B3", "B3", "B3"])
    # Damage lands after both attacks: seven boxes covered, Courageuse now fires 1/1/1.
    assert sum(box.covered for box in b.ship("courageuse").ship_track) == 7
    assert ship_firepower(b.game, b.ship("courageuse"), "central") == 1
    assert [e["data"]["ship"] for e in b.events("damage-applied", 1)] == ["courageuse", "defence"]
    assert min(e["seq"] for e in b.events("damage-applied", 1)) > max(e["seq"] for e in b.events("attack", 1))


def test_a_ship_that_surrenders_this_turn_still_fires(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(60.0)})
    b.plan()
    b.stack("B", [(3, None)] * 9)
    for box in b.ship("courageuse").ship_track[:-1]:  # nine boxes full: box 10 (0/1/0) is the last
        box.counters.extend(b.game.draw("B", 1))
        box.full = True
    b.stack("B", [(5, None), (0, None), (0, None), (0, None), (0, None), (0, None), (0, None), (4, None)])
    b.resolve({("fire", "defence", "left"): b.option(b.fire_request("defence", "left"), "courageuse", "central"),
               ("fire", "courageuse", "right"): b.option(b.fire_request("courageuse", "right"), "defence", "central")})
    (by_courageuse,) = _attacks(b, attacker="courageuse")
    assert (by_courageuse["firepower"], by_courageuse["counters"]) == (1, ["B4"])
    assert b.ship("courageuse").status == "surrendered"
    assert [c.label() for c in b.ship("defence").ship_track[0].counters] == ["B4"]


def test_several_ships_firing_at_one_target_each_draw_their_own_counters(bench):
    """Ruling R3: every attack on the same target is drawn on its own, then all are placed."""
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": _abeam(60.0), "terpsichore": (450.0 - 43.0 - 150.0, 450.0, 0.0)})
    b.plan()
    b.stack("B", [(1, None)] * 7)
    b.stack("A", [(2, None)] * 4)
    b.resolve({("fire", "defence", "left"): b.option(b.fire_request("defence", "left"), "courageuse", "central"),
               ("fire", "terpsichore", "right"): b.option(b.fire_request("terpsichore", "right"), "courageuse", "central")})
    attacks = {a["attacker"]: (a["pool"], a["counters"]) for a in _attacks(b)}
    assert attacks == {"defence": ("B", ["B1"] * 7), "terpsichore": ("A", ["A2"] * 4)}
    (applied,) = [e["data"] for e in b.events("damage-applied", 1) if e["data"]["ship"] == "courageuse"]
    assert sorted(applied["counters"]) == sorted(["B1"] * 7 + ["A2"] * 4)
