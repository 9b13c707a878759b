"""The golden logs: the games recorded before issue 16's speed work play byte for byte the same.

Each game of :data:`golden_games.GAMES` is played again (same scenario, rules, bots, seed and
turn limit) and its JSON Lines log must equal the recorded file exactly. A difference names the
first differing line (the header is line 1, event ``n`` is line ``n + 1``) and shows both.
Re-record with ``python tests/golden/record.py`` only when a rule change is intended.
"""

from __future__ import annotations

import pytest

from golden_games import GAMES, GoldenGame, log_text


def _first_difference(expected: str, actual: str) -> str:
    """Where two logs part: the first differing line, with both versions (cut to 300 characters)."""
    old, new = expected.split("\n"), actual.split("\n")
    for number, (a, b) in enumerate(zip(old, new), start=1):
        if a != b:
            what = "the header" if number == 1 else f"event {number - 2} (line {number})"
            return f"first difference at {what}:\n  recorded: {a[:300]}\n  now:      {b[:300]}"
    shorter, longer = (old, new) if len(old) < len(new) else (new, old)
    side = "the new log" if longer is new else "the recorded log"
    return f"{side} has {len(longer) - len(shorter)} more line(s), from line {len(shorter) + 1}: {longer[len(shorter)][:300]}"


@pytest.mark.parametrize("golden", GAMES, ids=lambda g: g.name.removesuffix(".jsonl"))
def test_golden_log_is_unchanged(golden: GoldenGame) -> None:
    expected = golden.path.read_text(encoding="utf-8")
    actual = log_text(golden)
    if actual != expected:
        pytest.fail(f"{golden.name} changed; {_first_difference(expected, actual)}\n"
                    "(re-record with tests/golden/record.py only if a rule change is intended)", pytrace=False)


def test_every_golden_log_belongs_to_a_game() -> None:
    """No stale file in logs/: each one is a game the test replays."""
    from golden_games import LOGS

    assert sorted(p.name for p in LOGS.glob("*.jsonl")) == sorted(g.name for g in GAMES)


def test_first_difference_names_the_event() -> None:
    assert "event 1 (line 3)" in _first_difference("h\na\nb\n", "h\na\nc\n")
    assert "1 more line" in _first_difference("h\na", "h\na\nb")
