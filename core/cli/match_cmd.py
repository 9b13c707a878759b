"""``sog match``: two games of the same two players, their seats swapped, and the match's winner.

``sog match SCENARIO [SECOND]`` plays SCENARIO, then SECOND (default: SCENARIO again) with the
players' seats swapped (:mod:`sog.match`), and prints the winner of the match, as the first
game's rules decide it (``sog_match_result``), else by games won. ``--seat`` and ``--bots``
name the seats of the first game: the player there takes the other seat in the second.

Every argument is checked, and both games set up, before anything is played or written: a bad
one is one ``Error:`` line and exit 2 (a usage error).
"""

from __future__ import annotations

from pathlib import Path
import click

from sog.cli.errors import user_errors
from sog.cli.params import SEED_RANGE, SeatAssignment, assignments
from sog.cli.play_cmds import _drive, _library
from sog.cli.seating import seat_players
from sog.errors import ConfigError, SogError
from sog.game import Game
from sog.match import match_issues, match_outcome, match_players
from sog.packs.errors import ContentError, UnknownId
from sog.rng import SEED_MAX

__all__ = ["match"]


def _log_dir(value: str | None) -> Path | None:
    """The folder of the logs: a folder, or a new one in an existing folder (made when play starts)."""
    if value is None:
        return None
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise click.BadParameter(f"{value!r} is a file, not a folder", param_hint="'--log-dir'")
    if not path.exists() and not path.parent.is_dir():
        raise click.BadParameter(f"the folder {str(path.parent)!r} does not exist", param_hint="'--log-dir'")
    return path


def _games(scenarios: list[str], packs: tuple[str, ...], level: str | None, seed: int) -> list[Game]:
    from sog.setup import new_game

    library = _library(packs)
    games = []
    for index, scenario in enumerate(scenarios):
        try:
            games.append(new_game(scenario, library=library, level=level, seed=(seed + index) % (SEED_MAX + 1)))
        except (UnknownId, ConfigError, ContentError) as exc:
            raise click.BadParameter("; ".join(str(exc).splitlines()) or type(exc).__name__, param_hint=f"'{scenario}'") from None
    return games


@click.command()
@click.argument("scenario")
@click.argument("second", required=False)
@click.option("--rules", "level", metavar="LEVEL", help="Rules level of both games (default: each scenario's).")
@click.option("--seed", type=SEED_RANGE, default=1, show_default=True, metavar="0..2**64-1",
              help="Seed of the first game; the second is played with the next seed.")
@click.option("--bots", "bots", multiple=True, type=SeatAssignment("BOT"), metavar="SEAT=BOT",
              help="Bot for the player of a seat of the first game (he takes the other seat in the second).")
@click.option("--seat", "seats", multiple=True, type=SeatAssignment("human"), metavar="SEAT=human",
              help="A person plays the player of this seat of the first game (the other seat in the second).")
@click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too.")
@click.option("--log-dir", "log_dir", metavar="DIR", help="Write each game's JSON Lines log into this folder (game-1-SCENARIO.jsonl, ...).")
@click.option("--quiet", is_flag=True, help="Print only the results.")
@user_errors
def match(scenario: str, second: str | None, level: str | None, seed: int, bots: tuple[tuple[str, str], ...],
          seats: tuple[tuple[str, str], ...], packs: tuple[str, ...], log_dir: str | None, quiet: bool) -> None:
    """Play SCENARIO and then SECOND (default: SCENARIO again), the two players' seats swapped.

    The winner of the match is decided by the first game's rules (e.g. a tie-break chain over
    both games), else by games won.
    """
    folder = _log_dir(log_dir)
    games = _games([scenario, second or scenario], packs, level, seed)
    issues = match_issues(games)
    if issues:
        raise click.UsageError("no match: " + "; ".join(issues))
    table = match_players(games)
    first = seat_players(games[0], assignments(bots, "--bots"), assignments(seats, "--seat"))
    by_player = {table[0][seat]: name for seat, name in first.items()}
    if folder is not None:
        try:
            folder.mkdir(exist_ok=True)
        except OSError as exc:
            raise click.BadParameter(f"cannot make the folder {log_dir!r}: {exc.strerror}", param_hint="'--log-dir'") from None
    for index, (game, players) in enumerate(zip(games, table), start=1):
        chosen = {seat: by_player[player] for seat, player in players.items()}
        held = ", ".join(f"{player} {seat} ({chosen[seat]})" for seat, player in players.items())
        click.echo(f"game {index}: {game.state.scenario}, seed {game.state.seed}: {held}")
        log_path = None if folder is None else str(folder / f"game-{index}-{game.state.scenario}.jsonl")
        _drive(game, chosen, {}, None, log_path, None, None, quiet)
        if not game.over:  # pragma: no cover - _drive plays to the end without a turn limit of its own
            raise SogError(f"game {index} stopped before its result: no match result")
    outcome = match_outcome(games)
    click.echo(f"match: {'draw' if outcome.winner is None else outcome.winner + ' wins'}: {outcome.reason}")
