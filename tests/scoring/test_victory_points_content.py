"""The victory-points params are scenario data checked by ``sog validate`` against the kind's
JSON Schema and what they name, each problem at its place (file:line:col of
/victory/params/...); and the test scenario plays to a result with bots at every level."""

from __future__ import annotations

from pathlib import Path

import pytest

from sog.bots import make_bot
from sog.packs.loader import load_library
from sog.packs.playable import scenario_problems
from sog.pluginmanager import content_kinds

from sog.plugins.scoring import points as vp

PACK = Path(__file__).parent / "pack"
SCENARIO = (PACK / "scenarios" / "supplies-test.yaml").read_text(encoding="utf-8")
LEVELS = ("basic", "standard", "advanced")


def _problems(tmp_path, catalogue, *edits):
    text = SCENARIO
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    pack = tmp_path / "pack"
    (pack / "scenarios").mkdir(parents=True)
    (pack / "pack.yaml").write_text((PACK / "pack.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (pack / "scenarios" / "supplies-test.yaml").write_text(text, encoding="utf-8")
    library = load_library([pack], kinds=content_kinds(catalogue), entry_points=False)
    return [problem for problem, _ in scenario_problems(library, library.scenario("supplies-test"), catalogue)]


def test_the_test_scenario_validates(scoring_library, catalogue):
    assert scenario_problems(scoring_library, scoring_library.scenario("supplies-test"), catalogue) == []


def test_the_params_schema_is_valid_json_schema():
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(vp.PARAMS)


def test_a_params_schema_error_is_placed_at_its_line(tmp_path, catalogue):
    problems = _problems(tmp_path, catalogue, ("{points: 5, for: exited, class: frigate}", "{points: 5, for: sunk, class: frigate}"))
    assert [p.pointer for p in problems] == ["/victory/params/awards/2/for"]
    problem = problems[0]
    line = SCENARIO.splitlines().index("      - {points: 5, for: exited, class: frigate}") + 1
    assert problem.line == line and problem.col is not None and "sunk" in problem.message
    assert f"supplies-test.yaml:{line}:" in str(problem)


def test_an_unknown_field_is_reported(tmp_path, catalogue):
    problems = _problems(tmp_path, catalogue, ("end: {aground: true}", "end: {aground: true, sunk: true}"))
    assert [p.pointer for p in problems] == ["/victory/params/end"] and "sunk" in problems[0].message


def test_a_predicates_params_are_checked_against_its_schema(tmp_path, catalogue):
    problems = _problems(tmp_path, catalogue, ("sails: struck, still", "sails: furled, still"))
    assert [p.pointer for p in problems] == ["/victory/params/conditions/0/test/params/sails"]


def test_what_the_data_names_must_exist(tmp_path, catalogue):
    problems = _problems(tmp_path, catalogue,
                         ("params: {ship: courageuse,", "params: {ship: juno,"),
                         ("band: red}", "band: purple}"),
                         ("{condition: supplies, side: british, points: 3}", "{condition: supply, side: british, points: 3}"),
                         ("{condition: supplies, side: french, edge: north}", "{condition: supplies, side: spanish, edge: north}"))
    found = {p.pointer: p.message for p in problems}
    assert set(found) == {"/victory/params/conditions/0/test/params/ship", "/victory/params/conditions/0/test/params/within/band",
                          "/victory/params/if_never/0/condition", "/victory/params/free_exit/0/side"}
    assert "juno" in found["/victory/params/conditions/0/test/params/ship"]
    assert "red" in found["/victory/params/conditions/0/test/params/within/band"], "the ruler's bands are listed"


def test_a_free_exit_needs_a_condition_with_a_max(tmp_path, catalogue):
    problems = _problems(tmp_path, catalogue, ("        max: 6\n", ""))
    assert [p.pointer for p in problems] == ["/victory/params/free_exit/0/condition"]


def _play(make_game, level, seed):
    game = make_game(level=level, seed=seed)
    bots = {seat: make_bot("random", seed, seat, game.system) for seat in game.seats()}
    game.run(bots, max_turns=200)
    return game


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bots_play_the_test_scenario_to_a_result_on_points(make_game, level, seed):
    game = _play(make_game, level, seed)
    assert game.over, f"{level} seed {seed}: no result after {game.state.turn} turns"
    score = game.log.of_kind("score")
    assert len(score) == 1 and game.log.events[-1]["kind"] == "game-over"
    totals = {side: data["total"] for side, data in score[0]["data"]["sides"].items()}
    best = max(totals.values())
    leaders = [side for side, total in totals.items() if total == best]
    assert game.outcome.winner == (leaders[0] if len(leaders) == 1 else None)
    scored = sum(e["data"]["points"] for e in game.log.of_kind("points-scored"))
    assert scored == sum(totals.values())


def test_sog_play_prints_the_score_line_by_line(make_game):
    from sog.cli.narrate import narrate

    game = _play(make_game, "basic", 2)
    lines = list(narrate(game, game.log.events))
    at = next(i for i, line in enumerate(lines) if line.startswith("  score:"))
    sides = lines[at].splitlines()[1:]
    assert [s.split(":")[0].strip() for s in sides] == ["british", "french"]
    assert all(" = " in s or s.endswith(": 0") for s in sides)
    assert lines[-1].startswith("Game over:")
