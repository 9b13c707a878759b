"""Firing with special ammunition (rulebook pp. 26-27): ball, chain and grapeshot.

Loading is the reloading rule's work (storage of one counter of each type per side, a
secret choice at set-up and at each reload). This rule gives the fired type its effect:

* ball — as in the Basic rules: short range (first half of the ruler) or long range;
* chain and grapeshot — only when the target's base is reached by the red/purple part of the
  ruler: the target takes as many counters as the firepower, chain from pool C, grapeshot
  from pool D (ruling R5); beyond it the target is missed and takes nothing. The attack is
  still declared and logged (with the modifier ``chain-missed`` or ``grapeshot-missed`` and
  no counter), and the guns are emptied.

The fired counter is turned face up (the combat rule keeps it in ``broadsides[side].fired``,
which every view shows) until the reloading phase stores it.

A broadside may also fire with no target at all, to empty its guns and reload another type
later (p. 27): every ``fire`` request gets the extra choice
``{"side": S, "target": None, "arc": None, "band": None, "distance": None}``. Such a shot
draws nothing; its counter is turned face up and a ``guns-emptied`` event is logged.

Rulings:

* R5 (``SPECIAL_POOLS``): chain draws C counters, grapeshot D counters.
* ``CLOSE_BAND``: the red/purple part of the ruler is the ruler band named ``red``.
* ``MISS_MULTIPLIER``: a miss is a multiplier of 0, applied after every extra counter, so
  raking adds nothing to a miss either.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Attack, AttackModifier
from sog.plugins.system.tabletop import SIDES

RULE = "ammunition"
COMBAT = "combat"
#: Ruling R5: the pool each special ammunition draws from within the red/purple band.
SPECIAL_POOLS = {"chain": "C", "grapeshot": "D"}
#: Ruling: the ruler band that is the red/purple part (marked C/D on the ruler).
CLOSE_BAND = "red"
#: Ruling: a miss multiplies the counters by 0.
MISS_MULTIPLIER = 0.0
#: What a fire choice with no target holds besides its side.
NO_TARGET = {"target": None, "arc": None, "band": None, "distance": None}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"guns-emptied": "A broadside fired with no target to empty its guns; its counter is now face up."}


@hookimpl
def sog_choice_label(game: Game, request: DecisionRequest, choice: Any) -> str | None:
    """The no-target shot reads as what it is."""
    return f"fire the {choice['side']} broadside with no target (empty the guns)" if is_no_target(choice) else None


def no_target_choice(side: str) -> dict[str, Any]:
    """The ``fire`` choice that empties ``side``'s guns without a target."""
    return {"side": side, **NO_TARGET}


def is_no_target(answer: Any) -> bool:
    """Is ``answer`` a fire choice with no target?"""
    return isinstance(answer, dict) and "side" in answer and answer.get("target") is None


def special_modifier(attack: Attack) -> AttackModifier | None:
    """The pool change (in the red band) or the miss (beyond it) of chain or grapeshot."""
    ammunition = attack.ammunition
    if attack.kind != "artillery" or ammunition not in SPECIAL_POOLS:
        return None
    if attack.band == CLOSE_BAND:
        return AttackModifier(source=ammunition, pool=SPECIAL_POOLS[ammunition])
    return AttackModifier(source=f"{ammunition}-missed", multiplier=MISS_MULTIPLIER)


@hookimpl
def sog_attack_modifiers(game: Game, attack: Attack) -> list[AttackModifier]:
    modifier = special_modifier(attack)
    return [] if modifier is None else [modifier]


def _side_of(request: DecisionRequest, choices: list[Any]) -> str | None:
    """The broadside a fire request is about: from its choices, else from its id's subject."""
    for choice in choices:
        if isinstance(choice, dict) and choice.get("side") in SIDES:
            return choice["side"]
    return next((side for side in SIDES if request.id.endswith(f".{request.ship}.{side}")), None)


@hookimpl
@acts_on("fire")
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Let every loaded broadside fire with no target (to empty its guns)."""
    if request.kind != "fire" or request.ship is None:
        return None
    side = _side_of(request, choices)
    if side is None or any(is_no_target(c) for c in choices):
        return None
    return [*choices, no_target_choice(side)]


@hookimpl
@acts_at(COMBAT)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    """Empty the broadsides that fired with no target (the combat rule skips those answers)."""
    if step.name != COMBAT:
        return
    for request, answer in answers:
        if request.kind != "fire" or not is_no_target(answer):
            continue
        broadside = game.ship(request.ship).broadsides[answer["side"]]
        if broadside.loaded is not None:
            broadside.fired, broadside.loaded = broadside.loaded, None
            game.emit("guns-emptied", ship=request.ship, side=answer["side"], ammunition=broadside.fired)
