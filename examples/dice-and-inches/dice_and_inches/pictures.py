"""The dice-and-inches table in pictures (``sog play ... --svg``, ``sog show``).

What: the system plugin's answers to the core's picture hooks —

* :func:`outline` (``sog_piece_outline``): a piece's hull to scale, the one
  :func:`.units.hull` every rule measures (6" x 2" is 152.4 x 50.8 mm);
* :func:`overlays` (``sog_draw_overlays``), drawn over the water and under the pieces:
  the scenario's rocks as grey circles; each land battery's earthwork (a brown bank round
  its frontage) and its gun line on the seaward side; and the shots of the turn just played (at the end: of the last two),
  one line per broadside or volley from the firer's foremast (a dot) to the target's (where
  they stood when they fired: the events' ``line``), in the firer's side's colour, solid if
  it hit and dashed if it missed, ticked at 3" and 6" from the firer (the ends of the short
  and medium range bands; long range is 24"), labelled with the firer, what fired, the
  range and the hits.

Why here: pictures are the system's concern (the core draws pieces where the system says),
and only read the game.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from sog.geometry import Pose, Rect

from .state import DiceShip
from .units import hull, inches, mm, rocks

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game
    from sog.state import ShipState

__all__ = ["EARTHWORK_FILL", "RANGE_TICKS", "ROCK_FILL", "outline", "overlays", "shots"]

ROCK_FILL = "#8c8c8c"
EARTHWORK_FILL = "#a0784a"
#: Inches from the firer at which a line of fire is ticked: the ends of short and medium range.
RANGE_TICKS = (3.0, 6.0)
_BANK = mm(0.5)  # the earthwork's bank round a battery's frontage


def outline(game: Game, ship: ShipState) -> Rect | None:
    """A dice-and-inches piece's hull to scale; ``None`` for anything else."""
    return hull(game, ship) if isinstance(ship, DiceShip) else None


def _colours(game: Game) -> dict[str, str]:
    from sog.render.svg import side_colours

    return side_colours(list(game.state.sides))


def _rocks(game: Game) -> list[str]:
    from sog.render.svg import svg_xy

    out = []
    for rock in rocks(game):
        x, y = svg_xy(game, rock.x, rock.y)
        out.append(f'<circle class="rock" cx="{x:.1f}" cy="{y:.1f}" r="{rock.radius:.1f}" fill="{ROCK_FILL}" '
                   f'stroke="#4a4a4a" stroke-width="2"/>')
        out.append(f'<text x="{x:.1f}" y="{y + rock.radius + 14:.1f}" font-size="12" text-anchor="middle" '
                   f'fill="#333">rock</text>')
    return out


def _batteries(game: Game) -> list[str]:
    from sog.render.svg import svg_points

    out = []
    for ship in game.ships():
        if not isinstance(ship, DiceShip) or ship.battery is None:
            continue
        body = hull(game, ship)
        bank = Rect(body.cx, body.cy, body.heading, body.width + 2 * _BANK, body.length + 2 * _BANK)
        out.append(f'<polygon class="battery" points="{svg_points(game, bank.corners)}" fill="{EARTHWORK_FILL}" '
                   f'stroke="#5a3d1e" stroke-width="2"/>')
        pose = Pose(body.cx, body.cy, body.heading)
        guns = [pose.local_to_world(body.width / 2 + _BANK, d) for d in (-body.length / 2, body.length / 2)]
        out.append(f'<polyline class="gun-line" points="{svg_points(game, guns)}" fill="none" stroke="#222" '
                   f'stroke-width="4"/>')
    return out


def _shown_turns(game: Game) -> set[int]:
    """The turns whose shots the picture shows: pictures are taken as a turn begins (the
    turn before), or at the end (that turn and the one before: a game often ends in a
    casualties step, before anybody fires, and no picture came between)."""
    turn = game.state.turn
    return {turn - 1, turn} if game.over else {turn - 1}


def shots(game: Game) -> list[dict[str, Any]]:
    """The shots of the turn(s) the picture shows, one per broadside or volley: ``ship``,
    ``target``, ``what``, ``range`` (in), ``line`` (mm), ``fired`` and ``hits`` (counts)."""
    turns = _shown_turns(game)
    grouped: dict[tuple[Any, ...], dict[str, Any]] = {}
    for event in game.log.events:
        if event.get("turn") not in turns or event["kind"] not in ("gun-fired", "small-arms-fired"):
            continue
        d = event["data"]
        if "line" not in d:
            continue
        what = d.get("side") if event["kind"] == "gun-fired" else d.get("by")
        key = (event.get("turn"), event.get("step"), d["ship"], d["target"], what)
        shot = grouped.setdefault(key, {"ship": d["ship"], "target": d["target"], "what": what,
                                        "range": float(d["range"]), "line": d["line"], "fired": 0, "hits": 0})
        shot["fired"] += 1
        hits = d.get("hits") or {}
        shot["hits"] += sum(v for v in hits.values() if isinstance(v, int))
    return list(grouped.values())


def _shot_lines(game: Game) -> list[str]:
    from sog.render.svg import svg_xy

    colours = _colours(game)
    out = []
    for shot in shots(game):
        (x1, y1), (x2, y2) = shot["line"]
        firer = game.state.ships.get(shot["ship"])
        colour = colours.get(firer.side, "#111") if firer is not None else "#111"
        a, b = svg_xy(game, x1, y1), svg_xy(game, x2, y2)
        dash = "" if shot["hits"] else ' stroke-dasharray="8 5"'
        out.append(f'<line class="shot" x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" '
                   f'stroke="{colour}" stroke-width="2.5"{dash}/>')
        out.append(f'<circle class="shot-from" cx="{a[0]:.1f}" cy="{a[1]:.1f}" r="5" fill="{colour}"/>')
        length = inches(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
        if length <= 0:
            continue
        ux, uy = (b[0] - a[0]) / length / 25.4, (b[1] - a[1]) / length / 25.4  # a unit (mm) along the line
        for tick in RANGE_TICKS:
            if tick >= length:
                break
            cx, cy = a[0] + ux * mm(tick), a[1] + uy * mm(tick)
            out.append(f'<line class="range-tick" x1="{cx - uy * 8:.1f}" y1="{cy + ux * 8:.1f}" '
                       f'x2="{cx + uy * 8:.1f}" y2="{cy - ux * 8:.1f}" stroke="{colour}" stroke-width="2"/>')
        hits = f"{shot['hits']} hit{'s' if shot['hits'] != 1 else ''}" if shot["hits"] else "miss"
        mx, my = a[0] + (b[0] - a[0]) * 0.4, a[1] + (b[1] - a[1]) * 0.4  # 40% along: labels of crossing shots part
        what = {"left": "left broadside", "right": "right broadside"}.get(shot["what"], shot["what"])
        label = f'{firer.name if firer is not None else shot["ship"]} {what} {shot["range"]:.1f}": {hits}'
        out.append(f'<text class="shot-label" x="{mx + 6:.1f}" y="{my - 6:.1f}" font-size="12" fill="{colour}">'
                   f'{escape(label)}</text>')
    return out


def overlays(game: Game) -> list[str]:
    """Rocks, batteries' earthworks and the last turn's lines of fire, as SVG elements."""
    return [*_rocks(game), *_batteries(game), *_shot_lines(game)]
