"""Hidden information: what a seat is shown never depends on another seat's secrets.

The check is *non-interference*. Two games are played with the same seed and the same
controllers, except that from turn ``k`` on the other seat's random bot answers from a
different generator, so its secret choices (planned cards, ammunition loaded, actions,
grapples ...) differ. As long as everything public that the watching seat has been shown
(its events, redacted for it) is the same in both games, its view must be the same too,
byte for byte; a difference is a leak, wherever the secret was copied to (another rule's
``ext``, a request's choices, an event). The watching seat's views are recorded at the end
of every step and at every decision it is asked.

The direct search is for what no view may hold at all: the seed, the generator's state and
the pools' order.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from sog import testing
from sog.bots import make_bot
from sog.decisions import DecisionRequest
from sog.events import dumps
from sog.game import Game, SeatView
from sog.markers import hookimpl
from sog.pluginmanager import create_catalogue
from sog.plugins.system import LEVELS
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
TURNS = 6


class _Watcher:
    """A test-only rule recording one seat's view and its shown events at every step end."""

    name = "test-watcher"

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.records: list[tuple[tuple[Any, ...], str, str]] = []
        self._digest = hashlib.sha256()
        self._shown = 0

    def record(self, game: Game, moment: str) -> None:
        for event in game.events_for(self.seat, since=self._shown):
            self._digest.update(dumps(event).encode())
        self._shown = len(game.log.events)
        key = (game.state.turn, game.step.name if game.step else None, game.state.step_round, moment)
        self.records.append((key, self._digest.hexdigest(), dumps(game.view(self.seat))))

    @hookimpl(trylast=True)
    def sog_step_end(self, game: Game, step: Any) -> None:
        self.record(game, "end")


class _Asked:
    """A controller that lets the watcher record before the wrapped bot decides."""

    def __init__(self, bot: Any, watcher: _Watcher, game: Game) -> None:
        self.bot, self.watcher, self.game = bot, watcher, game

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        self.watcher.record(self.game, f"ask {request.id}")
        return self.bot.decide(view, request)


class _Switch:
    """A random bot that, from turn ``turn`` on, answers from another generator."""

    def __init__(self, game: Game, seat: str, seed: int, turn: int, other_seed: int | None) -> None:
        self.game, self.turn = game, turn
        self.first = make_bot("random", seed, seat)
        self.second = make_bot("random", other_seed, seat) if other_seed is not None else self.first

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        bot = self.first if self.game.state.turn < self.turn else self.second
        return bot.decide(view, request)


def _play(library, melee, level, options, seed, watch, fork_turn, other_seed):
    watcher = _Watcher(watch)
    provider = testing.RuleProvider(watcher.name, watcher)
    game = new_game(SCENARIO, level=level, seed=seed, library=library, options=[*options, watcher.name],
                    catalogue=create_catalogue(entry_point_plugins=False, extra=[provider]))
    melee(game)
    controllers = {}
    for seat in game.seats():
        if seat == watch:
            controllers[seat] = _Asked(make_bot("random", seed, seat), watcher, game)
        else:
            controllers[seat] = _Switch(game, seat, seed, fork_turn, other_seed)
    game.run(controllers, max_turns=TURNS)
    return watcher.records


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}/{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}/{i}")
    return f"{path}: {a!r} != {b!r}"


def _compared(records_a, records_b) -> int:
    """Compare views while the shown history is the same; return how many were compared."""
    compared = 0
    for (key_a, shown_a, view_a), (key_b, shown_b, view_b) in zip(records_a, records_b):
        if key_a != key_b or shown_a != shown_b:
            break
        if view_a != view_b:
            where = _first_difference(json.loads(view_a), json.loads(view_b))
            pytest.fail(f"at {key_a} the view depends on the other seat's secrets: {where}")
        compared += 1
    return compared


def _cases(catalogue):
    for level in LEVELS:
        for options in ((), tuple(testing.options_at(catalogue, level))):
            yield pytest.param(level, options, id=f"{level}-{'all-options' if options else 'no-options'}")


@pytest.mark.parametrize("level, options", list(_cases(create_catalogue(entry_point_plugins=False))))
def test_a_seats_view_does_not_depend_on_the_other_seats_secrets(library, melee, level, options):
    compared = 0
    for seed in (1, 2):
        for watch in ("british", "french"):
            base = _play(library, melee, level, options, seed, watch, TURNS + 1, None)
            for fork_turn in range(1, TURNS + 1):
                forked = _play(library, melee, level, options, seed, watch, fork_turn, seed + 1000)
                compared += _compared(base, forked)
    assert compared > 50  # the comparison is not vacuous


def test_views_hold_no_seed_generator_or_pool_order(library, catalogue):
    game = new_game(SCENARIO, level="advanced", seed=123456789, library=library, catalogue=catalogue,
                    options=testing.options_at(catalogue, "advanced"))
    secrets = {str(game.state.seed), str(game.rng.state().state), str(game.rng.state().inc)}
    seen = 0
    while not game.over and game.state.turn <= 3:
        game.advance()
        game.snapshot()
        secrets |= {str(game.state.rng.state), str(game.state.rng.inc)}
        for seat in game.seats():
            text = dumps(game.view(seat))
            assert not any(s in text for s in secrets)
            for key in ('"seed"', '"rng"', '"bag"', '"stacked"'):
                assert key not in text
            assert dumps(game.events_for(seat)).count(str(game.state.seed)) == 0
            seen += 1
        for request in game.pending():
            game.submit(request.seat, request.id, request.choices[0])
    assert seen > 10


def test_a_seat_is_not_shown_another_seats_answers_or_planned_cards(library, catalogue):
    game = new_game(SCENARIO, level="standard", seed=5, library=library, catalogue=catalogue)
    game.run({seat: make_bot("random", 5, seat) for seat in game.seats()}, max_turns=2)
    for event in game.events_for("british"):
        if event["kind"] == "decisions":
            for answer in event["data"]["answers"]:
                assert (answer["answer"] == "hidden") == (answer["seat"] != "british")
        if event["kind"] == "planned":
            ours = game.ship(event["data"]["ship"]).seat == "british"
            assert (event["data"]["card"] == "hidden") != ours
    assert any(e["kind"] == "planned" for e in game.log.events)
