"""What the Sails of Glory system shows and hides: its always-on plugin.

* Views: other seats' planned cards (only whether a card is planned) and the ammunition
  loaded or stored on other seats' ships (only whether a side is loaded) are hidden.
* Pictures: a ship's outline is its base; over the table, each ship's track this turn (from
  the public movement events: the path from its pose at the turn's start through each card,
  a tick where each card ends) and the last combat's arcs and lines of fire (an arrow from
  the firing point to the nearest point of the target's base, with the damage drawn), each
  listed in the legend.
* Narration: one line for the movement, attack and damage events.
* Content: a Sails of Glory scenario measures with a ruler, so it must name one; its
  counters show only the special-damage symbols the rules know.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape
from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.geometry import Rect
from sog.pools import counter_table
from sog.render.labels import Box, place_labels, text_width
from sog.render.legend import legend_entry
from sog.render.svg import side_colours, svg_points, svg_xy
from sog.views import HIDDEN, ONLOOKER, seat_events

from sog.plugins.system.building_table import building_rect, building_record
from sog.plugins.system.damage_placing import CREW
from sog.plugins.system.land_targets import land_target, target_name, target_xy
from sog.plugins.system.tabletop import arc_of, base_of, pose_of, rect_of, ruler_of
from sog.plugins.system.statistics import sog_ship_statistics  # noqa: F401 - registered with this plugin (sog simulate's figures)
# Registered with this plugin too: the player aids and the arcs pictures draw on demand.
from sog.plugins.system.arcs_drawing import sog_draw_arcs  # noqa: F401
from sog.plugins.system.mats import sog_ship_mat  # noqa: F401
from sog.plugins.system.sketches import sog_sketch_choice  # noqa: F401

__all__ = ["LINES"]


@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict[str, Any]) -> None:
    for ship in view["ships"].values():
        if ship["seat"] == seat:
            continue
        ship["planned"] = [None if card is None else HIDDEN for card in ship["planned"]]
        for side in ship["broadsides"].values():
            side["loaded"] = None if side["loaded"] is None else HIDDEN
            side["storage"] = [HIDDEN for _ in side["storage"]]


#: The symbols a Sails of Glory damage counter may show (rulebook pp. 18, 32-33).
COUNTER_SYMBOLS = ("crew", "fire", "leak", "mast", "sail", "rudder")


@hookimpl
def sog_check_content(library: Any, scenario: Any, rules: Any) -> list[tuple[Any, str, str]]:
    issues: list[tuple[Any, str, str]] = []
    if scenario.ruler is None:
        issues.append((scenario, "/ruler", "a Sails of Glory scenario names the ruler its ships measure with"))
    for pool in library.all("counter-pool"):
        for index, spec in enumerate(pool.counters):
            if spec.symbol is not None and spec.symbol not in COUNTER_SYMBOLS:
                issues.append((pool, f"/counters/{index}/symbol", f"unknown counter symbol {spec.symbol!r}: Sails of Glory "
                                                                  f"counters show {', '.join(COUNTER_SYMBOLS)}"))
    return issues


@hookimpl
def sog_piece_outline(game: Game, ship: Any) -> Rect | None:
    return rect_of(game, ship)


@hookimpl
def sog_draw_overlays(game: Game) -> list[str]:
    return _tracks(game) + _fire(game)


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    kind = event["kind"]
    if kind in QUIET:
        return ""
    line = LINES.get(kind)
    return None if line is None else line(game, event["data"])


#: The system's bookkeeping events people need not read (the log keeps them).
QUIET = frozenset({"planned", "card-revealed", "reloaded", "stored", "actions-planned", "action-counters"})


def _name(game: Game, ship_id: str | None) -> str:
    """A ship's name, or a battery's or building's (an attacker or target on land)."""
    return str(ship_id) if ship_id is None else target_name(game, ship_id)


def _last_attacks(game: Game) -> list[dict[str, Any]]:
    attacks = [e for e in game.log.events if e["kind"] == "attack"]
    if not attacks:
        return []
    last_turn = attacks[-1]["turn"]
    return [e["data"] for e in attacks if e["turn"] == last_turn and e["turn"] >= game.state.turn - 1]


def _wedge(dot: tuple[float, float], start: float, end: float, radius: float) -> list[tuple[float, float]]:
    span = (end - start) % 360.0
    pts = [dot]
    for i in range(13):
        ang = math.radians(start + span * i / 12)
        pts.append((dot[0] + radius * math.sin(ang), dot[1] + radius * math.cos(ang)))
    return pts


