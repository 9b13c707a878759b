"""Surrender and the counter pools (rulebook p. 18; RULES-NOTES item 12; ruling R2).

A ship whose ship track or crew track is entirely covered surrenders and leaves the table;
every counter on its log and in its zero box goes back to its pool. When a pool runs out,
the "0"s of that pool lying in the zero boxes go back into it; if it is still empty, the
attack draws fewer counters and the log says so.
"""

from sog.plugins.basic import combat

SHIPS = ("terpsichore", "defence", "courageuse", "genereux")
POOL_SIZES = {"A": 90, "B": 90, "C": 60, "D": 60, "E": 90}


def _duel(bench, seed=1):
    """Defence 60 mm off Courageuse's port side (short range, no musketry), others far away."""
    b = bench(seed, static=True)
    b.put("courageuse", 450.0, 450.0, 0.0)
    b.put("defence", 450.0 - 43.0 - 60.0, 450.0, 0.0)
    b.park("terpsichore", "genereux")
    b.plan()
    return b


def _broadside_at_courageuse(b):
    b.resolve({("fire", "defence", "right"): b.option(b.fire_request("defence", "right"), "courageuse", "central")})


def _cover(b, track, count):
    """Cover the first ``count`` boxes of Courageuse's track with real counters: 3s from B on
    the ship track, crew counters from E on the crew track."""
    boxes = getattr(b.ship("courageuse"), track)[:count]
    pool, wanted = ("B", (3, None)) if track == "ship_track" else ("E", (None, "crew"))
    b.stack(pool, [wanted] * count)
    for box, counter in zip(boxes, b.game.draw(pool, count)):
        box.counters.append(counter)
        box.full = track == "ship_track"


def _pools(b):
    return {pid: b.game.pools.remaining(pid) for pid in POOL_SIZES}


def test_a_ship_whose_ship_track_is_all_covered_surrenders(bench):
    b = _duel(bench)
    _cover(b, "ship_track", 9)
    b.stack("B", [(0, None)] * 6 + [(1, None)])
    _broadside_at_courageuse(b)
    courageuse = b.ship("courageuse")
    assert courageuse.status == "surrendered"
    assert [e["data"] for e in b.events("ship-removed", 1)] == [{"ship": "courageuse", "status": "surrendered"}]
    assert b.events("ship-removed", 1)[0]["step"] == "damage"
    assert courageuse not in b.game.ships()


def test_a_ship_with_one_ship_box_still_empty_fights_on(bench):
    b = _duel(bench)
    _cover(b, "ship_track", 8)
    b.stack("B", [(0, None)] * 6 + [(1, None)])
    _broadside_at_courageuse(b)
    assert b.ship("courageuse").status == "in-play"
    assert [box.covered for box in b.ship("courageuse").ship_track] == [True] * 9 + [False]


def test_a_ship_whose_crew_track_is_all_covered_surrenders(bench):
    b = _duel(bench)
    _cover(b, "crew_track", 8)
    b.stack("B", [(0, None)] * 6 + [(None, "crew")])
    _broadside_at_courageuse(b)
    assert b.ship("courageuse").status == "surrendered"


def test_a_crew_loss_marker_covering_the_last_crew_box_makes_the_ship_surrender(bench):
    b = _duel(bench)
    _cover(b, "crew_track", 8)
    b.stack("B", [(0, None)] * 6 + [(2, "crew")])
    _broadside_at_courageuse(b)
    assert b.ship("courageuse").status == "surrendered"


def test_counters_of_a_surrendered_ship_zeros_included_go_back_to_their_pools(bench):
    b = _duel(bench)
    _cover(b, "ship_track", 9)
    _cover(b, "crew_track", 3)
    b.ship("courageuse").zero_box.extend(b.game.draw("A", 2))
    assert _pools(b) == {"A": 88, "B": 81, "C": 60, "D": 60, "E": 87}
    b.stack("B", [(0, None), (0, None), (None, "crew"), (2, None), (1, None), (0, None), (6, None)])
    _broadside_at_courageuse(b)
    courageuse = b.ship("courageuse")
    assert courageuse.status == "surrendered"
    assert _pools(b) == POOL_SIZES
    assert courageuse.zero_box == [] and all(not box.counters for box in courageuse.ship_track + courageuse.crew_track)


def test_ruling_r2_an_empty_pool_takes_back_the_zeros_of_its_letter_then_runs_short(bench):
    b = _duel(bench)
    everything = b.game.draw("B", 90)
    assert b.game.pools.remaining("B") == 0 and b.events("pool-exhausted") == []
    zeros = [c for c in everything if c.value == 0][:3]
    b.ship("genereux").zero_box.extend(zeros + b.game.draw("A", 1))
    b.ship("terpsichore").zero_box.extend([c for c in everything if c.value == 0][3:5])
    _broadside_at_courageuse(b)  # seven counters wanted, five zeros come back
    (attack,) = [e["data"] for e in b.events("attack", 1)]
    assert attack["counters"] == ["B0"] * 5
    assert [e["data"] for e in b.events("pool-exhausted", 1)] == [{"pool": "B", "missing": 2}]
    assert [c.pool for c in b.ship("genereux").zero_box] == ["A"]
    assert b.ship("terpsichore").zero_box == []
    assert [c.label() for c in b.ship("courageuse").zero_box] == ["B0"] * 5


def test_pool_exhausted_hook_refills_from_zero_boxes_before_a_draw_gives_up(bench):
    b = bench()
    drawn = b.game.draw("E", 90)
    b.ship("courageuse").zero_box.extend([c for c in drawn if c.value == 0][:2])
    b.game.hook.sog_pool_exhausted(game=b.game, pool="E")
    assert b.game.pools.remaining("E") == 2 and b.ship("courageuse").zero_box == []
    assert [c.label() for c in b.game.draw("E", 4)] == ["E0", "E0"]
    assert b.events("pool-exhausted")[-1]["data"] == {"pool": "E", "missing": 2}


def test_surrendered_ship_is_no_longer_a_target(bench):
    b = _duel(bench)
    _cover(b, "ship_track", 9)
    b.stack("B", [(0, None)] * 6 + [(1, None)])
    _broadside_at_courageuse(b)
    offered = [r for batch in b.game.hook.sog_decisions_needed(game=b.game, step=combat.STEP) for r in batch or []
               if r.ship == "defence"]
    assert all(c is None or c["target"] != "courageuse" for r in offered for c in r.choices)
