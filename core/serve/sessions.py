"""Running games: created or loaded lazily from the store, played by bots between people's
answers, saved after every change, and their browsers told.

Each game has an :class:`asyncio.Lock`; the engine's work runs in a worker thread while the
lock is held, so one game changes one answer at a time and other games go on. After every
accepted answer (and the bots' moves and the advance that follow) the game is saved in one
transaction before anyone is told. A seat may change an answer of the open round until the
round is revealed (every seat has answered). A game with no human seat plays a turn at a
time in the background (:data:`BOT_PACE` seconds apart), saved after each. An error inside
the engine drops the game from memory: the next request reloads the last save.

The bots' moves after a person's answer are played within the request for at most
:data:`ANSWER_BUDGET` seconds (the round the answer completes is always resolved); a longer
stretch of bots alone goes on in the background, :data:`CHUNK` seconds at a time under the
game's lock, saved and rung after each, while the payload's ``waiting_for`` names the bots.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from sog.bots import make_bot
from sog.errors import ConfigError, GameOver, IllegalDecision
from sog.game import Controller, Game
from sog.packs.errors import ContentError
from sog.packs.library import Library
from sog.pluginmanager import Catalogue
from sog.rng import Rng, RngState
from sog.savefile import dump_game, load_saved
from sog.serve.errors import ApiError
from sog.serve.lobby import HUMAN, NewGame
from sog.serve.payloads import engine_answer, waiting_for
from sog.serve.store import Store
from sog.serve.tokens import new_token, token_digest, well_formed

__all__ = ["ANSWER_BUDGET", "BOT_PACE", "CHUNK", "Created", "Running", "Sessions", "person_asked", "play"]

log = logging.getLogger("sog.serve")
T = TypeVar("T")

#: Seconds between two turns of a game played by bots alone.
BOT_PACE = 0.5
#: Seconds of the bots' play an answer request waits for; the rest goes on in the background.
ANSWER_BUDGET = 0.2
#: Seconds of the bots' play between two saves (and bells) in the background.
CHUNK = 0.3
#: Seconds the server waits, when it stops, for the background play to reach a save.
CLOSE_WAIT = 30.0
#: Games kept in memory; beyond, the least recently used idle one (nobody listening, no
#: background play, not being changed) is dropped: it is saved, and reloaded on its next use.
MAX_LOADED = 256
#: Seconds a game stays in memory after its last use, whatever the limit.
IDLE_BEFORE_DROP = 60.0
#: Messages kept for a slow browser before the oldest are dropped (each only rings the bell).
QUEUE_SIZE = 8


@dataclass
class Running:
    """A game in memory: who plays each seat, the bots, the lock and the browsers listening."""

    id: str
    game: Game
    players: dict[str, str]
    bots: dict[str, Controller]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    used: float = field(default_factory=time.monotonic)
    listeners: set[asyncio.Queue[dict[str, Any]]] = field(default_factory=set)
    #: The bots have more to play than the last request played (written under the lock).
    bots_to_play: bool = False

    @property
    def all_bots(self) -> bool:
        return HUMAN not in self.players.values()

    def seats_record(self) -> dict[str, Any]:
        """What the save keeps of each seat: its player, and a bot's generator state."""
        record: dict[str, Any] = {}
        for seat, name in self.players.items():
            entry: dict[str, Any] = {"controller": name}
            rng = _generator(self.bots.get(seat))
            if rng is not None:
                entry["rng"] = rng.state().model_dump()
            record[seat] = entry
        return record

    def save_data(self) -> dict[str, Any]:
        return dump_game(self.game, seats=self.seats_record())


@dataclass(frozen=True)
class Created:
    """A new game's id and links: a token per human seat, and the spectators' token."""

    id: str
    seats: dict[str, str]
    spectator: str


def _generator(bot: Controller | None) -> Rng | None:
    rng = getattr(bot, "_rng", None)
    return rng if isinstance(rng, Rng) else None


