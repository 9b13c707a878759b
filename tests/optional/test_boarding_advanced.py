"""Boarding with the Advanced rules (rulebook p. 39) and Boarding and Entanglement (p. 40).

HMS Terpsichore (burden 2, crew 220) lies at (450, 450) heading north; the Courageuse
(burden 3, crew 280) lies beside her, base against base. HMS Defence and the Généreux are
parked. Movement is blocked unless a test moves the ships.
"""

from opt2_bench import make  # noqa: F401  (fixtures)
from opt3_bench import box, line_up, plan
from sog.plugins.optional import boarding, boarding_fight

#: A seed whose shuffle of Boarding and Blank (one ship tries, p. 37) draws Boarding.
GRAPPLING_SEED = 2


def _bench(make, boarders=("terpsichore", "courageuse"), seed=1, static=True, options=("boarding",)):
    bench = line_up(make, options, seed=seed, static=static)
    for ship in boarders:
        plan(bench, ship, "boarding")
        bench.script[("boarding", ship)] = "boarding"
    return bench


def _fill_crew(bench, ship_id, leave=1):
    for b in bench.ship(ship_id).crew_track[:-leave]:
        b.markers.append("crew-loss")


def _rounds(bench, turn=1):
    return [[(d["ship"], d["target"], d["counter"]) for d in e["data"]["draws"]] for e in bench.events("boarding-round", turn)]


def test_the_boarding_action_is_legal_for_ships_touching_an_enemy(make):
    bench = _bench(make, boarders=())
    bench.until(1, "planning")
    for ship in ("courageuse", "terpsichore"):
        assert "boarding" in bench.request("action", ship).choices
        assert "boarding" in bench.ship(ship).ext["crew-actions"]["legal"]
    far = bench.request("action", "genereux")  # parked far away: may plan it (p. 29), to no effect
    assert dict(zip(far.choices, far.labels))["boarding"] == "prepare boarding parties (no effect now)"
    assert "boarding" not in bench.ship("genereux").ext["crew-actions"]["legal"]


def test_a_boarding_action_of_a_ship_touching_no_enemy_has_no_effect(make):
    bench = _bench(make, boarders=())
    plan(bench, "genereux", "boarding")
    bench.play(1)
    [illegal] = bench.events("action-illegal", 1)
    assert (illegal["step"], illegal["data"]) == ("boarding-declaration",
                                                  {"ship": "genereux", "action": "boarding", "reason": "no enemy in base contact"})
    assert all("genereux" not in e["data"]["ships"] for e in bench.events("grapple-settled", 1))
    assert not [r for r in bench.asked if r.kind == "boarding" and r.ship == "genereux"]


def test_the_declaration_comes_after_the_actions_are_revealed_and_before_movement(make):
    steps = [s.name for s in _bench(make, static=False).game.steps]
    assert steps.index("planning") < steps.index("actions") < steps.index("boarding-declaration") < steps.index("movement")
    basic = [s.name for s in make("basic", ("boarding",)).game.steps]
    assert basic.index("boarding-declaration") < basic.index("planning")  # unchanged for Basic and Standard


def test_only_a_ship_that_planned_the_boarding_action_chooses_a_counter(make):
    bench = _bench(make, boarders=("courageuse",))
    bench.until(1, "boarding-declaration")
    assert [(r.kind, r.ship, r.choices) for r in bench.pending()] == [("boarding", "courageuse", ["boarding", "blank"])]
    bench.play(1)
    [settled] = bench.events("grapple-settled", 1)
    assert settled["data"]["tried"] == ["courageuse"] and settled["data"]["drawn"] in ("boarding", "blank")


def test_a_ship_that_planned_boarding_may_still_show_blank(make):
    bench = _bench(make)
    bench.script[("boarding", "courageuse")] = "blank"
    bench.play(1)
    [settled] = bench.events("grapple-settled", 1)
    assert settled["data"]["tried"] == ["terpsichore"]


def test_without_any_boarding_action_nobody_is_asked_and_nobody_grapples(make):
    bench = _bench(make, boarders=())
    bench.play(1)
    assert not any(".boarding-declaration." in a["id"] for e in bench.events("decisions", 1) for a in e["data"]["answers"])
    [settled] = bench.events("grapple-settled", 1)
    assert settled["data"] == {"ships": ["terpsichore", "courageuse"], "tried": [], "drawn": None, "grappled": False}


def test_grappled_ships_do_not_move_this_very_turn(make):
    bench = _bench(make, static=False)
    before = {s: bench.ship(s).pose.model_copy() for s in ("terpsichore", "courageuse")}
    bench.stack("E", [(0, None)] * 5)
    bench.play(1)
    assert {e["data"]["ship"] for e in bench.events("grappled-held", 1)} == {"terpsichore", "courageuse"}
    assert all(bench.ship(s).pose == before[s] for s in before)


