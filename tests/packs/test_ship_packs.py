"""The built-in ship packs (rulebook p. 60, the Sitting Ducks ships of p. 57, the USS
Constitution special pack), points values, and a ship's overrides of cards of its deck.

The figures of these ships are estimates except what the rule text states (names,
nationality, type and year on p. 60): the tests check what is stated, what the estimates
promise (plausible ranges, smooth tracks, one deck per class, no copied deck), and how a
ship's ``deck_overrides`` replace cards for that ship only, in play and in `sog validate`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from packs_support import write
from sog import testing
from sog.cli.content_cmds import validate
from sog.packs import load_library, load_schema
from sog.packs.playable import playable_problems
from sog.plugins.system import bench as sails_bench
from sog.plugins.system.content_models import Ship, deck_of, scenario_decks, ship_deck, ship_of
from sog.setup import new_game

#: The p. 60 list: pack -> (ship id, name, year), (ship id, name, year); nationality, type.
P60 = {
    "sgn101a": ((("hms-concorde", "HMS Concorde", 1783), ("hms-unite", "HMS Unite", 1796)), "british", "frigate"),
    "sgn101b": ((("hermione", "Hermione", 1779), ("l-inconstante", "L'Inconstante", 1786)), "french", "frigate"),
    "sgn102a": ((("hms-impetueux", "HMS Impetueux", 1796), ("hms-spartiate", "HMS Spartiate", 1798)),
                "british", "ship of the line"),
    "sgn102b": ((("commerce-de-bordeaux", "Commerce de Bordeaux", 1785), ("duguay-trouin", "Duguay-Trouin", 1788)),
                "french", "ship of the line"),
    "sgn103a": ((("embuscade", "Embuscade", 1798), ("le-succes", "Le Succès", 1801)), "french", "frigate"),
    "sgn103b": ((("hms-cleopatra", "HMS Cleopatra", 1779), ("hms-iphigenia", "HMS Iphigenia", 1780)),
                "british", "frigate"),
    "sgn104a": ((("le-berwick", "Le Berwick", 1795), ("le-swiftsure", "Le Swiftsure", 1801)),
                "french", "ship of the line"),
    "sgn104b": ((("hms-bellona", "HMS Bellona", 1760), ("hms-goliath", "HMS Goliath", 1781)),
                "british", "ship of the line"),
}
SHIP_PACKS = (*P60, "sitting-ducks-ships", "uss-constitution")
STARTER_FRIGATES = ("courageuse", "unite", "hms-terpsichore", "hms-meleager")


@pytest.fixture(scope="module")
def ships(library) -> dict[str, Ship]:
    return {s.id: s for s in library.all("ship")}


def _type(ship: Ship) -> str:
    return "ship of the line" if ship.class_name.endswith("ship of the line") else "frigate"


# --- the packs load, validate and are playable ------------------------------------------------

def test_every_built_in_pack_loads_and_its_scenarios_are_playable(library, catalogue):
    names = {p.name for p in library.packs}
    assert {"starter-set", *SHIP_PACKS} <= names
    assert playable_problems(library, catalogue) == []
    for name in SHIP_PACKS:
        info = library.pack(name)
        assert info.version == "1.0.0" and info.requires == ("starter-set",), name
        assert info.count("ship") >= 1


def test_sog_validate_passes_on_the_built_in_content_folder():
    from sog.packs import builtin_pack_dirs

    folder = builtin_pack_dirs()[0].parent
    result = CliRunner().invoke(validate, [str(folder)])
    assert result.exit_code == 0, result.stderr
    oks = {line.split()[1] for line in result.stdout.splitlines() if line.startswith("ok  ")}
    assert {"starter-set", *SHIP_PACKS} <= oks


# --- what the rule text states ----------------------------------------------------------------

@pytest.mark.parametrize("pack", sorted(P60))
def test_the_p60_ships_have_the_rulebooks_names_years_nationality_and_type(library, pack):
    pair, nationality, kind = P60[pack]
    info = library.pack(pack)
    assert info.documents["ship"] == tuple(ship_id for ship_id, _, _ in pair)
    assert info.requires == ("starter-set",)
    assert all(name in info.description for _, name, _ in pair)
    cards = set()
    for ship_id, name, year in pair:
        ship = ship_of(library, ship_id)
        assert (ship.name, ship.year, ship.nationality, _type(ship)) == (name, year, nationality, kind)
        for field in ("name", "nationality", "year", "type"):
            assert ship.provenance[field].startswith("rulebook p. 60"), (ship_id, field)
        assert ship.provenance["class_name"].startswith("estimate")
        assert ship.provenance.get("guns", ship.provenance["default"]).startswith("estimate")
        cards.add(ship.card)
    assert len(cards) == 1 and None not in cards  # the two sides of one card


def test_the_lost_t_of_duguay_trouin_is_said_in_her_provenance(library):
    ship = ship_of(library, "duguay-trouin")
    assert ship.name == "Duguay-Trouin"
    assert "Duguay–rouin" in ship.provenance["name"]


def test_the_sitting_ducks_ships_are_a_74_and_a_32_gun_frigate(library):
    bellerophon, juno = ship_of(library, "hms-bellerophon"), ship_of(library, "hms-juno")
    assert (bellerophon.guns, bellerophon.deck, bellerophon.year, _type(bellerophon)) == (74, "D", 1786, "ship of the line")
    assert "Arrogant" in bellerophon.class_name
    assert (juno.guns, juno.deck, _type(juno)) == (32, "B", "frigate")
    for ship in (bellerophon, juno):
        assert ship.nationality == "british"
        assert ship.provenance["name"] == "rulebook p. 57"
        assert library.entry("ship", ship.id).pack == "sitting-ducks-ships"


def test_the_constitution_is_a_heavy_frigate_of_the_fan_sources_size(library, ships):
    ship = ships["uss-constitution"]
    assert (ship.nationality, ship.year, ship.guns, ship.deck) == ("american", 1797, 44, "B")
    assert (ship.burden, len(ship.ship_track), len(ship.crew_track)) == (5, 9, 9)
    for field in ("burden", "ship_track", "crew_track"):
        assert "fan source" in ship.provenance[field]
    assert library.entry("ship", ship.id).pack == "uss-constitution"
    assert ship.ship_track[0].full > max(ships[f].ship_track[0].full for f in STARTER_FRIGATES)


# --- what the estimates promise ---------------------------------------------------------------

def test_the_british_unite_and_the_french_unite_are_two_ships(ships):
    assert (ships["unite"].name, ships["unite"].nationality) == ("Unité", "french")
    assert (ships["hms-unite"].name, ships["hms-unite"].nationality) == ("HMS Unite", "british")


@pytest.mark.parametrize("pack", [*P60, "sitting-ducks-ships"])
def test_pack_ships_are_plausible_frigates_and_74s(library, ships, pack):
    for ship_id in library.pack(pack).documents["ship"]:
        ship = ships[ship_id]
        if _type(ship) == "frigate":
            assert 2 <= ship.burden <= 3 and 8 <= len(ship.ship_track) <= 10 and 32 <= ship.guns <= 40, ship_id
            assert ship.rate == "V"
        else:
            assert ship.burden == 5 and 11 <= len(ship.ship_track) <= 13 and ship.guns == 74, ship_id
            assert ship.rate == "III"


@pytest.mark.parametrize("pack", SHIP_PACKS)
def test_tracks_decline_to_the_right_and_every_box_has_actions(library, ships, pack):
    for ship_id in library.pack(pack).documents["ship"]:
        ship = ships[ship_id]
        for name, track, fields in (("ship", ship.ship_track, ("forward", "full", "rear", "actions")),
                                    ("crew", ship.crew_track, ("musketry", "actions"))):
            assert all(box.actions is not None for box in track), (ship_id, name)
            for field in fields:
                values = [getattr(box, field) for box in track]
                assert values == sorted(values, reverse=True), (ship_id, name, field, values)
                assert values[-1] >= 0 and values[0] > 0


def test_every_ship_has_points_in_the_range_of_its_type(ships):
    ranges = {"frigate": (20, 35), "ship of the line": (45, 60)}
    for ship in ships.values():
        assert ship.points is not None, ship.id
        assert ship.provenance["points"].startswith("estimate (ruling R18"), ship.id
        low, high = (45, 55) if ship.id == "uss-constitution" else ranges[_type(ship)]
        assert low <= ship.points <= high, (ship.id, ship.points)


def test_the_starter_ships_points_follow_their_firepower(ships):
    assert ships["courageuse"].points > ships["unite"].points
    assert ships["hms-defence"].points > ships["hms-vanguard"].points
    assert min(ships[s].points for s in ("hms-defence", "genereux")) > max(ships[s].points for s in STARTER_FRIGATES)


def test_ships_of_one_class_share_one_deck(ships):
    decks: dict[str, set[str]] = {}
    for ship in ships.values():
        decks.setdefault(ship.class_name, set()).add(ship.deck)
    assert {name: d for name, d in decks.items() if len(d) > 1} == {}
    # a ship of a French class in British service keeps her class's deck, and the other way round
    assert {s: ships[s].deck for s in ("hms-concorde", "hms-unite", "hms-impetueux", "embuscade", "le-berwick")} == {
        "hms-concorde": "A", "hms-unite": "A", "hms-impetueux": "C", "embuscade": "B", "le-berwick": "D"}
    assert decks["Concorde class frigate"] == {ships["courageuse"].deck}
    assert decks["Téméraire class ship of the line"] == {ships["genereux"].deck}
    assert decks["Bellona class ship of the line"] == {ships["hms-defence"].deck}
    assert decks["Amazon class frigate"] == {ships["hms-terpsichore"].deck}


def test_only_the_starter_set_defines_maneuver_decks(library):
    assert {p.name: p.count("maneuver-deck") for p in library.packs if p.count("maneuver-deck")} == {"starter-set": 4}
    for name in SHIP_PACKS:
        assert library.pack(name).count("maneuver-deck") == 0


def test_the_ship_schema_reuses_the_maneuver_decks_card_definitions():
    ship, deck = load_schema("ship"), load_schema("maneuver-deck")
    assert ship["properties"]["deck_overrides"]["items"] == {"$ref": "#/$defs/card"}
    for name in ("card", "sailLines", "sandglassLines", "pair", "end", "id", "provenance"):
        assert ship["$defs"][name] == deck["$defs"][name], name


# --- overrides: the deck as a ship plays it ---------------------------------------------------

def test_an_override_replaces_exactly_its_card(library):
    constitution = ship_of(library, "uss-constitution")
    deck = deck_of(library, "B")
    played = ship_deck(library, constitution)
    overridden = {card.id: card for card in constitution.deck_overrides}
    assert set(overridden) == {"B-1", "B-2"}
    assert played.id == deck.id == "B" and played.ship is constitution and deck.ship is None
    assert [c.id for c in played.cards] == [c.id for c in deck.cards]
    for card, original in zip(played.cards, deck.cards):
        assert card is (overridden[card.id] if card.id in overridden else original)
    assert played.card("B-1").end("full", "green") == (0, 44.5, 0)
    assert deck.card("B-1").end("full", "green") == (0, 48, 0)  # the deck document is unchanged
    assert played.card("B-1").end("battle", "green") == deck.card("B-1").end("battle", "green")
    assert ship_deck(library, constitution) is played  # built once
    terpsichore = ship_of(library, "hms-terpsichore")
    assert ship_deck(library, terpsichore) is deck  # no override: the deck document itself


def _pack(tmp_path: Path, ship_text: str, scenario: str = "") -> Path:
    pack = tmp_path / "heavy"
    write(pack / "pack.yaml", "name: heavy\nversion: 1.0.0\ndescription: A ship with cards of its own.\n"
                              "requires: [starter-set]\n")
    write(pack / "ships.yaml", ship_text)
    if scenario:
        write(pack / "scenario.yaml", scenario)
    return pack


def _ship(overrides: str, ship_id: str = "heavy-frigate") -> str:
    return (f"kind: ship\nid: {ship_id}\nname: Heavy Frigate\nnationality: american\nyear: 1800\n"
            "class_name: Heavy frigate\nburden: 4\nveer: 5\ndeck: B\nbase: standard\nguns: 44\ncrew: 400\n"
            "points: 40\n"
            "ship_track:\n  - {forward: 2, full: 4, rear: 2, actions: 3}\n"
            "crew_track:\n  - {musketry: 2, actions: 3}\n"
            f"deck_overrides:\n{overrides}"
            "provenance: {default: estimate}\n")


GOOD_CARD = """  - id: B-1
    kind: normal
    veer: 5
    lines:
      full:    {green: [0, 40, 0], orange: [0, 26, 0]}
      battle:  {green: [0, 30, 0], orange: [0, 19, 0]}
      backing: {green: [0, 16, 0], orange: [0, 10, 0]}
