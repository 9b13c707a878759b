"""A content author's pack, YAML only: a new ship and a new captain whose ability names an
effect a built-in rule implements. It validates, it is listed, and it plays."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from sog.bots import make_bot
from sog.cli.main import main
from sog.lineup import Lineup
from sog.packs.loader import load_library
from sog.setup import new_game

ENV = {"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"}

PACK = """\
name: shannon
version: 0.1.0
description: HMS Shannon and Captain Broke, as a content author would write them.
requires: [starter-set]
"""
SHIP = """\
kind: ship
id: hms-shannon
name: HMS Shannon
nationality: british
year: 1806
class_name: Leda class frigate
rate: V
burden: 3
veer: 5
deck: B
base: standard
guns: 38
crew: 330
points: 32
ship_track:
""" + "".join(f"  - {{forward: {f}, full: {m}, rear: {f}, actions: {a}}}\n" for f, m, a in
              [(2, 4, 3), (2, 4, 3), (2, 3, 3), (2, 3, 2), (1, 3, 2), (1, 2, 2), (1, 2, 1), (0, 1, 1), (0, 1, 1)]) + """\
crew_track:
""" + "".join(f"  - {{musketry: {m}, actions: {a}}}\n" for m, a in [(3, 3), (3, 3), (2, 3), (2, 2), (2, 2), (1, 1), (1, 1), (1, 1)]) + """\
provenance: {default: estimate}
"""
CARDS = """\
kind: ability
id: broke-gunnery
name: Gunnery Drill
summary: Daily gun drill pays off; the Shannon's next broadside draws two more counters.
effect: extra-counters
params: {count: 2, attack: artillery}
uses: 2
level: basic
captain_icon: true
timing: before-combat
points: 6
provenance: {default: estimate}
---
kind: captain
id: philip-broke
name: Philip Broke
nationality: british
ships: [hms-shannon]
abilities: [broke-gunnery]
points: 4
provenance: {default: estimate}
"""


def write_pack(folder: Path) -> Path:
    (folder / "ships").mkdir(parents=True)
    (folder / "pack.yaml").write_text(PACK)
    (folder / "ships" / "hms-shannon.yaml").write_text(SHIP)
    (folder / "captain.yaml").write_text(CARDS)
    return folder


def test_the_pack_validates_and_lists_its_ship_and_captain(tmp_path):
    pack = str(write_pack(tmp_path / "shannon"))
    runner = CliRunner()
    result = runner.invoke(main, ["validate", pack], env=ENV)
    assert result.exit_code == 0, result.output
    ships = json.loads(runner.invoke(main, ["ships", "--json", "--pack", pack], env=ENV).output)["ships"]
    (shannon,) = [row for row in ships if row["id"] == "hms-shannon"]
    assert (shannon["pack"], shannon["points"], shannon["deck"]) == ("shannon", 32, "B")
    captains = json.loads(runner.invoke(main, ["captains", "--json", "--pack", pack], env=ENV).output)["captain"]
    (broke,) = [row for row in captains if row["id"] == "philip-broke"]
    assert broke["points"] == 10 and [a["id"] for a in broke["abilities"]] == ["broke-gunnery"]


def test_the_new_ship_with_its_captain_plays_on_the_command_line_and_replays(tmp_path):
    pack = str(write_pack(tmp_path / "shannon"))
    log = tmp_path / "game.jsonl"
    runner = CliRunner()
    result = runner.invoke(main, ["play", "enemy-in-sight", "--pack", pack, "--fleet", "british=hms-shannon,hms-defence",
                                  "--captain", "hms-shannon=philip-broke", "--quiet", "--log", str(log)], env=ENV)
    assert result.exit_code == 0, result.output
    assert "result:" in result.output
    replayed = runner.invoke(main, ["replay", str(log), "--pack", pack], env=ENV)
    assert replayed.exit_code == 0 and replayed.output.startswith("ok:"), replayed.output


def test_the_captains_ability_is_offered_and_its_effect_adds_counters(tmp_path):
    library = load_library([write_pack(tmp_path / "shannon")])
    lineup = Lineup(fleets={"british": ("hms-shannon", "hms-defence")}, attach={"hms-shannon": {"captain": ("philip-broke",)}})
    for seed in range(1, 20):
        game = new_game("enemy-in-sight", library=library, lineup=lineup, seed=seed)
        game.run({seat: make_bot("captain", seed, seat, game.system) for seat in game.seats()}, max_turns=60)
        used = game.log.of_kind("ability-used")
        if used:
            break
    assert used and used[0]["data"]["ship"] == "hms-shannon"
    turn = used[0]["turn"]
    shots = [e for e in game.log.of_kind("attack") if e["turn"] == turn and e["data"]["attacker"] == "hms-shannon"
             and e["data"]["kind"] == "artillery"]
    assert shots and all(len(e["data"]["counters"]) == e["data"]["firepower"] + 2 for e in shots)
