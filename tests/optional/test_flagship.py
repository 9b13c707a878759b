"""Flagship (rulebook p. 40; ruling R11): losing a flagship shakes its side and cheers the enemy.

The French flagship Courageuse lies at (450, 450) heading north with one empty crew box
left; HMS Terpsichore at (613, 450) reaches her with the left broadside (central arc, long
range: pool A). Movement is blocked.
"""

import pytest

from opt1_bench import make  # noqa: F401  (fixtures)
from sog.errors import ConfigError
from sog.plugins.optional import flagship

FLAGSHIPS = {"flagship": {"ships": {"french": "courageuse", "british": "defence"}}}
#: One crew symbol among the Terpsichore's four long-range counters: the Courageuse's last crew box.
FATAL = [(None, "crew"), (0, None), (0, None), (0, None)]


def _bench(make, level="basic", settings=FLAGSHIPS):
    bench = make(level, ("flagship",), settings=settings, static=True)
    bench.park("defence", "genereux")
    bench.put("courageuse", 450.0, 450.0, 0.0)
    bench.put("terpsichore", 613.0, 450.0, 0.0)
    bench.fill_crew("courageuse", leave=1)
    bench.script[("fire", "terpsichore", "left")] = lambda r: bench.option(r, "courageuse", "central")
    return bench


def _tokens(bench, ship):
    return sum(len(b.counters) + len(b.markers) for b in bench.ship(ship).crew_track)


@pytest.mark.parametrize("level", ["basic", "standard", "advanced"])
def test_a_surrendered_flagship_shakes_its_side_and_cheers_the_enemy_twice_for_its_attackers(make, level):
    bench = _bench(make, level)
    bench.script[("action", "terpsichore")] = ["fire-left", None]  # Advanced rules: firing needs the action
    for ship in ("terpsichore", "defence"):
        bench.crew_counter(ship, 0), bench.crew_counter(ship, 1)
    bench.stack("A", FATAL)
    bench.reach(2, "planning")
    assert bench.ship("courageuse").status == "surrendered"
    [lost] = [e["data"] for e in bench.events("flagship-lost", 1)]
    assert lost == {"ship": "courageuse", "side": "french", "reason": "surrendered",
                    "markers": {"genereux": 2}, "removed": {"terpsichore": ["E:crew", "E:crew"], "defence": ["E:crew"]}}
    genereux = bench.ship("genereux")
    assert [b.markers for b in genereux.crew_track[:3]] == [["crew-loss"], ["crew-loss"], []]
    assert _tokens(bench, "terpsichore") == 0 and len(bench.ship("terpsichore").zero_box) == 2
    assert _tokens(bench, "defence") == 1 and len(bench.ship("defence").zero_box) == 1


def test_musketry_at_the_flagship_counts_as_shooting_at_it(make):
    bench = _bench(make)
    bench.put("defence", 450.0 - 21.5 - 10.0 - 21.5, 450.0, 0.0)  # 10 mm off: within musketry reach
    for ship in ("terpsichore", "defence"):
        bench.crew_counter(ship, 0), bench.crew_counter(ship, 1)
    bench.script[("fire", "terpsichore", "left")] = None
    bench.script[("musketry", "defence")] = {"target": "courageuse"}
    bench.stack("E", [(None, "crew")] * 4)
    bench.reach(2, "planning")
    [lost] = [e["data"] for e in bench.events("flagship-lost", 1)]
    assert {k: len(v) for k, v in lost["removed"].items()} == {"terpsichore": 1, "defence": 2}


def test_an_enemy_with_a_clear_crew_track_removes_nothing(make):
    bench = _bench(make)
    bench.stack("A", FATAL)
    bench.reach(2, "planning")
    [lost] = [e["data"] for e in bench.events("flagship-lost", 1)]
    assert lost["removed"] == {"terpsichore": [], "defence": []}


def test_the_markers_can_make_another_ship_surrender(make):
    bench = _bench(make)
    bench.fill_crew("genereux", leave=1)
    bench.stack("A", FATAL)
    bench.reach(2, "planning")
    removed = [(e["data"]["ship"], e["data"].get("cause")) for e in bench.events("ship-removed", 1)]
    assert removed == [("courageuse", None), ("genereux", "flagship-lost")]
    assert bench.game.over and bench.game.outcome.winner == "british"


def test_a_flagship_leaving_the_table_has_no_effect(make):
    """Ruling R11."""
    bench = _bench(make)
    bench.game.remove_ship("courageuse", "left-table")
    assert bench.events("flagship-lost") == []
    assert not any(b.covered for b in bench.ship("genereux").crew_track)
    assert flagship.NO_MORALE_REASONS == ("left-table",)


def test_another_ship_surrendering_has_no_effect(make):
    bench = _bench(make, settings={"flagship": {"ships": {"french": "genereux", "british": "defence"}}})
    bench.stack("A", FATAL)
    bench.reach(2, "planning")
    assert bench.ship("courageuse").status == "surrendered" and bench.events("flagship-lost") == []


def test_without_settings_each_side_s_first_ship_is_its_flagship(make):
    bench = make("basic", ("flagship",))
    assert [e["data"] for e in bench.events("flagships")] == [{"ships": {"british": "terpsichore", "french": "courageuse"}}]


@pytest.mark.parametrize(("ships", "message"), [
    ({"french": "terpsichore"}, "not a ship of that side"),
    ({"french": "victory"}, "not a ship of that side"),
    ({"spanish": "courageuse"}, "unknown sides: spanish"),
])
def test_a_flagship_must_be_a_ship_of_its_side(make, ships, message):
    with pytest.raises(ConfigError, match=message):
        make("basic", ("flagship",), settings={"flagship": {"ships": ships}})


def test_settings_are_checked_against_the_schema(make):
    with pytest.raises(ConfigError, match="flagship"):
        make("basic", ("flagship",), settings={"flagship": {"ships": ["courageuse"]}})
