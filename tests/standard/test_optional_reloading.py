"""Reloading at the Standard level (p. 27): a player *may* reload, choosing the type; ships
start loaded (p. 22). HMS Defence fires her right broadside in turn 1 with nobody in reach
(to empty her guns); her right side may be reloaded from turn 2's reloading phase on.
"""

from sog.bots import RandomBot
from sog.plugins.system.captain import CaptainBot
from sog.game import SeatView
from sog.plugins.basic import reloading
from sog.plugins.standard import ammunition


def _emptied(std_bench):
    """Defence empties her right broadside in turn 1; the bench stands at turn 2's reloading."""
    bench = std_bench(static=True, probe=True)
    bench.park("terpsichore", "courageuse", "genereux", "defence")
    bench.script[("fire", "defence", "right")] = [ammunition.no_target_choice("right")]
    bench.until(2, "reloading")
    return bench


def test_ships_start_loaded_the_setup_load_offers_every_stored_type_and_no_empty_choice(std_bench):
    bench = std_bench()
    bench.until(1, "setup")
    for request in bench.pending("load"):
        side = request.choices[0]["side"]
        assert request.choices == [{"side": side, "ammunition": t} for t in ("ball", "chain", "grapeshot")]
        assert reloading.leave_empty_choice(side) not in request.choices


def test_a_standard_reload_offers_each_stored_type_or_leaving_the_side_empty(std_bench):
    bench = _emptied(std_bench)
    request = bench.request("load", "defence", "right")
    assert request.choices == [{"side": "right", "ammunition": t} for t in ("ball", "chain", "grapeshot")] + [
        {"side": "right", "ammunition": None}]
    assert request.labels == ["ball", "chain", "grapeshot", "leave empty"]


def test_a_side_the_player_leaves_empty_keeps_its_storage_and_cannot_fire_next_turn(std_bench):
    bench = _emptied(std_bench)
    bench.script[("load", "defence", "right")] = [reloading.leave_empty_choice("right"), {"side": "right", "ammunition": "chain"}]
    bench.until(3, "combat")
    right = bench.at(2, "reloading").ships["defence"].broadsides["right"]
    assert (right.loaded, right.fired, sorted(right.storage)) == (None, None, ["ball", "chain", "grapeshot"])
    assert not bench.events("reloaded", 2)
    assert not [r for r in bench.pending("fire", "defence") if r.id.endswith(".right")]  # turn 3: empty
    bench.until(3, "reloading")  # asked again; this time chain goes in
    bench.until(4, "combat")
    assert bench.ship("defence").broadsides["right"].loaded == "chain"
    assert [e["turn"] for e in bench.events("reloaded", ship="defence")] == [3]


def test_the_captain_reloads_and_the_random_bot_may_leave_a_side_empty(std_bench):
    bench = _emptied(std_bench)
    request = bench.request("load", "defence", "right")
    view = SeatView(bench.game, request.seat)
    assert CaptainBot(3).decide(view, request) == {"side": "right", "ammunition": "ball"}
    picks = {RandomBot(seed).decide(view, request)["ammunition"] for seed in range(40)}
    assert picks == {"ball", "chain", "grapeshot", None}
