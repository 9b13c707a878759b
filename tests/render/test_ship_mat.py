"""A Sails of Glory ship's mat as a seat reads it (``sog_ship_mat``, :mod:`sog.plugins.system.mats`).

The entries come from the seat's view and the packs alone: the tracks as long as the ship
card's, the boxes damage took, the own seat's secrets flagged ``own`` and never in another
seat's entries, the same entries from a sealed view whose game cannot be read.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from sog import testing
from sog.aids import ship_mat
from sog.plugins.system import bench as sails_bench
from sog.plugins.system.content_models import ship_of
from sog.plugins.system.mats import sog_ship_mat
from sog.seats import SeatView
from sog.setup import new_game

LEVELS = ("basic", "standard", "advanced")


class Bench(testing.Bench):
    """Enemy in Sight! at any level: the system's defaults, battle sails, no crew action."""

    defaults = {**sails_bench.DEFAULTS, "sails": lambda r: "battle", "repair": lambda r: r.choices[0],
                "action": lambda r: None, "grog": lambda r: False}
    #: Far corners, out of everybody's reach.
    parking = {"terpsichore": (60.0, 60.0, 0.0), "defence": (840.0, 60.0, 0.0),
               "courageuse": (60.0, 840.0, 180.0), "genereux": (840.0, 840.0, 180.0)}


def _bench(library, level: str, *, static: bool = False) -> Bench:
    probe = testing.Probe()
    game = new_game("enemy-in-sight", level=level, seed=3, library=library, catalogue=probe.catalogue(),
                    options=[probe.name], blocked=["movement"] if static else [])
    return Bench(game, probe)


def _mat(seat: str, view: dict[str, Any], content: Any, ship: str) -> list[dict[str, Any]]:
    """The mat entries from a bare view: a seat, its view data and the packs, nothing more."""
    return sog_ship_mat(SimpleNamespace(seat=seat, data=view, content=content), ship)


def _tracks(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["name"]: e for e in entries if e["kind"] == "track"}


def _facts(entries: list[dict[str, Any]]) -> dict[str, str]:
    return {e["name"]: e["value"] for e in entries if e["kind"] == "fact"}


@pytest.mark.parametrize("level", LEVELS)
def test_own_ship_tracks_are_as_long_as_the_ship_cards_at_every_level(library, level):
    b = _bench(library, level)
    b.game.advance()
    for ship in b.game.ships():
        entries = ship_mat(b.game, ship.seat, ship.id)
        card = ship_of(b.game.content, ship.ship)
        tracks = _tracks(entries)
        assert (tracks["hull"]["size"], tracks["crew"]["size"]) == (len(card.ship_track), len(card.crew_track))
        assert tracks["hull"]["marked"] == tracks["crew"]["marked"] == 0
        facts = _facts(entries)
        box = card.ship_track[0]
        assert facts["firepower"] == f"{box.forward}/{box.full}/{box.rear}"
        assert facts["musketry"] == str(card.crew_track[0].musketry)


def test_basic_mats_show_no_sails_actions_nor_veer_and_advanced_mats_show_them(library):
    basic, advanced = _bench(library, "basic"), _bench(library, "advanced")
    basic.game.advance()
    advanced.game.advance()
    plain = _facts(ship_mat(basic.game, "british", "terpsichore"))
    full = _facts(ship_mat(advanced.game, "british", "terpsichore"))
    assert not {"sails", "crew actions", "veer", "special damage"} & set(plain)
    assert full["sails"] == "battle" and full["crew actions"] == "3" and full["veer"] == "5"
    assert "special damage" not in full  # nothing to report: no entry


def test_marked_boxes_are_the_boxes_damage_covered_after_a_forced_broadside(library):
    """Defence's right broadside into Courageuse with the p. 19 draws: three hull boxes, two crew boxes."""
    b = _bench(library, "basic", static=True)
    b.put("courageuse", 450.0, 450.0, 0.0)
    b.put("defence", 450.0 - 43.0 - 60.0, 450.0, 0.0)
    b.park("terpsichore", "genereux")
    b.script[("fire", "defence", "right")] = lambda r: next(c for c in r.choices if c and c["target"] == "courageuse"
                                                             and c["arc"] == "central")
    b.until(1, "combat")
    b.stack("B", [(2, None), (0, None), (None, "crew"), (6, None), (0, None), (None, "crew"), (4, None)])
    b.play(1)
    ship = b.ship("courageuse")
    for seat in ("french", "british"):
        entries = ship_mat(b.game, seat, "courageuse")
        tracks = _tracks(entries)
        assert tracks["hull"]["marked"] == sum(box.covered for box in ship.ship_track) == 3
        assert tracks["crew"]["marked"] == sum(box.covered for box in ship.crew_track) == 2
        facts = _facts(entries)
        assert facts["zero box"] == "2 counters"
        assert facts["firepower"] == "2/2/2"  # the fourth box, as p. 19 reads it
    assert _facts(ship_mat(b.game, "british", "defence"))["right broadside"] == "empty"  # fired, then reloading


