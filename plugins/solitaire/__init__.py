"""Rules for Solitaire Play (rulebook pp. 48-50, 53, 57): ships and batteries run by the rules.

* ``solitaire`` (option, :mod:`.automatic`): the scenario names the automatic and anchored
  pieces; they are public state, read by the rules below, which idle without it.
"""

from __future__ import annotations

from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.rules import Rule

from . import automatic

__all__ = ["rules"]

PAGES = "rulebook pp. 48-50"


def rules() -> list[Rule]:
    """The rules of solitaire play."""
    return [
        sails_rule(automatic.NAME, "The scenario's automatic ships and batteries are moved and fought by the rules, "
                   "anchored ships never move.", ALL_LEVELS, automatic, kind="option",
                   settings_schema=automatic.SETTINGS, pages=PAGES),
    ]
