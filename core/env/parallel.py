"""A PettingZoo ``ParallelEnv`` over a scenario: every seat an agent, actions masked to the
legal answers, observations from the seat's view only.

One step answers, for every agent that has an open decision, its first open request (a seat
asked about several pieces at once answers them over several steps); then the game runs on
until a decision is open again, the game is over (every agent terminated) or turn
``max_turns`` is done (every agent truncated). Rewards come at the end: +1 for each seat of
the winning side, -1 for every other seat, 0 for all in a game without a winner.

The observation of a seat is the game system's :class:`sog.systems.Observer` vector of
``game.view(seat)`` followed by what the seat's first open request is: a one-hot of its kind
(the game's decision kinds, sorted) and the share of the action space it offers. Nothing else
of the game is read, so an observation never shows another seat's secrets.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from sog.bots import bots_for, make_bot
from sog.decisions import DecisionRequest
from sog.env.actions import action_mask, answer_for, offered
from sog.errors import ConfigError, IllegalDecision, PluginError
from sog.game import Controller, Game
from sog.packs.errors import UnknownId
from sog.packs.library import Library
from sog.pluginmanager import Catalogue, content_kinds, create_catalogue
from sog.setup import check_seed, new_game
from sog.simulate import game_seed

__all__ = ["SogParallelEnv"]

RENDER_MODES = ("ansi",)


class SogParallelEnv(ParallelEnv):
    """Games of ``scenario`` as a parallel multi-agent environment.

    :param scenario: the scenario's id.
    :param level: the rules level (default: the scenario's).
    :param options: optional rules switched on besides the scenario's own.
    :param packs: further content pack folders; or give a loaded ``library`` instead.
    :param catalogue: the rules and game systems (default: every installed one).
    :param bots: seats played by a bot inside the environment, by bot name (``"random"`` or
        one of the system's, as ``sog play --bots``); the other seats are the agents.
    :param max_turns: the game is truncated after this turn (a positive integer).
    :param max_actions: the size of the action space; a request with more legal answers
        offers ``max_actions`` of them (:data:`sog.env.actions.SPREAD_RULING`).
    :param strict: an action the mask rules out raises :class:`~sog.errors.IllegalDecision`;
        by default it is taken modulo the offered answers and ``infos[agent]["illegal_action"]``
        says so.
    :param render_mode: ``None`` or ``"ansi"`` (:meth:`render` returns the table as text).
    :raises ConfigError: a bad argument, or a game system that declares no observer.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "sog_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": True}

    def __init__(
        self,
        scenario: str,
        *,
        level: str | None = None,
        options: Sequence[str] = (),
        packs: Sequence[str | Path] = (),
        library: Library | None = None,
        catalogue: Catalogue | None = None,
        bots: Mapping[str, str] | None = None,
        max_turns: int = 100,
        max_actions: int = 32,
        strict: bool = False,
        render_mode: str | None = None,
    ) -> None:
        for name, value in (("max_turns", max_turns), ("max_actions", max_actions)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ConfigError(f"{name} must be a positive integer, got {value!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, got {render_mode!r}")
        if isinstance(options, str):
            raise ConfigError(f"options must be a list of rule names, not the string {options!r}")
        if library is not None and packs:
            raise ConfigError("give either packs (folders to load) or a loaded library, not both")
        if not isinstance(scenario, str) or not scenario:
            raise ConfigError(f"scenario must be a scenario id, got {scenario!r}")
        catalogue = catalogue or create_catalogue()  # built once: every reset builds a game with it
        if library is None:
            from sog.packs.loader import load_library

            library = load_library([Path(p) for p in packs], kinds=content_kinds(catalogue))
        self.scenario, self.level, self.options = scenario, level, tuple(options)
        self.max_turns, self.max_actions, self.strict, self.render_mode = max_turns, max_actions, strict, render_mode
        self._library, self._catalogue = library, catalogue
        try:
            probe = self._new_game(0)
        except UnknownId as exc:
            raise ConfigError(str(exc)) from exc  # "no scenario with id ..., did you mean ..."
        observer = probe.system.observer
        if observer is None:
            raise ConfigError(f"game system {probe.system.name!r} declares no observer: its views cannot be "
                              f"encoded as observations (GameSystem.observer)")
        self._observer = observer
        self._kinds = {kind: i for i, kind in enumerate(sorted(probe.decision_kinds))}
        self.bots = _check_bots(dict(bots or {}), probe)
        self.possible_agents: list[str] = [seat for seat in probe.seats() if seat not in self.bots]
        self.agents: list[str] = []
        self._sizes = {seat: observer.size(probe.view(seat), seat) for seat in self.possible_agents}
        extra = len(self._kinds) + 1
        self._observation_spaces = {
            seat: spaces.Dict({
                "observation": spaces.Box(-1.0, 1.0, (self._sizes[seat] + extra,), np.float32),
                "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
            })
            for seat in self.possible_agents
        }
        self._action_spaces = {seat: spaces.Discrete(max_actions) for seat in self.possible_agents}
        self._game: Game | None = None
        self._controllers: dict[str, Controller] = {}
        self._base_seed: int | None = None
        self._resets = 0
        self._seed = 0

    # ------------------------------------------------------------------ PettingZoo API

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[self._known(agent)]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game, run until some seat has a decision to make.

        ``seed`` (0 to 2**64 - 1) is the game's seed (``sog play SCENARIO --seed SEED``
        plays the same game); later resets without a seed play game 0, 1, ... of a
        ``sog simulate`` run from that seed (:func:`sog.simulate.game_seed`); without any
        seed, a seed from the system's entropy. :attr:`seed` is the game's seed (never in the
        agents' observations or infos: with it a seat could foresee every draw).
        ``options`` are accepted and not used.
        """
        if seed is not None:
            self._base_seed, self._resets = check_seed(seed), 0
            self._seed = seed
        else:
            if self._base_seed is None:
                self._base_seed = random.SystemRandom().getrandbits(64)
            self._seed = game_seed(self._base_seed, self._resets)
            self._resets += 1
        self._game = self._new_game(self._seed)
        self._controllers = {seat: make_bot(name, self._seed, seat, self._game.system) for seat, name in self.bots.items()}
        self.agents = list(self.possible_agents)
        self._run()
        infos = {seat: self._info(seat, legal=True) for seat in self.agents}
        return {seat: self._observe(seat) for seat in self.agents}, infos

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        """Answer each acting agent's first open request with its action, then run the game on.

        An agent may be left out (its request stays open); an agent with nothing to decide
        takes action 0 (any other is ignored, or refused when ``strict``).

        :raises ConfigError: no game under way (call :meth:`reset`), an agent that is not
            playing, or an action that is not an integer.
        :raises IllegalDecision: with ``strict``, an action the mask rules out.
        """
        game = self._game
        if game is None or not self.agents:
            raise ConfigError("no game is under way: call reset() first (and again once every agent is done)")
        stray = sorted(set(actions) - set(self.agents))
        if stray:
            raise ConfigError(f"actions for agents not playing: {', '.join(map(str, stray))} (playing: {', '.join(self.agents)})")
        legal: dict[str, bool] = {seat: True for seat in self.agents}
        answers: list[tuple[str, str, Any]] = []
        for seat in self.agents:  # every action is checked before any is submitted
            if seat not in actions:
                continue
            action = _integer(seat, actions[seat])
            request = self._request(seat)
            if request is None:
                legal[seat] = action == 0
                if not legal[seat] and self.strict:
                    raise IllegalDecision(f"{seat} has nothing to decide: the only legal action is 0, got {action}")
                continue
            answer, legal[seat] = answer_for(request, action, self.max_actions)
            if not legal[seat] and self.strict:
                raise IllegalDecision(f"{seat}: action {action} is masked out; {request.id} offers actions "
                                      f"0 to {len(offered(request, self.max_actions)) - 1}")
            answers.append((seat, request.id, answer))
        for seat, request_id, answer in answers:
            game.submit(seat, request_id, answer)
        self._run()
        over, truncated = game.over, self._truncated()
        rewards = {seat: self._reward(seat) for seat in self.agents}
        terminations = {seat: over for seat in self.agents}
        truncations = {seat: truncated and not over for seat in self.agents}
        observations = {seat: self._observe(seat) for seat in self.agents}
        infos = {seat: self._info(seat, legal=legal[seat]) for seat in self.agents}
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``): the turn, then every piece. Omniscient."""
        if self.render_mode is None or self._game is None:
            return None
        game = self._game
        lines = [f"{game.state.scenario}, turn {game.state.turn}, step {game.step.name if game.step else '-'}"]
        for ship in game.ships(in_play=False):
            pose = ship.pose
            lines.append(f"  {ship.id} ({ship.side}) {ship.status} at ({pose.x:.0f}, {pose.y:.0f}) heading {pose.heading:.0f}")
        if game.over and game.outcome is not None:
            lines.append(f"  over: {game.outcome.winner or 'no winner'} ({game.outcome.reason})")
        return "\n".join(lines)

    def close(self) -> None:
        self._game = None
        self.agents = []

    # ------------------------------------------------------------------ more

    @property
    def seed(self) -> int | None:
        """The seed of the game under way (to replay it; omniscient like :attr:`game`)."""
        return None if self._game is None else self._seed

    @property
    def game(self) -> Game | None:
        """The game under way (omniscient: for tests and tools, not for agents)."""
        return self._game

    # ------------------------------------------------------------------ machinery

    def _known(self, agent: str) -> str:
        if agent not in self._action_spaces:
            raise ConfigError(f"unknown agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return agent

    def _new_game(self, seed: int) -> Game:
        return new_game(self.scenario, library=self._library, catalogue=self._catalogue, level=self.level,
                        add_options=list(self.options), seed=seed)

    def _run(self) -> None:
        """Advance until an agent's decision is open, the game is over or turn ``max_turns``
        is done; the bots answer theirs on the way."""
        game = self._game
        assert game is not None
        while True:
            game.advance(self.max_turns)  # at once when decisions are open
            if game.over or self._truncated():
                return
            if not game.answer_open(self._controllers) and game.pending():
                return

    def _truncated(self) -> bool:
        game = self._game
        assert game is not None
        state = game.state
        return not game.over and state.turn >= self.max_turns and state.step_index < 0 and not state.pending

    def _request(self, seat: str) -> DecisionRequest | None:
        assert self._game is not None
        pending = self._game.pending(seat)
        return pending[0] if pending else None

    def _reward(self, seat: str) -> float:
        game = self._game
        assert game is not None
        if not game.over or game.outcome is None or game.outcome.winner is None:
            return 0.0
        return 1.0 if seat in game.state.sides.get(game.outcome.winner, []) else -1.0

    def _observe(self, seat: str) -> dict[str, np.ndarray]:
        game = self._game
        assert game is not None
        view = game.view(seat)
        numbers = list(self._observer.encode(view, seat))
        if len(numbers) != self._sizes[seat]:
            raise PluginError(f"the observer of {game.system.name!r} gave {len(numbers)} numbers for {seat}, "
                              f"not the {self._sizes[seat]} its size declares")
        kinds = [0.0] * len(self._kinds)
        request = view["pending"][0] if view["pending"] else None
        share = 0.0
        if request is not None:
            if request["kind"] in self._kinds:
                kinds[self._kinds[request["kind"]]] = 1.0
            share = len(offered(DecisionRequest.model_validate(request), self.max_actions)) / self.max_actions
        vector = np.clip(np.asarray(numbers + kinds + [share], dtype=np.float32), -1.0, 1.0)
        return {"observation": vector, "action_mask": action_mask(self._request(seat), self.max_actions)}

    def _info(self, seat: str, *, legal: bool) -> dict[str, Any]:
        game = self._game
        assert game is not None
        request = self._request(seat)
        info: dict[str, Any] = {"turn": game.state.turn, "illegal_action": not legal}
        if request is None:
            info.update(request=None, kind=None, ship=None, labels=[], legal_answers=0)
        else:
            indexes = offered(request, self.max_actions)
            info.update(request=request.id, kind=request.kind, ship=request.ship,
                        labels=[request.label(i) for i in indexes], legal_answers=request.count())
        if game.over and game.outcome is not None:
            info["outcome"] = {"winner": game.outcome.winner, "reason": game.outcome.reason}
        return info


def _check_bots(bots: dict[str, str], game: Game) -> dict[str, str]:
    """``bots`` if it names seats of the game and bots of its system, leaving an agent."""
    seats, known = game.seats(), bots_for(game.system)
    for seat, name in bots.items():
        if seat not in seats:
            raise ConfigError(f"bots: unknown seat {seat!r}; the seats are {', '.join(seats)}")
        if name not in known:
            raise ConfigError(f"bots: unknown bot {name!r} for {seat}; the bots are {', '.join(known)}")
    if set(seats) <= set(bots):
        raise ConfigError("bots play every seat: leave at least one seat to the agents")
    return bots


def _integer(seat: str, action: Any) -> int:
    """An action as an int (a Python or NumPy integer, or a 0-d integer array)."""
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        return int(action)
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise ConfigError(f"the action of {seat} must be an integer, got {action!r}")
    return int(action)
