"""Bots decide from their seat's view only (issue 16).

Each bot of the game system is handed a sealed view (the seat, the packs and the redacted view
data, no way back to the game) while the game's state, log, generator, pools and rules are
swapped for objects that fail on any use. A bot that reached the full state by any route (the
view's game, a global, the garbage collector) would fail; one that decides from its view plays
the very same game as without the seal.
"""

from __future__ import annotations

from typing import Any

import pytest

from sog.bots import bots_for, make_bot
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.packs.loader import load_library
from sog.setup import new_game

HIDDEN = ("state", "log", "rng", "pools", "rules")


class ReadFullState(AssertionError):
    """A bot touched the game itself while deciding."""


class _Poison:
    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def __getattr__(self, attr: str) -> Any:
        raise ReadFullState(f"a bot read game.{object.__getattribute__(self, '_name')}.{attr} while deciding")

    def __setattr__(self, attr: str, value: Any) -> None:
        raise ReadFullState(f"a bot wrote game.{object.__getattribute__(self, '_name')}.{attr} while deciding")


class SealedView:
    """The three things a seat's view offers, with no reference to the game."""

    def __init__(self, game: Game, seat: str) -> None:
        self.seat = seat
        self.content = game.content
        self.data = game.view(seat)


class Sealed:
    """Wraps a bot: while it decides, the game's own state is out of reach."""

    def __init__(self, game: Game, bot: Any) -> None:
        self.game = game
        self.bot = bot

    def decide(self, view: Any, request: DecisionRequest) -> Any:
        sealed = SealedView(self.game, view.seat)
        kept = {name: getattr(self.game, name) for name in HIDDEN}
        for name in HIDDEN:
            setattr(self.game, name, _Poison(name))
        try:
            return self.bot.decide(sealed, request)
        finally:
            for name, value in kept.items():
                setattr(self.game, name, value)


@pytest.fixture(scope="module")
def library() -> Any:
    return load_library()


def _play(library: Any, bot: str, level: str, seed: int, *, sealed: bool) -> list[dict[str, Any]]:
    game = new_game("enemy-in-sight", library=library, level=level, seed=seed)
    controllers: dict[str, Any] = {}
    for seat in game.seats():
        controller = make_bot(bot, seed, seat, game.system)
        controllers[seat] = Sealed(game, controller) if sealed else controller
    game.run(controllers, max_turns=6)
    return game.log.events


def _system_bots() -> list[str]:
    game = new_game("enemy-in-sight", library=load_library(), seed=1)
    return sorted(bots_for(game.system))


@pytest.mark.parametrize("level", ["basic", "standard", "advanced"])
@pytest.mark.parametrize("bot", _system_bots())
def test_every_bot_plays_the_same_game_from_a_sealed_view(library: Any, bot: str, level: str) -> None:
    assert _play(library, bot, level, 5, sealed=True) == _play(library, bot, level, 5, sealed=False)


def test_a_bot_reading_the_game_state_is_caught(library: Any) -> None:
    class Peeker:
        def __init__(self) -> None:
            self.game: Game | None = None

        def decide(self, view: Any, request: DecisionRequest) -> Any:
            assert self.game is not None
            self.game.state.turn  # noqa: B018 - the peek itself is the point
            return request.choices[0]

    game = new_game("enemy-in-sight", library=library, seed=1)
    peeker = Peeker()
    peeker.game = game
    with pytest.raises(ReadFullState, match="game.state.turn"):
        game.run({seat: Sealed(game, peeker) for seat in game.seats()}, max_turns=1)