#: A line of fire: its colour, and the arrowhead marking where it hits.
FIRE = "#922b21"
FIRE_MARKER = ('<defs><marker id="fire-arrow" markerWidth="7" markerHeight="7" refX="7" refY="3.5" orient="auto" '
               f'markerUnits="userSpaceOnUse"><path d="M0,0 L7,3.5 L0,7 z" fill="{FIRE}"/></marker></defs>')
#: The wedge of a firing arc: fill, opacity, edge.
WEDGE = ("#f5b041", 0.25, "#b9770e")


def _fire(game: Game) -> list[str]:
    """The arcs and lines of fire of the last combat between pieces still on the table: an
    arrow from the firing point to the nearest point of the target's base (a target on land:
    where it stands), with the damage of the counters drawn, and the legend's entries."""
    out: list[str] = []
    ruler = ruler_of(game)
    known = {c.label(): c for pool in game.state.pools for c in counter_table(game.content, pool)}
    wedges = False
    damage: list[tuple[tuple[float, float], str]] = []  # where on a line of fire, what it drew
    on_table = {s.id for s in [*game.ships(), *game.obstacles()]}
    for attack in _last_attacks(game):
        shooter = game.state.ships.get(attack["attacker"])
        if any(end in game.state.ships and end not in on_table for end in (attack["attacker"], attack["target"])):
            continue  # a ship that left the table since: nothing to point at
        to = target_xy(game, attack["target"])
        origin = target_xy(game, attack["attacker"]) if attack.get("dot") is None else tuple(attack["dot"])
        if to is None or origin is None:
            continue
        if shooter is None:
            start = origin  # a battery fires from its red dot
        elif attack["kind"] == "artillery" and shooter.in_play:
            pose = pose_of(shooter)
            arc = arc_of(base_of(game, shooter), attack["side"], attack["arc"])
            dot = pose.local_to_world(arc.dot[0], arc.dot[1])
            wedge = _wedge(dot, pose.heading + arc.from_, pose.heading + arc.to, ruler.length)
            fill, opacity, edge = WEDGE
            out.append(f'<polygon points="{svg_points(game, wedge)}" fill="{fill}" fill-opacity="{opacity}" stroke="{edge}" stroke-width="0.8"/>')
            wedges = True
            start = dot
        else:
            start = origin
        to = _hit_point(game, attack["target"], start) or to
        (x1, y1), (x2, y2) = svg_xy(game, *start), svg_xy(game, *to)
        dash = ' stroke-dasharray="4 3"' if attack["kind"] == "musketry" else ""
        out.append(f'<line class="fire" data-target="{attack["target"]}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                   f'stroke="{FIRE}" stroke-width="1.5"{dash} marker-end="url(#fire-arrow)"/>')
        counters = [known[label] for label in attack.get("counters") or () if isinstance(label, str) and label in known]
        if counters:
            crew = sum(1 for c in counters if c.symbol == CREW)
            words = f"{sum(c.value or 0 for c in counters)} dmg" + (f", {crew} crew" if crew else "")
            damage.append(((x1 + 0.75 * (x2 - x1), y1 + 0.75 * (y2 - y1)), words))
    if not out:
        return []
    out += _damage_labels(game, damage)
    out.insert(0, FIRE_MARKER)
    out.append(legend_entry(f'<path d="M1,6 H22" stroke="{FIRE}" stroke-width="1.5" marker-end="url(#fire-arrow)"/>',
                            "last combat's fire, damage drawn"))
    if wedges:
        fill, opacity, edge = WEDGE
        out.append(legend_entry(f'<path d="M2,11 L22,11 A20,20 0 0 0 16,-3 z" fill="{fill}" fill-opacity="{opacity}" '
                                f'stroke="{edge}" stroke-width="0.8"/>', "last combat's firing arc"))
    return out


def _hit_point(game: Game, target_id: str, start: tuple[float, float]) -> tuple[float, float] | None:
    """The point of the target nearest ``start``: on a ship's base, a building's drawing, a
    battery's red dots (``None`` for a battery out of play: where it stood will do)."""
    ship = game.state.ships.get(target_id)
    if ship is not None:
        shapes = [rect_of(game, ship)]
    else:
        on_land, building = land_target(game, target_id), building_record(game, target_id)
        drawn = building_rect(game, building) if building is not None else None  # a surrendered one too
        shapes = [drawn] if drawn is not None else list(on_land.shapes) if on_land is not None else []
    points = [shape.closest_point(*start) for shape in shapes]
    return min(points, key=lambda p: math.hypot(p[0] - start[0], p[1] - start[1]), default=None)


#: The font size of the damage written beside a line of fire, mm.
DAMAGE_FONT = 9.0


def _damage_labels(game: Game, damage: list[tuple[tuple[float, float], str]]) -> list[str]:
    """The damage of each line of fire, written beside the line and placed so that no two
    overlap (nor, where they can, a ship)."""
    pieces = []
    for ship in [*game.ships(), *game.obstacles()]:
        pts = [svg_xy(game, x, y) for x, y in rect_of(game, ship).corners]
        pieces.append(Box(min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)))
    wanted = [(Box(x - 1, y - 1, x + 1, y + 1), text_width(words, DAMAGE_FONT) + 4, DAMAGE_FONT * 1.2) for (x, y), words in damage]
    out = []
    for ((x, y), words), where in zip(damage, place_labels(wanted, pieces, gap=1.0)):
        box = Box(where.box.x0 + 2, where.box.y0, where.box.x1 - 2, where.box.y1)  # bold text: room on both sides
        if where.leader:
            out.append(f'<polyline class="damage-leader" points="{x:.1f},{y:.1f} {min(max(x, box.x0), box.x1):.1f},'
                       f'{min(max(y, box.y0), box.y1):.1f}" stroke="{FIRE}" stroke-width="0.6" stroke-dasharray="1 1.5"/>')
        out.append(f'<text class="fire-damage" x="{box.x0:.1f}" y="{box.y1 - DAMAGE_FONT * 0.3:.1f}" font-size="{DAMAGE_FONT:g}" '
                   f'font-weight="bold" fill="{FIRE}">{escape(words)}</text>')
    return out