"""


def _where(path: Path, text: str, needle: str) -> str:
    """`file:line:col` of `needle`, which occurs once in `text` (the file's contents)."""
    lines = text.split("\n")
    [(number, col)] = [(i + 1, line.index(needle) + 1) for i, line in enumerate(lines) if needle in line]
    return f"{path}:{number}:{col}"


def test_bad_overrides_are_sog_validate_problems_at_their_place(tmp_path):
    overrides = (GOOD_CARD
                 + GOOD_CARD.replace("id: B-1", "id: B-1O")  # no such card (a letter O)
                 + GOOD_CARD.replace("id: B-1", "id: B-19")  # B-19 is a red card
                 + GOOD_CARD)                                # B-1 twice
    text = _ship(overrides)
    pack = _pack(tmp_path, text)
    result = CliRunner().invoke(validate, [str(pack)])
    assert result.exit_code == 1
    ship_file = pack / "ships.yaml"
    lines = text.split("\n")
    ids = [i + 1 for i, line in enumerate(lines) if line.startswith("  - id: ")]
    kinds = [i + 1 for i, line in enumerate(lines) if line.startswith("    kind: ")]
    assert result.stderr.splitlines() == [  # each at its key, in file order
        f"{_where(ship_file, text, 'id: B-1O')}: /deck_overrides/1/id: deck 'B' has no card 'B-1O' to override "
        "(did you mean 'B-1' or 'B-21' or 'B-19'?): an override replaces a card of the ship's deck "
        "(29 cards: B-1, B-2, B-3, B-4, B-5, ..., B-29)",
        f"{ship_file}:{kinds[2]}:5: /deck_overrides/2/kind: card 'B-19' of deck 'B' is a taken-aback card: "
        "its override must be one too, not a normal card",
        f"{ship_file}:{ids[3]}:5: /deck_overrides/3/id: 'B-1' is repeated (first at /deck_overrides/0/id)",
    ]


def test_a_good_override_validates(tmp_path):
    pack = _pack(tmp_path, _ship(GOOD_CARD))
    result = CliRunner().invoke(validate, [str(pack)])
    assert (result.exit_code, result.stderr) == (0, "")
    assert "ok  heavy 1.0.0: 1 ship" in result.stdout.splitlines()


def _scenario(ship: str, level: str = "basic") -> str:
    """Enemy in Sight! with `ship` in HMS Terpsichore's place."""
    from sog.packs import builtin_pack_dirs

    starter = next(d for d in builtin_pack_dirs() if d.name == "starter-set")
    text = (starter / "scenarios" / "enemy-in-sight.yaml").read_text(encoding="utf-8")
    return (text.replace("id: enemy-in-sight", f"id: trial-{level}").replace("rules: basic", f"rules: {level}")
            .replace("ship: hms-terpsichore", f"ship: {ship}"))


def test_sog_validate_checks_the_deck_as_the_ship_plays_it(tmp_path):
    no_battle_line = GOOD_CARD.replace("      battle:  {green: [0, 30, 0], orange: [0, 19, 0]}\n", "")
    text = _ship(no_battle_line)
    pack = _pack(tmp_path, text, _scenario("heavy-frigate"))
    result = CliRunner().invoke(validate, [str(pack)])
    assert result.exit_code == 1
    where = _where(pack / "ships.yaml", text, "lines:")
    assert result.stderr.splitlines() == [
        f"{where}: /deck_overrides/0/lines: card 'B-1' has no 'battle' line, which the movement rule moves a "
        "normal card on (for scenario 'trial-basic' at basic rules)"]


def test_a_deck_wide_need_the_overrides_break_is_reported_at_the_ships_overrides(tmp_path):
    turning = GOOD_CARD.replace("[0, 40, 0]", "[5, 40, 10]")  # B-1 and B-2, deck B's straight cards, turn
    text = _ship(turning + turning.replace("id: B-1", "id: B-2"))
    pack = _pack(tmp_path, text, _scenario("heavy-frigate", "standard"))
    result = CliRunner().invoke(validate, [str(pack)])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{_where(pack / 'ships.yaml', text, 'deck_overrides:')}: /deck_overrides: deck 'B' has no straight card "
        "(normal, veer 5, no turn or sideways move on any line), which the veer rule plays in place of an illegal "
        "card (deck 'B' as ship 'heavy-frigate' plays it, with its overrides) (for scenario 'trial-standard' at "
        "standard rules)"]


