"""``sog simulate``: many bot games of one scenario, win rates with their confidence intervals.

``sog simulate SCENARIO --games N`` plays N games with bots on every seat (``--bots SEAT=BOT``,
else the game system's best), game ``i`` from a seed derived from ``--seed`` and ``i``
(:func:`sog.simulate.game_seed`), on ``--workers`` local processes (default: one per CPU;
``--workers 1`` plays in this process). The results do not depend on the number of workers.
A progress bar (games/s, ETA) goes to stderr; the summary to stdout; ``--json`` and ``--csv``
write every game. Ctrl-C stops the run, reports and writes what finished, and exits 130.

Every argument is checked, and game 0 set up, before a game is played or a file written: a bad
one is one ``error:`` line and exit 2 (a usage error), never a traceback.
"""

from __future__ import annotations

import csv
import io
import json
import time
from typing import Any

import click

from sog.cli.params import SEED_RANGE, OutputFile, SeatAssignment, assignments
from sog.cli.play_cmds import _library
from sog.cli.seating import HUMAN, seat_players
from sog.errors import SogError
from sog.fileio import write_atomically
from sog.packs.errors import ContentError, UnknownId
from sog.simulate import SEED_DERIVATION, GameResult, GameSpec, default_workers, game_seed, run_games, summarize

__all__ = ["simulate"]

#: The turn limit of a run unless ``--max-turns`` says otherwise: a safety net against a game
#: that never ends (such a game counts as unfinished, neither a win nor a draw).
DEFAULT_MAX_TURNS = 200
#: Exit code of a run stopped by Ctrl-C (128 + SIGINT, the shell's convention).
INTERRUPTED = 130


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


def _spec(scenario: str, level: str | None, options: tuple[str, ...], bots: tuple[tuple[str, str], ...],
          packs: tuple[str, ...], max_turns: int, seed: int) -> tuple[GameSpec, list[str]]:
    """The run's spec and the scenario's sides, checked by setting up game 0 (no game is played)."""
    from sog.setup import new_game

    library = _library(packs)
    try:
        game = new_game(scenario, library=library, level=level, add_options=list(options), seed=game_seed(seed, 0))
    except (UnknownId, SogError, ContentError) as exc:
        raise click.UsageError("; ".join(str(exc).splitlines()) or type(exc).__name__) from None
    chosen = assignments(bots, "--bots")
    if HUMAN in chosen.values():
        raise click.BadParameter("simulate plays bots only, not 'human'", param_hint="'--bots'")
    players = seat_players(game, chosen, {})
    spec = GameSpec(scenario=scenario, bots=players, level=level, options=tuple(options), packs=tuple(packs), max_turns=max_turns)
    return spec, list(game.state.sides)


def _replay_command(spec: GameSpec, seed: int) -> str:
    """The ``sog play`` command that plays one game of the run again."""
    parts = ["sog play", spec.scenario, f"--seed {seed}"]
    parts += [f"--rules {spec.level}"] if spec.level else []
    parts += [f"--option {name}" for name in spec.options]
    parts += [f"--pack {pack}" for pack in spec.packs]
    parts += [f"--bots {seat}={bot}" for seat, bot in spec.bots.items()]
    parts += [f"--max-turns {spec.max_turns}"] if spec.max_turns else []
    return " ".join(parts)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _report(summary: dict[str, Any], wanted: int) -> None:
    """The summary on stdout, a few lines."""
    n = summary["games"]
    click.echo(f"games: {n}" + ("" if n == wanted else f" of {wanted}"))
    for side, entry in summary["sides"].items():
        low, high = entry["ci95"]
        click.echo(f"  {side}: {entry['wins']} wins, {_percent(entry['rate'])} (95% CI {_percent(low)} - {_percent(high)})")
    click.echo(f"  draws: {summary['draws']}" + (f", unfinished (turn limit): {summary['unfinished']}" if summary["unfinished"] else ""))
    turns = summary["turns"]
    if turns["mean"] is not None:
        click.echo(f"turns: mean {turns['mean']:.1f}, median {turns['median']:g}, min {turns['min']}, max {turns['max']}")
    click.echo("how games ended:")
    for reason, count in summary["reasons"].items():
        click.echo(f"  {count:>6}  {reason}")