#: A ship's track this turn: width, dashes, the length of the tick where a card ends (mm).
TRACK = (1.2, "5 3", 8.0)


def _this_turns_moves(game: Game) -> list[dict[str, Any]]:
    """The public movement events of the latest turn that moved a ship (this turn or the last)."""
    moves = [e for e in game.log.events if e["kind"] == "ship-moved"]
    if not moves or moves[-1]["turn"] < game.state.turn - 1:
        return []
    turn = moves[-1]["turn"]
    return [e["data"] for e in seat_events(game, ONLOOKER, [e for e in moves if e["turn"] == turn])]


def _leg(before: dict[str, Any], after: dict[str, Any], steps: int = 8) -> list[tuple[float, float]]:
    """Points of one card's move, from a pose to the next: a curve tangent to both headings
    (a straight line when the ship went astern or was pushed), both poses on it."""
    (x0, y0), (x1, y1) = (before["x"], before["y"]), (after["x"], after["y"])
    chord = math.hypot(x1 - x0, y1 - y0)
    h0, h1 = (math.radians(before["heading"]), math.radians(after["heading"]))
    d0, d1 = (math.sin(h0), math.cos(h0)), (math.sin(h1), math.cos(h1))
    if chord < 1e-6 or (x1 - x0) * d0[0] + (y1 - y0) * d0[1] <= 0 or (x1 - x0) * d1[0] + (y1 - y0) * d1[1] <= 0:
        return [(x0, y0), (x1, y1)]
    c0 = (x0 + d0[0] * chord / 3, y0 + d0[1] * chord / 3)
    c1 = (x1 - d1[0] * chord / 3, y1 - d1[1] * chord / 3)
    pts = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
        pts.append((a * x0 + b * c0[0] + c * c1[0] + d * x1, a * y0 + b * c0[1] + c * c1[1] + d * y1))
    pts[0], pts[-1] = (x0, y0), (x1, y1)
    return pts


