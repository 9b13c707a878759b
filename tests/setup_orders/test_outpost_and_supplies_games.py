"""Against the Outpost (p. 54), its two-outposts variant (p. 55) and Supplies are Coming (p. 56):
set up as their texts say, then played to a result by random and captain bots over several
seeds at every level each allows (a bounded number of turns), the same seed giving the same
log, and a log replaying identically."""

from __future__ import annotations

import pytest
from shapely import Point, box

from orders_bench import HALF_RULER, RULER
from sog.bots import make_bot
from sog.setup import new_game

from sog.plugins.setup import placement_rules as pr
from sog.plugins.system.terrain_table import placed_terrain

ALL = ("basic", "standard", "advanced")
GAMES = [(s, level) for s in ("against-the-outpost", "against-the-outpost-two-outposts") for level in ALL]
GAMES += [("supplies-are-coming", "advanced")]
MAX_TURNS = 120


def _play(library, catalogue, scenario, level, seed, bot="random"):
    game = new_game(scenario, library=library, catalogue=catalogue, level=level, seed=seed)
    bots = {seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}
    game.run(bots, max_turns=MAX_TURNS)
    return game


def _check_set_up(game):
    """The placed terrain keeps the scenario's constraints, whatever the bots chose."""
    terrain = {t.id: t for t in placed_terrain(game)}
    table = box(0, 0, 900, 1200)
    for element_id, edge in (("island", "north"), ("british-island", "south")):
        if element_id in terrain:
            outline = terrain[element_id].polygon
            assert table.covers(outline) and pr.edge_gap(game, outline, edge) <= HALF_RULER + 1e-6
    reefs = [t for t in terrain.values() if t.element == "reef"]
    assert reefs, "reefs were placed"
    for reef in reefs:
        assert min(pr.edge_gap(game, reef.polygon, e) for e in pr.EDGES) >= HALF_RULER - 1e-6
        islands = [t for t in terrain.values() if t.land]
        assert min(reef.polygon.distance(i.polygon) for i in islands) <= HALF_RULER + 1e-6
        for other in reefs:
            if other is not reef:
                assert reef.polygon.distance(other.polygon) >= HALF_RULER - 1e-6
    if game.state.scenario == "against-the-outpost":
        outline = terrain["island"].polygon
        assert pr.edge_gap(game, outline, "west") >= RULER - 1e-6 and pr.edge_gap(game, outline, "east") >= RULER - 1e-6


@pytest.mark.parametrize("scenario, level", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bots_play_to_a_result(library, catalogue, scenario, level, seed):
    game = _play(library, catalogue, scenario, level, seed)
    assert game.over, f"{scenario} {level} seed {seed}: no result after {game.state.turn} turns"
    assert game.state.outcome.reason.startswith(("most points", "a draw on points"))
    _check_set_up(game)


@pytest.mark.parametrize("scenario, level", GAMES)
@pytest.mark.parametrize("seed", [5, 6])
def test_captain_bots_play_to_a_result(library, catalogue, scenario, level, seed):
    game = _play(library, catalogue, scenario, level, seed, bot="captain")
    assert game.over, f"{scenario} {level}: no result after {game.state.turn} turns"
    _check_set_up(game)


def test_the_outposts_stand_on_their_moved_islands(library, catalogue):
    game = new_game("against-the-outpost-two-outposts", library=library, catalogue=catalogue, seed=2)
    bots = {seat: make_bot("random", 2, seat, game.system) for seat in game.seats()}
    game.run(bots, max_turns=1)
    terrain = {t.id: t for t in placed_terrain(game)}
    records = {r["id"]: r for r in game.state.ext.get("buildings", {}).get("placed", [])}
    assert set(records) == {"outpost", "british-outpost"}
    for building, island in (("outpost", "island"), ("british-outpost", "british-island")):
        x, y = records[building]["rect"][:2]
        assert terrain[island].polygon.contains(Point(x, y)), f"{building} follows {island}"


def test_same_seed_same_game(library, catalogue):
    first, second = (_play(library, catalogue, "supplies-are-coming", "advanced", 4) for _ in range(2))
    assert first.log.events == second.log.events


def test_the_log_replays_identically(library, catalogue):
    from sog.replay import replay

    game = _play(library, catalogue, "against-the-outpost", "standard", 6)
    result = replay(dict(game.log.header), game.log.events, library=library, catalogue=catalogue)
    assert result.events == len(game.log.events)
