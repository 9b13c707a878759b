"""Damage to batteries and their elimination (rulebook pp. 47-48).

Rule ``battery-damage``. In the damage step each battery hit this turn places its counters
as a ship does (:func:`~sog.plugins.system.damage_placing.place_counters`), its fortification
rating standing for the burden; event ``battery-damaged``. With the Advanced rules a battery
ignores every special damage but crew (placed as for ships) and fire: each fire symbol sets a
fire on board (``record["fires"]``, for the ``battery-actions`` rule that burns and puts them
out).

When every box of the Battery Damage track is covered the battery is destroyed; when every
box of the Crew Damage track is, it surrenders: either way it is eliminated (status
``destroyed`` or ``surrendered``, event ``battery-eliminated``), and every counter on its log,
the zeros too, goes back to its pool. A battery eliminated in the damage step has fired in the
combat step before it: fire is simultaneous. When a pool runs out, the zero-box counters of
that pool on every battery go back to it, as the ships' do (R2).
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.game import Game
from sog.hooktypes import Step
from sog.state import Counter

from sog.plugins.system.attacks import take_hits
from sog.plugins.system.battery_fire import battery_doc
from sog.plugins.system.battery_table import PlacedBattery, battery_records, placed_batteries
from sog.plugins.system.damage_placing import place_counters, track_summary

from .log import BatteryLog, in_play, return_counters

NAME = "battery-damage"
DAMAGE = "damage"
FIRE = "fire"
FIRES = "fires"
"""The record's count of fires on board (Advanced rules)."""


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no battery on the table (placing one asks again)."""
    return not battery_records(game)


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"battery-damaged": "Counters placed on a battery's log; both tracks and the zero box after placement.",
            "battery-eliminated": "A battery was destroyed (damage track covered) or surrendered (crew track covered)."}


def damage_battery(game: Game, placed: PlacedBattery, counters: list[Counter]) -> BatteryLog:
    """Place counters on a battery's log (and, with the Advanced rules, note its fires)."""
    log = BatteryLog.of(placed)
    place_counters(log.battery_track, log.crew_track, log.zero_box, counters, battery_doc(game, placed).fortification_rating)
    log.save()
    if game.state.level == "advanced":
        fires = sum(c.symbol == FIRE for c in counters)
        if fires:
            placed.record[FIRES] = placed.record.get(FIRES, 0) + fires
    game.emit("battery-damaged", battery=placed.id, counters=[c.label() for c in counters],
              battery_track=track_summary(log.battery_track), crew_track=track_summary(log.crew_track),
              zero_box=[c.label() for c in log.zero_box], **({FIRES: placed.record[FIRES]} if placed.record.get(FIRES) else {}))
    return log


def eliminate_if_covered(game: Game, placed: PlacedBattery, log: BatteryLog | None = None) -> bool:
    """Eliminate the battery if one of its tracks is covered; say whether it was."""
    log = log or BatteryLog.of(placed)
    how = log.eliminated_as
    if how is None:
        return False
    returned = return_counters(game, log)
    log.save()
    placed.record["status"] = how
    placed.record["gun"] = {"loaded": None, "fired": None, "storage": []}
    game.emit("battery-eliminated", battery=placed.id, status=how, returned=len(returned))
    return True


@hookimpl
@acts_at(DAMAGE)
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name != DAMAGE:
        return
    batteries = {b.id: b for b in in_play(game)}
    if not batteries:
        return
    hits = take_hits(game, batteries)
    logs = {bid: damage_battery(game, batteries[bid], counters) for bid, (counters, _) in hits.items()}
    for bid, log in logs.items():
        eliminate_if_covered(game, batteries[bid], log)


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    d = event["data"]
    if event["kind"] == "battery-damaged":
        hull = sum(1 for box in d["battery_track"] if box)
        crew = sum(1 for box in d["crew_track"] if box)
        fires = f", {d[FIRES]} fire(s) on board" if d.get(FIRES) else ""
        return (f"  {name_of(game, d['battery'])} damage: battery boxes {hull}/{len(d['battery_track'])}, "
                f"crew boxes {crew}/{len(d['crew_track'])}{fires}")
    if event["kind"] == "battery-eliminated":
        return f"  {name_of(game, d['battery'])} is {d['status']}: eliminated"
    return None


def name_of(game: Game, battery_id: str) -> str:
    """A battery's name."""
    return next((b.name for b in placed_batteries(game) if b.id == battery_id), battery_id)


@hookimpl
def sog_pool_exhausted(game: Game, pool: str) -> None:
    """R2 for batteries: their zero-box counters of this pool go back to it."""
    for placed in placed_batteries(game):
        log = BatteryLog.of(placed)
        back = [c for c in log.zero_box if c.pool == pool]
        if back:
            log.zero_box[:] = [c for c in log.zero_box if c.pool != pool]
            log.save()
            game.pools.put_back(back)
