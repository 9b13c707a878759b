"""Every pair of optional rules (both issues' lists) plays a random-bot game at each level it allows.

The games start in melee (the lines broadside to broadside, within range), so the rules
actually meet: boarding next to continuous fire, wrecks next to forced aim, and so on.
A pair whose rules need a third option (variable wind strength needs the direction rule)
has it added.
"""

from itertools import combinations

import pytest

from opt2_bench import random_game  # noqa: F401  (shared with the Optional II tests)
from sog.pluginmanager import create_catalogue
from sog.plugins.system import LEVELS

CATALOGUE = create_catalogue(entry_point_plugins=False)
OPTIONS = sorted(name for name, rule in CATALOGUE.rules.items() if rule.kind == "option")


def _with_requirements(pair: tuple[str, str]) -> tuple[str, ...]:
    chosen = list(pair)
    for name in pair:
        for needed in CATALOGUE.rules[name].requires:
            if CATALOGUE.rules[needed].kind == "option" and needed not in chosen:
                chosen.append(needed)
    return tuple(chosen)


CASES = [
    pytest.param(level, _with_requirements(pair), id=f"{level}-{pair[0]}+{pair[1]}")
    for pair in combinations(OPTIONS, 2)
    for level in LEVELS
    if all(level in CATALOGUE.rules[name].levels for name in _with_requirements(pair))
]



def test_the_optional_rules_of_both_issues_are_all_here():
    rulebook_optional = {"aiming-high", "ammunition-explosion", "boarding", "continuous-fire", "double-shot", "entanglement",
                         "first-broadside", "flagship", "forced-aim", "grog", "lacking-training", "sinking-ships",
                         "spreading-fires", "surrendered-ships", "variable-wind-direction", "variable-wind-strength"}
    terrain_and_set_up = {"reefs", "shoals", "coasts", "deployment", "terrain-placement", "aground-victory",
                          "victory-points", "scenario-levels"}
    solitaire_and_scenarios = {"solitaire", "blockade-victory", "sitting-ducks-victory"}
    assert len(rulebook_optional) == 16
    assert set(OPTIONS) == rulebook_optional | terrain_and_set_up | solitaire_and_scenarios


@pytest.mark.parametrize("level, options", CASES)
def test_every_pair_of_options_plays_a_random_bot_game(library, level, options):
    game = random_game(library, CATALOGUE, level, options, seed=len(options) + LEVELS.index(level), max_turns=6, melee=True)
    assert game.state.turn >= 1
    for ship in game.state.ships.values():  # every counter is somewhere exactly once
        for box in ship.ship_track + ship.crew_track:
            assert all(c.pool in game.state.pools for c in box.counters)
    placed = [(c.pool, c.index) for s in game.state.ships.values() for b in s.ship_track + s.crew_track for c in b.counters]
    placed += [(c.pool, c.index) for s in game.state.ships.values() for c in s.zero_box]
    in_cups = [(pid, i) for pid, pool in game.state.pools.items() for i in pool.bag]
    assert len(set(placed)) == len(placed) and not set(placed) & set(in_cups)
