"""In Shallow Waters (rulebook p. 52): the scenario validates, sets up as the text says, and
plays to a result with bots at every level over several seeds."""

from __future__ import annotations

import pytest

from sog.bots import make_bot
from sog.packs.playable import scenario_problems
from sog.setup import new_game

from sog.plugins.setup import terrain_placement as tp
from sog.plugins.system.terrain_table import placed_terrain

SCENARIO = "in-shallow-waters"
LEVELS = ("basic", "standard", "advanced")


def _play(library, catalogue, level, seed, bot="random"):
    game = new_game(SCENARIO, library=library, catalogue=catalogue, level=level, seed=seed)
    bots = {seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}
    game.run(bots, max_turns=200)
    return game


def test_the_scenario(library, catalogue):
    scenario = library.scenario(SCENARIO)
    assert (scenario.table.width, scenario.table.height) == (900, 900)
    assert sorted(s.ship for s in scenario.ships) == ["aquilon", "hms-meleager", "hms-vanguard", "unite"]
    assert {"reefs", "coasts", "terrain-placement", "deployment", "aground-victory"} <= set(scenario.options)
    assert scenario.victory.kind == "last-side-standing-aground"
    game = new_game(SCENARIO, library=library, catalogue=catalogue)
    assert not [problem for problem, _ in scenario_problems(library, scenario, catalogue, game.rules)]


def test_set_up_island_six_reefs_sides_and_deployment(library, catalogue):
    game = _play(library, catalogue, "basic", 2)
    terrain = placed_terrain(game)
    assert terrain[0].id == "island" and terrain[0].coastline == "rocky" and terrain[0].danger == "ruler-width"
    assert terrain[0].polygon.centroid.distance(terrain[0].polygon.centroid) == 0
    assert [t.element for t in terrain[1:]] == ["reef"] * 6
    for i, a in enumerate(terrain):
        for b in terrain[i + 1:]:
            assert a.polygon.distance(b.polygon) >= tp.min_distance(game) - 1e-6
    kinds = [e["kind"] for e in game.log.events]
    assert kinds.index("sides-drawn") > max(i for i, k in enumerate(kinds) if k == "reef-placed")
    assert kinds.index("ships-deployed") > kinds.index("sides-drawn")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bots_play_to_a_result(library, catalogue, level, seed):
    game = _play(library, catalogue, level, seed)
    assert game.over, f"{level} seed {seed}: no result after {game.state.turn} turns"


@pytest.mark.parametrize("level", LEVELS)
def test_captain_bots_play_to_a_result(library, catalogue, level):
    game = _play(library, catalogue, level, 5, bot="captain")
    assert game.over


def test_same_seed_same_game(library, catalogue):
    first, second = (_play(library, catalogue, "standard", 3) for _ in range(2))
    assert first.log.events == second.log.events


def test_the_log_replays_identically(library, catalogue):
    from sog.replay import replay

    game = _play(library, catalogue, "advanced", 5)
    result = replay(dict(game.log.header), game.log.events, library=library, catalogue=catalogue)
    assert result.events == len(game.log.events)


class _Middle:
    """Always the middle choice: a controller with no state of its own."""

    def decide(self, view, request):
        return request.option(request.count() // 2)


def test_a_game_saved_during_the_set_up_continues_identically(library, catalogue):
    from sog.savefile import dump_game, load_game

    def fresh():
        return new_game(SCENARIO, library=library, catalogue=catalogue, level="standard", seed=6)

    whole = fresh()
    whole.run({seat: _Middle() for seat in whole.seats()}, max_turns=3)
    part = fresh()
    part.advance()
    for _ in range(4):  # four reefs placed, two to go; nothing drawn or deployed yet
        for request in part.pending():
            part.submit(request.seat, request.id, _Middle().decide(None, request))
        part.advance()
    assert part.state.ext["terrain-placement"]["placed"] == 4
    resumed = load_game(dump_game(part), library=library, catalogue=catalogue)
    resumed.run({seat: _Middle() for seat in resumed.seats()}, max_turns=3)
    assert resumed.log.events == whole.log.events
