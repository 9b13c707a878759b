"""Direct hook dispatch (sog.dispatch): the same calls as pluggy, in its order, fewer of them."""

import sys
import warnings

import pluggy
import pytest

from sog import hookimpl, hookspec
from sog.bots import make_bot
from sog.decisions import DecisionRequest
from sog.dispatch import DirectCaller, DirectHooks, StepCaller, acts_at, acts_on, declared_kinds, declared_steps
from sog.errors import ConfigError, PluginError
from sog.hooktypes import Step
from sog.pluginmanager import SogPluginManager, create_catalogue
from sog.rules import Rule
from sog.setup import new_game


# --------------------------------------------------------------------------- a real game


def _impl_codes(game):
    """Every hook implementation's code object, with the steps it declared and its plugin."""
    found = {}
    for name in game.hook.hook_names():
        for impl in getattr(game._pm.hook, name).get_hookimpls():
            found[impl.function.__code__] = (name, declared_steps(impl.function), impl.plugin)
    return found


def _idle_plugins(game):
    """The plugins whose ``sog_rule_idle`` says they have nothing to do in ``game``."""
    return {impl.plugin for impl in game._pm.hook.sog_rule_idle.get_hookimpls() if impl.function(game) is True}


def _traced_game(direct: bool, level: str, options=()):
    """Play a short seeded game; return the log and every hook implementation call in order
    (the function and the step it was called at)."""
    game = new_game("enemy-in-sight", level=level, seed=5, add_options=list(options))
    if not direct:
        game.hook = DirectHooks(game._pm, live=False)  # pluggy's own callers, every rule's
    codes = _impl_codes(game)
    calls = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code in codes:
            step = frame.f_locals.get("step")
            calls.append((frame.f_code, getattr(step, "name", None)))

    bots = {seat: make_bot("random", 5, seat, game.system) for seat in game.seats()}
    sys.setprofile(profile)
    try:
        game.run(bots, max_turns=4)
    finally:
        sys.setprofile(None)
    return game.log.to_jsonl(), calls, codes, _idle_plugins(game)


@pytest.mark.parametrize("level,options", [("basic", ()), ("standard", ("boarding",)), ("advanced", ("spreading-fires", "boarding"))])
def test_direct_dispatch_makes_the_calls_pluggy_makes_in_its_order(level, options):
    pluggy_log, pluggy_calls, codes, idle = _traced_game(False, level, options)
    direct_log, direct_calls, _, _ = _traced_game(True, level, options)
    assert direct_log == pluggy_log
    # pluggy calls every implementation; direct dispatch leaves out only those that declared
    # (acts_at) that they do nothing at that step, and the rules idle in this game.
    expected = [(code, step) for code, step in pluggy_calls
                if codes[code][2] not in idle and (step is None or (steps := codes[code][1]) is None or step in steps)]
    assert direct_calls == expected
    assert len(pluggy_calls) > 100
    assert len(idle) >= 10  # Enemy in Sight!: no terrain, battery, building, automatic ship or captain


# --------------------------------------------------------------------------- house rules


class Probe:
    """A house rule recording the steps its step hooks are called at."""

    def __init__(self):
        self.begun: list[str] = []
        self.combat: list[str] = []

    @hookimpl
    def sog_rules(self):
        return [Rule("probe", "Records hook calls.", (), self)]

    @hookimpl
    def sog_step_begin(self, game, step):  # declares nothing: called at every step
        self.begun.append(step.name)

    @hookimpl
    @acts_at("combat")
    def sog_step_end(self, game, step):
        self.combat.append(step.name)


def _probe_game(probe, **kwargs):
    catalogue = create_catalogue(entry_point_plugins=False, extra=[probe])
    return new_game("enemy-in-sight", catalogue=catalogue, add_options=["probe"], **kwargs)


def _play(game, turns):
    game.run({seat: make_bot("random", 1, seat, game.system) for seat in game.seats()}, max_turns=turns)


def test_an_implementation_declaring_no_steps_is_called_at_every_step():
    probe = Probe()
    game = _probe_game(probe)
    _play(game, 2)
    names = [step.name for step, _side in game.schedule]
    assert probe.begun == names * 2


