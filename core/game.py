"""The game: a state machine of turns, steps and decision rounds, driven by rule plugins.

A turn is the ordered list of steps the rules contribute; steps marked ``per_side`` are
played by each side in turn (:mod:`sog.schedule`). At each step the core:

1. calls ``sog_step_begin`` (work that needs no decision);
2. asks ``sog_decisions_needed``; if there are requests, waits until every seat has
   answered its own (:meth:`Game.submit`), then calls ``sog_step_resolve`` with all answers
   at once (secret, simultaneous) and asks again. Until then a seat may change its mind
   (:meth:`Game.withdraw`, then submit again): the round is revealed at once when every
   seat has answered, and the log holds only the final answers (replays are unaffected);
3. when no request is left, calls ``sog_step_end``, then ``sog_check_victory``.

:meth:`Game.advance` runs as far as possible without answers; :meth:`Game.run` drives the
game with controllers (bots, scripts, people). The core knows no rule and no game system.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pluggy

from sog.decisions import DecisionRequest
from sog.dispatch import DirectHooks
from sog.errors import ConfigError, PluginError
from sog.events import CORE_EVENT_KINDS, EventLog, dumps
from sog.asking import Asking, copied_answer
from sog.hooktypes import Outcome, Step
from sog.packs.library import Library
from sog.pools import CounterPools, counter_table
from sog.rng import Rng
from sog.rules import RuleSelection
from sog.schedule import Slot, build_schedule, has_parts
from sog.seats import Controller, SeatView
from sog.state import Counter, GameState, OutcomeState, ShipState
from sog.systems import GameSystem

__all__ = ["Controller", "Game", "SeatView"]

class Game(Asking):
    """A game in progress. Build one with :func:`sog.setup.new_game` or :func:`sog.savefile.load_game`.

    :ivar state: the serialisable :class:`~sog.state.GameState`.
    :ivar content: the loaded packs.
    :ivar rules: the rules in force, with their settings.
    :ivar log: the event log.
    :ivar system: the game system played.
    """

    def __init__(
        self,
        state: GameState,
        content: Library,
        rules: RuleSelection,
        pm: pluggy.PluginManager,
        log: EventLog,
        *,
        system: GameSystem,
    ) -> None:
        self.system = system
        self.state = state
        self.content = content
        self.rules = rules
        self.log = log
        self._pm = pm
        direct = getattr(pm, "direct", None)
        #: The rules' hooks, called directly (:mod:`sog.dispatch`): as ``pm.hook``, faster.
        self._every_hook = direct if isinstance(direct, DirectHooks) else DirectHooks(pm, live=False)
        self.hook = self._every_hook
        self.rng = Rng.from_state(state.rng)
        tables = {pid: counter_table(content, pid) for pid in state.pools}
        self.pools = CounterPools(tables, state.pools)
        self.event_kinds: dict[str, str] = dict(CORE_EVENT_KINDS)
        for declared in self.hook.sog_event_kinds():
            self.event_kinds.update(declared or {})
        self.decision_kinds: dict[str, str] = {}
        for declared in self.hook.sog_decision_kinds():
            self.decision_kinds.update(declared or {})
        self.steps = self._collect_steps()
        if not self.steps:
            raise ConfigError("the rules in force contribute no step to a turn: nothing could happen in this game")
        self._schedule: list[Slot] = build_schedule(self.steps, self.state.side_order)
        self._asked = True  # unknown for a turn begun before this object existed (a loaded save)
        self._idle_turn_done = False
        self._observed = bool(self.hook.sog_event.get_hookimpls())
        self._step_done: Callable[[], None] | None = None  # Game.run's observer at each step end, if asked
        self._seats = frozenset(self.seats())
        self._docs: dict[str, Any] = {}

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        """True once the game is decided."""
        return self.state.outcome is not None

    @property
    def outcome(self) -> OutcomeState | None:
        return self.state.outcome

    @property
    def step(self) -> Step | None:
        """The current step, or ``None`` between turns."""
        i = self.state.step_index
        return self._schedule[i][0] if 0 <= i < len(self._schedule) else None

    def _current_step(self) -> Step:
        """The step being played (only called within a turn)."""
        return self._schedule[self.state.step_index][0]

    @property
    def schedule(self) -> list[Slot]:
        """This turn's steps in order, each with the side playing it (``None``: everybody)."""
        return list(self._schedule)

    @property
    def active_side(self) -> str | None:
        """The side playing its part of the turn (``per_side`` steps), else ``None``."""
        i = self.state.step_index
        return self._schedule[i][1] if 0 <= i < len(self._schedule) else None

    def ships(self, *, in_play: bool = True, side: str | None = None) -> list[ShipState]:
        """Ships in scenario order, by default only those in play."""
        ships = self.state.ships.values()
        if not in_play:
            return list(ships) if side is None else [s for s in ships if s.side == side]
        return [s for s in ships if s.in_play] if side is None else [s for s in ships if s.side == side and s.in_play]

    def obstacles(self) -> list[ShipState]:
        """Ships out of play whose model stays on the table (``sog_table_obstacles``).

        In scenario order, each once. They block movement and line of sight but are never
        targets; the movement rule moves them too (drifting ships).

        :raises PluginError: a rule names a ship the scenario does not have.
        """
        declared = {ship_id for ids in self.hook.sog_table_obstacles(game=self) for ship_id in ids or []}
        if not declared:
            return []
        unknown = declared - self.state.ships.keys()
        if unknown:
            raise PluginError(f"sog_table_obstacles names unknown ships: {', '.join(sorted(unknown))}")
        return [s for s in self.state.ships.values() if s.id in declared and not s.in_play]

    def ships_on_table(self) -> list[ShipState]:
        """Every model on the table, in scenario order: the ships in play and the obstacles."""
        obstacles = {s.id for s in self.obstacles()}
        return [s for s in self.state.ships.values() if s.in_play or s.id in obstacles]

    def ship(self, ship_id: str) -> ShipState:
        return self.state.ships[ship_id]

    def ship_doc(self, ship: ShipState) -> Any:
        """The content document of a ship (of the system's ``ship_kind``)."""
        doc = self._docs.get(ship.ship)
        if doc is None:
            doc = self._docs[ship.ship] = self.content.get(self.system.ship_kind, ship.ship)
        return doc

    def settings(self, rule: str) -> Mapping[str, Any]:
        """The validated settings of a rule in force (empty when it has none)."""
        return self.rules.settings.get(rule, {})

    def rule_on(self, name: str) -> bool:
        """Is the named rule in force in this game?"""
        return name in self.rules.names

    def seats(self) -> list[str]:
        """Every seat, in scenario order."""
        return [seat for seats in self.state.sides.values() for seat in seats]

    def pending(self, seat: str | None = None) -> list[DecisionRequest]:
        """Open requests not yet answered, optionally only ``seat``'s."""
        return [r for r in self.state.pending if r.id not in self.state.answers and (seat is None or r.seat == seat)]

    # ------------------------------------------------------------------ services for rules

    def emit(self, kind: str, /, **data: Any) -> dict[str, Any]:
        """Append an event to the log and tell observers.

        :raises PluginError: if ``kind`` was never declared (a typo in a rule).
        """
        if kind not in self.event_kinds:
            raise PluginError(f"event kind {kind!r} is not declared by any rule (sog_event_kinds)")
        state = self.state
        state.event_seq += 1
        i = state.step_index
        slot = self._schedule[i] if 0 <= i < len(self._schedule) else None
        event = {"seq": state.event_seq, "turn": state.turn, "step": slot[0].name if slot else None, "kind": kind, "data": data}
        if slot is not None and slot[1] is not None:
            event["side"] = slot[1]
        self.log.append(event)
        if self._observed:
            self.hook.sog_event(game=self, event=copy.deepcopy(event))
        return event

    def draw(self, pool: str, count: int) -> list[Counter]:
        """Draw ``count`` counters from ``pool``; refills through ``sog_pool_exhausted`` if empty.

        Returns fewer counters if the pool stays empty (ruling R2), with a
        ``pool-exhausted`` event.
        """
        drawn: list[Counter] = []
        for _ in range(count):
            counter = self.pools.draw_one(pool, self.rng)
            if counter is None:
                self.hook.sog_pool_exhausted(game=self, pool=pool)
                counter = self.pools.draw_one(pool, self.rng)
                if counter is None:
                    self.emit("pool-exhausted", pool=pool, missing=count - len(drawn))
                    break
            drawn.append(counter)
        return drawn

    def roll(self, sides: int, count: int = 1, *, reason: str, **details: Any) -> list[int]:
        """Roll ``count`` dice of ``sides`` sides and log them (see :func:`sog.dice.roll`)."""
        from sog.dice import roll

        return roll(self, sides, count, reason=reason, **details)

    def stack_dice(self, results: Iterable[int]) -> None:
        """Force the next die results, in order (tests reproducing a worked example)."""
        self.state.stacked_dice.extend(int(r) for r in results)

    def remove_ship(self, ship_id: str, status: str, **details: Any) -> None:
        """Take a ship out of play with ``status`` and let the rules react.

        For an obstacle (a ship out of play whose model stays on the table, see
        :meth:`obstacles`) only the model leaves the table: its status becomes ``status`` and
        a ``ship-removed`` event says so (with ``model_only: true``), but ``sog_ship_removed``
        is not called again; the rule that declared the obstacle stops listing it once its
        status changed. Any other ship out of play is left as it is.
        """
        ship = self.state.ships[ship_id]
        if not ship.in_play:
            if any(s.id == ship_id for s in self.obstacles()):
                ship.status = status
                self.emit("ship-removed", ship=ship_id, status=status, model_only=True, **details)
            return
        ship.status = status
        self.emit("ship-removed", ship=ship_id, status=status, **details)
        self.hook.sog_ship_removed(game=self, ship=ship, reason=status)

    def refresh_idle_rules(self) -> None:
        """Ask every rule whether it is idle in this game now (``sog_rule_idle``); until asked
        again, no hook calls an idle rule (see the hook). The core asks after set-up and on
        loading; whatever puts on the table something an idle rule acts on calls this."""
        idle = frozenset(impl.plugin for impl in self._pm.hook.sog_rule_idle.get_hookimpls()
                         if impl.function(*[self for _ in impl.argnames]) is True)
        self.hook = self._every_hook.without(idle)
        self._observed = bool(self.hook.sog_event.get_hookimpls())

    # ------------------------------------------------------------------ decisions

    def advance(self, max_turns: int | None = None) -> None:
        """Run the game until it needs answers or is over, handing control back early.

        It also returns between turns when turn ``max_turns`` is done, and after a whole
        turn in which nobody was asked anything (so a caller always regains control, even
        in a game nobody plays). A game that can no longer change (no ship in play, or a
        turn without decisions that leaves the state exactly as it found it) ends with no
        winner unless a rule names one.
        """
        while not self.over:
            if self.state.pending:
                if self.pending():
                    return
                self._resolve_round()
                continue
            if self.state.step_index < 0:
                if max_turns is not None and self.state.turn >= max_turns:
                    return
                if self._idle_turn_done:
                    self._idle_turn_done = False
                    return
                self._begin_turn()
                continue
            step = self._current_step()
            requests = self._ask(step)
            if requests:
                self._asked = self._asked or any(r.count() > 1 for r in requests)
                self.state.pending = requests
                for request in requests:
                    if request.count() == 1:  # no choice to make: answered at once
                        self.state.answers[request.id] = copied_answer(request.option(0))
                continue
            self.hook.sog_step_end(game=self, step=step)
            if self._check_victory():
                return
            if self._step_done is not None:
                self._step_done()
            self._next_step()

    def run(
        self,
        controllers: Mapping[str, Controller],
        max_turns: int | None = None,
        observer: Callable[[list[dict[str, Any]]], None] | None = None,
        *,
        each_step: bool = False,
    ) -> OutcomeState | None:
        """Play with a controller per seat until the game is over or turn ``max_turns`` is done.

        ``observer`` receives the new events after each advance (printing, drawing) and, with
        ``each_step``, also at the end of every step (a replay draws the table at each step).
        It must not change the game.
        """
        seen = len(self.log.events)

        def tell() -> None:
            nonlocal seen
            if observer is not None and len(self.log.events) > seen:
                observer(self.log.events[seen:])
            seen = len(self.log.events)

        def step() -> None:
            self.advance(max_turns)
            tell()

        self._step_done = tell if each_step and observer is not None else None
        try:
            step()
            while not self.over:
                if max_turns is not None and self.state.turn >= max_turns and self.state.step_index < 0 and not self.state.pending:
                    break
                self.answer_open(controllers, self.seats())
                step()
        finally:
            self._step_done = None
        return self.state.outcome

    def answer_open(self, controllers: Mapping[str, Controller], seats: Iterable[str] | None = None) -> bool:
        """Let each seat's controller answer that seat's open requests, seat after seat
        (``seats``, in order; by default those of ``controllers``); whether any was answered.

        :raises KeyError: a seat of ``seats`` with open requests has no controller.
        """
        answered = False
        for seat in controllers if seats is None else seats:
            requests = self.pending(seat)
            if not requests:
                continue
            controller = controllers[seat]
            view = SeatView(self, seat)
            for request in requests:
                self.submit(seat, request.id, controller.decide(view, request))
            answered = True
        return answered

    def view(self, seat: str) -> dict[str, Any]:
        """What ``seat`` may see: no other seat's secrets (as the core, the game system and the
        rules hide them: :mod:`sog.views`), no pools' order, no RNG."""
        from sog.views import seat_view

        return seat_view(self, seat)

    def events_for(self, seat: str, since: int = 0) -> list[dict[str, Any]]:
        """The log's events from index ``since`` on, as ``seat`` may see them."""
        from sog.views import seat_events

        return seat_events(self, seat, self.log.events[since:])

    # ------------------------------------------------------------------ machinery

    def _collect_steps(self) -> list[Step]:
        steps: dict[str, Step] = {}
        for contributed in self.hook.sog_turn_steps(game=self):
            for step in contributed or []:
                if step.name in steps:
                    raise PluginError(f"two rules contribute a step named {step.name!r}")
                steps[step.name] = step
        return sorted(steps.values(), key=lambda s: (s.order, s.name))

    def _begin_turn(self) -> None:
        limit = self.state.max_turns
        if limit is not None and self.state.turn >= limit:
            self.state.turn_limit_reached = True
            self.emit("turn-limit", turns=self.state.turn)
            if not self._check_victory():
                self._finish(Outcome(winner=None, reason=f"turn limit of {limit} reached"))
            return
        self.state.turn += 1
        self._order_sides()
        self.state.step_index = 0
        self.emit("turn-began")
        self.hook.sog_turn_begin(game=self)
        if self._check_victory():  # a rule may have removed ships (e.g. fire damage)
            return
        if not self.ships():
            self._nobody_can_act("no ship is left in play")
            return
        self._asked = False
        self._begin_step()

    def _order_sides(self) -> None:
        """Fix the sides' order for this turn's parts (``sog_side_order``) and the schedule."""
        if not has_parts(self.steps):
            return
        sides = list(self.state.sides)
        order = self.hook.sog_side_order(game=self)
        if order is not None and sorted(order) != sorted(sides):
            raise PluginError(f"sog_side_order must name every side once ({', '.join(sides)}), got {order!r}")
        self.state.side_order = list(order if order is not None else sides)
        self._schedule = build_schedule(self.steps, self.state.side_order)

    def _begin_step(self) -> None:
        step = self._current_step()
        self.state.step_round = 0
        self.hook.sog_step_begin(game=self, step=step)

    def _next_step(self) -> None:
        if self.state.step_index + 1 < len(self._schedule):
            self.state.step_index += 1
            self._begin_step()
        else:
            self.hook.sog_turn_end(game=self)
            self.state.step_index = -1
            if self._check_victory():
                return
            if self._asked:
                self.state.idle_state = None
            else:
                self._idle_turn()

    def _idle_turn(self) -> None:
        """A turn asked nobody anything (one-choice requests aside): hand control back, and
        end the game if nothing changed.

        The rules are functions of the state, so a turn without decisions that leaves the
        state as the previous such turn left it (turn number and log aside) repeats forever;
        a game with a turn limit is left to reach it (rules may score the game there).
        """
        self._idle_turn_done = True
        if self.state.max_turns is not None:
            return  # the game ends at its turn limit, where rules may score it
        self.state.rng = self.rng.state()
        data = dumps(self.state.model_dump(mode="json", exclude={"turn", "event_seq", "idle_state"}))
        fingerprint = hashlib.sha256(data.encode()).hexdigest()
        if fingerprint == self.state.idle_state:
            self._nobody_can_act("a whole turn passed without a decision and changed nothing")
        self.state.idle_state = fingerprint

    def _nobody_can_act(self, why: str) -> None:
        """End a game that can no longer change, unless a rule names a winner now."""
        self.emit("nobody-can-act", reason=why)
        if not self._check_victory():
            self._finish(Outcome(winner=None, reason=f"{why}: nobody can act"))

    def _resolve_round(self) -> None:
        step = self._current_step()
        requests = self.state.pending
        answers = [(r, self.state.answers[r.id]) for r in requests]
        self.emit("decisions", round=self.state.step_round, answers=[{"id": r.id, "seat": r.seat, "answer": a} for r, a in answers])
        self.state.pending = []
        self.state.answers = {}
        self.state.step_round += 1
        self.hook.sog_step_resolve(game=self, step=step, answers=answers)

    def _check_victory(self) -> bool:
        if self.over:
            return True
        outcome = self.hook.sog_check_victory(game=self)
        if outcome is None:
            return False
        self._finish(outcome)
        return True

    def _finish(self, outcome: Outcome) -> None:
        self.state.outcome = OutcomeState(winner=outcome.winner, reason=outcome.reason)
        self.state.pending = []
        self.state.answers = {}
        self.emit("game-over", winner=outcome.winner, reason=outcome.reason)

    def snapshot(self) -> GameState:
        """The state with the RNG position written back, ready to serialise."""
        self.state.rng = self.rng.state()
        return self.state
