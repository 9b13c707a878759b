"""The system's bot, ``captain``: sails at the nearest enemy (clear of friends), fires
whenever it can, fights fires with every man, grapples and boards only the weaker, and cuts
loose from a friend, or from an enemy at least as strong.

It decides from the seat's view alone (the ships' poses, crews and guns are open at this
table) and from the request's legal answers, so it never makes an illegal move; a request
it does not know is answered with a random legal answer. Its own generator (seeded per seat
by the core) breaks ties, never the game's, so replays roll the same dice.

The system declares it first in :attr:`sog.systems.GameSystem.bots`, so ``sog play`` seats
it by default.
"""

from __future__ import annotations

import math
from typing import Any

from sog.geometry import bearing, heading_vector, normalize_relative
from sog.rng import Rng

from .units import INCH

__all__ = ["CaptainBot"]

#: Closer than this (mm) the captain turns to bring a broadside to bear instead of closing.
BROADSIDE_RANGE = 6 * INCH
#: Nearer an edge than this (mm) the captain steers for the table's centre.
EDGE_MARGIN = 4 * INCH
#: How far ahead (mm) the captain looks for the table's edge: a whole move.
LOOK_AHEAD = 12 * INCH
#: A friendly ship nearer than this (mm) and within FRIEND_CONE degrees of the bow is steered clear of.
FRIEND_CLEARANCE = 8 * INCH
FRIEND_CONE = 35.0
#: Men the captain sets to throw grapples (they take no part in the melee).
GRAPPLERS = 3


def _xy(ship: dict[str, Any]) -> tuple[float, float]:
    return (ship["pose"]["x"], ship["pose"]["y"])


def _men(ship: dict[str, Any]) -> int:
    crew = ship["crew"]
    return int(crew["sailors"] + crew["marines"] + crew["officers"])


def _strength(ship: dict[str, Any]) -> int:
    """Melee points before the die: sailors 1, marines and officers 2."""
    crew = ship["crew"]
    return int(crew["sailors"] + 2 * (crew["marines"] + crew["officers"]))


