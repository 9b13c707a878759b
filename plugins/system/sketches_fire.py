"""Sketches of the Sails of Glory fire choices, and the view a sketch reads (:class:`Sketching`).

A fire choice is drawn as its arc (the sector from the arc's dot, as long as the ruler), the
ruler from the dot to the point of the target it touches first, labelled with the band; the
text gives the band, the counters the attack would draw and from which pool, and "raking"
when the raking rule would add counters. The counters are counted as the attack's modifiers
would count them, from what the seat knows of its own ship: the firepower of the leftmost
empty box, the raking extra (:func:`.captain.raking_extra`), the first broadside, chain and
grapeshot (their pools in the red band, a miss beyond it), double shot, continuous fire (half);
extra counters are added first, then the multipliers, rounded down once
(:func:`.attacks.modified_counters`' arithmetic). Modifiers an ability's effect keeps in the
game are not counted (they are the game's, not the view's).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from sog.decisions import DecisionRequest
from sog.seats import SeatView

from .attacks import artillery_attack
from .battery_fire import battery_firepower, battery_musketry
from .battery_table import PlacedBattery, placed_batteries
from .captain import raking_extra
from .captain_moves import Helm
from .geometry import reach
from .geometry.sight import closest_ruler, on_land, reach_over_land
from .land_targets import land_target, target_name, target_xy
from .state import SailsShipState
from .tabletop import (
    SIDES, arc_of, base_of, land_reach, musketry_of, other_rects, pose_of, rect_of, ruler_of, sight_reach,
)
from .terrain_table import land_of
from .view_table import ViewTable

__all__ = ["FIRE_SKETCHES", "Sketching", "counters", "ship_name"]

#: Points of an arc's curved edge.
ARC_POINTS = 12
CONTINUOUS = "continuous-fire"
#: The ruler band in which chain and grapeshot hit (the ammunition rule's ``CLOSE_BAND``).
AMMUNITION_WORDS = {"ball": "ball: hits at any range", "chain": "chain: hits in the red band only",
                    "grapeshot": "grapeshot: hits in the red band only",
                    "double-shot": "double shot: hits within half the ruler"}


class Sketching:
    """One seat's view rebuilt for sketches: the table, each own ship's :class:`Helm`.

    :meth:`of` keeps the last one built, for the very same view data (a page sketches every
    choice of a request from one view), holding the data so that its identity stays its own.
    """

    _last: tuple[Any, Sketching] | None = None

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.table = ViewTable(view)
        data = view.data
        self.rules = frozenset(data.get("settings", {})) | frozenset(data.get("options", ()))
        self._helms: dict[str, Helm] = {}

    @classmethod
    def of(cls, view: SeatView) -> Sketching:
        data = view.data
        last = cls._last
        if last is not None and last[0] is data and last[1].view.seat == view.seat:
            return last[1]
        made = cls(view)
        cls._last = (data, made)
        return made

    def helm(self, ship: SailsShipState) -> Helm:
        helm = self._helms.get(ship.id)
        if helm is None:
            helm = self._helms[ship.id] = Helm(self.table, ship)
        return helm

    def game_like(self) -> Any:
        """The table with the rule settings of the view, for the set-up rules' readers."""
        return _WithSettings(self.table, self.view.data.get("settings", {}))


class _WithSettings:
    """A :class:`ViewTable` that also answers ``settings(rule)`` (public rule settings)."""

    def __init__(self, table: ViewTable, settings: dict[str, Any]) -> None:
        self._table, self._settings = table, settings

    def __getattr__(self, name: str) -> Any:
        return getattr(self._table, name)

    def settings(self, rule: str) -> dict[str, Any]:
        return dict(self._settings.get(rule, {}))


def ship_name(table: Any, target: Any) -> str:
    """What to call a ship, battery or building of the view."""
    return target_name(table, target) if isinstance(target, str) else str(target)


def _wedge(dot: tuple[float, float], start: float, end: float, radius: float) -> list[list[float]]:
    span = (end - start) % 360.0
    points = [[round(dot[0], 1), round(dot[1], 1)]]
    for i in range(ARC_POINTS + 1):
        a = math.radians(start + span * i / ARC_POINTS)
        points.append([round(dot[0] + radius * math.sin(a), 1), round(dot[1] + radius * math.cos(a), 1)])
    return points


def _ruler(start: tuple[float, float], end: tuple[float, float] | None, label: str) -> list[dict[str, Any]]:
    if end is None:
        return []
    return [{"kind": "line", "role": "ruler", "label": label,
             "points": [[round(start[0], 1), round(start[1], 1)], [round(end[0], 1), round(end[1], 1)]]}]


def _band_words(table: ViewTable, band: str) -> str:
    found = next((b for b in ruler_of(table).bands if b.name == band), None)
    if found is None or found.range == band:
        return f"{band} range"
    return f"{found.range} range ({band} band)"


