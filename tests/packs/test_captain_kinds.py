"""The ability, captain and crew-card kinds: their schemas, their checks (each problem at its
file:line:col), the USS Constitution pack's cards, their points and listing columns, and
scenario ships carrying them (``attach``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from packs_support import load, problems, replace_line, write
from sog.cli.main import main
from sog.packs import ContentError, Problem, load_schema
from sog.packs.export import exported_schema
from sog.packs.playable import playable_problems
from sog.pluginmanager import content_kinds, create_catalogue
from sog.plugins.system import listing
from sog.plugins.system.content_captains import TIMINGS, Ability, Captain, CrewCard, ability_of, captain_of, crew_card_of
from sog.plugins.system.declaration import SYSTEM

KINDS = {"ability": Ability, "captain": Captain, "crew-card": CrewCard}

MANIFEST = "name: cards\nversion: 1.0.0\ndescription: Test cards.\nrequires: [starter-set]\n"
ABILITIES = """\
kind: ability
id: broadside
name: Broadside
summary: Two more counters in an artillery attack.
effect: extra-counters
params: {count: 2, attack: artillery}
uses: 1
level: basic
captain_icon: true
timing: before-combat
points: 6
provenance: {default: estimate}
---
kind: ability
id: repairs
name: Repairs
summary: One damage repaired.
effect: repair-damage
params: {count: 1}
uses: 2
level: advanced
captain_icon: false
timing: end-of-turn
points: 5
provenance: {default: estimate}
"""
CARDS = """\
kind: captain
id: jean
name: Jean Test
nationality: french
ships:
  - courageuse
  - unite
abilities:
  - broadside
points: 3
provenance: {default: estimate}
---
kind: crew-card
id: carpenters
name: Carpenters
ships:
  - courageuse
abilities:
  - repairs
