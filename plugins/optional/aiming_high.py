"""Aiming high (rulebook p. 37): fire at the masts and rigging — more damage aloft, less to the hull.

**Choosing** (one decision per firing broadside). Only a broadside firing ball, or a double
shot with the Double Shot option, may aim high. Each aimed choice of such a broadside's
``fire`` request (and of its ``continuous-fire`` request, when it fires ball while unloaded)
is offered twice through ``sog_legal_choices``: as it is, and with ``"aim": "high"`` added.
So the attacker picks target, arc and aim in the one secret decision, revealed with every
other fire decision. The combat rules read only the target, side, arc and band of a choice.

**Effect.** The attack is drawn as usual (every modifier, a double shot's second pool too).
When all attacks are drawn (end of the combat step), each counter of an aimed-high broadside
showing an *underlined* number — a leak or a rudder symbol, or 6 points — and each crew-only
counter (a crew symbol with no number) is laid in the target's "0" box and replaced by a new
counter from the same pool (event ``aimed-high``). The target also takes a sail damage for
each leak replaced and a mast damage (a broken mast) for each rudder replaced; these are
applied with the turn's damage, just before its counters are placed (event
``aiming-high-damage``), so that a third broken mast makes it surrender as usual.

p. 37 example: the Courageuse aims high at HMS Terpsichore and draws 2+crew, crew only and
3+leak: the Terpsichore takes a sail damage, and the crew-only and 3+leak counters go to its
"0" box, replaced by two new counters; the 2+crew stays.

Rulings:

* ``DECISION``: aiming high is the ``aim`` field of an aimed fire choice (see above); the
  plain choice stays first, so a bot or person that ignores the field fires normally.
* ``REPLACED_ONCE``: the new counters take effect as drawn, even if they show an underlined
  number or crew only (the text: "in addition to the effects of the new counters drawn").
* ``CONTINUOUS``: a broadside firing ball continuously is "shooting with ball" and may aim
  high too.
* ``EXTRA``: "a damage to the mast" is a broken mast; both extra effects are those of the
  special-damage rule's symbols (sail, mast), through its effect function.
"""

from __future__ import annotations

import sys
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.plugins.system.attacks import HITS_OWNER
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Attack
from sog.plugins.advanced.mat import apply_symbol
from sog.plugins.optional.levels import ADVANCED_ONLY
from sog.plugins.optional.volleys import AIMED_HIGH, claim, volleys
from sog.plugins.system import sails_rule
from sog.state import Counter
from sog.plugins.system.state import SailsShipState

NAME = "aiming-high"
COMBAT, DAMAGE = "combat", "damage"
#: Ruling: the choice field that aims a broadside high, and its value.
DECISION = ("aim", "high")
AIM_KEY, HIGH = DECISION
#: Request kinds whose aimed choices may aim high (ruling ``CONTINUOUS``).
AIMED_KINDS = ("fire", "continuous-fire")
#: Ammunition that may aim high (double shot exists only with its option).
AIMABLE = ("ball", "double-shot")
#: Underlined numbers: counters with these symbols, or with this value.
UNDERLINED_SYMBOLS = ("leak", "rudder")
UNDERLINED_VALUE = 6
CREW = "crew"
#: Ruling: the replacement counters are not replaced again.
REPLACED_ONCE = True
#: Ruling: CONTINUOUS — continuous fire with ball may aim high.
CONTINUOUS = True
#: Ruling: the extra special damage of a replaced symbol (special-damage rule symbols).
EXTRA = {"leak": "sail", "rudder": "mast"}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        AIMED_HIGH: "An aimed-high broadside: the counters laid in the target's 0 box and the new counters drawn instead.",
        "aiming-high-damage": "Extra special damage of aiming high (a sail damage per leak, a broken mast per rudder replaced).",
    }


def _own(game: Game) -> dict[str, Any]:
    return game.state.ext.setdefault(NAME, {"aimed": [], "pending": {}})


def swapped(counter: Counter) -> bool:
    """Does aiming high replace this counter (an underlined number, or crew only)?"""
    return (counter.symbol in UNDERLINED_SYMBOLS or counter.value == UNDERLINED_VALUE
            or (counter.value is None and counter.symbol == CREW))


def _ammunition(game: Game, request: DecisionRequest, choice: dict[str, Any]) -> str | None:
    if request.kind == "continuous-fire":
        return choice.get("ammunition")
    return game.ship(request.ship).broadsides[choice["side"]].loaded


