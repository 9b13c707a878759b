"""The captain bot's Standard decisions: slot-2 cards tried after slot 1, loading, special ammunition."""

from sog.plugins.system.captain import CaptainBot
from sog.game import SeatView
from sog.geometry import Pose, Rect
from sog.plugins.system.geometry import end_pose
from sog.plugins.standard import ammunition
from sog.plugins.system.tabletop import attitude_of

RED_GAP, SHORT_GAP = 30.0, 70.0


def _decide(bench, request):
    return CaptainBot(7).decide(SeatView(bench.game, request.seat), request)


def _duel(std_bench, gap):
    """HMS Defence at (450, 450) heading north; the Généreux ``gap`` mm off its starboard side."""
    bench = std_bench(static=True)
    bench.park("terpsichore", "courageuse")
    bench.put("defence", 450.0, 450.0, 0.0)
    bench.put("genereux", 471.5 + gap + 21.5, 450.0, 0.0)
    return bench


def test_the_slot_2_card_is_tried_from_where_the_slot_1_card_leaves_the_ship(std_bench):
    bench = std_bench()
    bench.park("courageuse")
    bench.put("genereux", 190.0, 500.0, 0.0)  # heading north, 190 mm from the west edge
    bench.script[("plan-first", "genereux")] = "C-25"  # a hard turn to port, towards the edge
    bench.until(1, "planning")
    bench.answer_all()
    bench.game.advance()
    request = bench.request("plan", "genereux")
    choice = _decide(bench, request)
    ship = bench.ship("genereux")
    deck = bench.deck("genereux")

    def move(pose, card):
        colour = "green" if attitude_of(bench.game, ship, heading=pose.heading) == "reaching" else "orange"
        return end_pose(pose, 90, deck.card(card).end("battle", colour))

    after_slot_1 = move(Pose(190.0, 500.0, 0.0), "C-25")
    stays = {c for c in request.choices if Rect.of_base(move(after_slot_1, c), 43, 90).inside(900, 900)}
    assert "C-1" not in stays and stays  # going straight on after the turn would leave the table
    assert choice in stays


def test_loads_ball_unless_an_enemy_is_in_the_red_band_of_that_broadside(std_bench):
    bench = _duel(std_bench, RED_GAP)
    bench.until(1, "setup")
    assert _decide(bench, bench.request("load", "defence", "right")) == {"side": "right", "ammunition": "grapeshot"}
    assert _decide(bench, bench.request("load", "defence", "left")) == {"side": "left", "ammunition": "ball"}
    assert _decide(bench, bench.request("load", "terpsichore", "right")) == {"side": "right", "ammunition": "ball"}


def test_never_fires_grapeshot_beyond_the_red_band(std_bench):
    bench = _duel(std_bench, SHORT_GAP)
    bench.script[("load", "defence", "right")] = {"side": "right", "ammunition": "grapeshot"}
    bench.until(1, "combat")
    request = bench.request("fire", "defence", "right")
    assert any(c and c["target"] == "genereux" and c["band"] == "short" for c in request.choices)
    assert _decide(bench, request) is None  # the enemy is within reach: keep the load for later


def test_fires_grapeshot_in_the_red_band(std_bench):
    bench = _duel(std_bench, RED_GAP)
    bench.script[("load", "defence", "right")] = {"side": "right", "ammunition": "grapeshot"}
    bench.until(1, "combat")
    choice = _decide(bench, bench.request("fire", "defence", "right"))
    assert choice["target"] == "genereux" and choice["band"] == "red"


def test_empties_special_ammunition_when_nobody_is_within_reach_but_never_ball(std_bench):
    bench = std_bench(static=True)
    bench.park("terpsichore", "courageuse", "genereux", "defence")
    bench.script[("load", "defence", "right")] = {"side": "right", "ammunition": "chain"}
    bench.until(1, "combat")
    assert _decide(bench, bench.request("fire", "defence", "right")) == ammunition.no_target_choice("right")
    assert _decide(bench, bench.request("fire", "defence", "left")) is None  # ball: keep it


def _captain_plans_after_a_turn(std_bench, modifier):
    """The Généreux near the west edge plans slot 2 after C-25 (veer 2) with her rating lowered."""
    bench = std_bench()
    bench.park("courageuse")
    bench.put("genereux", 190.0, 500.0, 0.0)
    bench.ship("genereux").ext["veer"] = {"modifier": modifier}
    bench.script[("plan-first", "genereux")] = "C-25"
    bench.until(1, "planning")
    bench.answer_all()
    bench.game.advance()
    request = bench.request("plan", "genereux")
    return bench, request, _decide(bench, request)


def test_the_captain_plans_no_card_its_veer_will_reject_at_reveal(std_bench):
    bench, request, choice = _captain_plans_after_a_turn(std_bench, -3)  # rating 2: veer 2 to 4 after the 2
    deck = bench.deck("genereux")
    assert {deck.card(c).veer for c in request.choices} == set(range(2, 9))  # planning offers them all
    assert deck.card(choice).veer in (2, 3, 4)


def test_with_a_veer_of_0_the_captain_plans_the_other_2_or_a_straight_card(std_bench):
    _, _, choice = _captain_plans_after_a_turn(std_bench, -5)  # rating 0: a straight card is never replaced
    assert choice in ("C-26", "C-1", "C-2")
