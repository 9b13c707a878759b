"""Boarding (rulebook pp. 37-40): grapple, then fight hand to hand; with the Basic, Standard and Advanced rules.

**Declaring** (Basic and Standard rules). At the start of each planning phase (step
``boarding-declaration``, before any card is planned), every ship in play whose base touches
an enemy's secretly chooses its Boarding or its Blank counter (decision ``boarding``); all
are revealed together. A ship touching several enemies still picks one counter; if it
picked Boarding it then declares which of them it tries to grapple (decision ``grapple``),
one ship at a time, the ship with the lowest crew (the number on its card) first, ties
broken by more crew losses, then at random. Each pair of ships in contact is then settled
on its own:

* both try to grapple each other: they are grappled;
* neither: nothing happens;
* only one: two ships touching only each other shuffle the Boarding and the Blank counter
  and draw one (Boarding = grappled); when either touches other enemies too, an E counter
  is drawn as a randomizer (crew symbol = grappled, "0" = not; it goes back at once, R8).

**Declaring with Advanced rules** (p. 39). Boarding is an action counter (``boarding``) of
every ship's set, planned like the others and revealed with them; it is legal
(``sog_available_actions``) for a ship whose base touches an enemy's. The declaration comes at
the end of the planning phase, once the actions are revealed (``boarding-declaration`` after
the action step, before movement): only a ship that planned the action chooses Boarding or
Blank (it may still choose Blank); the others show Blank. Grapples are then settled as above.
A Boarding action of a ship touching no enemy at the declaration has no effect (p. 29: an
illegal action may be planned): the event ``action-illegal`` says so.

**Grappled ships do not move.** With Basic rules they plan no card (the ``plan`` request is
withdrawn); with Standard and Advanced rules the card they reveal is discarded without
effect and they still plan next turn's card as usual. With the Entanglement option, a ship
moves only when it is neither grappled nor entangled (p. 40): each rule holds the ships it
binds (``sog_modify_movement``), so a ship held by either does not move.

**Fighting** (step ``boarding``, after the damage of artillery and musketry has been placed
and before reloading): see :mod:`sog.plugins.optional.boarding_fight` — each ship inflicts
its burden in E counters, one per round; with Advanced rules a ship that planned the Boarding
action against one that did not first inflicts one E counter, and its counters are applied
before the enemy's. Ships still grappled stay so until the next declaration.

Rulings:

* Base contact and the randomizer are those of :mod:`sog.plugins.optional.shared` (ruling
  ``CONTACT_TOLERANCE``: edges at most 0.5 mm apart; ruling R8: an E counter, crew symbol =
  it happens, put back at once), the same for every optional rule.
* ``ONE_SIDED``: the shuffle of Boarding and Blank (p. 37) for two ships touching only each
  other; the E randomizer (p. 39, "multiple boardings") when either touches other enemies.
* ``FIGHT_STEP_ORDER``: the fight comes after the damage step (the text: after artillery and
  musketry, if neither ship surrendered to them) and before reloading.
* ``ADVANCED_DECLARATION``: with Advanced rules the declaration step comes after the action
  step (200) and before movement (300), so grapples formed hold the ships this very turn.
* ``ACTION_OFFERED``: the Boarding action is legal for ships whose base touches an enemy's
  when they plan (nothing moves between planning and the declaration); every ship may plan
  its counter (Advanced rules).
* R9, R10, ``ADVANTAGE``, ``FIRST``: see :mod:`sog.plugins.optional.boarding_fight`.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Move
from sog.plugins.advanced.mat import ILLEGAL_EVENT, give_counters, reject
from sog.plugins.optional import boarding_fight as fight
from sog.plugins.optional.boarding_fight import ACTION, declaration_order, grappled, live_partners, partners
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.optional.shared import in_contact, randomizer
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState

NAME = fight.NAME
DECLARE = Step("boarding-declaration", 90, "Ships touching an enemy choose Boarding or Blank, secretly; grapples are settled.")
#: Ruling: the declaration step with Advanced rules (after the action step, before movement).
ADVANCED_DECLARATION = Step("boarding-declaration", 250,
                            "Ships that planned Boarding choose Boarding or Blank; grapples are settled.")
FIGHT = Step("boarding", 550, "Grappled ships that did not surrender to fire fight hand to hand.")
BOARDING, BLANK = "boarding", "blank"
#: Ruling: how a one-sided grapple is drawn (see the module docstring).
ONE_SIDED = {"alone": "shuffle Boarding and Blank", "multiple": "E randomizer"}
#: Ruling: the fight's place in the turn (after damage 500, before reloading 600).
FIGHT_STEP_ORDER = FIGHT.order
#: Ruling: the Boarding action is legal for ships touching an enemy at planning.
ACTION_OFFERED = "base contact with an enemy"


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    return [ADVANCED_DECLARATION if game.state.level == "advanced" else DECLARE, FIGHT]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {
        "boarding": "A ship touching an enemy secretly picks its Boarding or its Blank counter.",
        "grapple": "A ship that picked Boarding and touches several enemies declares which one it tries to grapple.",
        "boarding-target": "A ship grappled with several enemies declares which one its next boarding counter hits.",
    }


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "grapple-declared": "A ship that picked Boarding declared which enemy in contact it tries to grapple.",
        "grapple-settled": "A pair of ships in contact: who tried to grapple, any draw, and whether they are grappled.",
        "grappled-held": "A grappled ship does not move: its revealed card is discarded.",
        "boarding-round": "Counters of a boarding fight drawn and applied together: the counter each ship drew and whom it hit.",
        "boarding-spared": "Ruling R10: both ships would surrender; this one is spared and its last counter goes back.",
        "boarding-target": "A ship grappled with several enemies chose whom its next counter hits.",
        "boarding-advantage": "Advanced rules: a ship without the Boarding action, grappled by one with it, "
                              "receives an E counter first.",
        **ILLEGAL_EVENT,
    }


def contacts(game: Game) -> list[list[str]]:
    """Pairs of enemy ships in play whose bases touch, in scenario order."""
    ships = game.ships()
    return [[a.id, b.id] for i, a in enumerate(ships) for b in ships[i + 1:] if a.side != b.side and in_contact(game, a, b)]


def is_grappled(game: Game, ship_id: str) -> bool:
    return any(ship_id in pair for pair in grappled(game))


# --------------------------------------------------------------------------- declaring


@hookimpl
def sog_game_setup(game: Game) -> None:
    """Advanced rules: every ship has a Boarding action counter (p. 28)."""
    if game.state.level == "advanced":
        for ship in game.ships(in_play=False):
            give_counters(ship, [ACTION])


@hookimpl
def sog_available_actions(game: Game, ship: SailsShipState) -> list[str]:
    """Advanced rules: the Boarding action is legal for a ship whose base touches an enemy's."""
    touching = any(s.side != ship.side and in_contact(game, ship, s) for s in game.ships() if s.id != ship.id)
    return [ACTION] if touching else []


