"""The rules levels a scenario is played at (rulebook p. 56: *Supplies are Coming* needs the
Advanced rules).

Option rule ``scenario-levels``; its settings (the scenario's ``option_settings``) name the
levels: ``{levels: [advanced]}``. A game at another level (``--rules basic``) is refused at
start, and ``sog validate`` reports a scenario whose own level is not among them, both at
``/rules``. Without ``levels`` every level is allowed. The rule has no step and changes
nothing in a game it allows.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl

from sog.plugins.setup.settings_check import settings_issues

NAME = "scenario-levels"

SETTINGS = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "levels": {"type": "array", "minItems": 1, "maxItems": 8, "uniqueItems": True,
                   "items": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
                   "description": "The rules levels the scenario is played at."},
    },
}


@hookimpl
def sog_check_content(library: Any, scenario: Any, rules: Any) -> list[tuple[Any, str, str]]:
    """The game's level is one the settings name."""
    if NAME not in rules.names:
        return []
    issues = settings_issues(scenario, rules, NAME, SETTINGS)
    if issues:
        return issues
    levels = list(rules.settings.get(NAME, {}).get("levels", ()))
    if not levels or rules.level in levels:
        return []
    return [(scenario, "/rules", f"{scenario.name} is played with the {', '.join(levels)} rules only "
                                 f"(option {NAME}), not {rules.level}")]