points: 2
provenance: {default: estimate}
"""


def cards_pack(tmp_path: Path) -> Path:
    """A pack of two abilities, a captain and a crew card, in two files of two documents."""
    pack = tmp_path / "cards"
    write(pack / "pack.yaml", MANIFEST)
    write(pack / "abilities.yaml", ABILITIES)
    write(pack / "cards.yaml", CARDS)
    return pack


@pytest.fixture(scope="module")
def builtin():
    return load(builtin=True)


def test_the_built_in_packs_load_with_the_three_kinds(builtin):
    assert len(builtin.ids("ability")) >= 9
    assert set(builtin.ids("captain")) >= {"william-bainbridge", "isaac-hull"}
    assert set(builtin.ids("crew-card")) >= {"us-marines", "live-oak-hull", "carpenters-crew"}
    assert builtin.pack("uss-constitution").count("ability") == 9


def test_the_cards_pack_loads_and_several_documents_in_a_file_are_read(tmp_path):
    library = load(cards_pack(tmp_path), builtin=True)
    assert captain_of(library, "jean").ships == ("courageuse", "unite")
    assert crew_card_of(library, "carpenters").abilities == ("repairs",)
    assert [ability_of(library, a).uses for a in ("broadside", "repairs")] == [1, 2]
    assert library.entry("ability", "repairs").line == 14


def test_documents_carrying_schema_still_load(tmp_path):
    pack = cards_pack(tmp_path)
    for name, kind in (("abilities.yaml", "ability"), ("cards.yaml", "captain")):
        text = (pack / name).read_text(encoding="utf-8")
        (pack / name).write_text(f"$schema: https://sog.invalid/schemas/{kind}.json\n" + text, encoding="utf-8")
    library = load(pack, builtin=True)
    assert captain_of(library, "jean").name == "Jean Test"


# --- each broken document is refused at its place -------------------------------------

BROKEN = [
    ("cards.yaml", "  - broadside", "  - brodside", 5, "/abilities/0",
     "no ability with id 'brodside' is loaded (did you mean 'broadside'?)"),
    ("cards.yaml", "  - unite", "  - no-such-ship", 5, "/ships/1", "no ship with id 'no-such-ship' is loaded"),
    ("abilities.yaml", "level: advanced", "level: advnced", 1, "/level",
     "unknown rules level 'advnced' (did you mean 'advanced'?): an ability needs one of basic, standard, advanced"),
    ("abilities.yaml", "uses: 1", "uses: 3", 1, "/uses", "3 is not one of [1, 2]"),
    ("abilities.yaml", "timing: end-of-turn", "timing: end-of-game", 1, "/timing",
     f"'end-of-game' is not one of {list(TIMINGS)} (did you mean 'end-of-turn'?)"),
    ("cards.yaml", "  - unite", "  - hms-defence", 5, "/ships/1",
     "ship 'hms-defence' is british, not french like the captain: a captain commands ships of its own nationality"),
    ("cards.yaml", "  - repairs", "  - broadside", 5, "/abilities/0",
     "ability 'broadside' shows the captain icon: a crew card is not the captain, its abilities must not "
     "(a wound of the captain would take them)"),
]


@pytest.mark.parametrize("file,old,new,col,pointer,message", BROKEN, ids=[b[4] + ":" + b[2].strip() for b in BROKEN])
def test_a_broken_document_is_refused_at_its_place(tmp_path, file, old, new, col, pointer, message):
    pack = cards_pack(tmp_path)
    line = replace_line(pack / file, old, new)
    found = problems(pack, builtin=True)
    assert [str(p) for p in found] == [f"{pack / file}:{line}:{col}: {pointer}: {message}"]


def test_an_ability_listed_twice_is_refused_at_the_second(tmp_path):
    pack = cards_pack(tmp_path)
    line = replace_line(pack / "cards.yaml", "  - broadside", "  - broadside\n  - broadside")
    [problem] = problems(pack, builtin=True)
    assert str(problem) == (f"{pack / 'cards.yaml'}:{line + 1}:5: /abilities/1: "
                            "'broadside' is repeated (first at /abilities/0)")


def test_a_captain_lacking_the_icon_on_an_ability_is_allowed(tmp_path):
    """Ruling: a captain's card may carry an ability without the captain icon (a wound
    affects only "the abilities marked with the captain icon", rulebook 003)."""
    pack = cards_pack(tmp_path)
    replace_line(pack / "cards.yaml", "  - broadside", "  - broadside\n  - repairs")
    assert captain_of(load(pack, builtin=True), "jean").abilities == ("broadside", "repairs")


# --- the schemas ----------------------------------------------------------------------

@pytest.mark.parametrize("name", list(KINDS))
def test_the_schema_matches_its_model_and_follows_the_convention(name):
    schema, model = load_schema(name), KINDS[name]
    assert exported_schema(name, schema) == schema
    assert set(schema["properties"]) - {"$schema"} == set(model.model_fields)
    required = {field for field, info in model.model_fields.items() if info.is_required()}
    assert set(schema["required"]) == required | {"kind"}
    assert all("description" in prop for prop in schema["properties"].values())


def test_the_ability_schema_enums_are_the_models():
    properties = load_schema("ability")["properties"]
    assert properties["timing"]["enum"] == list(TIMINGS)
    assert properties["uses"]["enum"] == [1, 2]
    assert properties["captain_icon"]["type"] == "boolean"
    assert (properties["points"]["minimum"], properties["points"]["maximum"]) == (0, 500)


@pytest.mark.parametrize("name", list(KINDS))
def test_sog_schema_prints_and_exports_the_kind(monkeypatch, tmp_path, name):
    monkeypatch.setenv("SOG_DISABLE_PLUGIN_AUTOLOAD", "1")
    runner = CliRunner()
    printed = runner.invoke(main, ["schema", name])
    assert printed.exit_code == 0, printed.output
    assert json.loads(printed.stdout) == load_schema(name)
    result = runner.invoke(main, ["schema", "--all", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8")) == load_schema(name)


# --- the USS Constitution pack's cards ------------------------------------------------

CAPTAIN_ABILITIES = {
    "william-bainbridge": [
        ("bainbridge-concentrated-broadside", "extra-counters", {"count": 2, "attack": "artillery"}, 1, "basic", "before-combat"),
        ("bainbridge-close-action", "extra-counters", {"count": 1, "attack": "artillery", "band": "short"}, 2, "standard", "before-combat"),
        ("bainbridge-damage-control", "repair-damage", {"count": 1}, 1, "advanced", "end-of-turn"),
    ],
    "isaac-hull": [
        ("hull-wet-the-sails", "wet-sails", {}, 2, "basic", "before-movement"),
        ("hull-hold-your-fire", "extra-counters", {"count": 2, "attack": "artillery", "band": "short"}, 1, "standard", "before-combat"),
        ("hull-drilled-gun-crews", "quick-reload", {}, 1, "standard", "before-reloading"),
    ],
}
CREW_ABILITIES = {
    "us-marines": ("marines-musketry", "extra-counters", {"count": 1, "attack": "musketry"}, 2, "basic", "before-combat"),
    "live-oak-hull": ("live-oak-hull", "ignore-counters", {"count": 1}, 2, "basic", "after-fire"),
    "carpenters-crew": ("carpenters-repair", "repair-damage", {"count": 1}, 1, "advanced", "end-of-turn"),
}


def _card(ability: Ability) -> tuple:
    return (ability.id, ability.effect, dict(ability.params), ability.uses, ability.level, ability.timing)


def test_the_captains_carry_the_abilities_the_rules_play(builtin):
    for captain_id, expected in CAPTAIN_ABILITIES.items():
        captain = captain_of(builtin, captain_id)
        assert (captain.nationality, captain.ships) == ("american", ("uss-constitution",))
        abilities = [ability_of(builtin, a) for a in captain.abilities]
        assert [_card(a) for a in abilities] == expected
        assert all(a.captain_icon for a in abilities)
    bainbridge = captain_of(builtin, "william-bainbridge")
    assert (bainbridge.name, bainbridge.printed_name) == ("William Bainbridge", "William Baingridge")
    assert "Baingridge" in bainbridge.provenance["printed_name"]
    assert captain_of(builtin, "isaac-hull").printed_name is None


def test_the_crew_cards_carry_abilities_without_the_captain_icon(builtin):
    for card_id, expected in CREW_ABILITIES.items():
        card = crew_card_of(builtin, card_id)
        assert card.ships == ("uss-constitution",)
        [ability] = [ability_of(builtin, a) for a in card.abilities]
        assert _card(ability) == expected and not ability.captain_icon


def test_every_card_says_where_its_figures_come_from(builtin):
    for kind in KINDS:
        for doc_id in builtin.pack("uss-constitution").documents.get(kind, ()):
            doc = builtin.get(kind, doc_id)
            assert doc.provenance["default"].startswith("estimate"), doc_id
            if kind == "ability":
                assert doc.summary.endswith(".") and 3 <= doc.points / doc.uses <= 8, doc_id


def test_points_are_the_cards_own_plus_its_abilities(builtin):
    assert SYSTEM.points is listing.points and SYSTEM.describe is listing.describe
    assert SYSTEM.points(builtin, "captain", captain_of(builtin, "william-bainbridge")) == 3 + 6 + 8 + 5
    assert SYSTEM.points(builtin, "captain", captain_of(builtin, "isaac-hull")) == 4 + 6 + 6 + 7
    assert SYSTEM.points(builtin, "crew-card", crew_card_of(builtin, "live-oak-hull")) == 3 + 8
    ship = builtin.get("ship", "uss-constitution")
    assert SYSTEM.points(builtin, "ship", ship) == getattr(ship, "points", None)
    assert SYSTEM.points(builtin, "ability", ability_of(builtin, "live-oak-hull")) is None


def test_describe_gives_json_columns_for_captains_crew_cards_and_ships(builtin):
    hull = SYSTEM.describe(builtin, "captain", captain_of(builtin, "isaac-hull"))
    assert hull == {
        "nationality": "american", "ships": ["uss-constitution"], "points": 23,
        "abilities": [
            {"id": "hull-wet-the-sails", "name": "Wet the Sails", "uses": 2, "level": "basic", "captain_icon": True,
             "timing": "before-movement", "effect": "wet-sails", "points": 6},
            {"id": "hull-hold-your-fire", "name": "Hold Your Fire", "uses": 1, "level": "standard",
             "captain_icon": True, "timing": "before-combat", "effect": "extra-counters", "points": 6},
            {"id": "hull-drilled-gun-crews", "name": "Drilled Gun Crews", "uses": 1, "level": "standard",
             "captain_icon": True, "timing": "before-reloading", "effect": "quick-reload", "points": 7},
        ],
    }
    bainbridge = SYSTEM.describe(builtin, "captain", captain_of(builtin, "william-bainbridge"))
    assert bainbridge["printed_name"] == "William Baingridge" and bainbridge["points"] == 22
    assert [a["id"] for a in bainbridge["abilities"]] == [a[0] for a in CAPTAIN_ABILITIES["william-bainbridge"]]
    marines = SYSTEM.describe(builtin, "crew-card", crew_card_of(builtin, "us-marines"))
    assert set(marines) == {"ships", "abilities", "points"} and marines["points"] == 2 + 6
    ship = builtin.get("ship", "uss-constitution")
    columns = SYSTEM.describe(builtin, "ship", ship)
    assert columns["nationality"] == "american" and columns["ship_boxes"] == len(ship.ship_track)
    assert set(columns) == {"nationality", "class_name", "year", "burden", "deck", "ship_boxes", "crew_boxes", "points"}
    assert SYSTEM.describe(builtin, "ability", ability_of(builtin, "live-oak-hull")) == {}
    for columns in (hull, bainbridge, marines, SYSTEM.describe(builtin, "ship", ship)):
        assert json.loads(json.dumps(columns)) == columns


# --- scenario ships carrying captains and crew cards ----------------------------------

SCENARIO = """\
kind: scenario
id: constitution-duel
name: Constitution Duel
summary: The USS Constitution against a British frigate.
system: sails-of-glory
table: {width: 900, height: 900}
ruler: standard
rules: basic
wind: {from: 90}
sides:
  - {id: american, name: American, seats: [american]}
  - {id: british, name: British, seats: [british]}