@hookimpl
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name == DECLARE.name:
        own = fight.own(game)
        own["grappled"] = []
        pairs = contacts(game)
        own["declaration"] = {"contacts": pairs, "choices": {}, "targets": {}, "queue": None} if pairs else None
        if game.state.level == "advanced":
            touching = {s for pair in pairs for s in pair}
            for ship in game.ships():
                if ACTION in ship.actions and ship.id not in touching:
                    reject(game, ship, ACTION, "no enemy in base contact")
        if pairs and game.state.level == "advanced":  # only a ship with the Boarding action chooses
            for s in {s for pair in pairs for s in pair}:
                if ACTION not in game.ship(s).actions:
                    own["declaration"]["choices"][s] = BLANK
            _progress(game)
    elif step.name == FIGHT.name:
        fight.start(game)


@hookimpl
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    own = game.state.ext.get(NAME, {})
    if step.name == DECLARE.name and own.get("declaration"):
        return _declaration_requests(game, own["declaration"])
    if step.name == FIGHT.name and own.get("fight") and own["fight"]["waiting"]:
        ship = game.ship(own["fight"]["waiting"])
        return [game.make_request(rule=NAME, kind="boarding-target", seat=ship.seat, ship=ship.id,
                                  choices=live_partners(game, ship.id),
                                  prompt=f"{ship.name}: which grappled enemy does the next boarding counter hit?")]
    return []


