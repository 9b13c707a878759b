"""What the terrain does to a ship's hull (rulebook pp. 44-45); shared by the terrain rules, not a rule.

What: striking a reef (damage counters from pool A, ruling R14, as many as the burden, twice
as many for land) and running aground (the ``aground`` rule's state, ``ship.ext["aground"]``).
The reefs, shoals and coasts rules call these when a ship met their hazards; the ``aground``
rule then keeps the ship where it is.

Rulings:

* ``REEF_POOL`` (R14): reef and coast damage counters come from pool A.
* ``REEF_SYMBOLS``: with the Advanced rules only the leak and rudder symbols of reef counters
  take effect; every other symbol (the crew symbol too: "only the damage number is applied")
  is dropped. At Basic and Standard the counters apply whole.
* ``REEF_POINTS``: the damage points are the numbers on the counters; those from reefs and
  from rocky coastlines' dangerous waters (treated as reefs) add up over the turn; more than
  the burden grounds the ship.
* ``ONE_STRIKE``: each hazard met strikes once (a ship stopped at first contact meets one).
"""

from __future__ import annotations

from typing import Any

from sog.game import Game
from sog.plugins.system.state import SailsShipState, track_covered

__all__ = ["AGROUND", "ONE_STRIKE", "REEF_POINTS", "REEF_POOL", "REEF_SYMBOLS", "aground", "run_aground", "strike", "strike_reef"]

#: The aground rule's name and the key of its state in ``ship.ext``.
AGROUND = "aground"
#: Ruling R14: the pool of reef and coast damage counters.
REEF_POOL = "A"
#: Ruling: the symbols of reef counters that count with the Advanced rules.
REEF_SYMBOLS = ("leak", "rudder")
#: Ruling: what counts towards "more damage points from reefs than its burden in one turn".
REEF_POINTS = "numbers on reef and rocky-coast counters, per turn"
#: Ruling: one strike per hazard met.
ONE_STRIKE = True
#: Where the reef points of the turn are kept (``ship.ext``).
POINTS_KEY = "reef-points"


def aground(ship: SailsShipState) -> dict[str, Any] | None:
    """The ship's aground record (``on``: the effects it ran aground by, ``hazards``, ``turn``), or ``None``."""
    return ship.ext.get(AGROUND)


def strike(game: Game, ship: SailsShipState, hazard: str, times: int = 1) -> int:
    """``ship`` hits a reef (or land: ``times=2``): it draws ``times`` × burden counters from
    pool A, placed by the damage rules (Advanced: ruling ``REEF_SYMBOLS``); returns the reef
    points of this turn so far (ruling ``REEF_POINTS``, land not counted)."""
    burden = int(game.ship_doc(ship).burden)
    counters = game.draw(REEF_POOL, times * burden)
    if game.state.level == "advanced":
        counters = [c if c.symbol in REEF_SYMBOLS or c.symbol is None else c.model_copy(update={"symbol": None})
                    for c in counters]
    own = ship.ext.setdefault(POINTS_KEY, {"turn": game.state.turn, "points": 0})
    if own["turn"] != game.state.turn:
        own.update(turn=game.state.turn, points=0)
    points = sum(c.value or 0 for c in counters)
    if times == 1:
        own["points"] += points
    game.emit("reef-strike", ship=ship.id, hazard=hazard, pool=REEF_POOL, counters=[c.label() for c in counters],
              points=points, turn_points=own["points"], burden=burden)
    if counters:
        game.hook.sog_apply_damage(game=game, ship=ship, counters=counters, attacks=[])
    if ship.in_play and (track_covered(ship.ship_track) or track_covered(ship.crew_track)):
        game.remove_ship(ship.id, "surrendered", cause="reef")
    return int(own["points"])


def strike_reef(game: Game, ship: SailsShipState, hazard: str) -> None:
    """``ship`` hits a reef (or a rocky coastline's waters): one :func:`strike`; more reef
    points this turn than its burden and it runs aground."""
    if strike(game, ship, hazard) > int(game.ship_doc(ship).burden) and ship.in_play:
        run_aground(game, ship, "reef", hazard)


def run_aground(game: Game, ship: SailsShipState, on: str, hazard: str) -> None:
    """``ship`` runs aground (``on``: ``"reef"``, ``"shoal"`` or ``"land"``): it never moves
    again and its planned cards are discarded (the aground rule keeps it so)."""
    record = ship.ext.get(AGROUND)
    if record is not None:
        if on not in record["on"]:
            record["on"].append(on)
            record["hazards"].append(hazard)
        return
    discarded = sum(card is not None for card in ship.planned)
    ship.planned = [None] * len(ship.planned)
    ship.ext[AGROUND] = {"on": [on], "hazards": [hazard], "turn": game.state.turn}
    game.refresh_idle_rules()  # the aground rule is idle with no terrain and no ship aground
    game.emit("ran-aground", ship=ship.id, on=on, hazard=hazard, discarded=discarded)