ships:
  - id: constitution
    ship: uss-constitution
    side: american
    seat: american
    pose: {x: 450, y: 850, heading: 180}
    attach:
      captain: [isaac-hull]
      crew-card: [us-marines, live-oak-hull]
  - id: guerriere
    ship: hms-terpsichore
    side: british
    seat: british
    pose: {x: 450, y: 50, heading: 0}
victory: {kind: last-side-standing}
provenance: {default: estimate}
"""


def duel_pack(tmp_path: Path) -> Path:
    pack = tmp_path / "duel"
    write(pack / "pack.yaml", "name: duel\nversion: 1.0.0\ndescription: A duel.\nrequires: [starter-set, uss-constitution]\n")
    write(pack / "duel.yaml", SCENARIO)
    return pack


def validate(pack: Path) -> list[Problem]:
    """The problems `sog validate` reports for `pack` (with the playability checks)."""
    catalogue = create_catalogue(entry_point_plugins=False)
    try:
        load(pack, builtin=True, kinds=content_kinds(catalogue),
             checks=[lambda library: playable_problems(library, catalogue)])
    except ContentError as error:
        return list(error.problems)
    return []


def test_a_ship_carrying_a_captain_and_crew_cards_validates(tmp_path):
    pack = duel_pack(tmp_path)
    assert validate(pack) == []
    entry = load(pack, builtin=True).scenario("constitution-duel").ships[0]
    assert dict(entry.attach) == {"captain": ("isaac-hull",), "crew-card": ("us-marines", "live-oak-hull")}


@pytest.mark.parametrize("old,new,pointer,message", [
    ("      captain: [isaac-hull]", "      captain: [isaac-hull, william-bainbridge]", "/ships/0/attach/captain",
     "a ship carries at most 1 captain, not 2"),
    ("      captain: [isaac-hull]", "      admiral: [isaac-hull]", "/ships/0/attach/admiral",
     "a sails-of-glory ship cannot carry a 'admiral' (it can carry: captain, crew-card)"),
    ("      captain: [isaac-hull]", "      captain: [isaac-hul]", "/ships/0/attach/captain/0",
     "no captain with id 'isaac-hul' is loaded (did you mean 'isaac-hull'?)"),
])
def test_a_ship_carrying_what_it_cannot_is_refused_at_its_place(tmp_path, old, new, pointer, message):
    pack = duel_pack(tmp_path)
    line = replace_line(pack / "duel.yaml", old, new)
    assert [(Path(p.file).name, p.line, p.pointer, p.message) for p in validate(pack)] == [
        ("duel.yaml", line, pointer, message)]


def test_a_captain_of_another_ship_or_a_crew_card_of_another_ship_is_refused_at_its_place(tmp_path):
    pack = duel_pack(tmp_path)
    path = pack / "duel.yaml"
    path.write_text(path.read_text().replace("    ship: uss-constitution\n", "    ship: hms-meleager\n"))
    problems = [(p.pointer, p.message) for p in validate(pack)]
    assert ("/ships/0/attach/captain/0", "captain 'isaac-hull' commands only uss-constitution") in problems
    assert ("/ships/0/attach/crew-card/0", "crew card 'us-marines' is for uss-constitution only") in problems