def _bots(game: Game, players: dict[str, str], saved: dict[str, Any]) -> dict[str, Controller]:
    """The bot of each bot seat; one the save recorded resumes its own generator."""
    bots: dict[str, Controller] = {}
    for seat, name in players.items():
        if name == HUMAN:
            continue
        bot = make_bot(name, game.state.seed, seat, game.system)
        entry = saved.get(seat, {})
        if entry.get("controller") == name and "rng" in entry and _generator(bot) is not None:
            bot._rng = Rng.from_state(RngState(**entry["rng"]))  # type: ignore[attr-defined]
        bots[seat] = bot
    return bots


def person_asked(running: Running) -> bool:
    """Does a person (not a bot) have an open request?"""
    return any(r.seat not in running.bots for r in running.game.pending())


def _bots_to_play(running: Running) -> bool:
    """Is it the bots' move: one of them asked, or nobody at all (the game goes on by itself)?"""
    return any(running.game.pending(seat) for seat in running.bots) or not person_asked(running)


def play(running: Running, turns: int | None = None, until: float | None = None) -> bool:
    """Advance, letting the bots answer, until a person must decide, the game ends or (with
    ``turns``) that many more turns are done; or, past ``until`` (:func:`time.monotonic`), at
    the next point where a bot is asked or nobody is, once the game moved (a round resolved, a
    bot answered). Runs in a worker thread, under the game's lock.

    :return: ``False`` when stopped at ``until`` with the bots still to play, else ``True``.
    """
    game = running.game
    limit = None if turns is None else game.state.turn + turns - (1 if game.state.step_index >= 0 else 0)
    start, moved = len(game.log.events), False
    while not game.over:
        game.advance(limit)
        moved = moved or len(game.log.events) > start
        if until is not None and moved and not game.over and time.monotonic() >= until and _bots_to_play(running):
            return False  # waiting_for names the bots asked now
        if game.answer_open(running.bots):
            moved = True
            continue
        if game.pending():
            return True  # a person decides
        if limit is not None and game.state.turn >= limit and game.state.step_index < 0:
            return True
    return True


