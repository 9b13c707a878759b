"""``sog scenarios`` lists every installed scenario with its system, rules, sides and ships."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from sog.cli.main import main

MINI = Path(__file__).resolve().parents[1] / "packs" / "fixtures" / "mini"


def test_sog_scenarios_lists_system_rules_sides_and_ships():
    result = CliRunner().invoke(main, ["scenarios", "--json", "--pack", str(MINI)], env={"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"})
    assert result.exit_code == 0, result.output
    rows = {row["id"]: row for row in json.loads(result.output)["scenarios"]}
    enemy = rows["enemy-in-sight"]
    assert (enemy["system"], enemy["rules"], enemy["pack"]) == ("sails-of-glory", "basic", "starter-set")
    assert [side["id"] for side in enemy["sides"]] == ["british", "french"]
    assert all(side["ships"] for side in enemy["sides"])
    duel = rows["duel"]
    assert duel["pack"] == "mini" and duel["max_turns"] == 10
    assert duel["sides"] == [{"id": "red", "name": "Red", "seats": ["red"], "ships": [{"id": "red-1", "ship": "cutter"}]},
                             {"id": "blue", "name": "Blue", "seats": ["blue"], "ships": [{"id": "blue-1", "ship": "cutter"}]}]


def test_sog_scenarios_prints_a_table_a_person_reads():
    result = CliRunner().invoke(main, ["scenarios"], env={"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"}, terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "enemy-in-sight" in result.output and "sails-of-glory" in result.output and "british:" in result.output


def test_sog_scenarios_with_a_missing_pack_folder_is_one_error_line():
    result = CliRunner().invoke(main, ["scenarios", "--pack", "/no/such/folder"])
    assert result.exit_code == 2 and "does not exist" in result.output and "Traceback" not in result.output
