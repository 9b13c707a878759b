"""Terrain as content (rulebook pp. 43-46): the ``terrain`` kind, the Starter Set's small reefs
and islands, and the placements of a scenario's ``setup.terrain``, as ``sog validate`` sees them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from shapely import Polygon

from sog.cli.main import main
from sog.plugins.system.content_terrain_checks import check_terrain, outline_problem
from sog.plugins.system.content_terrain import TerrainElement

ENV = {"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"}
PACK = Path(__file__).parent / "pack"
SCENARIO = (PACK / "scenarios" / "islands.yaml").read_text(encoding="utf-8")
MANIFEST = "name: bad-terrain\nversion: 0.1.0\ndescription: Mistakes.\nrequires: [starter-set]\n"


def _validate(*paths: Path) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["validate", *map(str, paths)], env=ENV)
    return result.exit_code, result.stderr.splitlines()


def _pack(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "bad"
    for name, text in {"pack.yaml": MANIFEST, **files}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_the_starter_set_has_three_small_reefs_and_two_small_islands_with_estimated_shapes(library):
    elements = {doc.id: doc for doc in library.all("terrain") if library.entry("terrain", doc.id).pack == "starter-set"}
    assert sorted(e.element for e in elements.values()) == ["island", "island", "reef", "reef", "reef"]
    for element in elements.values():
        x0, y0, x1, y1 = Polygon(element.outline).bounds
        if element.element == "reef":
            assert 50 <= x1 - x0 <= 70 and 30 <= y1 - y0 <= 50, element.id
        else:
            assert 150 <= max(x1 - x0, y1 - y0) <= 250, element.id
        assert element.provenance["outline"].startswith("estimate")
        assert list(check_terrain(element)) == []


def test_the_built_in_content_and_the_test_pack_validate():
    code, errors = _validate(PACK)
    assert code == 0 and errors == []


def test_a_self_intersecting_outline_is_reported_at_its_line():
    bowtie = [[-30, -20], [30, 20], [30, -20], [-30, 20]]
    assert "crosses itself" in outline_problem(bowtie)
    assert "at least 3" in outline_problem([[0, 0], [10, 0], [0, 0]])
    assert "lie on a line" in outline_problem([[0, 0], [10, 0], [20, 0]])
    assert "not an area" in outline_problem([[0, 0], [10, 0], [10, 0.05], [0, 0.05]])
    assert outline_problem([[0, 0], [10, 0], [0, 10]]) is None


def test_sog_validate_reports_a_self_intersecting_outline_at_file_line_col(tmp_path):
    pack = _pack(tmp_path, {"terrain/bowtie.yaml": "kind: terrain\nid: bowtie\nname: Bowtie\nelement: reef\n"
                            "outline: [[-30, -20], [30, 20], [30, -20], [-30, 20]]\nprovenance: {default: estimate}\n"})
    code, errors = _validate(pack)
    assert code == 1
    assert errors == [f"{pack / 'terrain' / 'bowtie.yaml'}:5:1: /outline: the outline crosses itself (Self-intersection[0 0]): "
                      "give the corners in order around the element, without crossing"]


def test_a_reef_or_a_shoal_has_no_coastline():
    reef = TerrainElement.model_validate({"id": "r", "name": "R", "element": "reef", "outline": [[0, 0], [10, 0], [0, 10]],
                                          "coastline": "rocky", "harbor": True, "provenance": {"default": "estimate"}})
    assert [pointer for pointer, _ in check_terrain(reef)] == ["/coastline", "/harbor"]


def test_sog_validate_reports_a_placement_of_an_unknown_element_at_file_line_col(tmp_path):
    text = SCENARIO.replace("id: enemy-in-sight-islands", "id: bad-islands").replace("element: small-reef-2", "element: small-reef-9")
    pack = _pack(tmp_path, {"scenarios/bad.yaml": text})
    code, errors = _validate(pack)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "small-reef-9" in row)
    column = text.splitlines()[line - 1].index("element:") + 1
    assert code == 1 and len(errors) == 1
    assert errors[0].startswith(f"{pack / 'scenarios' / 'bad.yaml'}:{line}:{column}: /setup/terrain/3/element: "
                                "unknown terrain element 'small-reef-9' (did you mean 'small-reef-")
    assert errors[0].endswith("a placement names a terrain document (known: small-island-1, small-island-2, small-reef-1, "
                              "small-reef-2, small-reef-3)")


def test_placement_mistakes_are_reported_each_at_its_field(tmp_path):
    text = (SCENARIO.replace("id: enemy-in-sight-islands", "id: bad-islands")
            .replace("x: 680, y: 440", "x: 880, y: 440")            # off the table
            .replace("id: reef-c,", "id: reef-a,")                    # a repeated id
            .replace("x: 450, y: 600, heading: 45", "x: \"450\", y: 600, heading: 45")  # not a number
            .replace("coastline: rocky,", "coastline: stony,"))       # not a coastline
    pack = _pack(tmp_path, {"scenarios/bad.yaml": text})
    code, errors = _validate(pack)
    assert code == 1
    pointers = [line.split(": ")[1] for line in errors]
    assert pointers == ["/setup/terrain/0/coastline", "/setup/terrain/1", "/setup/terrain/3/x", "/setup/terrain/4/id"]
    assert "'stony' is not one of ['sandy', 'rocky', 'none']" in errors[0]
    assert "it must lie on the 900x900 table" in errors[1]
    assert "is repeated (first at /setup/terrain/2/id)" in errors[3]
    assert all(line.startswith(f"{pack / 'scenarios' / 'bad.yaml'}:") for line in errors)


def test_an_unknown_setup_key_is_refused(tmp_path):
    text = SCENARIO.replace("id: enemy-in-sight-islands", "id: bad-islands").replace("setup:\n", "setup:\n  terain: []\n")
    code, errors = _validate(_pack(tmp_path, {"scenarios/bad.yaml": text}))
    assert code == 1 and len(errors) == 1 and "/setup: Additional properties are not allowed ('terain' was unexpected)" in errors[0]


def test_a_coast_may_reach_past_the_table_edge_but_must_overlap_it(tmp_path):
    placement = "    - {id: reef-a, element: small-reef-1, x: 450, y: 300}\n"
    coast = "    - {id: shore, element: test-peninsula, x: 285, y: 200}\n"  # y -100..500: past the south edge
    far = "    - {id: far, element: test-peninsula, x: 285, y: -400}\n"  # y -700..-100: off the table
    text = SCENARIO.replace("id: enemy-in-sight-islands", "id: bad-islands").replace(placement, placement + coast + far)
    code, errors = _validate(PACK, _pack(tmp_path, {"scenarios/bad.yaml": text}))
    assert code == 1 and len(errors) == 1
    assert ": /setup/terrain/4: coast 'test-peninsula' at (285, -400) is off the 900x900 table" in errors[0]
