"""The captain bot keeps its ships on the table and out of the wind (issue 16).

Constructed positions on the Enemy in Sight! table (900 x 900 mm, wind from the east): the
captain's choice is moved with the engine's own geometry (``end_pose``, the base rectangle,
the attitude) and checked there. Then seeded captain-vs-captain games at each level, with a
bound on ships sailing off the table and on moves ending taken aback (before this work: about
1.4 ships off the table a game and 22-30 % of moves ending taken aback).
"""

from __future__ import annotations

from typing import Any

import pytest

from sog.bots import make_bot
from sog.game import Game, SeatView
from sog.geometry import Pose
from sog.plugins.system import captain
from sog.plugins.system.captain import CaptainBot
from sog.plugins.system.content_models import ship_deck
from sog.plugins.system.geometry import end_pose
from sog.plugins.system.tabletop import attitude_of, base_of, broadside_options, pose_of, rect_of
from sog.setup import new_game
from sog.state import PoseState

SCENARIO = "enemy-in-sight"
ABACK = "taken-aback"
#: Ships not in the position, out of the way in the far corners.
AWAY = {"defence": (850.0, 60.0, 270.0), "courageuse": (850.0, 840.0, 270.0)}


def _position(level: str, poses: dict[str, tuple[float, float, float]], planned: dict[str, str] | None = None) -> Game:
    """A game at its first planning with the ships placed at ``poses`` (and slot-1 cards)."""
    game = new_game(SCENARIO, level=level, seed=1)
    for ship_id, (x, y, heading) in poses.items():
        game.state.ships[ship_id].pose = PoseState(x=x, y=y, heading=heading)
    for ship_id, card in (planned or {}).items():
        game.state.ships[ship_id].planned = [card, None]
    game.advance()
    while game.step is not None and game.step.name != "planning":  # the Standard set-up: loads, answered by captains
        for seat in game.seats():
            for request in game.pending(seat):
                game.submit(seat, request.id, CaptainBot(1).decide(SeatView(game, seat), request))
        game.advance()
    return game


def _captain_plans(game: Game, ship_id: str, bot: CaptainBot | None = None) -> str:
    seat = game.ship(ship_id).seat
    request = next(r for r in game.pending(seat) if r.ship == ship_id and r.kind in ("plan", "plan-first"))
    return (bot or CaptainBot(7)).decide(SeatView(game, seat), request)


def _moved(game: Game, ship_id: str, card_id: str, pose: Pose | None = None) -> Pose:
    """Where the blue card ``card_id`` takes the ship from ``pose`` (its own by default), battle sails."""
    ship = game.ship(ship_id)
    pose = pose or pose_of(ship)
    attitude = attitude_of(game, ship, heading=pose.heading)
    end = ship_deck(game.content, game.ship_doc(ship)).card(card_id).end("battle", "green" if attitude == "reaching" else "orange")
    return end_pose(pose, base_of(game, ship).length, end, "bow")


def _on_table(game: Game, ship_id: str, pose: Pose) -> bool:
    return rect_of(game, game.ship(ship_id), pose).inside(game.state.table["width"], game.state.table["height"])


def _under_fire(game: Game, ship_id: str, pose: Pose, shooter: tuple[str, Pose] | None = None) -> bool:
    """Would an enemy broadside bear on the ship at ``pose`` (``shooter``: only that one, from there)?"""
    moved = {ship_id: pose, **dict([shooter] if shooter else [])}
    originals = {s: game.ship(s).pose for s in moved}
    for s, p in moved.items():
        game.ship(s).pose = PoseState(x=p.x, y=p.y, heading=p.heading)
    side = game.ship(ship_id).side
    try:
        return any(o["target"] == ship_id for enemy in game.ships() if enemy.side != side
                   if shooter is None or enemy.id == shooter[0]
                   for broadside in ("left", "right") for o in broadside_options(game, enemy, broadside))
    finally:
        for s, p in originals.items():
            game.ship(s).pose = p


def _blue_cards(game: Game, ship_id: str) -> list[str]:
    return [c.id for c in ship_deck(game.content, game.ship_doc(game.ship(ship_id))).of_kind("normal")]


def test_near_the_edge_it_takes_a_poor_card_that_stays_on_the_table() -> None:
    # Heading north 130 mm from the north edge: only the two hardest turns stay on the table,
    # one ending taken aback, the other under the Terpsichore's broadside.
    game = _position("basic", {"genereux": (450.0, 770.0, 0.0), "terpsichore": (330.0, 760.0, 90.0), **AWAY})
    ends = {card: _moved(game, "genereux", card) for card in _blue_cards(game, "genereux")}
    staying = {card for card, pose in ends.items() if _on_table(game, "genereux", pose)}
    assert staying and len(staying) < len(ends) / 2
    for card in staying:  # every card that stays is a poor one
        pose = ends[card]
        assert attitude_of(game, game.ship("genereux"), heading=pose.heading) == ABACK or _under_fire(game, "genereux", pose)

    assert _captain_plans(game, "genereux") in staying


