"""``sog simulate``: many bot games of one scenario, win rates with their confidence intervals.

``sog simulate SCENARIO --games N`` plays N games with bots on every seat (``--bots SEAT=BOT``,
else the game system's best), game ``i`` from a seed derived from ``--seed`` and ``i``
(:func:`sog.simulate.game_seed`), on ``--workers`` local processes (default: one per CPU;
``--workers 1`` plays in this process) or on a Dask cluster (``--executor dask --address``).
The results depend on neither. What ``sog play`` chooses (``--fleet``, ``--captain``,
``--crew``, ``--setting``, ``--no``, ``--points-limit``) reaches every game. A progress bar
(games/s, ETA) goes to stderr; the summary, with a table of ships per side, to stdout;
``--json`` and ``--csv`` write every game, ``--plot`` a picture. With any ``--compare-*``
option a second run B (the same arguments with those changes) is played from the same seeds
and each side's win rate B - A is reported with a paired 95% interval. Ctrl-C stops the run,
reports and writes what finished, and exits 130.

Every argument is checked, game 0 of each run set up and the cluster reached, before a game
is played or a file written: a bad one is one ``error:`` line and exit 2, never a traceback.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable
from typing import Any

import click

from sog.cli.params import SEED_RANGE, IdsAssignment, OutputFile, RuleSetting, SeatAssignment, assignments, id_lists, rule_settings
from sog.cli.play_cmds import _lineup
from sog.cli.seating import HUMAN, seat_players
from sog.errors import SogError
from sog.fileio import write_atomically
from sog.packs.errors import ContentError, UnknownId
from sog.simulate import EXECUTORS, GameResult, GameSpec, compare, default_workers, game_seed, run_games, summarize
from sog.simulate_output import (csv_text, header_document, print_comparison, print_summary, replay_command,
                                 run_document)

__all__ = ["simulate"]

#: The turn limit of a run unless ``--max-turns`` says otherwise: a safety net against a game
#: that never ends (such a game counts as unfinished, neither a win nor a draw).
DEFAULT_MAX_TURNS = 200
#: Exit code of a run stopped by Ctrl-C (128 + SIGINT, the shell's convention).
INTERRUPTED = 130

Pairs = tuple[tuple[str, tuple[str, ...]], ...]


class _OneLineErrors(click.Command):
    """Usage errors are one ``error:`` line and exit 2, without the usage text."""

    def _fail(self, exc: click.UsageError) -> None:
        click.echo(f"error: {exc.format_message()}", err=True)
        raise SystemExit(2) from None

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.UsageError as exc:
            self._fail(exc)
            raise  # pragma: no cover - _fail exits

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            self._fail(exc)


def _merged(base: Pairs, changes: Pairs, option: str) -> Pairs:
    """``KEY=IDS`` pairs of run A with those of run B's ``--compare-OPTION`` replacing (or adding) keys."""
    return tuple({**id_lists(base, f"--{option}"), **id_lists(changes, f"--compare-{option}")}.items())


def _spec(scenario: str, chosen: dict[str, Any], seed: int, run: str = "") -> tuple[GameSpec, list[str]]:
    """A run's spec and the scenario's sides, checked by setting up game 0 (no game is played);
    errors of run B (``run``) say so."""
    lineup = _lineup(chosen["fleets"], chosen["captains"], chosen["crews"])
    spec = GameSpec(scenario=scenario, bots={}, level=chosen["level"], options=tuple(chosen["options"]),
                    packs=tuple(chosen["packs"]), max_turns=chosen["max_turns"], settings=chosen["settings"],
                    blocked=tuple(chosen["blocked"]), lineup=lineup, points_limit=chosen["points_limit"])
    try:
        game = spec.new_game(game_seed(seed, 0))
    except (UnknownId, SogError, ContentError) as exc:
        raise click.UsageError(run + ("; ".join(str(exc).splitlines()) or type(exc).__name__)) from None
    if HUMAN in chosen["bots"].values():
        raise click.BadParameter("simulate plays bots only, not 'human'", param_hint="'--bots'")
    try:
        players = seat_players(game, chosen["bots"], {})
    except click.UsageError as exc:
        if not run:
            raise
        raise click.UsageError(run + exc.format_message()) from None
    return dataclasses.replace(spec, bots=players), list(game.state.sides)


def _compared(chosen: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any] | None:
    """Run B's choices: run A's with the ``--compare-*`` changes (``None`` when there are none)."""
    if not any(changes.values()):
        return None
    b = dict(chosen)
    b["fleets"] = _merged(chosen["fleets"], changes["fleets"], "fleet")
    b["captains"] = _merged(chosen["captains"], changes["captains"], "captain")
    b["crews"] = _merged(chosen["crews"], changes["crews"], "crew")
    b["options"] = tuple(dict.fromkeys([*chosen["options"], *changes["options"]]))
    b["blocked"] = tuple(dict.fromkeys([*chosen["blocked"], *changes["blocked"]]))
    b["settings"] = {**chosen["settings"], **rule_settings(changes["settings"], "--compare-setting")}
    b["bots"] = {**chosen["bots"], **assignments(changes["bots"], "--compare-bots")}
    return b


