"""Rules as plugins: what a rule declares, and how a game's configuration picks the rules.

A *rule* is a named plugin object (usually a module with hook implementations) plus its
metadata. It belongs to one game system (:mod:`sog.systems`), whose levels it names, or to
none (``system=None``: a rule for any game, such as a test probe or a logger).
``kind="core"`` rules are on whenever the game's level is one of their levels (the rules
that make up a level); ``kind="option"`` rules are off until a scenario or the command line
names them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import jsonschema

from sog.errors import ConfigError

if TYPE_CHECKING:  # pragma: no cover
    from sog.systems import GameSystem

__all__ = ["Rule", "RuleSelection", "resolve_rules"]

_EMPTY_SCHEMA: dict[str, Any] = {"type": "object", "additionalProperties": False}


@dataclass(frozen=True)
class Rule:
    """A rule plugin's declaration, returned by the ``sog_rules`` hook.

    :ivar name: unique name, lowercase with dashes (``"boarding"``, ``"basic-movement"``).
    :ivar summary: one line for ``sog rules``.
    :ivar levels: the levels of its system at which the rule may be on; empty for every
        level (rules of no system).
    :ivar plugin: the object whose hook implementations run when the rule is on.
    :ivar kind: ``"core"`` (on at its levels) or ``"option"`` (on when asked for).
    :ivar requires: rules that must be on too.
    :ivar conflicts: rules that must not be on together with this one.
    :ivar settings_schema: JSON Schema (draft 2020-12) of the rule's settings object.
    :ivar pages: where the rule text is (e.g. ``"rulebook pp. 14-17"``).
    :ivar system: the name of the game system the rule belongs to; ``None`` for any system.
    """

    name: str
    summary: str
    levels: tuple[str, ...]
    plugin: object
    kind: str = "option"
    requires: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()
    settings_schema: Mapping[str, Any] = field(default_factory=lambda: dict(_EMPTY_SCHEMA))
    pages: str = ""
    system: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("core", "option"):
            raise ValueError(f"rule {self.name!r}: kind must be 'core' or 'option'")
        if self.system is not None and not self.levels:
            raise ValueError(f"rule {self.name!r}: a rule of system {self.system!r} names the levels it is on at")
        jsonschema.Draft202012Validator.check_schema(dict(self.settings_schema))

    def allowed_at(self, level: str) -> bool:
        """Whether the rule may be on at ``level`` (of its system, or of any for no system)."""
        return not self.levels or level in self.levels


@dataclass(frozen=True)
class RuleSelection:
    """The rules of one game, in registration order, with their validated settings."""

    level: str
    rules: tuple[Rule, ...]
    settings: Mapping[str, Mapping[str, Any]]
    system: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(rule.name for rule in self.rules)


def _suggest(name: str, candidates: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(candidates), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def resolve_rules(
    catalogue: Mapping[str, Rule],
    system: GameSystem,
    level: str,
    options: Sequence[str] = (),
    settings: Mapping[str, Mapping[str, Any]] | None = None,
    blocked: Iterable[str] = (),
) -> RuleSelection:
    """Pick and order the rules of a game, or raise one clear :class:`ConfigError`.

    Only rules of ``system`` (or of no system) take part. Core rules of ``level`` are on
    unless blocked (``no:NAME``); each option must exist in the system, be allowed at ``level``, have its requirements on and conflict with nothing on; settings
    are validated against each rule's schema. Order: core rules by level then name, then
    options, each after what it requires.

    :raises ConfigError: naming the offending rule, with a did-you-mean for unknown names.
    """
    settings = dict(settings or {})
    blocked = set(blocked)
    levels = system.levels
    if level not in levels:
        raise ConfigError(f"unknown rules level {level!r} for {system.title}{_suggest(level, levels)}; choose one of {', '.join(levels)}")
    others = {name: rule for name, rule in catalogue.items() if rule.system not in (None, system.name)}
    catalogue = {name: rule for name, rule in catalogue.items() if name not in others}

    def unknown(what: str, name: str) -> ConfigError:
        if name in others:
            return ConfigError(f"{what} {name!r} is a rule of {others[name].system}, not of {system.name}: it cannot be used here")
        return ConfigError(f"{what} {name!r}{_suggest(name, catalogue)}")

    for name in sorted(blocked):
        if name not in catalogue:
            raise unknown("cannot block unknown rule", name)

    position = {lv: i for i, lv in enumerate(levels)}

    def first_level(rule: Rule) -> int:
        return min((position[lv] for lv in rule.levels if lv in position), default=0)

    chosen: dict[str, Rule] = {}
    for rule in sorted(catalogue.values(), key=lambda r: (first_level(r), r.name)):
        if rule.kind == "core" and rule.allowed_at(level) and rule.name not in blocked:
            chosen[rule.name] = rule
    for name in options:
        rule = catalogue.get(name)
        if rule is None:
            raise unknown("unknown option", name)
        if rule.kind == "core":
            raise ConfigError(f"{name!r} is a core rule, on by itself at levels {', '.join(rule.levels)}; it is not an option")
        if name in blocked:
            raise ConfigError(f"option {name!r} is both asked for and blocked")
        if not rule.allowed_at(level):
            raise ConfigError(f"option {name!r} is not allowed with {level} rules (allowed: {', '.join(rule.levels)})")
        chosen[name] = rule
    for name in settings:
        if name not in chosen:
            hint = "" if name in catalogue else _suggest(name, catalogue)
            raise ConfigError(f"settings given for {name!r}, which is not on in this game{hint}")
    for rule in chosen.values():
        for other in rule.conflicts:
            if other in chosen:
                raise ConfigError(f"rules {rule.name!r} and {other!r} conflict; switch one off")
        for needed in rule.requires:
            if needed not in chosen:
                how = f"add --option {needed}" if needed in catalogue and catalogue[needed].kind == "option" else "it is not available here"
                raise ConfigError(f"rule {rule.name!r} requires {needed!r} ({how})")
    validated: dict[str, Mapping[str, Any]] = {}
    for rule in chosen.values():
        value = settings.get(rule.name, {})
        err = _settings_error(rule, value)
        if err is not None:
            where = "/" + "/".join(str(p) for p in err.absolute_path)
            raise ConfigError(f"invalid settings for {rule.name!r} at {where}: {err.message}")
        validated[rule.name] = value
    return RuleSelection(level=level, rules=tuple(_order(chosen)), settings=validated, system=system.name)


#: Each rule's settings validator, by the rule's identity (rules are declared once; the
#: rule is kept with it so that the identity stays its own), and whether ``{}`` is valid.
_VALIDATORS: dict[int, tuple[Rule, Any, Any]] = {}
_NOT_CHECKED = object()


def _settings_error(rule: Rule, value: Mapping[str, Any]) -> Any:
    """The first error (by text) of ``value`` against the rule's settings schema, or ``None``."""
    cached = _VALIDATORS.get(id(rule))
    if cached is None or cached[0] is not rule:
        if len(_VALIDATORS) > 4096:
            _VALIDATORS.clear()
        cached = _VALIDATORS[id(rule)] = (rule, jsonschema.Draft202012Validator(dict(rule.settings_schema)), _NOT_CHECKED)
    empty = not value and isinstance(value, Mapping)
    if empty and cached[2] is not _NOT_CHECKED:
        return cached[2]
    # A pack's settings are frozen (lists read as tuples, which no "array" schema matches):
    # they are checked as the JSON they were written as.
    from sog.packs.fields import thaw  # sog.packs imports this module

    errors = sorted(cached[1].iter_errors(thaw(value)), key=str)
    first = errors[0] if errors else None
    if empty:
        _VALIDATORS[id(rule)] = (rule, cached[1], first)
    return first


def _order(chosen: Mapping[str, Rule]) -> list[Rule]:
    """Core rules first (as sorted), options after; each rule after the ones it requires."""
    done: list[Rule] = []
    seen: set[str] = set()

    def visit(rule: Rule, stack: tuple[str, ...]) -> None:
        if rule.name in seen:
            return
        if rule.name in stack:
            raise ConfigError(f"rules require each other in a circle: {' -> '.join(stack + (rule.name,))}")
        for needed in rule.requires:
            visit(chosen[needed], stack + (rule.name,))
        seen.add(rule.name)
        done.append(rule)

    for rule in [r for r in chosen.values() if r.kind == "core"] + [r for r in chosen.values() if r.kind == "option"]:
        visit(rule, ())
    return done