def _aims(choice: Any) -> bool:
    return isinstance(choice, dict) and choice.get("target") is not None and AIM_KEY not in choice


@hookimpl
@acts_on(*AIMED_KINDS)
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Offer every aimed choice of a ball or double-shot broadside a second time, aimed high."""
    if request.kind not in AIMED_KINDS or request.ship is None or (request.kind != "fire" and not CONTINUOUS):
        return None
    result: list[Any] = []
    for choice in choices:
        result.append(choice)
        if _aims(choice) and _ammunition(game, request, choice) in AIMABLE:
            result.append({**choice, AIM_KEY: HIGH})
    return None if len(result) == len(choices) else result


@hookimpl
def sog_turn_begin(game: Game) -> None:
    _own(game).update(aimed=[], pending={})


@hookimpl
@acts_at(COMBAT)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    """Note the broadsides that aim high (their attacks are drawn by the combat rules)."""
    if step.name != COMBAT:
        return
    for request, answer in answers:
        if request.kind in AIMED_KINDS and isinstance(answer, dict) and answer.get(AIM_KEY) == HIGH \
                and answer.get("target") is not None:
            _own(game)["aimed"].append([request.ship, answer["side"]])


@hookimpl
@acts_at(COMBAT)
def sog_step_end(game: Game, step: Step) -> None:
    """Every attack is drawn: swap the aimed-high broadsides' underlined and crew-only counters."""
    if step.name != COMBAT:
        return
    own = _own(game)
    aimed, own["aimed"] = own["aimed"], []
    hits = game.state.ext.get(HITS_OWNER, {}).get("hits", {})
    fired = volleys(game)
    taken: dict[str, set[int]] = {}
    plans = []
    for ship_id, side in aimed:
        volley = fired.get((ship_id, side))
        if volley is None or volley["target"] not in hits or volley["target"] not in game.state.ships:
            continue
        target = volley["target"]
        pile = hits[target]["counters"]
        positions = [i for i in claim(pile, volley["counters"], taken.setdefault(target, set()))
                     if swapped(Counter.model_validate(pile[i]))]
        plans.append((ship_id, side, target, positions, [Counter.model_validate(pile[i]) for i in positions]))
    for target in taken:  # take every swapped counter out of its pile, then draw the new ones
        gone = {i for _, _, t, positions, _ in plans if t == target for i in positions}
        hits[target]["counters"] = [c for i, c in enumerate(hits[target]["counters"]) if i not in gone]
    for ship_id, side, target, _, out in plans:
        _replace(game, ship_id, side, target, out, hits[target]["counters"])


def _replace(game: Game, ship_id: str, side: str, target: str, out: list[Counter], pile: list[dict[str, Any]]) -> None:
    """Lay ``out`` in the target's 0 box, draw as many new counters, note the extra damage."""
    ship = game.ship(target)
    ship.zero_box.extend(out)
    drawn = [c for counter in out for c in game.draw(counter.pool, 1)]
    pile.extend(c.model_dump() for c in drawn)
    extra = [EXTRA[c.symbol] for c in out if c.symbol in EXTRA]
    _own(game)["pending"].setdefault(target, []).extend(extra)
    game.emit(AIMED_HIGH, attacker=ship_id, side=side, target=target, replaced=[c.label() for c in out],
              drawn=[c.label() for c in drawn], extra=extra)


@hookimpl(tryfirst=True)
def sog_apply_damage(game: Game, ship: SailsShipState, counters: list[Counter], attacks: list[Attack]) -> None:
    """Before the turn's counters are placed: the extra sail and mast damage of aiming high."""
    step = game.step
    if step is None or step.name != DAMAGE:
        return None
    for symbol in _own(game)["pending"].pop(ship.id, []):
        effect = apply_symbol(game, ship, symbol)
        game.emit("aiming-high-damage", ship=ship.id, symbol=symbol, effect=effect)
    return None


RULE = sails_rule(NAME, "A ball or double-shot broadside may aim high: underlined and crew-only counters go to the 0 box and are "
            "drawn again; a replaced leak adds a sail damage, a replaced rudder a broken mast.",
            ADVANCED_ONLY, sys.modules[__name__], kind="option", requires=("special-damage",), pages="rulebook p. 37")
