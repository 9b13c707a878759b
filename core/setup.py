"""Creating a game from a scenario: resolve the rules, build the state, set it up.

This is the one entry point for new games (the command line, the examples and the tests use
it). A saved game is loaded by :mod:`sog.savefile` instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sog import __version__
from sog.events import EventLog
from sog.game import Game
from sog.hooktypes import Step
from sog.markers import hookimpl
from sog.packs.library import Library
from sog.pluginmanager import Catalogue, content_kinds, create_catalogue, create_game_plugin_manager
from sog.pools import CounterPools
from sog.rng import Rng
from sog.rules import RuleSelection, resolve_rules
from sog.state import Box, GameState, PoseState, ShipState, WindState

__all__ = ["GameConfig", "new_game", "build_game"]


class _CoreDeclarations:
    """The core's own plugin: nothing but the declarations every game needs."""

    @hookimpl
    def sog_turn_steps(self) -> list[Step]:
        return []


_CORE = _CoreDeclarations()


class GameConfig(dict):
    """The replayable configuration of a game, as written in the log header and save files.

    Keys: ``scenario``, ``level``, ``options``, ``settings``, ``seed``, ``blocked``,
    ``packs`` (name and version of each loaded pack), ``extra_packs`` (folders given).
    """


def _state_from_scenario(library: Library, scenario_id: str, selection: RuleSelection, seed: int) -> GameState:
    scenario = library.scenario(scenario_id)
    ships: dict[str, ShipState] = {}
    for entry in scenario.ships:
        doc = library.ship(entry.ship)
        ships[entry.id] = ShipState(
            id=entry.id,
            ship=entry.ship,
            name=doc.name,
            side=entry.side,
            seat=entry.seat,
            pose=PoseState(x=entry.pose.x, y=entry.pose.y, heading=entry.pose.heading),
            ship_track=[Box() for _ in doc.ship_track],
            crew_track=[Box() for _ in doc.crew_track],
        )
    pools = {pool.id: CounterPools.fresh_state(pool.id, len(pool.expanded())) for pool in library.all("counter-pool")}
    return GameState(
        scenario=scenario.id,
        level=selection.level,  # type: ignore[arg-type]
        options=[r.name for r in selection.rules if r.kind == "option"],
        settings={k: dict(v) for k, v in selection.settings.items()},
        seed=seed,
        rng=Rng(seed).state(),
        table={"width": scenario.table.width, "height": scenario.table.height},
        wind=WindState(**{"from": scenario.wind.from_}),
        sides={side.id: list(side.seats) for side in scenario.sides},
        ships=ships,
        pools=pools,
        max_turns=scenario.max_turns,
    )


def build_game(
    state: GameState, library: Library, selection: RuleSelection, header: Mapping[str, Any], events: Iterable[dict[str, Any]] = ()
) -> Game:
    """Assemble a :class:`Game` around an existing state (new or loaded)."""
    pm = create_game_plugin_manager(selection.rules, internal=[_CORE])
    return Game(state, library, selection, pm, EventLog(dict(header), events))


def new_game(
    scenario: str,
    *,
    library: Library | None = None,
    level: str | None = None,
    options: Sequence[str] | None = None,
    settings: Mapping[str, Mapping[str, Any]] | None = None,
    seed: int = 1,
    blocked: Sequence[str] = (),
    catalogue: Catalogue | None = None,
) -> Game:
    """Create and set up a game of ``scenario``; it is ready for :meth:`Game.advance`.

    The rules level and options default to the scenario's; ``options`` replaces the
    scenario's list when given.

    :raises sog.errors.ConfigError: the rules cannot be resolved.
    :raises KeyError: (a :class:`sog.packs.library.UnknownId`) the scenario does not exist.
    """
    from sog.packs.loader import load_library

    catalogue = catalogue or create_catalogue()
    library = library or load_library(kinds=content_kinds(catalogue))
    doc = library.scenario(scenario)
    chosen_level = level or doc.rules
    chosen_options = list(doc.options if options is None else options)
    chosen_settings = {k: dict(v) for k, v in (doc.option_settings or {}).items() if k in chosen_options}
    chosen_settings.update({k: dict(v) for k, v in (settings or {}).items()})
    selection = resolve_rules(catalogue.rules, chosen_level, chosen_options, chosen_settings, blocked)
    state = _state_from_scenario(library, scenario, selection, seed)
    header = GameConfig(
        sog=__version__,
        scenario=scenario,
        level=selection.level,
        options=list(state.options),
        settings=state.settings,
        seed=seed,
        blocked=sorted(blocked),
        packs=[{"name": p.name, "version": p.version} for p in library.packs],
    )
    game = build_game(state, library, selection, header)
    game.hook.sog_game_setup(game=game)
    game.emit(
        "game-started",
        scenario=scenario,
        level=selection.level,
        options=list(state.options),
        wind=state.wind.from_,
        ships={s.id: {"ship": s.ship, "side": s.side, "seat": s.seat, "pose": s.pose.model_dump()} for s in state.ships.values()},
    )
    return game
