"""Buildings as content (rulebook p. 54): the ``buildings`` of a terrain document, the entries of
a scenario's ``setup.buildings`` and the building tests of its victory params, as ``sog
validate`` sees them (file:line:col)."""

from __future__ import annotations

import copy
from pathlib import Path

from click.testing import CliRunner
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from outpost_bench import PACK
from sog.cli.main import main
from sog.packs import load_schema
from sog.packs.loader import load_library
from sog.packs.yamlpos import load_documents
from sog.plugins.system.content_terrain import TerrainElement

ENV = {"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"}
ISLAND = (Path(__file__).parents[2] / "content" / "starter-set" / "terrain" / "small-island-1.yaml").read_text(encoding="utf-8")
OUTPOST = "{id: outpost, name: Outpost, x: 30, y: 35, width: 40, length: 30, heading: 0}"
SCENARIO = (PACK / "scenarios" / "outpost-test.yaml").read_text(encoding="utf-8")
ENTRY = "{id: outpost, building: outpost, on: island, side: french, surrender: {damage_points: 8, crew_damages: 4, fleet_defeated: true}}"
MANIFEST = "name: bad-buildings\nversion: 0.1.0\ndescription: Mistakes.\nrequires: [starter-set]\n"


def _validate(*paths: Path) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["validate", *map(str, paths)], env=ENV)
    return result.exit_code, result.stderr.splitlines()


def _bad(tmp_path: Path, name: str, text: str) -> tuple[int, list[str], Path]:
    """Validate a pack holding one file (and the test pack): the exit code, the errors in that file."""
    folder = tmp_path / "bad"
    for file, content in {"pack.yaml": MANIFEST, name: text}.items():
        (folder / file).parent.mkdir(parents=True, exist_ok=True)
        (folder / file).write_text(content, encoding="utf-8")
    code, errors = _validate(PACK, folder)
    return code, [e for e in errors if e.startswith(str(folder / name))], folder / name


def _at(text: str, needle: str, field: str, nth: int = 0) -> tuple[int, int]:
    """The line and column of ``field`` on the ``nth`` line holding ``needle``."""
    line = [i for i, row in enumerate(text.splitlines(), 1) if needle in row][nth]
    return line, text.splitlines()[line - 1].index(field) + 1


def _island(old: str, new: str) -> str:
    assert old in ISLAND
    return ISLAND.replace("id: small-island-1", "id: bad-island").replace(old, new)


def _scenario(**changes: str) -> str:
    text = SCENARIO.replace("id: outpost-test", "id: bad-outpost")
    for old, new in changes.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


def test_the_starter_set_islands_each_have_a_brown_building():
    library = load_library([])
    for island, (x, y) in (("small-island-1", (30, 35)), ("small-island-2", (-20, 32))):
        element = library.get("terrain", island)
        (building,) = element.buildings
        assert (building.id, building.name, building.x, building.y) == ("outpost", "Outpost", x, y)
        assert element.provenance["buildings"].startswith("estimate")
    assert library.get("terrain", "small-reef-1").buildings == ()


def test_the_schema_and_the_model_agree_on_buildings():
    (doc,) = [d.data for d in load_documents(ISLAND)[0]]
    cases = {"as-is": (lambda b: None, True), "no heading": (lambda b: b.pop("heading"), True),
             "no width": (lambda b: b.pop("width"), False), "zero length": (lambda b: b.update(length=0), False),
             "unknown field": (lambda b: b.update(colour="brown"), False), "bad id": (lambda b: b.update(id="-x"), False)}
    for label, (change, valid) in cases.items():
        data = copy.deepcopy(doc)
        change(data["buildings"][0])
        schema_ok = not list(Draft202012Validator(load_schema("terrain")).iter_errors(data))
        try:
            TerrainElement.model_validate(data)
            model_ok = True
        except ValidationError:
            model_ok = False
        assert (schema_ok, model_ok) == (valid, valid), label


def test_the_test_pack_validates(tmp_path):
    code, errors = _validate(PACK)
    assert [e for e in errors if str(PACK) in e] == []


def test_a_building_off_its_islands_outline_is_refused_at_file_line_col(tmp_path):
    text = _island(OUTPOST, OUTPOST.replace("x: 30", "x: 90"))
    code, errors, path = _bad(tmp_path, "terrain/bad.yaml", text)
    line, column = _at(text, "{id: outpost", "{")
    assert code == 1
    assert errors == [f"{path}:{line}:{column}: /buildings/0: building 'outpost' (30 x 40 mm at (90, 35)) does not lie "
                      "inside the element's outline"]


def test_a_repeated_building_id_is_refused_at_file_line_col(tmp_path):
    text = _island(OUTPOST, OUTPOST + "\n  - {id: outpost, name: Store, x: -40, y: 0, width: 10, length: 10}")
    code, errors, path = _bad(tmp_path, "terrain/bad.yaml", text)
    line, column = _at(text, "name: Store", "id:")
    assert code == 1
    assert errors == [f"{path}:{line}:{column}: /buildings/1/id: building id 'outpost' is repeated (first at /buildings/0/id)"]


def test_a_reef_has_no_building(tmp_path):
    text = _island("element: island", "element: reef").replace("coastline: none\ndanger: none\n", "")
    code, errors, path = _bad(tmp_path, "terrain/bad.yaml", text)
    assert code == 1 and len(errors) == 1
    assert errors[0].endswith("/buildings/0: a reef has no buildings: they are drawn on coasts and islands (rulebook p. 54)")


