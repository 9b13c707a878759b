"""A card that waits is not revealed (p. 32): a ship whose struck sails were set again plans
one card per turn and does not move, its single card face down in slot 1, until both slots
are filled. HMS Defence sails alone from (450, 300) heading north; the others are parked."""


def test_the_single_card_of_a_restarting_ship_waits_unrevealed_then_is_revealed_when_it_runs(adv_bench):
    bench = adv_bench(probe=True)
    bench.park("terpsichore", "courageuse", "genereux")
    bench.put("defence", 450.0, 300.0, 0.0)
    bench.script[("sails", "defence")] = "backing"
    bench.script[("plan-first", "defence")] = "D-1"
    bench.script[("plan", "defence")] = lambda r: next(c for c in ("D-1", "D-2") if c in r.choices)
    bench.actions[("defence", 1)] = ["decrease-sails"]  # struck: the two planned cards run, then nothing
    bench.actions[("defence", 3)] = ["increase-sails"]  # backing again: one card per turn from turn 4
    bench.play(5)
    revealed = {e["turn"]: e["data"]["card"] for e in bench.events("card-revealed", ship="defence")}
    assert revealed == {1: "D-1", 2: "D-2", 5: "D-1"}  # turn 4: D-1 waits face down
    [waiting] = bench.events("ship-waiting", 4, ship="defence")
    assert waiting["data"]["card"] == "D-1"
    assert bench.at(4, "movement").ships["defence"].planned == ["D-1", None]
    assert "D-1" not in str(bench.at(4, "movement").ships["defence"].ext.get("veer"))  # not recorded as revealed
    assert [e["turn"] for e in bench.events("ship-moved", ship="defence")] == [1, 2, 5]