def _tracks(game: Game) -> list[str]:
    """Each ship's track this turn: a dashed line in its side's colour from its pose at the
    turn's start (a dot) through each card's end, ticked across the ship's heading there."""
    legs: dict[str, list[dict[str, Any]]] = {}
    for move in _this_turns_moves(game):
        if move["ship"] in game.state.ships:
            legs.setdefault(move["ship"], []).append(move)
    if not legs:
        return []
    colours = side_colours(list(game.state.sides))
    width, dashes, tick = TRACK
    out: list[str] = []
    for ship_id, moves in legs.items():
        colour = colours[game.state.ships[ship_id].side]
        points = [(moves[0]["before"]["x"], moves[0]["before"]["y"])]
        for move in moves:
            points += _leg(move["before"], move["after"])[1:]
        out.append(f'<polyline class="turn-track" data-ship="{ship_id}" points="{svg_points(game, points)}" fill="none" '
                   f'stroke="{colour}" stroke-width="{width}" stroke-dasharray="{dashes}"/>')
        sx, sy = svg_xy(game, *points[0])
        out.append(f'<circle class="turn-start" cx="{sx:.1f}" cy="{sy:.1f}" r="2" fill="{colour}"/>')  # where it began
        for move in moves:
            end, h = move["after"], math.radians(move["after"]["heading"])
            dx, dy = math.cos(h) * tick / 2, -math.sin(h) * tick / 2  # across the heading
            ends = [(end["x"] - dx, end["y"] - dy), (end["x"] + dx, end["y"] + dy)]
            out.append(f'<polyline class="turn-tick" points="{svg_points(game, ends)}" stroke="{colour}" stroke-width="{width}"/>')
    out.append(legend_entry(f'<circle cx="2" cy="9" r="2" fill="#24323d"/>'
                            f'<path d="M1,9 Q12,9 22,3" fill="none" stroke="#24323d" stroke-width="{width}" stroke-dasharray="{dashes}"/>'
                            f'<path d="M19.5,0 L24.5,6" stroke="#24323d" stroke-width="{width}"/>',
                            "this turn's track from the dot, a tick per card"))
    return out


def _pose(p: dict[str, Any]) -> str:
    return f"({p['x']:.0f},{p['y']:.0f}) {p['heading']:.0f}°"


def _moved(game: Game, d: dict[str, Any]) -> str:
    how = f"{d['card']} {d['line']}" + (f"/{d['colour']}" if d.get("colour") else "")
    bump = ", collided" if d.get("collided") else ""
    return f"  {_name(game, d['ship'])} [{d['attitude']}] moves {how}: {_pose(d['before'])} -> {_pose(d['after'])}{bump}"


def _attack(game: Game, d: dict[str, Any]) -> str:
    if d["kind"] == "musketry":
        where = "musketry"
    else:
        where = f"{d['arc']} arc, {d['band']} range" if d["side"] is None else f"{d['side']} {d['arc']} arc, {d['band']} range"
        if d.get("ammunition") and d["ammunition"] != "ball":
            where += f", {d['ammunition']}"
    mods = f" +{'+'.join(d['modifiers'])}" if d.get("modifiers") else ""
    drawn = " ".join(d["counters"]) or "nothing"
    return f"  {_name(game, d['attacker'])} fires at {_name(game, d['target'])} ({where}): {len(d['counters'])} {d['pool']} counters{mods}: {drawn}"


def _damage(game: Game, d: dict[str, Any]) -> str:
    hull = sum(1 for box in d["ship_track"] if box)
    crew = sum(1 for box in d["crew_track"] if box)
    return f"  {_name(game, d['ship'])} damage: hull boxes {hull}/{len(d['ship_track'])}, crew boxes {crew}/{len(d['crew_track'])}"


def _barrier(barrier: str) -> str:
    """A barrier's id in words: ``reef-1`` or ``island:danger`` (an element's dangerous waters)."""
    where, _, part = barrier.partition(":")
    return f"the dangerous waters off {where}" if part == "danger" else where


LINES: dict[str, Callable[[Game, dict[str, Any]], str]] = {
    "ship-moved": _moved,
    "attack": _attack,
    "damage-applied": _damage,
    "collision": lambda g, d: f"  {_name(g, d['ship'])} stops against {_name(g, d['other'])}",
    "barrier-contact": lambda g, d: f"  {_name(g, d['ship'])} stops against {_barrier(d['barrier'])}",
    "card-replaced": lambda g, d: f"  {_name(g, d['ship'])}: card {d['card']} replaced by {d['by']} ({d['reason']})",
    "guns-emptied": lambda g, d: f"  {_name(g, d['ship'])} fires its {d['side']} {d['ammunition']} into the sea to empty the guns",
    "friendly-collision": lambda g, d: f"  {_name(g, d['ship'])} collides with friends ({', '.join(_name(g, o) for o in d['others'])}): {' '.join(d['counters'])}",
}


