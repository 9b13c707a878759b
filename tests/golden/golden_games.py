"""The games of the golden logs: each one's scenario, rules, bots, seed and turn limit.

Issue 16's speed work must change no game. These games were recorded just before it started
(``tests/golden/record.py``) and ``test_golden_logs.py`` plays them again and compares the logs
byte for byte. A module of its own name, imported by both (``conftest`` is a name every test
folder has).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sog.bots import make_bot
from sog.game import Game
from sog.packs.loader import load_library
from sog.setup import new_game

HERE = Path(__file__).parent
LOGS = HERE / "logs"
#: The test pack of the battery tests (scenario ``enemy-in-sight-battery``).
BATTERY_PACK = HERE.parent / "batteries" / "pack"


@dataclass(frozen=True)
class GoldenGame:
    """One recorded game: played by ``bot`` on every seat from ``seed``, at most ``max_turns`` turns."""

    scenario: str
    level: str | None
    bot: str
    seed: int
    max_turns: int
    pack: Path | None = None

    @property
    def name(self) -> str:
        """The log's file name (without folder): scenario, level, bot, seed."""
        return f"{self.scenario}-{self.level or 'default'}-{self.bot}-{self.seed}.jsonl"

    @property
    def path(self) -> Path:
        return LOGS / self.name


GAMES: tuple[GoldenGame, ...] = (
    *(GoldenGame("enemy-in-sight", level, bot, seed, 12 if bot == "random" else 8)
      for level in ("basic", "standard", "advanced") for bot in ("random", "captain") for seed in (3, 11)),
    GoldenGame("in-shallow-waters", None, "random", 5, 10),
    GoldenGame("against-the-outpost", None, "random", 5, 10),
    GoldenGame("force-the-blockade-solo", None, "random", 5, 10),
    GoldenGame("sitting-ducks", None, "random", 5, 10),
    GoldenGame("enemy-in-sight-battery", None, "random", 5, 10, BATTERY_PACK),
)


def play(golden: GoldenGame) -> Game:
    """Play ``golden`` from its seed with its bots, to its end or its turn limit."""
    library = load_library([golden.pack] if golden.pack else [])
    game = new_game(golden.scenario, library=library, level=golden.level, seed=golden.seed)
    game.run({seat: make_bot(golden.bot, golden.seed, seat, game.system) for seat in game.seats()},
             max_turns=golden.max_turns)
    return game


def log_text(golden: GoldenGame) -> str:
    """The JSON Lines log of ``golden`` played now."""
    return play(golden).log.to_jsonl()