def _executor(executor: str, address: str | None) -> Any:
    """The connected Dask client (``None`` for local processes); bad combinations are usage errors."""
    if executor != "dask":
        if address:
            raise click.UsageError("--address is for --executor dask")
        return None
    if not address:
        raise click.UsageError("--executor dask needs --address tcp://HOST:PORT")
    from sog.simulate_dask import DaskError, connect

    try:
        return connect(address)
    except DaskError as exc:
        raise click.UsageError(str(exc)) from None


def _progress() -> Any:
    """A rich progress bar on stderr: games done, games/s, elapsed time and ETA."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    return Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                    TextColumn("{task.fields[rate]} games/s"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=False)


def _play(specs: list[GameSpec], games: int, seed: int, workers: int, client: Any, quiet: bool) -> tuple[list[list[GameResult]], bool]:
    """Every run's results (run after run, from the same seeds), and whether Ctrl-C stopped them."""
    started = time.perf_counter()
    runs: list[list[GameResult]] = []
    progress = None if quiet else _progress()
    advance: Callable[[GameResult], None] | None = None
    if progress is not None:
        progress.start()
        task = progress.add_task("games", total=games * len(specs), rate="-")

        def advance(_: GameResult) -> None:  # type: ignore[misc]
            done = progress.tasks[0].completed + 1
            progress.update(task, completed=done, rate=f"{done / max(time.perf_counter() - started, 1e-9):.1f}")
    try:
        for spec in specs:
            runs.append(run_games(spec, games, seed, workers, on_result=advance,
                                  executor="dask" if client is not None else "local", client=client))
    except KeyboardInterrupt as exc:
        runs.append(getattr(exc, "results", []))
        return runs + [[] for _ in specs[len(runs):]], True
    finally:
        if progress is not None:
            progress.stop()
    return runs, False


@click.command(cls=_OneLineErrors)
@click.argument("scenario")
@click.option("--games", "games", type=click.IntRange(min=1), required=True, help="How many games to play (per run).")
@click.option("--rules", "level", metavar="LEVEL", help="Rules level (default: the scenario's).")
@click.option("--option", "options", multiple=True, metavar="NAME", help="Switch an optional rule on, besides the scenario's (repeatable).")
@click.option("--setting", "settings", multiple=True, type=RuleSetting(), metavar="RULE=JSON", help="Settings of a rule as a JSON object.")
@click.option("--no", "blocked", multiple=True, metavar="NAME", help="Switch a core rule off, or one of the scenario's options.")
@click.option("--fleet", "fleets", multiple=True, type=IdsAssignment("SIDE", "SHIP"), metavar="SIDE=SHIP[,SHIP...]",
              help="Sail these ships for SIDE instead of the scenario's (as sog play).")
@click.option("--captain", "captains", multiple=True, type=IdsAssignment("SHIP", "CAPTAIN", single=True), metavar="SHIP=CAPTAIN",
              help="Give SHIP a captain (as sog play).")
@click.option("--crew", "crews", multiple=True, type=IdsAssignment("SHIP", "CARD"), metavar="SHIP=CARD[,CARD...]",
              help="Give SHIP crew cards (as sog play).")
@click.option("--points-limit", type=click.IntRange(min=0), metavar="N", help="Refuse a side worth more than N points.")
@click.option("--bots", "bots", multiple=True, type=SeatAssignment("BOT"), metavar="SEAT=BOT",
              help="Bot for a seat (default: the game system's best).")
@click.option("--compare-fleet", "cmp_fleets", multiple=True, type=IdsAssignment("SIDE", "SHIP"), metavar="SIDE=SHIP[,SHIP...]",
              help="Run B: this fleet for SIDE (the rest as run A).")
@click.option("--compare-captain", "cmp_captains", multiple=True, type=IdsAssignment("SHIP", "CAPTAIN", single=True),
              metavar="SHIP=CAPTAIN", help="Run B: this captain for SHIP.")
@click.option("--compare-crew", "cmp_crews", multiple=True, type=IdsAssignment("SHIP", "CARD"), metavar="SHIP=CARD[,CARD...]",
              help="Run B: these crew cards (abilities) for SHIP.")
@click.option("--compare-option", "cmp_options", multiple=True, metavar="NAME", help="Run B: switch this optional rule on too.")
@click.option("--compare-no", "cmp_blocked", multiple=True, metavar="NAME", help="Run B: switch this rule or option off.")
@click.option("--compare-setting", "cmp_settings", multiple=True, type=RuleSetting(), metavar="RULE=JSON", help="Run B: these settings of a rule.")
@click.option("--compare-bots", "cmp_bots", multiple=True, type=SeatAssignment("BOT"), metavar="SEAT=BOT", help="Run B: this bot for a seat.")
@click.option("--seed", type=SEED_RANGE, default=1, show_default=True, metavar="0..2**64-1",
              help="Base seed: game i is played from a seed derived from it and i (splitmix64).")