def counters(ctx: Sketching, ship: SailsShipState, choice: dict[str, Any], ammunition: str | None,
             continuous: bool = False) -> tuple[int, str, list[str]]:
    """``(counters, pool, notes)`` the artillery attack of ``choice`` would draw, as the seat
    knows its own ship (see the module docstring)."""
    table = ctx.table
    attack = artillery_attack(table, ship, choice, ammunition)
    firepower, pool, notes = attack.firepower, attack.pool, []
    extra, multipliers = 0, []
    if "raking" in ctx.rules and table.state.level != "basic":
        rake = raking_extra(table, ship, choice, firepower)
        if rake:
            extra += rake
            notes.append(f"raking (+{rake})")
    if "first-broadside" in ctx.rules:
        from sog.plugins.optional import first_broadside  # the options load after the system

        if not first_broadside.spent(ship, choice["side"]):
            bonus = first_broadside.extra_counters(firepower)
            extra += bonus
            notes.append(f"first broadside (+{bonus})")
    if "ammunition" in ctx.rules:
        from sog.plugins.standard.ammunition import special_modifier

        special = special_modifier(attack)
        if special is not None:
            pool = special.pool or pool
            if special.multiplier is not None:
                multipliers.append(special.multiplier)
                notes.append(f"{ammunition} misses beyond the red band")
    if ammunition == "double-shot":
        from sog.plugins.optional.double_shot import EXTRA_POOL, within_half

        if within_half(table, choice["band"]):
            notes.append(f"double shot: as many again from pool {EXTRA_POOL}")
        else:
            multipliers.append(0.0)
            notes.append("double shot misses beyond half the ruler")
    for bonus, source in ability_extras(ctx, ship, "artillery", choice["band"]):
        extra += bonus
        notes.append(f"{source} (+{bonus})")
    if continuous:
        multipliers.append(0.5)
        notes.append("continuous fire: half")
    count = firepower + extra
    if multipliers:
        count = math.floor(count * math.prod(multipliers))
    return max(count, 0), pool, notes


def ability_extras(ctx: Sketching, ship: SailsShipState, kind: str, band: str | None) -> list[tuple[int, str]]:
    """``(counters, ability name)`` of the abilities used this turn that add counters to the
    ship's ``kind`` of attack at ``band`` (the gunnery effects keep them on the own ship)."""
    if "gunnery-abilities" not in ctx.rules:
        return []
    from sog.plugins.captains.effects_fire import NAME, band_matches  # public: the captains' rules load after the system's
    from .content_captains import ability_of

    found = []
    for entry in ship.ext.get(NAME, {}).get("extra", []):
        if entry.get("attack") == kind and band_matches(ctx.table, entry.get("band"), band):
            ability = entry["ability"]
            name = ability_of(ctx.table.content, ability).name if ctx.table.content.has("ability", ability) else ability
            found.append((int(entry["count"]), name))
    return found


def _counters(count: int) -> str:
    return "1 counter" if count == 1 else f"{count} counters"


def _side(request: DecisionRequest, choice: Any) -> str | None:
    if isinstance(choice, dict) and choice.get("side") in SIDES:
        return str(choice["side"])
    return next((p for p in reversed(request.id.split(".")) if p in SIDES), None)


def _touch(table: ViewTable, ship: SailsShipState, dot: tuple[float, float], start: float, end: float,
           target: str) -> tuple[float, float] | None:
    """The point of ``target`` the ruler from ``dot`` touches first, inside the arc."""
    length = ruler_of(table).length
    shooter = rect_of(table, ship)
    lands = land_of(table)
    if target in table.state.ships:
        blockers = [r for _, r in other_rects(table, (ship.id, target))]
        hit = sight_reach(table, dot, start, end, length, rect_of(table, table.ship(target)), blockers, shooter)
    else:
        found = land_target(table, target)
        if found is None:
            return None
        blockers = [r for pid, r in other_rects(table, (ship.id,))]
        hit = land_reach(table, dot, start, end, length, found, blockers, on_land(lands, shooter) if lands else frozenset())
    return hit.point if hit is not None else target_xy(table, target)


def _fire(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any] | None:
    table = ctx.table
    if request.ship not in table.state.ships:
        return None
    ship = table.ship(request.ship)
    side = _side(request, choice)
    continuous = request.kind == CONTINUOUS
    loaded = choice.get("ammunition") if continuous and isinstance(choice, dict) else (
        ship.broadsides[side].loaded if side in SIDES else None)
    broadside = f"{side} broadside" if side else "broadside"
    if choice is None:
        keep = f": it keeps its {loaded}" if loaded and not continuous else ""
        return {"text": f"hold fire with the {broadside}{keep}", "shapes": []}
    if choice.get("target") is None:
        return {"text": f"fire the {broadside} into the sea to empty it of its {loaded}", "shapes": []}
    count, pool, notes = counters(ctx, ship, choice, loaded, continuous)
    pose = pose_of(ship)
    arc = arc_of(base_of(table, ship), side, choice["arc"])
    dot = pose.local_to_world(arc.dot[0], arc.dot[1])
    start, end = pose.heading + arc.from_, pose.heading + arc.to
    shapes = [{"kind": "area", "role": "arc", "points": _wedge(dot, start, end, ruler_of(table).length)},
              *_ruler(dot, _touch(table, ship, dot, start, end, choice["target"]), choice["band"])]
    what = f", {loaded}" if loaded and loaded != "ball" else ""
    text = (f"fire {broadside} at {ship_name(table, choice['target'])} ({choice['arc']} arc{what}): "
            f"{_band_words(table, choice['band'])}, {choice['distance']:g} mm, {_counters(count)} from pool {pool}")
    return {"text": ", ".join([text, *notes]), "shapes": shapes}


