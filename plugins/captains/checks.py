"""Checking ability documents against the effects the rules declare.

An ability names its effect; the rule that implements the effect declares it with its
timings and the JSON Schema of its parameters (``sog_ability_effects``). The same test serves
twice: ``sog validate`` reports, at the field's file:line:col, an unknown effect (with a
did-you-mean), parameters that do not fit the effect's schema (pointer into ``/params``) and
a timing the effect does not allow, whatever scenario uses the ability (hook
``sog_check_library``, answered by the abilities rule); and at set-up the abilities rule
leaves out of a game an ability that would fail it with the rules in force.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import jsonschema

from sog.packs.errors import did_you_mean
from sog.packs.fields import thaw
from sog.plugins.system import NAME as SYSTEM
from sog.plugins.system.hooktypes import AbilityEffect

if TYPE_CHECKING:  # pragma: no cover
    from sog.packs.library import Library
    from sog.pluginmanager import Catalogue
    from sog.plugins.system.content_captains import Ability

__all__ = ["ability_problems", "declared_effects", "effects_by_name", "library_issues"]

#: The content kind of ability documents.
ABILITY_KIND = "ability"


def effects_by_name(declared: Iterable[list[AbilityEffect] | None]) -> dict[str, AbilityEffect]:
    """The effects of every ``sog_ability_effects`` answer, by name (the first declaration wins)."""
    effects: dict[str, AbilityEffect] = {}
    for batch in declared:
        for effect in batch or []:
            effects.setdefault(effect.name, effect)
    return effects


def declared_effects(catalogue: Catalogue) -> dict[str, AbilityEffect]:
    """Every effect the rules of the Sails of Glory system in ``catalogue`` declare."""
    from sog.pluginmanager import create_system_plugin_manager

    pm = create_system_plugin_manager(catalogue.system(SYSTEM), catalogue.rules_of(SYSTEM).values())
    return effects_by_name(pm.hook.sog_ability_effects())


def ability_problems(ability: Ability, effects: dict[str, AbilityEffect], where: str = "no rule") -> list[tuple[str, str]]:
    """``(pointer, message)`` of what is wrong with an ability for these effects.

    :param where: who was asked, for the message (``"no rule in force"``).
    """
    effect = effects.get(ability.effect)
    if effect is None:
        known = ", ".join(sorted(effects)) or "none"
        return [("/effect", f"unknown ability effect {ability.effect!r}{did_you_mean(ability.effect, effects)}: "
                            f"{where} provides it (known effects: {known})")]
    problems: list[tuple[str, str]] = []
    validator = jsonschema.Draft202012Validator(dict(effect.params))
    for error in sorted(validator.iter_errors(thaw(ability.params)), key=lambda e: (list(map(str, e.absolute_path)), e.message)):
        pointer = "/params" + "".join(f"/{part}" for part in error.absolute_path)
        # A schema may say in its description what a generic message would not (e.g. a "not").
        said = error.schema.get("description") if isinstance(error.schema, dict) else None
        problems.append((pointer, f"params of effect {effect.name!r}: {said or error.message}"))
    if ability.timing not in effect.timings:
        problems.append(("/timing", f"effect {effect.name!r} is used {' or '.join(effect.timings)}, not {ability.timing}"))
    return problems


def library_issues(library: Library, effects: dict[str, AbilityEffect]) -> list[tuple[Any, str, str]]:
    """``(document, pointer, message)`` for every ability of the library that no rule of the
    system could play (``effects``: what the rules declare)."""
    if ABILITY_KIND not in library.kinds or not library.ids(ABILITY_KIND):
        return []
    return [(ability, pointer, message) for ability in library.all(ABILITY_KIND)
            for pointer, message in ability_problems(ability, effects)]  # type: ignore[arg-type]