def _ids(game: Game, decl: dict[str, Any]) -> list[str]:
    return sorted({s for pair in decl["contacts"] for s in pair}, key=list(game.state.ships).index)


def _declaration_requests(game: Game, decl: dict[str, Any]) -> list[DecisionRequest]:
    if decl["queue"] is None:
        return [game.make_request(rule=NAME, kind="boarding", seat=game.ship(s).seat, ship=s, choices=[BOARDING, BLANK],
                                  prompt=f"{game.ship(s).name} touches an enemy: Boarding or Blank counter?")
                for s in _ids(game, decl) if s not in decl["choices"]]
    if decl["queue"]:
        ship = game.ship(decl["queue"][0])
        return [game.make_request(rule=NAME, kind="grapple", seat=ship.seat, ship=ship.id,
                                  choices=partners(decl["contacts"], ship.id),
                                  prompt=f"{ship.name}: which enemy in contact do you try to grapple?")]
    return []


@hookimpl
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    own = game.state.ext.get(NAME, {})
    mine = [(r, a) for r, a in answers if r.rule == NAME]
    if step.name == FIGHT.name and own.get("fight"):
        for request, answer in mine:
            fight.resume(game, request.ship, answer)
        if not mine:
            fight.fight(game)
        return
    decl = own.get("declaration")
    if step.name != DECLARE.name or not decl:
        return
    for request, answer in mine:
        if request.kind == "boarding":
            decl["choices"][request.ship] = answer
        elif request.kind == "grapple":
            decl["targets"][request.ship] = answer
            decl["queue"].remove(request.ship)
            game.emit("grapple-declared", ship=request.ship, target=answer)
    _progress(game)


def _progress(game: Game) -> None:
    """Once every counter is chosen, queue the grapple declarations; settle when none is left."""
    own = fight.own(game)
    decl = own["declaration"]
    if decl["queue"] is None:
        if any(s not in decl["choices"] for s in _ids(game, decl)):
            return
        boarders = [s for s in _ids(game, decl) if decl["choices"][s] == BOARDING]
        for s in boarders:
            foes = partners(decl["contacts"], s)
            if len(foes) == 1:
                decl["targets"][s] = foes[0]
        decl["queue"] = declaration_order(game, [s for s in boarders if s not in decl["targets"]])
    if not decl["queue"]:
        _settle(game, decl)
        own["declaration"] = None


def _settle(game: Game, decl: dict[str, Any]) -> None:
    """Decide each pair in contact: grappled when both try, drawn for when one does."""
    pairs = decl["contacts"]
    for a, b in pairs:
        wants = [s for s, o in ((a, b), (b, a)) if decl["targets"].get(s) == o]
        drawn: str | None = None
        if len(wants) == 2:
            held = True
        elif not wants:
            held = False
        elif len(partners(pairs, a)) == 1 and len(partners(pairs, b)) == 1:
            drawn = game.rng.choice([BOARDING, BLANK])  # ruling ONE_SIDED: "alone"
            held = drawn == BOARDING
        else:
            held, drawn = randomizer(game)  # ruling ONE_SIDED: "multiple"
        if held:
            fight.own(game)["grappled"].append([a, b])
        game.emit("grapple-settled", ships=[a, b], tried=wants, drawn=drawn, grappled=held)


# --------------------------------------------------------------------------- no movement


@hookimpl
@acts_on("plan")
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Basic rules: a grappled ship plans no maneuver (its planning request is withdrawn)."""
    if request.kind == "plan" and request.ship and game.state.level == "basic" and is_grappled(game, request.ship):
        return []
    return None


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """A grappled ship does not move: the card it reveals is discarded without effect."""
    if move.card is None or not is_grappled(game, ship.id):
        return None
    game.emit("grappled-held", ship=ship.id, card=move.card)
    return dataclasses.replace(move, card=None, line=None, colour=None)


RULE = sails_rule(NAME, "Ships in base contact may grapple (secret Boarding/Blank; a planned action with Advanced rules); grappled "
            "ships do not move and trade burden-many E counters after fire.",
            ALL_LEVELS, sys.modules[__name__], kind="option", pages="rulebook pp. 37-40")
