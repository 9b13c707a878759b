"""Loading packs: the fixture loads; every bad input is reported at its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from packs_support import ADDON, MINI, copy_pack, load, located, problems, replace_line, write
from sog.packs import ContentError, Problem, UnknownId, UnknownKind
from sog.plugins.system.content_models import base_doc, deck_of, ruler_doc, ship_of


# --- a valid pack --------------------------------------------------------------------

def test_fixture_pack_loads_with_typed_accessors():
    lib = load(MINI)
    assert [p.name for p in lib.packs] == ["mini"]
    info = lib.packs[0]
    assert (info.version, info.origin, info.requires) == ("0.1.0", str(MINI), ())
    assert dict(info.documents) == {
        "ship": ("cutter",), "maneuver-deck": ("T",), "counter-pool": ("L", "S"),
        "base": ("small",), "ruler": ("short",), "scenario": ("duel",),
    }
    assert ship_of(lib, "cutter").deck == "T"
    assert deck_of(lib, "T").card("T-2").kind == "taken-aback"
    assert lib.pool("S").size == 3
    assert base_doc(lib, "small").width == 30
    assert ruler_doc(lib, "short").half == 50
    assert lib.scenario("duel").ships[1].pose.heading == 180
    assert lib.get("ship", "cutter") is ship_of(lib, "cutter")
    assert [p.id for p in lib.all("counter-pool")] == ["L", "S"]
    assert lib.ids("scenario") == ("duel",)


def test_entry_records_where_a_document_is_written():
    entry = load(MINI).entry("counter-pool", "S")
    assert (Path(entry.file).name, entry.line, entry.col, entry.pack) == ("pools.yaml", 11, 1, "mini")


def test_unknown_id_is_a_keyerror_with_suggestions():
    lib = load(MINI)
    with pytest.raises(KeyError) as info:
        ship_of(lib, "cuter")
    assert isinstance(info.value, UnknownId)
    assert str(info.value) == "no ship with id 'cuter' (did you mean 'cutter'?)"
    with pytest.raises(UnknownKind) as kind_info:
        lib.all("shipp")
    assert str(kind_info.value) == "unknown content kind 'shipp' (did you mean 'ship'?)"


def test_library_and_documents_are_immutable():
    lib = load(MINI)
    with pytest.raises(AttributeError):
        lib.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        lib._entries["ship"]["x"] = None  # type: ignore[index]
    with pytest.raises(Exception):
        ship_of(lib, "cutter").burden = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        ship_of(lib, "cutter").provenance["burden"] = "estimate"  # type: ignore[index]
    assert isinstance(ship_of(lib, "cutter").ship_track, tuple)


def test_a_folder_of_packs_loads_each_and_a_pack_uses_what_it_requires():
    lib = load(MINI.parent)
    assert [p.name for p in lib.packs] == ["addon", "mini"]
    assert lib.pack("addon").requires == ("mini",)
    assert ship_of(lib, "sloop").deck == "T"
    assert lib.entry("ship", "sloop").pack == "addon"


def test_on_demand_loads_installed_packs_only_when_required(monkeypatch):
    import sog.packs.loader as loader
    monkeypatch.setattr(loader, "builtin_pack_dirs", lambda: [MINI])
    packs = load(ADDON, builtin=True, on_demand=True).packs
    assert [(p.name, p.origin) for p in packs] == [("mini", "builtin"), ("addon", str(ADDON))]
    monkeypatch.setattr(loader, "builtin_pack_dirs", lambda: [ADDON])
    assert [p.name for p in load(MINI, builtin=True, on_demand=True).packs] == ["mini"]
    assert [p.name for p in load(MINI, builtin=True).packs] == ["addon", "mini"]


def test_same_folder_reached_twice_is_loaded_once(monkeypatch):
    import sog.packs.loader as loader
    monkeypatch.setattr(loader, "builtin_pack_dirs", lambda: [MINI])
    assert [p.name for p in load(MINI, MINI.parent / "mini", builtin=True).packs] == ["mini"]


# --- bad inputs: file and line -------------------------------------------------------

def test_malformed_yaml_is_reported_at_the_parser_position(tmp_path):
    pack = copy_pack(tmp_path)
    write(pack / "broken.yaml", "kind: ship\nid: x\n  name: [oops\n")
    found = problems(pack)
    assert [(Path(p.file).name, p.line, p.col) for p in found] == [("broken.yaml", 3, 7)]
    assert found[0].message.startswith("YAML syntax error: mapping values are not allowed")


def test_wrong_type_points_at_the_field(tmp_path):
    pack = copy_pack(tmp_path)
    line = replace_line(pack / "ships.yaml", "burden: 1", 'burden: "1"')
    found = problems(pack)
    assert [str(p) for p in found] == [
        f"{pack / 'ships.yaml'}:{line}:1: /burden: '1' is not of type 'integer'"
    ]


def test_missing_field_points_at_the_enclosing_mapping(tmp_path):
    pack = copy_pack(tmp_path)
    line = replace_line(pack / "ships.yaml", "  - {forward: 0, full: 1, rear: 0}", "  - {forward: 0, rear: 0}")
    found = problems(pack)
    assert located(found) == [("ships.yaml", line, "/ship_track/1")]
    assert found[0].message == "missing required field 'full'"


def test_missing_top_level_field_points_at_the_document_start(tmp_path):
    pack = copy_pack(tmp_path)
    replace_line(pack / "pools.yaml", "name: Short range", "")
    found = problems(pack)
    assert located(found) == [("pools.yaml", 11, "/")]
    assert found[0].message == "missing required field 'name'"


def test_unknown_field_points_at_the_key_and_suggests(tmp_path):
    pack = copy_pack(tmp_path)
    line = replace_line(pack / "ships.yaml", "veer: 6", "vere: 6")
    found = problems(pack)
    assert located(found) == [("ships.yaml", 1, "/"), ("ships.yaml", line, "/vere")]
    assert [p.message for p in found] == [
        "missing required field 'veer'", "unknown field 'vere' (did you mean 'veer'?)"]


def test_unknown_kind_points_at_kind(tmp_path):
    pack = copy_pack(tmp_path)
    write(pack / "extra.yaml", "# a comment\nkind: admiral\nid: nelson\n")
    found = problems(pack)
    assert located(found) == [("extra.yaml", 2, "/kind")]
    assert found[0].message.startswith("unknown kind 'admiral' (known kinds: ability, base, battery, captain, counter-pool")


def test_reference_to_a_missing_deck_or_ship(tmp_path):
    pack = copy_pack(tmp_path)
    deck_line = replace_line(pack / "ships.yaml", "deck: T", "deck: X")
    text = (pack / "scenario.yaml").read_text()
    (pack / "scenario.yaml").write_text(text.replace("ship: cutter\n    side: blue", "ship: cuter\n    side: blue"))
    ship_line = 26
    found = problems(pack)
    assert [str(p) for p in found] == [
        f"{pack / 'scenario.yaml'}:{ship_line}:5: /ships/1/ship: "
        "no ship with id 'cuter' is loaded (did you mean 'cutter'?)",
        f"{pack / 'ships.yaml'}:{deck_line}:1: /deck: no maneuver-deck with id 'X' is loaded",
    ]


def test_duplicate_id_across_two_packs_reports_both_places(tmp_path):
    first = copy_pack(tmp_path)
    second = copy_pack(tmp_path, name="other")
    replace_line(second / "pack.yaml", "name: mini", "name: other")
    for path in second.iterdir():
        if path.name not in ("pack.yaml", "deck.yaml"):
            path.unlink()
    found = problems(tmp_path)
    a, b = first / "deck.yaml", second / "deck.yaml"
    assert [str(p) for p in found] == [
        f"{a}:2:1: /id: duplicate maneuver-deck id 'T': also defined at {b}:2:1",
        f"{b}:2:1: /id: duplicate maneuver-deck id 'T': also defined at {a}:2:1",
    ]


def test_duplicate_pack_name(tmp_path):
    mini = copy_pack(tmp_path)
    other = copy_pack(tmp_path, name="other")
    found = problems(mini, other)
    assert [str(p) for p in found if p.file.endswith("pack.yaml")] == [
        f"{other / 'pack.yaml'}:1:1: /name: pack name 'mini' is already used by {mini}"]
    duplicates = [p for p in found if p.message.startswith("duplicate ")]
    assert len(duplicates) == len(found) - 1 == 2 * 7  # 7 documents, each reported twice


def test_folder_without_manifest_is_named(tmp_path):
    folder = tmp_path / "loose"
    write(folder / "ships" / "a.yaml", "kind: ship\n")
    found = problems(folder)
    assert found == [Problem(str(folder), None, None, "/",
                             "this folder holds YAML documents but no pack.yaml: every pack needs a manifest")]
    assert str(found[0]).startswith(f"{folder}: this folder holds YAML")


def test_folder_of_packs_reports_a_subfolder_without_manifest(tmp_path):
    copy_pack(tmp_path)
    write(tmp_path / "stray" / "x.yaml", "kind: ship\n")
    assert [(p.file, p.line) for p in problems(tmp_path)] == [(str(tmp_path / "stray"), None)]


def test_missing_required_pack(tmp_path):
    addon = copy_pack(tmp_path, ADDON)
    found = problems(addon)
    assert located(found) == [
        ("pack.yaml", 4, "/requires/0"), ("sloop.yaml", 9, "/deck"), ("sloop.yaml", 10, "/base")]
    assert found[0].message == "requires pack 'mini', which is not loaded"


def test_reference_into_a_pack_not_required(tmp_path):
    addon = copy_pack(tmp_path, ADDON)
    replace_line(addon / "pack.yaml", "requires: [mini]", "requires: []")
    found = problems(addon, MINI)
    assert located(found) == [("sloop.yaml", 9, "/deck"), ("sloop.yaml", 10, "/base")]
    assert found[0].message == "maneuver-deck 'T' is in pack 'mini', which pack 'addon' does not list in `requires`"


def test_broken_manifest(tmp_path):
    pack = copy_pack(tmp_path)
    write(pack / "pack.yaml", "name: Mini Pack\nversion: 1.0\ndescription: x\n")
    found = problems(pack)
    assert [(p.line, p.pointer) for p in found] == [(1, "/name"), (2, "/version")]
    assert found[1].message == "1.0 is not of type 'string'"


def test_several_problems_in_one_file_are_all_reported(tmp_path):
    pack = copy_pack(tmp_path)
    write(pack / "deck.yaml", """\
