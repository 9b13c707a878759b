"""Property: after every movement step no two bases on the table overlap (rulebook p. 13).

Ships in collision stop at first contact, touching and never overlapping, as their poses are
stored; this holds for ships in play, drifting ships and wrecks (obstacles) alike. Hundreds
of random-bot games per level check it after every movement step, with the engine's own
overlap test (``Rect.overlaps`` on the stored poses), through a test-only rule's
``sog_step_end``:

* a third of the games start as the scenario sets them up (a long game);
* a third start in melee, the two lines broadside to broadside, so they collide often;
* a third start in melee with one ship a wreck from the start (surrendered-ships option), an
  obstacle in the middle of the fight.

The games are short (``max_turns``) to keep the whole run to a few seconds a level.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from sog.bots import make_bot
from sog.hooktypes import Step
from sog.markers import hookimpl
from sog.pluginmanager import create_catalogue
from sog.plugins.system import LEVELS
from sog.setup import new_game
from sog.plugins.system.tabletop import rect_of
from sog.testing import RuleProvider

SCENARIO = "enemy-in-sight"
GAMES_PER_LEVEL = 400
#: Turns of a game from the scenario's set-up / from a melee start.
LONG, SHORT = 25, 10
SHIPS = ("terpsichore", "defence", "courageuse", "genereux")
CHECK = "test-no-overlap"


class OverlapCheck:
    """Test-only rule: after each movement step, notes every overlapping pair on the table."""

    def __init__(self) -> None:
        self.found: list[tuple[int, str, str]] = []
        self.obstacle_steps = 0

    @hookimpl(trylast=True)
    def sog_step_end(self, game, step: Step) -> None:
        if step.name != "movement":
            return
        self.obstacle_steps += bool(game.obstacles())
        for a, b in combinations(game.ships_on_table(), 2):
            if rect_of(game, a).overlaps(rect_of(game, b)):
                self.found.append((game.state.turn, a.id, b.id))


@pytest.fixture(scope="module")
def check():
    rule = OverlapCheck()
    return rule, create_catalogue(extra=[RuleProvider(CHECK, rule)], entry_point_plugins=False)


def _play(library, catalogue, melee, level: str, seed: int) -> None:
    kind = seed % 3
    options = [CHECK] if kind == 0 else [CHECK, "surrendered-ships"]
    game = new_game(SCENARIO, level=level, seed=seed, library=library, catalogue=catalogue, options=options)
    if kind:
        melee(game)
    if kind == 2:
        game.remove_ship(SHIPS[seed // 3 % 4], "surrendered")  # a wreck from the start
    game.run({seat: make_bot("random", seed, seat) for seat in game.seats()},
             max_turns=LONG if kind == 0 else SHORT)


@pytest.mark.parametrize("level", LEVELS)
def test_after_movement_no_two_bases_on_the_table_overlap(library, melee, check, level):
    rule, catalogue = check
    failures = []
    rule.obstacle_steps = 0
    for seed in range(GAMES_PER_LEVEL):
        rule.found = []
        _play(library, catalogue, melee, level, seed)
        failures += [(seed, *f) for f in rule.found]
    assert failures == [], f"(seed, turn, ship, ship) overlapping after movement: {failures[:10]}"
    assert rule.obstacle_steps > GAMES_PER_LEVEL  # the wrecks were on the table
