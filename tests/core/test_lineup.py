"""A game's line-up (sog.lineup): fleets that replace a side's ships, documents ships carry,
the price of a fleet; the line-up is part of the game's configuration (log, replay, save)."""

from __future__ import annotations

import pytest

from sog.errors import ConfigError
from sog.lineup import Lineup, apply_lineup, check_points_limit, fleet_points
from sog.replay import replay
from sog.savefile import load_game, save_game
from sog.setup import new_game
from sog.bots import make_bot


@pytest.fixture(scope="module")
def system(catalogue):
    return catalogue.system("sails-of-glory")


@pytest.fixture(scope="module")
def enemy(library):
    return library.scenario("enemy-in-sight")


def _british(scenario):
    return [e for e in scenario.ships if e.side == "british"]


def test_a_fleet_of_as_many_ships_takes_the_replaced_ships_places(library, enemy, system):
    changed = apply_lineup(library, enemy, Lineup(fleets={"british": ("hms-meleager", "hms-vanguard")}), system)
    old, new = _british(enemy), _british(changed)
    assert [e.ship for e in new] == ["hms-meleager", "hms-vanguard"]
    assert [e.id for e in new] == ["hms-meleager", "hms-vanguard"]
    assert [(e.pose, e.zone, e.seat) for e in new] == [(e.pose, e.zone, e.seat) for e in old]
    assert [e for e in changed.ships if e.side == "french"] == [e for e in enemy.ships if e.side == "french"]
    assert (changed.victory, changed.sides, changed.table, changed.wind) == (enemy.victory, enemy.sides, enemy.table, enemy.wind)


def test_more_ships_stand_in_a_line_in_the_set_up_zone_as_far_apart_as_the_scenarios(library, enemy, system):
    changed = apply_lineup(library, enemy, Lineup(fleets={"british": ("hms-defence",) * 3}), system)
    new = _british(changed)
    assert [e.id for e in new] == ["hms-defence", "hms-defence-2", "hms-defence-3"]
    assert [(e.pose.x, e.pose.y, e.pose.heading) for e in new] == [(250, 50, 0), (450, 50, 0), (650, 50, 0)]
    assert all(e.zone.contains(e.pose.x, e.pose.y) for e in new)


def test_a_fleet_too_long_for_the_spacing_closes_up_to_fit_its_zone(library, enemy, system):
    new = _british(apply_lineup(library, enemy, Lineup(fleets={"british": ("hms-defence",) * 6}), system))
    xs = [e.pose.x for e in new]
    assert xs == [75, 225, 375, 525, 675, 825]  # 900 mm / 6 apart, centred
    assert all(e.zone.contains(e.pose.x, e.pose.y) for e in new)


def test_a_single_ship_stands_where_the_line_was_centred(library, enemy, system):
    new = _british(apply_lineup(library, enemy, Lineup(fleets={"british": ("hms-terpsichore",)}), system))
    assert [(e.pose.x, e.pose.y) for e in new] == [(450, 50)]


def test_a_side_without_a_set_up_zone_keeps_its_number_of_ships(library, enemy, system):
    ships = tuple(e.model_copy(update={"zone": None}) for e in enemy.ships)
    zoneless = enemy.model_copy(update={"ships": ships})
    with pytest.raises(ConfigError, match="no set-up zone: its fleet must have 2 ships"):
        apply_lineup(library, zoneless, Lineup(fleets={"british": ("hms-defence",) * 3}), system)
    swapped = apply_lineup(library, zoneless, Lineup(fleets={"british": ("hms-vanguard", "hms-meleager")}), system)
    assert [e.ship for e in _british(swapped)] == ["hms-vanguard", "hms-meleager"]


@pytest.mark.parametrize("fleets, message", [
    ({"britsh": ("hms-defence",)}, "no side 'britsh' (did you mean 'british'?)"),
    ({"british": ("hms-defense",)}, "unknown ship 'hms-defense' (did you mean 'hms-defence'"),
    ({"british": ()}, "the fleet of side 'british' has no ship"),
])
def test_a_bad_fleet_is_a_clear_error_and_no_game_starts(library, enemy, system, fleets, message):
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)").replace("?", r"\?")):
        apply_lineup(library, enemy, Lineup(fleets=fleets), system)
    with pytest.raises(ConfigError):
        new_game("enemy-in-sight", library=library, lineup=Lineup(fleets=fleets))


