"""Placing damage counters on a log (rulebook pp. 18-19): the arithmetic every target shares.

A ship's mat and a coastal battery's log (p. 47: a battery receives damage exactly as a ship,
its fortification rating standing for the burden) are placed alike: a "0" goes to the zero
box; a crew counter on the crew track, one a box, leftmost empty first; a number with a crew
symbol on the hull track and a crew-loss marker on the crew track; numbers highest first, each
in the leftmost hull box that is not full (a box is full at ``capacity`` or more; a counter of
at least ``capacity`` goes alone into the leftmost empty box). The damage rule
(:mod:`sog.plugins.basic.damage`) gives the rulings of the edge cases.
"""

from __future__ import annotations

from sog.state import Counter

from .state import Box
from .tabletop import leftmost_empty

__all__ = ["CREW", "CREW_MARKER", "box_sum", "place_counters", "place_on_crew_track", "place_on_ship_track", "track_summary"]

CREW = "crew"
#: Marker placed on the crew track for a number that shows a crew-loss symbol.
CREW_MARKER = "crew-loss"


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


def place_counters(hull: list[Box], crew_track: list[Box], zero_box: list[Counter], counters: list[Counter],
                   capacity: int) -> None:
    """Place one turn's counters on a log (a ship's or a battery's), exactly as pp. 18-19 say."""
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
    zero_box.extend(zeros)
    zero_box.extend(place_on_crew_track(crew_track, crew, markers))
    zero_box.extend(place_on_ship_track(hull, numbers, capacity))


def track_summary(track: list[Box]) -> list[list[str]]:
    """Each box's contents as labels (counters, then markers), for the log."""
    return [[c.label() for c in box.counters] + list(box.markers) for box in track]
