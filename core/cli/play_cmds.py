"""``sog play``, ``sog replay`` and ``sog render``: games on the command line."""

from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Callable
from typing import Any, TypeVar

import click

from sog.bots import BOTS, make_bot
from sog.cli.errors import user_errors
from sog.cli.human import HumanController
from sog.cli.narrate import narrate
from sog.errors import ConfigError, SaveFileError
from sog.events import parse_jsonl
from sog.game import Controller, Game
from sog.packs.library import Library
from sog.packs.loader import load_library
from sog.packs.errors import UnknownId

__all__ = ["play", "render", "replay_cmd", "resume"]

F = TypeVar("F", bound=Callable[..., Any])

#: The seed of ``sog play`` when none is given, so the README's game is always the same.
DEFAULT_SEED = 1
DEFAULT_BOT = "captain"


def _pairs(values: tuple[str, ...], what: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for value in values:
        seat, sep, name = value.partition("=")
        if not sep or not seat or not name:
            raise click.BadParameter(f"{value!r} is not SEAT={what.upper()}")
        pairs[seat] = name
    return pairs


def _library(packs: tuple[str, ...]) -> Library:
    return load_library([Path(p) for p in packs])


def _controllers(game: Game, bots: dict[str, str], seats: dict[str, str], seed: int) -> dict[str, Controller]:
    known = game.seats()
    for seat in list(bots) + list(seats):
        if seat not in known:
            raise click.BadParameter(f"unknown seat {seat!r}; this scenario's seats: {', '.join(known)}")
    controllers: dict[str, Controller] = {}
    for seat in known:
        if seats.get(seat) == "human":
            controllers[seat] = HumanController()
            continue
        if seat in seats:
            raise click.BadParameter(f"--seat {seat}={seats[seat]}: only 'human' is supported (use --bots for bots)")
        name = bots.get(seat, DEFAULT_BOT)
        if name not in BOTS:
            raise click.BadParameter(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
        controllers[seat] = make_bot(name, seed, seat)
    return controllers


def running_options(command: F) -> F:
    """The options of every command that runs a game: seats, packs, log, save, pictures, output."""
    for option in reversed([
        click.option("--bots", "bots", multiple=True, metavar="SEAT=BOT", help=f"Bot for a seat: {', '.join(BOTS)} (default {DEFAULT_BOT})."),
        click.option("--seat", "seats", multiple=True, metavar="SEAT=human", help="Let a person play a seat at the prompt."),
        click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too."),
        click.option("--log", "log_path", type=click.Path(dir_okay=False, writable=True), help="Write the whole JSON Lines log here."),
        click.option("--save", "save_path", type=click.Path(dir_okay=False, writable=True), help="Save the game here when play stops."),
        click.option("--svg", "svg_dir", type=click.Path(file_okay=False), help="Write an SVG of the table per turn into this folder."),
        click.option("--quiet", is_flag=True, help="Print only the result."),
    ]):
        command = option(command)
    return command


@click.command()
@click.argument("scenario")
@click.option("--rules", "level", type=click.Choice(["basic", "standard", "advanced"]), help="Rules level (default: the scenario's).")
@click.option("--option", "options", multiple=True, metavar="NAME", help="Switch an optional rule on (repeatable).")
@click.option("--setting", "settings", multiple=True, metavar="RULE=JSON", help="Settings of a rule as a JSON object.")
@click.option("--no", "blocked", multiple=True, metavar="NAME", help="Switch a core rule off (house rules replace it).")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="Seed of the game's random generator.")
@running_options
@click.option("--max-turns", type=click.IntRange(min=1), help="Stop after this many turns (save to continue later).")
@user_errors
def play(scenario: str, level: str | None, options: tuple[str, ...], settings: tuple[str, ...], blocked: tuple[str, ...],
         seed: int, bots: tuple[str, ...], seats: tuple[str, ...], packs: tuple[str, ...], log_path: str | None,
         save_path: str | None, svg_dir: str | None, max_turns: int | None, quiet: bool) -> None:
    """Play SCENARIO (e.g. enemy-in-sight) with bots and/or people."""
    from sog.setup import new_game

    parsed_settings: dict[str, Any] = {}
    for item in settings:
        rule, sep, text = item.partition("=")
        try:
            parsed_settings[rule] = json.loads(text) if sep else None
        except json.JSONDecodeError as exc:
            raise click.BadParameter(f"--setting {item!r}: not JSON: {exc.msg}") from None
        if not isinstance(parsed_settings[rule], dict):
            raise click.BadParameter(f"--setting {item!r}: expected RULE={{...}} with a JSON object")
    library = _library(packs)
    try:
        game = new_game(scenario, library=library, level=level, options=list(options) if options else None,
                        settings=parsed_settings, seed=seed, blocked=blocked)
    except UnknownId as exc:
        raise ConfigError(str(exc).strip("'\"")) from None
    controllers = _controllers(game, _pairs(bots, "bot"), _pairs(seats, "human"), seed)
    _drive(game, controllers, max_turns, log_path, save_path, svg_dir, quiet)


def _drive(game: Game, controllers: dict[str, Controller], max_turns: int | None, log_path: str | None,
           save_path: str | None, svg_dir: str | None, quiet: bool) -> None:
    """Run ``game`` with ``controllers``, printing, drawing, logging and saving as asked."""
    from sog.render.svg import write_turn_svg
    from sog.savefile import save_game

    if svg_dir:
        Path(svg_dir).mkdir(parents=True, exist_ok=True)

    def observe(events: list[dict[str, Any]]) -> None:
        if not quiet:
            for line in narrate(game, events):
                click.echo(line)
        if svg_dir and any(e["kind"] in ("turn-began", "game-over") for e in events):
            write_turn_svg(game, Path(svg_dir))

    outcome = game.run(controllers, max_turns=max_turns, observer=observe)
    if log_path:
        Path(log_path).write_text(game.log.to_jsonl(), encoding="utf-8")
    if save_path:
        save_game(game, save_path)
    if outcome is None:
        click.echo(f"stopped after turn {game.state.turn - 1}; no result yet" + (f" (saved to {save_path})" if save_path else ""))
    else:
        winner = outcome.winner
        click.echo(f"result: {'draw' if winner is None else winner + ' wins'} after {game.state.turn} turns: {outcome.reason}")


@click.command()
@click.argument("save", type=click.Path(exists=True, dir_okay=False))
@running_options
@click.option("--turns", type=click.IntRange(min=1), help="Play at most this many more turns.")
@user_errors
def resume(save: str, bots: tuple[str, ...], seats: tuple[str, ...], packs: tuple[str, ...], log_path: str | None,
           save_path: str | None, svg_dir: str | None, turns: int | None, quiet: bool) -> None:
    """Continue the game saved in SAVE (by ``sog play --save``) exactly where it stopped."""
    from sog.savefile import load_game

    game = load_game(save, library=_library(packs))
    if game.over:
        raise SaveFileError(f"{save}: this game is already over ({game.state.outcome.reason})")
    controllers = _controllers(game, _pairs(bots, "bot"), _pairs(seats, "human"), game.state.seed)
    limit = None if turns is None else game.state.turn + turns - 1
    _drive(game, controllers, limit, log_path, save_path, svg_dir, quiet)


@click.command("replay")
@click.argument("log", type=click.Path(exists=True, dir_okay=False))
@click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too.")
@user_errors
def replay_cmd(log: str, packs: tuple[str, ...]) -> None:
    """Re-run the game of LOG and check that every event comes out the same."""
    from sog.replay import replay

    try:
        header, events = parse_jsonl(Path(log).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise SaveFileError(f"{log}: {exc}") from None
    result = replay(header, events, library=_library(packs))
    click.echo(f"ok: {result.events} events replayed identically")


@click.command()
@click.argument("save", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, writable=True), help="The SVG file to write.")
@click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too.")
@user_errors
def render(save: str, output: str, packs: tuple[str, ...]) -> None:
    """Draw the table of a saved game as SVG."""
    from sog.render.svg import table_svg
    from sog.savefile import load_game

    game = load_game(save, library=_library(packs))
    Path(output).write_text(table_svg(game), encoding="utf-8")
    click.echo(f"wrote {output}")
