"""Reloading (rulebook p. 20 and its example; the preview article; RULES-NOTES item 13).

The example: HMS Defence fires her right broadside in turn 1 (counter face up); in the
reloading phase of turn 1 the counter goes face down to storage; in the reloading phase of
turn 2 it goes back into the broadside box; she fires that broadside again in turn 3. A probe
records the state at the end of every step. Reloading is optional (pp. 20, 27: "may"): each
reload is answered explicitly here.
"""

from sog.plugins.basic import reloading

SHIPS = ("terpsichore", "defence", "courageuse", "genereux")


def _side(state, ship_id, side):
    b = state.ships[ship_id].broadsides[side]
    return {"loaded": b.loaded, "fired": b.fired, "storage": list(b.storage)}


LOADED = {"loaded": "ball", "fired": None, "storage": []}
FACE_UP = {"loaded": None, "fired": "ball", "storage": []}
STORED = {"loaded": None, "fired": None, "storage": ["ball"]}
RELOAD = {"ammunition": "ball"}
EMPTY = {"ammunition": None}


def _load(b, answers):
    """Answer the open ``load`` requests: ``answers[(ship, side)]`` is RELOAD or EMPTY; then go on."""
    answers = dict(answers)
    for (ship, side), answer in list(answers.items()):
        b.submit(b.request("load", ship, side), {"side": side, **answers.pop((ship, side))})
    assert not b.pending("load"), "a load request was not answered"
    b.resolve()


def test_reloading_example_fire_turn_1_store_turn_1_reload_turn_2_fire_turn_3(bench):
    b = bench(static=True, probe=True)
    b.put("courageuse", 450.0, 450.0, 0.0)
    b.put("defence", 450.0 - 43.0 - 150.0, 450.0, 0.0)  # Courageuse off her starboard side, long range
    b.put("terpsichore", 450.0 + 43.0 + 10.0, 450.0, 180.0)  # a musketry target: a decision every turn
    b.park("genereux")
    b.stack("A", [(0, None)] * 14)
    b.plan()
    assert _side(b.game.state, "defence", "right") == LOADED
    b.resolve({("fire", "defence", "right"): b.option(b.fire_request("defence", "right"), "courageuse", "central")})
    assert _side(b.at(1, "combat"), "defence", "right") == FACE_UP
    assert _side(b.at(1, "reloading"), "defence", "right") == STORED
    assert [e["data"] for e in b.events("stored", 1)] == [{"ship": "defence", "side": "right"}]
    assert b.events("reloaded", 1) == []

    assert b.game.state.turn == 2 and b.game.step.name == "combat"
    assert b.fire_request("defence", "right") is None  # turn 2: cannot fire
    b.resolve()
    assert b.game.step.name == "reloading"
    _load(b, {("defence", "right"): RELOAD})
    assert _side(b.at(2, "combat"), "defence", "right") == STORED
    assert _side(b.at(2, "reloading"), "defence", "right") == LOADED
    assert [e["data"] for e in b.events("reloaded", 2)] == [{"ship": "defence", "side": "right"}]
    assert b.events("stored", 2) == []

    assert b.game.state.turn == 3
    b.resolve({("fire", "defence", "right"): b.option(b.fire_request("defence", "right"), "courageuse", "central")})
    assert [(e["turn"], e["data"]["attacker"], e["data"]["side"]) for e in b.events("attack") if e["data"]["kind"] == "artillery"] == [
        (1, "defence", "right"), (3, "defence", "right")]
    assert _side(b.at(3, "reloading"), "defence", "right") == STORED
    # the other side never fired: loaded all along, never stored
    assert all(_side(b.at(t, step), "defence", "left") == LOADED for t in (1, 2, 3) for step in ("combat", "reloading"))


