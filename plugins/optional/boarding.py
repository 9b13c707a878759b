"""Boarding with the Basic and Standard rules (rulebook pp. 37-39): grapple, then fight hand to hand.

**Declaring.** At the start of each planning phase (step ``boarding-declaration``, before
any card is planned), every ship in play whose base touches an enemy's secretly chooses
its Boarding or its Blank counter (decision ``boarding``); all are revealed together. A ship
touching several enemies still picks one counter; if it picked Boarding it then declares
which of them it tries to grapple (decision ``grapple``), one ship at a time, the ship with
the lowest crew (the number on its card) first, ties broken by more crew losses, then at
random. Each pair of ships in contact is then settled on its own:

* both try to grapple each other: they are grappled;
* neither: nothing happens;
* only one: two ships touching only each other shuffle the Boarding and the Blank counter
  and draw one (Boarding = grappled); when either touches other enemies too, an E counter
  is drawn as a randomizer (crew symbol = grappled, "0" = not; it goes back at once, R8).

**Grappled ships do not move.** With Basic rules they plan no card (the ``plan`` request is
withdrawn); with Standard (and Advanced) rules the card they reveal is discarded without
effect and they still plan next turn's card as usual.

**Fighting** (step ``boarding``, after the damage of artillery and musketry has been placed
and before reloading). Each grappled pair in which neither ship surrendered to fire fights:
each ship inflicts as many E counters (R9) as its burden, one pair of counters at a time
whose effects are applied together; the ship with the higher burden draws its remaining
counters last. The fight stops as soon as a ship surrenders. Two ships never eliminate each
other: if one pair of counters would make both surrender, a random one of the two surrenders
and the other's counter is taken back (R10). Ships still grappled stay so until the next
planning phase, where the declaration is made again.

**Multiple boardings.** A ship grappled with several enemies declares, before each of its
counters, which of them it attacks (decision ``boarding-target``, declared one ship at a
time in the order above); it may take counters from all of them. Each ship still draws
exactly its burden in counters, one per round.

Rulings:

* Base contact and the randomizer are those of :mod:`sog.plugins.optional.shared` (ruling
  ``CONTACT_TOLERANCE``: edges at most 0.5 mm apart; ruling R8: an E counter, crew symbol =
  it happens, put back at once), the same for every optional rule.
* ``ONE_SIDED``: the shuffle of Boarding and Blank (p. 37) for two ships touching only each
  other; the E randomizer (p. 39, "multiple boardings") when either touches other enemies.
* R9 ``POOL``: boarding counters are E counters.
* R10 ``SPARED``: of two ships that would surrender to the same pair of counters, one chosen
  at random surrenders; the other's log is put back as it was before that pair and its
  counter returns to the pool.
* ``FIGHT_STEP_ORDER``: the fight comes after the damage step (the text: after artillery and
  musketry, if neither ship surrendered to them) and before reloading.
* ``ADVANCED``: with Advanced rules this module runs the same procedure as with Standard
  rules (declaration before planning, cards discarded, simultaneous counters).
"""

from __future__ import annotations

import copy
import dataclasses
import sys
from typing import Any

from sog import hookimpl
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Move, Step
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.optional.shared import covered, in_contact, randomizer
from sog.rules import Rule
from sog.state import Counter, ShipState

NAME = "boarding"
DECLARE = Step("boarding-declaration", 90, "Ships touching an enemy choose Boarding or Blank, secretly; grapples are settled.")
FIGHT = Step("boarding", 550, "Grappled ships that did not surrender to fire fight hand to hand.")
BOARDING, BLANK = "boarding", "blank"
#: Ruling R9: the pool boarding counters are drawn from.
POOL = "E"
#: Ruling: how a one-sided grapple is drawn (see the module docstring).
ONE_SIDED = {"alone": "shuffle Boarding and Blank", "multiple": "E randomizer"}
#: Ruling R10: which ship surrenders when both would; the other is spared.
SPARED = "random one surrenders, the other's last counter goes back"
#: Ruling: the fight's place in the turn (after damage 500, before reloading 600).
FIGHT_STEP_ORDER = FIGHT.order
#: Ruling: the Advanced level uses the Standard procedure.
ADVANCED = "standard procedure"


@hookimpl
def sog_turn_steps() -> list[Step]:
    return [DECLARE, FIGHT]


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
        "boarding-round": "One round of a boarding fight: the counter each ship drew and whom it hit.",
        "boarding-spared": "Ruling R10: both ships would surrender; this one is spared and its last counter goes back.",
        "boarding-target": "A ship grappled with several enemies chose whom its next counter hits.",
    }


