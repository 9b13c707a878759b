"""`sog validate`, `sog packs`, `sog schema` through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from packs_support import ADDON, MINI, copy_pack, replace_line
from sog.cli.content_cmds import packs, schema, validate
from sog.packs import load_schema


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def no_installed_packs(monkeypatch):
    """Only the folders given: no built-in or entry-point packs."""
    import sog.packs.loader as loader
    monkeypatch.setattr(loader, "builtin_pack_dirs", lambda: [])
    monkeypatch.setattr(loader, "entry_point_packs", lambda: ([], []))


def test_validate_ok_prints_a_summary_per_pack(runner, no_installed_packs):
    result = runner.invoke(validate, [str(MINI.parent)])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "ok  addon 1.2.0: 1 ship",
        "ok  mini 0.1.0: 1 ship, 1 maneuver-deck, 1 base, 1 ruler, 2 counter-pools, 1 scenario",
    ]
    assert result.stderr == ""


def test_validate_loads_a_required_installed_pack(runner, monkeypatch):
    import sog.packs.loader as loader
    monkeypatch.setattr(loader, "builtin_pack_dirs", lambda: [MINI])
    monkeypatch.setattr(loader, "entry_point_packs", lambda: ([], []))
    result = runner.invoke(validate, [str(ADDON)])
    assert (result.exit_code, result.stdout.splitlines()) == (0, ["ok  mini 0.1.0: 1 ship, 1 maneuver-deck, "
                                                                  "1 base, 1 ruler, 2 counter-pools, 1 scenario",
                                                                  "ok  addon 1.2.0: 1 ship"])


def test_validate_broken_copy_prints_every_problem_with_file_and_line(runner, tmp_path, no_installed_packs):
    pack = copy_pack(tmp_path)
    burden = replace_line(pack / "ships.yaml", "burden: 1", "burden: heavy")
    pool = replace_line(pack / "pools.yaml", "  - {value: 3, count: 1}", "  - {value: 9, count: 1}")
    result = runner.invoke(validate, [str(pack)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{pack / 'pools.yaml'}:{pool}:6: /counters/1/value: 9 is greater than the maximum of 6",
        f"{pack / 'ships.yaml'}:{burden}:1: /burden: 'heavy' is not of type 'integer'",
    ]
    assert "Traceback" not in result.output


def test_validate_malformed_yaml_exits_1_without_traceback(runner, tmp_path, no_installed_packs):
    pack = copy_pack(tmp_path)
    (pack / "ships.yaml").write_text("kind: ship\nid: [\n")
    result = runner.invoke(validate, [str(pack)])
    ships = pack / "ships.yaml"
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{pack / 'scenario.yaml'}:20:5: /ships/0/ship: no ship with id 'cutter' is loaded "
        f"(it may be in {ships}, which could not be parsed)",
        f"{pack / 'scenario.yaml'}:26:5: /ships/1/ship: no ship with id 'cutter' is loaded "
        f"(it may be in {ships}, which could not be parsed)",
        f"{ships}:3:1: /: YAML syntax error: while parsing a flow node; "
        "expected the node content, but found '<stream end>'",
    ]
    assert isinstance(result.exception, SystemExit)


def test_validate_nonexistent_path_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(validate, [str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "does not exist" in result.stderr


def test_validate_needs_a_path(runner):
    assert runner.invoke(validate, []).exit_code == 2


def test_packs_table_and_json(runner, no_installed_packs):
    result = runner.invoke(packs, ["--path", str(MINI)])
    assert result.exit_code == 0
    assert "mini" in result.stdout and "0.1.0" in result.stdout and "A tiny valid pack" in result.stdout
    result = runner.invoke(packs, ["--json", "-p", str(MINI.parent)])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert [(r["name"], r["version"], r["origin"], r["requires"]) for r in rows] == [
        ("addon", "1.2.0", str(ADDON), ["mini"]), ("mini", "0.1.0", str(MINI), [])]
    assert rows[1]["documents"] == {"ship": 1, "maneuver-deck": 1, "counter-pool": 2, "base": 1,
                                    "ruler": 1, "scenario": 1}


def test_packs_lists_builtin_origin(runner, monkeypatch):
    import sog.packs.loader as loader
    monkeypatch.setattr(loader, "builtin_pack_dirs", lambda: [MINI])
    result = runner.invoke(packs, ["--json", "--no-entry-points"])
    assert [(r["name"], r["origin"]) for r in json.loads(result.stdout)] == [("mini", "builtin")]


def test_packs_with_broken_content_exits_1(runner, tmp_path, no_installed_packs):
    pack = copy_pack(tmp_path)
    replace_line(pack / "ships.yaml", "deck: T", "deck: Q")
    result = runner.invoke(packs, ["-p", str(pack)])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"{pack / 'ships.yaml'}:10:1: /deck: no maneuver-deck with id 'Q' is loaded"]


@pytest.mark.parametrize("kind", ["pack", "ship", "maneuver-deck", "counter-pool", "base", "ruler", "scenario"])
def test_schema_prints_the_json_schema(runner, kind):
    result = runner.invoke(schema, [kind])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == load_schema(kind)
    assert result.stdout.startswith('{\n  "$schema"')


def test_schema_unknown_kind_is_a_usage_error_with_suggestion(runner):
    result = runner.invoke(schema, ["shipp"])
    assert result.exit_code == 2
    assert "unknown content kind 'shipp' (did you mean 'ship'?)" in result.stderr


def test_schema_without_kind_lists_the_kinds(runner):
    result = runner.invoke(schema, [])
    assert result.exit_code == 0
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [
        "pack", "ship", "maneuver-deck", "base", "ruler", "ability", "captain", "crew-card", "terrain", "battery", "counter-pool", "scenario",
        "log", "save"]


def test_commands_are_registered_on_the_main_group(runner):
    from sog.cli.main import main
    assert {"validate", "packs", "schema"} <= set(main.commands)
    result = runner.invoke(main, ["schema", "ruler"])
    assert result.exit_code == 0 and json.loads(result.stdout)["title"] == "Combat ruler"


def test_validate_reports_an_unplayable_scenario_at_its_field(runner, tmp_path, no_installed_packs):
    pack = copy_pack(tmp_path)
    victory = replace_line(pack / "scenario.yaml", "victory: {kind: last-side-standing}", "victory: {kind: last-ship}")
    options = replace_line(pack / "scenario.yaml", "options: []", "options: [grog, boardin]")
    result = runner.invoke(validate, [str(pack)])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{pack / 'scenario.yaml'}:{options}:17: /options/1: unknown option 'boardin' (did you mean 'boarding'?)",
        f"{pack / 'scenario.yaml'}:{victory}:11: /victory/kind: unknown victory kind 'last-ship': no rule decides "
        "it, the game would never end (known kinds: force-the-blockade, last-side-standing, last-side-standing-aground, sitting-ducks, victory-points)",
    ]
    assert "Traceback" not in result.output


def test_validate_refuses_a_yaml_bomb_in_one_line(runner, tmp_path, no_installed_packs):
    pack = copy_pack(tmp_path)
    (pack / "bomb.yaml").write_text('a: &a ["lol", "lol"]\nb: &b [*a, *a]\nc: [*b, *b]\n')
    result = runner.invoke(validate, [str(pack)])
    assert (result.exit_code, result.stderr.splitlines()) == (
        1, [f"{pack / 'bomb.yaml'}:1:4: /: anchors (&a) are not allowed in content"])


def test_validate_the_built_in_content_folder(runner):
    from sog.packs import builtin_pack_dirs

    result = runner.invoke(validate, [str(builtin_pack_dirs()[0].parent)])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()  # one line per built-in pack, by name
    assert len(lines) == len(builtin_pack_dirs()) and all(line.startswith("ok  ") for line in lines)
    assert any(line.startswith("ok  starter-set ") for line in lines)
