"""Sketches of choices (``sog_sketch_choice``, :func:`sog.aids.choice_sketch`) in Sails of Glory.

A card's sketch ends where the ship ends when it plays that card (no collision), a fire
sketch counts what the attack draws, sketches read only the seat's view (the same with the
game poisoned, nothing of the other seat's secrets), and every kind a game asks has a text.
"""

from __future__ import annotations

import json
from pathlib import Path
import re
from typing import Any

import pytest

from sog.aids import choice_sketch
from sog.bots import make_bot
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.packs.loader import load_library
from sog.seats import SeatView
from sog.setup import new_game
from sog.testing import Bench

#: Where the four ships of Enemy in Sight! stand apart (no collision in two moves), facing
#: the wind (from 90) at different angles.
APART = {"terpsichore": (220.0, 300.0, 20.0), "defence": (800.0, 120.0, 270.0),
         "courageuse": (520.0, 800.0, 90.0), "genereux": (800.0, 560.0, 180.0)}
SEED = 7
POISONED = ("state", "log", "rng", "pools", "rules")


@pytest.fixture(scope="module")
def library() -> Any:
    return load_library()


def _bench(library: Any, level: str) -> Bench:
    bench = Bench(new_game("enemy-in-sight", library=library, level=level, seed=SEED))
    bench.fallback = lambda r: r.choices[0]
    for ship, pose in APART.items():
        bench.put(ship, *pose)
    return bench


def _end_pose(sketch: dict[str, Any], ship: str) -> dict[str, Any]:
    poses = [s for s in sketch["shapes"] if s["kind"] == "pose" and s["ship"] == ship]
    assert len(poses) == 1, sketch
    return poses[0]


def _assert_at(game: Game, ship: str, pose: dict[str, Any]) -> None:
    at = game.ship(ship).pose
    assert at.x == pytest.approx(pose["x"], abs=0.01)
    assert at.y == pytest.approx(pose["y"], abs=0.01)
    assert abs((at.heading - pose["heading"] + 180.0) % 360.0 - 180.0) < 0.01


@pytest.mark.parametrize("level, kind, ship, seat", [
    ("basic", "plan", "terpsichore", "british"),
    ("basic", "plan", "courageuse", "french"),  # head to wind: it plans red cards
    ("standard", "plan-first", "terpsichore", "british"),
    ("standard", "plan-first", "courageuse", "french"),  # head to wind: a red card runs instead
    ("advanced", "plan-first", "terpsichore", "british"),  # full sails (the bench's first choice)
])
def test_each_first_card_sketch_ends_where_the_ship_ends(library: Any, level: str, kind: str, ship: str, seat: str) -> None:
    probe = _bench(library, level)
    probe.until(1, "planning")
    count = probe.request(kind, ship).count()
    assert count >= 3
    for index in range(count):
        bench = _bench(library, level)
        bench.until(1, "planning")
        request = bench.request(kind, ship)
        sketch = choice_sketch(bench.game, seat, request, index)
        assert sketch is not None and sketch["text"].startswith(request.option(index))
        if ship == "courageuse":
            assert "backs" in sketch["text"] or "taken aback, a red card runs" in sketch["text"]
        bench.script[(kind, ship)] = request.option(index)
        bench.reach(1, "combat")
        assert not bench.events("collision")
        _assert_at(bench.game, ship, _end_pose(sketch, ship))