def test_a_scenario_gives_the_playability_checks_each_ships_deck_as_it_plays_it(tmp_path, catalogue):
    pack = _pack(tmp_path, _ship(GOOD_CARD), _scenario("heavy-frigate"))
    library = load_library([pack])
    scenario = library.scenario("trial-basic")
    decks = scenario_decks(library, scenario)
    assert [d.id for d in decks] == ["B", "D", "A", "C"]
    assert decks[0].ship is ship_of(library, "heavy-frigate") and decks[0].card("B-1").end("battle", "green") == (0, 30, 0)
    assert [d.ship for d in decks[1:]] == [None, None, None]


# --- a game plays the overridden card ---------------------------------------------------------

class TrialBench(testing.Bench):
    """Advanced rules, full sails, nothing but moving."""

    defaults = {**sails_bench.DEFAULTS, "sails": lambda r: "full", "action": lambda r: None,
                "repair": lambda r: r.choices[0]}


def test_the_constitution_sails_her_own_full_sails_line_and_a_sister_on_deck_b_the_decks(tmp_path, catalogue):
    """HMS Terpsichore's place goes to the USS Constitution; HMS Defence's to a second ship on
    deck B without overrides (HMS Meleager). Both sail north at full sails with the wind from
    the east (reaching: green), both on card B-1: the Constitution ends 44.5 mm beyond her bow
    (her override), HMS Meleager 48 mm (deck B's card)."""
    scenario = _scenario("uss-constitution", "advanced").replace("ship: hms-defence", "ship: hms-meleager")
    pack = tmp_path / "trial"
    write(pack / "pack.yaml", "name: trial\nversion: 1.0.0\ndescription: The Constitution on trial.\n"
                              "requires: [starter-set, uss-constitution]\n")
    write(pack / "scenario.yaml", scenario)
    library = load_library([pack])
    game = new_game("trial-advanced", library=library, catalogue=catalogue)
    bench = TrialBench(game)
    bench.put("terpsichore", 200.0, 300.0, 0.0)  # the Constitution, in HMS Terpsichore's place
    bench.put("defence", 700.0, 300.0, 0.0)      # HMS Meleager, in HMS Defence's place
    bench.put("courageuse", 60.0, 840.0, 180.0)
    bench.put("genereux", 840.0, 840.0, 180.0)
    for ship in ("terpsichore", "defence"):
        bench.script[("plan-first", ship)] = "B-1"
        bench.script[("plan", ship)] = lambda r: next(c for c in ("B-1", "B-2") if c in r.choices)
    bench.play(1)
    moved = {e["data"]["ship"]: e["data"] for e in bench.events("ship-moved", 1)}
    for ship, beyond in (("terpsichore", 44.5), ("defence", 48.0)):
        data = moved[ship]
        assert (data["card"], data["line"], data["colour"]) == ("B-1", "full", "green")
        assert data["after"]["y"] - data["before"]["y"] == pytest.approx(90.0 + beyond, abs=1e-3)
        assert data["after"]["x"] == pytest.approx(data["before"]["x"], abs=1e-3)
