"""Double shot (rulebook p. 36): two balls rammed into each gun, deadly but slow and short.

* At set-up each broadside's storage box gets a double-shot ammunition counter beside the
  ball, chain and grapeshot ones; it is chosen like any other type when loading.
* Loading a double shot takes two turns. In the reloading phase where it is chosen it stays
  in the storage box, turned face up as a reminder (``ship.ext["double-shot"]["preparing"]``,
  public); in the next reloading phase it goes face down into the broadside box (no other
  type may be chosen for that side then), and the side fires the turn after.
* Fired within half the ruler, the target takes the counters of both pools: as many as the
  attack gives from the band's pool (B) and as many again from pool A — firepower 3 gives
  3 B and 3 A counters. Beyond half the ruler the target takes nothing (the attack is still
  declared and logged, and the guns are emptied).
* Double shot cannot be fired continuously (the continuous-fire rule never offers it), and a
  side whose double shot is being prepared does not fire continuously either.

Rulings:

* ``EXTRA_POOL``: the text's two pools lost their letters; the combat rule draws the band's
  pool (B within half the ruler) and this rule draws the same number from pool A.
* ``HALF_RULER``: "within half the ruler" is every band of the scenario's ruler that ends at
  or before half its length (the red/purple and orange parts).
* ``SETUP_READY``: a double shot loaded at set-up, before the first turn, is ready to fire
  in turn 1 (the two-turn delay is the text's "reloading"; the guns were prepared before
  the battle).
* ``EXTRA_COUNT``: the second pool gives as many counters as the first pool actually gave
  (the same after every modifier: raking, first broadside).
* ``PREPARING_BLOCKS_CONTINUOUS``: a side preparing a double shot may not fire continuously
  (its guns are being loaded, and continuous fire would forbid that turn's reload).
"""

from __future__ import annotations

import sys
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Attack, AttackModifier
from sog.plugins.optional.levels import STANDARD_UP
from sog.plugins.system import sails_rule
from sog.plugins.system.tabletop import SIDES, ruler_of

NAME = "double-shot"
#: The ammunition type this rule adds.
DOUBLE = "double-shot"
COMBAT, RELOADING = "combat", "reloading"
#: Ruling: the pool drawn in addition to the band's pool within half the ruler.
EXTRA_POOL = "A"
#: Ruling: the bands that are "within half the ruler" (those ending by its middle).
HALF_RULER = "bands ending at or before half the ruler's length"
#: Ruling: a double shot loaded at set-up is ready in turn 1.
SETUP_READY = True
#: Ruling: the extra pool gives as many counters as the band's pool gave.
EXTRA_COUNT = "same as drawn"
#: Ruling: a side preparing a double shot does not fire continuously.
PREPARING_BLOCKS_CONTINUOUS = True


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "double-shot-preparing": "A double shot was chosen for a side: it lies face up in storage and is loaded next reloading phase.",
        "double-shot-hit": "A double shot within half the ruler: the counters drawn from the second pool.",
    }


@hookimpl(trylast=True)  # after the reloading rule has filled the storage boxes
def sog_game_setup(game: Game) -> None:
    for ship in game.ships():
        for side in SIDES:
            ship.broadsides[side].storage.append(DOUBLE)


def preparing(ship: Any) -> list[str]:
    """The sides of ``ship`` whose double shot lies face up in storage, being prepared."""
    return ship.ext.get(NAME, {}).get("preparing", [])


def within_half(game: Game, band: str | None) -> bool:
    """Is ``band`` a band of the ruler within half its length (ruling ``HALF_RULER``)?"""
    ruler = ruler_of(game)
    return any(b.name == band and b.to <= ruler.length / 2 for b in ruler.bands)


def _side_of(request: DecisionRequest, choices: list[Any]) -> str | None:
    """The broadside a load or continuous-fire request is about: from a choice, else its id."""
    for choice in choices:
        if isinstance(choice, dict) and choice.get("side") in SIDES:
            return choice["side"]
    return next((side for side in SIDES if f".{request.ship}.{side}" in request.id), None)


