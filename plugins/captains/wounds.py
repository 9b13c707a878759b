"""Captain wounds (USS Constitution pack): a captain may be wounded or killed as the crew falls.

Once half of a ship's crew casualty boxes are filled, at the end of the combat phase of any
turn in which the ship took at least one crew casualty, four damage counters are drawn for
its captain: three showing the crew casualty symbol wound him, four kill him, anything else
does nothing. The counters go straight back to their pool; the ship takes no damage.

* **Wounded.** The abilities with the captain icon suffer. If the captain has abilities
  usable twice per game, each loses a use (ruling ``WOUNDED_TWICE``); if he has none, the
  seat discards one of his unused abilities (decision ``wound-discard``; none unused:
  nothing happens). A wounded captain wounded again is dead.
* **Dead.** Every ability with the captain icon is discarded at once; no more draws.

The captain's status is kept with the cards (:mod:`.cards`, ``ship.ext["abilities"]``);
this rule keeps, in ``ship.ext["captain-wounds"]``, the crew track as the turn found it (to
tell this turn's casualties) and a discard the seat still owes.

Rulings:

* ``WOUND_POOL``, ``WOUND_DRAW`` (R13): the four counters come from pool A; a crew-only
  counter and a number with the crew symbol both show the crew casualty symbol.
* ``HALF_CREW``: "half of the crew casualty boxes" is covered boxes × 2 ≥ boxes (5 of 9).
* ``CASUALTY``: a crew casualty this turn is a counter on the crew track that was not there
  when the turn began, or more crew-loss markers than then (the damage rule lays a crew
  counter in a box, and a marker for a number or a 0 showing the symbol).
* ``END_OF_COMBAT``: the end of the combat phase is after the damage step and the boarding
  fights (step order 560), before reloading.
* ``WOUNDED_TWICE``: the text's two sentences read as one rule: every twice-per-game
  ability with the captain icon that is not discarded loses one use — an unused one is
  turned sideways ("none used → all used once"), a sideways one is discarded ("used once
  → discarded").
* ``CAPTAIN_ABILITIES``: "the captain's abilities" are the ship's abilities with the
  captain icon, whichever card carries them; "has abilities usable twice" counts only those
  not yet discarded.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.state import SailsShipState

from . import cards

NAME = "captain-wounds"
KIND = "wound-discard"
STEP = Step("captain-wounds", 560, "A captain whose ship lost crew this turn, half its crew boxes filled, may be wounded.")
#: Ruling R13: the pool the captain's counters come from, and how many.
WOUND_POOL = "A"
WOUND_DRAW = 4
#: The crew casualty symbol, and the marker the damage rule lays for a number showing it.
CREW, CREW_MARKER = "crew", "crew-loss"
#: How many crew symbols among the four wound the captain, and kill him.
WOUNDED_AT, DEAD_AT = 3, 4
#: Ruling: half the crew boxes are filled when covered boxes × this ≥ boxes.
HALF_CREW = 2
#: Ruling: a casualty this turn is a new counter on the crew track or a new crew-loss marker.
CASUALTY = "new crew counter or marker since the turn began"
#: Ruling: the draw comes after the damage step (500) and boarding (550): the end of combat.
END_OF_COMBAT = STEP.order
#: Ruling: wounded, every twice-per-game captain-icon ability not discarded loses one use.
WOUNDED_TWICE = "each loses one use"
#: Ruling: the captain's abilities are the ship's captain-icon abilities, any card's.
CAPTAIN_ABILITIES = "captain icon"


def carries_a_captain(game: Game) -> bool:
    """Does any ship of the game carry a captain?"""
    return any(ship.attached.get(cards.CAPTAIN) for ship in game.state.ships.values())


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle when no ship carries a captain (they are attached at set-up)."""
    return not carries_a_captain(game)


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    return [STEP] if carries_a_captain(game) else []


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {KIND: "A wounded captain with no twice-per-game ability: choose which unused captain-icon ability to discard."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "captain-wound-draw": "Four counters drawn for a ship's captain (they go back at once): how many show the crew "
                              "symbol, and what it does (none, wounded, dead).",
        "captain-wounded": "A ship's captain is wounded: the abilities with the captain icon suffer.",
        "captain-killed": "A ship's captain is dead: every ability with the captain icon is discarded.",
    }


def _alive(ship: SailsShipState) -> dict[str, Any] | None:
    captain = cards.captain_of_ship(ship)
    return captain if captain is not None and captain["status"] != cards.DEAD else None


def _crew_tokens(ship: SailsShipState) -> tuple[list[list[Any]], int]:
    """The counters on the crew track (``[pool, index]``) and the crew-loss markers there."""
    counters = [[c.pool, c.index] for box in ship.crew_track for c in box.counters]
    return counters, sum(box.markers.count(CREW_MARKER) for box in ship.crew_track)


@hookimpl
def sog_turn_begin(game: Game) -> None:
    """Note each living captain's crew track as the turn finds it (ruling ``CASUALTY``)."""
    for ship in game.ships():
        if _alive(ship) is not None:
            counters, markers = _crew_tokens(ship)
            ship.ext[NAME] = {"crew": counters, "markers": markers}


