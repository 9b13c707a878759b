"""A scripted bench and a recording probe for testing games and rule plugins.

Like pytest's ``pytester``, this module is part of the package so that house-rule authors can
test their plugins the way the built-in rules are tested: build a real game, put the ships
where the situation needs them, and drive the real steps, answering every decision from a
*script* (the answers the test cares about) or a *default* (everything else).

* :class:`Bench` holds a :class:`~sog.game.Game` and a ``script`` mapping ``(kind, ship)`` or
  ``(kind, ship, side)`` to the answer of such requests: a value, a list (one item per
  request, in order; when it runs out the defaults take over) or a callable taking the
  request. The defaults are the bench's own, else those of the game's system
  (:attr:`sog.systems.GameSystem.bench_defaults`); which side of its piece a request is about
  is the system's reading too (:attr:`sog.systems.GameSystem.bench_side_of`).
  :meth:`Bench.until` runs to the decisions of one step, :meth:`Bench.play` plays whole
  turns, :meth:`Bench.events` reads the log.
* :class:`Probe` is a test-only option rule that copies the state and every seat's view at
  the end of each step, so a test can look between steps that ask nothing. Switch it on with
  ``new_game(..., catalogue=probe.catalogue(), options=[probe.name])``.

Subclass :class:`Bench` for a scenario (``parking`` places, extra ``defaults``, helpers).

:func:`options_at` and :func:`random_options` pick option sets that resolve (requirements
added, conflicts avoided), for tests that play many configurations.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from sog.decisions import DecisionRequest
from sog.game import Game
from sog.markers import hookimpl
from sog.pluginmanager import Catalogue, create_catalogue
from sog.rng import Rng
from sog.rules import Rule
from sog.state import Counter, PoseState

__all__ = ["Bench", "Chooser", "Probe", "RuleProvider", "options_at", "random_options"]

#: A function answering one request.
Chooser = Callable[[DecisionRequest], Any]


def options_at(catalogue: Catalogue, level: str, system: str | None = None) -> list[str]:
    """Every option rule allowed at ``level`` whose required rules are allowed there too.

    With ``system``, only the options of that game system (and of none) are considered.
    """
    rules = catalogue.rules if system is None else catalogue.rules_of(system)

    def allowed(name: str) -> bool:
        return name in rules and level in rules[name].levels

    return sorted(name for name, rule in rules.items()
                  if rule.kind == "option" and allowed(name) and all(allowed(r) for r in rule.requires))


def random_options(catalogue: Catalogue, level: str, rng: Rng, chance: float = 0.5, system: str | None = None) -> list[str]:
    """A random set of options that resolves at ``level``: each usable option is taken with
    ``chance``, then its requirements are added and any option conflicting with one taken
    earlier is dropped (in name order, so the result depends on ``rng`` alone)."""
    rules = catalogue.rules
    chosen: list[str] = []
    for name in options_at(catalogue, level, system):
        if rng.random() >= chance:
            continue
        wanted = [name] + [r for r in rules[name].requires if rules[r].kind == "option"]
        for candidate in wanted:
            clash = any(candidate in rules[c].conflicts or c in rules[candidate].conflicts for c in chosen)
            if candidate not in chosen and not clash:
                chosen.append(candidate)
    return chosen


class RuleProvider:
    """A catalogue provider declaring one test-only rule, for ``create_catalogue(extra=[...])``.

    The rule belongs to ``system`` (at ``levels`` of it) or, by default, to no system: it
    may then be on in any game, at the given levels or, with none given, at every level.
    """

    def __init__(self, name: str, plugin: object, levels: Iterable[str] = (),
                 summary: str = "A test-only rule.", kind: str = "option", system: str | None = None) -> None:
        self.rule = Rule(name, summary, tuple(levels), plugin, kind=kind, system=system)

    @hookimpl
    def sog_rules(self) -> list[Rule]:
        return [self.rule]


class Probe:
    """A test-only rule: copies the state and every seat's view at the end of each step.

    ``at[(turn, step_name)]`` (``at[(turn, step_name, side)]`` for a step played side by
    side) holds ``{"state": GameState, "views": {seat: view}}``, deep copies taken after
    every other rule has finished the step. A rule of no system: it works in any game.
    """

    def __init__(self, name: str = "test-probe", levels: Iterable[str] = ()) -> None:
        self.name = name
        self.levels = tuple(levels)
        self.at: dict[tuple[Any, ...], dict[str, Any]] = {}

    @hookimpl(trylast=True)  # after every rule has finished the step
    def sog_step_end(self, game: Game, step: Any) -> None:
        side = game.active_side
        key = (game.state.turn, step.name) if side is None else (game.state.turn, step.name, side)
        self.at[key] = {
            "state": game.state.model_copy(deep=True),
            "views": {seat: copy.deepcopy(game.view(seat)) for seat in game.seats()},
        }

    def provider(self) -> RuleProvider:
        """The provider declaring this probe as an option rule."""
        return RuleProvider(self.name, self, self.levels, "Record the state after every step (tests only).")

    def catalogue(self, **kwargs: Any) -> Catalogue:
        """A catalogue with this probe in it (no entry-point plugins unless asked for)."""
        kwargs.setdefault("entry_point_plugins", False)
        return create_catalogue(extra=[self.provider(), *kwargs.pop("extra", ())], **kwargs)


class Bench:
    """A game set up and driven by a script.

    :ivar game: the game being driven.
    :ivar probe: the :class:`Probe` switched on in the game, if any.
    :ivar script: answers by ``(kind, ship)`` or ``(kind, ship, side)``.
    :ivar asked: every request answered by :meth:`answer_all`, in order.
    """

    #: Default answers by request kind (after the script); ``None``: those of the game's
    #: system (:attr:`sog.systems.GameSystem.bench_defaults`).
    defaults: Mapping[str, Chooser] | None = None
    #: Answer of kinds with no default; ``None``: such a request is an error.
    fallback: Chooser | None = None
    #: Where :meth:`park` puts each ship: ``(x, y, heading)``.
    parking: Mapping[str, tuple[float, float, float]] = {}
    #: Why :meth:`keep` takes the other ships out of play.
    keep_reason: str = "surrendered"

    def __init__(self, game: Game, probe: Probe | None = None) -> None:
        self.game = game
        self.probe = probe
        self.script: dict[tuple[Any, ...], Any] = {}
        self.asked: list[DecisionRequest] = []

    def side_of(self, request: DecisionRequest) -> str | None:
        """The side of its piece ``request`` is about, as the game's system reads it
        (:attr:`sog.systems.GameSystem.bench_side_of`; ``None`` if it reads none). A subclass
        may read ids differently (``side_of = staticmethod(function)``)."""
        reader = getattr(getattr(self.game, "system", None), "bench_side_of", None)
        return reader(request) if reader is not None else None

    def default_answers(self) -> Mapping[str, Chooser]:
        """The default answers by request kind: :attr:`defaults`, else the system's."""
        if self.defaults is not None:
            return self.defaults
        system = getattr(self.game, "system", None)
        return system.bench_defaults if system is not None else {}

    # ------------------------------------------------------------------ setting up
    def ship(self, ship_id: str) -> Any:
        return self.game.ship(ship_id)

    def put(self, ship_id: str, x: float, y: float, heading: float) -> None:
        """Put a ship's base centre at ``(x, y)`` with ``heading``."""
        self.game.ship(ship_id).pose = PoseState(x=x, y=y, heading=heading)

    def park(self, *ship_ids: str) -> None:
        """Put ships at their :attr:`parking` places, out of everybody's reach."""
        for ship_id in ship_ids:
            self.put(ship_id, *self.parking[ship_id])

    def keep(self, *ship_ids: str) -> None:
        """Take every other ship out of play (for :attr:`keep_reason`) before the game starts."""
        for ship in list(self.game.ships()):
            if ship.id not in ship_ids:
                self.game.remove_ship(ship.id, self.keep_reason)

    def stack(self, pool: str, wanted: Iterable[tuple[int | None, str | None]]) -> list[Counter]:
        """Force the next draws of ``pool``: counters by ``(value, symbol)``, in order."""
        return self.game.pools.stack(pool, list(wanted))

    # ------------------------------------------------------------------ driving
    def choose(self, request: DecisionRequest) -> Any:
        """The answer to ``request``: from the script, else the default of its kind."""
        for key in [(request.kind, request.ship, self.side_of(request)), (request.kind, request.ship)]:
            if key in self.script:
                value = self.script[key]
                if isinstance(value, list):
                    if not value:
                        continue
                    value = value.pop(0)
                return value(request) if callable(value) else value
        chooser = self.default_answers().get(request.kind, self.fallback)
        if chooser is None:
            raise KeyError(f"no script entry and no default answer for a {request.kind!r} request ({request.id})")
        return chooser(request)

    def answer_all(self) -> None:
        """Answer every open request by :meth:`choose`."""
        for request in self.game.pending():
            self.asked.append(request)
            self.game.submit(request.seat, request.id, self.choose(request))

    def answer(self, request: DecisionRequest, value: Any) -> None:
        self.game.submit(request.seat, request.id, value)

    def pending(self, kind: str | None = None, ship: str | None = None) -> list[DecisionRequest]:
        """The open requests (of ``kind``, for ``ship``)."""
        return [r for r in self.game.pending() if (kind is None or r.kind == kind) and (ship is None or r.ship == ship)]

    def request(self, kind: str, ship: str, side: str | None = None) -> DecisionRequest:
        """The one open request of ``kind`` for ``ship`` (about its ``side``: :meth:`side_of`)."""
        found = [r for r in self.pending(kind, ship) if side is None or self.side_of(r) == side]
        assert len(found) == 1, f"expected one {kind} request for {ship} {side or ''}, found {[r.id for r in found]}"
        return found[0]

    def _slot(self, turn: int, step: str, side: str | None) -> int:
        """Where ``step`` (in ``side``'s part, for a step played side by side) is in the turn;
        without ``side``, the next such step from now in the current turn, else the first."""
        found = [index for index, (slot, playing) in enumerate(self.game.schedule)
                 if slot.name == step and (side is None or playing == side)]
        if not found:
            raise AssertionError(f"no step {step!r}{f' in the part of {side!r}' if side else ''} in this game's turn")
        if side is None and turn == self.game.state.turn:
            return next((index for index in found if index >= self.game.state.step_index), found[-1])
        return found[0]

    def _now(self) -> tuple[int, int]:
        return (self.game.state.turn, self.game.state.step_index)

    def until(self, turn: int, step: str, side: str | None = None) -> None:
        """Answer by the script until requests of ``step`` in ``turn`` are open.

        For a step each side plays in its part, ``side`` names the part (default: the first).
        """
        game = self.game
        game.advance()
        target = (turn, self._slot(turn, step, side))
        while not game.over:
            now = self._now()
            if now == target and game.pending():
                return
            assert now <= target, f"passed turn {turn} step {step} without a decision there (now {now})"
            self.answer_all()
            game.advance()
        raise AssertionError(f"the game ended before turn {turn} step {step}")

    def reach(self, turn: int, step: str, side: str | None = None) -> None:
        """Answer by the script until the game stands at or after ``step`` of ``turn`` (in
        ``side``'s part, for a step played side by side)."""
        game = self.game
        game.advance()
        target = (turn, self._slot(turn, step, side))
        while not game.over and self._now() < target:
            self.answer_all()
            game.advance()

    def play(self, turns: int) -> None:
        """Play by the script until turn ``turns`` is over (or the game is)."""
        game = self.game
        game.advance()
        while not game.over and (game.state.turn < turns or (game.state.turn == turns and game.state.step_index >= 0)):
            self.answer_all()
            game.advance()

    # ------------------------------------------------------------------ reading
    def events(self, kind: str, turn: int | None = None, **match: Any) -> list[dict[str, Any]]:
        """Logged events of ``kind`` (in ``turn``) whose data has every ``match`` item."""
        return [e for e in self.game.log.of_kind(kind) if (turn is None or e["turn"] == turn)
                and all(e["data"].get(k) == v for k, v in match.items())]

    def at(self, turn: int, step: str) -> Any:
        """The state recorded by the probe at the end of ``step`` of ``turn``."""
        assert self.probe is not None, "this bench has no probe"
        return self.probe.at[(turn, step)]["state"]

    def view_at(self, turn: int, step: str, seat: str) -> dict[str, Any]:
        """A copy of ``seat``'s view recorded by the probe at the end of ``step`` of ``turn``."""
        assert self.probe is not None, "this bench has no probe"
        return copy.deepcopy(self.probe.at[(turn, step)]["views"][seat])