class CaptainBot:
    """A plain-sailing captain (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, stream=11)

    # ------------------------------------------------------------------ reading the view
    def _me(self, view: dict[str, Any], request: Any) -> dict[str, Any] | None:
        return view.get("ships", {}).get(request.ship) if request.ship else None

    def _enemies(self, view: dict[str, Any], me: dict[str, Any]) -> list[dict[str, Any]]:
        return [s for s in view.get("ships", {}).values()
                if s.get("status") == "in-play" and s.get("side") != me.get("side")]

    def _nearest(self, view: dict[str, Any], me: dict[str, Any], ships_only: bool = True) -> dict[str, Any] | None:
        enemies = self._enemies(view, me)
        if ships_only:
            enemies = [s for s in enemies if s.get("battery") is None] or enemies
        return min(enemies, key=lambda s: math.dist(_xy(me), _xy(s)), default=None)

    def _random(self, request: Any) -> Any:
        return request.option(self._rng.randbelow(request.count()))

    # ------------------------------------------------------------------ deciding
    def decide(self, seat_view: Any, request: Any) -> Any:
        """Answer ``request`` from ``seat_view`` (a :class:`sog.seats.SeatView`, or its data)."""
        view = seat_view if isinstance(seat_view, dict) else seat_view.data
        me = self._me(view, request)
        handler = getattr(self, "_" + request.kind.replace("-", "_"), None)
        if me is None or handler is None:
            return self._random(request)
        answer = handler(view, request, me)
        return answer if request.allows(answer) else self._random(request)

    def _wanted_heading(self, view: dict[str, Any], me: dict[str, Any]) -> float | None:
        x, y = _xy(me)
        table = view.get("table", {})
        width, height = table.get("width", 0.0), table.get("height", 0.0)
        if width and (x < EDGE_MARGIN or y < EDGE_MARGIN or x > width - EDGE_MARGIN or y > height - EDGE_MARGIN):
            return bearing((x, y), (width / 2, height / 2))
        enemy = self._nearest(view, me)
        if enemy is None:
            return None
        to_enemy = bearing((x, y), _xy(enemy))
        if math.dist((x, y), _xy(enemy)) > BROADSIDE_RANGE:
            return to_enemy
        heading = me["pose"]["heading"]
        abeam = [to_enemy - 90, to_enemy + 90]
        return min(abeam, key=lambda h: abs(normalize_relative(h - heading)))

    def _fouls_a_friend(self, view: dict[str, Any], me: dict[str, Any], heading: float) -> bool:
        """Whether sailing on ``heading`` heads for a friendly ship near by (a collision
        entangles friends as surely as enemies)."""
        for other in view.get("ships", {}).values():
            if other is me or other.get("status") != "in-play" or other.get("side") != me.get("side"):
                continue
            near = math.dist(_xy(me), _xy(other)) <= FRIEND_CLEARANCE
            if near and abs(normalize_relative(bearing(_xy(me), _xy(other)) - heading)) <= FRIEND_CONE:
                return True
        return False

    def _helm(self, view: dict[str, Any], request: Any, me: dict[str, Any]) -> Any:
        turns = [c for c in request.choices if isinstance(c, (int, float)) and not isinstance(c, bool)]
        wanted = self._wanted_heading(view, me)
        if not turns or wanted is None:
            return self._random(request)
        heading = me["pose"]["heading"]
        if "tack" in request.choices and all(self._runs_ashore(view, me, heading + t) for t in turns):
            return "tack"  # through the wind and away from the edge
        return min(turns, key=lambda t: (self._fouls_a_friend(view, me, heading + t),
                                         self._runs_ashore(view, me, heading + t),
                                         abs(normalize_relative(heading + t - wanted)), abs(t)))

    def _runs_ashore(self, view: dict[str, Any], me: dict[str, Any], heading: float) -> bool:
        """Whether a whole move on ``heading`` would end near or off an edge (in a corner a
        ship forced to make her half move may find no way out)."""
        table = view.get("table", {})
        width, height = table.get("width", 0.0), table.get("height", 0.0)
        if not width:
            return False
        dx, dy = heading_vector(heading)
        x, y = me["pose"]["x"] + dx * LOOK_AHEAD, me["pose"]["y"] + dy * LOOK_AHEAD
        return not (EDGE_MARGIN <= x <= width - EDGE_MARGIN and EDGE_MARGIN <= y <= height - EDGE_MARGIN)

    def _anchoring(self, view: dict[str, Any], request: Any, me: dict[str, Any]) -> Any:
        for wanted in ("sail", "slip"):
            if wanted in request.choices:
                return wanted
        return request.option(0)

    def _sail_distance(self, view: dict[str, Any], request: Any, me: dict[str, Any]) -> Any:
        return request.number.max if request.number is not None else request.option(request.count() - 1)

    def _fire_order(self, view: dict[str, Any], request: Any, me: dict[str, Any]) -> Any:
        orders = [c for c in request.choices if isinstance(c, dict)]
        if not orders:
            return request.option(0)
        ships = view.get("ships", {})

        def score(order: dict[str, Any]) -> tuple[int, int]:
            target = ships.get(order.get("target"), {})
            close = bool(target) and math.dist(_xy(me), _xy(target)) <= 3 * INCH
            ammunition = order.get("ammunition")
            broadside = 2 if ammunition in ("shot", "grape", "hot-shot") else (1 if "target" in order else 0)
            fits = 1 if (ammunition == "grape") == close else 0
            return (broadside, fits)

        best = max(score(o) for o in orders)
        return self._rng.choice([o for o in orders if score(o) == best])

    def _fight_fire(self, view: dict[str, Any], request: Any, me: dict[str, Any]) -> Any:
        return request.number.max if request.number is not None else request.option(request.count() - 1)

    def _grapple(self, view: dict[str, Any], request: Any, me: dict[str, Any]) -> Any:
        enemy = self._nearest(view, me)
        if enemy is None or request.number is None or _strength(me) <= _strength(enemy):
            return 0 if request.allows(0) else self._random(request)
        return min(request.number.max, GRAPPLERS)

    def _cut_grapples(self, view: dict[str, Any], request: Any, me: dict[str, Any]) -> Any:
        enemy = self._nearest(view, me)
        if enemy is not None and _strength(me) > _strength(enemy):
            return 0  # accept: fight with the whole crew
        return request.number.max if request.number is not None else self._random(request)

    def _cut_loose(self, view: dict[str, Any], request: Any, me: dict[str, Any]) -> Any:
        """Cut loose from a friend with every free man; from an enemy only when not the stronger
        (the stronger stays lashed to board her)."""
        parts = request.id.split(".")  # t<turn>.boarding.cut-loose.<ship>.<other>[.r<round>]
        other = view.get("ships", {}).get(parts[4] if len(parts) > 4 else "")
        if other is not None and other.get("side") != me.get("side") and _strength(me) > _strength(other):
            return 0
        return request.number.max if request.number is not None else self._random(request)

    def _board(self, view: dict[str, Any], request: Any, me: dict[str, Any]) -> Any:
        ships = view.get("ships", {})
        weaker = [c for c in request.choices if c in ships and _strength(ships[c]) < _strength(me)]
        if weaker:
            return min(weaker, key=lambda c: _strength(ships[c]))
        return next((c for c in request.choices if c not in ships), request.option(0))
