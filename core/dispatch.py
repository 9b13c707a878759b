"""Direct hook dispatch: a game calls its rules' hook implementations without pluggy's loop.

pluggy's generic call (``pm.hook.NAME(**kwargs)``) rebuilds its argument lists and checks
for wrappers at every call; a game calls its step hooks hundreds of times a game, mostly
on rules that do nothing at that step. :class:`DirectHooks` stands for ``pm.hook``: each
hook's implementations are listed once, in the order pluggy calls them, with
``firstresult`` and ``None``-dropping kept, and called straight away.

A step-hook implementation (any hook with a ``step`` argument) may declare the steps it
acts at with :func:`acts_at`; it is then called only at those steps (so the result it would
return elsewhere, ``None`` or an empty list, is not among the hook's results there). An
implementation that declares nothing is called at every step, as pluggy would. Likewise a
pipeline implementation about a request (``sog_legal_choices``) may declare the decision
kinds it acts on with :func:`acts_on`; :meth:`DirectHooks.pipeline_plan` leaves it out for
a request of another kind (where it would keep the value, returning ``None``).

New-style wrappers (``@hookimpl(wrapper=True)``) are run as pluggy runs them; pluggy's own
caller is used instead, for exactly its semantics, for hooks with old-style wrappers
(``hookwrapper``), historic hooks, arguments with defaults, and while call monitoring
(tracing) is on. The tables are rebuilt when a plugin is registered or unregistered
(:class:`sog.pluginmanager.SogPluginManager` says so).

:meth:`DirectHooks.without` gives the same hooks with some plugins left out (pluggy's
``subset_hook_caller``): a game calls no hook of a rule idle in it (``sog_rule_idle``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pluggy

from sog.errors import PluginError

__all__ = ["KINDS_ATTRIBUTE", "STEPS_ATTRIBUTE", "DirectCaller", "DirectHooks", "StepCaller", "acts_at", "acts_on",
           "declared_kinds", "declared_steps"]

#: The attribute :func:`acts_at` sets on a hook implementation: a frozenset of step names.
STEPS_ATTRIBUTE = "sog_steps"
#: The attribute :func:`acts_on` sets on a pipeline implementation: a frozenset of decision kinds.
KINDS_ATTRIBUTE = "sog_kinds"

F = TypeVar("F", bound=Callable[..., Any])

#: One planned call: the function, how many arguments (0, 1, 2 or -1 for more), their names.
_Call = tuple[Callable[..., Any], int, tuple[str, ...]]


def acts_at(*steps: Any) -> Callable[[F], F]:
    """Declare that a step-hook implementation acts only at ``steps`` (names or
    :class:`~sog.hooktypes.Step` objects); at any other step the game does not call it.

    Put it beside ``@hookimpl``::

        @hookimpl
        @acts_at("combat")
        def sog_decisions_needed(game, step): ...

    :raises ValueError: no step is named.
    """
    names = frozenset(getattr(step, "name", step) for step in steps)
    return _marker(STEPS_ATTRIBUTE, names, "acts_at needs one or more step names", steps)


def declared_steps(function: Callable[..., Any]) -> frozenset[str] | None:
    """The steps ``function`` declared with :func:`acts_at`; ``None``: every step."""
    return getattr(function, STEPS_ATTRIBUTE, None)


def acts_on(*kinds: str) -> Callable[[F], F]:
    """Declare that a pipeline implementation about a request (a hook with a ``request``
    argument, e.g. ``sog_legal_choices``) acts only on requests of ``kinds``: for a request
    of any other kind the game does not call it (it would return ``None``, keeping the value).

    :raises ValueError: no kind is named.
    """
    return _marker(KINDS_ATTRIBUTE, frozenset(kinds), "acts_on needs one or more decision kinds", kinds)


def _marker(attribute: str, names: frozenset[Any], needs: str, given: tuple[Any, ...]) -> Callable[[F], F]:
    """A decorator setting ``attribute`` to ``names`` on a function (:func:`acts_at`,
    :func:`acts_on`); ``ValueError`` (``needs``) when no name is given or one is no string."""
    if not names or not all(isinstance(name, str) for name in names):
        raise ValueError(f"{needs}, got {given!r}")

    def mark(function: F) -> F:
        setattr(function, attribute, names)
        return function

    return mark


def declared_kinds(function: Callable[..., Any]) -> frozenset[str] | None:
    """The request kinds ``function`` declared with :func:`acts_on`; ``None``: every kind."""
    return getattr(function, KINDS_ATTRIBUTE, None)


def _planned(impl: Any) -> _Call:
    names = tuple(impl.argnames)
    return (impl.function, len(names) if len(names) <= 2 else -1, names)


def _missing(name: object) -> pluggy.HookCallError:
    return pluggy.HookCallError(f"hook call must provide argument {name!r}")


#: What :func:`_run` calls: the argument names every function shares (``None`` if they
#: differ), the functions, and each call with its own names.
_Plan = tuple[tuple[str, ...] | None, tuple[Callable[..., Any], ...], tuple[_Call, ...]]


def _shared(names: Iterable[tuple[str, ...]]) -> tuple[str, ...] | None:
    """The argument names every call takes, when they all take the same; else ``None``."""
    distinct = set(names)
    return next(iter(distinct)) if len(distinct) == 1 else None


def _plan(calls: tuple[_Call, ...]) -> _Plan:
    return (_shared(names for _f, _c, names in calls), tuple(c[0] for c in calls), calls)


def _run(plan: _Plan, kwargs: dict[str, Any], firstresult: bool) -> Any:
    """Call the plan's functions in order as pluggy's multicall does (no wrappers)."""
    shared, functions, calls = plan
    results = []
    if shared is not None:  # the usual case: every implementation takes the same arguments
        try:
            args = [kwargs[name] for name in shared]
        except KeyError as exc:
            raise _missing(exc.args[0]) from exc
        for function in functions:
            result = function(*args)
            if result is not None:
                if firstresult:
                    return result
                results.append(result)
        return None if firstresult else results
    for function, count, names in calls:
        try:
            if count == 2:
                result = function(kwargs[names[0]], kwargs[names[1]])
            elif count == 1:
                result = function(kwargs[names[0]])
            elif count == 0:
                result = function()
            else:
                result = function(*[kwargs[name] for name in names])
        except KeyError as exc:
            if exc.args and exc.args[0] in names and exc.args[0] not in kwargs:
                raise _missing(exc.args[0]) from exc
            raise
        if result is not None:
            if firstresult:
                return result
            results.append(result)
    return None if firstresult else results


def _wrapfail(generator: Any, message: str) -> Any:
    code = generator.gi_code
    raise RuntimeError(f"wrap_controller at {code.co_name!r} {code.co_filename}:{code.co_firstlineno} {message}")


def _run_wrapped(wrappers: tuple[_Call, ...], plan: _Plan, kwargs: dict[str, Any], firstresult: bool) -> Any:
    """:func:`_run` inside new-style wrappers (``@hookimpl(wrapper=True)``), as pluggy does it."""
    teardowns = []
    exception: BaseException | None = None
    result: Any = None
    try:
        for function, _count, names in wrappers:
            try:
                args = [kwargs[name] for name in names]
            except KeyError as exc:
                raise _missing(exc.args[0]) from exc
            generator = function(*args)
            try:
                next(generator)
            except StopIteration:
                _wrapfail(generator, "did not yield")
            teardowns.append(generator)
        result = _run(plan, kwargs, firstresult)
    except BaseException as exc:
        exception = exc
    for teardown in reversed(teardowns):
        try:
            if exception is not None:
                try:
                    teardown.throw(exception)
                except RuntimeError as error:
                    if isinstance(exception, StopIteration) and error.__cause__ is exception:
                        teardown.close()
                        continue
                    raise
            else:
                teardown.send(result)
            teardown.close()
        except StopIteration as stop:
            result, exception = stop.value, None
            continue
        except BaseException as error:
            exception = error
            continue
        _wrapfail(teardown, "has second yield")
    if exception is not None:
        raise exception
    return result


class DirectCaller:
    """Calls one hook's implementations directly; otherwise behaves as pluggy's ``HookCaller``."""

    __slots__ = ("name", "_pluggy", "_wrappers", "_calls", "_plan", "_firstresult")

    def __init__(self, caller: pluggy.HookCaller, impls: list[Any], firstresult: bool) -> None:
        self.name = caller.name
        self._pluggy = caller
        ordered = list(reversed(impls))  # pluggy's call order: wrappers (outermost first), then the rest
        self._wrappers = tuple(_planned(i) for i in ordered if i.wrapper)
        self._calls = tuple(_planned(i) for i in ordered if not i.wrapper)
        self._plan = _plan(self._calls)
        self._firstresult = firstresult

    def __call__(self, **kwargs: Any) -> Any:
        if self._wrappers:
            return _run_wrapped(self._wrappers, self._plan, kwargs, self._firstresult)
        return _run(self._plan, kwargs, self._firstresult)

    def get_hookimpls(self) -> list[Any]:
        return self._pluggy.get_hookimpls()

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._pluggy, attribute)

    def __repr__(self) -> str:
        return f"<DirectCaller {self.name!r}>"


class StepCaller(DirectCaller):
    """A step hook: at each step only the implementations that act there (:func:`acts_at`)."""

    __slots__ = ("_by_step",)

    def __init__(self, caller: pluggy.HookCaller, impls: list[Any], firstresult: bool) -> None:
        super().__init__(caller, impls, firstresult)
        self._by_step: dict[str, tuple[tuple[_Call, ...], _Plan]] = {}

    def __call__(self, **kwargs: Any) -> Any:
        step = kwargs.get("step")
        if step is None:
            return DirectCaller.__call__(self, **kwargs)
        name = step.name
        table = self._by_step.get(name)
        if table is None:
            table = self._by_step[name] = (_acting(self._wrappers, name), _plan(_acting(self._calls, name)))
        wrappers, plan = table
        if wrappers:
            return _run_wrapped(wrappers, plan, kwargs, self._firstresult)
        return _run(plan, kwargs, self._firstresult)

    def calls_at(self, step: str) -> list[Callable[..., Any]]:
        """The functions called at ``step``, in call order, wrappers first (for tests and tools)."""
        return [c[0] for c in (*_acting(self._wrappers, step), *_acting(self._calls, step))]


def _acting(calls: tuple[_Call, ...], step: str) -> tuple[_Call, ...]:
    """The calls whose function acts at ``step`` (declared it, or declared nothing)."""
    return tuple(c for c in calls if (steps := declared_steps(c[0])) is None or step in steps)


def _caller_for(caller: pluggy.HookCaller) -> Any:
    """The fastest caller with exactly ``caller``'s semantics (``caller`` itself if need be)."""
    spec = caller.spec
    if spec is None or caller.is_historic() or spec.kwargdefaults:
        return caller
    impls = caller.get_hookimpls()
    if any(i.hookwrapper or i.kwargnames for i in impls):
        return caller
    firstresult = bool(spec.opts.get("firstresult", False))
    declaring = [i for i in impls if declared_steps(i.function) is not None]
    if not declaring:
        return DirectCaller(caller, impls, firstresult)
    if "step" not in spec.argnames:
        raise PluginError(f"plugin {declaring[0].plugin_name!r} declares the steps of its {caller.name} "
                          "(acts_at), but that hook has no step")
    return StepCaller(caller, impls, firstresult)


