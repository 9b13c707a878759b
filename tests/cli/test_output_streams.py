"""Real processes: a closed stdout ends quietly, a full one is one error line, Ctrl-C at the prompt saves.

CliRunner captures the streams in memory, so these run ``python -m sog.cli.main``.
"""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

SOG = [sys.executable, "-m", "sog.cli.main"]
PLAY = [*SOG, "play", "enemy-in-sight", "--seed", "2", "--max-turns", "3"]


def test_a_closed_stdout_ends_quietly_like_other_unix_tools(tmp_path):
    process = subprocess.Popen([*PLAY, "--save", str(tmp_path / "g.json")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    process.stdout.readline()  # like `| head -1`
    process.stdout.close()
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=120) == 1
    assert stderr == ""
    assert (tmp_path / "g.json").exists()  # saved where asked, quietly
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_stdout_is_one_error_line_and_the_game_is_saved(tmp_path):
    with open("/dev/full", "w") as full:
        result = subprocess.run([*PLAY, "--save", str(tmp_path / "g.json")], stdout=full, stderr=subprocess.PIPE,
                                text=True, cwd=tmp_path, timeout=120)
    assert result.returncode == 1
    assert result.stderr == (f"error: cannot write the output: No space left on device; the game so far is saved in "
                             f"{tmp_path / 'g.json'}; continue with: sog resume {tmp_path / 'g.json'}\n")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_other_commands_with_a_full_stdout_give_one_error_line():
    with open("/dev/full", "w") as full:
        result = subprocess.run([*SOG, "rules"], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert (result.returncode, result.stderr) == (1, "error: cannot write the output: No space left on device\n")


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_at_the_prompt_saves_and_exits_130(tmp_path):
    process = subprocess.Popen([*PLAY, "--seat", "british=human", "--quiet"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    seen = b""
    while b"choice [1]:" not in seen:
        chunk = os.read(process.stdout.fileno(), 4096)
        assert chunk, "the prompt never came"
        seen += chunk
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130
    assert stderr.decode().splitlines()[-1] == ("interrupted: the game so far is saved in sog-interrupted-enemy-in-sight.json; "
                                                "continue with: sog resume sog-interrupted-enemy-in-sight.json")
    assert (tmp_path / "sog-interrupted-enemy-in-sight.json").exists()
