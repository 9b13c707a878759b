"""`sog schema`: printing the log and save schemas, exporting one or every schema as files,
and bad arguments as one `error:` line with exit 2 and nothing written."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner
from pydantic import BaseModel, ConfigDict

import sog.cli.content_cmds as content_cmds
from sog.cli.main import main
from sog.packs import BUILTIN_KINDS, ContentKind, load_schema

EVERY = ["pack", "ship", "maneuver-deck", "base", "ruler", "ability", "captain", "crew-card", "terrain", "battery", "counter-pool", "scenario",
         "log", "save"]


@pytest.fixture
def runner(monkeypatch):
    """A runner seeing only sog's own kinds (not those of distributions installed meanwhile)."""
    monkeypatch.setenv("SOG_DISABLE_PLUGIN_AUTOLOAD", "1")
    return CliRunner()


def one_error(result, code: int, message: str) -> None:
    """Failed with `code`, one `error:` line containing `message` on stderr, no traceback."""
    assert result.exit_code == code, result.output
    assert result.stderr.splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith("error: ") and message in result.stderr, result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


@pytest.mark.parametrize("name", ["log", "save"])
def test_schema_log_and_save_print_the_bundled_schemas(runner, name):
    result = runner.invoke(main, ["schema", name])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == load_schema(name)


def test_schema_without_kind_lists_every_schema_name(runner):
    result = runner.invoke(main, ["schema"])
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == EVERY


def test_export_writes_the_kind_as_the_file_printed(runner, tmp_path):
    printed = runner.invoke(main, ["schema", "maneuver-deck"]).stdout
    result = runner.invoke(main, ["schema", "maneuver-deck", "--export", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [str(tmp_path / "maneuver-deck.json")]
    assert (tmp_path / "maneuver-deck.json").read_text(encoding="utf-8") == printed
    assert os.listdir(tmp_path) == ["maneuver-deck.json"]


def test_export_creates_the_folder_when_its_parent_exists(runner, tmp_path):
    result = runner.invoke(main, ["schema", "save", "--export", str(tmp_path / "schemas")])
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "schemas" / "save.json").read_text())["$id"] == "https://sog.invalid/schemas/save.json"


def test_all_writes_every_schema_named_after_its_id(runner, tmp_path):
    result = runner.invoke(main, ["schema", "--all", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(os.listdir(tmp_path)) == sorted(f"{name}.json" for name in EVERY)
    for name in EVERY:
        schema = json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8"))
        assert schema["$id"] == f"https://sog.invalid/schemas/{name}.json"
        assert schema == load_schema(name)


def test_all_replaces_older_files_whole(runner, tmp_path):
    (tmp_path / "ship.json").write_text("{ half a schema", encoding="utf-8")
    assert runner.invoke(main, ["schema", "--all", str(tmp_path)]).exit_code == 0
    assert json.loads((tmp_path / "ship.json").read_text())["title"] == "Ship"
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


@pytest.mark.parametrize("args,message", [
    (["shipp", "--export", "{dir}"], "unknown content kind 'shipp' (did you mean 'ship'?)"),
    (["sav"], "unknown content kind 'sav' (did you mean 'save'?)"),
    (["ship", "--export", "{file}"], "is not a folder"),
    (["--all", "{file}"], "is not a folder"),
    (["ship", "--export", "{missing}/deeper"], "does not exist"),
    (["--all", "{missing}/deeper"], "does not exist"),
    (["ship", "--all", "{dir}"], "--all DIR writes every schema: give no KIND and no --export"),
    (["--export", "{dir}"], "--export DIR needs a KIND"),
])
def test_bad_arguments_are_one_error_line_exit_2_and_nothing_is_written(runner, tmp_path, args, message):
    folder = tmp_path / "out"
    folder.mkdir()
    file = tmp_path / "file.json"
    file.write_text("keep", encoding="utf-8")
    values = {"dir": str(folder), "file": str(file), "missing": str(tmp_path / "missing")}
    result = runner.invoke(main, ["schema", *(a.format(**values) for a in args)])
    one_error(result, 2, message)
    assert sorted(os.listdir(tmp_path)) == ["file.json", "out"] and os.listdir(folder) == []
    assert file.read_text(encoding="utf-8") == "keep"


def test_a_write_that_fails_is_one_error_line_exit_1_and_leaves_the_old_file(runner, tmp_path, monkeypatch):
    (tmp_path / "ship.json").write_text("old", encoding="utf-8")

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    result = runner.invoke(main, ["schema", "ship", "--export", str(tmp_path)])
    one_error(result, 1, f"cannot write into {tmp_path}: No space left on device")
    assert os.listdir(tmp_path) == ["ship.json"]
    assert (tmp_path / "ship.json").read_text(encoding="utf-8") == "old"


class Flag(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    id: str


def test_a_kind_a_plugin_declares_is_exported_with_the_id_and_the_editor_key(runner, tmp_path, monkeypatch):
    flag = ContentKind("flag", {"type": "object", "additionalProperties": False,
                                "properties": {"kind": {"const": "flag"}, "id": {"type": "string"}}}, Flag, "A flag.")
    monkeypatch.setattr(content_cmds, "content_kinds", lambda catalogue=None: {"flag": flag, **BUILTIN_KINDS})
    result = runner.invoke(main, ["schema", "--all", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(os.listdir(tmp_path)) == ["counter-pool.json", "flag.json", "log.json", "pack.json",
                                            "save.json", "scenario.json"]
    exported = json.loads((tmp_path / "flag.json").read_text(encoding="utf-8"))
    assert exported["$id"] == "https://sog.invalid/schemas/flag.json"
    assert list(exported["properties"]) == ["$schema", "kind", "id"]
    assert json.loads(runner.invoke(main, ["schema", "flag"]).stdout) == exported
