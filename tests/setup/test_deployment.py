"""Deployment as decisions: in the set-up zones (the whole base), in turn or secretly.

The test scenarios are Enemy in Sight! with the ``deployment`` option (tests/setup/pack):
the British zone is y 0-100 along the south edge, the French y 800-900 along the north one.
"""

from __future__ import annotations

import pytest

from sog.errors import IllegalDecision
from sog.geometry import Pose
from sog.setup import new_game
from sog.views import HIDDEN

from sog.plugins.setup import deployment
from sog.plugins.system.tabletop import rect_of


def _deploy_requests(game):
    return [r for r in game.pending() if r.kind == "deploy"]


def _first(game):
    game.advance()
    requests = _deploy_requests(game)
    assert requests, "the game asks for a deployment first"
    return requests


def test_in_turn_order_side_by_side(make_game):
    game = make_game("deploy-in-turn")
    order = []
    answers = {"terpsichore": 100, "defence": 300, "courageuse": 500, "genereux": 700}
    game.advance()
    while requests := _deploy_requests(game):
        assert len(requests) == 1, "in turn: one ship at a time"
        request = requests[0]
        order.append((request.seat, request.ship))
        game.submit(request.seat, request.id, answers[request.ship])
        game.advance()
    assert order == [("british", "terpsichore"), ("british", "defence"), ("french", "courageuse"), ("french", "genereux")]
    deployed = [e["data"] for e in game.log.events if e["kind"] == "ship-deployed"]
    assert [d["ship"] for d in deployed] == ["terpsichore", "defence", "courageuse", "genereux"]
    assert game.ship("terpsichore").pose.x == 100 and game.ship("terpsichore").pose.y == 50
    assert game.ship("genereux").pose.x == 700 and game.ship("genereux").pose.heading == 180
    assert game.state.turn == 1 and any(r.kind != "deploy" for r in game.pending()), "then turn 1 goes on"


def test_every_legal_position_puts_the_whole_base_in_the_zone(make_game):
    game = make_game("deploy-in-turn")
    request = _first(game)[0]
    zone = deployment.zone_of(game, "terpsichore")
    ship = game.ship("terpsichore")
    assert request.choices[0] > 0 and request.choices[-1] < 900
    for position in request.choices:
        rect = rect_of(game, ship, deployment.pose_at(game, "terpsichore", zone, position))
        assert all(0 <= x <= 900 and 0 <= y <= 100 for x, y in rect.corners)
    # the base is 43 mm wide across its heading (0): its centre at 10 mm would stick out
    assert 10 not in request.choices and 30 in request.choices


@pytest.mark.parametrize("answer", [900, 10, -50, 2000, "here", None])
def test_outside_the_zone_is_refused(make_game, answer):
    game = make_game("deploy-in-turn")
    request = _first(game)[0]
    with pytest.raises(IllegalDecision, match="not a legal answer to 't1.deployment.deploy.terpsichore'; choose one of"):
        game.submit("british", request.id, answer)
    assert request.id not in game.state.answers, "nothing changes"


def test_overlapping_a_deployed_ship_is_refused(make_game):
    game = make_game("deploy-in-turn")
    first = _first(game)[0]
    game.submit("british", first.id, 350)
    game.advance()
    second = _deploy_requests(game)[0]
    assert second.ship == "defence"
    for overlapping in (350, 320, 380):
        assert overlapping not in second.choices
        with pytest.raises(IllegalDecision, match="not a legal answer"):
            game.submit("british", second.id, overlapping)
    assert 300 in second.choices and 400 in second.choices, "touching is not overlapping (43 mm bases)"
    game.submit("british", second.id, 400)
    game.advance()
    assert game.ship("defence").pose.x == 400


