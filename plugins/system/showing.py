"""What the Sails of Glory system shows and hides: its always-on plugin.

* Views: other seats' planned cards (only whether a card is planned) and the ammunition
  loaded or stored on other seats' ships (only whether a side is loaded) are hidden.
* Pictures: a ship's outline is its base; the arcs and lines of fire of the last combat
  are drawn over the table.
* Narration: one line for the movement, attack and damage events.
* Content: a Sails of Glory scenario measures with a ruler, so it must name one; its
  counters show only the special-damage symbols the rules know.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.geometry import Rect
from sog.render.svg import svg_points, svg_xy
from sog.views import HIDDEN

from sog.plugins.system.land_targets import target_name, target_xy
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
    return _fire(game)


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




def _fire(game: Game) -> list[str]:
    """The arcs and lines of fire of the last combat."""
    out: list[str] = []
    ruler = ruler_of(game)
    for attack in _last_attacks(game):
        shooter = game.state.ships.get(attack["attacker"])
        to = target_xy(game, attack["target"])
        origin = target_xy(game, attack["attacker"]) if attack.get("dot") is None else tuple(attack["dot"])
        if to is None or origin is None:
            continue
        tx, ty = to
        if shooter is None:
            start = origin  # a battery fires from its red dot
        elif attack["kind"] == "artillery" and shooter.in_play:
            pose = pose_of(shooter)
            arc = arc_of(base_of(game, shooter), attack["side"], attack["arc"])
            dot = pose.local_to_world(arc.dot[0], arc.dot[1])
            wedge = _wedge(dot, pose.heading + arc.from_, pose.heading + arc.to, ruler.length)
            out.append(f'<polygon points="{svg_points(game, wedge)}" fill="#f5b041" fill-opacity="0.25" stroke="#b9770e" stroke-width="0.8"/>')
            start = dot
        else:
            start = origin
        (x1, y1), (x2, y2) = svg_xy(game, *start), svg_xy(game, tx, ty)
        dash = ' stroke-dasharray="4 3"' if attack["kind"] == "musketry" else ""
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#922b21" stroke-width="1.5"{dash}/>')
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