def test_both_broadsides_fired_in_one_turn_reload_together(bench):
    b = bench(static=True, probe=True)
    b.put("defence", 450.0, 450.0, 0.0)
    b.put("courageuse", 450.0 + 43.0 + 150.0, 450.0, 0.0)  # to starboard: her left faces Defence
    b.put("genereux", 450.0 - 43.0 - 150.0, 450.0, 0.0)    # to port
    b.park("terpsichore")
    b.stack("A", [(0, None)] * 16)
    b.plan()
    b.resolve({("fire", "defence", "right"): b.option(b.fire_request("defence", "right"), "courageuse", "central"),
               ("fire", "defence", "left"): b.option(b.fire_request("defence", "left"), "genereux", "central")})
    assert [_side(b.at(1, "reloading"), "defence", s) for s in ("left", "right")] == [STORED, STORED]
    assert b.game.state.turn == 2  # Courageuse held fire: she is asked again, Defence is not
    assert b.pending(ship="defence") == []
    b.resolve()
    _load(b, {("defence", "left"): RELOAD, ("defence", "right"): RELOAD})
    assert [_side(b.at(2, "reloading"), "defence", s) for s in ("left", "right")] == [LOADED, LOADED]
    assert sorted(e["data"]["side"] for e in b.events("reloaded", 2)) == ["left", "right"]
    assert b.game.state.turn == 3
    assert b.fire_request("defence", "left") is not None and b.fire_request("defence", "right") is not None


def test_in_basic_rules_ships_start_loaded_with_ball_and_only_ball_exists(bench):
    b = bench(static=True)
    assert all(s.broadsides[side].loaded == "ball" and not s.broadsides[side].storage
               for s in b.game.ships() for side in ("left", "right"))
    assert "setup" not in [step.name for step in b.game.steps]  # nothing to choose before turn 1


def _fired_turn_1(bench):
    """HMS Defence fires her right broadside at the Courageuse in turn 1; turn 2's combat is done."""
    b = bench(static=True, probe=True)
    b.put("courageuse", 450.0, 450.0, 0.0)
    b.put("defence", 450.0 - 43.0 - 150.0, 450.0, 0.0)  # long range
    b.put("terpsichore", 450.0 + 43.0 + 10.0, 450.0, 180.0)  # a musketry target: a decision every turn
    b.park("genereux")
    b.stack("A", [(0, None)] * 14)
    b.plan()
    b.resolve({("fire", "defence", "right"): b.option(b.fire_request("defence", "right"), "courageuse", "central")})
    b.resolve()  # turn 2 combat
    return b


def test_basic_reloading_asks_whether_to_reload_ball_or_leave_the_side_empty(bench):
    b = _fired_turn_1(bench)
    assert b.game.step.name == "reloading"
    request = b.request("load", "defence", "right")
    assert request.choices == [{"side": "right", "ammunition": "ball"}, reloading.leave_empty_choice("right")]
    assert request.labels == ["ball", "leave empty"]
    assert [r.id for r in b.pending("load")] == [request.id]  # the loaded sides are not asked
    _load(b, {("defence", "right"): RELOAD})
    assert _side(b.at(2, "reloading"), "defence", "right") == LOADED


def test_a_side_left_empty_stays_empty_and_cannot_fire_next_turn(bench):
    b = _fired_turn_1(bench)
    _load(b, {("defence", "right"): EMPTY})
    assert _side(b.at(2, "reloading"), "defence", "right") == STORED
    assert b.events("reloaded", 2) == []
    assert b.game.state.turn == 3 and b.game.step.name == "combat"
    assert b.fire_request("defence", "right") is None  # turn 3: nothing to fire
    b.resolve()
    # Asked again at the next reloading phase; reloaded now, she fires in turn 4.
    _load(b, {("defence", "right"): RELOAD})
    assert _side(b.at(3, "reloading"), "defence", "right") == LOADED
    assert [e["turn"] for e in b.events("reloaded")] == [3]
    assert b.game.state.turn == 4 and b.fire_request("defence", "right") is not None
