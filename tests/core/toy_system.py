"""A toy game system for the core's tests: two sides race their boats up the table.

It is not Sails of Glory, and it uses what a system may bring: its own piece state
(``ToyBoat.rowed``), its own content kind (``toy-boat``), a level of its own, steps played
side by side (each side rows in its part of the turn) and a number decision (how far to
row). The side whose boat first passes the finish line wins.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from sog import hookimpl
from sog.decisions import NumberRange
from sog.geometry import Rect
from sog.hooktypes import Outcome, Step
from sog.packs.kinds import ContentKind
from sog.pluginmanager import create_catalogue
from sog.rules import Rule
from sog.state import ShipState
from sog.systems import GameSystem

NAME = "toy-race"
FINISH = 300.0


class ToyBoatDoc(BaseModel):
    """A ``toy-boat`` document."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    id: str
    name: str
    oars: int


class ToyBoat(ShipState):
    """A boat: the core's piece plus how far it rowed and its oars."""

    rowed: float = 0.0
    oars: int

    @classmethod
    def from_document(cls, doc: Any, **fields: Any) -> "ToyBoat":
        return cls(oars=doc.oars, **fields)


BOAT_KIND = ContentKind(
    "toy-boat",
    {"type": "object", "additionalProperties": False, "required": ["kind", "id", "name", "oars"],
     "properties": {"kind": {"const": "toy-boat"}, "id": {"type": "string"}, "name": {"type": "string"},
                    "oars": {"type": "integer", "minimum": 1, "maximum": 8}}},
    ToyBoatDoc, "A rowing boat of the toy race.")


class Showing:
    """The system's own plugin: how a boat looks and how its events read."""

    @hookimpl
    def sog_piece_outline(self, game: Any, ship: Any) -> Rect:
        return Rect(ship.pose.x, ship.pose.y, ship.pose.heading, 10.0, 40.0)

    @hookimpl
    def sog_draw_overlays(self, game: Any) -> list[str]:
        return [f'<line class="finish" x1="0" y1="{FINISH}" x2="100" y2="{FINISH}"/>']

    @hookimpl
    def sog_narrate(self, game: Any, event: dict[str, Any]) -> str | None:
        if event["kind"] == "rowed":
            return f"  {event['data']['ship']} rows {event['data']['distance']} mm"
        return None


SYSTEM = GameSystem(NAME, "Toy race", "Boats race up the table, one side after the other.", ("open",),
                    ship_kind="toy-boat", ship_model=ToyBoat, plugin=Showing(),
                    scenario_schema={"type": "object", "additionalProperties": False,
                                     "properties": {"finish": {"type": "number"}}})


# --- the one rule: row in your part of the turn ---------------------------------------------

@hookimpl
def sog_turn_steps(game: Any) -> list[Step]:
    return [Step("row", 10, "Row the boats of the side playing.", per_side=True),
            Step("tide", 20, "Everybody at once: nothing happens.")]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {"row": "How far a boat rows, in mm."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"rowed": "A boat rowed."}


@hookimpl
def sog_victory_kinds() -> dict[str, str]:
    return {"first-past-the-line": "The first side with a boat past the finish line wins."}


@hookimpl
def sog_decisions_needed(game: Any, step: Step) -> list[Any]:
    if step.name != "row" or game.state.step_round > 0:
        return []
    return [game.make_request(rule=NAME, kind="row", seat=boat.seat, ship=boat.id, prompt=f"Row {boat.name} how far?",
                              number=NumberRange(min=0, max=10 * boat.oars, step=5, unit="mm"))
            for boat in game.ships(side=game.active_side)]


@hookimpl
def sog_step_resolve(game: Any, step: Step, answers: list[tuple[Any, Any]]) -> None:
    for request, distance in answers:
        boat = game.ship(request.ship)
        boat.rowed += distance
        boat.pose.y += distance
        game.emit("rowed", ship=boat.id, distance=distance)


@hookimpl
def sog_check_victory(game: Any) -> Outcome | None:
    finish = game.content.scenario(game.state.scenario).setup.get("finish", FINISH)
    for boat in game.ships():
        if boat.pose.y >= finish:
            return Outcome(boat.side, f"{boat.name} crossed the line")
    return None


class Provider:
    """Declares the toy system and its rule, like a distribution's entry point would."""

    @hookimpl
    def sog_systems(self) -> list[GameSystem]:
        return [SYSTEM]

    @hookimpl
    def sog_rules(self) -> list[Rule]:
        return [Rule("rowing", "Row in your part of the turn.", ("open",), sys.modules[__name__], kind="core", system=NAME)]

    @hookimpl
    def sog_content_kinds(self) -> list[ContentKind]:
        return [BOAT_KIND]


PACK = {
    "pack.yaml": "name: toy\nversion: 1.0.0\ndescription: The toy race.\nrequires: []\n",
    "boats.yaml": "kind: toy-boat\nid: skiff\nname: Skiff\noars: 2\n---\nkind: toy-boat\nid: gig\nname: Gig\noars: 4\n",
    "race.yaml": """kind: scenario
id: race
name: Race
system: toy-race
rules: open
table: {width: 200, height: 400}
wind: {from: 0}
setup: {finish: 300}
sides:
  - {id: north, name: North, seats: [north]}
  - {id: south, name: South, seats: [south]}
ships:
  - {id: n1, ship: gig, side: north, seat: north, pose: {x: 50, y: 0, heading: 0}}
  - {id: s1, ship: skiff, side: south, seat: south, pose: {x: 150, y: 0, heading: 0}}
victory: {kind: first-past-the-line}
""",
}


def write_pack(folder: Path) -> Path:
    """The toy pack, written into ``folder/toy``."""
    pack = folder / "toy"
    pack.mkdir(parents=True, exist_ok=True)
    for name, text in PACK.items():
        (pack / name).write_text(text, encoding="utf-8")
    return pack


def toy_catalogue(builtin: bool = True) -> Any:
    """A catalogue with the toy system (and, by default, Sails of Glory)."""
    return create_catalogue(builtin=builtin, entry_point_plugins=False, extra=[Provider()])
