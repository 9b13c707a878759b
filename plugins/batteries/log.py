"""A battery's log as the battery rules change it: tracks, zero box, gun, special damage.

The record of each placed battery (:mod:`sog.plugins.system.battery_table`) holds its log as
JSON data; :class:`BatteryLog` reads it into the mat's models (boxes, counters, the gun as a
:class:`~sog.plugins.system.state.Broadside`) and :meth:`BatteryLog.save` writes it back, so
the rules of the batteries place counters with the same functions as for ships.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sog.decisions import DecisionRequest
from sog.state import Counter

from sog.plugins.system.battery_table import PlacedBattery, placed_batteries
from sog.plugins.system.state import Box, Broadside, track_covered

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["BatteryLog", "battery", "in_play", "return_counters", "subject_of"]


@dataclass
class BatteryLog:
    """A battery's log, editable: save it to write the changes to the game state."""

    battery: PlacedBattery
    battery_track: list[Box]
    crew_track: list[Box]
    zero_box: list[Counter]
    gun: Broadside

    @classmethod
    def of(cls, battery: PlacedBattery) -> BatteryLog:
        """The log of a placed battery, read from its record."""
        r = battery.record
        return cls(battery, [Box.model_validate(b) for b in r["battery_track"]], [Box.model_validate(b) for b in r["crew_track"]],
                   [Counter.model_validate(c) for c in r["zero_box"]], Broadside.model_validate(r["gun"]))

    def save(self) -> None:
        """Write the log back to the battery's record."""
        self.battery.record.update(
            battery_track=[b.model_dump(mode="json") for b in self.battery_track],
            crew_track=[b.model_dump(mode="json") for b in self.crew_track],
            zero_box=[c.model_dump(mode="json") for c in self.zero_box], gun=self.gun.model_dump(mode="json"))

    @property
    def eliminated_as(self) -> str | None:
        """``destroyed`` when the Battery Damage track is covered, ``surrendered`` when the Crew
        Damage track is (destroyed first when both are), else ``None`` (p. 47)."""
        if track_covered(self.battery_track):
            return "destroyed"
        if track_covered(self.crew_track):
            return "surrendered"
        return None


def in_play(game: Any) -> list[PlacedBattery]:
    """The batteries neither destroyed nor surrendered, in placing order."""
    return [b for b in placed_batteries(game) if b.in_play]


def battery(game: Any, battery_id: str) -> PlacedBattery:
    """The placed battery with this id."""
    return next(b for b in placed_batteries(game) if b.id == battery_id)


def return_counters(game: Game, log: BatteryLog) -> list[Counter]:
    """Take every counter off the log, zeros included, and put them back in their pools (p. 47:
    an eliminated battery's counters are reshuffled with the unused ones)."""
    returned: list[Counter] = list(log.zero_box)
    log.zero_box.clear()
    for box in log.battery_track + log.crew_track:
        returned.extend(box.counters)
        box.counters.clear()
    game.pools.put_back(returned)
    return returned


def subject_of(request: DecisionRequest) -> str:
    """The battery a battery rule's request is about: the subject of its id
    (``t<turn>.<step>.<kind>.<battery>``, ``.r<round>`` after it in later rounds)."""
    subject = request.id.split(".", 3)[3]
    head, _, tail = subject.rpartition(".")
    return head if head and tail[:1] == "r" and tail[1:].isdigit() else subject
