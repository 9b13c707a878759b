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
from sog.plugins.system.attacks import take_hits
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Attack
from sog.plugins.system.tabletop import leftmost_empty
from sog.state import Counter
from sog.plugins.system.state import Box, SailsShipState, track_covered

RULE = "damage"
STEP = Step("damage", 500, "Place the damage drawn this turn; ships with a covered track surrender.")
CREW = "crew"
#: Marker placed on the crew track for a number that shows a crew-loss symbol.
CREW_MARKER = "crew-loss"


@hookimpl
def sog_turn_steps() -> list[Step]:
    return [STEP]


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"damage-applied": "Counters placed on a ship's log; both tracks and the zero box after placement."}


def box_sum(box: Box) -> int:
    """Total of the numbers in a box."""
    return sum(c.value or 0 for c in box.counters)


def place_on_ship_track(track: list[Box], value_counters: list[Counter], burden: int) -> list[Counter]:
    """Place numbered counters (highest first) on the ship track; return those that found no box."""
    homeless: list[Counter] = []
    for counter in sorted(value_counters, key=lambda c: -(c.value or 0)):
        if (counter.value or 0) >= burden:
            index = leftmost_empty(track)
        else:
            index = next((i for i, box in enumerate(track) if not box.full), None)
        if index is None:
            homeless.append(counter)
            continue
        box = track[index]
        box.counters.append(counter)
        if box_sum(box) >= burden:
            box.full = True
    return homeless


def place_on_crew_track(track: list[Box], counters: list[Counter], markers: int) -> list[Counter]:
    """Crew counters then crew-loss markers, one per box; return counters that found no box."""
    homeless: list[Counter] = []
    for counter in counters:
        index = leftmost_empty(track)
        if index is None:
            homeless.append(counter)
        else:
            track[index].counters.append(counter)
    for _ in range(markers):
        index = leftmost_empty(track)
        if index is not None:
            track[index].markers.append(CREW_MARKER)
    return homeless


def place_damage(ship: SailsShipState, counters: list[Counter], burden: int) -> None:
    """Place one turn's counters on a ship's log, exactly as pp. 18-19 say."""
    zeros, crew, numbers, markers = [], [], [], 0
    for c in counters:
        if c.value == 0 or (c.value is None and c.symbol != CREW):
            zeros.append(c)
            markers += c.symbol == CREW
        elif c.value is None:
            crew.append(c)
        else:
            numbers.append(c)
            markers += c.symbol == CREW
    ship.zero_box.extend(zeros)
    ship.zero_box.extend(place_on_crew_track(ship.crew_track, crew, markers))
    ship.zero_box.extend(place_on_ship_track(ship.ship_track, numbers, burden))


def track_summary(track: list[Box]) -> list[list[str]]:
    """Each box's contents as labels (counters, then markers), for the log."""
    return [[c.label() for c in box.counters] + list(box.markers) for box in track]


@hookimpl
def sog_apply_damage(game: Game, ship: SailsShipState, counters: list[Counter], attacks: list[Attack]) -> bool:
    place_damage(ship, counters, game.ship_doc(ship).burden)
    game.emit("damage-applied", ship=ship.id, counters=[c.label() for c in counters],
              ship_track=track_summary(ship.ship_track), crew_track=track_summary(ship.crew_track),
              zero_box=[c.label() for c in ship.zero_box])
    return True


@hookimpl
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
