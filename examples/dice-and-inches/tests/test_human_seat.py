"""A person plays a seat at the terminal: choices by number, numbers in their unit, and the game goes on."""

from __future__ import annotations

import importlib.metadata
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from sog.bots import make_bot
from sog.cli.human import HumanController
from sog.setup import new_game


def _play_british(catalogue: Any, library: Any, answers: str, turns: int) -> tuple[Any, str]:
    game = new_game("dice-duel", seed=1, catalogue=catalogue, library=library)
    system = catalogue.systems["dice-and-inches"]
    players = {"british": HumanController(), "american": make_bot("captain", 1, "american", system)}
    runner = CliRunner()
    with runner.isolation(input=answers) as streams:
        game.run(players, max_turns=turns)
        text = streams[0].getvalue().decode()
    return game, text


def test_a_human_seat_answers_a_choice_and_a_number_and_the_game_goes_on(catalogue: Any, library: Any) -> None:
    # turn 1: anchoring? 1 (sail on); helm: 2 (port, to heading 135); second leg: 2.5 inches
    game, text = _play_british(catalogue, library, "1\n2\n2.5\n" + "1\n" * 40, turns=2)
    assert "[british] Hornet: anchoring?\n   1. sail on\n" in text
    assert "   2. turn 45 degrees to port (heading 135°" in text
    assert "How far does Hornet sail in her second leg, in inches?" in text
    assert "number (0 to 2.5 inches, by 0.25) [0]:" in text
    sailed = [e["data"] for e in game.log.of_kind("ship-sailed") if e["data"]["ship"] == "hornet"]
    assert sailed[0]["heading"] == 180.0 and sailed[1]["heading"] == 135.0 and sailed[1]["distance"] == 2.5
    assert game.state.turn == 2 and any(e["turn"] == 2 for e in game.log.of_kind("ship-sailed"))


def test_a_human_seat_is_asked_again_after_a_number_out_of_range(catalogue: Any, library: Any) -> None:
    game, text = _play_british(catalogue, library, "1\n1\n7\n-1\nx\n6\n" + "1\n" * 40, turns=1)
    assert text.count("please type a number from 0 to 6.0 inches, by 0.25") == 3
    sailed = [e["data"] for e in game.log.of_kind("ship-sailed") if e["data"]["ship"] == "hornet"]
    assert [s["distance"] for s in sailed] == [6.0, 6.0]


def _installed() -> bool:
    """Installed in this environment: metadata found outside this checkout (a build's
    ``*.egg-info`` left next to the sources does not count) and ``sog`` on the PATH."""
    try:
        found = importlib.metadata.distribution("sog-dice-and-inches")
    except importlib.metadata.PackageNotFoundError:
        return False
    here = Path(__file__).resolve().parents[1]
    return Path(str(found.locate_file(""))).resolve() != here and shutil.which("sog") is not None


@pytest.mark.skipif(not _installed(), reason="sog-dice-and-inches is not installed: `sog play` does not know it")
def test_sog_play_with_a_human_seat_at_the_terminal(tmp_path: Any) -> None:
    answers = "1\n1\n6\n" + "1\n" * 40
    result = subprocess.run(["sog", "play", "dice-duel", "--seat", "british=human", "--max-turns", "1"],
                            input=answers, capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "   1. hold her course (heading 180°, 12\" a move)" in result.stdout
    assert 'Hornet sails 6" to (6.0", 18.0") heading 180°' in result.stdout
    assert "stopped after turn 1" in result.stdout
