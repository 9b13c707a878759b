"""A battery's gun: loaded at set-up, reloaded like a broadside (rulebook pp. 20, 22, 27, 47).

Rule ``battery-guns``. A battery is one broadside (p. 47), so its gun follows the reloading
rule's timeline: Basic rules, it starts loaded with ball; Standard and Advanced rules, its
storage starts with one ball, one chain and one grapeshot counter and its seat chooses the
first load in the set-up step (decision ``battery-load``, no empty choice). A gun that fired
is turned face up; in the reloading step an empty gun with stored counters may be loaded
again (the same decision, with "leave empty"), then the fired counter goes to storage. The
loaded type and the stored counters are the controlling seat's secret (hidden from the other
seats' views, as a ship's).
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.views import HIDDEN

from sog.plugins.system.battery_table import OWNER, battery_records

from .log import BatteryLog, battery, in_play, subject_of

NAME = "battery-guns"
LOAD = "battery-load"
SETUP, RELOADING = "setup", "reloading"
BALL = "ball"
STORAGE = ("ball", "chain", "grapeshot")
"""A battery's storage at the start of a Standard or Advanced game, as a broadside's (p. 22)."""
LEAVE_EMPTY = None


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no battery on the table (placing one asks again)."""
    return not battery_records(game)


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {LOAD: "Choose the ammunition that goes from a battery's storage into its gun (or null: leave it empty)."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"battery-reloaded": "A battery's stored counter went back into its gun: it may fire next turn.",
            "battery-stored": "A battery's fired counter went to its storage box."}


@hookimpl(trylast=True)
def sog_game_setup(game: Game) -> None:
    """After the ``batteries`` rule put them on the table: load or fill the storage."""
    for placed in in_play(game):
        log = BatteryLog.of(placed)
        if game.state.level == "basic":
            log.gun.loaded = BALL
        else:
            log.gun.storage = list(STORAGE)
        log.save()


def _requests(game: Game, optional: bool) -> list[DecisionRequest]:
    requests = []
    for placed in in_play(game):
        gun = placed.record["gun"]
        if gun["loaded"] is not None or gun["fired"] is not None or not gun["storage"]:
            continue
        types = sorted(set(gun["storage"]))
        requests.append(game.make_request(
            rule=NAME, kind=LOAD, seat=placed.seat, subject=placed.id, prompt=f"{placed.name}: load the gun with",
            choices=[*types, *([LEAVE_EMPTY] if optional else [])], labels=[*types, *(["leave empty"] if optional else [])],
        ))
    return requests


@hookimpl
@acts_at(RELOADING, SETUP)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if game.state.step_round > 0:
        return []
    if step.name == RELOADING:
        return _requests(game, optional=True)
    if step.name == SETUP and game.state.turn == 1:
        return _requests(game, optional=False)
    return []


@hookimpl
@acts_at(RELOADING, SETUP)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name not in (RELOADING, SETUP):
        return
    for request, answer in answers:
        if request.rule != NAME or answer is LEAVE_EMPTY:
            continue
        placed = battery(game, subject_of(request))
        log = BatteryLog.of(placed)
        log.gun.storage.remove(answer)
        log.gun.loaded = answer
        log.save()
        if step.name == RELOADING:
            game.emit("battery-reloaded", battery=placed.id)


@hookimpl
@acts_at(RELOADING)
def sog_step_end(game: Game, step: Step) -> None:
    if step.name != RELOADING:
        return
    for placed in in_play(game):
        log = BatteryLog.of(placed)
        if log.gun.fired is not None:
            log.gun.storage.append(log.gun.fired)
            log.gun.fired = None
            log.save()
            game.emit("battery-stored", battery=placed.id)


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    """Reloading is bookkeeping, as a ship's."""
    return "" if event["kind"] in ("battery-reloaded", "battery-stored") else None


@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict[str, Any]) -> None:
    """Other seats see whether a battery is loaded and how much it stores, not with what."""
    for record in (view.get("ext") or {}).get(OWNER, {}).get("placed", []):
        if record.get("seat") == seat or "gun" not in record:
            continue
        gun = record["gun"]
        gun["loaded"] = None if gun["loaded"] is None else HIDDEN
        gun["storage"] = [HIDDEN for _ in gun["storage"]]