def _own(game: Game) -> dict[str, Any]:
    return game.state.ext.setdefault(NAME, {"grappled": []})


def contacts(game: Game) -> list[list[str]]:
    """Pairs of enemy ships in play whose bases touch, in scenario order."""
    ships = game.ships()
    return [[a.id, b.id] for i, a in enumerate(ships) for b in ships[i + 1:] if a.side != b.side and in_contact(game, a, b)]


def grappled(game: Game) -> list[list[str]]:
    """The grappled pairs (this turn's, until the next declaration)."""
    return game.state.ext.get(NAME, {}).get("grappled", [])


def is_grappled(game: Game, ship_id: str) -> bool:
    return any(ship_id in pair for pair in grappled(game))


def _partners(pairs: list[list[str]], ship_id: str) -> list[str]:
    return [o for pair in pairs if ship_id in pair for o in pair if o != ship_id]


def surrenders(ship: ShipState) -> bool:
    """Is either track of the ship entirely covered?"""
    return covered(ship.ship_track) or covered(ship.crew_track)


def declaration_order(game: Game, ship_ids: list[str], ties: list[str] | None = None) -> list[str]:
    """Lowest crew first, then more crew losses, then ``ties`` order (else at random)."""
    def key(sid: str) -> tuple[int, int]:
        ship = game.ship(sid)
        return (int(game.ship_doc(ship).crew), -sum(box.covered for box in ship.crew_track))

    ordered: list[str] = []
    for k in sorted({key(s) for s in ship_ids}):
        group = [s for s in ship_ids if key(s) == k]
        if ties is not None:
            group.sort(key=ties.index)
        elif len(group) > 1:
            game.rng.shuffle(group)
        ordered.extend(group)
    return ordered


# --------------------------------------------------------------------------- declaring


@hookimpl
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name == DECLARE.name:
        own = _own(game)
        own["grappled"] = []
        pairs = contacts(game)
        own["declaration"] = {"contacts": pairs, "choices": {}, "targets": {}, "queue": None} if pairs else None
    elif step.name == FIGHT.name:
        _start_fight(game)


@hookimpl
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    own = game.state.ext.get(NAME, {})
    if step.name == DECLARE.name and own.get("declaration"):
        return _declaration_requests(game, own["declaration"])
    if step.name == FIGHT.name and own.get("fight") and own["fight"]["waiting"]:
        ship = game.ship(own["fight"]["waiting"])
        foes = _live_partners(game, ship.id)
        return [game.make_request(rule=NAME, kind="boarding-target", seat=ship.seat, ship=ship.id, choices=foes,
                                  prompt=f"{ship.name}: which grappled enemy does the next boarding counter hit?")]
    return []


def _declaration_requests(game: Game, decl: dict[str, Any]) -> list[DecisionRequest]:
    if decl["queue"] is None:
        ids = sorted({s for pair in decl["contacts"] for s in pair}, key=list(game.state.ships).index)
        return [game.make_request(rule=NAME, kind="boarding", seat=game.ship(s).seat, ship=s, choices=[BOARDING, BLANK],
                                  prompt=f"{game.ship(s).name} touches an enemy: Boarding or Blank counter?")
                for s in ids if s not in decl["choices"]]
    if decl["queue"]:
        ship = game.ship(decl["queue"][0])
        return [game.make_request(rule=NAME, kind="grapple", seat=ship.seat, ship=ship.id,
                                  choices=_partners(decl["contacts"], ship.id),
                                  prompt=f"{ship.name}: which enemy in contact do you try to grapple?")]
    return []


@hookimpl
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    own = game.state.ext.get(NAME, {})
    mine = [(r, a) for r, a in answers if r.rule == NAME]
    if step.name == FIGHT.name and own.get("fight"):
        for request, answer in mine:
            own["fight"]["targets"][request.ship] = answer
            own["fight"]["waiting"] = None
            game.emit("boarding-target", ship=request.ship, target=answer)
        _fight(game)
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
    if decl["queue"] is None:
        boarders = [s for s, c in decl["choices"].items() if c == BOARDING]
        for s in boarders:
            foes = _partners(decl["contacts"], s)
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
        elif len(_partners(pairs, a)) == 1 and len(_partners(pairs, b)) == 1:
            drawn = game.rng.choice([BOARDING, BLANK])  # ruling ONE_SIDED: "alone"
            held = drawn == BOARDING
        else:
            held, drawn = randomizer(game)  # ruling ONE_SIDED: "multiple"
        if held:
            _own(game)["grappled"].append([a, b])
        game.emit("grapple-settled", ships=[a, b], tried=wants, drawn=drawn, grappled=held)