def _write_outputs(json_path: str | None, csv_path: str | None, spec: GameSpec, base_seed: int, wanted: int,
                   results: list[GameResult], summary: dict[str, Any], interrupted: bool) -> None:
    if json_path:
        document = {
            "scenario": spec.scenario, "rules": spec.level, "options": list(spec.options), "packs": list(spec.packs),
            "bots": dict(spec.bots), "max_turns": spec.max_turns, "seed": base_seed, "seed_derivation": SEED_DERIVATION,
            "games_requested": wanted, "interrupted": interrupted,
            "games": [r.as_dict() for r in results], "summary": summary,
        }
        write_atomically(json_path, json.dumps(document, indent=1, sort_keys=True) + "\n")
    if csv_path:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["index", "seed", "winner", "turns", "reason"])
        for r in results:
            writer.writerow([r.index, r.seed, r.winner or "", r.turns, r.reason])
        write_atomically(csv_path, buffer.getvalue())


def _progress(total: int) -> Any:
    """A rich progress bar on stderr: games done, games/s, elapsed time and ETA."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    return Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                    TextColumn("{task.fields[rate]} games/s"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=False)


@click.command(cls=_OneLineErrors)
@click.argument("scenario")
@click.option("--games", "games", type=click.IntRange(min=1), required=True, help="How many games to play.")
@click.option("--rules", "level", metavar="LEVEL", help="Rules level (default: the scenario's).")
@click.option("--option", "options", multiple=True, metavar="NAME", help="Switch an optional rule on, besides the scenario's (repeatable).")
@click.option("--bots", "bots", multiple=True, type=SeatAssignment("BOT"), metavar="SEAT=BOT",
              help="Bot for a seat (default: the game system's best).")
@click.option("--seed", type=SEED_RANGE, default=1, show_default=True, metavar="0..2**64-1",
              help="Base seed: game i is played from a seed derived from it and i (splitmix64).")
@click.option("--workers", type=click.IntRange(min=1), help="Local processes (default: one per CPU; 1: in this process).")
@click.option("--json", "json_path", type=OutputFile(), help="Write every game and the summary as JSON here.")
@click.option("--csv", "csv_path", type=OutputFile(), help="Write one CSV row per game here.")
@click.option("--max-turns", type=click.IntRange(min=1), default=DEFAULT_MAX_TURNS, show_default=True,
              help="Stop a game after this many turns; it counts as unfinished.")
@click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def simulate(scenario: str, games: int, level: str | None, options: tuple[str, ...], bots: tuple[tuple[str, str], ...],
             seed: int, workers: int | None, json_path: str | None, csv_path: str | None, max_turns: int,
             packs: tuple[str, ...], quiet: bool) -> None:
    """Play SCENARIO --games N times with bots and report win rates (95% Wilson intervals),
    draws, turns and how the games ended."""
    spec, sides = _spec(scenario, level, options, bots, packs, max_turns, seed)
    workers = workers or default_workers()
    click.echo(f"{games} games of {scenario}, seed {seed}, {workers} worker(s); "
               f"game i replays with: {_replay_command(spec, game_seed(seed, 0))}  (game 0; seeds of the others in --json/--csv)")
    started = time.perf_counter()
    interrupted = False
    progress = None if quiet else _progress(games)
    try:
        if progress is None:
            results = run_games(spec, games, seed, workers)
        else:
            with progress:
                task = progress.add_task("games", total=games, rate="-")

                def advance(_: GameResult) -> None:
                    done = progress.tasks[0].completed + 1
                    progress.update(task, completed=done, rate=f"{done / max(time.perf_counter() - started, 1e-9):.1f}")

                results = run_games(spec, games, seed, workers, on_result=advance)
    except KeyboardInterrupt as exc:
        results = getattr(exc, "results", [])
        interrupted = True
    elapsed = time.perf_counter() - started
    if interrupted:
        click.echo(f"interrupted: {len(results)} of {games} games finished", err=True)
    summary = summarize(results, sides)
    _report(summary, games)
    click.echo(f"{len(results)} games in {elapsed:.1f} s: {len(results) / max(elapsed, 1e-9):.1f} games/s")
    _write_outputs(json_path, csv_path, spec, seed, games, results, summary, interrupted)
    if interrupted:
        raise SystemExit(INTERRUPTED)
