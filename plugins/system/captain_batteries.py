"""The captain bot's choices for a coastal battery (rulebook pp. 47-48), from the seat's view.

* ``battery-fire``: the reachable target worth most counters (long range counts less, as for
  a ship's broadside), else hold fire;
* ``battery-musketry``: the first target offered;
* ``battery-load``: grapeshot (else chain) when a target is within the red band, else ball;
  never "leave empty";
* ``battery-actions``: the offered set with the most wanted actions (fire when loaded and a
  target is in reach, reload when empty, extinguish a fire, musketry when a target is close,
  repair when a box can be repaired), the wanted ones first;
* ``battery-repair``: the leftmost box.
"""

from __future__ import annotations

from typing import Any

from sog.decisions import DecisionRequest
from sog.game import SeatView

from .battery_fire import battery_firepower, battery_musketry_targets, battery_options
from .battery_table import PlacedBattery, placed_batteries
from .view_table import ViewTable

__all__ = ["BATTERY_KINDS", "battery_decision"]

BATTERY_KINDS = ("battery-fire", "battery-musketry", "battery-load", "battery-actions", "battery-repair")
"""The decisions of the battery rules this module answers."""
LONG_WEIGHT, SHORT_WEIGHT = 1.0, 1.5
CLOSE = "red"


def _battery(table: ViewTable, request: DecisionRequest) -> PlacedBattery | None:
    subject = request.id.split(".", 3)[3]
    return next((b for b in placed_batteries(table) if subject == b.id or subject.startswith(f"{b.id}.r")), None)


def battery_decision(view: SeatView, request: DecisionRequest) -> Any:
    """The captain's answer to a battery rule's request."""
    table = ViewTable(view)
    placed = _battery(table, request)
    choices = request.choices
    if placed is None or request.kind in ("battery-musketry", "battery-repair"):
        return next((c for c in choices if c is not None), choices[0])
    if request.kind == "battery-fire":
        def value(option: dict[str, Any]) -> float:
            weight = LONG_WEIGHT if option["band"] == "long" else SHORT_WEIGHT
            return battery_firepower(table, placed, option["arc"]) * weight - option["distance"] / 10000.0
        options = [c for c in choices if c is not None]
        return max(options, key=value) if options else None
    if request.kind == "battery-load":
        close = any(o["band"] == CLOSE for o in battery_options(table, placed))
        for wanted in (("grapeshot", "chain", "ball") if close else ("ball", "grapeshot", "chain")):
            if wanted in choices:
                return wanted
        return next((c for c in choices if c is not None), choices[0])
    wanted = _wanted(table, placed)
    return max(choices, key=lambda c: (sum(len(wanted) - wanted.index(a) for a in c if a in wanted), -len(c)))


def _wanted(table: ViewTable, placed: PlacedBattery) -> list[str]:
    """The battery's actions worth planning now, most wanted first."""
    record, wanted = placed.record, []
    gun = record.get("gun", {})
    if record.get("fires"):
        wanted.append("extinguish-fire")
    if gun.get("loaded") is not None and battery_options(table, placed):
        wanted.append("fire-guns")
    if gun.get("loaded") is None and gun.get("storage"):
        wanted.append("reload-guns")
    if battery_musketry_targets(table, placed):
        wanted.append("musketry")
    if any(box.get("counters") for box in record.get("battery_track", [])):
        wanted.append("repair-damage")
    return wanted