def test_each_slot_two_sketch_ends_where_the_ship_ends_after_slot_one(library: Any) -> None:
    first = "B-7"  # a turn: slot 2 is sketched from where it leaves the ship
    probe = _bench(library, "standard")
    probe.script[("plan-first", "terpsichore")] = first
    probe.until(1, "planning")
    probe.answer_all()
    probe.game.advance()
    choices = probe.request("plan", "terpsichore").choices
    for card in choices:
        bench = _bench(library, "standard")
        bench.script[("plan-first", "terpsichore")] = first
        bench.until(1, "planning")
        bench.answer_all()
        bench.game.advance()
        request = bench.request("plan", "terpsichore")
        sketch = choice_sketch(bench.game, "british", request, request.choices.index(card))
        assert f"after {first} (slot 1)" in sketch["text"]
        assert [s["kind"] for s in sketch["shapes"]] == ["path", "path", "pose"]
        bench.script[("plan", "terpsichore")] = [card]
        bench.reach(2, "combat")
        assert not bench.events("collision")
        _assert_at(bench.game, "terpsichore", _end_pose(sketch, "terpsichore"))


def test_slot_two_sketch_out_of_veer_moves_as_the_straight_card(library: Any) -> None:
    bench = _bench(library, "standard")  # HMS Defence: veer rating 5; D-15 is veer 8, D-17 veer 2
    bench.script.update({("plan-first", "defence"): "D-15", ("plan", "defence"): ["D-17"]})
    bench.until(1, "planning")
    bench.answer_all()
    bench.game.advance()
    request = bench.request("plan", "defence")
    sketch = choice_sketch(bench.game, "british", request, request.choices.index("D-17"))
    assert "out of veer after D-15, moves as D-1" in sketch["text"]
    bench.answer_all()
    bench.reach(2, "combat")
    assert bench.events("card-replaced", ship="defence") and not bench.events("collision")
    _assert_at(bench.game, "defence", _end_pose(sketch, "defence"))


def test_slot_two_sketch_moves_slot_one_on_the_sails_the_planned_actions_set(library: Any) -> None:
    first, second = "B-1", "B-7"
    bench = _bench(library, "advanced")
    bench.script.update({("sails", "terpsichore"): "battle", ("plan-first", "terpsichore"): first,
                         ("action", "terpsichore"): ["increase-sails", None]})
    bench.until(1, "planning")
    while not bench.pending("plan", "terpsichore"):
        bench.answer_all()
        bench.game.advance()
    request = bench.request("plan", "terpsichore")
    assert "increase-sails" in bench.game.view("british")["ships"]["terpsichore"]["ext"]["crew-actions"]["planned"]
    sketch = choice_sketch(bench.game, "british", request, request.choices.index(second))
    assert "full sails" in sketch["text"]  # the card of slot 2 runs on the sails the action sets
    bench.script[("plan", "terpsichore")] = [second]
    bench.reach(2, "combat")
    assert bench.game.ship("terpsichore").sails == "full" and not bench.events("collision")
    _assert_at(bench.game, "terpsichore", _end_pose(sketch, "terpsichore"))


def test_card_path_starts_at_the_ship_and_ends_on_the_base_centre_of_the_end_pose(library: Any) -> None:
    bench = _bench(library, "basic")
    bench.until(1, "planning")
    request = bench.request("plan", "terpsichore")
    sketch = choice_sketch(bench.game, "british", request, 0)
    path = next(s for s in sketch["shapes"] if s["kind"] == "path")["points"]
    end = _end_pose(sketch, "terpsichore")
    assert path[0] == [220.0, 300.0]
    assert path[-1] == pytest.approx([end["x"], end["y"]], abs=0.1)
    assert len(path) > 10


def test_card_sketch_says_when_the_ship_would_leave_the_table(library: Any) -> None:
    bench = _bench(library, "basic")
    bench.put("terpsichore", 450.0, 850.0, 0.0)  # bow at the north edge
    bench.until(1, "planning")
    request = bench.request("plan", "terpsichore")
    texts = [choice_sketch(bench.game, "british", request, i)["text"] for i in range(request.count())]
    assert all("leaves the table" in t for t in texts)


# --------------------------------------------------------------------------- bot games, sketched


