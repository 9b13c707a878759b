"""Illegal actions (rulebook p. 29): a player may plan an action counter whose action cannot be
carried out (a bluff, or a mistake); it is revealed with the others, has no effect when its
time comes, its counter goes back to the unused box, and the log says why (``action-illegal``).
Each rule judges its own actions when their effect is due.

HMS Defence lies at (450, 450) heading north, its right broadside facing east; the Généreux
lies 70 mm east of it, heading north (short range); the frigates are parked. Nobody moves.
"""

from sog.bots import make_bot
from sog.game import SeatView
from sog.plugins.advanced import mat

GAP = 70.0


def _duel(adv_bench, probe=True):
    bench = adv_bench(static=True, probe=probe)
    bench.park("terpsichore", "courageuse")
    bench.put("defence", 450.0, 450.0, 0.0)
    bench.put("genereux", 471.5 + GAP + 21.5, 450.0, 0.0)
    return bench


def _illegal(bench, turn=None):
    return [(e["turn"], e["step"], e["data"]["action"], e["data"]["reason"]) for e in bench.events("action-illegal", turn)]


def _fire_at_genereux(bench):
    bench.script[("fire", "defence", "right")] = lambda r: next(c for c in r.choices if c and c.get("target") == "genereux")


def test_counters_whose_action_could_not_take_effect_may_be_planned_and_take_a_crew_action(adv_bench):
    bench = _duel(adv_bench)
    defence = bench.ship("defence")
    bench.actions[("defence", 1)] = ["pump-water", "extinguish-fire", "reload-left", "reload-right", "musketry"]
    bench.until(1, "planning")
    first = bench.request("action", "defence")
    assert {"pump-water", "extinguish-fire", "reload-left", "reload-right"} <= set(first.choices)
    assert defence.ext["crew-actions"]["legal"] == ["increase-sails", "decrease-sails", "fire-left", "fire-right",
                                                     "musketry", "repair-damage"]
    bench.play(1)
    assert len(bench.asked_of("action", "defence", 1)) == 4  # four crew actions, spent on four bluffs
    [revealed] = bench.events("actions-revealed", 1, ship="defence")
    assert revealed["data"]["actions"] == ["pump-water", "reload-left", "reload-right", "extinguish-fire"]
    assert _illegal(bench, 1) == [
        (1, "actions", "pump-water", "no water damage to pump"),
        (1, "actions", "extinguish-fire", "no fire on board"),
        (1, "reloading", "reload-left", "the left broadside is not empty or has nothing stored"),
        (1, "reloading", "reload-right", "the right broadside is not empty or has nothing stored"),
    ]
    assert not bench.events("water-pumped") and not bench.events("reloaded", 1, ship="defence")
    assert defence.ext["crew-actions"]["delayed"] == [] and defence.broadsides["left"].loaded == "ball"


def test_p29_shooting_with_unloaded_guns_has_no_effect(adv_bench):
    bench = _duel(adv_bench)
    _fire_at_genereux(bench)
    bench.actions[("defence", 1)] = ["fire-right"]
    bench.actions[("defence", 2)] = ["fire-right"]  # the right side fired in turn 1 and was not reloaded
    bench.until(2, "planning")
    request = bench.request("action", "defence")
    assert dict(zip(request.choices, request.labels))["fire-right"] == "fire the right broadside (no effect now)"
    bench.play(2)
    assert "fire-right" in bench.events("actions-revealed", 2, ship="defence")[0]["data"]["actions"]
    assert _illegal(bench, 2) == [(2, "combat", "fire-right", "the right broadside is not loaded")]
    assert not [r for r in bench.asked_of("fire", "defence", 2)]
    assert not bench.events("attack", 2)
    bench.until(3, "planning")
    assert "fire-right" in bench.request("action", "defence").choices  # the counter is back


def test_p29_extinguishing_a_fire_that_does_not_exist_has_no_effect_and_is_not_delayed(adv_bench):
    bench = _duel(adv_bench)
    bench.actions[("defence", 1)] = ["extinguish-fire"]
    bench.actions[("defence", 2)] = ["extinguish-fire", "fire-left", "musketry", "decrease-sails"]
    bench.play(2)
    assert _illegal(bench, 1) == [(1, "actions", "extinguish-fire", "no fire on board")]
    assert bench.at(1, "actions").ships["defence"].ext["crew-actions"]["delayed"] == []
    asked = bench.asked_of("action", "defence", 2)
    assert len(asked) == 4 and "extinguish-fire" in asked[0].choices  # free again, no crew action held


def test_fire_and_reload_on_one_loaded_broadside_the_fire_takes_effect_the_reload_does_not(adv_bench):
    bench = _duel(adv_bench)
    _fire_at_genereux(bench)
    bench.actions[("defence", 1)] = ["fire-right", "reload-right"]
    bench.play(1)
    assert bench.events("attack", 1, attacker="defence", side="right")
    assert _illegal(bench, 1) == [(1, "reloading", "reload-right", "the right broadside is not empty or has nothing stored")]
    assert bench.ship("defence").broadsides["right"].loaded is None  # fired, stored; reloaded no earlier than turn 2


def test_an_action_is_judged_when_its_effect_is_due_not_when_planned(adv_bench):
    """Illegal at planning, legal at its time: the reload of the side that has just been emptied is
    illegal (its counter is face up until the end of the reloading phase), that of a side emptied
    a turn earlier takes effect."""
    bench = _duel(adv_bench)
    _fire_at_genereux(bench)
    bench.actions[("defence", 1)] = ["fire-right"]
    bench.actions[("defence", 2)] = ["reload-right"]
    bench.script[("load", "defence", "right")] = lambda r: {"side": "right", "ammunition": "ball"}
    bench.play(2)
    assert _illegal(bench) == []
    assert bench.events("reloaded", 2, ship="defence", side="right")


def test_the_legal_hint_is_hidden_from_other_seats(adv_bench):
    bench = _duel(adv_bench)
    bench.until(1, "planning")
    bench.request("action", "genereux")
    assert bench.game.view("french")["ships"]["genereux"]["ext"]["crew-actions"]["legal"]
    assert bench.game.view("british")["ships"]["genereux"]["ext"]["crew-actions"]["legal"] == "hidden"


def test_the_captain_plans_only_actions_that_can_take_effect(adv_bench):
    """Every counter is offered; the captain reads its own ship's hint and plans no bluff."""
    bench = _duel(adv_bench)
    captain, chosen, plain = make_bot("captain", 1, "british", bench.game.system), [], bench.choose

    def choose(request):
        if request.kind == "action" and request.ship == "defence":
            chosen.append(captain.decide(SeatView(bench.game, "british"), request))
            return chosen[-1]
        return plain(request)

    bench.choose = choose
    bench.play(3)
    assert [c for c in chosen if c] and not bench.events("action-illegal", ship="defence")


def test_random_bots_plan_illegal_actions_and_their_games_still_end(adv_bench):
    illegal = 0
    for seed in range(3):
        game = adv_bench(seed).game
        outcome = game.run({seat: make_bot("random", seed, seat) for seat in game.seats()}, max_turns=200)
        assert outcome is not None
        illegal += len(game.log.of_kind("action-illegal"))
        assert all(e["data"]["action"] in mat.ACTION_ORDER for e in game.log.of_kind("action-illegal"))
    assert illegal > 0
