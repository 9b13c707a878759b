"""Builders for the tests of batteries in combat (rulebook pp. 46-48), imported by the tests
(a module of its own name: ``conftest`` is a name every test folder has).

Every test plays ``enemy-in-sight-battery`` of the test pack: the French battery ``fort``
(log ``test-fort``: fortification rating 2, four damage boxes, three crew boxes) stands on an
island whose southern coast runs at about y = 625; turned to heading 180, its arc ``left``
fires from the red dot (480, 650) between bearings 120 and 210, its arc ``right`` from
(420, 650) between 150 and 240. A :class:`BatteryBench` parks the ships a test does not use in
the far corners and answers the battery's requests by the script (``("battery-fire", None)``)
or its defaults: hold fire, no musketry, ball, no action.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sog import testing
from sog.packs.loader import load_library
from sog.plugins.system import bench as sails_bench
from sog.setup import new_game

PACK = Path(__file__).parent / "pack"
SCENARIO = "enemy-in-sight-battery"
LEFT_DOT, RIGHT_DOT = (480.0, 650.0), (420.0, 650.0)
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}
#: A British ship south of the fort, beam on (heading east): both arcs reach it in the short band.
SOUTH = (450.0, 560.0, 90.0)
#: The same, within the red band of the left arc's dot.
CLOSE = (450.0, 600.0, 90.0)

DEFAULTS: dict[str, testing.Chooser] = {
    **sails_bench.DEFAULTS,
    "sails": lambda r: "battle",
    "repair": lambda r: r.choices[0],
    "action": lambda r: None,
}

_LIBRARY: list[Any] = []


def library() -> Any:
    """The test pack's library, loaded once."""
    if not _LIBRARY:
        _LIBRARY.append(load_library([PACK]))
    return _LIBRARY[0]


class BatteryBench(testing.Bench):
    """A game under the test fort, driven by a script."""

    defaults = DEFAULTS
    parking = PARKING

    def only(self, *placed: tuple[str, tuple[float, float, float]]) -> None:
        """Put these ships where given and park every other ship."""
        ids = [ship_id for ship_id, _ in placed]
        self.park(*[s for s in PARKING if s not in ids])
        for ship_id, (x, y, heading) in placed:
            self.put(ship_id, x, y, heading)

    def record(self, battery_id: str = "fort") -> dict[str, Any]:
        """The battery's record in the game state."""
        return next(r for r in self.game.state.ext["batteries"]["placed"] if r["id"] == battery_id)

    def battery_requests(self, kind: str) -> list[Any]:
        return [r for r in self.game.pending() if r.kind == kind]


def bench(level: str = "basic", seed: int = 1, options: tuple[str, ...] = (), static: bool = True) -> BatteryBench:
    """A new game under the fort at ``level`` (its first turn not begun); ``static`` blocks the
    movement rule, so the ships stay where a test puts them."""
    return BatteryBench(new_game(SCENARIO, library=library(), level=level, seed=seed, add_options=list(options),
                                 blocked=["movement"] if static else []))
