"""Choosing fleets on the command line: sog ships, sog captains, sog play --fleet, --captain,
--crew and --points-limit."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sog.cli.main import main

ENV = {"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"}
P60 = {  # rulebook p. 60: the ships of the eight ship packs
    "sgn101a": {"HMS Concorde", "HMS Unite"}, "sgn101b": {"Hermione", "L'Inconstante"},
    "sgn102a": {"HMS Impetueux", "HMS Spartiate"}, "sgn102b": {"Commerce de Bordeaux", "Duguay-Trouin"},
    "sgn103a": {"Embuscade", "Le Succès"}, "sgn103b": {"HMS Cleopatra", "HMS Iphigenia"},
    "sgn104a": {"Le Berwick", "Le Swiftsure"}, "sgn104b": {"HMS Bellona", "HMS Goliath"},
}


def _run(*args: str) -> object:
    return CliRunner().invoke(main, list(args), env=ENV, terminal_width=200)


def test_sog_ships_lists_every_pack_ship_with_its_class_burden_deck_points_and_pack():
    result = _run("ships", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["ships"]
    by_pack: dict[str, set[str]] = {}
    for row in rows:
        by_pack.setdefault(row["pack"], set()).add(row["name"])
        assert isinstance(row["points"], int) and row["points"] > 0, row
        assert row["deck"] and row["burden"] and row["class_name"], row
    for pack, names in P60.items():
        assert by_pack[pack] == names
    assert {"HMS Bellerophon", "HMS Juno"} <= by_pack["sitting-ducks-ships"]
    assert by_pack["uss-constitution"] == {"USS Constitution"}
    assert len(by_pack["starter-set"]) == 8


def test_sog_ships_prints_a_table_a_person_reads():
    result = _run("ships")
    assert result.exit_code == 0, result.output
    assert "uss-constitution" in result.output and "points" in result.output and "deck" in result.output


def test_sog_captains_lists_both_captains_of_the_constitution_with_their_abilities():
    result = _run("captains", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    captains = {row["id"]: row for row in data["captain"]}
    assert set(captains) == {"william-bainbridge", "isaac-hull"}
    hull = captains["isaac-hull"]
    assert hull["pack"] == "uss-constitution" and hull["points"] > 0
    assert {a["id"] for a in hull["abilities"]} >= {"hull-wet-the-sails"}
    assert all({"uses", "level", "captain_icon", "timing"} <= set(a) for a in hull["abilities"])
    assert data["crew-card"], "the pack's crew cards are listed too"
    text = _run("captains")
    assert text.exit_code == 0 and "isaac-hull" in text.output


@pytest.mark.parametrize("level", ["basic", "standard", "advanced"])
@pytest.mark.parametrize("captain", ["isaac-hull", "william-bainbridge"])
def test_the_constitution_with_a_captain_plays_enemy_in_sight_to_a_result_at_every_level(level, captain):
    result = _run("play", "enemy-in-sight", "--fleet", "british=uss-constitution", "--captain", f"uss-constitution={captain}",
                  "--rules", level, "--quiet", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "result:" in result.output and "after" in result.output


def test_crew_cards_and_a_captain_sail_together(tmp_path):
    log = tmp_path / "game.jsonl"
    result = _run("play", "enemy-in-sight", "--fleet", "british=uss-constitution,hms-juno",
                  "--captain", "uss-constitution=isaac-hull", "--crew", "uss-constitution=us-marines,live-oak-hull",
                  "--quiet", "--log", str(log))
    assert result.exit_code == 0, result.output
    header = json.loads(log.read_text().splitlines()[0])
    assert header["lineup"]["attach"]["uss-constitution"] == {"captain": ["isaac-hull"], "crew-card": ["us-marines", "live-oak-hull"]}
    replayed = _run("replay", str(log))
    assert replayed.exit_code == 0 and replayed.output.startswith("ok:"), replayed.output


@pytest.mark.parametrize("args, message", [
    (["--fleet", "british=uss-constitutoin"], "unknown ship 'uss-constitutoin' (did you mean 'uss-constitution'"),
    (["--fleet", "yankee=uss-constitution"], "no side 'yankee'"),
    (["--captain", "defence=isaac-hul"], "unknown captain 'isaac-hul' (did you mean 'isaac-hull'"),
    (["--captain", "nelson=isaac-hull"], "no ship 'nelson' in this game"),
    (["--crew", "defence=us-marins"], "unknown crew-card 'us-marins'"),
    (["--captain", "defence=isaac-hull"], "defence cannot carry captain 'isaac-hull': captain 'isaac-hull' commands only uss-constitution"),
    (["--fleet", "british=uss-constitution", "--points-limit", "5"], "more than the limit of 5"),
])
def test_a_bad_fleet_is_one_error_line_and_nothing_starts(tmp_path, args, message):
    log = tmp_path / "game.jsonl"
    result = _run("play", "enemy-in-sight", *args, "--log", str(log))
    assert result.exit_code == 1, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not log.exists()


@pytest.mark.parametrize("args", [["--fleet", "british"], ["--fleet", "british=a,,b"], ["--captain", "x=a,b"],
                                  ["--fleet", "british=hms-defence", "--fleet", "british=hms-vanguard"],
                                  ["--points-limit", "-1"]])
def test_a_malformed_fleet_option_is_a_usage_error(args):
    result = _run("play", "enemy-in-sight", *args)
    assert result.exit_code == 2 and "Error:" in result.output and "Traceback" not in result.output


def test_a_points_limit_that_fits_both_fleets_plays():
    result = _run("play", "enemy-in-sight", "--points-limit", "500", "--quiet", "--max-turns", "1")
    assert result.exit_code == 0, result.output


def test_the_game_starts_by_saying_which_abilities_are_left_out_and_how_the_sides_compare():
    result = _run("play", "enemy-in-sight", "--fleet", "british=uss-constitution", "--captain", "uss-constitution=william-bainbridge",
                  "--max-turns", "1")
    assert result.exit_code == 0, result.output
    first, second, third = result.output.splitlines()[:3]
    assert first.startswith("  abilities left out: USS Constitution's Close Action (it needs the standard rules")
    assert "Damage Control (it needs the advanced rules" in first
    assert second.startswith("  abilities in play: british 1, french 0")
    assert third == "Turn 1"
