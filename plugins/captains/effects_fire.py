"""Gunnery abilities: the effects of ability cards that change a ship's fire or the fire it takes.

* ``extra-counters`` {count 1..5, attack artillery|musketry, band short|long|red (optional)},
  before combat: this turn every attack of that kind by the ship (at that band, if given)
  draws ``count`` more counters (``sog_attack_modifiers``).
* ``ignore-counters`` {count 1..3}, after fire: when counters were drawn against the ship
  this turn, the ``count`` highest-numbered of them go back to their pools before the
  damage step places the others.
* ``quick-reload`` {}, before reloading: a broadside that fired this turn gets its
  ammunition straight back, loaded (it may fire next turn), instead of sending it to storage.

What an effect keeps for the rest of the turn is in ``ship.ext["gunnery-abilities"]``
(public), cleared at the end of the turn.

Rulings:

* ``BAND_MEANS``: an ``extra-counters`` band is a ruler band's name or range: ``short`` is
  the short range (the first half, the red part included), ``long`` the long range, ``red``
  only the red part.
* ``ARTILLERY_USABLE``: extra artillery counters are offered when a loaded broadside has a
  target in one of its arcs (at the card's band, if it names one); extra musketry counters
  when an enemy is within musketry reach (otherwise the card would be spent for nothing;
  the ships have moved, so what the guns reach is known).
* ``IGNORED_FIRST``: "highest-numbered" ranks the counters by their number (a counter with
  none counts as 0); among equal numbers one showing a symbol goes first (it would do more
  harm), then the one drawn first.
* ``QUICK_RELOAD_SIDE``: when both broadsides fired, the seat chooses which one the card
  reloads (one option each, ``{"side": ...}``; with one, the option is ``True``); the
  counter loaded is the one fired, whatever its type.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.plugins.system.attacks import HITS_OWNER
from sog.plugins.system.content_captains import Ability
from sog.plugins.system.hooktypes import AbilityEffect, AbilityOption, Attack, AttackModifier
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import SIDES, broadside_options, musketry_targets, ruler_of
from sog.state import Counter

from . import cards

NAME = "gunnery-abilities"
EXTRA, IGNORE, QUICK_RELOAD = "extra-counters", "ignore-counters", "quick-reload"
#: Ruling: an extra-counters band names a ruler band or a range (short includes the red part).
BAND_MEANS = "band name or range"
#: Ruling: extra artillery needs a loaded broadside with a target (at the card's band), extra musketry an enemy in reach.
ARTILLERY_USABLE = "a loaded broadside with a target"
#: Ruling: the counters ignored first: highest number (none = 0), a symbol first, then drawing order.
IGNORED_FIRST = ("number", "symbol", "drawn first")
#: Ruling: the seat chooses the broadside a quick reload loads when both fired.
QUICK_RELOAD_SIDE = "chosen"

EFFECTS = [
    AbilityEffect(EXTRA, "This turn every attack of a kind (and band) by the ship draws more counters.", ("before-combat",), {
        "type": "object", "additionalProperties": False, "required": ["count", "attack"],
        "properties": {
            "count": {"type": "integer", "minimum": 1, "maximum": 5},
            "attack": {"enum": ["artillery", "musketry"]},
            "band": {"enum": ["short", "long", "red"]},
        },
        "if": {"properties": {"attack": {"const": "musketry"}}, "required": ["attack"]},
        "then": {"not": {"required": ["band"]}, "description": "a musketry attack has no ruler band: give band only for artillery"},
    }),
    AbilityEffect(IGNORE, "The highest-numbered counters drawn against the ship this turn go back unplaced.", ("after-fire",), {
        "type": "object", "additionalProperties": False, "required": ["count"],
        "properties": {"count": {"type": "integer", "minimum": 1, "maximum": 3}},
    }),
    AbilityEffect(QUICK_RELOAD, "A broadside that fired this turn is loaded again at once, ready next turn.",
                  ("before-reloading",), {"type": "object", "additionalProperties": False}),
]
MINE = {effect.name for effect in EFFECTS}


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle when no ship carries a captain or a crew card (they are attached at set-up)."""
    return not cards.carries_anything(game)


