"""``sog play``, ``sog resume`` and ``sog render``: games on the command line.

``sog replay`` lives in :mod:`sog.cli.replay_cmd`.

Every file option is checked before the game starts (its folder must exist). While a game
runs, its log is written as it goes and its save at every turn end; an interrupt or an
error saves the last consistent position (see :mod:`sog.cli.recording`).
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable
from typing import Any, TypeVar

import click

from sog.cli.errors import user_errors
from sog.cli.narrate import narrate
from sog.cli.params import SEED_RANGE, IdsAssignment, OutputFile, RuleSetting, SeatAssignment, assignments, id_lists, rule_settings
from sog.cli.recording import INTERRUPTED_SAVE, GameRecorder, RecordingError, keeping
from sog.cli.seating import HUMAN, SharedTerminal, make_seating, seat_players
from sog.errors import ConfigError, SaveFileError
from sog.fileio import write_atomically
from sog.game import Game
from sog.lineup import Lineup
from sog.packs.library import Library
from sog.packs.loader import load_library
from sog.packs.errors import UnknownId
from sog.views import seat_events

__all__ = ["play", "render", "resume"]

F = TypeVar("F", bound=Callable[..., Any])

#: The seed of ``sog play`` when none is given, so the README's game is always the same.
DEFAULT_SEED = 1


def _library(packs: tuple[str, ...]) -> Library:
    return load_library([Path(p) for p in packs])


def running_options(command: F) -> F:
    """The options of every command that runs a game: seats, packs, log, save, pictures, output."""
    for option in reversed([
        click.option("--bots", "bots", multiple=True, type=SeatAssignment("BOT"), metavar="SEAT=BOT",
                     help="Bot for a seat: random, or one of the game system's (default: the system's best; resume: the save's)."),
        click.option("--seat", "seats", multiple=True, type=SeatAssignment("human"), metavar="SEAT=human",
                     help="Let a person play a seat at the prompt (two or more: the terminal is handed over between them, "
                          "each seeing only what its seat may see)."),
        click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too."),
        click.option("--log", "log_path", type=OutputFile(), help="Write the JSON Lines log here, as the game goes."),
        click.option("--save", "save_path", type=OutputFile(),
                     help="Save the game here at every turn end and when play stops, even by Ctrl-C or an error "
                          f"(without --save, an interrupted game is saved to {INTERRUPTED_SAVE.format(scenario='SCENARIO')} "
                          "in the current folder)."),
        click.option("--svg", "svg_dir", type=click.Path(file_okay=False), help="Write an SVG of the table per turn into this folder."),
        click.option("--quiet", is_flag=True, help="Print only the result."),
    ]):
        command = option(command)
    return command


@click.command()
@click.argument("scenario")
@click.option("--rules", "level", metavar="LEVEL", help="Rules level, one of the scenario's game system (see `sog rules`; default: the scenario's).")
@click.option("--option", "options", multiple=True, metavar="NAME", help="Switch an optional rule on, besides the scenario's (repeatable).")
@click.option("--setting", "settings", multiple=True, type=RuleSetting(), metavar="RULE=JSON", help="Settings of a rule as a JSON object.")
@click.option("--no", "blocked", multiple=True, metavar="NAME", help="Switch a core rule off (house rules replace it), or one of the scenario's options.")
@click.option("--seed", type=SEED_RANGE, default=DEFAULT_SEED, show_default=True, metavar="0..2**64-1",
              help="Seed of the game's random generator (PCG32, 64-bit): an integer from 0 to 2**64 - 1.")
@click.option("--fleet", "fleets", multiple=True, type=IdsAssignment("SIDE", "SHIP"), metavar="SIDE=SHIP[,SHIP...]",
              help="Sail these ships for SIDE instead of the scenario's, in its set-up zone (see `sog ships`; one per side).")
@click.option("--captain", "captains", multiple=True, type=IdsAssignment("SHIP", "CAPTAIN", single=True), metavar="SHIP=CAPTAIN",
              help="Give SHIP (its id in the game, or its ship id) a captain (see `sog captains`).")
@click.option("--crew", "crews", multiple=True, type=IdsAssignment("SHIP", "CARD"), metavar="SHIP=CARD[,CARD...]",
              help="Give SHIP crew cards (see `sog captains`).")
@click.option("--points-limit", type=click.IntRange(min=0), metavar="N",
              help="Refuse the game if a side's fleet, captains and cards included, is worth more than N points.")
@running_options
@click.option("--max-turns", type=click.IntRange(min=1), help="Stop after this many turns (save to continue later).")
@user_errors
def play(scenario: str, level: str | None, options: tuple[str, ...], settings: tuple[tuple[str, dict[str, Any]], ...],
         blocked: tuple[str, ...], seed: int, fleets: tuple[tuple[str, tuple[str, ...]], ...],
         captains: tuple[tuple[str, tuple[str, ...]], ...], crews: tuple[tuple[str, tuple[str, ...]], ...],
         points_limit: int | None, bots: tuple[tuple[str, str], ...], seats: tuple[tuple[str, str], ...],
         packs: tuple[str, ...], log_path: str | None, save_path: str | None, svg_dir: str | None, max_turns: int | None,
         quiet: bool) -> None:
    """Play SCENARIO (e.g. enemy-in-sight) with bots and/or people.

    Ctrl-C (exit 130), the end of the input at a prompt or an error (exit 1) stops the game
    and saves the position before it (see --save); `sog resume` continues it exactly.
    """
    from sog.setup import new_game

    parsed_settings = rule_settings(settings, "--setting")
    library = _library(packs)
    lineup = _lineup(fleets, captains, crews)
    try:
        game = new_game(scenario, library=library, level=level, add_options=list(options),
                        settings=parsed_settings, seed=seed, blocked=blocked, lineup=lineup, points_limit=points_limit)
    except UnknownId as exc:
        raise ConfigError(str(exc)) from None
    players = seat_players(game, assignments(bots, "--bots"), assignments(seats, "--seat"))
    _drive(game, players, {}, max_turns, log_path, save_path, svg_dir, quiet)


#: What the ship options attach: the option and the content kind of its documents.
ATTACH_OPTIONS = (("--captain", "captain"), ("--crew", "crew-card"))


def _lineup(fleets: tuple[tuple[str, tuple[str, ...]], ...], *attached: tuple[tuple[str, tuple[str, ...]], ...]) -> Lineup:
    """The line-up the fleet and ship options ask for (one value per side, per ship)."""
    attach: dict[str, dict[str, tuple[str, ...]]] = {}
    for (option, kind), values in zip(ATTACH_OPTIONS, attached):
        for ship, ids in id_lists(values, option).items():
            attach.setdefault(ship, {})[kind] = ids
    return Lineup(fleets=id_lists(fleets, "--fleet"), attach=attach)


def _turns_done(game: Game) -> int:
    """Turns played to their end (the current one is not, once its first step began)."""
    return game.state.turn - (1 if game.state.step_index >= 0 else 0)


def _drive(game: Game, players: dict[str, str], saved_seats: dict[str, Any], max_turns: int | None,
           log_path: str | None, save_path: str | None, svg_dir: str | None, quiet: bool) -> None:
    """Run ``game``, printing, drawing, logging and saving as asked; nothing is lost on an interrupt."""
    from sog.render.svg import write_turn_svg

    if svg_dir:
        try:
            Path(svg_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise click.BadParameter(f"cannot make the folder {svg_dir!r}: {exc.strerror}", param_hint="'--svg'") from None
    recorder: GameRecorder | None = None

    def before_prompt() -> None:
        if recorder is not None:
            recorder.checkpoint()

    fresh = game.state.turn == 0 and game.state.step_index < 0  # nobody has read its set-up yet
    humans = [seat for seat, name in players.items() if name == HUMAN]
    terminal = SharedTerminal(game, humans, since=0 if fresh else len(game.log.events), quiet=quiet)
    seating = make_seating(game, players, saved_seats, before_prompt, terminal)
    recorder = GameRecorder(game, seating, log_path=log_path, save_path=save_path)
    drawn: list[tuple[int, bool] | None] = [None]  # the last picture's (turns done, over)

    def tell(events: list[dict[str, Any]]) -> None:
        # A person at the terminal reads only what the table shows their seat; two or more
        # read their own at each hand-over (the terminal), bots alone leave it all to read.
        if not quiet and not terminal.shared:
            shown = seat_events(game, humans[0], events) if humans else events
            for line in narrate(game, shown):
                click.echo(line)

    def observe(events: list[dict[str, Any]]) -> None:
        recorder.observe(events)  # first: the log and the snapshot do not wait for the output
        tell(events)
        if svg_dir and (_turns_done(game), game.over) != drawn[-1]:
            drawn.append((_turns_done(game), game.over))
            try:
                # one person at the terminal: the table as their seat reads it; else as anyone may
                write_turn_svg(game, Path(svg_dir), seat=humans[0] if len(humans) == 1 else None)
            except OSError as exc:
                raise RecordingError(f"cannot write a picture into {svg_dir}: {exc.strerror or exc}") from None

    recorder.start()
    if fresh:
        tell(list(game.log.events))  # what the set-up did (e.g. cards left out of the game)
    with keeping(recorder):
        outcome = game.run(seating.controllers, max_turns=max_turns, observer=observe)
        recorder.finish()
        terminal.finish()  # with two people or more: what everyone may see of the end
    if outcome is None:
        click.echo(f"stopped after turn {_turns_done(game)}; no result yet" + (f" (saved to {save_path})" if save_path else ""))
    else:
        winner = outcome.winner
        click.echo(f"result: {'draw' if winner is None else winner + ' wins'} after {game.state.turn} turns: {outcome.reason}")


@click.command()
@click.argument("save", type=click.Path(exists=True, dir_okay=False))
@running_options
@click.option("--turns", type=click.IntRange(min=1), help="Play at most this many more turns.")
@user_errors
def resume(save: str, bots: tuple[tuple[str, str], ...], seats: tuple[tuple[str, str], ...], packs: tuple[str, ...],
           log_path: str | None, save_path: str | None, svg_dir: str | None, turns: int | None, quiet: bool) -> None:
    """Continue the game saved in SAVE (by ``sog play --save``) exactly where it stopped.

    The seats keep the players the save records (bots with their own generators where they
    were) unless --bots or --seat say otherwise.
    """
    from sog.savefile import load_saved

    saved = load_saved(save, library=_library(packs))
    game = saved.game
    if game.over:
        raise SaveFileError(f"{save}: this game is already over ({game.state.outcome.reason})")
    players = seat_players(game, assignments(bots, "--bots"), assignments(seats, "--seat"), saved.seats)
    limit = None if turns is None else _turns_done(game) + turns
    _drive(game, players, saved.seats, limit, log_path, save_path, svg_dir, quiet)


@click.command()
@click.argument("save", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", required=True, type=OutputFile(), help="The SVG file to write.")
@click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too.")
@user_errors
def render(save: str, output: str, packs: tuple[str, ...]) -> None:
    """Draw the table of a saved game as SVG."""
    from sog.render.svg import table_svg
    from sog.savefile import load_game

    game = load_game(save, library=_library(packs))
    try:
        write_atomically(output, table_svg(game))
    except OSError as exc:
        raise RecordingError(f"cannot write {output}: {exc.strerror or exc}") from None
    click.echo(f"wrote {output}")