kind: maneuver-deck
id: T
name: Test deck
cards:
  - id: T-1
    kind: normal
    lines:
      full: {green: [0, 40], orange: [0, 25, 0]}
      sideways: {green: [0, 1, 0], orange: [0, 1, 0]}
  - id: T-2
    kind: taken-aback
    veer: 5
    masts: 1
    lines:
      one-sandglass: [0, 12.7, 200]
provenance: {default: guess}
""")
    found = problems(pack)
    assert [(p.line, p.pointer, p.message) for p in found] == [
        (5, "/cards/0", "missing required field 'veer'"),
        (8, "/cards/0/lines/full/green", "has 2 items, fewer than the minimum of 3"),
        (9, "/cards/0/lines/sideways", "unknown field 'sideways'"),
        (13, "/cards/1/masts", "field 'masts' is not allowed here"),
        (15, "/cards/1/lines/one-sandglass/2", "200 is greater than the maximum of 180"),
        (16, "/provenance/default", "'guess' does not match '^(rulebook|measured|estimate)\\\\b'"),
    ]


def test_semantic_checks_point_at_the_field(tmp_path):
    pack = copy_pack(tmp_path)
    gap = replace_line(pack / "components.yaml", "  - {name: short, from: 20, to: 50, range: short, pool: S}",
                       "  - {name: short, from: 25, to: 50, range: short, pool: S}")
    side = replace_line(pack / "scenario.yaml", "    side: blue", "    side: green")
    found = problems(pack)
    assert [(Path(p.file).name, p.line, p.pointer) for p in found] == [
        ("components.yaml", gap, "/bands/1/from"), ("scenario.yaml", side, "/ships/1/side")]
    assert found[0].message == "band 'short' starts at 25, expected 20"
    assert found[1].message == "side 'green' is not declared in /sides (declared: ['blue', 'red'])"


def test_document_that_is_not_a_mapping(tmp_path):
    pack = copy_pack(tmp_path)
    write(pack / "list.yaml", "- 1\n- 2\n")
    assert [(p.line, p.message) for p in problems(pack)] == [
        (1, "a document must be a mapping with `kind` and `id`")]


def test_non_finite_number_is_refused(tmp_path):
    pack = copy_pack(tmp_path)
    line = replace_line(pack / "components.yaml", "width: 30", "width: .inf")
    found = problems(pack)
    assert (found[0].line, found[0].pointer, found[0].message) == (
        line, "/width", "numbers must be finite (no .inf or .nan)")


def test_content_error_message_lists_every_problem(tmp_path):
    pack = copy_pack(tmp_path)
    replace_line(pack / "ships.yaml", "burden: 1", "burden: 0")
    with pytest.raises(ContentError) as info:
        load(pack)
    assert str(info.value).splitlines()[0] == "1 content problem"
    assert str(info.value).splitlines()[1].endswith("/burden: 0 is less than the minimum of 1")


def test_library_pickles_and_copies_as_itself():
    import copy
    import pickle

    lib = load(MINI)
    assert copy.deepcopy(lib) is lib and copy.copy(lib) is lib
    again = pickle.loads(pickle.dumps(lib))
    assert again.scenario("duel") == lib.scenario("duel")
    assert again.packs == lib.packs
    assert again.entry("ship", "cutter").line == 1
