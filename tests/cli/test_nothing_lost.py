"""Nothing lost: the log as the game goes, saves at turn ends, and an interrupted game resumes exactly.

An interrupted game saved and resumed must give the same final log, byte for byte, as the
same game played without interruption (same seed, same bots: the save keeps each bot's own
generator where it was).
"""

import json

import pytest
from click.testing import CliRunner

from sog.bots import BOTS, RandomBot
from sog.cli.main import main
from sog.game import Game
from sog.savefile import load_saved

SEED, TURNS = "5", 5
PLAY = ["play", "enemy-in-sight", "--seed", SEED, "--bots", "french=random", "--max-turns", str(TURNS), "--quiet"]


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    """The log of the game played in one go."""
    log = tmp_path_factory.mktemp("whole") / "whole.jsonl"
    result = CliRunner().invoke(main, [*PLAY, "--log", str(log)])
    assert result.exit_code == 0, result.output
    return log.read_text()


def failing_bot(exc: BaseException, turn: int = 3):
    """A random bot that raises ``exc`` once, at its first decision of ``turn``."""

    class Failing(RandomBot):
        armed = True

        def decide(self, view, request):
            if Failing.armed and request.id.startswith(f"t{turn}."):
                Failing.armed = False
                raise exc
            return super().decide(view, request)

    return Failing


def resume_to_the_end(runner, save, log):
    turns_done = load_saved(save).game.state.turn - 1
    result = runner.invoke(main, ["resume", str(save), "--quiet", "--log", str(log), "--turns", str(TURNS - turns_done)])
    assert result.exit_code == 0, result.output
    assert f"stopped after turn {TURNS}" in result.output
    return log.read_text()


def test_ctrl_c_saves_the_last_consistent_position_and_resume_continues_exactly(runner, tmp_path, monkeypatch, uninterrupted):
    monkeypatch.setitem(BOTS, "random", failing_bot(KeyboardInterrupt()))
    save = tmp_path / "g.json"
    result = runner.invoke(main, [*PLAY, "--save", str(save), "--log", str(tmp_path / "part.jsonl")])
    assert result.exit_code == 130
    assert result.output.strip().splitlines()[-1] == f"interrupted: the game so far is saved in {save}; continue with: sog resume {save}"
    saved = load_saved(save)
    assert saved.game.state.turn == 3 and saved.seats["french"]["controller"] == "random"
    # The seats come from the save: no --bots needed to go on with the random French bot.
    assert resume_to_the_end(runner, save, tmp_path / "resumed.jsonl") == uninterrupted


def test_an_interrupt_in_the_middle_of_a_step_saves_the_position_before_it(runner, tmp_path, monkeypatch, uninterrupted):
    emit = Game.emit
    armed = [True]

    def emit_then_interrupt(self, kind, /, **data):
        event = emit(self, kind, **data)
        if armed[0] and kind == "ship-moved" and self.state.turn == 3:  # one ship moved, the others not yet
            armed[0] = False
            raise KeyboardInterrupt
        return event

    monkeypatch.setattr(Game, "emit", emit_then_interrupt)
    save = tmp_path / "g.json"
    result = runner.invoke(main, [*PLAY, "--save", str(save)])
    assert result.exit_code == 130, result.output
    assert not any(e["kind"] == "ship-moved" and e["turn"] == 3 for e in load_saved(save).game.log.events)
    assert resume_to_the_end(runner, save, tmp_path / "resumed.jsonl") == uninterrupted


def test_an_unexpected_error_saves_the_game_without_save_path_and_resume_continues_exactly(runner, tmp_path, monkeypatch, uninterrupted):
    monkeypatch.setitem(BOTS, "random", failing_bot(RuntimeError("a bug in a bot")))
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, PLAY)
    assert result.exit_code == 1
    assert "RuntimeError: a bug in a bot" in result.output  # a bug shows its traceback ...
    assert result.output.strip().splitlines()[-1] == (  # ... and where the game went
        "error: internal error (a bug: the traceback above says where): the game so far is saved in "
        "sog-interrupted-enemy-in-sight.json; continue with: sog resume sog-interrupted-enemy-in-sight.json")
    assert resume_to_the_end(runner, tmp_path / "sog-interrupted-enemy-in-sight.json", tmp_path / "resumed.jsonl") == uninterrupted


