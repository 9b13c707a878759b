"""Builders for the tests of terrain's effects on movement (rulebook pp. 43-45), imported by
the tests and by their conftest (a module of its own: ``conftest`` is a name every test
folder has).

Fixtures and builders for the tests of terrain's effects on movement (rulebook pp. 43-45).

Every test plays *Enemy in Sight!* (HMS Terpsichore and HMS Defence against Courageuse and
Généreux) on a library with a few test terrain elements (squares of ``SIDE`` mm: a reef, a
shoal, a rocky island, a sandy coast), puts them on the table with
:func:`sog.plugins.system.terrain_table.add_placement`, and drives the real steps with a
:class:`TerrainBench`: ``bench(level, options, seed)``; the ships the test does not use are
parked in the far corners.

The Courageuse (burden 3, base 43 x 90 mm) sailing north from ``START`` with the straight card
``A-1`` moves 123.5 mm: her bow goes from y = 345 to y = 468.5.
"""

from __future__ import annotations

from typing import Any

from sog import testing
from sog.decisions import DecisionRequest
from sog.plugins.system import bench as sails_bench
from sog.plugins.system.content_terrain import TerrainElement, TerrainPlacement
from sog.plugins.system.terrain_table import add_placement

SCENARIO = "enemy-in-sight"
SIDE = 100.0
#: Where the Courageuse starts: heading north (0), her bow at y = 345.
START = (450.0, 300.0, 0.0)
#: The straight card of deck A, and the y her bow reaches with it.
STRAIGHT = "A-1"
#: Deck A's other straight card (the same line), planned in slot 2 after ``STRAIGHT``.
TWIN = "A-2"
BOW_AFTER_STRAIGHT = 468.5
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}
ELEMENTS = {
    "test-reef": {"element": "reef"},
    "test-shoal": {"element": "shoal"},
    "test-island": {"element": "island", "coastline": "rocky", "danger": "ruler-width"},
    "test-coast": {"element": "coast", "coastline": "sandy", "danger": "red"},
}


def _element(element_id: str, fields: dict[str, Any]) -> TerrainElement:
    h = SIDE / 2
    return TerrainElement.model_validate({
        "kind": "terrain", "id": element_id, "name": element_id.replace("-", " "),
        "outline": [[-h, -h], [h, -h], [h, h], [-h, h]], "provenance": {"outline": "estimate (a test square)"}, **fields,
    })


DEFAULTS: dict[str, testing.Chooser] = {
    **sails_bench.DEFAULTS,
    "sails": lambda r: "battle",
    "repair": lambda r: r.choices[0],
    "action": lambda r: None,
}


class TerrainBench(testing.Bench):
    """A game of Enemy in Sight! with test terrain, driven by a script."""

    defaults = DEFAULTS
    parking = PARKING

    def place(self, placement_id: str, element: str, x: float, y: float, heading: float = 0.0, **overrides: Any) -> None:
        """Put a test element on the table with its centre at ``(x, y)``."""
        add_placement(self.game, TerrainPlacement(id=placement_id, element=element, x=x, y=y, heading=heading, **overrides))

    def only(self, ship_id: str, x: float, y: float, heading: float) -> None:
        """Put ``ship_id`` at ``(x, y, heading)`` and park every other ship."""
        self.park(*[s for s in PARKING if s != ship_id])
        self.put(ship_id, x, y, heading)

    def steer(self, ship_id: str, card: str) -> None:
        """Plan ``card`` for ``ship_id`` whenever it plans (in slot 2 after itself: its twin)."""
        twin = {STRAIGHT: TWIN}.get(card, card)

        def pick(request: DecisionRequest) -> str:
            return card if card in request.choices else twin  # slot 2 may not repeat slot 1

        self.script[("plan", ship_id)] = pick
        self.script[("plan-first", ship_id)] = card

    def moved(self, ship_id: str, turn: int) -> dict[str, Any]:
        (event,) = self.events("ship-moved", turn, ship=ship_id)
        return event["data"]

    def plans_asked(self, ship_id: str) -> list[DecisionRequest]:
        return [r for r in self.asked if r.kind in ("plan", "plan-first") and r.ship == ship_id]