def test_an_implementation_declaring_its_steps_is_called_only_there():
    probe = Probe()
    _play(_probe_game(probe), 2)
    assert probe.combat == ["combat", "combat"]


def test_a_plugin_registered_after_the_game_began_is_called():
    probe = Probe()
    game = _probe_game(probe)
    _play(game, 1)

    class Late:
        seen: list[str] = []

        @hookimpl
        def sog_step_begin(self, game, step):
            self.seen.append(step.name)

    late = Late()
    game._pm.register(late)
    try:
        _play(game, 2)
    finally:
        game._pm.unregister(late)
    assert late.seen == [step.name for step, _side in game.schedule]
    _play(game, 3)
    assert len(late.seen) == len(game.schedule)


def test_declaring_steps_on_a_hook_without_a_step_is_refused():
    class Wrong:
        @hookimpl
        def sog_rules(self):
            return [Rule("wrong", "Declares steps on a hook without one.", (), self)]

        @hookimpl
        @acts_at("combat")
        def sog_turn_end(self, game):
            pass

    catalogue = create_catalogue(entry_point_plugins=False, extra=[Wrong()])
    game = new_game("enemy-in-sight", catalogue=catalogue, add_options=["wrong"])
    with pytest.raises(PluginError, match="wrong.*sog_turn_end"):
        _play(game, 1)


def test_acts_at_takes_step_names_or_steps_and_refuses_none():
    @acts_at("planning", Step("combat", 400))
    def f(game, step):
        pass

    assert declared_steps(f) == {"planning", "combat"}
    assert declared_steps(lambda game, step: None) is None
    with pytest.raises(ValueError):
        acts_at()


class KindProbe:
    """A house rule recording the requests its legal-choices filters see."""

    def __init__(self):
        self.any: list[str] = []
        self.fire: list[str] = []

    @hookimpl
    def sog_rules(self):
        return [Rule("kind-probe", "Records legal-choices calls.", (), self)]

    @hookimpl
    def sog_legal_choices(self, game, request, choices):  # declares nothing: every request
        self.any.append(request.kind)

    @hookimpl(specname="sog_legal_choices")
    @acts_on("fire")
    def fire_only(self, game, request, choices):
        self.fire.append(request.kind)


def test_a_pipeline_implementation_declaring_its_kinds_sees_only_those_requests():
    probe = KindProbe()
    catalogue = create_catalogue(entry_point_plugins=False, extra=[probe])
    game = new_game("enemy-in-sight", catalogue=catalogue, add_options=["kind-probe"])
    _play(game, 3)
    assert "fire" in probe.any and set(probe.any) - {"fire"}
    assert probe.fire == [kind for kind in probe.any if kind == "fire"]


def test_acts_on_takes_kinds_and_refuses_none():
    @acts_on("fire", "load")
    def f(game, request, choices):
        pass

    assert declared_kinds(f) == {"fire", "load"}
    assert declared_kinds(lambda game, request, choices: None) is None
    with pytest.raises(ValueError):
        acts_on()


# --------------------------------------------------------------------------- pluggy's semantics


class Specs:
    @hookspec
    def each(self, value, step):
        """Every result."""

    @hookspec(firstresult=True)
    def first(self, value):
        """The first result."""


def _manager(*plugins):
    pm = SogPluginManager("sog")
    pm.add_hookspecs(Specs)
    for plugin in plugins:
        pm.register(plugin)
    return pm


class Low:
    @hookimpl(trylast=True)
    def each(self, value):
        return f"low {value}"

    @hookimpl
    def first(self, value):
        return "low"


class High:
    @hookimpl(tryfirst=True)
    @acts_at("fire")
    def each(self, step, value):
        return f"high {step.name} {value}"

    @hookimpl
    def first(self, value):
        return None if value == 0 else "high"


class Wrapper:
    @hookimpl(wrapper=True)
    def each(self, value):
        try:
            result = yield
        except ValueError:
            return ["rescued"]
        return [*result, "wrapped"]


