"""Damage (rulebook pp. 18-19) and surrender.

After all attacks of the turn are drawn, each damaged ship places its counters:

* a "0" goes to the ship's zero box;
* a crew-loss counter goes on the crew track, one per box, leftmost empty box first;
* a number with a crew-loss symbol goes on the ship track, and a crew-loss marker on the
  crew track;
* other symbols are ignored (the number counts) — later rules give them meaning;
* numbers are placed highest first, each in the leftmost ship box that is not full; a box
  is full when its counters add up to the burden or more; a counter at least equal to the
  burden goes alone into the leftmost completely empty box, which is then full. Earlier
  boxes that are not full still take later counters.

A ship whose ship track or crew track is entirely covered surrenders and leaves the table;
its counters, zeros included, go back to their pools (so do those of a ship that leaves
the table).

Rulings (engine's reading, documented in RULES-NOTES or here):
* R2 — an empty pool is refilled with the zero-box counters of that pool from every ship.
* A "0" that also shows a crew symbol goes to the zero box *and* adds a crew-loss marker.
* A counter with no number and a symbol other than crew counts as a "0" (zero box).
* A counter that finds no box (its track already covered) goes to the zero box.
"""

from __future__ import annotations


from sog import hookimpl
from sog.dispatch import acts_at
from sog.plugins.system.attacks import take_hits
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Attack
from sog.state import Counter
from sog.plugins.system.damage_placing import CREW_MARKER, place_counters, track_summary
from sog.plugins.system.state import SailsShipState, track_covered

__all__ = ["CREW_MARKER", "place_damage", "track_summary"]

RULE = "damage"
STEP = Step("damage", 500, "Place the damage drawn this turn; ships with a covered track surrender.")


@hookimpl
def sog_turn_steps() -> list[Step]:
    return [STEP]


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"damage-applied": "Counters placed on a ship's log; both tracks and the zero box after placement."}


def place_damage(ship: SailsShipState, counters: list[Counter], burden: int) -> None:
    """Place one turn's counters on a ship's log, exactly as pp. 18-19 say."""
    place_counters(ship.ship_track, ship.crew_track, ship.zero_box, counters, burden)


@hookimpl
def sog_apply_damage(game: Game, ship: SailsShipState, counters: list[Counter], attacks: list[Attack]) -> bool:
    place_damage(ship, counters, game.ship_doc(ship).burden)
    game.emit("damage-applied", ship=ship.id, counters=[c.label() for c in counters],
              ship_track=track_summary(ship.ship_track), crew_track=track_summary(ship.crew_track),
              zero_box=[c.label() for c in ship.zero_box])
    return True


@hookimpl
@acts_at(STEP)
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name != STEP.name:
        return
    hits = take_hits(game, game.state.ships)
    for ship_id, (counters, attacks) in hits.items():
        game.hook.sog_apply_damage(game=game, ship=game.ship(ship_id), counters=counters, attacks=attacks)
    for ship_id in hits:
        ship = game.ship(ship_id)
        if ship.in_play and (track_covered(ship.ship_track) or track_covered(ship.crew_track)):
            game.remove_ship(ship_id, "surrendered")


@hookimpl
def sog_ship_removed(game: Game, ship: SailsShipState, reason: str) -> None:
    """Every counter on the ship's log and zero box goes back to its pool."""
    returned: list[Counter] = list(ship.zero_box)
    ship.zero_box.clear()
    for box in ship.ship_track + ship.crew_track:
        returned.extend(box.counters)
        box.counters.clear()
    game.pools.put_back(returned)


@hookimpl
def sog_pool_exhausted(game: Game, pool: str) -> None:
    """Ruling R2: the zero boxes' counters of this pool, from every ship, go back to it."""
    for ship in game.state.ships.values():
        back = [c for c in ship.zero_box if c.pool == pool]
        if back:
            ship.zero_box[:] = [c for c in ship.zero_box if c.pool != pool]
            game.pools.put_back(back)