def casualty_this_turn(ship: SailsShipState) -> bool:
    """Did the ship take a crew casualty since the turn began?"""
    before = ship.ext.get(NAME, {"crew": [], "markers": 0})
    counters, markers = _crew_tokens(ship)
    return any(c not in before["crew"] for c in counters) or markers > before["markers"]


def half_crew_filled(ship: SailsShipState) -> bool:
    """Are at least half of the crew track's boxes covered (ruling ``HALF_CREW``)?"""
    return sum(box.covered for box in ship.crew_track) * HALF_CREW >= len(ship.crew_track)


def _captain_cards(ship: SailsShipState, game: Game) -> list[dict[str, Any]]:
    return [c for c in cards.cards_of(ship) if c["state"] != cards.DISCARDED and cards.document(game, c).captain_icon]


def wound(game: Game, ship: SailsShipState) -> None:
    """The captain is wounded (or dead, if he was wounded already)."""
    captain = cards.captain_of_ship(ship)
    assert captain is not None
    if captain["status"] == cards.WOUNDED:
        kill(game, ship)
        return
    cards.set_status(ship, cards.WOUNDED)
    game.emit("captain-wounded", ship=ship.id, captain=captain["id"])
    icons = _captain_cards(ship, game)
    twice = [c for c in icons if c["uses"] == 2]
    for card in twice:
        cards.lose_use(game, ship, card, "captain wounded")
    if not twice and any(c["state"] == cards.READY for c in icons):
        ship.ext.setdefault(NAME, {})["discard"] = True


def kill(game: Game, ship: SailsShipState) -> None:
    """The captain is dead: every captain-icon ability is discarded."""
    captain = cards.captain_of_ship(ship)
    assert captain is not None
    cards.set_status(ship, cards.DEAD)
    ship.ext.get(NAME, {}).pop("discard", None)
    game.emit("captain-killed", ship=ship.id, captain=captain["id"])
    for card in _captain_cards(ship, game):
        cards.discard(game, ship, card, "captain dead")


def draw_for_captain(game: Game, ship: SailsShipState) -> None:
    """Draw the four counters for the captain, put them back, and apply the result."""
    counters = game.draw(WOUND_POOL, WOUND_DRAW)
    game.pools.put_back(counters)
    crew = sum(1 for c in counters if c.symbol == CREW)
    result = "dead" if crew >= DEAD_AT else "wounded" if crew == WOUNDED_AT else "none"
    captain = cards.captain_of_ship(ship)
    assert captain is not None
    if result == "wounded" and captain["status"] == cards.WOUNDED:
        result = "dead"
    game.emit("captain-wound-draw", ship=ship.id, captain=captain["id"], counters=[c.label() for c in counters],
              crew=crew, result=result)
    if result == "dead":
        kill(game, ship)
    elif result == "wounded":
        wound(game, ship)


@hookimpl
@acts_at(STEP)
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name != STEP.name or WOUND_POOL not in game.state.pools:
        return
    for ship in game.ships():
        if _alive(ship) is not None and half_crew_filled(ship) and casualty_this_turn(ship):
            draw_for_captain(game, ship)


def _unused(game: Game, ship: SailsShipState) -> list[dict[str, Any]]:
    return [c for c in _captain_cards(ship, game) if c["state"] == cards.READY]


@hookimpl
@acts_at(STEP)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != STEP.name or game.state.step_round > 0:
        return []
    requests = []
    for ship in game.ships():
        unused = _unused(game, ship)
        if ship.ext.get(NAME, {}).get("discard") and unused:
            requests.append(game.make_request(
                rule=NAME, kind=KIND, seat=ship.seat, ship=ship.id,
                prompt=f"{ship.name}: the captain is wounded; discard which of his unused abilities?",
                choices=[c["key"] for c in unused], labels=[cards.document(game, c).name for c in unused],
            ))
    return requests


@hookimpl
@acts_at(STEP)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name != STEP.name:
        return
    for request, answer in answers:
        if request.rule != NAME or request.kind != KIND:
            continue
        ship = game.ship(request.ship)
        ship.ext[NAME].pop("discard", None)
        card = next(c for c in cards.cards_of(ship) if c["key"] == answer)
        cards.discard(game, ship, card, "captain wounded")


@hookimpl
@acts_at(STEP)
def sog_step_end(game: Game, step: Step) -> None:
    """A discard owed with nothing left to discard is void."""
    if step.name == STEP.name:
        for ship in game.state.ships.values():
            ship.ext.get(NAME, {}).pop("discard", None)


def _name(game: Game, ship_id: str) -> str:
    return game.state.ships[ship_id].name


LINES = {
    "captain-wound-draw": lambda g, d: (f"  {_name(g, d['ship'])}'s captain: {' '.join(d['counters'])}, "
                                        f"{d['crew']} crew — {'no effect' if d['result'] == 'none' else d['result']}"),
    "captain-wounded": lambda g, d: f"  {_name(g, d['ship'])}'s captain is wounded",
    "captain-killed": lambda g, d: f"  {_name(g, d['ship'])}'s captain is dead: his abilities are discarded",
}


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    line = LINES.get(event["kind"])
    return None if line is None else line(game, event["data"])
