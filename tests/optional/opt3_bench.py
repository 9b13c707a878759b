"""Helpers for the tests of the Advanced-only optional rules of "Optional rules II" and Advanced boarding.

Built on :mod:`opt2_bench` (its ``make`` fixture and :class:`Bench`), at the Advanced level:

* :func:`plan` scripts the action counters a ship plans (each must be offered; then "done");
* :func:`line_up` puts HMS Terpsichore and the Courageuse base against base, both heading
  north (the Courageuse to the east: her left broadside bears on the Terpsichore), and parks
  the others unless asked for;
* :func:`add_markers` lays fire or water damage markers on a ship track, as the
  special-damage rule does at the start of a turn.

Imported by the test modules (not a conftest: other optional-rule tests share the folder).
"""

from __future__ import annotations

from typing import Any

from opt2_bench import Bench
from sog.plugins.advanced.mat import place_hull_marker, special

#: x of each ship on the line y = 450, heading north: each base touches its neighbours.
LINE = {"terpsichore": 450.0, "courageuse": 493.0, "defence": 536.0, "genereux": 579.0}
#: The Courageuse abeam of HMS Terpsichore, 60 mm of sea between them (short range).
APART = 493.0 + 60.0


def plan(bench: Bench, ship: str, *actions: str, turns: dict[int, list[str]] | None = None) -> None:
    """The ship plans ``actions`` every turn (or ``turns[turn]``), then answers done."""

    def answer(request: Any) -> Any:
        wanted = turns.get(bench.game.state.turn, []) if turns is not None else list(actions)
        planned = bench.ship(ship).ext["crew-actions"]["planned"]
        for action in wanted:
            if action not in planned:
                assert action in request.choices, f"{action} not offered to {ship}: {request.choices}"
                return action
        return None

    bench.script[("action", ship)] = answer


def line_up(make: Any, options: tuple[str, ...], ships: tuple[str, ...] = ("terpsichore", "courageuse"),
            static: bool = True, seed: int = 1, where: dict[str, float] | None = None) -> Bench:
    """An Advanced bench with ``ships`` on the line (``where`` overrides an x), the others parked."""
    bench = make("advanced", options, seed=seed, static=static)
    bench.park(*(s for s in LINE if s not in ships))
    for ship in ships:
        bench.put(ship, (where or {}).get(ship, LINE[ship]), 450.0, 0.0)
    return bench


def add_markers(bench: Bench, ship: str, marker: str, count: int) -> None:
    """Lay ``count`` fire or water damage markers on the ship's track (leftmost empty boxes)."""
    for _ in range(count):
        place_hull_marker(bench.ship(ship).ship_track, marker)


def box(bench: Bench, ship: str) -> dict[str, int]:
    """The ship's Special Damage box."""
    return special(bench.ship(ship))


def fire_at(bench: Bench, ship: str, target: str, side: str = "left", arc: str = "central", aim: str | None = None) -> None:
    """The ship fires ``side`` at ``target`` through ``arc`` (aimed high with ``aim="high"``)."""
    bench.script[("fire", ship, side)] = lambda r: bench.option(r, target, arc, aim=aim)
