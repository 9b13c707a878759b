"""A bench for the tests of automatic fire, reloading and actions (solitaire play, pp. 49-50).

Ship games are *Enemy in Sight!* on a static table (movement blocked) with the option
``solitaire`` on and HMS Defence automatic: :func:`ship_game`. Defence is put at (450, 450)
heading north (:data:`DEFENCE`), so its right broadside faces east; a French ship abeam at an edge-to-edge gap ``g`` (:func:`abeam`) is
reached by the central arc at ``g`` mm: 0-50 the red band, 50-100 the rest of the first half,
100-200 the second half. Battery games are the battery test pack's ``enemy-in-sight-battery``
with the French battery ``fort`` automatic: :func:`battery_game`.

:class:`FireBench` answers every other request by the system's defaults (hold fire, ball, the
first card, no action) and records every request answered (``asked``), so a test can check
that none was about the automatic piece. Imported by its unique name (never through a conftest).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sog import testing
from sog.decisions import DecisionRequest
from sog.packs.loader import load_library
from sog.plugins.batteries.log import subject_of
from sog.plugins.system import bench as sails_bench
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
AUTOMATIC = "defence"
LEVELS = ("basic", "standard", "advanced")
DEFENCE = (450.0, 450.0, 0.0)
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}
BATTERY_PACK = Path(__file__).parent.parent / "batteries" / "pack"
BATTERY_SCENARIO = "enemy-in-sight-battery"
FORT = "fort"
#: A British ship south of the fort, beam on: both arcs reach it in the short band.
SOUTH = (450.0, 560.0, 90.0)
#: Within the red band of the fort's left arc.
CLOSE = (450.0, 600.0, 90.0)

DEFAULTS: dict[str, testing.Chooser] = {
    **sails_bench.DEFAULTS,
    "sails": lambda r: "battle",
    "repair": lambda r: r.choices[0],
    "action": lambda r: None,
    "continuous-fire": lambda r: None,
}

_LIBRARY: list[Any] = []


def battery_library() -> Any:
    """The battery test pack's library, loaded once."""
    if not _LIBRARY:
        _LIBRARY.append(load_library([BATTERY_PACK]))
    return _LIBRARY[0]


def abeam(gap: float, y: float = 450.0, heading: float = 0.0) -> tuple[float, float, float]:
    """A pose east of Defence (at :data:`DEFENCE`), parallel to it, ``gap`` mm from its right side."""
    return (450.0 + 43.0 + gap, y, heading)


def about(request: DecisionRequest, piece: str) -> bool:
    """Is ``request`` about ``piece`` (a ship, or a battery: the subject of its id)?"""
    return request.ship == piece or (request.ship is None and subject_of(request) == piece)


class FireBench(testing.Bench):
    """A solitaire game driven by the defaults; ``asked`` keeps every request answered."""

    defaults = DEFAULTS
    fallback = staticmethod(lambda r: r.choices[0])
    parking = PARKING

    def only(self, poses: dict[str, tuple[float, float, float]]) -> None:
        """Put these ships where given and park every other ship."""
        self.park(*[s for s in PARKING if s not in poses])
        for ship_id, pose in poses.items():
            self.put(ship_id, *pose)

    def logged_about(self, piece: str) -> list[dict[str, Any]]:
        """Every answer in the log's ``decisions`` events that is about ``piece``."""
        found = []
        for event in self.game.log.of_kind("decisions"):
            for answer in event["data"]["answers"]:
                parts = answer["id"].split(".")
                if piece in parts[3:]:
                    found.append(answer)
        return found

    def record(self, battery_id: str = FORT) -> dict[str, Any]:
        return next(r for r in self.game.state.ext["batteries"]["placed"] if r["id"] == battery_id)

    def attacks(self, turn: int | None = None, attacker: str | None = None) -> list[dict[str, Any]]:
        return [e["data"] for e in self.events("attack", turn) if attacker is None or e["data"]["attacker"] == attacker]


def ship_game(level: str = "basic", *, options: tuple[str, ...] = (), seed: int = 1, static: bool = True,
              automatic: tuple[str, ...] = (AUTOMATIC,), settings: dict[str, Any] | None = None) -> FireBench:
    """Enemy in Sight! with these ships automatic, on a static table unless ``static`` is false
    (``settings``: of the options, by rule)."""
    return FireBench(new_game(SCENARIO, level=level, add_options=["solitaire", *options], seed=seed,
                              settings={"solitaire": {"automatic": list(automatic)}, **(settings or {})},
                              blocked=["movement"] if static else []))


def battery_game(level: str = "basic", *, options: tuple[str, ...] = (), seed: int = 1, static: bool = True) -> FireBench:
    """The battery pack's scenario with the fort automatic."""
    return FireBench(new_game(BATTERY_SCENARIO, library=battery_library(), level=level, seed=seed,
                              add_options=["solitaire", *options], settings={"solitaire": {"automatic": [FORT]}},
                              blocked=["movement"] if static else []))