def _musketry(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any] | None:
    table = ctx.table
    if choice is None:
        return {"text": "no musketry this turn", "shapes": []}
    target = choice["target"]
    if request.kind == "battery-musketry":
        placed = _battery(table, request)
        count = battery_musketry(table, placed) if placed is not None else 0
        start = placed.dots[0] if placed is not None else None
    else:
        ship = table.ship(request.ship)
        count, start = musketry_of(table, ship), (pose_of(ship).x, pose_of(ship).y)
        count += sum(bonus for bonus, _ in ability_extras(ctx, ship, "musketry", None))
    shapes: list[dict[str, Any]] = []
    if request.kind == "musketry" and target in table.state.ships:
        p, q = closest_ruler(rect_of(table, table.ship(request.ship)), rect_of(table, table.ship(target)))
        shapes = _ruler(p, q, "musketry")
    elif start is not None:
        shapes = _ruler(start, target_xy(table, target), "musketry")
    return {"text": f"musketry at {ship_name(table, target)}: {_counters(count)} from pool {ruler_of(table).musketry_pool}",
            "shapes": shapes}


def _load(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    ammunition = choice.get("ammunition") if isinstance(choice, dict) else choice
    side = _side(request, choice)
    where = f"the {side} broadside" if side else "the gun"
    if ammunition is None:
        return {"text": f"leave {where} empty", "shapes": []}
    words = AMMUNITION_WORDS.get(ammunition, ammunition)
    if "ammunition" in ctx.rules and ammunition in ("chain", "grapeshot"):
        from sog.plugins.standard.ammunition import CLOSE_BAND, SPECIAL_POOLS

        band = next((b for b in ruler_of(ctx.table).bands if b.name == CLOSE_BAND), None)
        reach_mm = f", up to {band.to:g} mm" if band is not None else ""
        words += f"{reach_mm}, pool {SPECIAL_POOLS[ammunition]}"
    return {"text": f"load {where} with {words}", "shapes": []}


def _battery(table: ViewTable, request: DecisionRequest) -> PlacedBattery | None:
    """The battery a request is about (its id's subject)."""
    subject = request.id.split(".", 3)[3] if request.id.count(".") >= 3 else ""
    return next((b for b in placed_batteries(table) if subject == b.id or subject.startswith(f"{b.id}.r")), None)


def _battery_fire(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any] | None:
    table = ctx.table
    placed = _battery(table, request)
    if choice is None or placed is None:
        return {"text": "hold the battery's fire", "shapes": []}
    arc = next(a for a in placed.arcs if a.name == choice["arc"])
    length = ruler_of(table).length
    target, point = choice["target"], None
    if target in table.state.ships:
        rect = rect_of(table, table.ship(target))
        blockers = [r for pid, r in other_rects(table, (target,))]
        lands = land_of(table)
        hit = (reach_over_land(arc.dot, arc.start, arc.to, length, rect, blockers, lands,
                               frozenset({placed.on}) | on_land(lands, rect)) if lands
               else reach(arc.dot, arc.start, arc.to, length, rect, blockers))
        point = hit.point if hit is not None else None
    point = point or target_xy(table, target)
    count = battery_firepower(table, placed, arc.name)
    band = next((b for b in ruler_of(table).bands if b.name == choice["band"]), None)
    pool = band.pool if band is not None else "?"
    shapes = [{"kind": "area", "role": "arc", "points": _wedge(arc.dot, arc.start, arc.to, length)},
              *_ruler(arc.dot, point, choice["band"])]
    text = (f"fire {placed.name} at {ship_name(table, target)} ({arc.name} arc): {_band_words(table, choice['band'])}, "
            f"{choice['distance']:g} mm, {_counters(count)} from pool {pool}")
    return {"text": text, "shapes": shapes}


FIRE_SKETCHES: dict[str, Callable[[Sketching, DecisionRequest, Any], dict[str, Any] | None]] = {
    "fire": _fire, CONTINUOUS: _fire, "musketry": _musketry, "load": _load,
    "battery-fire": _battery_fire, "battery-musketry": _musketry, "battery-load": _load,
}
"""The sketches of the fire, musketry and loading kinds (ships' and batteries')."""