@hookimpl
def sog_ability_effects() -> list[AbilityEffect]:
    return list(EFFECTS)


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "counters-ignored": "An ability sent counters drawn against a ship back to their pools before the damage step.",
        "quick-reloaded": "An ability loaded a broadside that fired this turn again at once: it may fire next turn.",
    }


def _waiting(game: Game, ship: SailsShipState) -> list[dict[str, Any]]:
    """The counters drawn against the ship this turn, waiting for the damage step."""
    return game.state.ext.get(HITS_OWNER, {}).get("hits", {}).get(ship.id, {}).get("counters", [])


@hookimpl
def sog_ability_options(game: Game, ship: SailsShipState, ability: Ability) -> list[AbilityOption] | None:
    if ability.effect not in MINE:
        return None
    if ability.effect == EXTRA:
        if ability.params["attack"] == "musketry":
            usable = bool(musketry_targets(game, ship))
        else:
            wanted = ability.params.get("band")
            usable = any(band_matches(game, wanted, option["band"])
                         for side in SIDES if ship.broadsides[side].loaded is not None
                         for option in broadside_options(game, ship, side))
        return [AbilityOption()] if usable else []
    if ability.effect == IGNORE:
        return [AbilityOption()] if _waiting(game, ship) else []
    fired = _fired(ship)
    if len(fired) == 1:
        return [AbilityOption()]
    return [AbilityOption({"side": side}, f"use: reload the {side} broadside") for side in fired]


def _fired(ship: SailsShipState) -> list[str]:
    """The broadsides that fired this turn (their counter lies face up)."""
    return [side for side in SIDES if ship.broadsides[side].fired is not None]


def _ignored(counters: list[Counter], count: int) -> list[int]:
    """Positions of the ``count`` counters to ignore (ruling ``IGNORED_FIRST``)."""
    ranked = sorted(range(len(counters)), key=lambda i: (-(counters[i].value or 0), counters[i].symbol is None, i))
    return sorted(ranked[:count])


@hookimpl
def sog_ability_used(game: Game, ship: SailsShipState, ability: Ability, choice: Any) -> None:
    if ability.effect == EXTRA:
        extras = ship.ext.setdefault(NAME, {}).setdefault("extra", [])
        extras.append({"ability": ability.id, "count": ability.params["count"], "attack": ability.params["attack"],
                       "band": ability.params.get("band")})
    elif ability.effect == IGNORE:
        waiting = _waiting(game, ship)
        counters = [Counter.model_validate(c) for c in waiting]
        chosen = _ignored(counters, ability.params["count"])
        waiting[:] = [c for i, c in enumerate(waiting) if i not in chosen]
        game.pools.put_back(counters[i] for i in chosen)
        game.emit("counters-ignored", ship=ship.id, ability=ability.id, counters=[counters[i].label() for i in chosen])
    elif ability.effect == QUICK_RELOAD:
        side = choice["side"] if isinstance(choice, dict) else _fired(ship)[0]
        broadside = ship.broadsides[side]
        broadside.loaded, broadside.fired = broadside.fired, None
        game.emit("quick-reloaded", ship=ship.id, ability=ability.id, side=side)


def band_matches(game: Game, wanted: str | None, band: str | None) -> bool:
    """Does the attack's ruler ``band`` fit the card's ``wanted`` band (ruling ``BAND_MEANS``)?"""
    if wanted is None:
        return True
    found = next((b for b in ruler_of(game).bands if b.name == band), None)
    return found is not None and wanted in (found.name, found.range)


@hookimpl
def sog_attack_modifiers(game: Game, attack: Attack) -> list[AttackModifier]:
    ship = game.state.ships.get(attack.attacker)
    extras = ship.ext.get(NAME, {}).get("extra", []) if ship is not None else []
    return [AttackModifier(source=e["ability"], extra_counters=e["count"]) for e in extras
            if e["attack"] == attack.kind and band_matches(game, e["band"], attack.band)]


@hookimpl
def sog_turn_end(game: Game) -> None:
    """What the effects kept for this turn is over."""
    for ship in game.state.ships.values():
        ship.ext.pop(NAME, None)


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    d = event["data"]
    if event["kind"] == "counters-ignored":
        return f"  {game.state.ships[d['ship']].name} ignores {' '.join(d['counters'])}: back to their pools"
    if event["kind"] == "quick-reloaded":
        return f"  {game.state.ships[d['ship']].name} reloads its {d['side']} broadside at once"
    return None