def test_an_unknown_building_is_refused_with_a_did_you_mean_at_file_line_col(tmp_path):
    text = _scenario(**{"building: outpost, on:": "building: outpots, on:"})
    code, errors, path = _bad(tmp_path, "scenarios/bad.yaml", text)
    line, column = _at(text, "building: outpots", "building:")
    assert code == 1
    assert errors == [f"{path}:{line}:{column}: /setup/buildings/0/building: terrain element 'small-island-1' has no "
                      "building 'outpots' (did you mean 'outpost'?) (its buildings: outpost)"]


def test_a_building_on_an_unknown_placement_or_a_reef_is_refused(tmp_path):
    text = _scenario(**{"on: island,": "on: islnd,"})
    code, errors, _ = _bad(tmp_path, "scenarios/bad.yaml", text)
    assert code == 1 and len(errors) == 1
    assert ("/setup/buildings/0/on: no terrain placement 'islnd' (did you mean 'island'?) in this scenario: a building is "
            "drawn on a coast or island of setup.terrain (placed: island)") in errors[0]
    reef = "    - {id: reef-a, element: small-reef-1, x: 450, y: 300}\n"
    text = _scenario(**{"  buildings:\n": reef + "  buildings:\n", "on: island,": "on: reef-a,"})
    code, errors, _ = _bad(tmp_path, "scenarios/bad.yaml", text)
    assert code == 1 and len(errors) == 1
    assert errors[0].endswith("/setup/buildings/0/on: 'reef-a' is a reef: a building is drawn on a coast or an island (rulebook p. 54)")


def test_a_building_of_an_unknown_side_is_refused(tmp_path):
    text = _scenario(**{"side: french, surrender": "side: frnch, surrender"})
    code, errors, path = _bad(tmp_path, "scenarios/bad.yaml", text)
    line, column = _at(text, "side: frnch", "side:")
    assert code == 1
    assert errors == [f"{path}:{line}:{column}: /setup/buildings/0/side: unknown side 'frnch' (did you mean 'french'?): "
                      "a building belongs to a side of the scenario (british, french)"]


def test_building_ids_are_unique_across_terrain_batteries_and_buildings(tmp_path):
    entry = f"    - {ENTRY}\n"
    text = _scenario(**{entry: entry + entry.replace("id: outpost,", "id: island,", 1) + entry})
    code, errors, _ = _bad(tmp_path, "scenarios/bad.yaml", text)
    assert code == 1
    assert [e.split(": ", 2)[1:] for e in errors] == [
        ["/setup/buildings/1/id", "id 'island' is repeated (first at /setup/terrain/0/id): terrain, batteries and buildings "
                                  "have ids of their own"],
        ["/setup/buildings/2/id", "id 'outpost' is repeated (first at /setup/buildings/0/id): terrain, batteries and "
                                  "buildings have ids of their own"],
    ]


def test_a_malformed_entry_is_reported_by_the_schema(tmp_path):
    text = _scenario(**{"side: french, surrender: {damage_points: 8,": "surrender: {damage_points: 0, flag: white,"})
    code, errors, _ = _bad(tmp_path, "scenarios/bad.yaml", text)
    assert code == 1
    assert any("/setup/buildings/0: 'side' is a required property" in e for e in errors)
    assert any("/setup/buildings/0/surrender" in e and "'flag' was unexpected" in e for e in errors)
    assert any("/setup/buildings/0/surrender/damage_points" in e and "less than the minimum of 1" in e for e in errors)


def test_a_building_test_of_the_victory_params_names_a_building_of_the_scenario(tmp_path):
    text = _scenario(**{"params: {building: outpost, state: undamaged}": "params: {building: fort, state: undamaged}"})
    code, errors, path = _bad(tmp_path, "scenarios/bad.yaml", text)
    line, column = _at(text, "building: fort", "building: fort")
    assert code == 1
    assert errors == [f"{path}:{line}:{column}: /victory/params/final/2/test/params/building: no building 'fort' in "
                      "/setup/buildings (its buildings: outpost)"]


def test_a_building_state_is_one_of_three_and_a_free_exit_needs_a_condition_or_a_test(tmp_path):
    text = _scenario(**{"state: damaged}": "state: burning}"})
    code, errors, _ = _bad(tmp_path, "scenarios/bad.yaml", text)
    assert code == 1 and len(errors) == 1 and "/victory/params/final/1/test/params/state" in errors[0]
    free = "{test: {predicate: building-state, params: {building: outpost, state: surrendered}}, side: british, edge: south}"
    for given, which in (("", "neither"), ("condition: supplies, test: {predicate: building-state, params: {building: outpost, "
                                           "state: surrendered}}, ", "both")):
        text = _scenario(**{free: "{" + given + "side: british, edge: south}"})
        code, errors, path = _bad(tmp_path, "scenarios/bad.yaml", text)
        line, column = _at(text, "side: british, edge: south", "{")
        assert code == 1
        assert errors[0] == (f"{path}:{line}:{column}: /victory/params/free_exit/0: a free exit gives either a condition "
                             f"(that reached its max) or a test (that holds when the ship leaves), not {which}")
