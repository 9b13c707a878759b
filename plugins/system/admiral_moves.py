"""Where a maneuver card takes a ship, as the rules in force execute it, for the admiral bot.

The same reading of movement as the captain bot's (the card helpers and constants are
:mod:`~sog.plugins.system.captain_moves`'): the battle-sails line (the
sails' line for blue cards at Advanced), the arrow of the attitude's colour, red cards laid from
the stern; at Standard a ship taken aback runs the red card of its card's veer class, and a card
out of the veer limit becomes a straight card. Everything is read from a seat's view
(:class:`~sog.plugins.system.view_table.ViewTable`), for any ship on the table: an enemy's deck
is public content.
"""

from __future__ import annotations

from typing import Any

from sog.geometry import Pose
from sog.plugins.system.geometry import attitude as wind_attitude, end_pose
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import base_of
from .captain_moves import SAIL_LINE, VEER_EXT, is_straight, veer_class
from .content_models import ship_deck
from .view_table import ViewTable

__all__ = ["Mover", "within_veer"]


def within_veer(deck: Any, previous: str | None, card_id: str, rating: int) -> bool:
    """Will ``card_id`` pass the veer limit when revealed after ``previous``?"""
    if previous is None:
        return True
    card, before = deck.card(card_id), deck.card(previous).veer
    if card.kind != "normal" or card.veer is None or before is None or is_straight(card):
        return True
    return abs(card.veer - before) <= rating


class Mover:
    """Moves one ship by its cards, from any pose, as the level's rules would."""

    def __init__(self, table: ViewTable, ship: SailsShipState) -> None:
        self.table, self.ship = table, ship
        self.deck = ship_deck(table.content, table.ship_doc(ship))
        self.length = base_of(table, ship).length
        self.standard = table.state.level != "basic"
        self.sails = ship.sails if table.state.level == "advanced" else "battle"
        base = base_of(table, ship)
        self._sectors = [(s.upto, s.attitude) for s in base.attitude]
        self._wind = table.state.wind.from_
        self._attitudes: dict[float, str] = {}
        self._nexts: dict[tuple[float, float, float], list[Pose]] = {}
        self._ends: dict[str, list[tuple[tuple[float, ...], str]]] = {}
        #: Whether the ship survives a number of moves from a pose (filled by the safety check).
        self.survival: dict[tuple[float, float, float, int], bool] = {}
        #: The farthest any point of the base can go in one move (mm), for quick safety checks.
        self.stride = self.length + max(
            (abs(e.right) + abs(e.forward) for c in self.deck.cards for line in c.lines.values()
             for e in ((line.green, line.orange) if hasattr(line, "green") else (line,)) if e is not None),
            default=100.0)

    def attitude(self, pose: Pose) -> str:
        heading = round(pose.heading, 3)
        found = self._attitudes.get(heading)
        if found is None:
            found = self._attitudes[heading] = wind_attitude(heading, self._wind, self._sectors)
        return found

    def nexts(self, pose: Pose) -> list[Pose]:
        """The distinct poses one move of a card the ship may plan takes it to from ``pose``."""
        key = (round(pose.x, 1), round(pose.y, 1), round(pose.heading, 1))
        found = self._nexts.get(key)
        if found is None:
            attitude = self.attitude(pose)
            ends = self._ends.get(attitude)
            if ends is None:
                ends = self._ends[attitude] = list(dict.fromkeys(
                    self.end(card, attitude, False) for card in self.plausible(pose)))
            found = self._nexts[key] = [end_pose(pose, self.length, end, start) for end, start in ends]
        return found

    def rating(self) -> int:
        """The ship's veer rating: printed veer plus the veer rule's modifier."""
        return int(self.table.ship_doc(self.ship).veer) + int(self.ship.ext.get(VEER_EXT, {}).get("modifier", 0))

    def executed(self, card_id: str) -> Any:
        """The card slot 1 runs this turn: itself, or a straight card if out of veer (Standard)."""
        previous = self.ship.ext.get(VEER_EXT, {}).get("revealed")
        if not self.standard or within_veer(self.deck, previous, card_id, self.rating()):
            return self.deck.card(card_id)
        return next((c for c in self.deck.cards if is_straight(c)), self.deck.card(card_id))

    def veer_legal(self, first: str, choices: list[Any]) -> list[Any]:
        """The slot-2 choices that pass the veer limit after ``first`` (else the straight ones)."""
        rating = self.rating()
        legal = [c for c in choices if within_veer(self.deck, first, c, rating)]
        return legal or [c for c in choices if is_straight(self.deck.card(c))] or list(choices)

    def end(self, card: Any, attitude: str, aback_before: bool) -> tuple[tuple[float, ...], str]:
        """``(line end, start)`` of the move ``card`` gives from a pose of ``attitude``."""
        if self.standard and attitude == "taken-aback" and card.kind == "normal":
            red = next((c for c in self.deck.of_kind("taken-aback") if veer_class(c.veer) == veer_class(card.veer)), None)
            if red is not None:
                line, start = ("two-sandglass", "stern") if aback_before else ("one-sandglass", "bow")
                return tuple(red.end(line)), start
        if card.kind == "taken-aback":
            return tuple(card.end("two-sandglass")), "stern"
        line = SAIL_LINE.get(self.sails, "battle") if card.kind == "normal" else "battle"
        colour = "green" if attitude == "reaching" else "orange"
        return tuple(card.end(line, colour)), "bow"

    def move(self, pose: Pose, card: Any, aback_before: bool) -> tuple[Pose, bool]:
        """The pose ``card`` takes the ship to from ``pose``, and whether it started taken aback."""
        attitude = self.attitude(pose)
        end, start = self.end(card, attitude, aback_before)
        return end_pose(pose, self.length, end, start), attitude == "taken-aback"

    def aback_now(self) -> bool:
        """Was the ship taken aback last turn (Standard: its red card is laid from the stern)?"""
        return self.standard and self.ship.ext.get("taken-aback", {}).get("turns", 0) > 0

    def plausible(self, pose: Pose) -> list[Any]:
        """The cards the ship may plan from ``pose``: red ones when taken aback at Basic, else blue."""
        kind = "taken-aback" if not self.standard and self.attitude(pose) == "taken-aback" else "normal"
        return list(self.deck.of_kind(kind)) or list(self.deck.of_kind("normal"))