def test_both_ships_with_the_action_fight_as_with_standard_rules(make):
    bench = _bench(make)
    bench.stack("E", [(0, None)] * 5)
    bench.play(1)
    assert bench.events("boarding-advantage", 1) == []
    assert [[(s, t) for s, t, _ in r] for r in _rounds(bench)] == [
        [("terpsichore", "courageuse"), ("courageuse", "terpsichore")],
        [("terpsichore", "courageuse"), ("courageuse", "terpsichore")],
        [("courageuse", "terpsichore")],
    ]


def test_rulebook_example_courageuse_boards_terpsichore_busy_with_a_fire(make):
    bench = _bench(make, boarders=("courageuse",), seed=GRAPPLING_SEED)
    box(bench, "terpsichore")["fire"] = 1
    plan(bench, "terpsichore", "extinguish-fire")  # her crew is busy: no Boarding action
    _fill_crew(bench, "terpsichore")  # one crew box left: the last crew damage
    bench.stack("E", [(0, None), (0, None), (0, None), (None, "crew")])
    bench.play(1)
    [settled] = bench.events("grapple-settled", 1)
    assert settled["data"]["grappled"] and settled["data"]["drawn"] == "boarding"
    [advantage] = bench.events("boarding-advantage", 1)
    assert advantage["data"] == {"ship": "terpsichore", "boarder": "courageuse", "counter": "E0"}  # first of all
    assert _rounds(bench) == [
        [("courageuse", "terpsichore", "E0")],  # drawn for the Courageuse, applied against the Terpsichore
        [("terpsichore", "courageuse", "E0")],  # she does not surrender: her counter against the Courageuse
        [("courageuse", "terpsichore", "E:crew")],  # the last crew damage
    ]
    [removed] = bench.events("ship-removed", 1)
    assert removed["data"] == {"ship": "terpsichore", "status": "surrendered", "cause": "boarding"}
    courageuse = bench.ship("courageuse")
    assert [c.label() for c in courageuse.zero_box] == ["E0"] and not courageuse.crew_track[0].covered  # no more drawn


def test_the_advantage_counter_alone_may_make_the_enemy_surrender(make):
    bench = _bench(make, boarders=("courageuse",), seed=GRAPPLING_SEED)
    _fill_crew(bench, "terpsichore")
    bench.stack("E", [(None, "crew")])
    bench.play(1)
    assert [e["data"]["counter"] for e in bench.events("boarding-advantage", 1)] == ["E:crew"]
    assert bench.ship("terpsichore").status == "surrendered" and _rounds(bench) == []


def test_ruling_first_in_each_round_the_boarders_counter_is_applied_before_the_others(make):
    bench = _bench(make, boarders=("courageuse",), seed=GRAPPLING_SEED)
    _fill_crew(bench, "courageuse")
    _fill_crew(bench, "terpsichore")
    bench.stack("E", [(0, None), (None, "crew"), (None, "crew")])  # the advantage, then the Courageuse's counter
    bench.play(1)
    assert _rounds(bench) == [[("courageuse", "terpsichore", "E:crew")]]  # the Terpsichore never strikes back
    assert bench.ship("courageuse").in_play and bench.events("boarding-spared", 1) == []
    assert boarding_fight.FIRST and boarding_fight.ADVANTAGE


def _held(bench, turn):
    return {e["data"]["ship"] for kind in ("grappled-held", "entangled-held") for e in bench.events(kind, turn)}


def test_boarding_and_entanglement_ships_move_only_when_disentangled_and_ungrappled(make):
    bench = _bench(make, boarders=(), static=False, options=("boarding", "entanglement"))
    bench.put("genereux", 60.0, 840.0, 180.0)  # far from HMS Defence too: only our pair ever touches
    for ship in ("terpsichore", "courageuse"):
        plan(bench, ship, turns={1: ["boarding"], 3: ["boarding"]})
        bench.script[("boarding", ship)] = "boarding"
    crew, zero = (None, "crew"), (0, None)
    # turn 1: entangled, grappled (five fight counters); turn 2: still entangled, nobody boards;
    # turn 3: freed, grappled again; turn 4: not entangled again, nobody boards
    bench.stack("E", [crew, *[zero] * 5, zero, crew, *[zero] * 5, zero])
    poses = []
    for turn in (1, 2, 3, 4):
        poses.append(bench.ship("courageuse").pose.model_copy())
        bench.play(turn)
    checks = [(e["turn"], e["kind"], e["data"].get("entangled", e["data"].get("freed")))
              for e in bench.game.log.events if e["kind"] in ("entanglement-check", "disentanglement-check") and e["turn"] <= 4]
    assert checks == [(1, "entanglement-check", True), (2, "disentanglement-check", False),
                      (3, "disentanglement-check", True), (4, "entanglement-check", False)]
    assert [[e["data"]["grappled"] for e in bench.events("grapple-settled", t)] for t in (1, 2, 3, 4)] == \
        [[True], [False], [True], [False]]
    assert [_held(bench, t) for t in (1, 2, 3)] == [{"terpsichore", "courageuse"}] * 3
    assert [e["data"]["ship"] for e in bench.events("grappled-held", 3)] == ["terpsichore", "courageuse"]
    assert _held(bench, 4) == set() and bench.ship("courageuse").pose != poses[3]  # free at last: she moves
    assert poses[0] == poses[3]
