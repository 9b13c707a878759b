"""The order of the set-up phases, as each scenario says (rulebook pp. 54-56): who places or
deploys what, before and after whom; the sides stay where the scenario puts them."""

from __future__ import annotations

from orders_bench import kinds, set_up
from sog.setup import new_game

ISLAND_FIRST = [("element-placed", "island"), ("reef-placed", "reef-1"), ("reef-placed", "reef-2"),
                ("ship-deployed", "terpsichore"), ("ship-deployed", "defence"),
                ("ship-deployed", "courageuse"), ("ship-deployed", "genereux")]
SHIPS_FIRST = [("ship-deployed", "courageuse"), ("ship-deployed", "genereux"), ("element-placed", "island"),
               ("reef-placed", "reef-1"), ("reef-placed", "reef-2"), ("reef-placed", "reef-3"),
               ("ship-deployed", "terpsichore"), ("ship-deployed", "defence")]


def _middle(request):
    """The middle choice; an island as near the middle of its side as it may go (room for its reefs)."""
    if request.kind == "place-element":
        return min(request.choices, key=lambda p: (abs(p["x"] - 450), p["y"]))
    return request.choices[len(request.choices) // 2]


def test_against_the_outpost_order_island_reefs_british_french(make_orders):
    game = make_orders("orders-outpost")
    asked = set_up(game, pick=_middle)
    assert asked == [("place-element", "french"), ("place-reef", "french"), ("place-reef", "french"),
                     ("deploy", "british"), ("deploy", "british"), ("deploy", "french"), ("deploy", "french")]
    assert kinds(game) == ISLAND_FIRST
    assert not [e for e in game.log.events if e["kind"] == "sides-drawn"], "the sides are the scenario's"
    assert game.state.wind.from_ == 90
    steps = {e["step"] for e in game.log.events if e["kind"] in ("element-placed", "reef-placed")}
    assert steps == {"terrain-placement"}
    assert {e["step"] for e in game.log.events if e["kind"] == "ship-deployed"} == {"deployment"}
    assert game.state.ext["terrain-placement"]["done"] and game.state.ext["deployment"]["done"]


def test_supplies_order_french_ships_terrain_british(make_orders):
    game = make_orders("orders-supplies")
    asked = set_up(game, pick=_middle)
    assert [seat for _, seat in asked] == ["french"] * 6 + ["british"] * 2
    assert kinds(game) == SHIPS_FIRST
    deployed = [e for e in game.log.events if e["kind"] == "ship-deployed"]
    assert [e["step"] for e in deployed] == ["terrain-placement"] * 2 + ["deployment"] * 2
    for ship_id in ("courageuse", "genereux"):  # along the British side, a ruler from the sides next to it
        pose = game.state.ships[ship_id].pose
        assert pose.y == 50 and 200 + 21.5 <= pose.x <= 700 - 21.5


def test_the_deployment_order_setting_puts_a_side_first(make_orders):
    game = make_orders("orders-outpost", settings={"deployment": {"order": ["french"], "zones": {
        "british": {"edge": "south", "within": "half-ruler"}, "french": {"point": "centre", "within": "half-ruler"}}}})
    set_up(game)
    assert [what for kind, what in kinds(game) if kind == "ship-deployed"] == ["courageuse", "genereux", "terpsichore", "defence"]


def _play_set_up(library, catalogue, scenario, level=None):
    game = new_game(scenario, library=library, catalogue=catalogue, seed=4, level=level)
    set_up(game, pick=_middle)
    return game


def test_the_scenarios_follow_their_texts(library, catalogue):
    assert kinds(_play_set_up(library, catalogue, "against-the-outpost")) == ISLAND_FIRST
    assert kinds(_play_set_up(library, catalogue, "supplies-are-coming")) == SHIPS_FIRST
    variant = _play_set_up(library, catalogue, "against-the-outpost-two-outposts")
    assert kinds(variant) == [("element-placed", "island"), ("reef-placed", "reef-1"), ("reef-placed", "reef-2"),
                              ("element-placed", "british-island"), ("reef-placed", "reef-3"), ("reef-placed", "reef-4"),
                              ("ship-deployed", "terpsichore"), ("ship-deployed", "defence"),
                              ("ship-deployed", "courageuse"), ("ship-deployed", "genereux")]
    seats = {e["data"]["id"]: e["data"]["seat"] for e in variant.log.events if e["kind"] in ("element-placed", "reef-placed")}
    assert seats == {"island": "french", "reef-1": "french", "reef-2": "french",
                     "british-island": "british", "reef-3": "british", "reef-4": "british"}
    for ship in variant.ships():  # within a ruler of their own side
        assert (ship.pose.y <= 200) if ship.side == "british" else (ship.pose.y >= 1000)


class _Middle:
    """A controller with no state of its own: the middle choice (islands as in :func:`_middle`)."""

    def decide(self, view, request):
        return _middle(request) if request.kind == "place-element" else request.option(request.count() // 2)


def test_a_game_saved_between_the_phases_continues_identically(library, catalogue):
    import json

    from sog.events import dumps
    from sog.savefile import dump_game, load_game

    def fresh():
        return new_game("supplies-are-coming", library=library, catalogue=catalogue, seed=6)

    whole = fresh()
    whole.run({seat: _Middle() for seat in whole.seats()}, max_turns=2)
    part = fresh()
    part.advance()
    for _ in range(3):  # the two French ships deployed and the island placed; the reefs to come
        for request in part.pending():
            part.submit(request.seat, request.id, _Middle().decide(None, request))
        part.advance()
    assert part.state.ext["terrain-placement"]["phase"] == 2 and part.state.ext["deployment"]["deployed"] == ["courageuse", "genereux"]
    resumed = load_game(json.loads(json.dumps(dump_game(part))), library=library, catalogue=catalogue)
    resumed.run({seat: _Middle() for seat in resumed.seats()}, max_turns=2)
    # byte for byte: the deployed poses are floats in the state, as a save reloads them (a
    # whole-number position once logged 350 live and 350.0 resumed at the ship's first move)
    assert dumps(resumed.log.events) == dumps(whole.log.events)


def test_what_was_placed_is_public(make_orders):
    game = make_orders("orders-supplies")
    set_up(game, until="place-reef")
    view = game.view("british")
    assert [r["id"] for r in view["ext"]["terrain"]["placed"]] == ["island"]
    assert view["ext"]["terrain"]["placed"][0]["x"] == game.state.ext["terrain"]["placed"][0]["x"]
    assert view["ext"]["deployment"]["deployed"] == ["courageuse", "genereux"]

