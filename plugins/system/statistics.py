"""What a Sails of Glory ship did in a game, in numbers: the ``sog_ship_statistics`` hook.

``sog simulate`` asks each ship's figures once a game is over. A ship that leaves the table
gives its counters back to the pools, so its mat no longer shows what it took: the figures
are read from the game's log instead, where every rule that damages a ship says so.

- ``damage_taken``: the numbers of the counters placed on the ship (``damage-applied``
  events: fire, collisions, reefs, explosions, boarding, ...);
- ``crew_hits_taken``: how many of them showed the crew symbol;
- ``damage_dealt`` and ``crew_hits_dealt``: the same of the counters drawn by the ship's own
  attacks (``attack`` events with it as attacker), whatever the target (ship, battery,
  building), before any effect of the target's that sets counters aside.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.pools import counter_table
from sog.state import Counter, ShipState

from sog.plugins.system.damage_placing import CREW

__all__ = ["FIGURES", "sog_ship_statistics"]

#: The figures of every ship, in the order they are reported.
FIGURES = ("damage_dealt", "damage_taken", "crew_hits_dealt", "crew_hits_taken")


def _counters_by_label(game: Game) -> dict[str, Counter]:
    """Every counter of the game's pools by its label (the log names counters by label)."""
    return {c.label(): c for pool in game.state.pools for c in counter_table(game.content, pool)}


def _add(figures: dict[str, float], labels: list[str], known: dict[str, Counter], suffix: str) -> None:
    for label in labels:
        counter = known.get(label)
        if counter is None:
            continue
        figures[f"damage_{suffix}"] += counter.value or 0
        figures[f"crew_hits_{suffix}"] += counter.symbol == CREW


@hookimpl
def sog_ship_statistics(game: Game, ship: ShipState) -> dict[str, float]:
    """Damage dealt and taken by ``ship`` over the game (see the module's docstring)."""
    figures: dict[str, float] = dict.fromkeys(FIGURES, 0)
    known = _counters_by_label(game)
    for event in game.log.events:
        kind, data = event["kind"], event["data"]
        if kind == "attack" and data.get("attacker") == ship.id:
            _add(figures, _labels(data), known, "dealt")
        elif kind == "damage-applied" and data.get("ship") == ship.id:
            _add(figures, _labels(data), known, "taken")
    return figures


def _labels(data: dict[str, Any]) -> list[str]:
    return [label for label in data.get("counters") or [] if isinstance(label, str)]
