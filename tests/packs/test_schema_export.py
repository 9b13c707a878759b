"""The schemas as editors see them: one `$id` convention, exported files that resolve among
themselves, documents carrying `$schema` or the yaml-language-server comment, and the
exported schemas judging the built-in packs' files document by document as the loader does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest
from jsonschema import Draft202012Validator
from pydantic import BaseModel, ConfigDict

from packs_support import MINI, copy_pack, load, located, problems, write
from sog import hookimpl
from sog.errors import PluginError
from sog.packs import BUILTIN_KINDS, ContentKind, builtin_pack_dirs, load_schema
from sog.packs.export import (
    FILE_SCHEMAS, SCHEMA_BASE, all_schemas, exported_schema, schema_id, schema_registry, write_schemas,
)
from sog.packs.yamlpos import load_documents
from sog.pluginmanager import content_kinds, create_catalogue
from sog.plugins.system.content_kinds import KINDS as SAILS_KINDS
from sog.savefile import dump_game
from sog.setup import new_game

BUNDLED = ["pack", "ship", "maneuver-deck", "base", "ruler", "ability", "captain", "crew-card", "terrain", "battery", "counter-pool", "scenario",
           "log", "save"]
STARTER = next(folder for folder in builtin_pack_dirs() if folder.name == "starter-set")


class Flag(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    id: str


def flag_kind(name: str = "flag", schema_id_: str | None = None) -> ContentKind:
    """A plugin's kind whose schema has no `$id` (or the one given) and no `$schema` property."""
    schema: dict[str, Any] = {
        "type": "object", "required": ["kind", "id"], "additionalProperties": False,
        "properties": {"kind": {"const": name}, "id": {"type": "string"}},
    }
    if schema_id_:
        schema["$id"] = schema_id_
    return ContentKind(name, schema, Flag, "A flag.")


@pytest.fixture(scope="module")
def schemas() -> dict[str, dict[str, Any]]:
    return all_schemas({**SAILS_KINDS, **BUILTIN_KINDS, "flag": flag_kind(schema_id_="urn:flags:flag")})


