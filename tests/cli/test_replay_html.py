"""``sog replay LOG --html FILE``: the replay viewer as one self-contained file, the frames it
holds, and bad logs failing cleanly."""

import json
import re

import pytest
from click.testing import CliRunner

from sog.cli.main import main
from sog.events import parse_jsonl
from sog.render.replay_frames import frames_of_log


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    """A three-turn Standard game's log."""
    path = tmp_path_factory.mktemp("log") / "g.jsonl"
    played = CliRunner().invoke(main, ["play", "enemy-in-sight", "--rules", "standard", "--seed", "5", "--max-turns", "3",
                                       "--quiet", "--log", str(path)])
    assert played.exit_code == 0, played.output
    return path


def _inline_frames(html):
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', html, re.S)
    assert found, "no inline frames"
    return json.loads(found.group(1))


def test_replay_html_writes_a_file_that_loads_nothing_from_the_network(runner, log, tmp_path):
    out = tmp_path / "replay.html"
    result = runner.invoke(main, ["replay", str(log), "--html", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok: ") and f"wrote {out}" in result.output
    html = out.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href|action)\s*=\s*["']?\s*(https?:)?//""", html, re.I)
    assert not re.search(r"""url\(\s*["']?(https?:)?//""", html, re.I)
    assert "@import" not in html and "<script src" not in html and "<link" not in html
    assert "function showReplay" in html and "const $ =" in html  # the viewer's script and the page helpers, inline


def test_replay_html_holds_every_frame_and_picture_of_the_log(runner, log, tmp_path):
    out = tmp_path / "replay.html"
    runner.invoke(main, ["replay", str(log), "--html", str(out)])
    inline = _inline_frames(out.read_text(encoding="utf-8"))
    header, events = parse_jsonl(log.read_text(encoding="utf-8"))
    expected = frames_of_log(header, events)
    assert inline == json.loads(json.dumps(expected))
    assert len(inline["pictures"]) >= 3 and all(p.startswith("<svg") for p in inline["pictures"])
    assert {f["picture"] for f in inline["frames"]} == set(range(len(inline["pictures"])))  # each picture drawn is shown
    texts = [e["text"] for f in inline["frames"] for e in f["events"]]
    assert "Turn 1" in texts and "Turn 3" in texts
    assert "seed" not in inline and inline["seat"] is None


def test_replay_html_of_the_same_log_gives_the_same_bytes(runner, log, tmp_path):
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    runner.invoke(main, ["replay", str(log), "--html", str(first)])
    runner.invoke(main, ["replay", str(log), "--html", str(second)])
    assert first.read_bytes() == second.read_bytes()


def test_frames_follow_the_game_turn_by_turn_and_keep_each_picture_once(log):
    header, events = parse_jsonl(log.read_text(encoding="utf-8"))
    frames = frames_of_log(header, events)
    turns = [e["turn"] for f in frames["frames"] for e in f["events"]]
    assert turns == sorted(turns) and turns[0] == 1 and turns[-1] == 3
    assert len(set(frames["pictures"])) == len(frames["pictures"])
    assert frames["over"] is False and frames["outcome"] is None


@pytest.mark.parametrize("text, message", [
    ("not a log\n", "line 1: not JSON"),
    ("{}\n", "line 1: not a sog log"),
])
def test_replay_html_of_a_bad_log_gives_one_line_and_writes_nothing(runner, tmp_path, text, message):
    bad, out = tmp_path / "bad.jsonl", tmp_path / "replay.html"
    bad.write_text(text)
    result = runner.invoke(main, ["replay", str(bad), "--html", str(out)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and result.output.startswith(f"error: {bad}: {message}")
    assert not out.exists()


def test_replay_html_of_a_tampered_log_names_the_event_and_writes_nothing(runner, log, tmp_path):
    lines = log.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"kind":"ship-moved"' in line)
    event = json.loads(lines[index])
    event["data"]["after"]["heading"] += 1
    lines[index] = json.dumps(event)
    tampered, out = tmp_path / "t.jsonl", tmp_path / "replay.html"
    tampered.write_text("\n".join(lines) + "\n")
    result = runner.invoke(main, ["replay", str(tampered), "--html", str(out)])
    assert result.exit_code == 1 and f"error: event {index} differs" in result.output
    assert not out.exists()


def test_replay_html_into_a_missing_folder_is_a_usage_error(runner, log, tmp_path):
    result = runner.invoke(main, ["replay", str(log), "--html", str(tmp_path / "nowhere" / "r.html")])
    assert result.exit_code == 2 and "does not exist" in result.output


def test_a_log_that_stopped_between_turns_is_replayed_to_its_end_and_no_further(log):
    from sog.replay import replay

    header, events = parse_jsonl(log.read_text(encoding="utf-8"))
    result = replay(header, events)
    assert len(result.game.log.events) == len(events) and result.game.state.turn == 3 and result.game.step is None
    last = frames_of_log(header, events)["frames"][-1]
    assert (last["turn"], last["step"]) == (3, events[-1]["step"])  # where the log stops, not the next turn's start


def test_the_replay_has_a_frame_for_each_step_that_shows_something(log):
    """Stepping through a turn shows the table after its movement, then after its combat, ...:
    a frame per step whose events people read, each with the picture of that moment."""
    header, events = parse_jsonl(log.read_text(encoding="utf-8"))
    frames = frames_of_log(header, events)
    steps = [(f["turn"], f["step"]) for f in frames["frames"] if f["events"]]
    assert (3, "movement") in steps and (3, "combat") in steps
    movement, combat = (next(f for f in frames["frames"] if (f["turn"], f["step"]) == (3, s)) for s in ("movement", "combat"))
    assert movement["picture"] != combat["picture"]  # combat draws its fire over the moved ships
    assert all(e["step"] == movement["step"] for e in movement["events"])