def _planned_advanced(library) -> tuple[Bench, dict[str, Any]]:
    """An Advanced game after turn 1's planning: Terpsichore's left side loaded with chain, a
    card planned, two action counters planned; the views recorded then."""
    b = _bench(library, "advanced")
    b.script[("load", "terpsichore", "left")] = lambda r: next(c for c in r.choices if c["ammunition"] == "chain")
    b.script[("action", "terpsichore")] = ["fire-left", "musketry", None]
    b.reach(1, "actions")
    return b, b.probe.at[(1, "planning")]["views"]


def test_another_seats_entries_never_carry_the_loaded_ammunition_nor_the_planned_card(library):
    b, views = _planned_advanced(library)
    ship = b.ship("terpsichore")
    card = b.probe.at[(1, "planning")]["state"].ships["terpsichore"].planned[1]
    assert card is not None and ship.broadsides["right"].loaded == "ball"
    own = _mat("british", views["british"], b.game.content, "terpsichore")
    other = _mat("french", views["french"], b.game.content, "terpsichore")
    assert "loaded: chain" in _facts(own)["left broadside"] and card in _facts(own)["planned"]
    assert "fire left, musketry" == _facts(own)["actions planned"]
    text = json.dumps(other)
    for secret in ("chain", card, "grapeshot", "fire left"):
        assert secret not in text
    assert not any("musketry" in str(e.get("value")) for e in other)  # the planned action, not the card's value
    facts = _facts(other)
    assert facts["left broadside"] == facts["right broadside"] == "loaded"
    assert facts["planned"] == "card planned" and facts["actions planned"] == "2 counters"


def test_own_entries_are_flagged_and_absent_from_another_seats_entries(library):
    b, views = _planned_advanced(library)
    own = _mat("british", views["british"], b.game.content, "terpsichore")
    flagged = [e for e in own if e.get("own")]
    assert {e["name"] for e in flagged} >= {"left broadside", "left storage", "planned", "actions planned"}
    for seat in ("french", "*spectator*"):
        other = _mat(seat, views.get(seat) or b.game.view(seat), b.game.content, "terpsichore")
        assert not any(e.get("own") for e in other)
        assert not any(e in other for e in flagged)
    assert not any(e.get("own") for e in _mat("british", views["british"], b.game.content, "courageuse"))


class _Poison:
    """Any use of the game's state, log, generator, pools or rules fails."""

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def __getattr__(self, attr: str) -> Any:
        raise AssertionError(f"the mat read game.{object.__getattribute__(self, '_name')}.{attr}")


@pytest.mark.parametrize("level", LEVELS)
def test_a_sealed_view_gives_the_same_entries_while_the_game_is_poisoned(library, level):
    b = _bench(library, level)
    b.script[("load", "terpsichore", "left")] = lambda r: next(c for c in r.choices if c["ammunition"] != "ball"
                                                                ) if level != "basic" else r.choices[0]
    b.reach(2, "planning")
    game = b.game
    seats = ["british", "french"]
    expected = {(seat, ship.id): sog_ship_mat(SeatView(game, seat), ship.id) for seat in seats for ship in game.ships()}
    sealed = {seat: SimpleNamespace(seat=seat, data=game.view(seat), content=game.content) for seat in seats}
    kept = {name: getattr(game, name) for name in ("state", "log", "rng", "pools", "rules")}
    for name in kept:
        setattr(game, name, _Poison(name))
    try:
        got = {(seat, ship): sog_ship_mat(sealed[seat], ship) for seat, ship in expected}
    finally:
        for name, value in kept.items():
            setattr(game, name, value)
    assert got == expected and all(got.values())


def test_a_ship_the_view_does_not_hold_has_no_entries(library):
    b = _bench(library, "basic")
    assert ship_mat(b.game, "british", "no-such-ship") == []


def test_special_damage_lists_only_the_nonzero_counts_and_caps_the_sails(library):
    b = _bench(library, "advanced")
    b.game.advance()
    b.ship("terpsichore").ext["special-damage"].update(fire=1, leak=2, sail=2)
    facts = _facts(ship_mat(b.game, "french", "terpsichore"))
    assert facts["special damage"] == "fire 1, leak 2, sail 2"
    assert facts["sails"] == "battle (battle at most)"


def test_a_ship_out_of_play_shows_its_status_and_tracks_but_no_guns(library):
    b = _bench(library, "basic")
    b.game.remove_ship("genereux", "surrendered")
    entries = ship_mat(b.game, "french", "genereux")
    facts = _facts(entries)
    assert facts["status"] == "surrendered" and set(_tracks(entries)) == {"hull", "crew"}
    assert not {"left broadside", "right broadside", "firepower"} & set(facts)


def test_the_captain_and_crew_cards_are_named_with_each_abilitys_uses_left(library):
    from sog.lineup import Lineup
    lineup = Lineup(fleets={"british": ("uss-constitution",)},
                    attach={"uss-constitution": {"captain": ("isaac-hull",), "crew-card": ("us-marines",)}})
    game = new_game("enemy-in-sight", level="advanced", seed=3, library=library, lineup=lineup)
    game.advance()
    entries = ship_mat(game, "french", "uss-constitution")
    facts = _facts(entries)
    assert facts["captain"] == "Isaac Hull" and facts["crew card"] == "US Marines"
    abilities = [e["value"] for e in entries if e["name"] == "ability"]
    assert abilities[0] == "Wet the Sails: 2 uses left" and len(abilities) == 4