def refs(node: Any) -> Iterator[str]:
    """Every `$ref` in a schema."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


# --- the $id convention -------------------------------------------------------------

def test_every_schema_has_the_https_id_named_after_its_file(schemas):
    assert list(schemas) == ["pack", "ship", "maneuver-deck", "base", "ruler", "ability", "captain", "crew-card", "terrain", "battery",
                             "counter-pool", "scenario", "flag", "log", "save"]
    for name, schema in schemas.items():
        assert schema["$id"] == f"https://sog.invalid/schemas/{name}.json" == schema_id(name)
        assert schema["$id"].rsplit("/", 1)[-1] == f"{name}.json"
        Draft202012Validator.check_schema(schema)


def test_the_bundled_schemas_already_follow_the_convention_and_export_unchanged():
    for name in BUNDLED:
        schema = load_schema(name)
        assert schema["$id"] == SCHEMA_BASE + f"{name}.json"
        assert exported_schema(name, schema, content=name not in FILE_SCHEMAS) == schema


def test_a_plugin_schema_gets_the_id_and_the_editor_key_and_its_original_is_unchanged():
    kind = flag_kind(schema_id_="urn:flags:flag")
    exported = exported_schema("flag", kind.schema)
    assert exported["$id"] == "https://sog.invalid/schemas/flag.json"
    assert exported["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert exported["properties"]["$schema"]["type"] == "string"
    assert kind.schema["$id"] == "urn:flags:flag" and "$schema" not in kind.schema["properties"]


def test_the_log_and_save_schemas_take_no_editor_key(schemas):
    assert "properties" not in schemas["log"]
    assert "$schema" not in schemas["save"]["properties"]


def test_a_kind_named_like_a_file_schema_is_refused():
    with pytest.raises(ValueError, match="'log' is named like the schema of a file"):
        all_schemas({"log": flag_kind("log")})

    class Provider:
        @hookimpl
        def sog_content_kinds(self):
            return [flag_kind("save")]

    catalogue = create_catalogue(entry_point_plugins=False, extra=[Provider()])
    with pytest.raises(PluginError, match="declares content kind 'save', the name of the schema of a file"):
        content_kinds(catalogue)


def test_the_kinds_game_systems_declare_are_exported_with_the_cores():
    names = list(all_schemas(content_kinds(create_catalogue(entry_point_plugins=False))))
    assert {"ship", "maneuver-deck", "base", "ruler"} <= set(names)
    assert names[0] == "pack" and names[-2:] == ["log", "save"]


# --- references resolve among the exported schemas ----------------------------------

def test_every_reference_resolves_among_the_exported_schemas_alone(schemas):
    registry = schema_registry(schemas)
    for name, schema in schemas.items():
        here = registry.resolver(base_uri=schema["$id"])
        for ref in refs(schema):
            assert here.lookup(ref).contents is not None, f"{name}: {ref}"
    assert "log.json#/$defs/header" in set(refs(schemas["save"]))


def test_a_save_file_and_its_log_lines_validate_with_the_files_written(tmp_path):
    game = new_game("enemy-in-sight", seed=3)
    game.advance(max_turns=1)
    kinds = content_kinds(create_catalogue(entry_point_plugins=False))
    paths = write_schemas(all_schemas(kinds), tmp_path / "schemas")
    on_disk = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in paths}
    assert sorted(p.name for p in (tmp_path / "schemas").iterdir()) == sorted(f"{n}.json" for n in on_disk)
    registry = schema_registry(on_disk)
    save = Draft202012Validator(on_disk["save"], registry=registry)
    log = Draft202012Validator(on_disk["log"], registry=registry)
    data = json.loads(json.dumps(dump_game(game)))
    assert list(save.iter_errors(data)) == []
    lines = [json.loads(line) for line in game.log.to_jsonl().splitlines()]
    assert len(lines) > 2 and all(not list(log.iter_errors(line)) for line in lines)
    data["header"]["seed"] = -1
    assert [e.validator for e in save.iter_errors(data)] == ["minimum"]


# --- the exported schemas judge files as the loader does ----------------------------

def starter_documents() -> Iterator[tuple[str, int, dict[str, Any]]]:
    for file in sorted(STARTER.rglob("*.yaml")):
        if file.name == "pack.yaml":
            continue
        docs, issues, syntax = load_documents(file.read_text(encoding="utf-8"))
        assert not issues and syntax is None
        for doc in docs:
            yield str(file.relative_to(STARTER)), doc.index, doc.data


def test_the_exported_schemas_accept_every_document_of_the_starter_set_files(schemas):
    registry = schema_registry(schemas)
    seen: dict[str, int] = {}
    multi = set()
    for file, index, data in starter_documents():
        validator = Draft202012Validator(schemas[data["kind"]], registry=registry)
        assert list(validator.iter_errors(data)) == [], f"{file} document {index}"
        assert list(validator.iter_errors({"$schema": "../ship.json", **data})) == []
        seen[data["kind"]] = seen.get(data["kind"], 0) + 1
        if index > 0:
            multi.add(file)
    assert multi, "some starter-set file holds several documents"
    assert set(seen) == {"ship", "maneuver-deck", "base", "ruler", "counter-pool", "scenario", "terrain"}
    manifest = load_documents((STARTER / "pack.yaml").read_text())[0][0].data
    assert list(Draft202012Validator(schemas["pack"]).iter_errors(manifest)) == []


def test_a_mistake_in_a_later_document_is_rejected_by_the_exported_schema_and_by_the_loader(tmp_path, schemas):
    pack = copy_pack(tmp_path, STARTER)
    file = pack / "ships" / "courageuse-unite.yaml"
    docs, _, _ = load_documents(file.read_text(encoding="utf-8"))
    assert len(docs) == 2
    text = file.read_text(encoding="utf-8")
    head, sep, tail = text.partition("\n---\n")
    file.write_text(head + sep + tail.replace("\nburden: ", "\nburden: heavy #", 1), encoding="utf-8")
    data = load_documents(file.read_text(encoding="utf-8"))[0][1].data
    errors = list(Draft202012Validator(schemas["ship"], registry=schema_registry(schemas)).iter_errors(data))
    assert [list(e.absolute_path) for e in errors] == [["burden"]]
    assert [(p.pointer, Path(p.file).name) for p in problems(pack)] == [("/burden", "courageuse-unite.yaml")]


# --- documents carrying $schema, files opening with the editor's comment --------------

MODELINE = "# yaml-language-server: $schema=../schemas/ship.json\n"


def test_documents_with_a_schema_key_and_the_editor_comment_load_as_without(tmp_path):
    plain = load(MINI)
    pack = copy_pack(tmp_path)
    for file in pack.glob("*.yaml"):
        text = file.read_text(encoding="utf-8")
        docs = [part for part in text.split("\n---\n")]
        marked = [f"$schema: https://sog.invalid/schemas/x.json\n{doc.lstrip(chr(10))}" for doc in docs]
        file.write_text(MODELINE + "\n---\n".join(marked), encoding="utf-8")
    assert "$schema: " in (pack / "pack.yaml").read_text()
    marked_library = load(pack)
    for kind in plain.kinds:
        assert [marked_library.get(kind, i) for i in plain.ids(kind)] == [plain.get(kind, i) for i in plain.ids(kind)]
    assert [p.name for p in marked_library.packs] == ["mini"]


@pytest.mark.parametrize("layout", ["comment, then ---", "comment on the first document", "--- before every document"])
def test_the_editor_comment_leaves_every_document_of_a_file_read(tmp_path, layout):
    pack = copy_pack(tmp_path)
    docs = (pack / "components.yaml").read_text(encoding="utf-8").split("\n---\n")
    assert len(docs) == 2
    body = {
        "comment, then ---": MODELINE + "---\n" + "\n---\n".join(docs),
        "comment on the first document": MODELINE + "\n---\n".join(docs),
        "--- before every document": "".join(MODELINE + "---\n" + doc.strip("\n") + "\n" for doc in docs),
    }[layout]
    (pack / "components.yaml").write_text(body, encoding="utf-8")
    loaded, plain = load(pack), load(MINI)
    assert (loaded.ids("base"), loaded.ids("ruler")) == (plain.ids("base"), plain.ids("ruler"))
    assert [loaded.get("ruler", i) for i in loaded.ids("ruler")] == [plain.get("ruler", i) for i in plain.ids("ruler")]


def test_a_schema_key_that_is_not_a_string_is_reported_where_it_is(tmp_path):
    pack = copy_pack(tmp_path)
    text = (pack / "ships.yaml").read_text(encoding="utf-8")
    (pack / "ships.yaml").write_text("$schema: 7\n" + text, encoding="utf-8")
    found = problems(pack)
    assert located(found) == [("ships.yaml", 1, "/$schema")]
    assert "$schema must be a string" in found[0].message


def test_a_manifest_with_a_schema_key_loads(tmp_path):
    pack = copy_pack(tmp_path)
    manifest = pack / "pack.yaml"
    write(manifest, "$schema: ../schemas/pack.json\n" + manifest.read_text(encoding="utf-8"))
    assert [p.name for p in load(pack).packs] == ["mini"]
