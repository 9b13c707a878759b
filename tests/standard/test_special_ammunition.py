"""Special ammunition (pp. 26-27): ball as Basic, chain and grapeshot only in the red band,
the fired type revealed, firing with no target, and HMS Defence's three-turn example.

HMS Defence lies at (450, 450) heading north, starboard to the east; its right central dot is
at (471.5, 450). The Généreux lies east of it, heading north, at a chosen gap. Movement is
blocked, so nobody moves; the French hold fire.
"""

import pytest

from sog.plugins.standard import ammunition

RED_GAP = 30.0     # the red band: 0-50 mm (pools C/D for chain/grapeshot)
SHORT_GAP = 70.0   # the short band: 50-100 mm


def _bench(std_bench, gap, probe=False):
    bench = std_bench(static=True, probe=probe)
    bench.park("terpsichore", "courageuse")
    bench.put("defence", 450.0, 450.0, 0.0)
    bench.put("genereux", 471.5 + gap + 21.5, 450.0, 0.0)
    return bench


def _aim(bench, turn):
    """Fire Defence's right broadside at the Généreux's through the central arc this turn."""
    bench.until(turn, "combat")
    request = bench.request("fire", "defence", "right")
    [option] = [c for c in request.choices if c and c["target"] == "genereux" and c["arc"] == "central"]
    bench.answer(request, option)
    bench.answer_all()
    bench.game.advance()
    [attack] = bench.events("attack", turn, attacker="defence")
    return attack["data"], option


def _load(ammo):
    return lambda r: next(c for c in r.choices if c["ammunition"] == ammo)


def test_hms_defence_example_ball_in_turn_1_stored_then_grapeshot_from_turn_3(std_bench):
    bench = _bench(std_bench, RED_GAP, probe=True)
    bench.script[("load", "defence", "right")] = [_load("ball"), _load("grapeshot")]
    attack, option = _aim(bench, 1)
    assert option["band"] == "red"
    assert (attack["ammunition"], attack["pool"], len(attack["counters"])) == ("ball", "B", 7)
    # Face up in the broadside box until reloading, for everybody to see.
    after_combat = bench.at(1, "combat").ships["defence"].broadsides["right"]
    assert (after_combat.loaded, after_combat.fired) == (None, "ball")
    assert bench.view_at(1, "combat", "french")["ships"]["defence"]["broadsides"]["right"]["fired"] == "ball"
    # Reloading of turn 1: the face-up counter goes to storage, face down.
    end_one = bench.at(1, "reloading").ships["defence"].broadsides["right"]
    assert (end_one.loaded, end_one.fired, sorted(end_one.storage)) == (None, None, ["ball", "chain", "grapeshot"])
    assert bench.events("stored", 1, ship="defence", side="right")
    # Turn 2: nothing to fire on the right; at reloading the British choose grapeshot, secretly.
    bench.until(2, "combat")
    assert not [r for r in bench.pending("fire", "defence") if r.id.endswith(".right")]
    bench.until(2, "reloading")
    load = bench.request("load", "defence", "right")
    assert [c["ammunition"] for c in load.choices] == ["ball", "chain", "grapeshot", None]  # None: leave it empty
    bench.until(3, "combat")
    assert bench.game.view("british")["ships"]["defence"]["broadsides"]["right"]["loaded"] == "grapeshot"
    assert bench.game.view("french")["ships"]["defence"]["broadsides"]["right"]["loaded"] == "hidden"
    # Turn 3: the guns fire again, with grapeshot: D counters in the red band.
    attack, _ = _aim(bench, 3)
    assert (attack["ammunition"], attack["pool"], len(attack["counters"])) == ("grapeshot", "D", 7)
    assert attack["modifiers"] == ["grapeshot"]


@pytest.mark.parametrize(("ammo", "pool"), [("chain", "C"), ("grapeshot", "D")])
def test_chain_and_grapeshot_hit_in_the_red_band_with_their_own_pools(std_bench, ammo, pool):
    bench = _bench(std_bench, RED_GAP)
    bench.script[("load", "defence", "right")] = _load(ammo)
    attack, _ = _aim(bench, 1)
    assert (attack["ammunition"], attack["pool"], len(attack["counters"])) == (ammo, pool, 7)
    assert all(label.startswith(pool) for label in attack["counters"])


@pytest.mark.parametrize("ammo", ["chain", "grapeshot"])
def test_chain_and_grapeshot_beyond_the_red_band_miss(std_bench, ammo):
    bench = _bench(std_bench, SHORT_GAP)
    bench.script[("load", "defence", "right")] = _load(ammo)
    attack, option = _aim(bench, 1)
    assert option["band"] == "short"
    assert attack["counters"] == [] and attack["modifiers"] == [f"{ammo}-missed"]
    genereux = bench.ship("genereux")
    assert not any(box.covered for box in genereux.ship_track + genereux.crew_track) and not genereux.zero_box
    broadside = bench.ship("defence").broadsides["right"]
    assert broadside.loaded is None and ammo in broadside.storage  # fired (revealed), then stored


def test_ball_beyond_the_red_band_is_the_basic_short_range_shot(std_bench):
    bench = _bench(std_bench, SHORT_GAP)
    attack, _ = _aim(bench, 1)
    assert (attack["ammunition"], attack["pool"], len(attack["counters"]), attack["modifiers"]) == ("ball", "B", 7, [])


def test_a_broadside_may_fire_with_no_target_to_empty_its_guns(std_bench):
    bench = std_bench(static=True)
    bench.park("terpsichore", "courageuse", "genereux", "defence")  # nobody in reach
    bench.script[("load", "defence", "right")] = [_load("chain"), _load("ball")]
    bench.until(1, "combat")
    request = bench.request("fire", "defence", "right")
    empty = ammunition.no_target_choice("right")
    assert request.choices == [None, empty]
    bench.answer(request, empty)
    bench.answer_all()
    bench.game.advance()
    assert [e["data"] for e in bench.events("guns-emptied", 1)] == [{"ship": "defence", "side": "right", "ammunition": "chain"}]
    assert not bench.events("attack", 1)
    bench.until(2, "reloading")  # stored at the end of turn 1, reloadable at the end of turn 2
    bench.until(3, "combat")
    assert bench.ship("defence").broadsides["right"].loaded == "ball"


def test_every_fire_request_offers_the_no_target_shot_once(std_bench):
    bench = _bench(std_bench, RED_GAP)
    bench.until(1, "combat")
    for request in bench.pending("fire"):
        side = request.id.split(".")[-1]
        assert request.choices.count(ammunition.no_target_choice(side)) == 1
        assert request.choices[0] is None
