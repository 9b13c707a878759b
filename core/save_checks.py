"""Is a loaded save a game sog could have reached? Checks beyond its schema and checksum.

A checksum only proves the file was not changed *without* recomputing it. A save edited
and re-checksummed (by hand or by a buggy tool) can hold a state no game reaches: a ship of
a seat the scenario lacks (``resume`` would wait for that seat forever), a generator state
that is no 64-bit number, answers to requests nobody asked. :func:`check_save` refuses
those with one clear line before the game continues. Each ``_check_*`` function looks at
one aspect and returns its problems; the rules' own ``ext`` data is theirs to check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from sog.errors import SaveFileError
from sog.events import dumps
from sog.game import Game
from sog.rng import SEED_MAX

__all__ = ["check_save", "save_problems"]


def _u64(value: Any) -> bool:
    """A 64-bit unsigned integer, as seeds and the generator's state and increment are."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= SEED_MAX


def _check_rng(game: Game, seats: Mapping[str, Any]) -> Iterator[str]:
    """The game's and the bots' generator states are 64-bit, the increments odd; the seed is 64-bit."""
    state = game.state
    if not _u64(state.seed):
        yield f"/state/seed: {state.seed} is not a seed from 0 to 2**64 - 1"
    generators = [("/state/rng", state.rng.state, state.rng.inc)]
    for seat, saved in seats.items():
        if "rng" in saved:
            generators.append((f"/seats/{seat}/rng", saved["rng"]["state"], saved["rng"]["inc"]))
    for where, value, inc in generators:
        if not _u64(value):
            yield f"{where}/state: {value} is not a 64-bit generator state"
        if not _u64(inc) or inc % 2 == 0:
            yield f"{where}/inc: {inc} is not an odd 64-bit increment"


def _check_sides_and_seats(game: Game, seats: Mapping[str, Any]) -> Iterator[str]:
    """Sides, seats and ships are the scenario's; every ship's side and seat exist."""
    state = game.state
    try:
        scenario = game.content.scenario(state.scenario)
    except KeyError:
        yield f"/state/scenario: scenario {state.scenario!r} is not in the loaded packs"
        return
    sides = {side.id: list(side.seats) for side in scenario.sides}
    if state.sides != sides:
        yield f"/state/sides: {dumps(state.sides)} are not the scenario's sides and seats {dumps(sides)}"
    for ship_id, ship in state.ships.items():
        if ship.id != ship_id:
            yield f"/state/ships/{ship_id}/id: {ship.id!r} is not the ship's key {ship_id!r}"
        if ship.side not in sides:
            yield f"/state/ships/{ship_id}/side: {ship.side!r} is not a side of the scenario ({', '.join(sides)})"
        elif ship.seat not in sides[ship.side]:
            yield f"/state/ships/{ship_id}/seat: {ship.seat!r} is not a seat of side {ship.side!r} ({', '.join(sides[ship.side])})"
        try:
            game.content.get(game.system.ship_kind, ship.ship)
        except KeyError:
            yield f"/state/ships/{ship_id}/ship: {game.system.ship_kind} {ship.ship!r} is not in the loaded packs"
    known = set(game.seats())
    for seat in seats:
        if seat not in known:
            yield f"/seats/{seat}: not a seat of this game ({', '.join(game.seats())})"


def _check_pools(game: Game, seats: Mapping[str, Any]) -> Iterator[str]:
    """The pools are the packs' pools; each cup holds counters of its pool, each at most once."""
    expected = [pool.id for pool in game.content.all("counter-pool")]
    if sorted(game.state.pools) != sorted(expected):
        yield f"/state/pools: {', '.join(game.state.pools) or 'none'} are not the packs' pools {', '.join(expected)}"
    for pool_id, pool in game.state.pools.items():
        size = len(game.content.pool(pool_id).expanded())
        if pool.id != pool_id:
            yield f"/state/pools/{pool_id}/id: {pool.id!r} is not the pool's key {pool_id!r}"
        for name, indices in (("bag", pool.bag), ("stacked", pool.stacked)):
            wrong = [i for i in indices if not 0 <= i < size]
            if wrong:
                yield f"/state/pools/{pool_id}/{name}: counter {wrong[0]} is not one of the pool's {size} counters"
            if len(set(indices)) != len(indices):
                yield f"/state/pools/{pool_id}/{name}: a counter is in the cup twice"
        if not set(pool.stacked) <= set(pool.bag):
            yield f"/state/pools/{pool_id}/stacked: a counter stacked to be drawn is not in the cup"