@hookimpl
@acts_on("load", "continuous-fire")
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """A side preparing a double shot loads only it, and does not fire continuously."""
    if request.ship is None or request.kind not in ("load", "continuous-fire"):
        return None
    side = _side_of(request, choices)
    if side is None or side not in preparing(game.ship(request.ship)):
        return None
    if request.kind == "continuous-fire":
        return [] if PREPARING_BLOCKS_CONTINUOUS else None
    return [c for c in choices if isinstance(c, dict) and c.get("ammunition") == DOUBLE]


@hookimpl(specname="sog_step_resolve", tryfirst=True)  # before the reloading rule loads it
def keep_in_storage(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    """A double shot chosen in a reloading phase stays face up in storage for one more turn.

    The reloading rule loads every answer it receives, so a first-time double-shot answer is
    taken out of ``answers`` here (the list every implementation receives); the second
    time, it is let through and loads normally.
    """
    if step.name != RELOADING:
        return
    for pair in [p for p in answers if p[0].kind == "load" and isinstance(p[1], dict) and p[1].get("ammunition") == DOUBLE]:
        request, answer = pair
        ship = game.ship(request.ship)
        sides = ship.ext.setdefault(NAME, {}).setdefault("preparing", [])
        if answer["side"] in sides:
            sides.remove(answer["side"])
            continue
        sides.append(answer["side"])
        answers.remove(pair)
        game.emit("double-shot-preparing", ship=ship.id, side=answer["side"])


@hookimpl
def sog_attack_modifiers(game: Game, attack: Attack) -> list[AttackModifier]:
    if attack.kind != "artillery" or attack.ammunition != DOUBLE:
        return []
    if within_half(game, attack.band):
        return [AttackModifier(source=DOUBLE)]
    return [AttackModifier(source=f"{DOUBLE}-missed", multiplier=0.0)]


def _attack_event(game: Game, ship_id: str, side: str) -> dict[str, Any] | None:
    """This turn's logged attack of ``ship_id``'s ``side`` (the newest)."""
    for event in reversed(game.log.events):
        if event["turn"] != game.state.turn:
            return None
        data = event["data"]
        if event["kind"] == "attack" and data.get("attacker") == ship_id and data.get("side") == side:
            return event
    return None


@hookimpl(specname="sog_step_resolve", trylast=True)  # after the combat rule has drawn the band's pool
def draw_second_pool(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    """Within half the ruler, the target of a double shot also takes counters from pool A.

    A second ``sog_step_resolve`` implementation (``specname``): this one runs last, when
    the combat rule has drawn the band's pool and logged the attack.
    """
    if step.name != COMBAT:
        return
    hits = game.state.ext.setdefault(COMBAT, {}).setdefault("hits", {})
    for request, answer in answers:
        if request.kind != "fire" or not isinstance(answer, dict) or answer.get("target") is None:
            continue
        side = answer["side"]
        if game.ship(request.ship).broadsides[side].fired != DOUBLE or not within_half(game, answer.get("band")):
            continue
        event = _attack_event(game, request.ship, side)
        if event is None:
            continue
        counters = game.draw(EXTRA_POOL, len(event["data"]["counters"]))
        entry = hits.setdefault(answer["target"], {"counters": [], "attacks": []})
        entry["counters"].extend(c.model_dump() for c in counters)
        game.emit("double-shot-hit", attacker=request.ship, side=side, target=answer["target"], pool=EXTRA_POOL,
                  counters=[c.label() for c in counters])


RULE = sails_rule(NAME, "Double-shot ammunition: two turns to load; within half the ruler the target takes both pools' counters, beyond it nothing.",
            STANDARD_UP, sys.modules[__name__], kind="option", pages="rulebook p. 36")
