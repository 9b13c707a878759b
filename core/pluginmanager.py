"""Building plugin managers: the catalogue of available rules, and one per game.

Two managers exist, each made by a factory (there is no global one):

* the **catalogue** manager holds every *provider* — the built-in rules package (imported by
  name, like pytest's default plugins), modules from the entry-point group ``sog``, and
  objects passed explicitly — and answers ``sog_systems``, ``sog_rules`` and
  ``sog_content_kinds``;
* a **game** manager holds only the game's system plugin and the rules switched on for that
  game, registered level by level so that later rules take precedence in ``firstresult``
  hooks, with the core's hook specifications and the system's own.

Set the environment variable ``SOG_DISABLE_PLUGIN_AUTOLOAD`` (to anything non-empty) to skip
the entry-point group, e.g. to rule out a broken third-party plugin.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

import pluggy

from sog import hookspecs
from sog.dispatch import DirectHooks
from sog.errors import PluginError
from sog.markers import PROJECT_NAME
from sog.rules import Rule
from sog.systems import GameSystem

__all__ = [
    "AUTOLOAD_ENV",
    "BUILTIN_RULES_PACKAGE",
    "ENTRY_POINT_GROUP",
    "Catalogue",
    "SogPluginManager",
    "create_catalogue",
    "create_game_plugin_manager",
    "create_system_plugin_manager",
]

#: Entry-point group of third-party rule distributions.
ENTRY_POINT_GROUP = "sog"
#: Environment variable that turns entry-point loading off.
AUTOLOAD_ENV = "SOG_DISABLE_PLUGIN_AUTOLOAD"
#: The package of the built-in rules, imported by name so the core never imports it statically.
BUILTIN_RULES_PACKAGE = "sog.plugins"


class SogPluginManager(pluggy.PluginManager):
    """pluggy's manager that keeps its :class:`~sog.dispatch.DirectHooks` up to date.

    ``direct`` calls the same implementations as ``hook``, in the same order, faster; every
    registration change or call monitoring (``enable_tracing``) resets its tables.
    """

    def __init__(self, project_name: str) -> None:
        super().__init__(project_name)
        self.direct = DirectHooks(self)
        self._monitors = 0

    def register(self, plugin: object, name: str | None = None) -> str | None:
        try:
            return super().register(plugin, name)
        finally:
            self.direct.invalidate()

    def unregister(self, plugin: object | None = None, name: str | None = None) -> Any:
        try:
            return super().unregister(plugin, name)
        finally:
            self.direct.invalidate()

    def add_hookspecs(self, module_or_class: object) -> None:
        try:
            super().add_hookspecs(module_or_class)
        finally:
            self.direct.invalidate()

    def add_hookcall_monitoring(self, before: Any, after: Any) -> Any:
        undo = super().add_hookcall_monitoring(before, after)
        self._monitors += 1
        self.direct.invalidate(monitored=True)

        def undo_and_reset() -> None:
            undo()
            self._monitors -= 1
            self.direct.invalidate(monitored=self._monitors > 0)

        return undo_and_reset


def _new_manager() -> SogPluginManager:
    pm = SogPluginManager(PROJECT_NAME)
    pm.add_hookspecs(hookspecs)
    return pm


@dataclass(frozen=True)
class Catalogue:
    """Everything that is available: the providers' manager and the rules by name.

    :ivar pm: the catalogue plugin manager (providers registered).
    :ivar systems: every declared game system by name.
    :ivar rules: every declared rule by name.
    :ivar origins: for each rule, where its provider came from (``builtin``,
        ``entry-point:NAME`` or ``explicit``).
    """

    pm: pluggy.PluginManager
    rules: Mapping[str, Rule]
    origins: Mapping[str, str]
    systems: Mapping[str, GameSystem]

    def system(self, name: str) -> GameSystem:
        """The system called ``name``.

        :raises ConfigError: no installed provider declares it (with a did-you-mean).
        """
        from sog.errors import ConfigError
        from sog.rules import _suggest

        system = self.systems.get(name)
        if system is None:
            known = ", ".join(self.systems) or "none"
            raise ConfigError(f"unknown game system {name!r}{_suggest(name, self.systems)}; installed: {known}")
        return system

    def rules_of(self, system: str) -> dict[str, Rule]:
        """The rules of ``system`` and those of no system, by name."""
        return {name: rule for name, rule in self.rules.items() if rule.system in (None, system)}


def create_catalogue(
    builtin: bool = True,
    entry_point_plugins: bool | None = None,
    extra: Iterable[object] = (),
) -> Catalogue:
    """Build the catalogue of available rules.

    :param builtin: load the built-in rules package.
    :param entry_point_plugins: load the ``sog`` entry-point group; ``None`` means "unless
        :data:`AUTOLOAD_ENV` is set".
    :param extra: further provider objects (modules or instances) to register, e.g. from a
        test or a script.
    :raises PluginError: naming the plugin that failed to load or declared a bad rule.
    """
    pm = _new_manager()
    origin_of: dict[str, str] = {}
    if builtin:
        module = importlib.import_module(BUILTIN_RULES_PACKAGE)
        pm.register(module, name=BUILTIN_RULES_PACKAGE)
        origin_of[BUILTIN_RULES_PACKAGE] = "builtin"
    if entry_point_plugins is None:
        entry_point_plugins = not os.environ.get(AUTOLOAD_ENV)
    if entry_point_plugins:
        for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            try:
                plugin = ep.load()
            except Exception as exc:  # a broken third-party plugin must be named, not swallowed
                raise PluginError(f"plugin {ep.name!r} ({ep.value}) failed to load: {exc}") from exc
            name = f"entry-point:{ep.name}"
            if pm.is_registered(plugin):
                continue
            _register(pm, plugin, name)
            origin_of[name] = name
    for index, plugin in enumerate(extra):
        name = getattr(plugin, "__name__", None) or f"explicit-{index}"
        if not pm.is_registered(plugin):
            _register(pm, plugin, name)
            origin_of[name] = "explicit"
    systems = _collect_systems(pm, origin_of)
    for system in systems.values():
        for spec in system.hookspecs:
            pm.add_hookspecs(spec)
    rules: dict[str, Rule] = {}
    origins: dict[str, str] = {}
    for impl in pm.hook.sog_rules.get_hookimpls():
        try:
            declared = impl.function()
        except Exception as exc:
            raise PluginError(f"plugin {impl.plugin_name!r} failed in sog_rules: {exc}") from exc
        for rule in declared or []:
            if not isinstance(rule, Rule):
                raise PluginError(f"plugin {impl.plugin_name!r} declared {rule!r}, which is not a sog.rules.Rule")
            if rule.name in rules:
                raise PluginError(
                    f"rule {rule.name!r} is declared twice: by {origins[rule.name]} and by {origin_of.get(impl.plugin_name, impl.plugin_name)}"
                )
            where = origin_of.get(impl.plugin_name, impl.plugin_name)
            _check_system(rule, systems, where)
            rules[rule.name] = rule
            origins[rule.name] = where
    return Catalogue(pm=pm, rules=dict(sorted(rules.items())), origins=origins, systems=systems)


def _collect_systems(pm: pluggy.PluginManager, origin_of: Mapping[str, str]) -> dict[str, GameSystem]:
    systems: dict[str, GameSystem] = {}
    where: dict[str, str] = {}
    for impl in pm.hook.sog_systems.get_hookimpls():
        origin = origin_of.get(impl.plugin_name, impl.plugin_name)
        try:
            declared = impl.function()
        except Exception as exc:
            raise PluginError(f"plugin {origin!r} failed in sog_systems: {exc}") from exc
        for system in declared or []:
            if not isinstance(system, GameSystem):
                raise PluginError(f"plugin {origin!r} declared {system!r}, which is not a sog.systems.GameSystem")
            if system.name in systems:
                raise PluginError(f"game system {system.name!r} is declared twice: by {where[system.name]} and by {origin}")
            systems[system.name] = system
            where[system.name] = origin
    return dict(sorted(systems.items()))


def _check_system(rule: Rule, systems: Mapping[str, GameSystem], origin: str) -> None:
    """A rule names a declared system, and only levels of it."""
    if rule.system is None:
        return
    system = systems.get(rule.system)
    if system is None:
        raise PluginError(f"rule {rule.name!r} (from {origin}) belongs to game system {rule.system!r}, which no installed plugin declares")
    stray = [lv for lv in rule.levels if lv not in system.levels]
    if stray:
        raise PluginError(f"rule {rule.name!r} (from {origin}): levels must be among {system.levels} of {system.name}, got {rule.levels}")


def _register(pm: pluggy.PluginManager, plugin: object, name: str) -> None:
    try:
        pm.register(plugin, name=name)
    except Exception as exc:  # pluggy validates hookimpl signatures here
        raise PluginError(f"plugin {name!r} cannot be registered: {exc}") from exc


def create_game_plugin_manager(
    rules: Iterable[Rule], internal: Iterable[object] = (), hookspecs: Iterable[object] = ()
) -> pluggy.PluginManager:
    """A plugin manager holding exactly the given rules (in order) plus internal plugins.

    Internal plugins (the core's and the system's own declarations) are registered first,
    so every rule can override them; ``hookspecs`` are the system's hook specifications. A plugin object shared by several rules is registered once. Managers are
    cached by the identity of their plugins: every hook receives the game as an argument, so
    games with the same rules can share one (registration is the costly part).

    :raises PluginError: naming the rule whose plugin is invalid.
    """
    rules, internal, hookspecs = list(rules), list(internal), list(hookspecs)
    objects = [r.plugin for r in rules] + internal + hookspecs
    key = tuple((r.name, id(r.plugin)) for r in rules) + tuple(id(p) for p in internal + hookspecs)
    cached = _GAME_MANAGERS.get(key)
    if cached is not None and all(a is b for a, b in zip(cached[1], objects)):
        return cached[0]
    pm = _build_game_manager(rules, internal, hookspecs)
    if len(_GAME_MANAGERS) > 64:
        _GAME_MANAGERS.clear()
    _GAME_MANAGERS[key] = (pm, objects)
    return pm


_GAME_MANAGERS: dict[tuple[Any, ...], tuple[pluggy.PluginManager, list[object]]] = {}


def create_system_plugin_manager(system: GameSystem, rules: Iterable[Rule], internal: Iterable[object] = ()) -> pluggy.PluginManager:
    """The plugin manager of a game of ``system`` with ``rules`` on: ``internal`` plugins,
    then the system's own plugin, then the rules, with the system's hook specifications.

    :raises PluginError: naming the rule whose plugin is invalid.
    """
    own = [system.plugin] if system.plugin is not None else []
    return create_game_plugin_manager(rules, [*internal, *own], system.hookspecs)


def _build_game_manager(rules: list[Rule], internal: list[object], hookspecs: list[object]) -> pluggy.PluginManager:
    pm = _new_manager()
    for spec in hookspecs:
        pm.add_hookspecs(spec)
    for index, plugin in enumerate(internal):
        if not pm.is_registered(plugin):
            _register(pm, plugin, f"sog-internal-{index}")
    for rule in rules:
        if pm.is_registered(rule.plugin):
            continue
        _register(pm, rule.plugin, rule.name)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"a plugin implements a hook sog does not have: {exc}") from exc
    return pm


def hook_names() -> list[str]:
    """Names of every hook in :mod:`sog.hookspecs` (for documentation and meta-tests)."""
    return sorted(name for name in dir(hookspecs) if name.startswith("sog_"))


def rule_table(catalogue: Catalogue) -> list[dict[str, Any]]:
    """Rows describing each rule, for ``sog rules``."""
    return [
        {
            "name": rule.name,
            "kind": rule.kind,
            "levels": list(rule.levels),
            "summary": rule.summary,
            "requires": list(rule.requires),
            "conflicts": list(rule.conflicts),
            "pages": rule.pages,
            "system": rule.system,
            "origin": catalogue.origins[rule.name],
            "settings_schema": dict(rule.settings_schema),
        }
        for rule in catalogue.rules.values()
    ]


def content_kinds(catalogue: Catalogue) -> dict[str, Any]:
    """The content kinds every provider declares (``sog_content_kinds``: a game system's own
    kinds, a plugin's), in registration order, then the core's (counter pools, scenarios:
    a scenario names documents of the others, so it comes last).

    :raises PluginError: a provider declares a kind that already exists, or one named like
        the schema of a file (``pack``, ``log``, ``save``: `sog schema` names those).
    """
    import dataclasses
    from functools import partial

    from sog.packs.checks import check_attachments, scenario_refs
    from sog.packs.export import RESERVED_NAMES
    from sog.packs.kinds import BUILTIN_KINDS

    declared: dict[str, Any] = {}
    for impl in catalogue.pm.hook.sog_content_kinds.get_hookimpls():
        for kind in impl.function() or []:
            if kind.name in declared or kind.name in BUILTIN_KINDS:
                raise PluginError(f"plugin {impl.plugin_name!r} declares content kind {kind.name!r}, which already exists")
            if kind.name in RESERVED_NAMES:
                raise PluginError(f"plugin {impl.plugin_name!r} declares content kind {kind.name!r}, the name of "
                                  "the schema of a file (pack.yaml, the log, the save file)")
            declared[kind.name] = kind
    kinds = {**declared, **BUILTIN_KINDS}
    ship_kinds = {system.name: system.ship_kind for system in catalogue.systems.values()}
    attachments = {system.name: {a.kind: a.most for a in system.attachments} for system in catalogue.systems.values()}
    scenario = kinds["scenario"]
    core_checks = scenario.cross_refs

    def scenario_checks(doc: Any, library: Any) -> Iterator[Any]:
        yield from core_checks(doc, library) if core_checks is not None else ()
        yield from check_attachments(doc, library, catalogue.systems)

    kinds["scenario"] = dataclasses.replace(
        scenario, references=partial(scenario_refs, ship_kinds=ship_kinds, attachments=attachments),
        cross_refs=scenario_checks)
    return kinds
