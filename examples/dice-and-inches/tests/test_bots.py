"""The captain bot's choices, on requests of the real game."""

from __future__ import annotations

from typing import Any

from sog.decisions import DecisionRequest, NumberRange

from dice_and_inches.bots import CaptainBot


def _request(kind: str, ship: str, choices: list[Any] | None = None, number: NumberRange | None = None) -> DecisionRequest:
    return DecisionRequest(id=f"t.{kind}.{ship}", seat="s", kind=kind, rule="r", ship=ship, prompt="?",
                           choices=choices or [], number=number)


def _put(game: Any, ship: str, x: float, y: float, heading: float) -> None:
    pose = game.ship(ship).pose
    pose.x, pose.y, pose.heading = x, y, heading


def test_the_captain_sails_at_a_distant_enemy(duel: Any) -> None:
    _put(duel, "hornet", 685.8, 250.0, 0.0)  # Hornet heads north; Swift is due north of her
    _put(duel, "swift", 685.8, 1274.0, 180.0)
    view = duel.view("british")
    answer = CaptainBot(1).decide(view, _request("helm", "hornet", [0, -45, 45]))
    assert answer == 0


def test_the_captain_brings_a_broadside_to_bear_on_a_near_enemy(duel: Any) -> None:
    _put(duel, "hornet", 685.8, 250.0, 0.0)
    _put(duel, "swift", 685.8, 350.0, 180.0)  # 4 inches ahead of Hornet
    view = duel.view("british")
    assert CaptainBot(1).decide(view, _request("helm", "hornet", [0, -45, 45])) in (-45, 45)


def test_the_captain_fires_rather_than_holds(duel: Any) -> None:
    shot = {"side": "left", "target": "swift", "ammunition": "shot"}
    request = _request("fire-order", "hornet", [None, shot])
    assert CaptainBot(1).decide(duel.view("british"), request) == shot


def test_the_captain_fights_fire_with_every_man_and_sails_the_whole_leg(duel: Any) -> None:
    bot, view = CaptainBot(1), duel.view("british")
    assert bot.decide(view, _request("fight-fire", "hornet", number=NumberRange(min=0, max=12))) == 12
    assert bot.decide(view, _request("sail-distance", "hornet", number=NumberRange(min=0, max=6, step=0.25))) == 6


def test_the_captain_boards_only_a_weaker_enemy(duel: Any) -> None:
    bot = CaptainBot(1)
    request = _request("board", "hornet", ["none", "swift"])  # Hornet 16 points, Swift 13
    assert bot.decide(duel.view("british"), request) == "swift"
    request = _request("board", "swift", ["none", "hornet"])
    assert bot.decide(duel.view("american"), request) == "none"


def test_the_captain_heads_for_an_enemy_across_the_table(duel: Any) -> None:
    # the duel's set-up: Hornet off the west edge heading south, Swift abeam to the east
    answer = CaptainBot(1).decide(duel.view("british"), _request("helm", "hornet", [0, -45, 45]))
    assert answer == -45  # to port, from south towards the east


def test_the_captain_answers_an_unknown_request_legally(duel: Any) -> None:
    request = _request("mystery", "hornet", ["a", "b"])
    assert CaptainBot(1).decide(duel.view("british"), request) in ("a", "b")


def test_the_captain_keeps_clear_of_a_friend_ahead(catalogue: Any, library: Any) -> None:
    from sog.setup import new_game

    game = new_game("dice-squadron", seed=1, catalogue=catalogue, library=library)
    dolphin = game.ship("dolphin")
    dolphin.pose.x, dolphin.pose.y = 1071.6, 400.0  # right ahead of Hornet, 6 inches off
    answer = CaptainBot(1).decide(game.view("british"), _request("helm", "hornet", [0, -45, 45]))
    assert answer in (-45, 45)


def test_the_captain_tacks_away_from_an_edge_ahead(duel: Any) -> None:
    _put(duel, "hornet", 685.8, 1300.0, 0.0)  # 9 inches from the north edge
    _put(duel, "swift", 685.8, 250.0, 0.0)
    view = duel.view("british")
    assert CaptainBot(1).decide(view, _request("helm", "hornet", [0, 45, "tack"])) == "tack"
    assert CaptainBot(1).decide(view, _request("helm", "hornet", [0, -45, 45])) in (-45, 45)