class Sketcher:
    """A captain bot that sketches every choice of each request before answering it: from its
    view, and again from a sealed view while the game's own state is poisoned."""

    def __init__(self, game: Game, seat: str, record: list[dict[str, Any]]) -> None:
        self.game, self.seat, self.record = game, seat, record
        self.bot = make_bot("captain", SEED, seat, game.system)

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        plain = [choice_sketch(self.game, self.seat, request, i, seat_view=view) for i in range(request.count())]
        sealed_view = _Sealed(self.game, self.seat)
        kept = {name: getattr(self.game, name) for name in POISONED}
        for name in POISONED:
            setattr(self.game, name, _Poison(name))
        try:
            sealed = [choice_sketch(self.game, self.seat, request, i, seat_view=sealed_view) for i in range(request.count())]
        finally:
            for name, value in kept.items():
                setattr(self.game, name, value)
        answer = self.bot.decide(view, request)
        self.record.append({"request": request, "plain": plain, "sealed": sealed, "answer": answer,
                            "turn": self.game.state.turn})
        return answer


class _Poison:
    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def __getattr__(self, attr: str) -> Any:
        raise AssertionError(f"a sketch read game.{object.__getattribute__(self, '_name')}.{attr}")


class _Sealed:
    """A seat's view with no way back to the game."""

    def __init__(self, game: Game, seat: str) -> None:
        self.seat, self.content, self.data = seat, game.content, game.view(seat)


def _sketched_game(library: Any, level: str, turns: int, options: list[str] | None = None,
                   seed: int = SEED) -> tuple[Game, list[dict[str, Any]]]:
    game = new_game("enemy-in-sight", library=library, level=level, seed=seed, add_options=options or ())
    record: list[dict[str, Any]] = []
    game.run({seat: Sketcher(game, seat, record) for seat in game.seats()}, max_turns=turns)
    return game, record


@pytest.fixture(scope="module")
def advanced_game(library: Any) -> tuple[Game, list[dict[str, Any]]]:
    return _sketched_game(library, "advanced", 3, ["grog", "continuous-fire", "boarding"])


def test_every_kind_asked_in_an_advanced_game_gets_a_text(advanced_game: Any) -> None:
    _, record = advanced_game
    kinds = {entry["request"].kind for entry in record}
    assert {"plan-first", "plan", "load", "sails", "action", "fire"} <= kinds
    for entry in record:
        for sketch in entry["plain"]:
            assert sketch is not None and sketch["text"].strip(), entry["request"].id


def test_sketches_read_only_the_seats_view(advanced_game: Any) -> None:
    _, record = advanced_game
    assert record
    for entry in record:
        assert entry["plain"] == entry["sealed"], entry["request"].id


COUNTED = re.compile(r"(\d+) counters? from pool (\w+)")


@pytest.mark.parametrize("seed", [3, 7])
def test_fire_sketch_band_and_counters_are_those_the_attack_draws(library: Any, seed: int) -> None:
    game, record = _sketched_game(library, "standard", 8, seed=seed)
    attacks = game.log.of_kind("attack")
    compared = 0
    for entry in record:
        request, answer = entry["request"], entry["answer"]
        if request.kind != "fire" or answer is None or answer.get("target") is None:
            continue
        sketch = entry["plain"][request.choices.index(answer)]
        event = next(e["data"] for e in attacks if e["turn"] == entry["turn"] and e["data"]["attacker"] == request.ship
                     and e["data"]["side"] == answer["side"])
        ruler = next(s for s in sketch["shapes"] if s["kind"] == "line")
        assert ruler["label"] == event["band"]
        count, pool = COUNTED.search(sketch["text"]).groups()
        assert (int(count), pool) == (len(event["counters"]), event["pool"]), sketch["text"]
        assert ("raking" in sketch["text"]) == any(m.startswith("raking") for m in event["modifiers"])
        assert any(s["kind"] == "area" and s["role"] == "arc" for s in sketch["shapes"])
        compared += 1
    assert compared >= 2