class Sessions:
    """Every game this server runs, loaded on first use."""

    def __init__(self, store: Store, library: Library, catalogue: Catalogue, *, bot_pace: float = BOT_PACE,
                 max_loaded: int = MAX_LOADED) -> None:
        self.store = store
        self.library = library
        self.catalogue = catalogue
        self.bot_pace = bot_pace
        #: Seconds of the bots' play an answer (or a new game) waits for (:data:`ANSWER_BUDGET`).
        self.answer_budget = ANSWER_BUDGET
        self.max_loaded = max_loaded
        self._games: OrderedDict[str, Running] = OrderedDict()
        self._loading = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self._continuing: dict[str, asyncio.Task[None]] = {}
        self._closing = asyncio.Event()

    # ------------------------------------------------------------------ games

    async def create(self, spec: NewGame) -> Created:
        """Set up, store and start a game; bots play until a person must decide.

        :raises ApiError: 400 when the engine refuses the scenario's rules or options.
        """
        from sog.setup import new_game

        def build() -> Running:
            try:
                game = new_game(spec.scenario, library=self.library, catalogue=self.catalogue, level=spec.level,
                                add_options=spec.options, settings=spec.settings, seed=spec.seed, blocked=spec.blocked,
                                lineup=spec.lineup, points_limit=spec.points_limit)
            except (ConfigError, ContentError, KeyError) as exc:
                message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
                raise ApiError(400, str(message)) from None
            running = Running(uuid.uuid4().hex, game, dict(spec.players), {})
            running.bots = _bots(game, running.players, {})
            if running.all_bots:
                play(running, 1)
            else:
                running.bots_to_play = not play(running, until=time.monotonic() + self.answer_budget)
            return running

        running = await run_in_threadpool(build)
        seats = {seat: new_token() for seat, name in running.players.items() if name == HUMAN}
        spectator = new_token()
        links: dict[str, str | None] = {token_digest(t): seat for seat, t in seats.items()}
        links[token_digest(spectator)] = None
        data = await run_in_threadpool(running.save_data)
        await run_in_threadpool(self.store.create, running.id, spec.scenario, data, links)
        self._keep(running)
        self._autoplay(running)
        self._continue(running)
        return Created(running.id, seats, spectator)

    async def linked(self, token: str) -> tuple[Running, str | None]:
        """The game and seat (``None``: the spectators) of a link's token.

        :raises ApiError: 404 for a token no game has (or one not even well formed).
        """
        found = await run_in_threadpool(self.store.link, token_digest(token)) if well_formed(token) else None
        if found is None:
            raise ApiError(404, "unknown link")
        game_id, seat = found
        return await self.get(game_id), seat

    async def get(self, game_id: str) -> Running:
        """The running game ``game_id``, loaded from the store if needed.

        :raises ApiError: 404 when it is not stored.
        """
        running = self._games.get(game_id)
        if running is not None:
            self._games.move_to_end(game_id)
            running.used = time.monotonic()
            return running
        async with self._loading:
            running = self._games.get(game_id)
            if running is None:
                running = await run_in_threadpool(self._load, game_id)
                self._keep(running)
                self._autoplay(running)
                self._continue(running)
        return running

    def _keep(self, running: Running) -> None:
        """Hold a game in memory, dropping the least recently used idle ones beyond the limit."""
        self._games[running.id] = running
        busy = {t.get_name() for t in self._tasks}
        idle = time.monotonic() - IDLE_BEFORE_DROP
        for game_id, other in list(self._games.items()):
            if len(self._games) <= self.max_loaded:
                break
            if (other is not running and not other.listeners and not other.lock.locked() and game_id not in busy
                    and other.used < idle):
                del self._games[game_id]

    def _load(self, game_id: str) -> Running:
        data = self.store.load(game_id)
        if data is None:
            raise ApiError(404, "no such game")
        saved = load_saved(data, library=self.library, catalogue=self.catalogue)
        players = {seat: entry.get("controller", HUMAN) for seat, entry in saved.seats.items()}
        running = Running(game_id, saved.game, players, _bots(saved.game, players, saved.seats))
        running.bots_to_play = not running.game.over and _bots_to_play(running)  # saved in a stretch
        return running

    def loaded(self) -> list[str]:
        """The ids of the games in memory."""
        return list(self._games)

    async def run(self, running: Running, work: Callable[[], T]) -> T:
        """Run ``work`` on the game in a worker thread, under its lock. An engine error (a
        bug, not a refused answer) drops the game from memory, to be reloaded from its save."""
        async with running.lock:
            if self._games.get(running.id) is not running:  # dropped meanwhile: never change a stale copy
                raise ApiError(409, "the game was reloaded meanwhile: try again")
            try:
                return await run_in_threadpool(work)
            except (ApiError, IllegalDecision, GameOver):  # refused: nothing changed
                raise
            except Exception:
                self._games.pop(running.id, None)
                raise

    async def answer(self, running: Running, seat: str, body: dict[str, Any]) -> None:
        """Submit a seat's answer through the engine, let the bots play (for at most
        :attr:`answer_budget` seconds, then in the background), save, tell the browsers.

        An own request already answered but not yet revealed gets the new answer instead
        (``Game.submit(..., replace=True)``); nothing public changes then, so no browser is rung.

        :raises IllegalDecision: (and its subclasses, or :class:`~sog.errors.GameOver`) the
            engine refuses it; nothing changed.
        :raises ApiError: 400 for a malformed answer.
        """
        game = running.game

        def work() -> dict[str, Any] | None:
            request_id = body["request_id"]
            request = next((r for r in game.state.pending if r.id == request_id and r.seat == seat), None)
            value = engine_answer(request, body)
            replacing = request is not None and request_id in game.state.answers
            game.submit(seat, request_id, value, replace=replacing)
            try:
                running.bots_to_play = not play(running, until=time.monotonic() + self.answer_budget)
                self.store.save(running.id, running.save_data())
            except Exception:
                self._games.pop(running.id, None)  # accepted but not saved: reload the last save
                raise
            return None if replacing else update_message(running)

        message = await self.run(running, work)
        if message is not None:
            self.notify(running, message)
        self._continue(running)

    # ------------------------------------------------------------------ the bots' stretches

    def _continue(self, running: Running) -> None:
        """Let the bots play on in the background when the last request left them to (one task
        a game: a task still running sees the flag and goes on)."""
        current = self._continuing.get(running.id)
        if running.all_bots or not running.bots_to_play or (current is not None and not current.done()):
            return
        task = asyncio.get_running_loop().create_task(self._play_on(running), name=running.id)
        self._continuing[running.id] = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(lambda t: self._continuing.pop(running.id) if self._continuing.get(running.id) is t else None)

    async def _play_on(self, running: Running) -> None:
        """The bots' stretch, :data:`CHUNK` seconds at a time, saved and rung after each, the
        lock let go between (a page may look or answer meanwhile), until only people are asked."""
        while running.bots_to_play and self._games.get(running.id) is running and not self._closing.is_set():

            def chunk() -> dict[str, Any]:
                running.bots_to_play = not play(running, until=time.monotonic() + CHUNK)
                self.store.save(running.id, running.save_data())
                return update_message(running)

            try:
                message = await self.run(running, chunk)
            except ApiError:  # dropped from memory meanwhile: its next load goes on
                return
            except Exception:
                log.exception("game %s stopped", running.id)
                return
            self.notify(running, message)
            await asyncio.sleep(0)

    # ------------------------------------------------------------------ bots alone

    def _autoplay(self, running: Running) -> None:
        if running.all_bots and not running.game.over:
            task = asyncio.get_running_loop().create_task(self._play_alone(running), name=running.id)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _play_alone(self, running: Running) -> None:
        """A turn at a time, saved after each, until the game ends or leaves memory."""
        while not running.game.over and self._games.get(running.id) is running:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._closing.wait(), self.bot_pace)
            if self._closing.is_set():
                return

            def turn() -> dict[str, Any]:
                play(running, 1)
                self.store.save(running.id, running.save_data())
                return update_message(running)

            try:
                message = await self.run(running, turn)
            except Exception:
                log.exception("game %s stopped", running.id)
                return
            self.notify(running, message)

    async def close(self) -> None:
        """Stop the background games once their current turn or chunk is played and saved (a
        cancelled wait would leave the engine running in its worker thread as the server exits)."""
        self._closing.set()
        tasks = list(self._tasks)
        if tasks:
            _done, late = await asyncio.wait(tasks, timeout=CLOSE_WAIT)
            for task in late:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------------ browsers

    def listen(self, running: Running) -> asyncio.Queue[dict[str, Any]]:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE_SIZE)
        running.listeners.add(queue)
        return queue

    def unlisten(self, running: Running, queue: asyncio.Queue[dict[str, Any]]) -> None:
        running.listeners.discard(queue)

    def notify(self, running: Running, message: dict[str, Any]) -> None:
        """Ring every browser of the game with ``message`` (:func:`update_message`)."""
        for queue in list(running.listeners):
            if queue.full():
                queue.get_nowait()  # a slow browser misses an old bell, never the last
            queue.put_nowait(message)


def update_message(running: Running) -> dict[str, Any]:
    """The websocket message telling a game changed: public facts only (each browser then
    asks for its own view). Built under the game's lock."""
    game = running.game
    return {"type": "update", "game": running.id, "turn": game.state.turn, "events": len(game.log.events),
            "over": game.over, "waiting_for": waiting_for(game)}
