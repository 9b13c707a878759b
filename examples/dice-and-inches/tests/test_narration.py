"""What people read of a game: one short line per event, in inches and names (``sog_narrate``)."""

from __future__ import annotations

from typing import Any

from sog.cli.narrate import narrate
from sog.setup import new_game
from test_games import play_captains

from dice_and_inches.narration import QUIET_DICE
from dice_and_inches.narration import narrate as line


def _event(kind: str, **data: Any) -> dict[str, Any]:
    return {"seq": 1, "turn": 1, "step": None, "kind": kind, "data": data}


def test_a_sailing_line_is_in_inches_with_the_ships_name(duel: Any) -> None:
    event = _event("ship-sailed", ship="hornet", distance=6.0, x=685.8, y=554.8, heading=0.0)
    assert line(duel, event) == '  Hornet sails 6" to (27.0", 21.8") heading 0°'


def test_a_gun_line_gives_range_die_needed_die_thrown_and_hits(duel: Any) -> None:
    hit = _event("gun-fired", ship="hornet", gun=3, weapon="cannon", side="right", target="swift",
                 ammunition="shot", range=5.83, need=3, die=4, result=2, hits={"hull": 1}, raking=None, fire_die=None)
    assert line(duel, hit) == '  Hornet\'s right cannon (shot) at Swift, 5.8": needs 3+, rolled 4, result 2: 1 hull'
    miss = _event("gun-fired", ship="swift", gun=0, weapon="swivel", side="left", target="hornet",
                  ammunition=None, range=2.0, need=4, die=1, result=None, hits={}, raking=None, fire_die=None)
    assert line(duel, miss) == '  Swift\'s left swivel at Hornet, 2": needs 4+, rolled 1: miss'


def test_morale_casualties_and_boarding_lines(duel: Any) -> None:
    assert line(duel, _event("morale-check", ship="swift", roll=1, result="surrender")) == \
        "  Swift: morale check 1 — surrenders"
    assert line(duel, _event("casualties-taken", ship="swift", hull=1, sailors=2, guns=["cannon"])) == \
        "  Swift takes off her hits: 1 hull, 2 sailors, a cannon"
    melee = _event("melee-round", ship="hornet", target="swift", round=1, strengths=[16, 13], dice=[5, 2],
                   points=[8.0, 2.6], loser="defender", losses=5, men_lost={"marines": 2, "sailors": 3})
    assert line(duel, melee) == "  Melee round 1: Hornet 16×5 = 8 against Swift 13×2 = 2.6: Swift loses 2 marines, 3 sailors"


def test_the_dice_the_rules_throw_are_not_read_twice_and_other_events_keep_the_cores_line(duel: Any) -> None:
    for reason in QUIET_DICE:
        assert line(duel, _event("dice-rolled", sides=6, count=1, results=[4], reason=reason)) == ""
    assert line(duel, _event("dice-rolled", sides=6, count=1, results=[4], reason="a house rule's")) is None
    assert line(duel, _event("ship-removed", ship="swift", status="sunk")) is None


def test_every_event_of_whole_games_reads_as_the_systems_own_line(catalogue: Any, library: Any) -> None:
    kinds = {k for r in ("dice-movement", "dice-fire", "dice-boarding", "dice-damage")
             for k in catalogue.rules[r].plugin.sog_event_kinds()}
    seen: set[str] = set()
    for scenario, seed in (("dice-duel", 1), ("dice-duel", 2), ("dice-squadron", 1)):
        game = play_captains(scenario, seed, catalogue, library)
        lines = list(narrate(game, game.log.events))
        assert lines and not [t for t in lines if t.startswith("  dice rolled:")]
        for event in game.log.events:
            if event["kind"] in kinds:
                seen.add(event["kind"])
                text = line(game, event)
                assert text and text.startswith("  ") and "mm" not in text and ".99999" not in text, (event, text)
    assert {"ship-sailed", "ship-turned", "gun-fired", "casualties-taken"} <= seen <= kinds


def test_the_duels_narration_names_the_ships(catalogue: Any, library: Any) -> None:
    game = new_game("dice-duel", seed=1, catalogue=catalogue, library=library)
    text = "\n".join(narrate(game, [_event("ship-turned", ship="swift", heading=315.0)]))
    assert text == "  Swift turns to heading 315°"


def test_every_event_kind_of_the_rules_has_a_line(catalogue: Any) -> None:
    from dice_and_inches.narration import _LINES

    kinds = {k for r in ("dice-movement", "dice-fire", "dice-boarding", "dice-damage", "dice-victory")
             for k in (getattr(catalogue.rules[r].plugin, "sog_event_kinds", dict)())}
    assert kinds == set(_LINES)