def test_french_sketches_carry_no_british_secret(library: Any) -> None:
    secret_card = "B-13"  # deck B is the Terpsichore's alone: the French decks are A and C
    bench = _bench(library, "advanced")
    bench.script[("plan-first", "terpsichore")] = secret_card
    chain = lambda r: next(c for c in r.choices if c["ammunition"] == "chain")  # noqa: E731
    for ship in ("terpsichore", "defence"):
        bench.script[("load", ship)] = chain
    game = bench.game
    game.advance()
    french: list[dict[str, Any]] = []
    while not game.over and game.state.turn <= 2:
        pending = game.pending()
        if not pending:
            game.advance()
            continue
        for request in [r for r in pending if r.seat == "british"]:
            bench.answer(request, bench.choose(request))
        for request in [r for r in game.pending() if r.seat == "french"]:
            if request.kind != "load":  # the French own load choices name chain themselves
                french += [choice_sketch(game, "french", request, i) for i in range(request.count())]
            bench.answer(request, next((c for c in request.choices if c["ammunition"] == "ball"), request.choices[0])
                         if request.kind == "load" else bench.choose(request))
        game.advance()
    assert game.ship("terpsichore").broadsides["left"].loaded == "chain" or bench.events("attack")
    assert len(french) > 20
    dumped = json.dumps(french)
    assert secret_card not in dumped
    assert "chain" not in dumped


def test_kind_of_no_sails_of_glory_rule_gets_no_sketch(library: Any) -> None:
    bench = _bench(library, "basic")
    bench.until(1, "planning")
    request = DecisionRequest(id="t1.x.unknown", seat="british", kind="unknown-kind", rule="x", prompt="?", choices=[1])
    assert choice_sketch(bench.game, "british", request, 0) is None


def test_deploy_sketch_poses_the_ship_where_it_is_deployed(library: Any) -> None:
    game = new_game("force-the-blockade", library=library, seed=SEED)
    bench = Bench(game)
    bench.fallback = lambda r: r.choices[len(r.choices) // 2]
    game.advance()
    checked = 0
    while not game.over and checked < 2 and game.state.turn <= 1:
        for request in game.pending():
            if request.kind == "deploy":
                index = request.count() // 2
                sketch = choice_sketch(game, request.seat, request, index)
                pose = _end_pose(sketch, request.ship)
                bench.answer(request, request.option(index))
                game.advance()
                _assert_at(game, request.ship, pose)
                checked += 1
                break
            bench.answer(request, bench.choose(request))
        else:
            game.advance()
    assert checked == 2


BATTERY_PACK = Path(__file__).parent.parent / "batteries" / "pack"


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_battery_sketches_have_texts_and_count_what_the_battery_fires(level: str) -> None:
    library = load_library([BATTERY_PACK])
    game = new_game("enemy-in-sight-battery", library=library, level=level, seed=1)
    record: list[dict[str, Any]] = []
    game.run({seat: Sketcher(game, seat, record) for seat in game.seats()}, max_turns=6)
    kinds = {entry["request"].kind for entry in record}
    assert "battery-fire" in kinds
    for entry in record:
        assert entry["plain"] == entry["sealed"], entry["request"].id
        assert all(s is not None and s["text"] for s in entry["plain"]), entry["request"].id
    fired = [e for e in record if e["request"].kind == "battery-fire" and e["answer"] is not None]
    assert fired
    for entry in fired:
        sketch = entry["plain"][entry["request"].choices.index(entry["answer"])]
        event = next(e["data"] for e in game.log.of_kind("attack")
                     if e["turn"] == entry["turn"] and e["data"]["attacker"] == "fort")
        assert next(s for s in sketch["shapes"] if s["kind"] == "line")["label"] == event["band"]
        count, pool = COUNTED.search(sketch["text"]).groups()
        assert pool == event["pool"]
        if not event["modifiers"]:
            assert int(count) == len(event["counters"]), sketch["text"]
