"""The Sails of Glory game system: its name and levels, and what its rules share.

Every built-in rule belongs to this system (:func:`sails_rule` declares one). Its shared
machinery lives here too: the ship's state on the mat (:mod:`.state`), the hooks its rules
talk through (:mod:`.hookspecs`, :mod:`.hooktypes`), reading the table (:mod:`.tabletop`),
building attacks (:mod:`.attacks`), what the system shows and hides (:mod:`.showing`) and
its captain bot (:mod:`.captain`). :mod:`.declaration` assembles the
:class:`sog.systems.GameSystem`.
"""

from __future__ import annotations

from typing import Any

from sog.rules import Rule

__all__ = ["ADVANCED_LEVELS", "ALL_LEVELS", "LEVELS", "NAME", "STANDARD_LEVELS", "sails_rule"]

#: The system's name, as scenarios give it in ``system:``.
NAME = "sails-of-glory"
#: The rule levels, from the simplest; each includes the rules of the previous one unless a
#: rule says otherwise in its ``levels``.
LEVELS: tuple[str, ...] = ("basic", "standard", "advanced")
ALL_LEVELS = LEVELS
STANDARD_LEVELS = ("standard", "advanced")
ADVANCED_LEVELS = ("advanced",)


def sails_rule(name: str, summary: str, levels: tuple[str, ...], plugin: object, **details: Any) -> Rule:
    """A :class:`sog.rules.Rule` of the Sails of Glory system."""
    return Rule(name, summary, levels, plugin, system=NAME, **details)