@click.option("--workers", type=click.IntRange(min=1), help="Local processes (default: one per CPU; 1: in this process; unused with --executor dask).")
@click.option("--executor", type=click.Choice(EXECUTORS), default="local", show_default=True,
              help="Where games are played: local processes, or an existing Dask cluster (--address).")
@click.option("--address", metavar="tcp://HOST:PORT", help="The Dask scheduler of --executor dask.")
@click.option("--json", "json_path", type=OutputFile(), help="Write every game and the summary as JSON here.")
@click.option("--csv", "csv_path", type=OutputFile(), help="Write one CSV row per game here.")
@click.option("--plot", "plot_path", type=OutputFile(), metavar="FILE.svg|png",
              help="Draw win rates with their 95% intervals and the game lengths here (needs matplotlib).")
@click.option("--max-turns", type=click.IntRange(min=1), default=DEFAULT_MAX_TURNS, show_default=True,
              help="Stop a game after this many turns; it counts as unfinished.")
@click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def simulate(scenario: str, games: int, seed: int, workers: int | None, executor: str, address: str | None,
             json_path: str | None, csv_path: str | None, plot_path: str | None, quiet: bool, **given: Any) -> None:
    """Play SCENARIO --games N times with bots and report win rates (95% Wilson intervals),
    draws, turns, how the games ended and each ship's survival and damage; with --compare-*
    options, a second run from the same seeds and the difference in win rates."""
    chosen = {key: given[key] for key in ("level", "options", "blocked", "fleets", "captains", "crews", "points_limit",
                                          "max_turns", "packs")}
    chosen["settings"] = rule_settings(given["settings"], "--setting")
    chosen["bots"] = assignments(given["bots"], "--bots")
    changes = {key[4:]: given[key] for key in given if key.startswith("cmp_")}
    spec, sides = _spec(scenario, chosen, seed)
    specs = [spec]
    b = _compared(chosen, changes)
    if b is not None:
        spec_b, _ = _spec(scenario, b, seed, run="run B (--compare-*): ")
        if spec_b == spec:
            raise click.UsageError("the --compare-* options change nothing: run B would be run A")
        specs.append(spec_b)
    if plot_path:
        from sog.simulate_plot import PlotError, check_path, require_matplotlib

        try:
            check_path(plot_path)
            require_matplotlib()
        except PlotError as exc:
            raise click.UsageError(str(exc)) from None
    client = _executor(executor, address)
    try:
        _run(scenario, specs, sides, games, seed, workers, client, json_path, csv_path, plot_path, quiet)
    except RuntimeError as exc:  # DaskError: the cluster failed while playing
        if type(exc).__name__ != "DaskError":
            raise
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(1) from None
    finally:
        if client is not None:
            client.close()


def _run(scenario: str, specs: list[GameSpec], sides: list[str], games: int, seed: int, workers: int | None, client: Any,
         json_path: str | None, csv_path: str | None, plot_path: str | None, quiet: bool) -> None:
    """Play the runs, report them, write the files; exit 130 if Ctrl-C stopped them."""
    workers = workers or default_workers()
    where = f"{sum(client.nthreads().values())} Dask worker thread(s)" if client is not None else f"{workers} worker(s)"
    labels = ["A", "B"] if len(specs) > 1 else [""]
    click.echo(f"{games} games of {scenario}{' per run' if len(specs) > 1 else ''}, seed {seed}, {where}; game i replays with:")
    for label, spec in zip(labels, specs):
        click.echo(f"  {label + ': ' if label else ''}{replay_command(spec, game_seed(seed, 0))}  (game 0; seeds of the others in --json/--csv)")
    started = time.perf_counter()
    runs, interrupted = _play(specs, games, seed, workers, client, quiet)
    elapsed = time.perf_counter() - started
    played = sum(len(results) for results in runs)
    if interrupted:
        click.echo(f"interrupted: {played} of {games * len(specs)} games finished", err=True)
    summaries = [summarize(results, sides) for results in runs]
    for label, summary in zip(labels, summaries):
        print_summary(summary, games, title=f"run {label}: " if label else "")
    difference = compare(runs[0], runs[1], sides) if len(specs) > 1 else None
    if difference is not None:
        print_comparison(difference)
    click.echo(f"{played} games in {elapsed:.1f} s: {played / max(elapsed, 1e-9):.1f} games/s")
    if json_path:
        document = header_document(seed, games, interrupted)
        if difference is None:
            document.update(run_document(specs[0], runs[0], summaries[0]))
        else:
            document.update({"a": run_document(specs[0], runs[0], summaries[0]),
                             "b": run_document(specs[1], runs[1], summaries[1]), "difference": difference})
        write_atomically(json_path, json.dumps(document, indent=1, sort_keys=True) + "\n")
    if csv_path:
        write_atomically(csv_path, csv_text(list(zip([label or None for label in labels], runs))))
    if plot_path:
        from sog.simulate_plot import write_plot

        title = f"{scenario}: {games} games" + (" per run (A: as given, B: compared)" if len(specs) > 1 else "")
        write_plot(plot_path, [(label or "run", summary, [r.turns for r in results])
                               for label, summary, results in zip(labels, summaries, runs)], title)
    if interrupted:
        raise SystemExit(INTERRUPTED)