def test_a_ship_is_named_by_its_game_id_or_by_its_ship_when_only_one_uses_it(library, enemy, system):
    fleet = Lineup(fleets={"british": ("hms-defence", "hms-defence")}, attach={"hms-defence-2": {"crew-card": ()}})
    assert apply_lineup(library, enemy, fleet, system)
    twice = Lineup(fleets={"british": ("hms-defence", "hms-defence")}, attach={"hms-defence": {}})
    assert apply_lineup(library, enemy, twice, system)  # the game id hms-defence exists
    ambiguous = Lineup(fleets={"british": ("hms-vanguard", "hms-vanguard")}, attach={"defence": {}})
    with pytest.raises(ConfigError, match="no ship 'defence' in this game"):
        apply_lineup(library, enemy, ambiguous, system)


def test_a_ship_cannot_carry_a_kind_the_system_does_not_attach(library, enemy, system):
    with pytest.raises(ConfigError, match="cannot carry a 'admiral'"):
        apply_lineup(library, enemy, Lineup(attach={"defence": {"admiral": ("nelson",)}}), system)


def test_the_log_records_the_lineup_and_the_replay_applies_it(library):
    lineup = Lineup(fleets={"british": ("hms-vanguard", "hms-meleager", "hms-terpsichore")})
    game = new_game("enemy-in-sight", library=library, lineup=lineup, seed=7)
    assert game.log.header["lineup"] == {"fleets": {"british": ["hms-vanguard", "hms-meleager", "hms-terpsichore"]}, "attach": {}}
    game.run({seat: make_bot("random", 3, seat) for seat in game.seats()}, max_turns=6)
    result = replay(dict(game.log.header), list(game.log.events), library=library)
    assert result.events == len(game.log.events)
    assert sorted(result.game.state.ships) == sorted(game.state.ships)


def test_a_game_without_a_lineup_logs_no_lineup(library):
    assert "lineup" not in new_game("enemy-in-sight", library=library).log.header


def test_a_saved_game_keeps_its_fleet(library, tmp_path):
    game = new_game("enemy-in-sight", library=library, lineup=Lineup(fleets={"french": ("aquilon", "unite", "courageuse")}))
    game.run({seat: make_bot("random", 1, seat) for seat in game.seats()}, max_turns=2)
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path, library=library)
    assert [s.ship for s in loaded.state.ships.values() if s.side == "french"] == ["aquilon", "unite", "courageuse"]


def test_fleet_points_add_each_ships_value_and_a_missing_value_is_unknown(library, enemy, system):
    points = fleet_points(library, enemy, system)
    assert set(points) == {"british", "french"}
    for side, (total, lines) in points.items():
        values = [system.points(library, "ship", library.get("ship", e.ship)) for e in enemy.ships_of(side)]
        assert total == (None if None in values else sum(values))
        assert len(lines) == len(enemy.ships_of(side))


def test_a_points_limit_refuses_a_fleet_worth_more(library, enemy, system):
    totals = {side: total for side, (total, _) in fleet_points(library, enemy, system).items()}
    if None in totals.values():
        pytest.skip("the starter ships have no points values")
    highest = max(totals.values())
    check_points_limit(library, enemy, system, highest)  # at the limit: accepted
    with pytest.raises(ConfigError, match=f"more than the limit of {highest - 1}"):
        check_points_limit(library, enemy, system, highest - 1)
    with pytest.raises(ConfigError, match="points limit"):
        new_game("enemy-in-sight", library=library, points_limit=highest - 1)


def test_a_captain_takes_command_of_a_ship_it_fits_and_is_refused_another(library, enemy, system):
    lineup = Lineup(fleets={"british": ("uss-constitution", "hms-terpsichore")}, attach={"uss-constitution": {"captain": ("isaac-hull",)}})
    changed = apply_lineup(library, enemy, lineup, system)
    assert dict(_british(changed)[0].attach) == {"captain": ("isaac-hull",)}
    game = new_game("enemy-in-sight", library=library, lineup=lineup)
    assert game.state.ships["uss-constitution"].attached == {"captain": ["isaac-hull"]}
    with pytest.raises(ConfigError, match="cannot carry captain 'isaac-hull': captain 'isaac-hull' commands only uss-constitution"):
        apply_lineup(library, enemy, Lineup(attach={"terpsichore": {"captain": ("isaac-hull",)}}), system)


def test_a_ship_carrying_a_captain_needs_the_rule_that_plays_it(library):
    lineup = Lineup(fleets={"british": ("uss-constitution", "hms-terpsichore")}, attach={"uss-constitution": {"captain": ("isaac-hull",)}})
    with pytest.raises(ConfigError, match="carries a captain, which the rule 'abilities' plays, but it is not on"):
        new_game("enemy-in-sight", library=library, lineup=lineup, blocked=["abilities", "captain-wounds", "gunnery-abilities", "seamanship-abilities"])