def test_at_standard_the_slot_two_card_stays_on_the_table_from_where_slot_one_leaves_the_ship() -> None:
    # The slot-1 card (straight ahead) takes the ship to 20 mm from where every card but the hardest
    # turns leaves the table: the card planned now is executed from there, next turn.
    game = _position("standard", {"genereux": (450.0, 650.0, 0.0), **AWAY, "terpsichore": (60.0, 60.0, 90.0)},
                     planned={"genereux": "C-1"})
    then = _moved(game, "genereux", "C-1")
    assert _on_table(game, "genereux", then)
    leaving = [c for c in _blue_cards(game, "genereux") if not _on_table(game, "genereux", _moved(game, "genereux", c, then))]
    assert len(leaving) > len(_blue_cards(game, "genereux")) / 2

    card = _captain_plans(game, "genereux")
    assert _on_table(game, "genereux", _moved(game, "genereux", card, then))


def test_it_does_not_turn_into_the_wind_for_a_broadside(monkeypatch: pytest.MonkeyPatch) -> None:
    poses = {"genereux": (450.0, 450.0, 0.0), "terpsichore": (480.0, 630.0, 90.0), **AWAY}
    game = _position("basic", poses)
    card = _captain_plans(game, "genereux")
    assert attitude_of(game, game.ship("genereux"), heading=_moved(game, "genereux", card).heading) != ABACK

    # The temptation is real: weighing nothing for ending taken aback, it turns into the wind for the shot.
    monkeypatch.setattr(captain, "ABACK", 0.0)
    monkeypatch.setattr(captain, "ABACK_AHEAD", (0.0,) * len(captain.ABACK_AHEAD))
    tempted = _captain_plans(_position("basic", poses), "genereux")
    end = _moved(game, "genereux", tempted)
    assert attitude_of(game, game.ship("genereux"), heading=end.heading) == ABACK
    assert _under_fire(game, "terpsichore", pose_of(game.ship("terpsichore")), shooter=("genereux", end))


def _tally(level: str, seeds: range, max_turns: int) -> dict[str, Any]:
    """Ships off the table, eliminations and the share of moves ending taken aback, captain against captain."""
    left = eliminated = moves = aback = 0
    for seed in seeds:
        game = new_game(SCENARIO, level=level, seed=seed)
        game.run({seat: make_bot("captain", seed, seat, game.system) for seat in game.seats()}, max_turns=max_turns)
        for event in game.log.events:
            data = event["data"]
            if event["kind"] == "ship-removed":
                eliminated += 1
                left += data["status"] == "left-table"
            elif event["kind"] == "ship-moved" and data["card"] is not None:
                moves += 1
                aback += attitude_of(game, game.state.ships[data["ship"]], heading=data["after"]["heading"]) == ABACK
    return {"left": left, "eliminated": eliminated, "aback": aback / max(moves, 1)}


@pytest.mark.parametrize("level", ["basic", "standard", "advanced"])
def test_captain_games_lose_at_most_one_ship_off_the_table_and_seldom_end_taken_aback(level: str) -> None:
    tally = _tally(level, range(1, 4), max_turns=30)
    assert tally["eliminated"] >= 3  # the games are fought, not sailed around
    assert tally["left"] <= 1
    assert tally["aback"] < 0.15


#: Optional rules of Sails of Glory that Enemy in Sight! can be played with at the Advanced level.
OPTIONS = [["aiming-high"], ["ammunition-explosion"], ["boarding"], ["continuous-fire"], ["double-shot"],
           ["entanglement"], ["first-broadside"], ["flagship"], ["forced-aim"], ["grog"], ["lacking-training"],
           ["sinking-ships"], ["spreading-fires"], ["surrendered-ships"], ["variable-wind-direction"],
           ["variable-wind-direction", "variable-wind-strength"], ["reefs"], ["shoals"], ["coasts"], ["victory-points"]]


@pytest.mark.parametrize("options", OPTIONS, ids="+".join)
def test_captain_plays_three_advanced_turns_with_each_optional_rule(options: list[str]) -> None:
    game = new_game(SCENARIO, level="advanced", add_options=options, seed=3)
    game.run({seat: make_bot("captain", 3, seat, game.system) for seat in game.seats()}, max_turns=3)
    assert game.state.turn == 3 or game.over