def test_the_log_is_written_as_the_game_goes(runner, tmp_path, monkeypatch, uninterrupted):
    seen = []

    class Watching(RandomBot):
        def decide(self, view, request):
            if request.id.startswith("t3."):
                seen.append(log.read_text())
            return super().decide(view, request)

    monkeypatch.setitem(BOTS, "random", Watching)
    log = tmp_path / "g.jsonl"
    assert runner.invoke(main, [*PLAY, "--log", str(log)]).exit_code == 0
    during = seen[0]
    assert during.endswith("\n") and uninterrupted.startswith(during)
    assert '"kind":"turn-began","seq"' in during and json.loads(during.splitlines()[-1])["turn"] == 3
    assert log.read_text() == uninterrupted


def test_the_save_is_written_at_every_turn_end(runner, tmp_path, monkeypatch):
    turns_on_disk = []

    class Watching(RandomBot):
        def decide(self, view, request):
            if save.exists():
                turns_on_disk.append(load_saved(save).game.state.turn)
            return super().decide(view, request)

    monkeypatch.setitem(BOTS, "random", Watching)
    save = tmp_path / "g.json"
    assert runner.invoke(main, [*PLAY, "--save", str(save)]).exit_code == 0
    assert sorted(set(turns_on_disk)) == [1, 2, 3, 4, 5]
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no temporary file left


def test_a_person_whose_input_ends_loses_no_answer(runner, tmp_path):
    args = ["play", "enemy-in-sight", "--seed", "3", "--seat", "british=human", "--bots", "french=random", "--max-turns", "2", "--quiet"]
    whole_log = tmp_path / "whole.jsonl"
    whole = runner.invoke(main, [*args, "--log", str(whole_log)], input="2\n" * 200)
    assert whole.exit_code == 0, whole.output
    asked = whole.output.count("choice [1]:")
    save, log = tmp_path / "g.json", tmp_path / "g.jsonl"
    # The British have two ships: the input ends after the first ship's plan of turn 1.
    first = runner.invoke(main, [*args, "--save", str(save)], input="2\n")
    assert first.exit_code == 1 and "the input ended before an answer" in first.output
    assert load_saved(save).game.state.answers  # the answer given is kept
    rest = runner.invoke(main, ["resume", str(save), "--quiet", "--turns", "2", "--log", str(log)], input="2\n" * 200)
    assert rest.exit_code == 0, rest.output
    assert 1 + rest.output.count("choice [1]:") == asked
    assert log.read_text() == whole_log.read_text()


def test_a_rule_error_mid_game_is_one_line_that_says_where_the_game_went(runner, tmp_path, monkeypatch):
    from sog.errors import PluginError

    monkeypatch.setitem(BOTS, "random", failing_bot(PluginError("rule 'x' broke")))
    save = tmp_path / "g.json"
    result = runner.invoke(main, [*PLAY, "--save", str(save)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"error: rule 'x' broke; the game so far is saved in {save}; continue with: sog resume {save}"]
    assert load_saved(save).game.state.turn == 3


def test_while_a_person_thinks_over_turn_2_the_log_and_save_on_disk_hold_all_of_turn_1(runner, tmp_path, monkeypatch):
    from sog.cli import human

    asking, on_disk = [None], []
    decide, ask = human.HumanController.decide, human._ask

    def deciding(self, view, request):
        asking[0] = request.id
        return decide(self, view, request)

    def prompt(text, **options):  # the prompt is printed, the person has not answered yet
        if asking[0].startswith("t2.") and not on_disk:
            on_disk.append((log.read_text(), load_saved(save)))
        return ask(text, **options)

    monkeypatch.setattr(human.HumanController, "decide", deciding)
    monkeypatch.setattr(human, "_ask", prompt)
    log, save = tmp_path / "g.jsonl", tmp_path / "g.json"
    args = ["play", "enemy-in-sight", "--seed", "3", "--seat", "british=human", "--bots", "french=random", "--max-turns", "2",
            "--log", str(log), "--save", str(save)]
    assert runner.invoke(main, args, input="1\n" * 200).exit_code == 0
    logged, saved = on_disk[0]
    whole = log.read_text()
    assert whole.startswith(logged)
    turn_1 = [line for line in whole.splitlines()[1:] if json.loads(line)["turn"] == 1]
    assert turn_1 and all(line in logged.splitlines() for line in turn_1)
    assert saved.game.state.turn == 2
    assert [e for e in saved.game.log.events if e["turn"] == 1] == [json.loads(line) for line in turn_1]
