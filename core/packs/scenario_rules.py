"""A scenario's rules level, options and option settings, checked by the rules' own resolver.

`sog.rules.resolve_rules` decides what a configuration may be and raises the first
`ConfigError` it meets; here it is asked again without the culprit until the scenario's
configuration resolves, so every mistake is reported, each at the field that causes it:
`/rules`, `/options/N` or `/option_settings/NAME`. Nothing of its logic is repeated here:
an option is to blame when leaving it out changes the error.

Settings for an option the scenario does not switch on (`option_settings` naming a rule
not in `options`) are an error, as they are when a game starts.
"""

from __future__ import annotations

from typing import Mapping

from sog.errors import ConfigError
from sog.rules import Rule, RuleSelection, resolve_rules
from sog.systems import GameSystem

from .checks import Issue
from .errors import did_you_mean
from .models import Scenario
from .yamlpos import pointer

__all__ = ["scenario_rules"]


def _error(catalogue: Mapping[str, Rule], system: GameSystem, level: str, options: list[str],
           settings: Mapping[str, object] | None = None) -> str | None:
    """The message of the ConfigError `resolve_rules` raises, or None if it resolves."""
    try:
        resolve_rules(catalogue, system, level, options, settings)  # type: ignore[arg-type]
    except ConfigError as exc:
        return str(exc)
    return None


def _culprit(catalogue: Mapping[str, Rule], system: GameSystem, level: str, options: list[str], kept: list[int],
             message: str) -> int | None:
    """The last option (index) whose removal changes the error `message`, if any."""
    for index in reversed(kept):
        others = [options[i] for i in kept if i != index]
        if _error(catalogue, system, level, others) != message:
            return index
    return None


def scenario_rules(scenario: Scenario, catalogue: Mapping[str, Rule],
                   systems: Mapping[str, GameSystem]) -> tuple[RuleSelection | None, list[Issue]]:
    """The rules in force in `scenario` (None if its system or level does not resolve) and
    the `(pointer, message)` issues of its `system`, `rules`, `options` and `option_settings`.

    The selection leaves out the options and settings found wrong, so the other checks
    can still run on the rest.
    """
    system = systems.get(scenario.system)
    if system is None:
        known = ", ".join(systems) or "none"
        return None, [("/system", f"unknown game system {scenario.system!r}{did_you_mean(scenario.system, systems)}: "
                                  f"no installed plugin declares it (installed: {known})")]
    problems = _setup_issues(scenario, system)
    level = scenario.rules
    if level not in system.levels:
        return None, problems + [("/rules", _error(catalogue, system, level, []) or f"unknown rules level {level!r}")]
    issues: list[Issue] = problems
    options = list(scenario.options)
    kept = list(range(len(options)))
    while (message := _error(catalogue, system, level, [options[i] for i in kept])) is not None:
        culprit = _culprit(catalogue, system, level, options, kept, message)
        if culprit is None:  # not one option's doing (e.g. a core rule requiring an option)
            issues.append(("/rules", message))
            kept = []
            break
        issues.append((f"/options/{culprit}", message))
        kept.remove(culprit)
    on = [options[i] for i in kept]
    settings: dict[str, object] = {}
    for name, value in scenario.option_settings.items():
        where = "/option_settings" + pointer([name])
        if name not in options:
            rule = catalogue.get(name)
            if rule is not None and rule.kind == "option":
                hint = " (add it to /options, or remove its settings)"
            else:
                hint = did_you_mean(name, options) or did_you_mean(name, catalogue)
            issues.append((where, f"settings for {name!r}, which is not in /options: "
                                  f"a rule's settings apply only when it is on{hint}"))
        elif name in on:
            message = _error(catalogue, system, level, on, {name: value})
            if message is None:
                settings[name] = value
            else:
                issues.append((where, message))
    try:
        selection = resolve_rules(catalogue, system, level, on, settings)  # type: ignore[arg-type]
    except ConfigError as exc:  # pragma: no cover - each part resolved on its own
        return None, [*issues, ("/rules", str(exc))]
    return selection, issues


def _setup_issues(scenario: Scenario, system: GameSystem) -> list[Issue]:
    """Where the scenario's ``setup:`` breaks its system's ``scenario_schema``."""
    import jsonschema

    from .fields import thaw

    validator = jsonschema.Draft202012Validator(dict(system.scenario_schema))
    found = sorted(validator.iter_errors(thaw(scenario.setup)), key=lambda e: list(e.absolute_path))
    return [("/setup" + pointer(list(err.absolute_path)), f"{err.message} (set-up data of {system.name})") for err in found]
