"""Coastal batteries as content (rulebook pp. 46-48): the ``battery`` kind (the battery log),
and the placements of a scenario's ``setup.batteries``, as ``sog validate`` sees them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sog.cli.main import main
from sog.packs.loader import load_library
from sog.plugins.system.content_battery import Battery
from sog.plugins.system.content_battery_checks import check_battery

ENV = {"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"}
PACK = Path(__file__).parent / "pack"
LOG = (PACK / "batteries" / "test-fort.yaml").read_text(encoding="utf-8")
SCENARIO = (PACK / "scenarios" / "battery-cove.yaml").read_text(encoding="utf-8")
MANIFEST = "name: bad-batteries\nversion: 0.1.0\ndescription: Mistakes.\nrequires: [starter-set]\n"


def _validate(*paths: Path) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["validate", *map(str, paths)], env=ENV)
    return result.exit_code, result.stderr.splitlines()


def _pack(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "bad"
    for name, text in {"pack.yaml": MANIFEST, **files}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _at(text: str, needle: str, field: str) -> tuple[int, int]:
    """The line and column of ``field`` on the first line holding ``needle``."""
    line = next(i for i, row in enumerate(text.splitlines(), 1) if needle in row)
    return line, text.splitlines()[line - 1].index(field) + 1


def _scenario(**changes: str) -> str:
    text = SCENARIO.replace("id: enemy-in-sight-battery", "id: bad-battery")
    for old, new in changes.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


def test_the_battery_kind_validates_a_log_with_its_tracks_and_arcs():
    battery = load_library([PACK]).get("battery", "test-fort")
    assert isinstance(battery, Battery)
    assert battery.fortification_rating == 2 and battery.arc_names == ("left", "right")
    assert [dict(box.firepower) for box in battery.battery_track][:2] == [{"left": 3, "right": 3}, {"left": 3, "right": 2}]
    assert battery.battery_track[0].actions == 2 and battery.crew_track[0].musketry == 2
    assert (battery.arcs[0].dot, battery.arcs[0].start, battery.arcs[0].to, battery.arcs[0].width) == ((-30, 0), 300, 30, 90)
    assert battery.provenance["default"] == "estimate" and battery.provenance["points"].startswith("estimate")
    assert list(check_battery(battery)) == []
    code, errors = _validate(PACK)
    assert code == 0 and errors == []


def test_the_starter_set_has_no_battery_log():
    """"Coastal batteries are not included in this set" (p. 46): the test log is the tests'."""
    library = load_library([])
    assert library.all("battery") == ()


def test_a_box_missing_an_arcs_firepower_is_refused_at_file_line_col(tmp_path):
    text = LOG.replace("{firepower: {left: 3, right: 2}}", "{firepower: {left: 3}}")
    pack = _pack(tmp_path, {"batteries/bad.yaml": text})
    code, errors = _validate(pack)
    line, column = _at(text, "{firepower: {left: 3}}", "firepower:")
    assert code == 1
    assert errors == [f"{pack / 'batteries' / 'bad.yaml'}:{line}:{column}: /battery_track/1/firepower: box 2 gives no "
                      "firepower for arc 'right': every box gives the firepower of each of the battery's arcs (left, right)"]


def test_a_box_naming_an_arc_the_battery_lacks_is_refused():
    data = Battery.model_validate({
        "id": "b", "name": "B", "fortification_rating": 1, "battery_track": [{"firepower": {"north": 1, "south": 1}}],
        "crew_track": [{"musketry": 1}], "arcs": [{"name": "north", "dot": [0, 0], "from": 300, "to": 60}],
        "provenance": {"default": "estimate"}})
    assert list(check_battery(data)) == [("/battery_track/0/firepower", "box 1 gives firepower for 'south', not an arc of "
                                                                         "the battery (its arcs: north)")]


def test_a_duplicate_arc_name_is_refused_at_file_line_col(tmp_path):
    text = LOG.replace("{name: right, dot: [30, 0]", "{name: left, dot: [30, 0]")
    pack = _pack(tmp_path, {"batteries/bad.yaml": text})
    code, errors = _validate(pack)
    line, column = _at(text, "{name: left, dot: [30, 0]", "name:")
    assert code == 1
    assert errors == [f"{pack / 'batteries' / 'bad.yaml'}:{line}:{column}: /arcs/1/name: 'left' is repeated (first at /arcs/0/name)"]


def test_an_arc_without_width_is_refused(tmp_path):
    text = LOG.replace("from: 330, to: 60", "from: 60, to: 60")
    code, errors = _validate(_pack(tmp_path, {"batteries/bad.yaml": text}))
    assert code == 1 and len(errors) == 1
    assert ": /arcs/1/to: arc 'right' goes from 60 to 60: an arc has a width" in errors[0]


def test_an_empty_track_and_a_rating_past_10_are_refused_by_the_schema(tmp_path):
    text = LOG.replace("crew_track:\n  - {musketry: 2, actions: 2}\n  - {musketry: 1}\n  - {musketry: 1, actions: 1}\n",
                       "crew_track: []\n").replace("fortification_rating: 2", "fortification_rating: 11")
    pack = _pack(tmp_path, {"batteries/bad.yaml": text})
    code, errors = _validate(pack)
    assert code == 1
    assert [line.split(": ")[1] for line in errors] == ["/fortification_rating", "/crew_track"]