# --------------------------------------------------------------------------- no movement


@hookimpl
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Basic rules: a grappled ship plans no maneuver (its planning request is withdrawn)."""
    if request.kind == "plan" and request.ship and game.state.level == "basic" and is_grappled(game, request.ship):
        return []
    return None


@hookimpl
def sog_modify_movement(game: Game, ship: ShipState, move: Move) -> Move | None:
    """A grappled ship does not move: the card it reveals is discarded without effect."""
    if move.card is None or not is_grappled(game, ship.id):
        return None
    game.emit("grappled-held", ship=ship.id, card=move.card)
    return dataclasses.replace(move, card=None, line=None, colour=None)


# --------------------------------------------------------------------------- fighting


def _live_partners(game: Game, ship_id: str) -> list[str]:
    return [o for o in _partners(grappled(game), ship_id) if game.ship(o).in_play]


def _start_fight(game: Game) -> None:
    """Keep the pairs where neither ship surrendered to fire, and fight them."""
    own = _own(game)
    own["grappled"] = [p for p in own["grappled"] if all(game.ship(s).in_play for s in p)]
    own["fight"] = None
    if not own["grappled"]:
        return
    ships = sorted({s for p in own["grappled"] for s in p}, key=list(game.state.ships).index)
    ties = list(ships)
    if any(len(_partners(own["grappled"], s)) > 1 for s in ships):
        game.rng.shuffle(ties)  # random order among equal crews, fixed for the whole fight
    own["fight"] = {"ships": ships, "drawn": {s: 0 for s in ships}, "round": 0, "targets": {}, "waiting": None, "ties": ties}
    _fight(game)


def _fight(game: Game) -> None:
    """Draw rounds until a target must be declared (then wait) or nobody has counters left."""
    own = _own(game)
    fight = own["fight"]
    while True:
        active = [s for s in fight["ships"] if game.ship(s).in_play and _live_partners(game, s)
                  and fight["drawn"][s] < int(game.ship_doc(game.ship(s)).burden)]
        if not active:
            own["fight"] = None
            own["grappled"] = [p for p in own["grappled"] if all(game.ship(s).in_play for s in p)]
            return
        for s in active:
            foes = _live_partners(game, s)
            if len(foes) == 1:
                fight["targets"][s] = foes[0]
        waiting = [s for s in declaration_order(game, active, fight["ties"]) if s not in fight["targets"]]
        if waiting:
            fight["waiting"] = waiting[0]
            return
        _round(game, fight, active)


def _round(game: Game, fight: dict[str, Any], active: list[str]) -> None:
    """One counter for each active ship, applied together; then surrenders (with R10)."""
    fight["round"] += 1
    targets = dict(fight["targets"])
    fight["targets"] = {}
    received: dict[str, list[Counter]] = {}
    draws = []
    for s in active:
        fight["drawn"][s] += 1
        counters = game.draw(POOL, 1)
        received.setdefault(targets[s], []).extend(counters)
        draws.append({"ship": s, "target": targets[s], "counter": counters[0].label() if counters else None})
    game.emit("boarding-round", round=fight["round"], draws=draws)
    before = {t: (copy.deepcopy(game.ship(t).ship_track), copy.deepcopy(game.ship(t).crew_track), list(game.ship(t).zero_box))
              for t in received}
    for t in sorted(received, key=list(game.state.ships).index):
        if received[t]:
            game.hook.sog_apply_damage(game=game, ship=game.ship(t), counters=received[t], attacks=[])
    falling = [t for t in sorted(received, key=list(game.state.ships).index) if surrenders(game.ship(t))]
    for a in list(falling):
        b = targets.get(a)
        if a in falling and b in falling and targets.get(b) == a:  # ruling R10: never both
            spared = game.rng.choice([a, b])
            ship = game.ship(spared)
            ship.ship_track, ship.crew_track, ship.zero_box = before[spared]
            game.pools.put_back(received[spared])
            falling.remove(spared)
            game.emit("boarding-spared", ship=spared, other=a if spared == b else b,
                      counters=[c.label() for c in received[spared]])
    for t in falling:
        game.remove_ship(t, "surrendered", cause=NAME)


RULE = Rule(NAME, "Ships in base contact may grapple (secret Boarding/Blank); grappled ships do not move and trade burden-many E counters after fire.",
            ALL_LEVELS, sys.modules[__name__], kind="option", pages="rulebook pp. 37-39")
