"""Aground (rulebook pp. 44-45): never moves again, plans nothing (ruling NO_PLAN), its planned
card discarded (Standard, Advanced), no more water from a leak, and it cannot sink on a shoal
(Sinking Ships, Surrendered Ships); events and narration."""

from terrain_bench import START, STRAIGHT

from sog.plugins.advanced.mat import WATER_DAMAGE, place_hull_marker
from sog.plugins.optional import sinking_ships
from sog.plugins.terrain.aground import NO_PLAN, ON_SHOAL
from sog.plugins.terrain.effects import aground, run_aground


def _grounded(bench, level="basic", options=("shoals",)):
    """The Courageuse runs onto a shoal in turn 1."""
    b = bench(level=level, options=options)
    b.only("courageuse", *START)
    b.place("shoal-1", "test-shoal", 450.0, 500.0)
    b.steer("courageuse", STRAIGHT)
    return b


def test_an_aground_ship_never_moves_again_and_is_asked_no_plan(bench):
    assert NO_PLAN == "not asked"
    b = _grounded(bench)
    b.play(3)
    assert aground(b.ship("courageuse"))["turn"] == 1
    assert [e["turn"] for e in b.events("ship-moved", ship="courageuse")] == [1]
    assert {r.id.split(".")[0] for r in b.plans_asked("courageuse")} == {"t1"}
    assert b.ship("courageuse").planned == [None]


def test_an_aground_ship_s_planned_card_is_discarded_in_the_standard_rules(bench):
    b = _grounded(bench, level="standard")
    b.play(1)
    (event,) = b.events("ran-aground", 1, ship="courageuse")
    assert event["data"]["discarded"] == 1  # the card of slot 2
    assert b.ship("courageuse").planned == [None, None]
    b.play(3)
    assert not b.events("card-revealed", 2, ship="courageuse") and not b.events("card-revealed", 3, ship="courageuse")
    assert [e["turn"] for e in b.events("ship-moved", ship="courageuse")] == [1]
    assert {r.id.split(".")[0] for r in b.plans_asked("courageuse")} == {"t1"}


def test_an_aground_ship_takes_no_more_water_from_a_leak(bench):
    """sog_leak_takes_water: the Généreux leaks and takes water each turn; the grounded
    Courageuse leaks too and takes none."""
    b = _grounded(bench, level="advanced")
    b.put("genereux", 840.0, 840.0, 180.0)
    for ship_id in ("courageuse", "genereux"):
        b.ship(ship_id).ext["special-damage"]["leak"] = 1
    b.play(1)
    assert aground(b.ship("courageuse")) is not None
    b.play(3)
    for turn in (2, 3):
        assert b.events("marker-placed", turn, ship="genereux", marker=WATER_DAMAGE)
        assert not b.events("marker-placed", turn, ship="courageuse")
    assert b.game.hook.sog_leak_takes_water(game=b.game, ship=b.ship("courageuse")) is False
    assert b.game.hook.sog_leak_takes_water(game=b.game, ship=b.ship("genereux")) is None


def test_a_ship_aground_on_a_shoal_cannot_sink(bench):
    """sog_can_sink: with Sinking Ships, two leaking ships with two water damage markers each;
    the Généreux draws the sinking marker and sinks; the Courageuse, aground on a shoal, takes
    no water, draws nothing and stays afloat."""
    assert ON_SHOAL == "shoal"
    b = bench(level="advanced", options=("shoals", "sinking-ships"))
    b.put("genereux", 840.0, 840.0, 180.0)
    for ship_id in ("courageuse", "genereux"):
        ship = b.ship(ship_id)
        ship.ext["special-damage"]["leak"] = 1
        place_hull_marker(ship.ship_track, WATER_DAMAGE)
        place_hull_marker(ship.ship_track, WATER_DAMAGE)
    run_aground(b.game, b.ship("courageuse"), "shoal", "shoal-1")
    sinking_ships.stack(b.game, ["sinking"] * 4)
    b.play(2)
    assert b.ship("genereux").status == sinking_ships.STATUS
    assert b.ship("courageuse").in_play and not b.events("sinking-ships-draw", ship="courageuse")
    assert b.game.hook.sog_can_sink(game=b.game, ship=b.ship("courageuse")) is False
    other = b.ship("terpsichore")
    run_aground(b.game, other, "reef", "somewhere")
    assert b.game.hook.sog_can_sink(game=b.game, ship=other) is None


def test_a_ship_aground_on_a_shoal_that_surrenders_with_a_leak_stays_as_a_wreck(bench):
    """Surrendered Ships: a ship surrendering with a leak on board goes down, unless aground on a
    shoal (ruling AFLOAT); aground on a reef, it goes down."""
    b = _grounded(bench, level="advanced", options=("shoals", "surrendered-ships"))
    b.play(1)
    for ship_id, on in (("courageuse", None), ("genereux", "reef")):
        ship = b.ship(ship_id)
        if on:
            run_aground(b.game, ship, on, "somewhere")
        ship.ext["special-damage"]["leak"] = 1
        b.game.remove_ship(ship_id, "surrendered")
    own = b.game.state.ext["surrendered-ships"]
    assert "courageuse" in own["wrecks"] + own["drifting"]
    assert "genereux" not in own["wrecks"] + own["drifting"]


def test_running_aground_is_told(bench):
    b = _grounded(bench)
    b.play(1)
    (event,) = [e for e in b.game.log.of_kind("ran-aground")]
    line = b.game.hook.sog_narrate(game=b.game, event=event)
    assert "Courageuse" in line and "aground" in line


def test_a_reef_strike_is_told(bench):
    b = bench()
    b.only("courageuse", *START)
    b.place("reef-1", "test-reef", 450.0, 500.0)
    b.steer("courageuse", STRAIGHT)
    b.stack("A", [(1, None), (0, None), (0, None)])
    b.play(1)
    (event,) = [e for e in b.game.log.of_kind("reef-strike")]
    line = b.game.hook.sog_narrate(game=b.game, event=event)
    assert "strikes reef-1" in line and "A1" in line


def test_a_strike_in_dangerous_waters_is_told_as_such(bench):
    b = bench(options=("coasts",))
    b.only("courageuse", *START)
    b.place("isle", "test-island", 450.0, 468.5 + 10.0 + 50.0)
    b.steer("courageuse", STRAIGHT)
    b.stack("A", [(0, None)] * 3)
    b.play(1)
    (event,) = [e for e in b.game.log.of_kind("reef-strike")]
    assert "strikes the waters off isle" in b.game.hook.sog_narrate(game=b.game, event=event)


def test_the_picture_marks_an_aground_ship_and_no_other(bench):
    from sog.render.svg import table_svg

    b = _grounded(bench)
    assert ">aground</text>" not in table_svg(b.game)
    b.play(1)
    assert aground(b.ship("courageuse")) is not None
    assert table_svg(b.game).count(">aground</text>") == 1
