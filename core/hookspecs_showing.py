"""The hooks that show the game to people and count it: pictures, narration, player aids, statistics.

Part of :mod:`sog.hookspecs` (which re-exports every hook here); split off to keep each module
small. The conventions of :mod:`sog.hookspecs` hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sog.markers import hookspec

if TYPE_CHECKING:  # pragma: no cover - imports for annotations only
    from sog.decisions import DecisionRequest
    from sog.game import Game
    from sog.geometry import Rect
    from sog.seats import SeatView
    from sog.state import ShipState


# --------------------------------------------------------------------------- showing the game


@hookspec(firstresult=True)
def sog_piece_outline(game: Game, ship: ShipState) -> Rect | None:
    """The footprint of a piece on the table, for pictures. Stops at the first non-None result.

    :param game: the game.
    :param ship: a ship on the table.
    :return: its outline as a :class:`sog.geometry.Rect` (mm), or ``None`` to let another
        rule answer (pictures draw a small square when nobody does).
    """


@hookspec
def sog_draw_overlays(game: Game) -> list[str]:
    """SVG fragments drawn over the table, under the pieces (arcs and lines of fire, ...).

    Coordinates are the table's (mm, y up): wrap points with :func:`sog.render.svg.svg_xy`.
    A fragment made by :func:`sog.render.legend.legend_entry` (a swatch and its text) is not
    drawn over the table but listed in the picture's legend, once per text: return one for
    each symbol your fragments draw this time. Text drawn over the table is kept clear of
    the pieces' labels where it can be.

    :param game: the game.
    :return: SVG elements as strings (an empty list for none).
    """


@hookspec(firstresult=True)
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    """One line telling people what an event means. Stops at the first non-None result.

    :param game: the game.
    :param event: the event (``kind``, ``data``, ...), as the log has it.
    :return: the line (indented by two spaces by convention), or ``None`` for the generic line.
    """


@hookspec
def sog_draw_arcs(game: Game, ship: ShipState) -> list[str]:
    """SVG fragments of one piece's arcs of fire and ruler bands, public geometry.

    Pictures keep them in a hidden group per piece (``<g class="arcs" data-ship=ID>``) that a
    page shows on demand. Coordinates as for ``sog_draw_overlays``.

    :param game: the game.
    :param ship: a ship on the table.
    :return: SVG elements as strings (an empty list for none).
    """


# --------------------------------------------------------------------------- player aids


@hookspec
def sog_ship_mat(seat_view: SeatView, ship: str) -> list[dict[str, Any]]:
    """What a player reads on one ship's mat (its card and log), as ``seat_view.seat`` may.

    Built from the seat's view alone (``seat_view.data``, ``seat_view.content``), never from
    the game: the same entries are drawn beside the ship in pictures, shown on a seat's page
    and printed as the terminal's short state of own ships (:func:`sog.aids.ship_mat`). Each
    entry is one of

    * ``{"kind": "track", "name": "damage", "size": 12, "marked": 3}``: a row of boxes, how many
      are filled (pictures draw it as a bar);
    * ``{"kind": "fact", "name": "orders", "value": "sealed"}``: a line of text.

    An entry may add ``"own": true`` when only the ship's seat sees it (its secret plans).
    The lists of every plugin are joined in call order.

    :param seat_view: the seat's view.
    :param ship: the id of a ship in the view.
    :return: the entries (an empty list for none).
    """


@hookspec(firstresult=True)
def sog_sketch_choice(seat_view: SeatView, request: DecisionRequest, choice: Any) -> dict[str, Any] | None:
    """What one choice of a seat's own open request would do, for the person deciding.

    Built from the seat's view alone: a move's path from where the piece stands now (not
    where others' secret moves would push it), a target's arc, range band and dice.
    Stops at the first non-None result. The sketch is::

        {"text": "a short description",
         "shapes": [{"kind": "path", "points": [[x, y], ...]},          # table mm, y up
                    {"kind": "pose", "ship": ID, "x": x, "y": y, "heading": h},  # where it ends
                    {"kind": "area", "role": "arc", "points": [[x, y], ...]},
                    {"kind": "line", "role": "ruler", "points": [[x, y], [x, y]], "label": "long"}]}

    :param seat_view: the seat's view (``seat_view.seat`` owns ``request``).
    :param request: one of the seat's open requests.
    :param choice: one of its choices.
    :return: the sketch, or ``None`` when your rule has nothing to say of it.
    """


# --------------------------------------------------------------------------- statistics


@hookspec
def sog_ship_statistics(game: Game, ship: ShipState) -> dict[str, float]:
    """Figures of one ship over a game that ended or stopped, for ``sog simulate``.

    Called once per ship of the game (in play or not) after the game, never while it runs.
    The core knows only a ship's status; a game system says what else to count (damage dealt
    and taken, ...). ``sog simulate`` sums each figure over the games of a run and reports
    its mean per game; the dicts of several plugins are merged (the later-registered plugin
    wins on a shared name). Must not change the game.

    :param game: the finished game.
    :param ship: one of its ships.
    :return: figure name (lower case, underscores) to a number.
    """
