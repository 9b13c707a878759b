"""The dice-and-inches game system: its declaration, its ship documents, its set-up data.

* :data:`SYSTEM` is the :class:`sog.systems.GameSystem` the provider declares: one level
  (``classic``), pieces of the content kind ``dice-ship`` whose state is
  :class:`dice_and_inches.state.DiceShip`, and the ``setup:`` a scenario may give (rocks).
* :data:`SHIP_KIND` is that content kind: the JSON Schema ``schemas/dice-ship.json`` and the
  model :class:`DiceShipDoc` (what ``game.ship_doc(ship)`` returns).
* Its bot is ``captain`` (:mod:`dice_and_inches.bots`).
* The system's own plugin (this module's hooks, on in every game of the system) keeps the
  pieces consistent when one leaves play (nobody stays lashed to a ship that has sunk),
  tells people what each event means (``sog_narrate``: :mod:`.narration`) and draws the
  table to scale (``sog_piece_outline``, ``sog_draw_overlays``: :mod:`.pictures`).
  The rocks a scenario's set-up places are read by :func:`dice_and_inches.units.rocks`.
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from sog import hookimpl
from sog.packs.fields import Document, Frozen, Num, Text
from sog.packs.kinds import ContentKind
from sog.systems import GameSystem

from . import narration, pictures
from .bots import CaptainBot
from .state import DiceShip

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game
    from sog.geometry import Rect
    from sog.state import ShipState

__all__ = [
    "NAME", "LEVELS", "SHIP_KIND_NAME", "DiceGun", "DiceCrew", "DiceShipDoc", "SHIP_SCHEMA",
    "SHIP_KIND", "SETUP_SCHEMA", "SYSTEM",
]

NAME = "dice-and-inches"
LEVELS = ("classic",)
SHIP_KIND_NAME = "dice-ship"


class DiceGun(Frozen):
    """One gun of a ship document: its kind and the side it fires to."""

    kind: Literal["cannon", "carronade", "swivel"]
    side: Literal["left", "right"]


class DiceCrew(Frozen):
    """The men aboard at the start."""

    sailors: int = Field(ge=0, le=100, strict=True)
    marines: int = Field(ge=0, le=100, strict=True)
    officers: int = Field(ge=0, le=20, strict=True)

    @property
    def men(self) -> int:
        return self.sailors + self.marines + self.officers


class DiceShipDoc(Document):
    """A ``dice-ship`` document: a poster-board ship, or a land battery (rig ``none``)."""

    kind: Literal["dice-ship"] = "dice-ship"
    name: Text
    summary: Text | None = None
    rig: Literal["schooner", "brig", "brigantine", "none"]
    battery: Literal["large", "small"] | None = None
    length: Num = Field(gt=0, le=48, description="Hull length (a battery's frontage), inches.")
    beam: Num = Field(gt=0, le=24, description="Hull beam (a battery's depth), inches.")
    guns: tuple[DiceGun, ...] = Field(max_length=24)
    crew: DiceCrew


def _load_schema() -> dict[str, Any]:
    return json.loads(files("dice_and_inches").joinpath("schemas", "dice-ship.json").read_text(encoding="utf-8"))


SHIP_SCHEMA: dict[str, Any] = _load_schema()
"""JSON Schema of a ``dice-ship`` document."""

SHIP_KIND = ContentKind(
    SHIP_KIND_NAME, SHIP_SCHEMA, DiceShipDoc,
    "A dice-and-inches ship (rig, hull in inches, guns by side, crew) or land battery.",
)

SETUP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "rocks": {
            "description": "Rocks or islets on the table: a ship touching one takes a hull hit and a one-turn delay.",
            "type": "array",
            "maxItems": 32,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["x", "y", "radius"],
                "properties": {
                    "x": {"description": "Centre, mm from the left edge.", "type": "number"},
                    "y": {"description": "Centre, mm from the bottom edge.", "type": "number"},
                    "radius": {"description": "Radius, mm.", "type": "number", "exclusiveMinimum": 0, "maximum": 2000},
                },
            },
        },
    },
}
"""JSON Schema of a dice-and-inches scenario's ``setup:`` mapping."""


class SystemPlugin:
    """The system's own hooks, on in every dice-and-inches game."""

    @hookimpl
    def sog_narrate(self, game: Game, event: dict[str, Any]) -> str | None:
        """A line in inches and names for each event of the system's rules (:mod:`.narration`)."""
        return narration.narrate(game, event)

    @hookimpl
    def sog_piece_outline(self, game: Game, ship: ShipState) -> Rect | None:
        """A piece's hull to scale (:func:`.units.hull`), for pictures."""
        return pictures.outline(game, ship)

    @hookimpl
    def sog_draw_overlays(self, game: Game) -> list[str]:
        """The rocks, the batteries' frontage and the last part's shots (:mod:`.pictures`)."""
        return pictures.overlays(game)

    @hookimpl
    def sog_ship_removed(self, game: Game, ship: ShipState, reason: str) -> None:
        """A piece that leaves play lets go of every ship lashed to it."""
        for other in game.ships():
            if isinstance(other, DiceShip) and ship.id in other.lashed:
                other.lashed.remove(ship.id)
        if isinstance(ship, DiceShip):
            ship.lashed.clear()


PLUGIN = SystemPlugin()

SYSTEM = GameSystem(
    name=NAME,
    title="Dice and Inches",
    summary="A 1970s home-made age-of-sail game: poster-board schooners and brigs, six-sided dice, a 12-inch ruler.",
    levels=LEVELS,
    ship_kind=SHIP_KIND_NAME,
    ship_model=DiceShip,
    plugin=PLUGIN,
    bots={"captain": CaptainBot},
    scenario_schema=SETUP_SCHEMA,
)
"""The declaration of the dice-and-inches game system."""