class DirectHooks:
    """Stands for ``pm.hook``: ``hooks.NAME(**kwargs)`` calls what pluggy would, in its order.

    :param pm: the plugin manager.
    :param live: the manager tells :meth:`invalidate` about every registration change
        (else every hook is pluggy's own caller, always up to date).
    """

    def __init__(self, pm: pluggy.PluginManager, *, live: bool = True, without: frozenset[object] = frozenset()) -> None:
        self._pm = pm
        self._live = live
        self._monitored = False
        self._without = without
        self._pipelines: dict[str, tuple[tuple[Callable[..., Any], tuple[str, ...]], ...]] = {}
        self._plans: dict[tuple[str, str | None], tuple[tuple[tuple[Callable[..., Any], tuple[str, ...]], ...], tuple[str, ...] | None]] = {}
        self._subsets: dict[frozenset[object], DirectHooks] = {}

    def _pluggy(self, name: str) -> Any:
        """pluggy's caller of hook ``name``, without the left-out plugins' implementations."""
        if self._without:
            return self._pm.subset_hook_caller(name, self._without)
        return getattr(self._pm.hook, name)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        caller = self._pluggy(name)
        if not self._live or self._monitored:
            return caller
        direct = _caller_for(caller)
        self.__dict__[name] = direct
        return direct

    def without(self, plugins: frozenset[object]) -> DirectHooks:
        """The same hooks with ``plugins``' implementations left out (rules idle in a game,
        :meth:`sog.game.Game.refresh_idle_rules`); kept per set and up to date as these are."""
        if not plugins:
            return self
        subset = self._subsets.get(plugins)
        if subset is None:
            subset = DirectHooks(self._pm, live=self._live, without=self._without | plugins)
            subset._monitored = self._monitored
            if self._live:
                self._subsets[plugins] = subset
        return subset

    def pipeline_calls(self, name: str) -> tuple[tuple[Callable[..., Any], tuple[str, ...]], ...]:
        """A pipeline hook's functions and argument names, in registration order
        (:meth:`sog.asking.Asking.pipeline`)."""
        calls = self._pipelines.get(name) if self._live else None
        if calls is None:
            calls = tuple((i.function, tuple(i.argnames)) for i in self._pluggy(name).get_hookimpls())
            if self._live:
                self._pipelines[name] = calls
        return calls

    def pipeline_plan(self, name: str, kind: str | None = None) -> tuple[tuple[tuple[Callable[..., Any], tuple[str, ...]], ...], tuple[str, ...] | None]:
        """:meth:`pipeline_calls` with the argument names every function shares (``None``
        when they differ); with ``kind`` (the kind of the request the pipeline is about),
        only the functions acting on it (:func:`acts_on`)."""
        plan = self._plans.get((name, kind)) if self._live else None
        if plan is None:
            calls = self.pipeline_calls(name)
            if kind is not None:
                calls = tuple(c for c in calls if (kinds := declared_kinds(c[0])) is None or kind in kinds)
            plan = (calls, _shared(names for _f, names in calls))
            if self._live:
                self._plans[(name, kind)] = plan
        return plan

    def invalidate(self, *, monitored: bool | None = None) -> None:
        """Forget every table (a plugin was registered or unregistered, or monitoring changed)."""
        for name in [n for n in self.__dict__ if not n.startswith("_")]:
            del self.__dict__[name]
        self._pipelines.clear()
        self._plans.clear()
        if monitored is not None:
            self._monitored = monitored
        for subset in self._subsets.values():
            subset.invalidate(monitored=monitored)

    def hook_names(self) -> Iterable[str]:
        """The hooks of the manager."""
        return [name for name in vars(self._pm.hook) if not name.startswith("_")]
