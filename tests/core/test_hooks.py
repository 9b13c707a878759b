"""Every hook, exercised by a small house rule registered like a third-party plugin."""

from dataclasses import replace

from pydantic import BaseModel, ConfigDict

from sog import hookimpl
from sog.bots import make_bot
from sog.hooktypes import Outcome, Step
from sog.plugins.system.hooktypes import AttackModifier
from sog.packs.kinds import ContentKind
from sog.packs.loader import load_library
from sog.pluginmanager import content_kinds, create_catalogue
from sog.plugins.system import LEVELS
from sog.rules import Rule
from sog.setup import new_game
from sog.plugins.system.content_models import deck_of


class Flag(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    id: str
    colour: str


FLAG_SCHEMA = {
    "type": "object",
    "required": ["kind", "id", "colour"],
    "properties": {"kind": {"const": "flag"}, "id": {"type": "string"}, "colour": {"type": "string"}},
    "additionalProperties": False,
}


class Drill:
    """A house rule touching every hook; ``settings`` pick which behaviours are on."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.events: list[str] = []

    @hookimpl
    def sog_rules(self):
        schema = {"type": "object", "properties": {k: {"type": "boolean"} for k in
                  ("anchor", "extra", "victory", "narrow")}, "additionalProperties": False}
        return [Rule("drill", "A test rule using every hook.", LEVELS, self, settings_schema=schema)]

    @hookimpl
    def sog_content_kinds(self):
        return [ContentKind("flag", FLAG_SCHEMA, Flag, "A flag.")]

    @hookimpl
    def sog_event_kinds(self):
        return {"drilled": "A drill order was carried out."}

    @hookimpl
    def sog_decision_kinds(self):
        return {"drill-order": "Left or right."}

    @hookimpl
    def sog_turn_steps(self):
        return [Step("drill", 350, "Crews drill.")]

    @hookimpl
    def sog_game_setup(self, game):
        game.state.ext["drill"] = {"orders": [], "secret": "plans"}
        self.calls.append("setup")

    @hookimpl
    def sog_turn_begin(self, game):
        self.calls.append(f"turn-begin {game.state.turn}")

    @hookimpl
    def sog_turn_end(self, game):
        self.calls.append(f"turn-end {game.state.turn}")

    @hookimpl
    def sog_step_begin(self, game, step):
        self.calls.append(f"begin {step.name}")

    @hookimpl
    def sog_step_end(self, game, step):
        self.calls.append(f"end {step.name}")

    @hookimpl
    def sog_decisions_needed(self, game, step):
        if step.name != "drill" or game.state.step_round > 0:
            return []
        return [game.make_request(rule="drill", kind="drill-order", seat=seat, prompt="drill?", choices=["left", "right"])
                for seat in game.seats()]

    @hookimpl
    def sog_step_resolve(self, game, step, answers):
        for request, answer in answers:
            if request.rule == "drill":
                game.state.ext["drill"]["orders"].append([request.seat, answer])
                game.emit("drilled", seat=request.seat, order=answer)

    @hookimpl
    def sog_legal_choices(self, game, request, choices):
        if game.settings("drill").get("narrow") and request.kind == "plan":
            return choices[:2]
        return None

    @hookimpl
    def sog_modify_movement(self, game, ship, move):
        if game.settings("drill").get("anchor"):
            return replace(move, card=None)
        return None

    @hookimpl
    def sog_available_actions(self, game, ship):
        return ["drill-action"] if ship.side == "british" else []

    @hookimpl
    def sog_movement_overlaps(self, game, groups):
        self.calls.append(f"overlaps {groups}")

    @hookimpl
    def sog_attack_modifiers(self, game, attack):
        return [AttackModifier(source="drill", extra_counters=2)] if game.settings("drill").get("extra") else []

    @hookimpl
    def sog_apply_damage(self, game, ship, counters, attacks):
        self.calls.append(f"damage {ship.id} {len(counters)}")
        return None  # let the damage rule place them

    @hookimpl
    def sog_pool_exhausted(self, game, pool):
        self.calls.append(f"exhausted {pool}")

    @hookimpl
    def sog_ship_removed(self, game, ship, reason):
        self.calls.append(f"removed {ship.id} {reason}")

    @hookimpl
    def sog_check_victory(self, game):
        if game.settings("drill").get("victory") and game.state.turn >= 2 and game.step and game.step.name == "drill":
            return Outcome(winner="french", reason="drill over")
        return None

    @hookimpl
    def sog_redact_view(self, game, seat, view):
        view["ext"]["drill"]["secret"] = "hidden"

    @hookimpl
    def sog_redact_event(self, game, seat, event):
        if event["kind"] == "drilled" and event["data"]["seat"] != seat:
            event["data"]["order"] = "hidden"

    @hookimpl
    def sog_event(self, game, event):
        self.events.append(event["kind"])


def drill_game(settings=None, seed=3):
    drill = Drill()
    catalogue = create_catalogue(entry_point_plugins=False, extra=[drill])
    game = new_game("enemy-in-sight", seed=seed, options=["drill"], settings={"drill": settings or {}}, catalogue=catalogue)
    return drill, game


def run(game, seed=3, turns=None, bot="random"):
    return game.run({s: make_bot(bot, seed, s, game.system) for s in game.seats()}, max_turns=turns)


def test_lifecycle_hooks_are_called_in_order():
    drill, game = drill_game()
    run(game, turns=1)
    calls = drill.calls
    assert calls[0] == "setup"
    first_turn = calls[calls.index("turn-begin 1"): calls.index("turn-end 1") + 1]
    begins = [c for c in first_turn if c.startswith("begin ")]
    assert begins == ["begin planning", "begin movement", "begin drill", "begin combat", "begin damage", "begin reloading"]
    assert first_turn.index("begin drill") < first_turn.index("end drill") < first_turn.index("begin combat")


def test_a_rule_step_asks_every_seat_and_resolves_together():
    drill, game = drill_game()
    run(game, turns=1)
    orders = game.state.ext["drill"]["orders"]
    assert sorted(seat for seat, _ in orders[:2]) == ["british", "french"]
    assert "drilled" in drill.events and "drill-order" in game.decision_kinds


def test_filter_choices_narrows_another_rules_request():
    _, game = drill_game({"narrow": True})
    game.advance()
    assert all(len(r.choices) == 2 for r in game.pending())


def test_modify_movement_can_hold_every_ship():
    _, game = drill_game({"anchor": True})
    before = {s.id: s.pose.model_dump() for s in game.ships()}
    run(game, turns=2)
    assert {s.id: s.pose.model_dump() for s in game.ships()} == before
    assert not game.log.of_kind("ship-moved")


def test_attack_modifiers_add_counters():
    _, extra = drill_game({"extra": True}, seed=8)
    run(extra, seed=8, turns=12, bot="captain")
    attacks = extra.log.of_kind("attack")
    assert attacks, "no attack happened in 12 turns with seed 8"
    for event in attacks:
        data = event["data"]
        assert data["modifiers"] == ["drill"]
        assert len(data["counters"]) == data["firepower"] + 2
    assert not extra.log.of_kind("pool-exhausted")


def test_apply_damage_and_ship_removed_hooks_see_the_damage_rule_work():
    drill, game = drill_game(seed=5)
    run(game, seed=5)
    assert any(c.startswith("damage ") for c in drill.calls)
    removed = [c for c in drill.calls if c.startswith("removed ")]
    assert removed and len(removed) == len(game.log.of_kind("ship-removed"))


def test_pool_exhausted_is_called_when_a_pool_runs_dry():
    drill, game = drill_game(seed=5)
    game.state.pools["E"].bag = []
    assert game.draw("E", 2) == []
    assert drill.calls[-1] == "exhausted E"
    assert game.log.of_kind("pool-exhausted")[-1]["data"] == {"pool": "E", "missing": 2}


def test_check_victory_from_a_house_rule_ends_the_game():
    _, game = drill_game({"victory": True})
    outcome = run(game)
    assert outcome.winner == "french" and outcome.reason == "drill over"
    assert game.state.turn == 2


def test_redact_view_hides_a_rules_own_secret():
    _, game = drill_game()
    assert game.state.ext["drill"]["secret"] == "plans"
    assert game.view("british")["ext"]["drill"]["secret"] == "hidden"
    assert game.state.ext["drill"]["secret"] == "plans"


def test_redact_event_hides_a_rules_own_secret_from_other_seats_only():
    _, game = drill_game()
    run(game, turns=1)
    logged = [e for e in game.log.events if e["kind"] == "drilled"]
    shown = [e for e in game.events_for("british") if e["kind"] == "drilled"]
    assert len(logged) == len(shown) >= 2 and all(e["data"]["order"] != "hidden" for e in logged)
    assert [e["data"]["order"] == "hidden" for e in shown] == [e["data"]["seat"] != "british" for e in logged]


def test_event_hook_sees_every_event():
    drill, game = drill_game()
    run(game, turns=1)
    assert drill.events == [e["kind"] for e in game.log.events]


def test_content_kinds_from_a_plugin_are_loaded(tmp_path):
    drill = Drill()
    catalogue = create_catalogue(entry_point_plugins=False, extra=[drill])
    pack = tmp_path / "flags"
    pack.mkdir()
    (pack / "pack.yaml").write_text("name: flags\nversion: 0.1.0\ndescription: Flags.\nrequires: []\n")
    (pack / "flags.yaml").write_text("kind: flag\nid: union\ncolour: blue\n")
    library = load_library([pack], kinds=content_kinds(catalogue))
    assert library.get("flag", "union").colour == "blue"


def _straight(game, ship_id):
    ship = game.ship(ship_id)
    deck = deck_of(game.content, game.ship_doc(ship).deck)
    return next(c.id for c in deck.cards if c.kind == "normal" and c.veer == 5 and c.end("battle", "green")[0] == 0)


def test_movement_overlaps_reports_the_colliding_group():
    from sog.state import PoseState

    drill, game = drill_game()
    game.ship("terpsichore").pose = PoseState(x=450, y=300, heading=0)
    game.ship("courageuse").pose = PoseState(x=450, y=430, heading=90)  # into the wind: taken aback
    game.advance()
    for seat in game.seats():
        for request in game.pending(seat):
            if request.ship == "terpsichore":
                game.submit(seat, request.id, _straight(game, request.ship))
            else:  # the others plan their first legal card (courageuse: a red card, it backs)
                game.submit(seat, request.id, request.choices[0])
    game.advance()
    assert "overlaps [['terpsichore', 'courageuse']]" in drill.calls
    bases = {s: game.ship(s) for s in ("terpsichore", "courageuse")}
    from sog.plugins.system.tabletop import rect_of
    assert not rect_of(game, bases["terpsichore"]).overlaps(rect_of(game, bases["courageuse"]))


def test_pipeline_hooks_run_in_rule_order_and_chain():
    class Second:
        @hookimpl
        def sog_rules(self):
            return [Rule("second", "Runs after drill.", LEVELS, self, requires=("drill",))]

        @hookimpl
        def sog_legal_choices(self, game, request, choices):
            return choices[1:] if request.kind == "plan" else None

    drill = Drill()
    catalogue = create_catalogue(entry_point_plugins=False, extra=[drill, Second()])
    game = new_game("enemy-in-sight", seed=3, options=["drill", "second"], settings={"drill": {"narrow": True}}, catalogue=catalogue)
    game.advance()
    full = deck_of(game.content, game.ship_doc(game.ship("terpsichore")).deck).cards
    normal = [c.id for c in full if c.kind == "normal"]
    # drill keeps the first two cards, then second drops the first of those: one is left,
    # and a single legal choice is answered at once, so planning resolved without anybody.
    planning = game.log.of_kind("decisions")[0]["data"]["answers"]
    assert {"id": "t1.planning.plan.terpsichore", "seat": "british", "answer": normal[1]} in planning
    assert game.step.name != "planning"


def test_available_actions_are_collected_from_every_rule():
    _, game = drill_game()
    british = game.ships(side="british")[0]
    french = game.ships(side="french")[0]
    offered = lambda ship: [a for batch in game.hook.sog_available_actions(game=game, ship=ship) for a in batch]
    assert offered(british) == ["drill-action"]
    assert offered(french) == []


def test_a_request_left_without_choices_is_withdrawn():
    class Silence:
        @hookimpl
        def sog_rules(self):
            return [Rule("silence", "French ships plan nothing.", LEVELS, self)]

        @hookimpl
        def sog_legal_choices(self, game, request, choices):
            return [] if request.kind == "plan" and request.seat == "french" else None

    catalogue = create_catalogue(entry_point_plugins=False, extra=[Silence()])
    game = new_game("enemy-in-sight", seed=3, options=["silence"], catalogue=catalogue)
    game.advance()
    assert {r.seat for r in game.pending()} == {"british"}
    for request in game.pending("british"):
        game.submit("british", request.id, request.choices[0])
    game.advance()
    assert all(s.planned[0] is None for s in game.ships(side="french"))
    assert not [e for e in game.log.of_kind("card-revealed") if e["data"]["ship"] in ("courageuse", "genereux")]


def test_a_choice_a_rule_adds_is_labelled_from_the_choice_it_extends():
    class Marker:
        @hookimpl
        def sog_rules(self):
            return [Rule("marker", "Asks a question and adds variants to it.", LEVELS, self)]

        @hookimpl
        def sog_decision_kinds(self):
            return {"mark": "Pick a number."}

        @hookimpl
        def sog_turn_steps(self):
            return [Step("marking", 50, "Pick a number.")]

        @hookimpl
        def sog_decisions_needed(self, game, step):
            if step.name != "marking" or game.state.step_round:
                return []
            return [game.make_request(rule="marker", kind="mark", seat="british", prompt="number?",
                                      choices=[{"n": 1}, {"n": 2}], labels=["one", "two"])]

        @hookimpl
        def sog_legal_choices(self, game, request, choices):
            if request.kind != "mark":
                return None
            return [*choices, {"n": 2, "aim": "high"}, "plain"]

    catalogue = create_catalogue(entry_point_plugins=False, extra=[Marker()])
    game = new_game("enemy-in-sight", seed=3, options=["marker"], catalogue=catalogue)
    game.advance()
    [request] = game.pending("british")
    assert request.labels == ["one", "two", "two (aim: high)", "plain"]


class Rocks:
    """A house rule: the Courageuse runs aground and stays on the table, out of play."""

    def __init__(self) -> None:
        self.removed: list[str] = []

    @hookimpl
    def sog_rules(self):
        return [Rule("rocks", "A ship aground is an obstacle.", LEVELS, self)]

    @hookimpl
    def sog_table_obstacles(self, game):
        return [s.id for s in game.ships(in_play=False) if s.status == "aground"]

    @hookimpl
    def sog_ship_removed(self, game, ship, reason):
        self.removed.append(f"{ship.id} {reason}")


def _aground(poses):
    from sog.state import PoseState

    rocks = Rocks()
    catalogue = create_catalogue(entry_point_plugins=False, extra=[rocks])
    game = new_game("enemy-in-sight", seed=3, options=["rocks"], catalogue=catalogue)
    for ship_id, (x, y, heading) in poses.items():
        game.ship(ship_id).pose = PoseState(x=x, y=y, heading=heading)
    game.ship("courageuse").status = "aground"
    return rocks, game


def test_table_obstacles_block_the_line_of_sight_and_are_never_targets():
    from sog.render.svg import table_svg
    from sog.plugins.system.tabletop import broadside_options

    # The Généreux lies behind the Courageuse (aground) as seen from HMS Terpsichore's left broadside.
    _, game = _aground({"courageuse": (450.0, 450.0, 0.0), "genereux": (400.0, 450.0, 0.0), "terpsichore": (613.0, 450.0, 0.0)})
    assert [s.id for s in game.obstacles()] == ["courageuse"] and game.view("british")["obstacles"] == ["courageuse"]
    assert broadside_options(game, game.ship("terpsichore"), "left") == []
    game.ship("courageuse").status = "sunk"  # no longer declared: the ruler reaches the Généreux
    assert game.obstacles() == []
    assert {o["target"] for o in broadside_options(game, game.ship("terpsichore"), "left")} == {"genereux"}
    game.ship("courageuse").status = "aground"
    game.ship("genereux").pose = game.ship("genereux").pose.model_copy(update={"x": 450.0, "y": 650.0})
    found = broadside_options(game, game.ship("terpsichore"), "left")  # the Courageuse in clear sight too
    assert {o["target"] for o in found} == {"genereux"}
    svg = table_svg(game)
    assert "Courageuse wreck" in svg and 'fill="#888"' in svg


def test_table_obstacles_stop_a_moving_ship_and_leave_the_table_without_leaving_play_again():
    from sog.plugins.system.tabletop import rect_of

    rocks, game = _aground({"courageuse": (450.0, 450.0, 0.0), "terpsichore": (450.0, 350.0, 0.0)})
    game.advance()
    for seat in game.seats():
        for request in game.pending(seat):
            answer = _straight(game, request.ship) if request.ship == "terpsichore" else request.choices[0]
            game.submit(seat, request.id, answer)
    game.advance()
    assert [e["data"]["other"] for e in game.log.of_kind("collision")] == ["courageuse"]
    terpsichore, courageuse = game.ship("terpsichore"), game.ship("courageuse")
    assert courageuse.pose.model_dump() == {"x": 450.0, "y": 450.0, "heading": 0.0}
    assert rect_of(game, terpsichore).distance(rect_of(game, courageuse)) < 0.5
    assert not rect_of(game, terpsichore).overlaps(rect_of(game, courageuse))
    game.remove_ship("courageuse", "left-table")  # its model only leaves the table
    assert game.log.of_kind("ship-removed")[-1]["data"] == {"ship": "courageuse", "status": "left-table", "model_only": True}
    assert rocks.removed == [] and game.obstacles() == []
