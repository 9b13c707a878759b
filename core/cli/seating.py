"""Who plays each seat: bots by name, people at the prompt, and what a save remembers of them.

``--bots SEAT=BOT`` and ``--seat SEAT=human`` choose; a seat named by both is a usage
error. A resumed game keeps the players its save records unless the command line says
otherwise, and a bot that plays on gets back its own generator exactly where it was, so a
resumed bot game continues like the uninterrupted one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import click

from sog.bots import bots_for, default_bot, make_bot
from sog.cli.human import HumanController
from sog.game import Controller, Game
from sog.rng import Rng, RngState

__all__ = ["HUMAN", "Seating", "make_seating", "seat_players"]
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


def make_seating(game: Game, players: Mapping[str, str], saved: Mapping[str, Any] | None = None,
                 before_prompt: Callable[[], None] | None = None) -> Seating:
    """The controllers of ``players``; a bot the save recorded under the same name resumes its generator."""
    controllers: dict[str, Controller] = {}
    for seat, name in players.items():
        if name == HUMAN:
            controllers[seat] = HumanController(before_prompt)
            continue
        bot = make_bot(name, game.state.seed, seat, game.system)
        entry = (saved or {}).get(seat, {})
        rng = _generator(bot)
        if entry.get("controller") == name and "rng" in entry and rng is not None:
            bot._rng = Rng.from_state(RngState(**entry["rng"]))  # type: ignore[attr-defined]
        controllers[seat] = bot
    return Seating(controllers, dict(players))
