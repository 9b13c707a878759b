"""A bench for the buildings tests: the test scenario ``outpost-test`` (tests/buildings/pack),
ships put where a test needs them, turns driven by hand with forced draws.

The outpost (Small island 1's building, 40 x 30 mm) stands at (480, 1035) on the island placed
at (450, 1000); :data:`FIRING` is a pose of HMS Terpsichore 98.5 mm south of it, broadside on
(its left broadside faces north), her base clear of the island: the short band of the ruler, pool B.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sog import testing
from sog.decisions import DecisionRequest

PACK = Path(__file__).parent / "pack"
SCENARIO = "outpost-test"
#: HMS Terpsichore's pose to fire her left broadside at the outpost.
FIRING = (480.0, 900.0, 90.0)
#: Far places where a ship is out of everybody's reach (and the outpost's).
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 600.0, 180.0),
    "genereux": (840.0, 600.0, 180.0),
}


class OutpostBench(testing.Bench):
    """A game of the test scenario being driven by hand."""

    parking = PARKING

    def submit(self, request: DecisionRequest, answer: Any) -> None:
        self.game.submit(request.seat, request.id, answer)

    def plan(self) -> None:
        """Run to this turn's fire decisions, planning the first legal card for every ship."""
        self.game.advance()
        while self.pending() and not self.pending("fire"):
            for r in self.game.pending():
                self.submit(r, r.choices[0])
            self.game.advance()

    def fire_request(self, ship: str, side: str) -> DecisionRequest | None:
        """The open fire request of one broadside, or ``None``."""
        found = [r for r in self.pending("fire", ship) if r.id.split(".")[3:5] == [ship, side]]
        return found[0] if found else None

    def option(self, request: DecisionRequest, target: str) -> dict[str, Any]:
        """The one choice of a fire request aiming at ``target``."""
        found = [c for c in request.choices if c is not None and c["target"] == target]
        assert len(found) == 1, f"{request.id}: no single option for {target} in {request.choices}"
        return found[0]

    def resolve(self, answers: dict[tuple[str, ...], Any] | None = None) -> None:
        """Answer every open request (``("fire", ship, side)`` or ``("musketry", ship)`` as
        given, the others with their first choice: hold fire), then advance."""
        answers = dict(answers or {})
        for r in self.game.pending():
            key = (r.kind, r.ship, r.id.split(".")[4]) if r.kind == "fire" else (r.kind, r.ship)
            self.submit(r, answers.pop(key, r.choices[0]))
        assert not answers, f"no open request for {sorted(answers)}"
        self.game.advance()

    def fire_at_outpost(self, draws: list[tuple[int | None, str | None]], side: str = "left", pool: str = "B") -> None:
        """One turn: HMS Terpsichore fires her ``side`` broadside at the outpost, drawing ``draws``
        (forced, one counter a gun), everybody else holding fire. At :data:`FIRING` her left
        broadside faces the outpost; turned to heading 270, her right one."""
        self.plan()
        request = self.fire_request("terpsichore", side)
        assert request is not None, f"HMS Terpsichore's {side} broadside is not asked"
        self.stack(pool, draws)
        self.resolve({("fire", "terpsichore", side): self.option(request, "outpost")})

    def ready(self) -> None:
        """HMS Terpsichore at :data:`FIRING`, every other ship parked."""
        self.put("terpsichore", *FIRING)
        self.park("defence", "courageuse", "genereux")

    def record(self) -> dict[str, Any]:
        """The outpost's record."""
        (record,) = self.game.state.ext["buildings"]["placed"]
        return record
