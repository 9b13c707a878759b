"""A battery's actions with the Advanced rules (rulebook p. 48): as many as its hand symbols
show, chosen from its short list, planned secretly and revealed together; fire, musketry and
reload need theirs; extinguish fire and repair damage (normal damage only, once per game) work
as a ship's, a turn later."""

from __future__ import annotations

from sog.plugins.batteries.actions import crew_actions, plan_choices
from sog.plugins.system.battery_table import placed_batteries
from sog.state import Counter
from sog.views import HIDDEN

from battery_bench import CLOSE, SOUTH, bench


def _plans(*sets):
    """A ``battery-actions`` chooser answering ``sets`` turn after turn (then nothing)."""
    queue = [sorted(s) for s in sets]

    def choose(request):
        wanted = queue.pop(0) if queue else []
        return next(c for c in request.choices if sorted(c) == wanted)
    return choose


def _fort(b):
    return placed_batteries(b.game)[0]


def test_a_battery_has_the_crew_actions_of_its_leftmost_uncovered_hand_symbols():
    b = bench("advanced")
    fort = _fort(b)
    assert crew_actions(b.game, fort) == 2
    assert len(plan_choices(b.game, fort)) == 5 + 10  # every set of one or two of its five actions
    for box in fort.record["battery_track"][:2]:
        box["counters"].append(Counter(pool="A", index=0, value=2).model_dump(mode="json"))
    assert crew_actions(b.game, fort) == 1 and len(plan_choices(b.game, fort)) == 5


def test_planned_actions_are_secret_until_the_action_step_reveals_them():
    b = bench("advanced")
    b.only(("terpsichore", SOUTH))
    b.script[("battery-actions", None)] = _plans({"fire-guns", "musketry"})
    b.until(1, "planning")
    (request,) = b.battery_requests("battery-actions")
    assert request.seat == "french"
    b.record()["crew"] = {"planned": ["fire-guns", "musketry"], "delayed": [], "busy": [], "repaired": False}
    assert b.game.view("british")["ext"]["batteries"]["placed"][0]["crew"]["planned"] == [HIDDEN, HIDDEN]
    assert b.game.view("french")["ext"]["batteries"]["placed"][0]["crew"]["planned"] == ["fire-guns", "musketry"]
    b.until(1, "combat")
    (shown,) = b.events("battery-actions-revealed", 1)
    assert sorted(shown["data"]["actions"]) == ["fire-guns", "musketry"]


def test_without_fire_the_guns_a_battery_cannot_fire_and_without_musketry_no_musketry():
    b = bench("advanced")
    b.only(("terpsichore", CLOSE))
    b.script[("battery-actions", None)] = _plans({"reload-guns"})
    b.play(1)
    assert not [r for r in b.asked if r.kind in ("battery-fire", "battery-musketry")]
    assert not [e for e in b.events("attack", 1) if e["data"]["attacker"] == "fort"]
    b = bench("advanced")
    b.only(("terpsichore", CLOSE))
    b.script[("battery-actions", None)] = _plans({"fire-guns", "musketry"})
    b.until(1, "combat")
    assert len(b.battery_requests("battery-fire")) == 1 and len(b.battery_requests("battery-musketry")) == 1


def test_without_reload_the_guns_a_battery_that_fired_stays_empty():
    b = bench("advanced")
    b.only(("terpsichore", SOUTH))
    b.script[("battery-actions", None)] = _plans({"fire-guns"}, {"musketry"}, {"musketry"})
    b.script[("battery-fire", None)] = lambda r: r.choices[1] if len(r.choices) > 1 else None
    b.play(3)
    assert b.events("battery-reloaded") == [] and b.record()["gun"]["loaded"] is None


def test_repair_damage_empties_one_box_a_turn_later_and_only_once_a_game():
    b = bench("advanced")
    b.only(("terpsichore", SOUTH))
    fort = _fort(b)
    fort.record["battery_track"][0]["counters"].append(Counter(pool="A", index=0, value=1).model_dump(mode="json"))
    fort.record["battery_track"][1]["counters"].append(Counter(pool="A", index=1, value=1).model_dump(mode="json"))
    b.script[("battery-actions", None)] = _plans({"repair-damage"}, {"repair-damage"}, set())
    assert crew_actions(b.game, fort) == 1  # box 1 covered: the next hand symbol shows 1
    b.until(2, "actions")
    # In turn 2 the face-up counter took the only crew action: nothing was planned.
    assert not [r for r in b.asked if r.kind == "battery-actions" and r.id.startswith("t2.")]
    (repair,) = b.battery_requests("battery-repair")
    assert repair.choices == [1, 2]
    b.answer(repair, 2)
    b.play(4)
    (done,) = b.events("battery-repaired")
    assert done["turn"] == 2 and done["data"]["box"] == 2
    assert [len(box["counters"]) for box in b.record()["battery_track"]] == [1, 0, 0, 0]
    assert [r.id.split(".")[0] for r in b.asked if r.kind == "battery-repair"] == []  # answered by hand in turn 2
    assert not b.events("battery-repaired", 4)  # planned again in turn 3, at work in turn 4: nothing left to repair


def test_a_fire_burns_each_turn_until_the_extinguish_counter_put_it_out_at_the_end_of_the_next_turn():
    b = bench("advanced")
    b.only(("terpsichore", SOUTH))
    b.record()["fires"] = 1
    b.script[("battery-actions", None)] = _plans({"extinguish-fire"}, set(), set())
    b.play(3)
    assert [e["turn"] for e in b.events("battery-fire-damage")] == [1, 2]
    (out,) = b.events("battery-repaired")
    assert out["turn"] == 2 and out["data"]["repair"] == "fire" and b.record()["fires"] == 0


def test_with_ammunition_explosion_a_battery_burning_past_its_second_fire_marker_may_blow_up():
    from sog.plugins.optional import ammunition_explosion

    b = bench("advanced", options=("ammunition-explosion",))
    b.only(("terpsichore", SOUTH))
    for box in b.record()["battery_track"][:2]:
        box["markers"].append("fire-damage")
        box["full"] = True
    b.record()["fires"] = 1
    ammunition_explosion.stack(b.game, ["explosion"])
    b.reach(1, "planning")
    assert [e["data"]["drawn"] for e in b.events("battery-explosion-draw", 1)] == ["explosion"]
    assert b.record()["status"] == "exploded"
    assert [e["data"]["status"] for e in b.events("battery-eliminated", 1)] == ["exploded"]


def test_without_the_option_a_battery_burns_without_drawing():
    b = bench("advanced")
    b.only(("terpsichore", SOUTH))
    for box in b.record()["battery_track"][:2]:
        box["markers"].append("fire-damage")
    b.record()["fires"] = 1
    b.reach(1, "planning")
    assert b.events("battery-explosion-draw") == [] and b.record()["status"] == "in-play"
