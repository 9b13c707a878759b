"""Automatic fire and reloading (rulebook pp. 49-50): the rules fire and reload automatic pieces.

Rule ``automatic-fire`` (core, every level; idle in a game with no automatic piece, see
:func:`.automatic.is_automatic`). An automatic ship or battery is run by the text, not by a
seat: every request the combat and reloading rules would ask about it (``fire``,
``musketry``, ``load``, ``continuous-fire``; ``battery-fire``, ``battery-musketry``,
``battery-load``) is withdrawn (``sog_legal_choices`` returns no choice; this rule's
implementation runs last), and this rule makes the text's choice at the start of the step,
through the same system functions the rules use:

* **set-up** (Standard and Advanced, turn 1): each broadside and battery gun is loaded from
  storage (ruling ``AUTOMATIC_LOAD`` of :mod:`.aim`: ball);
* **combat**: each loaded broadside with a target fires (target and arc: :func:`.aim.ship_shot`,
  the Forced Aim rule); a battery fires as one broadside (:func:`.aim.battery_shot`);
  musketry is fired whenever a target is in reach (ruling ``MUSKETRY_ALWAYS``). With the
  Continuous Fire option an unloaded side with stored ammunition fires too, for half (the
  option's own modifier halves any attack it marks);
* **reloading**: an empty side (gun) whose counter is stored is reloaded as soon as the normal
  rules allow (never in the turn it fired); with Continuous Fire only when no target is in
  sight (ruling ``IN_SIGHT``).

What "the normal rules allow" is asked of the rules themselves: a load (at set-up or in the
reloading step) is the reloading rule's (the battery-guns rule's) request as it would be
asked, passed through every other rule's ``sog_legal_choices`` (this rule's withdrawal
aside), and the rules' choice is made among what is left: so untrained gunners (Lacking
Training) wait their extra turn, and with the Advanced rules only a side whose Reload action
was revealed (a gun whose "reload the guns" was) is loaded.

With the Advanced rules a ship fires and fires musketry only with the action
revealed (``ship.actions``, planned by the rule ``automatic-actions``: :mod:`.actions`), and
a battery with the one in its record's ``actions``; an action the crew-actions rule judged
illegal has been removed already.

Standard and Advanced rules: an automatic shot chooses no ammunition. Its attack carries
``ammunition=None`` (so no ammunition modifier applies: chain, grapeshot, double shot) and
draws from its band's ``automatic_pool`` in the ruler document (ruling R12, content); other
modifiers (raking, first broadside, continuous fire's half) apply as to any attack.

Each shot is logged as ``automatic-fire`` (what the rules chose: attacker, side, target, arc,
band, distance, pool, continuous) before its usual ``attack`` event.

Rulings:

* ``DRAWN_FIRST``: the automatic attacks are drawn when combat begins, before the players'
  (fire is simultaneous: firepower is read now, damage placed in the damage step).
* ``MUSKETRY_ALWAYS``: Basic and Standard rules are silent on musketry: an automatic piece
  fires it whenever a target is in reach (as the Advanced priorities' first).
* ``IN_SIGHT``: with Continuous Fire "a target in sight" of a broadside (gun) is an enemy
  one of its arcs reaches at the reloading step.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.batteries.fire import FIRE as BATTERY_FIRE, MUSKETRY as BATTERY_MUSKETRY, battery_attack
from sog.plugins.basic.reloading import RULE as RELOADING_RULE, leave_empty_choice
from sog.plugins.batteries.guns import LOAD as BATTERY_LOAD, NAME as GUNS_RULE
from sog.plugins.batteries.log import BatteryLog, in_play, subject_of
from sog.plugins.optional.continuous_fire import MARK as CONTINUOUS_MARK, NAME as CONTINUOUS_FIRE, ammunition_choices
from sog.plugins.system.attacks import artillery_attack, musketry_attack, resolve_attack
from sog.plugins.system.battery_fire import battery_options
from sog.plugins.system.battery_table import PlacedBattery
from sog.plugins.system.hooktypes import Attack
from sog.plugins.system.land_targets import target_name
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import SIDES, broadside_options

from .aim import automatic_pool, battery_musketry_target, battery_shot, load_type, musketry_target, ship_shot
from .automatic import automatic_ids, is_automatic

NAME = "automatic-fire"
SETUP, COMBAT, RELOADING = "setup", "combat", "reloading"
SHIP_KINDS = frozenset({"fire", "musketry", "load", "continuous-fire"})
"""The requests about a ship this rule withdraws when the ship is automatic."""
BATTERY_KINDS = frozenset({BATTERY_FIRE, BATTERY_MUSKETRY, BATTERY_LOAD})
"""The requests about a battery (``ship=None``, the battery the id's subject) it withdraws."""
CREW_ACTIONS, BATTERY_ACTIONS = "crew-actions", "battery-actions"
"""The Advanced rules whose revealed actions gate an automatic piece's fire and reload."""
FIRE_ACTION, MUSKETRY_ACTION = "fire-{side}", "musketry"
"""A ship's Advanced action names (``crew-actions``)."""
GUN_FIRE, GUN_MUSKETRY = "fire-guns", "musketry"
"""A battery's action names (``battery-actions``)."""
AUTOMATIC = "automatic"
"""Key of ``Attack.extra`` marking an automatic piece's attack."""
DRAWN_FIRST = "when combat begins"
"""Ruling: when the automatic attacks are drawn."""
MUSKETRY_ALWAYS = "whenever a target is in reach"
"""Ruling: when an automatic piece fires musketry (Basic and Standard rules)."""
IN_SIGHT = "an enemy one of its arcs reaches at the reloading step"
"""Ruling: a target in sight, for reloading with Continuous Fire."""


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no automatic piece (they are named at set-up)."""
    return not automatic_ids(game)


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"automatic-fire": "The rules fired an automatic ship's broadside or battery: the target, arc, band and pool "
                              "they chose (the attack follows).",
            "automatic-musketry": "The rules fired an automatic piece's musketry at the target they chose."}


@hookimpl(tryfirst=True)  # run last in the sog_legal_choices pipeline: no rule adds a choice back
@acts_on(*SHIP_KINDS, *BATTERY_KINDS)
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Withdraw every fire, musketry and load request about an automatic piece."""
    if request.id in _CONSULTED:
        return None
    if request.kind in SHIP_KINDS and request.ship is not None:
        return [] if is_automatic(game, request.ship) else None
    if request.kind in BATTERY_KINDS and request.ship is None:
        return [] if is_automatic(game, subject_of(request)) else None
    return None


def _ships(game: Game) -> list[SailsShipState]:
    return [s for s in game.ships() if is_automatic(game, s.id)]


def _batteries(game: Game) -> list[PlacedBattery]:
    return [b for b in in_play(game) if is_automatic(game, b.id)]


@hookimpl
@acts_at(SETUP, COMBAT, RELOADING)
def sog_step_begin(game: Game, step: Step) -> None:
    """Load at set-up, fire when combat begins, reload when reloading begins."""
    if not automatic_ids(game):
        return
    if step.name == SETUP and game.state.turn == 1:
        _first_loads(game)
    elif step.name == COMBAT:
        _combat(game)
    elif step.name == RELOADING:
        _reloads(game)


# --------------------------------------------------------------------------- loading


_CONSULTED: set[str] = set()
"""Ids of the load requests this rule is consulting the other rules about (not withdrawn)."""


def _legal_loads(game: Game, request: DecisionRequest) -> list[str]:
    """The stored types the rules in force let a load request take now: the request passed
    through every rule's ``sog_legal_choices`` (lacking training, the Advanced reload action,
    ...) but this rule's withdrawal; "leave empty" is never the rules' choice."""
    _CONSULTED.add(request.id)
    try:
        choices = game.pipeline("sog_legal_choices", "choices", list(request.choices), request=request)
    finally:
        _CONSULTED.discard(request.id)
    found = [c.get("ammunition") if isinstance(c, dict) else c for c in choices]
    return [str(t) for t in found if t is not None]


def _load_ship(game: Game, ship: SailsShipState, side: str, optional: bool) -> bool:
    """Load ``side`` with the rules' choice among what the load request would offer; ``False`` if none."""
    broadside = ship.broadsides[side]
    choices: list[Any] = [{"side": side, "ammunition": t} for t in sorted(set(broadside.storage))]
    request = game.make_request(rule=RELOADING_RULE, kind="load", seat=ship.seat, ship=ship.id, subject=f"{ship.id}.{side}",
                                prompt=f"{ship.name}: load the {side} broadside with",
                                choices=[*choices, *([leave_empty_choice(side)] if optional else [])])
    chosen = load_type(_legal_loads(game, request))
    if chosen is None:
        return False
    broadside.storage.remove(chosen)
    broadside.loaded = chosen
    return True


def _load_battery(game: Game, placed: PlacedBattery, optional: bool) -> bool:
    """Load a battery's gun as :func:`_load_ship` loads a broadside."""
    log = BatteryLog.of(placed)
    request = game.make_request(rule=GUNS_RULE, kind=BATTERY_LOAD, seat=placed.seat, subject=placed.id,
                                prompt=f"{placed.name}: load the gun with",
                                choices=[*sorted(set(log.gun.storage)), *([None] if optional else [])])
    chosen = load_type(_legal_loads(game, request))
    if chosen is None:
        return False
    log.gun.storage.remove(chosen)
    log.gun.loaded = chosen
    log.save()
    return True


def _empty(broadside: Any) -> bool:
    """Nothing in the broadside box, nothing face up, something stored."""
    return broadside.loaded is None and broadside.fired is None and bool(broadside.storage)


def _first_loads(game: Game) -> None:
    """Standard and Advanced rules: the set-up load, of the rules' choice (``AUTOMATIC_LOAD``)."""
    for ship in _ships(game):
        for side in SIDES:
            if _empty(ship.broadsides[side]):
                _load_ship(game, ship, side, optional=False)
    for placed in _batteries(game):
        if _empty(BatteryLog.of(placed).gun):
            _load_battery(game, placed, optional=False)


def _continuous(game: Game) -> bool:
    return CONTINUOUS_FIRE in game.rules.names


def _reloads(game: Game) -> None:
    """Reload every empty side whose counter is stored, as soon as the rules in force allow."""
    advanced = CREW_ACTIONS in game.rules.names
    for ship in _ships(game):
        for side in SIDES:
            if not _empty(ship.broadsides[side]):
                continue
            if not advanced and _continuous(game) and broadside_options(game, ship, side):
                continue  # ruling IN_SIGHT: it keeps firing continuously
            if _load_ship(game, ship, side, optional=True):
                game.emit("reloaded", ship=ship.id, side=side)
    advanced = BATTERY_ACTIONS in game.rules.names
    for placed in _batteries(game):
        if not _empty(BatteryLog.of(placed).gun):
            continue
        if not advanced and _continuous(game) and battery_options(game, placed):
            continue
        if _load_battery(game, placed, optional=True):
            game.emit("battery-reloaded", battery=placed.id)


# --------------------------------------------------------------------------- combat


def _continuous_type(broadside: Any) -> str | None:
    """The stored counter an unloaded side fires continuously, or ``None`` if it may not."""
    if broadside.loaded is not None or broadside.fired is not None:
        return None
    return load_type(ammunition_choices(broadside.storage))


def _combat(game: Game) -> None:
    """Every automatic shot of this turn: firepower read, then drawn (ruling ``DRAWN_FIRST``)."""
    shots: list[tuple[Attack, Any]] = []
    for ship in _ships(game):
        shots.extend(_ship_shots(game, ship))
    for placed in _batteries(game):
        shots.extend(_battery_shots(game, placed))
    for attack, fired in shots:
        if fired is not None:
            fired()
        if attack.kind == "musketry":
            game.emit("automatic-musketry", attacker=attack.attacker, target=attack.target)
        else:
            game.emit("automatic-fire", attacker=attack.attacker, side=attack.side, target=attack.target, arc=attack.arc,
                      band=attack.band, distance=attack.distance, pool=attack.pool,
                      continuous=bool(attack.extra.get(CONTINUOUS_MARK)))
        resolve_attack(game, attack)


def _automatic(game: Game, attack: Attack, continuous: bool) -> Attack:
    """The attack as the rules fire it: no ammunition chosen, the band's automatic pool (R12)."""
    extra = {**attack.extra, AUTOMATIC: True, **({CONTINUOUS_MARK: True} if continuous else {})}
    return dataclasses.replace(attack, ammunition=None, pool=automatic_pool(game, str(attack.band)), extra=extra)


def _ship_shots(game: Game, ship: SailsShipState) -> list[tuple[Attack, Any]]:
    gated = CREW_ACTIONS in game.rules.names
    shots: list[tuple[Attack, Any]] = []
    for side in SIDES:
        if gated and FIRE_ACTION.format(side=side) not in ship.actions:
            continue
        broadside = ship.broadsides[side]
        stored = None if broadside.loaded is not None or not _continuous(game) else _continuous_type(broadside)
        if broadside.loaded is None and stored is None:
            continue
        shot = ship_shot(game, ship, side)
        if shot is None:
            continue
        attack = _automatic(game, artillery_attack(game, ship, shot, None), continuous=stored is not None)
        shots.append((attack, _spend(broadside, stored)))
    if not gated or MUSKETRY_ACTION in ship.actions:
        target = musketry_target(game, ship)
        if target is not None:
            shots.append((musketry_attack(game, ship, target), None))
    return shots


def _spend(broadside: Any, stored: str | None, save: Any = None) -> Any:
    """What firing does to the counters: the loaded one face up, or (continuous) a stored one."""
    def spend() -> None:
        if stored is None:
            broadside.fired, broadside.loaded = broadside.loaded, None
        else:
            broadside.storage.remove(stored)
            broadside.fired = stored  # face up: no reload this turn, stored again after
        if save is not None:
            save()
    return spend


def _battery_shots(game: Game, placed: PlacedBattery) -> list[tuple[Attack, Any]]:
    gated = BATTERY_ACTIONS in game.rules.names
    actions = placed.record.get("actions", [])
    shots: list[tuple[Attack, Any]] = []
    log = BatteryLog.of(placed)
    if not gated or GUN_FIRE in actions:
        stored = None if log.gun.loaded is not None or not _continuous(game) else _continuous_type(log.gun)
        shot = battery_shot(game, placed) if log.gun.loaded is not None or stored is not None else None
        if shot is not None:
            attack = _automatic(game, battery_attack(game, placed, BATTERY_FIRE, shot), continuous=stored is not None)
            shots.append((attack, _spend(log.gun, stored, log.save)))
    if not gated or GUN_MUSKETRY in actions:
        target = battery_musketry_target(game, placed)
        if target is not None:
            shots.append((battery_attack(game, placed, BATTERY_MUSKETRY, {"target": target}), None))
    return shots


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    d = event["data"]
    if event["kind"] == "automatic-fire":
        what = f"its {d['side']} broadside" if d["side"] else "its guns"
        how = " continuously (half)" if d["continuous"] else ""
        return (f"  {target_name(game, d['attacker'])} (automatic) fires {what}{how} at {target_name(game, d['target'])}: "
                f"nearest, {d['arc']} arc, {d['band']} band, pool {d['pool']}")
    if event["kind"] == "automatic-musketry":
        return f"  {target_name(game, d['attacker'])} (automatic) fires musketry at {target_name(game, d['target'])}"
    return None
