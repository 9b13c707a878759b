"""Pack sources: built-in packs, entry points, plugin kinds."""

from __future__ import annotations

import types
from typing import Literal

import pytest

from packs_support import ADDON, MINI, load, problems, write
from sog.packs import BUILTIN_KINDS, ContentKind, builtin_pack_dirs, entry_point_packs
from sog.packs.fields import Document, Int
from sog.packs import sources
from sog.plugins.system.content_kinds import KINDS as SAILS_KINDS


def test_builtin_pack_dirs_are_content_subfolders_with_a_manifest():
    dirs = builtin_pack_dirs()
    assert all((d / "pack.yaml").is_file() for d in dirs)
    assert all(d.parent.name == "content" for d in dirs)


class FakeEntryPoint:
    def __init__(self, name: str, obj: object) -> None:
        self.name, self.value, self._obj = name, f"fake:{name}", obj

    def load(self) -> object:
        if isinstance(self._obj, Exception):
            raise self._obj
        return self._obj


def fake_entry_points(monkeypatch, *eps: FakeEntryPoint) -> None:
    monkeypatch.setattr(sources.importlib.metadata, "entry_points",
                        lambda group: list(eps) if group == "sog.packs" else [])


def test_entry_points_give_packs_from_callables_and_modules(monkeypatch):
    module = types.ModuleType("fake_pack_module")
    module.__file__ = str(ADDON / "module.py")  # a plain module: its folder is the pack
    fake_entry_points(monkeypatch, FakeEntryPoint("minipack", lambda: MINI), FakeEntryPoint("addon", module))
    found, issues = entry_point_packs()
    assert issues == []
    assert [(s.folder, s.origin) for s in found] == [(ADDON, "entry-point:addon"), (MINI, "entry-point:minipack")]
    lib = load(entry_points=True)
    assert [(p.name, p.origin) for p in lib.packs] == [("addon", "entry-point:addon"), ("mini", "entry-point:minipack")]


def test_a_broken_entry_point_is_a_problem_not_a_crash(monkeypatch):
    fake_entry_points(monkeypatch, FakeEntryPoint("broken", ImportError("no module named x")))
    found = problems(MINI, entry_points=True)
    assert [str(p) for p in found] == ["entry point broken (fake:broken): cannot load: ImportError: no module named x"]
    # validating a pack on its own ignores unrelated installed packs
    assert [p.name for p in load(MINI, entry_points=True, on_demand=True).packs] == ["mini"]


class Captain(Document):
    """A plugin kind for the test."""

    kind: Literal["admiral"] = "admiral"
    skill: Int
    ship: str


CAPTAIN_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["kind", "id", "skill", "ship"],
    "properties": {
        "kind": {"const": "admiral"}, "id": {"type": "string"}, "skill": {"type": "integer"},
        "ship": {"type": "string"}, "provenance": {"type": "object"},
    },
}


def captain_checks(doc: Captain, library) -> list:
    issues: list = []
    if not library.has("ship", doc.ship):
        issues.append(("/ship", f"no ship {doc.ship!r}"))
    if doc.skill > 5:
        issues.append("too skilled")
    return issues


def test_plugin_kinds_are_loaded_validated_and_checked(tmp_path):
    kinds = {**SAILS_KINDS, **BUILTIN_KINDS, "admiral": ContentKind("admiral", CAPTAIN_SCHEMA, Captain, "An admiral.", captain_checks)}
    pack = tmp_path / "captains"
    write(pack / "pack.yaml", "name: captains\nversion: 1.0.0\ndescription: Captains.\nrequires: [mini]\n")
    write(pack / "c.yaml", "kind: admiral\nid: nelson\nskill: 3\nship: cutter\n")
    lib = load(pack, MINI, kinds=kinds)
    assert lib.get("admiral", "nelson").skill == 3
    assert lib.kinds[-1] == "admiral"
    write(pack / "c.yaml", "kind: admiral\nid: nelson\nskill: 9\nship: sloop\n")
    found = problems(pack, MINI, kinds=kinds)
    assert [(p.line, p.pointer, p.message) for p in found] == [(1, "/", "too skilled"), (4, "/ship", "no ship 'sloop'")]
    assert problems(pack, MINI)[0].message.startswith("unknown kind 'admiral'")


def test_model_errors_are_located_when_the_schema_is_looser(tmp_path):
    loose = dict(CAPTAIN_SCHEMA, properties={**CAPTAIN_SCHEMA["properties"], "skill": {}})
    kinds = {"admiral": ContentKind("admiral", loose, Captain, "An admiral.")}
    pack = tmp_path / "captains"
    write(pack / "pack.yaml", "name: captains\nversion: 1.0.0\ndescription: Captains.\n")
    write(pack / "c.yaml", "kind: admiral\nid: nelson\nship: x\nskill: high\n")
    found = problems(pack, kinds=kinds)
    assert [(p.line, p.pointer, p.message) for p in found] == [(4, "/skill", "Input should be a valid integer")]


def test_a_plugin_kind_with_a_broken_schema_fails_loudly():
    with pytest.raises(Exception):
        ContentKind("admiral", {"type": "no-such-type"}, Captain, "An admiral.")
    with pytest.raises(ValueError):
        ContentKind("Captain", CAPTAIN_SCHEMA, Captain, "An admiral.")


def test_kinds_default_to_the_built_in_ones():
    assert set(load(MINI).kinds) == set(BUILTIN_KINDS) | set(SAILS_KINDS)
