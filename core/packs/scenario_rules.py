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
from sog.rules import LEVELS, Rule, RuleSelection, resolve_rules

from .checks import Issue
from .errors import did_you_mean
from .models import Scenario
from .yamlpos import pointer

__all__ = ["scenario_rules"]


def _error(catalogue: Mapping[str, Rule], level: str, options: list[str],
           settings: Mapping[str, object] | None = None) -> str | None:
    """The message of the ConfigError `resolve_rules` raises, or None if it resolves."""
    try:
        resolve_rules(catalogue, level, options, settings)  # type: ignore[arg-type]
    except ConfigError as exc:
        return str(exc)
    return None


def _culprit(catalogue: Mapping[str, Rule], level: str, options: list[str], kept: list[int],
             message: str) -> int | None:
    """The last option (index) whose removal changes the error `message`, if any."""
    for index in reversed(kept):
        others = [options[i] for i in kept if i != index]
        if _error(catalogue, level, others) != message:
            return index
    return None


def scenario_rules(scenario: Scenario, catalogue: Mapping[str, Rule]) -> tuple[RuleSelection | None, list[Issue]]:
    """The rules in force in `scenario` (None if its level does not resolve) and the
    `(pointer, message)` issues of its `rules`, `options` and `option_settings`.

    The selection leaves out the options and settings found wrong, so the other checks
    can still run on the rest.
    """
    level = scenario.rules
    if level not in LEVELS:  # the schema allows only the levels: a guard, resolve_rules words it
        return None, [("/rules", _error(catalogue, level, []) or f"unknown rules level {level!r}")]
    issues: list[Issue] = []
    options = list(scenario.options)
    kept = list(range(len(options)))
    while (message := _error(catalogue, level, [options[i] for i in kept])) is not None:
        culprit = _culprit(catalogue, level, options, kept, message)
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
            message = _error(catalogue, level, on, {name: value})
            if message is None:
                settings[name] = value
            else:
                issues.append((where, message))
    try:
        selection = resolve_rules(catalogue, level, on, settings)  # type: ignore[arg-type]
    except ConfigError as exc:  # pragma: no cover - each part resolved on its own
        return None, [*issues, ("/rules", str(exc))]
    return selection, issues