def _check_pending(game: Game, seats: Mapping[str, Any]) -> Iterator[str]:
    """Open requests fit the step: their seats exist, ids are unique, answers answer them legally."""
    state = game.state
    slots = len(game.schedule)
    if not -1 <= state.step_index < slots:
        yield f"/state/step_index: {state.step_index} is not a step of the turn (-1 to {slots - 1})"
    if state.side_order and sorted(state.side_order) != sorted(state.sides):
        yield f"/state/side_order: {dumps(state.side_order)} does not name every side once ({', '.join(state.sides)})"
    if state.turn == 0 and state.step_index != -1:
        yield f"/state/step_index: {state.step_index} before the first turn (expected -1)"
    if state.step_round < 0:
        yield f"/state/step_round: {state.step_round} is negative"
    known = set(game.seats())
    ids = [r.id for r in state.pending]
    if len(set(ids)) != len(ids):
        yield "/state/pending: two requests share an id"
    if state.pending and state.step_index < 0:
        yield "/state/pending: requests are open between turns"
    for index, request in enumerate(state.pending):
        if request.seat not in known:
            yield f"/state/pending/{index}/seat: {request.seat!r} is not a seat of this game ({', '.join(game.seats())})"
        if request.kind not in game.decision_kinds:
            yield f"/state/pending/{index}/kind: {request.kind!r} is no decision kind of the rules in force"
    requests = {r.id: r for r in state.pending}
    for answer_id, answer in state.answers.items():
        if answer_id not in requests:
            yield f"/state/answers/{answer_id}: answers no open request"
        elif not requests[answer_id].allows(answer):
            yield f"/state/answers/{answer_id}: {dumps(answer)} is not an answer the request allows"


def _check_outcome(game: Game, seats: Mapping[str, Any]) -> Iterator[str]:
    """A result exists exactly when the log ends with its ``game-over`` event."""
    state, events = game.state, game.log.events
    over_events = [i for i, e in enumerate(events) if e.get("kind") == "game-over"]
    if state.outcome is None:
        if over_events:
            yield f"/state/outcome: missing, but event {over_events[0] + 1} is game-over"
        return
    if state.outcome.winner is not None and state.outcome.winner not in state.sides:
        yield f"/state/outcome/winner: {state.outcome.winner!r} is not a side ({', '.join(state.sides)})"
    if state.pending or state.answers:
        yield "/state/pending: requests are open in a finished game"
    if over_events != [len(events) - 1]:
        yield "/state/outcome: the game is over but the log does not end with one game-over event"
    elif events[-1].get("data") != {"winner": state.outcome.winner, "reason": state.outcome.reason}:
        yield "/state/outcome: differs from the log's game-over event"


def _check_events(game: Game, seats: Mapping[str, Any]) -> Iterator[str]:
    """Events are numbered 1, 2, ... like the state's counter; turns agree with the turn-began events."""
    state, events = game.state, game.log.events
    if state.event_seq != len(events):
        yield f"/state/event_seq: {state.event_seq}, but the save holds {len(events)} events"
    started = [i for i, e in enumerate(events) if e.get("kind") == "game-started"]
    if len(started) != 1 or events[started[0]]["turn"] != 0:
        yield "/events: the log does not hold one game-started event before the first turn"
    steps = {step.name for step in game.steps}
    turn = 0
    for index, event in enumerate(events):
        where = f"/events/{index}"
        if event["seq"] != index + 1:
            yield f"{where}/seq: {event['seq']}, expected {index + 1}"
            return
        if event["kind"] == "turn-began":
            turn += 1
        if event["turn"] != turn:
            yield f"{where}/turn: {event['turn']}, but {turn} turns had begun"
            return
        if event["step"] is not None and event["step"] not in steps:
            yield f"{where}/step: {event['step']!r} is not a step of the rules in force"
            return
        if event["kind"] not in game.event_kinds:
            yield f"{where}/kind: {event['kind']!r} is not an event kind of the rules in force"
            return
    if state.turn != turn:
        yield f"/state/turn: {state.turn}, but the log has {turn} turn-began events"
    if state.max_turns is not None and state.turn > state.max_turns:
        yield f"/state/turn: {state.turn} is past the last turn {state.max_turns}"
    if state.turn_limit_reached != any(e["kind"] == "turn-limit" for e in events):
        yield "/state/turn_limit_reached: disagrees with the log's turn-limit event"


def _check_header(game: Game, seats: Mapping[str, Any]) -> Iterator[str]:
    """The header (used to replay the log) describes the game of the state."""
    header, state = game.log.header, game.state
    for key, value in (("scenario", state.scenario), ("level", state.level), ("seed", state.seed),
                       ("options", state.options), ("settings", state.settings)):
        if header.get(key) != value:
            yield f"/header/{key}: {dumps(header.get(key))} differs from the state's {dumps(value)}"


_CHECKS: tuple[Callable[[Game, Mapping[str, Any]], Iterator[str]], ...] = (
    _check_header, _check_rng, _check_sides_and_seats, _check_pools, _check_pending, _check_outcome, _check_events,
)


def save_problems(game: Game, seats: Mapping[str, Any] | None = None) -> list[str]:
    """Every inconsistency of a loaded game (and of the saved seats' bots), as ``/pointer: problem``."""
    return [problem for check in _CHECKS for problem in check(game, seats or {})]


def check_save(game: Game, seats: Mapping[str, Any] | None = None, *, where: str = "save data") -> None:
    """Refuse a game no play could have reached.

    :raises SaveFileError: ``<where>: inconsistent save: <first problem>`` (and how many more).
    """
    problems = save_problems(game, seats)
    if problems:
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        raise SaveFileError(f"{where}: inconsistent save: {problems[0]}{more}")