def test_a_placement_of_an_unknown_battery_is_reported_at_file_line_col(tmp_path):
    text = _scenario(**{"battery: test-fort": "battery: test-frot"})
    pack = _pack(tmp_path, {"scenarios/bad.yaml": text})
    code, errors = _validate(PACK, pack)
    line, column = _at(text, "test-frot", "battery:")
    assert code == 1 and len(errors) == 1
    assert errors[0] == (f"{pack / 'scenarios' / 'bad.yaml'}:{line}:{column}: /setup/batteries/0/battery: unknown battery "
                         "'test-frot' (did you mean 'test-fort'?): a placement names a battery document (known: test-fort)")


def test_a_battery_on_a_reef_is_refused(tmp_path):
    text = _scenario(**{"on: fort-island": "on: reef-a"})
    code, errors = _validate(PACK, _pack(tmp_path, {"scenarios/bad.yaml": text}))
    line, column = _at(text, "on: reef-a", "on:")
    assert code == 1 and len(errors) == 1
    assert errors[0].endswith(f"bad.yaml:{line}:{column}: /setup/batteries/0/on: 'reef-a' is a reef: a battery stands on a "
                              "coast or an island (rulebook p. 46)")


def test_a_battery_on_an_unknown_placement_is_refused(tmp_path):
    text = _scenario(**{"on: fort-island": "on: fort-islnd"})
    code, errors = _validate(PACK, _pack(tmp_path, {"scenarios/bad.yaml": text}))
    assert code == 1 and len(errors) == 1
    assert ": /setup/batteries/0/on: no terrain placement 'fort-islnd' (did you mean 'fort-island'?) in this scenario" in errors[0]
    assert errors[0].endswith("(placed: fort-island, reef-a)")


def test_a_red_dot_off_its_element_is_refused(tmp_path):
    text = _scenario(**{"x: 450, y: 650, heading: 180": "x: 450, y: 610, heading: 180"})
    code, errors = _validate(PACK, _pack(tmp_path, {"scenarios/bad.yaml": text}))
    line, column = _at(text, "id: fort,", "{")
    assert code == 1 and len(errors) == 2
    assert errors[0].endswith(f"bad.yaml:{line}:{column}: /setup/batteries/0: the red dot of arc 'left' (/arcs/0/dot of battery "
                              "'test-fort') lies at (480, 610), off 'fort-island': a battery's red dots lie on the coast or "
                              "island it stands on")
    assert "arc 'right'" in errors[1] and "(420, 610)" in errors[1]


def test_battery_ids_are_unique_across_terrain_and_batteries(tmp_path):
    battery = "    - {id: fort, battery: test-fort, side: french, on: fort-island, x: 450, y: 650, heading: 180}\n"
    text = _scenario(**{battery: battery + battery.replace("id: fort,", "id: reef-a,") + battery})
    code, errors = _validate(PACK, _pack(tmp_path, {"scenarios/bad.yaml": text}))
    assert code == 1
    assert [line.split(": ", 2)[1:] for line in errors] == [
        ["/setup/batteries/1/id", "id 'reef-a' is repeated (first at /setup/terrain/1/id): terrain and batteries have ids of their own"],
        ["/setup/batteries/2/id", "id 'fort' is repeated (first at /setup/batteries/0/id): terrain and batteries have ids of their own"],
    ]


def test_a_malformed_battery_placement_is_reported_by_the_schema(tmp_path):
    text = _scenario(**{"on: fort-island, x: 450": "x: 450"})
    code, errors = _validate(PACK, _pack(tmp_path, {"scenarios/bad.yaml": text}))
    assert code == 1 and len(errors) == 1 and "/setup/batteries/0: 'on' is a required property" in errors[0]


def test_a_battery_fights_for_a_side_of_the_scenario_and_one_of_its_seats(tmp_path):
    text = _scenario(**{"side: french, on:": "side: frenhc, on:"})
    code, errors = _validate(PACK, _pack(tmp_path, {"scenarios/bad.yaml": text}))
    line, column = _at(text, "side: frenhc", "side:")
    assert code == 1 and len(errors) == 1
    assert errors[0].endswith(f"bad.yaml:{line}:{column}: /setup/batteries/0/side: unknown side 'frenhc' (did you mean "
                              "'french'?): a battery fights for a side of the scenario (british, french)")
    text = _scenario(**{"side: french, on:": "side: french, seat: british, on:"})
    code, errors = _validate(PACK, _pack(tmp_path / "2", {"scenarios/bad.yaml": text}))
    assert code == 1 and len(errors) == 1
    assert ": /setup/batteries/0/seat: seat 'british' is not a seat of side 'french' (french)" in errors[0]


def test_a_placement_without_a_side_is_refused_by_the_schema(tmp_path):
    text = _scenario(**{"side: french, on:": "on:"})
    code, errors = _validate(PACK, _pack(tmp_path, {"scenarios/bad.yaml": text}))
    assert code == 1 and "/setup/batteries/0" in errors[0] and "side" in errors[0]
