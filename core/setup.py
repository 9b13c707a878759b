"""Creating a game from a scenario: resolve the rules, build the state, set it up.

This is the one entry point for new games (the command line, the examples and the tests use
it). A saved game is loaded by :mod:`sog.savefile` instead.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sog import __version__
from sog.errors import ConfigError
from sog.events import EventLog
from sog.game import Game
from sog.hooktypes import Step
from sog.markers import hookimpl
from sog.packs.fields import thaw
from sog.lineup import Lineup, apply_lineup, check_points_limit
from sog.packs.library import Library
from sog.packs.models import Scenario
from sog.pluginmanager import Catalogue, content_kinds, create_catalogue, create_system_plugin_manager
from sog.pools import CounterPools
from sog.rng import SEED_MAX, Rng
from sog.rules import RuleSelection, resolve_rules
from sog.state import GameState, PoseState, WindState
from sog.systems import GameSystem

__all__ = ["SEED_MAX", "GameConfig", "build_game", "check_seed", "new_game"]



def check_seed(seed: object) -> int:
    """``seed`` if it is an integer from 0 to :data:`SEED_MAX`.

    :raises ConfigError: otherwise (a larger seed would silently wrap around).
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        if isinstance(seed, int) and not isinstance(seed, bool):
            shown = str(seed) if seed.bit_length() <= 128 else f"of {seed.bit_length()} bits"
        else:
            shown = f"of type {type(seed).__name__}"
        raise ConfigError(f"seed {shown} is out of range: a seed is an integer from 0 to 2**64 - 1")
    return seed


class _CoreDeclarations:
    """The core's own plugin: nothing but the declarations every game needs."""

    @hookimpl
    def sog_turn_steps(self) -> list[Step]:
        return []


_CORE = _CoreDeclarations()


class GameConfig(dict):
    """The replayable configuration of a game, as written in the log header and save files.

    Keys: ``system``, ``scenario``, ``level``, ``options``, ``settings``, ``seed``, ``blocked``,
    ``packs`` (name and version of each loaded pack), ``extra_packs`` (folders given), and
    ``lineup`` when the game changed the scenario's ships (:meth:`sog.lineup.Lineup.to_json`).
    """