class Boom:
    @hookimpl
    def each(self, value):
        if value == "boom":
            raise ValueError("boom")


def test_results_order_and_firstresult_are_pluggy_s():
    pm = _manager(Low(), High(), Boom())
    fire, sail = Step("fire", 1), Step("sail", 2)
    assert pm.direct.each(value=1, step=fire) == pm.hook.each(value=1, step=fire) == ["high fire 1", "low 1"]
    assert pm.direct.each(value=1, step=sail) == ["low 1"]  # High acts only at "fire"
    assert isinstance(pm.direct.each, StepCaller) and isinstance(pm.direct.first, DirectCaller)
    assert pm.direct.first(value=1) == pm.hook.first(value=1) == "high"
    assert pm.direct.first(value=0) == pm.hook.first(value=0) == "low"


def test_wrappers_see_and_replace_results_and_errors_as_with_pluggy():
    pm = _manager(Low(), Boom(), Wrapper())
    step = Step("sail", 2)
    assert pm.direct.each(value=1, step=step) == pm.hook.each(value=1, step=step) == ["low 1", "wrapped"]
    assert pm.direct.each(value="boom", step=step) == pm.hook.each(value="boom", step=step) == ["rescued"]
    pm.unregister(pm.get_plugin(next(n for n, p in pm.list_name_plugin() if isinstance(p, Wrapper))))
    with pytest.raises(ValueError, match="boom"):
        pm.direct.each(value="boom", step=step)


def test_a_missing_argument_is_pluggy_s_error():
    pm = _manager(Low())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(pluggy.HookCallError):
            pm.hook.first()
    with pytest.raises(pluggy.HookCallError):
        pm.direct.first()


def test_tracing_goes_through_pluggy_and_back():
    pm = _manager(Low())
    seen = []
    undo = pm.add_hookcall_monitoring(lambda name, impls, kwargs: seen.append(name), lambda *a: None)
    assert pm.direct.first(value=1) == "low"
    assert seen == ["first"]
    undo()
    assert isinstance(pm.direct.first, DirectCaller)
    assert pm.direct.first(value=1) == "low" and seen == ["first"]


# --------------------------------------------------------------------------- fast paths


def test_a_trusted_request_is_the_constructed_one():
    fields = dict(id="t1.combat.fire.a", seat="british", kind="fire", rule="combat", ship="a", prompt="Fire?",
                  choices=[None, {"target": "b"}], labels=["hold", "b"], number=None)
    trusted, built = DecisionRequest.trusted(**fields), DecisionRequest.model_construct(**fields)
    assert trusted == built == DecisionRequest(**fields)
    assert trusted.model_fields_set == built.model_fields_set
    assert trusted.model_dump() == built.model_dump()


def test_invalid_settings_are_refused_every_time():
    class Strict:
        @hookimpl
        def sog_rules(self):
            schema = {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}
            return [Rule("strict", "Needs a number.", (), self, settings_schema=schema)]

    catalogue = create_catalogue(entry_point_plugins=False, extra=[Strict()])
    for _ in range(2):
        with pytest.raises(ConfigError, match="invalid settings for 'strict'"):
            new_game("enemy-in-sight", catalogue=catalogue, add_options=["strict"])
    assert new_game("enemy-in-sight", catalogue=catalogue, add_options=["strict"], settings={"strict": {"n": 2}})


def test_pluggys_own_callers_play_a_solitaire_game_as_direct_dispatch_does():
    """Declared steps are a saving, not the guard: pluggy's callers (used while tracing) call
    every implementation at every step, and the game stays the same (automatic ships)."""
    logs = []
    for direct in (True, False):
        game = new_game("enemy-in-sight", seed=2, add_options=["solitaire"],
                        settings={"solitaire": {"automatic": ["courageuse", "genereux"]}})
        if not direct:
            game.hook = DirectHooks(game._pm, live=False)
        bots = {seat: make_bot("random", 2, seat, game.system) for seat in game.seats()}
        game.run(bots, max_turns=4)
        logs.append(game.log.to_jsonl())
    assert logs[0] == logs[1]
    assert '"automatic-card"' in logs[0]
