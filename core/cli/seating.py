"""Who plays each seat: bots by name, people at the prompt, and what a save remembers of them.

``--bots SEAT=BOT`` and ``--seat SEAT=human`` choose; a seat named by both is a usage
error. A resumed game keeps the players its save records unless the command line says
otherwise, and a bot that plays on gets back its own generator exactly where it was, so a
resumed bot game continues like the uninterrupted one.

The people share one terminal (:class:`SharedTerminal`): with two or more, the terminal is
handed over between them, and each reads only what its seat may see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import click

from sog.bots import bots_for, default_bot, make_bot
from sog.cli.human import HumanController, clear_screen, press_enter
from sog.cli.narrate import choice_notes, narrate, ship_state
from sog.decisions import DecisionRequest
from sog.game import Controller, Game
from sog.rng import Rng, RngState
from sog.seats import SeatView
from sog.views import ONLOOKER

__all__ = ["HUMAN", "Seating", "SharedTerminal", "make_seating", "seat_players"]
HUMAN = "human"


def _generator(controller: Controller) -> Rng | None:
    """A bot's own generator (the built-in bots keep it in ``_rng``), else ``None``."""
    rng = getattr(controller, "_rng", None)
    return rng if isinstance(rng, Rng) else None


class Seating:
    """The controller of each seat, with the name it was chosen by (``human`` or a bot)."""

    def __init__(self, controllers: dict[str, Controller], names: dict[str, str]) -> None:
        self.controllers = controllers
        self.names = names

    def record(self) -> dict[str, Any]:
        """What a save keeps: each seat's player, and a bot's generator state."""
        record: dict[str, Any] = {}
        for seat, name in self.names.items():
            entry: dict[str, Any] = {"controller": name}
            rng = _generator(self.controllers[seat])
            if rng is not None:
                entry["rng"] = rng.state().model_dump()
            record[seat] = entry
        return record


def seat_players(game: Game, bots: Mapping[str, str], humans: Mapping[str, str],
                 saved: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The player of every seat: the command line's choice, else the save's, else the default bot.

    :raises click.BadParameter: an unknown seat or bot, a seat given to a bot and a person,
        or ``--seat SEAT=`` something other than ``human``.
    """
    known = game.seats()
    for option, chosen in (("--bots", bots), ("--seat", humans)):
        for seat in chosen:
            if seat not in known:
                raise click.BadParameter(f"unknown seat {seat!r}; this scenario's seats: {', '.join(known)}", param_hint=f"'{option}'")
    for seat, name in humans.items():
        if name != HUMAN:
            raise click.BadParameter(f"{seat}={name}: only 'human' is supported (use --bots for bots)", param_hint="'--seat'")
        if seat in bots:
            raise click.BadParameter(f"seat {seat!r} is given to a person (--seat {seat}=human) and to bot {bots[seat]!r} "
                                     f"(--bots {seat}={bots[seat]}); choose one", param_hint="'--seat' / '--bots'")
    available = bots_for(game.system)
    for seat, name in bots.items():
        if name not in available:
            raise click.BadParameter(f"unknown bot {name!r}; bots for {game.system.title}: {', '.join(available)}", param_hint="'--bots'")
    players: dict[str, str] = {}
    for seat in known:
        recorded = (saved or {}).get(seat, {}).get("controller")
        if seat in humans:
            players[seat] = HUMAN
        elif seat in bots:
            players[seat] = bots[seat]
        elif recorded == HUMAN or recorded in available:
            players[seat] = recorded
        else:
            players[seat] = default_bot(game.system)
    return players


class SharedTerminal:
    """The one terminal the people share: who is looking at it, and what each seat has read.

    The :class:`~sog.cli.human.PromptAids` of every person's prompts. With two or more
    people, a prompt for another seat than the last prompt's first clears the screen and waits
    until only that seat's player looks (the first prompt too: nobody has looked yet); before
    each prompt the seat then reads the events it has not read yet as it may see them
    (:meth:`sog.game.Game.events_for`), never the omniscient log. With one person the command
    prints that seat's events as they come, and nothing is handed over. ``since`` is the first
    event nobody has read (0 for a new game: its set-up), ``quiet`` prints no events.
    """

    def __init__(self, game: Game, humans: Iterable[str], *, since: int = 0, quiet: bool = False) -> None:
        self.game = game
        self.humans = list(humans)
        self.quiet = quiet
        self._read = {seat: since for seat in self.humans}
        self._at: str | None = None

    @property
    def shared(self) -> bool:
        """Two people or more at the terminal: it is handed over between them."""
        return len(self.humans) >= 2

    def hand_over(self, seat: str) -> None:
        if not self.shared:
            return
        if seat != self._at:
            clear_screen()
            press_enter(f"Pass to seat {seat}. Press Enter when only {seat} is looking.")
            self._at = seat
        self._tell(self.game.events_for(seat, since=self._read[seat]))
        self._read[seat] = len(self.game.log.events)

    def ship_lines(self, view: SeatView) -> list[str]:
        return ship_state(self.game, view)

    def choice_notes(self, view: SeatView, request: DecisionRequest) -> list[str | None]:
        return choice_notes(self.game, view, request)

    def finish(self) -> None:
        """The game stopped (over or at its turn limit): clear the last person's prompts away and
        tell everyone, as any seat may see it, what happened since the seat that read least looked."""
        if not self.shared:
            return
        clear_screen()
        click.echo("Everyone may look now.")
        self._tell(self.game.events_for(ONLOOKER, since=min(self._read.values())))
        self._at = None

    def _tell(self, events: list[dict[str, Any]]) -> None:
        if not self.quiet:
            for line in narrate(self.game, events):
                click.echo(line)


def make_seating(game: Game, players: Mapping[str, str], saved: Mapping[str, Any] | None = None,
                 before_prompt: Callable[[], None] | None = None, terminal: SharedTerminal | None = None) -> Seating:
    """The controllers of ``players``; a bot the save recorded under the same name resumes its generator.

    The people's prompts take their aids from ``terminal`` (by default one made for them).
    """
    controllers: dict[str, Controller] = {}
    if terminal is None:
        terminal = SharedTerminal(game, [seat for seat, name in players.items() if name == HUMAN])
    for seat, name in players.items():
        if name == HUMAN:
            controllers[seat] = HumanController(before_prompt, terminal)
            continue
        bot = make_bot(name, game.state.seed, seat, game.system)
        entry = (saved or {}).get(seat, {})
        rng = _generator(bot)
        if entry.get("controller") == name and "rng" in entry and rng is not None:
            bot._rng = Rng.from_state(RngState(**entry["rng"]))  # type: ignore[attr-defined]
        controllers[seat] = bot
    return Seating(controllers, dict(players))