def _state_from_scenario(library: Library, scenario: Scenario, selection: RuleSelection, seed: int, system: GameSystem) -> GameState:
    ships = {}
    for entry in scenario.ships:
        doc: Any = library.get(system.ship_kind, entry.ship)
        ships[entry.id] = system.ship_model.from_document(
            doc,
            id=entry.id,
            ship=entry.ship,
            name=doc.name,
            side=entry.side,
            seat=entry.seat,
            pose=PoseState(x=entry.pose.x, y=entry.pose.y, heading=entry.pose.heading),
            attached={kind: list(ids) for kind, ids in entry.attach.items()},
        )
    pools = {pool.id: CounterPools.fresh_state(pool.id, len(pool.expanded())) for pool in library.all("counter-pool")}
    return system.state_model(
        system=system.name,
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


def _check_attachment_rules(scenario: Scenario, selection: RuleSelection, system: GameSystem) -> None:
    """Every document a ship carries is played by a rule in force."""
    in_force = set(selection.names)
    for entry in scenario.ships:
        for kind in entry.attach:
            attachment = system.attachment(kind)
            if attachment is not None and attachment.rule is not None and attachment.rule not in in_force:
                raise ConfigError(f"{entry.id} carries a {kind}, which the rule {attachment.rule!r} plays, "
                                  f"but it is not on in this game (at {selection.level} rules, without --no {attachment.rule})")


def build_game(
    state: GameState,
    library: Library,
    selection: RuleSelection,
    header: Mapping[str, Any],
    events: Iterable[dict[str, Any]] = (),
    *,
    system: GameSystem,
) -> Game:
    """Assemble a :class:`Game` of ``system`` around an existing state (new or loaded)."""
    pm = create_system_plugin_manager(system, selection.rules, internal=[_CORE])
    return Game(state, library, selection, pm, EventLog(dict(header), events), system=system)


#: Scenarios found playable (``scenario_problems`` found nothing), by the identity of the
#: library, the scenario document, the catalogue and the system, and the rules chosen with
#: their settings: the checks read only these, which do not change (a library is read-only),
#: so a game of the same scenario and rules does not repeat them. The objects are kept so
#: their ids cannot be reused.
_CHECKED: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _checked_key(library: Library, doc: Scenario, catalogue: Catalogue, system: GameSystem,
                 selection: RuleSelection) -> tuple[Any, ...]:
    rules = tuple((rule.name, id(rule.plugin)) for rule in selection.rules)
    settings = json.dumps(selection.settings, sort_keys=True, default=repr)
    return (id(library), id(doc), id(catalogue), id(system), selection.system, selection.level, rules, settings)


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
    add_options: Sequence[str] = (),
    lineup: Lineup | None = None,
    points_limit: int | None = None,
) -> Game:
    """Create and set up a game of ``scenario``; it is ready for :meth:`Game.advance`.

    The rules level and options default to the scenario's, with the scenario's
    ``option_settings``. ``options`` replaces the scenario's list (a replay passes the
    logged list); ``add_options`` adds to it (the command line's ``--option``), keeping the
    scenario's settings. A name in ``blocked`` switches a core rule off or, when it is one
    of the chosen options, removes that option with its settings (``--no``). ``settings``
    override the scenario's, rule by rule; settings for a rule that is not on are an error.
    ``lineup`` changes the scenario's ships and what they carry (:mod:`sog.lineup`); the
    log header records it. With ``points_limit``, a side whose fleet is worth more points
    (the system's values, :func:`sog.lineup.fleet_points`) is refused.

    :raises sog.errors.ConfigError: the seed is out of range, the scenario's game system is
        not installed, the scenario gives settings for an option it does not switch on, the
        rules cannot be resolved (a rule of another system among them), the line-up is
        wrong, or a ship carries a document whose rule is not in force.
    :raises sog.packs.errors.ContentError: the scenario cannot be played with these rules
        (its victory kind is decided by no rule in force, a deck lacks what a rule needs).
    :raises KeyError: (a :class:`sog.packs.library.UnknownId`) the scenario does not exist.
    """
    from sog.packs.errors import ContentError
    from sog.packs.loader import load_library
    from sog.packs.playable import scenario_problems

    check_seed(seed)
    catalogue = catalogue or create_catalogue()
    library = library or load_library(kinds=content_kinds(catalogue))
    doc = library.scenario(scenario)
    system = catalogue.system(doc.system)
    scenario_settings = {k: thaw(v) for k, v in (doc.option_settings or {}).items()}
    stray = sorted(set(scenario_settings) - set(doc.options))
    if stray:
        raise ConfigError(f"scenario {scenario!r} gives option_settings for {', '.join(map(repr, stray))}, "
                          f"which its options do not switch on")
    chosen_level = level or doc.rules
    chosen_options = list(doc.options if options is None else options)
    chosen_options += [name for name in add_options if name not in chosen_options]
    removed = [name for name in chosen_options if name in blocked]
    chosen_options = [name for name in chosen_options if name not in removed]
    blocked = [name for name in blocked if name not in removed]
    chosen_settings = {k: v for k, v in scenario_settings.items() if k in chosen_options}
    chosen_settings.update({k: dict(v) for k, v in (settings or {}).items()})
    selection = resolve_rules(catalogue.rules, system, chosen_level, chosen_options, chosen_settings, blocked)
    lineup = lineup or Lineup()
    doc = apply_lineup(library, doc, lineup, system)
    if points_limit is not None:
        check_points_limit(library, doc, system, points_limit)
    _check_attachment_rules(doc, selection, system)
    state = _state_from_scenario(library, doc, selection, seed, system)
    header = GameConfig(
        sog=__version__,
        system=system.name,
        scenario=scenario,
        level=selection.level,
        options=list(state.options),
        settings=state.settings,
        seed=seed,
        blocked=sorted(blocked),
        packs=[{"name": p.name, "version": p.version} for p in library.packs],
    )
    if not lineup.empty:
        header["lineup"] = lineup.to_json()
    game = build_game(state, library, selection, header, system=system)
    key = _checked_key(library, doc, catalogue, system, selection)
    if _CHECKED.get(key) is None or not all(a is b for a, b in zip(_CHECKED[key], (library, doc, catalogue, system))):
        unplayable = [problem for problem, _ in scenario_problems(library, doc, catalogue, selection)]
        if unplayable:  # e.g. a victory kind no rule decides: the game would never end
            raise ContentError(unplayable)
        if len(_CHECKED) >= 64:
            _CHECKED.clear()
        _CHECKED[key] = (library, doc, catalogue, system)
    game.hook.sog_game_setup(game=game)
    game.refresh_idle_rules()  # rules with nothing to do in this game are not called
    game.emit(
        "game-started",
        system=system.name,
        scenario=scenario,
        level=selection.level,
        options=list(state.options),
        wind=state.wind.from_,
        ships={s.id: {"ship": s.ship, "side": s.side, "seat": s.seat, "pose": s.pose.model_dump()} for s in state.ships.values()},
    )
    return game
