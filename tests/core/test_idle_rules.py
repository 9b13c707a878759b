"""Rules idle in a game (``sog_rule_idle``): asked after set-up, on loading and on request;
an idle rule stays on but none of its hooks is called until it is asked again."""

import sys

from sog import hookimpl
from sog.bots import make_bot
from sog.pluginmanager import create_catalogue
from sog.rules import Rule
from sog.savefile import load_game, save_game
from sog.setup import new_game


class Sleeper:
    """A house rule that is idle while ``awake`` is false, counting its step hooks' calls."""

    def __init__(self, awake: bool = False) -> None:
        self.awake = awake
        self.asked = 0
        self.begun: list[str] = []

    @hookimpl
    def sog_rules(self):
        return [Rule("sleeper", "Idle until woken.", (), self)]

    @hookimpl
    def sog_rule_idle(self, game):
        self.asked += 1
        return not self.awake

    @hookimpl
    def sog_step_begin(self, game, step):
        self.begun.append(step.name)


def _game(sleeper, **kwargs):
    catalogue = create_catalogue(entry_point_plugins=False, extra=[sleeper])
    return new_game("enemy-in-sight", catalogue=catalogue, add_options=["sleeper"], **kwargs)


def _play(game, turns):
    game.run({seat: make_bot("random", 1, seat, game.system) for seat in game.seats()}, max_turns=turns)


def test_an_idle_rule_is_asked_after_set_up_and_then_not_called_though_on():
    sleeper = Sleeper()
    game = _game(sleeper)
    assert sleeper.asked == 1
    _play(game, 2)
    assert sleeper.begun == []
    assert game.rule_on("sleeper") and "sleeper" in game.log.header["options"]


def test_a_rule_that_is_not_idle_is_called_at_every_step():
    sleeper = Sleeper(awake=True)
    game = _game(sleeper)
    _play(game, 1)
    assert sleeper.begun == [step.name for step, _side in game.schedule]


def test_refreshing_wakes_a_rule_that_is_no_longer_idle():
    sleeper = Sleeper()
    game = _game(sleeper)
    _play(game, 1)
    sleeper.awake = True
    game.refresh_idle_rules()
    _play(game, 2)
    assert sleeper.begun == [step.name for step, _side in game.schedule]


def test_loading_a_save_asks_again(tmp_path):
    sleeper = Sleeper()
    game = _game(sleeper)
    _play(game, 1)
    path = tmp_path / "game.json"
    save_game(game, path)
    sleeper.awake = True
    loaded = load_game(path, catalogue=create_catalogue(entry_point_plugins=False, extra=[sleeper]))
    _play(loaded, 2)
    assert sleeper.begun == [step.name for step, _side in loaded.schedule]


def test_a_game_with_no_terrain_battery_automatic_ship_or_captain_calls_none_of_their_rules():
    game = new_game("enemy-in-sight", level="advanced", seed=3)
    idle_modules = ("sog.plugins.batteries.", "sog.plugins.terrain.", "sog.plugins.solitaire.", "sog.plugins.captains.")
    idle_rules = [r.name for r in game.rules.rules if getattr(r.plugin, "__name__", "").startswith(idle_modules)]
    assert {"batteries", "battery-fire", "aground", "buildings", "automatic-fire", "abilities"} <= set(idle_rules)
    codes = {impl.function.__code__ for rule in game.rules.rules if rule.name in idle_rules
             for name in game.hook.hook_names() for impl in getattr(game._pm.hook, name).get_hookimpls()
             if impl.plugin is rule.plugin and name != "sog_rule_idle"}
    called = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code in codes:
            called.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        _play(game, 3)
    finally:
        sys.setprofile(None)
    assert called == [] and all(game.rule_on(name) for name in idle_rules)


def test_idle_rules_change_no_game():
    """The same seeds give the same logs whether idle rules are left out or called."""
    for level in ("basic", "advanced"):
        quiet, every = new_game("enemy-in-sight", level=level, seed=4), new_game("enemy-in-sight", level=level, seed=4)
        every.hook = every._every_hook  # every rule's hooks, idle or not
        for game in (quiet, every):
            _play(game, 5)
        assert quiet.log.to_jsonl() == every.log.to_jsonl()
