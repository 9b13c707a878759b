"""JSON Schemas: valid draft 2020-12, documented, strict, and in agreement with the models.

For each kind, a few good and bad documents: the schema and the pydantic model must both
accept the good ones and both reject the bad ones.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Iterator

import pytest
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from packs_support import MINI
from sog.packs import BUILTIN_KINDS, load_schema
from sog.packs.models import PackManifest
from sog.plugins.system.content_kinds import KINDS as SAILS_KINDS
from sog.packs.yamlpos import load_documents

SCHEMAS = ["pack", "ship", "maneuver-deck", "counter-pool", "base", "ruler", "scenario", "ability", "captain", "crew-card", "terrain", "battery"]
#: The kinds of those schemas: the core's (counter-pool, scenario) and the Sails of Glory system's.
KINDS = {**SAILS_KINDS, **BUILTIN_KINDS}


def fixture_doc(file: str, index: int = 0) -> dict[str, Any]:
    docs, _, _ = load_documents((MINI / file).read_text())
    return docs[index].data


GOOD = {
    "pack": fixture_doc("pack.yaml"),
    "ship": fixture_doc("ships.yaml"),
    "maneuver-deck": fixture_doc("deck.yaml"),
    "counter-pool": fixture_doc("pools.yaml"),
    "base": fixture_doc("components.yaml", 0),
    "ruler": fixture_doc("components.yaml", 1),
    "scenario": fixture_doc("scenario.yaml"),
}


def edit(kind: str, change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    doc = copy.deepcopy(GOOD[kind])
    change(doc)
    return doc


def setter(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set (or with value DELETE, remove) the item at a dotted path like `cards.0.veer`."""
    def change(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        key: Any = int(last) if isinstance(node, list) else last
        if value is DELETE:
            del node[key]
        else:
            node[key] = value
    return change


DELETE = object()

EXAMPLES: list[tuple[str, str, Any, bool]] = [
    # pack
    ("pack", "as-is", None, True),
    ("pack", "no requires", ("requires", DELETE), True),
    ("pack", "upper-case name", ("name", "Mini"), False),
    ("pack", "numeric version", ("version", 1.0), False),
    ("pack", "no description", ("description", DELETE), False),
    ("pack", "unknown field", ("homepage", "x"), False),
    ("pack", "requires a string", ("requires", "mini"), False),
    ("pack", "requires 65 packs", ("requires", [f"p{i}" for i in range(65)]), False),
    # ship
    ("ship", "as-is", None, True),
    ("ship", "no optional fields", lambda d: [d.pop("rate")], True),
    ("ship", "with card and refit", lambda d: d.update(card="a-b", refit_year=1800), True),
    ("ship", "burden 0", ("burden", 0), False),
    ("ship", "burden as text", ("burden", "1"), False),
    ("ship", "year as bool", ("year", True), False),
    ("ship", "no deck", ("deck", DELETE), False),
    ("ship", "unknown field", ("speed", 3), False),
    ("ship", "rate VII", ("rate", "VII"), False),
    ("ship", "empty track", ("ship_track", []), False),
    ("ship", "box without full", ("ship_track.0.full", DELETE), False),
    ("ship", "negative actions", ("crew_track.0.actions", -1), False),
    ("ship", "empty provenance", ("provenance", {}), False),
    ("ship", "bad provenance", ("provenance.default", "guess"), False),
    ("ship", "bad id", ("id", "-x"), False),
    ("ship", "nationality capitalised", ("nationality", "British"), False),
    ("ship", "firepower 31", ("ship_track.0.full", 31), False),
    ("ship", "musketry 31", ("crew_track.0.musketry", 31), False),
    ("ship", "actions 11", ("crew_track.0.actions", 11), False),
    ("ship", "201 guns", ("guns", 201), False),
    ("ship", "crew of 2001", ("crew", 2001), False),
    ("ship", "track of 51 boxes", ("ship_track", [{"forward": 0, "full": 1, "rear": 0}] * 51), False),
    ("ship", "track of 50 boxes", ("ship_track", [{"forward": 0, "full": 1, "rear": 0}] * 50), True),
    # maneuver-deck
    ("maneuver-deck", "as-is", None, True),
    ("maneuver-deck", "broken-mast card with veer", ("cards.2.veer", 3), True),
    ("maneuver-deck", "one line only", ("cards.0.lines", {"full": {"green": [0, 1, 0], "orange": [0, 1, 0]}}), True),
    ("maneuver-deck", "normal card without veer", ("cards.0.veer", DELETE), False),
    ("maneuver-deck", "taken-aback card with masts", ("cards.1.masts", 1), False),
    ("maneuver-deck", "broken-mast card without masts", ("cards.2.masts", DELETE), False),
    ("maneuver-deck", "three masts", ("cards.2.masts", 3), False),
    ("maneuver-deck", "end of two numbers", ("cards.0.lines.full.green", [0, 1]), False),
    ("maneuver-deck", "end of four numbers", ("cards.0.lines.full.green", [0, 1, 0, 0]), False),
    ("maneuver-deck", "turn beyond 180", ("cards.0.lines.full.green", [0, 1, 181]), False),
    ("maneuver-deck", "unknown line", ("cards.0.lines.sideways", {"green": [0, 1, 0], "orange": [0, 1, 0]}), False),
    ("maneuver-deck", "red line with colours",
     ("cards.1.lines.one-sandglass", {"green": [0, 1, 0], "orange": [0, 1, 0]}), False),
    ("maneuver-deck", "grey line without colours", ("cards.2.lines.battle", [0, 1, 0]), False),
    ("maneuver-deck", "no green", ("cards.0.lines.full.green", DELETE), False),
    ("maneuver-deck", "no lines", ("cards.0.lines", {}), False),
    ("maneuver-deck", "no cards", ("cards", []), False),
    ("maneuver-deck", "unknown card kind", ("cards.0.kind", "blue"), False),
    ("maneuver-deck", "line 301 mm forward", ("cards.0.lines.full.green", [0, 301, 0]), False),
    ("maneuver-deck", "line 301 mm to port", ("cards.0.lines.full.green", [-301, 10, 0]), False),
    ("maneuver-deck", "line 300 mm back", ("cards.1.lines.two-sandglass", [0, -300, 0]), True),
    ("maneuver-deck", "101 cards", lambda d: d.update(cards=[dict(d["cards"][0], id=f"X-{i}") for i in range(101)]), False),
    # counter-pool
    ("counter-pool", "as-is", None, True),
    ("counter-pool", "value and symbol", ("counters.0.symbol", "leak"), True),
    ("counter-pool", "value 7", ("counters.0.value", 7), False),
    ("counter-pool", "value -1", ("counters.0.value", -1), False),
    ("counter-pool", "no value key", ("counters.0.value", DELETE), False),
    ("counter-pool", "symbol-only without symbol", ("counters.2.symbol", DELETE), False),
    ("counter-pool", "a symbol the system checks", ("counters.0.symbol", "gold"), True),
    ("counter-pool", "a symbol that is no name", ("counters.0.symbol", "Gold Star"), False),
    ("counter-pool", "count 0", ("counters.0.count", 0), False),
    ("counter-pool", "no counters", ("counters", []), False),
    ("counter-pool", "a billion counters", ("counters.0.count", 10**9), False),
    ("counter-pool", "ten thousand counters", ("counters", [{"value": 1, "count": 10000}]), True),
    ("counter-pool", "101 kinds of counter", ("counters", [{"value": 1, "count": 1}] * 101), False),
    # base
    ("base", "as-is", None, True),
    ("base", "with a name", ("name", "Small base"), True),
    ("base", "width 0", ("width", 0), False),
    ("base", "no rear arc", ("arcs.rear", DELETE), False),
    ("base", "extra arc", ("arcs.bow", {"dot": [0, 0], "from": 0, "to": 10}), False),
    ("base", "bearing 361", ("arcs.forward.from", 361), False),
    ("base", "unknown attitude", ("attitude.0.attitude", "sailing"), False),
    ("base", "upto 0", ("attitude.0.upto", 0), False),
    ("base", "mast of one number", ("main_mast", [1]), False),
    ("base", "mast of three numbers", ("main_mast", [1, 2, 3]), False),
    ("base", "length 501", ("length", 501), False),
    ("base", "17 attitude bands", ("attitude", [{"upto": 10 * i + 10, "attitude": "beating"} for i in range(17)]), False),
    # ruler
    ("ruler", "as-is", None, True),
    ("ruler", "with a name", ("name", "Short ruler"), True),
    ("ruler", "medium range", ("bands.0.range", "medium"), False),
    ("ruler", "negative length", ("length", -1), False),
    ("ruler", "band without pool", ("bands.0.pool", DELETE), False),
    ("ruler", "no bands", ("bands", []), False),
    ("ruler", "band from -1", ("bands.0.from", -1), False),
    ("ruler", "no musketry pool", ("musketry_pool", DELETE), False),
    ("ruler", "length 2001", ("length", 2001), False),
    ("ruler", "21 bands", lambda d: d.update(bands=[d["bands"][0]] * 21), False),
    # scenario
    ("scenario", "as-is", None, True),
    ("scenario", "minimal", lambda d: [d.pop(k) for k in ("summary", "options", "option_settings", "max_turns")], True),
    ("scenario", "victory params and settings", lambda d: d.update(
        victory={"kind": "points", "params": {"target": 10}}, option_settings={"fog": {"turns": [1, 2]}},
        provenance={"default": "rulebook p. 20"}), True),
    ("scenario", "rules \"two words\" (not an id)", ("rules", "two words"), False),
    ("scenario", "no system", ("system", DELETE), False),
    ("scenario", "setup data", ("setup", {"rocks": [{"x": 1, "y": 2, "radius": 3}]}), True),
    ("scenario", "no ruler (systems without one)", ("ruler", DELETE), True),
    ("scenario", "wind from 400", ("wind.from", 400), False),
    ("scenario", "no sides", ("sides", []), False),
    ("scenario", "side without seats", ("sides.0.seats", []), False),
    ("scenario", "ship without pose", ("ships.0.pose", DELETE), False),
    ("scenario", "zone of one number", ("ships.0.zone.x", [1]), False),
    ("scenario", "victory with unknown field", ("victory.turns", 3), False),
    ("scenario", "max_turns 0", ("max_turns", 0), False),
    ("scenario", "table width 0", ("table.width", 0), False),
    ("scenario", "heading as text", ("ships.0.pose.heading", "north"), False),
    ("scenario", "bad provenance", ("provenance", {"default": "guess"}), False),
    ("scenario", "one side", lambda d: d.update(sides=d["sides"][:1]), False),
    ("scenario", "one ship", lambda d: d.update(ships=d["ships"][:1]), False),
    ("scenario", "17 sides", lambda d: d.update(sides=[dict(d["sides"][0], id=f"s{i}") for i in range(17)]), False),
    ("scenario", "101 ships", lambda d: d.update(ships=[dict(d["ships"][0], id=f"s{i}") for i in range(101)]), False),
    ("scenario", "17 seats", ("sides.0.seats", [f"seat-{i}" for i in range(17)]), False),
    ("scenario", "65 options", ("options", [f"o{i}" for i in range(65)]), False),
    ("scenario", "65 option settings", ("option_settings", {f"o{i}": {} for i in range(65)}), False),
    ("scenario", "65 victory params", ("victory.params", {f"p{i}": 1 for i in range(65)}), False),
    ("scenario", "table 10 m wide", ("table.width", 10000), True),
    ("scenario", "table 10.001 m wide", ("table.width", 10001), False),
    ("scenario", "max_turns 1001", ("max_turns", 1001), False),
]


def model_of(kind: str) -> Any:
    return PackManifest if kind == "pack" else KINDS[kind].model


def example(kind: str, change: Any) -> dict[str, Any]:
    if change is None:
        return copy.deepcopy(GOOD[kind])
    if callable(change):
        return edit(kind, change)
    return edit(kind, setter(*change))


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_is_valid_draft_2020_12(name):
    schema = load_schema(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def _objects(node: Any, where: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object schema with `properties`, outside if/then branches."""
    if isinstance(node, dict):
        if "properties" in node:
            yield where, node
        for key, value in node.items():
            if key not in ("if", "then", "else"):
                yield from _objects(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{where}/{i}")


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_fields_are_documented_and_closed(name):
    schema = load_schema(name)
    defs = schema.get("$defs", {})
    for where, obj in _objects(schema):
        assert obj.get("additionalProperties") is False, f"{name} {where} is open"
        for field, sub in obj["properties"].items():
            target = defs.get(sub.get("$ref", "").rsplit("/", 1)[-1], {})
            assert "description" in sub or "description" in target, f"{name} {where}/{field}"


def test_built_in_kinds_use_the_bundled_schemas():
    assert list(BUILTIN_KINDS) == ["counter-pool", "scenario"]
    assert list(SAILS_KINDS) == ["ship", "maneuver-deck", "base", "ruler", "ability", "captain", "crew-card", "terrain", "battery"]
    assert sorted(KINDS) == sorted(SCHEMAS[1:])
    for name, kind in KINDS.items():
        assert kind.schema == load_schema(name)
        assert kind.schema["properties"]["kind"]["const"] == name


@pytest.mark.parametrize("kind,label,change,valid", EXAMPLES, ids=[f"{k}: {l}" for k, l, _, _ in EXAMPLES])
def test_schema_and_model_agree(kind, label, change, valid):
    doc = example(kind, change)
    schema_ok = not list(Draft202012Validator(load_schema(kind)).iter_errors(doc))
    try:
        model_of(kind).model_validate(doc)
        model_ok = True
    except ValidationError:
        model_ok = False
    assert (schema_ok, model_ok) == (valid, valid)
