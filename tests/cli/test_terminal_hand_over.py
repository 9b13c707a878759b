"""Two people at one terminal: it is handed over between them, and neither reads the other's secrets.

The game is Advanced *Enemy in Sight!* for one turn, both seats human: the British load chain
on the left and grapeshot on the right and plan B-7 and D-7, then B-1 and D-1 for turn 2;
the French load ball, plan A-1 and C-1, then A-2 and C-2. The answers are checked in the log,
so a hand-over that swallowed an answer would show.
"""

import io
import json
import sys

import pytest
from click.testing import CliRunner

from sog.cli.human import clear_screen
from sog.cli.main import main
from sog.savefile import load_saved

ENTER = "\n"
BRITISH_SET_UP = "2\n3\n2\n3\n2\n2\n"  # loads: chain, grapeshot, chain, grapeshot; battle sails
FRENCH_SET_UP = "1\n" * 6  # loads: ball; full sails
BRITISH_PLANS = "7\n7\n1\n1\n"  # B-7, D-7, no actions
FRENCH_PLANS = "1\n" * 4  # A-1, C-1, no actions
SLOT_2 = "1\n1\n"  # B-1, D-1 / A-2, C-2
TURN = (ENTER + BRITISH_SET_UP + ENTER + FRENCH_SET_UP + ENTER + BRITISH_PLANS + ENTER + FRENCH_PLANS
        + ENTER + SLOT_2 + ENTER + SLOT_2)
PLAY = ["play", "enemy-in-sight", "--rules", "advanced", "--seed", "1", "--seat", "british=human", "--seat", "french=human",
        "--max-turns", "1"]
#: What the French must never read of the British, and the British of the French.
BRITISH_SECRETS = ("loaded: chain", "loaded: grapeshot", "B-7", "D-7", "B-1", "D-1", "[british]")
FRENCH_SECRETS = ("loaded: ball", "A-1", "C-1", "A-2", "C-2", "[french]")


def run(args, answers, columns=120):
    return CliRunner(env={"COLUMNS": str(columns)}).invoke(main, args, input=answers)


def answers_in(log):
    """Each seat's answers in the log, in order."""
    answers = {"british": [], "french": []}
    for line in log.read_text().splitlines()[1:]:
        event = json.loads(line)
        if event["kind"] == "decisions":
            for answer in event["data"]["answers"]:
                answers[answer["seat"]].append(answer["answer"])
    return answers


def hand_overs(output, seat):
    """What is printed from each "Pass to seat SEAT" to that seat's next prompt."""
    pieces = output.split(f"Pass to seat {seat}. Press Enter when only {seat} is looking.")[1:]
    return [piece[: piece.index(f"[{seat}]")] for piece in pieces]


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    log = tmp_path_factory.mktemp("hand-over") / "g.jsonl"
    result = run([*PLAY, "--log", str(log)], TURN)
    assert result.exit_code == 0, result.output
    return result.output, log


def test_the_answers_typed_are_the_ones_the_game_took(game):
    _, log = game
    answers = answers_in(log)
    assert [a["ammunition"] for a in answers["british"][:4]] == ["chain", "grapeshot", "chain", "grapeshot"]
    assert answers["british"][4:] == ["battle", "battle", "B-7", "D-7", None, None, "B-1", "D-1"]
    assert answers["french"][4:] == ["full", "full", "A-1", "C-1", None, None, "A-2", "C-2"]


def test_the_terminal_is_handed_over_whenever_the_prompt_is_for_the_other_seat(game):
    output, _ = game
    assert output.count("Pass to seat british.") == 3 and output.count("Pass to seat french.") == 3
    order = [line.split()[3].rstrip(".") for line in output.splitlines() if line.startswith("Pass to seat")]
    assert order == ["british", "french"] * 3
    assert output.count("=" * 72) == 7  # not a terminal: a separator for each clearing (6 hand-overs, the end)


def test_the_french_read_nothing_of_the_british_answers_plans_or_ammunition(game):
    output, _ = game
    shown = hand_overs(output, "french")
    assert len(shown) == 3
    for piece in shown:
        assert "french, your ships:" in piece and "HMS Terpsichore (british) at" in piece
        for secret in BRITISH_SECRETS:
            assert secret not in piece


def test_the_british_read_nothing_of_the_french_answers_plans_or_ammunition(game):
    output, _ = game
    for piece in hand_overs(output, "british"):
        assert "british, your ships:" in piece
        for secret in FRENCH_SECRETS:
            assert secret not in piece


def test_each_seat_reads_each_event_once_at_its_own_hand_over(game):
    output, _ = game
    line = "sails changed: ship Courageuse, before battle, after full, reason set-up"
    assert output.count(line) == 2
    assert line in hand_overs(output, "british")[1] and line in hand_overs(output, "french")[1]


def test_the_end_is_told_to_everyone_with_no_seats_secrets(game):
    output, _ = game
    end = output[output.index("Everyone may look now."):]
    assert "HMS Terpsichore [reaching] moves B-7" in end and "Courageuse [reaching] moves A-1" in end
    for secret in ("loaded:", "B-1", "D-1", "A-2", "C-2", "[british]", "[french]"):
        assert secret not in end
    assert end.rstrip().endswith("stopped after turn 1; no result yet")


def test_end_of_input_at_the_hand_over_stops_with_a_save_and_resume_hands_over_first(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _, whole_log = game
    save, log = tmp_path / "g.json", tmp_path / "g.jsonl"
    first = run([*PLAY, "--save", str(save)], ENTER + BRITISH_SET_UP)
    assert first.exit_code == 1
    lines = first.output.strip().splitlines()
    assert lines[-2].startswith("Pass to seat french. Press Enter when only french is looking.")
    assert lines[-1] == f"error: the input ended before an answer: the game so far is saved in {save}; continue with: sog resume {save}"
    assert len(load_saved(save).game.state.answers) == 6  # the British answers are kept
    rest = TURN[len(ENTER + BRITISH_SET_UP):]
    resumed = run(["resume", str(save), "--log", str(log), "--turns", "1"], rest)
    assert resumed.exit_code == 0, resumed.output
    assert resumed.output.lstrip("=\n").startswith("Pass to seat french.")
    assert log.read_text() == whole_log.read_text()


def test_bots_alone_print_every_seats_narration(tmp_path):
    result = run(["play", "enemy-in-sight", "--seed", "1", "--max-turns", "1"], "")
    assert result.exit_code == 0, result.output
    assert "Pass to seat" not in result.output and "Everyone may look" not in result.output
    assert "HMS Terpsichore [reaching] moves" in result.output and "Courageuse [reaching] moves" in result.output


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_clearing_the_screen_erases_a_terminal_and_its_scroll_back(monkeypatch):
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    clear_screen()
    assert screen.getvalue() == "\033[2J\033[1;1H\033[3J"


def test_clearing_a_screen_that_is_no_terminal_prints_a_separator(monkeypatch):
    page = io.StringIO()
    monkeypatch.setattr(sys, "stdout", page)
    clear_screen()
    assert page.getvalue().strip() == "=" * 72
