"""Lacking training (rulebook p. 34): green gunners reload slowly, green sailors miss orders.

Settings: ``{"ships": [ship ids], "gunners": bool, "sailors": bool}`` — which ships have
a crew lacking training (every ship when ``ships`` is left out) and which half of the crew:
gunners (default on) and sailors (default off; Advanced rules only).

**Gunners, Basic and Standard rules.** A broadside needs one more turn to reload. The
counter fired in turn T goes to the storage box face up in that turn's reloading phase
(``ship.ext["lacking-training"]["face_up"][side]``, public like the counter); in the
reloading phase of T+1 it is turned face down, and it cannot be loaded then (Basic: that
counter is not offered; Standard: no counter at all may be loaded from that storage box in
T+1, the ``load`` request is withdrawn). In T+2 it is loaded normally and the side fires
again in T+3. With the continuous-fire option a lacking-training broadside firing while
unloaded deals a third of the counters (rounded down) instead of half.

**Gunners, Advanced rules.** Reloading is normal, but a Reload Broadside action is delayed:
revealed in turn T, it is taken out of ``ship.actions`` and left face up in the planned
action box (the crew-actions rule's ``delayed`` counters: it takes a crew action in T+1 and
cannot be planned again meanwhile); in T+1's action step it goes back into ``ship.actions``,
so the side reloads in T+1's reloading step, and the counter is free again after.

**Sailors, Advanced rules.** One of the actions planned this turn (not a delayed one) is
drawn at random and shuffled with a Blank counter: drawing the Blank loses the action (taken
out of ``ship.actions`` before any effect), drawing the action keeps it. This is done right
after the crew-actions rule reveals the counters, before any rule applies one: the same as
drawing before the reveal. Tests force the draws with :func:`stack_sailors`.

Rulings:

* ``DEFAULT_SHIPS``: with no ``ships`` setting, every ship lacks training.
* ``SAILORS_LEVELS``: sailors lacking training exist only with Advanced rules; asking for
  them at another level is a configuration error.
* ``SAILORS_DRAW``: the action-or-Blank draw is an even chance from the game's generator
  (two counters shuffled, as the text says; not the damage-counter randomizer of R8).
* ``ONE_THIRD``: the continuous-fire factor becomes 1/3: this rule adds a factor 2/3 to
  continuous fire's 1/2; the attack arithmetic multiplies factors exactly and rounds down
  once, so the target takes floor(N/3).
* ``SAME_TYPE``: (Basic) the face-up counter is known by its type; another counter of the
  same type in the storage box could not be told apart, so that type stays offered.
* ``RELOAD_ACTION`` / ``CONTINUOUS_MARK``: names shared with the Advanced and continuous-fire
  rules (``reload-left``/``reload-right`` in ``ship.actions``; ``Attack.extra`` key).
* ``DELAYED_BLOCKS``: a Reload Broadside action of a side whose counter is still delayed is
  illegal (the counter lies in the planned box) and has no effect.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.errors import ConfigError, PluginError
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Attack, AttackModifier
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import SIDES

NAME = "lacking-training"
RELOADING, ACTIONS = "reloading", "actions"
#: Ruling: every ship lacks training when the settings name none.
DEFAULT_SHIPS = "all"
#: Ruling: the levels at which sailors may lack training.
SAILORS_LEVELS = ("advanced",)
#: Ruling: the odds that a drawn action is kept (one action counter against one Blank).
SAILORS_DRAW = (1, 2)
#: Ruling: the factor this rule adds to a continuous attack, applied before continuous fire's 1/2.
ONE_THIRD = Fraction(2, 3)
#: The ``Attack.extra`` key the continuous-fire rule sets on its attacks.
CONTINUOUS_MARK = "continuous-fire"
#: The Advanced Reload Broadside action of each side (names of the crew-actions rule).
RELOAD_ACTION = {"left": "reload-left", "right": "reload-right"}
#: Where the crew-actions rule keeps the action counters of a ship mat (``ship.ext`` key);
#: its ``delayed`` list holds the counters lying face up in the planned action box.
MAT = "crew-actions"
#: Ruling: (Basic) another counter of the face-up type stays offered.
SAME_TYPE = "offered"
#: Ruling: a reload action of a side whose counter is delayed has no effect.
DELAYED_BLOCKS = True

SETTINGS = {
    "type": "object",
    "properties": {
        "ships": {"type": "array", "items": {"type": "string"}, "uniqueItems": True,
                  "description": "Ids of the ships whose crew lacks training (default: every ship)."},
        "gunners": {"type": "boolean", "description": "Gunners lacking training (default true)."},
        "sailors": {"type": "boolean", "description": "Sailors lacking training, Advanced rules only (default false)."},
    },
    "additionalProperties": False,
}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "reload-delayed": "Untrained gunners: a broadside's counter lies face up in storage, or is turned face down and not loaded yet.",
        "sailors-draw": "Untrained sailors: one planned action drawn against a Blank; kept or lost.",
    }


def _settings(game: Game) -> dict[str, Any]:
    return dict(game.settings(NAME))


def untrained(game: Game, ship: SailsShipState, part: str) -> bool:
    """Does ``ship`` have untrained ``part`` (``"gunners"`` or ``"sailors"``)?"""
    settings = _settings(game)
    if not settings.get(part, part == "gunners"):
        return False
    ships = settings.get("ships")
    return ships is None or ship.id in ships


@hookimpl
def sog_game_setup(game: Game) -> None:
    settings = _settings(game)
    unknown = sorted(set(settings.get("ships", ())) - set(game.state.ships))
    if unknown:
        raise ConfigError(f"lacking-training names ships not in this scenario: {', '.join(unknown)}")
    if settings.get("sailors") and game.state.level not in SAILORS_LEVELS:
        raise ConfigError(f"sailors lacking training need the Advanced rules (this game uses {game.state.level} rules)")


def _own(ship: SailsShipState) -> dict[str, Any]:
    return ship.ext.setdefault(NAME, {})


# --------------------------------------------------------------------------- gunners, Basic/Standard


@hookimpl
@acts_on("load")
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """In the reloading phase after the counter went face up, that side loads nothing (Basic: not that counter)."""
    if request.kind != "load" or request.ship is None or game.state.level == "advanced":
        return None
    ship = game.ship(request.ship)
    face_up = ship.ext.get(NAME, {}).get("face_up", {})
    side = next((c["side"] for c in choices if isinstance(c, dict) and c.get("side") in face_up), None)
    if side is None:
        return None
    if game.state.level == "standard":
        return []
    ammunition = face_up[side]
    if ship.broadsides[side].storage.count(ammunition) > 1:  # ruling SAME_TYPE
        return None
    kept = [c for c in choices if c.get("ammunition") != ammunition]
    return None if kept == choices else kept


@hookimpl
def sog_step_end(game: Game, step: Step) -> None:
    if step.name == RELOADING and game.state.level != "advanced":
        _gunners_reloading(game)


def _gunners_reloading(game: Game) -> None:
    """Turn last turn's face-up counters face down; lay this turn's fired counters face up.

    Runs before the reloading rule stores the fired counters (options' hooks run first).
    """
    for ship in game.ships():
        if not untrained(game, ship, "gunners"):
            continue
        own = _own(ship)
        face_up: dict[str, str] = own.setdefault("face_up", {})
        for side in list(face_up):
            game.emit("reload-delayed", ship=ship.id, side=side, counter="face-down")
            del face_up[side]
        for side in SIDES:
            fired = ship.broadsides[side].fired
            if fired is not None:
                face_up[side] = fired
                game.emit("reload-delayed", ship=ship.id, side=side, counter="face-up")


@hookimpl
def sog_attack_modifiers(game: Game, attack: Attack) -> list[AttackModifier]:
    """Continuous fire by untrained gunners: a third instead of half (ruling ONE_THIRD)."""
    if not attack.extra.get(CONTINUOUS_MARK) or game.state.level == "advanced":
        return []
    if attack.attacker not in game.state.ships or not untrained(game, game.ship(attack.attacker), "gunners"):
        return []
    return [AttackModifier(source=NAME, multiplier=ONE_THIRD)]


# --------------------------------------------------------------------------- Advanced


@hookimpl
@acts_at(ACTIONS)
def sog_step_begin(game: Game, step: Step) -> None:
    """Advanced action step, just after the counters are revealed and before any effect.

    The crew-actions rule reveals them in its ``tryfirst`` implementation; the effects of the
    other Advanced rules come in their plain ones, which run after this option's.
    """
    if step.name != ACTIONS or game.state.level != "advanced":
        return
    for ship in game.ships():
        if untrained(game, ship, "sailors"):
            _sailors(game, ship)
        if untrained(game, ship, "gunners"):
            _delay_reloads(game, ship)


def stack_sailors(game: Game, draws: list[tuple[str, bool]]) -> None:
    """Force the next sailors' draws (for tests): ``(action drawn, kept)``, in the order drawn."""
    game.state.ext.setdefault(NAME, {}).setdefault("stacked", []).extend([action, kept] for action, kept in draws)


def _sailors(game: Game, ship: SailsShipState) -> None:
    """One of this turn's revealed actions is drawn against a Blank; the Blank loses it.

    :raises PluginError: a stacked draw names an action the ship did not reveal.
    """
    if not ship.actions:
        return
    candidates = list(ship.actions)
    stacked = game.state.ext.get(NAME, {}).get("stacked")
    if stacked:
        drawn, kept = stacked.pop(0)
        if drawn not in candidates:
            raise PluginError(f"stacked sailors' draw {drawn!r} is not among {ship.id}'s actions {candidates}")
    else:
        drawn = candidates[game.rng.randbelow(len(candidates))]
        kept = game.rng.randbelow(SAILORS_DRAW[1]) < SAILORS_DRAW[0]
    if not kept:
        ship.actions.remove(drawn)
    game.emit("sailors-draw", ship=ship.id, candidates=candidates, action=drawn, kept=kept)


def _delay_reloads(game: Game, ship: SailsShipState) -> None:
    """This turn's reload actions wait face up; last turn's reach the storage box (usable now)."""
    own = _own(ship)
    mat = ship.ext.setdefault(MAT, {})
    waiting: list[str] = mat.setdefault("delayed", [])
    released = [a for a in own.get("delayed", []) if a in waiting]
    for action in released:
        waiting.remove(action)
    fresh = [a for a in ship.actions if a in RELOAD_ACTION.values() and not (DELAYED_BLOCKS and a in released)]
    ship.actions[:] = [a for a in ship.actions if a not in RELOAD_ACTION.values()] + released
    waiting.extend(a for a in fresh if a not in waiting)
    own["delayed"] = fresh
    if released or fresh:
        game.emit("reload-delayed", ship=ship.id, released=released, delayed=fresh)



@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict) -> None:
    """Draws forced by tests are nobody's knowledge."""
    view.get("ext", {}).get(NAME, {}).pop("stacked", None)

RULE = sails_rule(NAME, "Untrained gunners need a turn more to reload (delayed reload actions with Advanced rules); "
            "untrained sailors (Advanced) may miss a planned action.",
            ALL_LEVELS, sys.modules[__name__], kind="option", settings_schema=SETTINGS, pages="rulebook p. 34")
