"""Bad set-up settings are refused by ``sog validate`` at their file, line and column, and a
game is not started with them; the three scenarios of pp. 54-56 validate and are listed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from orders_bench import PACK
from sog.cli.main import main
from sog.errors import ConfigError
from sog.packs.errors import ContentError
from sog.setup import new_game

ENV = {"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"}
SCENARIO = (PACK / "scenarios" / "orders-outpost.yaml").read_text(encoding="utf-8")
MANIFEST = "name: bad-orders\nversion: 0.1.0\ndescription: Mistakes.\nrequires: [starter-set]\n"
MOVE = "{do: move-terrain, side: french, element: island, edge: north, within: half-ruler, margin: ruler}"
REEFS = "{do: place-reefs, side: french, reefs: {small-reef-1: 1, small-reef-2: 1}, near: island, within: half-ruler}"
ZONES = "british: {edge: south, within: half-ruler}"


def _errors(tmp_path: Path, old: str, new: str) -> tuple[list[str], str]:
    """Validate the test scenario with ``old`` replaced by ``new``: its error lines, its text."""
    assert old in SCENARIO, old
    text = SCENARIO.replace("id: orders-outpost", "id: bad-orders").replace(old, new)
    folder = tmp_path / "bad"
    (folder / "scenarios").mkdir(parents=True)
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "scenarios" / "bad.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(folder)], env=ENV)
    assert result.exit_code != 0
    return [e for e in result.stderr.splitlines() if "bad.yaml" in e], text


def _line_of(text: str, needle: str) -> int:
    return next(i for i, row in enumerate(text.splitlines(), 1) if needle in row)


CASES = {
    "unknown phase": (MOVE, MOVE.replace("do: move-terrain", "do: flood"), MOVE.replace("do: move-terrain", "do: flood"),
                      "/phases/0/do", "'flood' is not one of"),
    "no edge": (MOVE, MOVE.replace(" edge: north,", ""), "element: island, within", "/phases/0", "'edge' is a required property"),
    "a key of another phase": (MOVE, MOVE.replace("margin: ruler", "near: island"), "near: island, within: half-ruler}",
                               "/phases/0", "'near' is not one of"),
    "a bad length": (MOVE, MOVE.replace("within: half-ruler", "within: two-rulers"), "two-rulers", "/phases/0/within",
                     "is not valid under any"),
    "an unknown element": (MOVE, MOVE.replace("element: island", "element: atoll"), "atoll", "/phases/0/element",
                           "no placement 'atoll' in /setup/terrain"),
    "an unknown side": (MOVE, MOVE.replace("side: french", "side: dutch"), "dutch", "/phases/0/side", "no side 'dutch'"),
    "an island as a reef": (REEFS, REEFS.replace("small-reef-2: 1", "small-island-2: 1"), "small-island-2",
                            "/phases/1/reefs/small-island-2", "is not a reef (its element: island)"),
    "near nothing": (REEFS, REEFS.replace("near: island", "near: reef-7"), "reef-7", "/phases/1/near", "no placement 'reef-7'"),
    "zone of an unknown side": (ZONES, ZONES.replace("british:", "dutch:"), "dutch:", "/zones/dutch", "no side 'dutch'"),
    "zone with edge and point": (ZONES, "british: {edge: south, point: centre, within: half-ruler}", "point: centre, within",
                                 "/zones/british", "is valid under each of"),
    "order of an unknown side": ("order: [british, french]", "order: [british, dutch]", "order:", "/order/1", "no side 'dutch'"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_settings_are_refused_at_file_line_column(tmp_path, case):
    old, new, needle, where, message = CASES[case]
    errors, text = _errors(tmp_path, old, new)
    assert len(errors) == 1, errors
    (error,) = errors
    found = re.search(r"bad\.yaml:(\d+):(\d+): (\S+)", error)
    assert found, error
    assert int(found.group(1)) == _line_of(text, needle) or found.group(3).startswith("/option_settings"), error
    assert where in error and message in error, error


def test_a_deploy_phase_needs_the_deployment_option(tmp_path):
    text = SCENARIO.replace("id: orders-outpost", "id: bad-orders")
    text = text.replace("options: [reefs, coasts, terrain-placement, deployment]", "options: [reefs, coasts, terrain-placement]")
    text = text.replace(f"      - {REEFS}\n", f"      - {REEFS}\n      - {{do: deploy, side: british}}\n")
    text = text[:text.index("  deployment:\n")] + text[text.index("wind:"):]
    folder = tmp_path / "bad"
    (folder / "scenarios").mkdir(parents=True)
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "scenarios" / "bad.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(folder)], env=ENV)
    assert result.exit_code != 0 and "/phases/2/do: a deploy phase needs the deployment option" in result.stderr, result.stderr


def test_the_scenarios_validate_and_are_listed():
    result = CliRunner().invoke(main, ["validate", str(Path(__file__).parents[2] / "content")], env=ENV)
    assert result.exit_code == 0, result.stderr
    listed = CliRunner().invoke(main, ["scenarios", "--json"], env=ENV).stdout
    for name in ("against-the-outpost", "against-the-outpost-two-outposts", "supplies-are-coming"):
        assert f'"{name}"' in listed


def test_supplies_is_played_at_advanced_only(library, catalogue):
    with pytest.raises((ConfigError, ContentError), match="advanced rules only"):
        new_game("supplies-are-coming", library=library, catalogue=catalogue, level="basic")
    with pytest.raises((ConfigError, ContentError), match="advanced rules only"):
        new_game("supplies-are-coming", library=library, catalogue=catalogue, level="standard")
    assert new_game("supplies-are-coming", library=library, catalogue=catalogue).rules.level == "advanced"
    for scenario in ("against-the-outpost", "against-the-outpost-two-outposts"):
        for level in ("basic", "standard", "advanced"):
            new_game(scenario, library=library, catalogue=catalogue, level=level)


def test_a_scenario_whose_own_level_is_not_allowed_is_reported(tmp_path):
    errors, _ = _errors(tmp_path, "options: [reefs, coasts, terrain-placement, deployment]\noption_settings:\n",
                        "options: [reefs, coasts, terrain-placement, deployment, scenario-levels]\n"
                        "option_settings:\n  scenario-levels: {levels: [advanced]}\n")
    text_errors = [e for e in errors if "/rules" in e]
    assert text_errors and "played with the advanced rules only" in text_errors[0], errors