def test_secret_deployment_all_at_once_and_hidden_until_revealed(make_game):
    game = make_game("deploy-secret")
    requests = _first(game)
    assert {(r.seat, r.ship) for r in requests} == {("british", "terpsichore"), ("french", "courageuse")}
    scenario_pose = game.ship("terpsichore").pose.model_dump()
    by_seat = {r.seat: r for r in requests}
    game.submit("british", by_seat["british"].id, 120)
    game.submit("french", by_seat["french"].id, 610)
    game.advance()  # the round resolves: the secret choices are kept, not shown
    assert game.ship("terpsichore").pose.model_dump() == scenario_pose, "not on the table before the reveal"
    french_view = game.view("french")
    british_view = game.view("british")
    assert french_view["ext"]["deployment"]["secret"]["terpsichore"] == HIDDEN
    assert french_view["ext"]["deployment"]["secret"]["courageuse"] == 610
    assert british_view["ext"]["deployment"]["secret"]["terpsichore"] == 120
    assert british_view["ext"]["deployment"]["secret"]["courageuse"] == HIDDEN
    decisions = [e for e in game.events_for("french") if e["kind"] == "decisions"]
    assert [a["answer"] for a in decisions[-1]["data"]["answers"] if a["seat"] == "british"] == [HIDDEN]
    # the second round: each seat's second ship, clear of its own first (secret) choice
    second = {r.seat: r for r in _deploy_requests(game)}
    assert {r.ship for r in second.values()} == {"defence", "genereux"}
    assert 120 not in second["british"].choices and 610 in second["british"].choices
    assert 610 not in second["french"].choices and 120 in second["french"].choices
    game.submit("british", second["british"].id, 500)
    game.submit("french", second["french"].id, 200)
    game.advance()
    revealed = [e["data"] for e in game.log.events if e["kind"] == "ships-deployed"]
    assert len(revealed) == 1 and revealed[0]["moved"] == []
    assert {s: p["x"] for s, p in revealed[0]["poses"].items()} == {"terpsichore": 120, "defence": 500, "courageuse": 610, "genereux": 200}
    assert game.view("french")["ships"]["terpsichore"]["pose"]["x"] == 120, "revealed to everybody"
    assert game.view("french")["ext"]["deployment"]["secret"] == {}


def test_secret_clash_moves_the_later_ship(make_game):
    game = make_game("deploy-secret")
    own = deployment._own(game)
    own["deployed"] = ["terpsichore"]
    game.ship("terpsichore").pose.x = 450
    own["secret"] = {"defence": 460}  # as if two seats had chosen overlapping places
    from sog.hooktypes import Step
    deployment.sog_step_end(game, Step(deployment.STEP.name, deployment.STEP.order))
    revealed = [e["data"] for e in game.log.events if e["kind"] == "ships-deployed"][0]
    assert revealed["moved"] == ["defence"]
    assert abs(game.ship("defence").pose.x - 450) >= 43


def test_without_the_rule_the_scenario_poses_stay(catalogue, library):
    game = new_game("enemy-in-sight", library=library, catalogue=catalogue)
    game.advance()
    assert not [r for r in game.pending() if r.kind == "deploy"]
    assert game.ship("terpsichore").pose.x == 350


@pytest.mark.parametrize("mode", ["in-turn", "secret"])
@pytest.mark.parametrize("bot", ["random", "captain"])
def test_bots_deploy(make_game, mode, bot):
    from sog.bots import make_bot

    game = make_game(f"deploy-{mode}", level="standard", seed=4)
    bots = {seat: make_bot(bot, 4, seat, game.system) for seat in game.seats()}
    game.run(bots, max_turns=1)
    assert sorted(deployment._own(game)["deployed"]) == sorted(game.state.ships)
    poses = {e["data"]["ship"]: e["data"]["pose"] for e in game.log.events if e["kind"] == "ship-deployed"}
    for event in game.log.events:
        if event["kind"] == "ships-deployed":
            poses.update(event["data"]["poses"])
    assert sorted(poses) == sorted(game.state.ships)
    rects = [rect_of(game, game.ship(s), Pose(p["x"], p["y"], p["heading"])) for s, p in poses.items()]
    assert not any(a.overlaps(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_narration(make_game):
    game = make_game("deploy-in-turn")
    request = _first(game)[0]
    game.submit("british", request.id, 200)
    game.advance()
    event = next(e for e in game.log.events if e["kind"] == "ship-deployed")
    assert game.hook.sog_narrate(game=game, event=event) == "  HMS Terpsichore deploys at (200, 50) heading 0"
