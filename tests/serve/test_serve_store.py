"""Nothing lost: every accepted answer is saved at once; a new app on the same data folder
continues the game exactly; bots play by themselves."""

import json
import time

from serve_helpers import answer, new_game, state
from starlette.testclient import TestClient

from sog.savefile import dump_game, load_saved


def _answer_all(client, token):
    for request in state(client, token)["requests"]:
        assert answer(client, token, request["id"], choice=0).status_code == 200


def test_the_store_holds_the_game_after_every_answer(client):
    game = new_game(client)
    british = game["seats"]["british"]["token"]
    sessions = client.app.state.sessions
    running = sessions._games[game["game"]]
    for request in state(client, british)["requests"]:
        answer(client, british, request["id"], choice=0)
        stored = sessions.store.load(game["game"])
        assert stored == json.loads(json.dumps(running.save_data()))
        assert load_saved(stored, library=sessions.library, catalogue=sessions.catalogue).game.state.answers


def test_a_game_survives_a_restart_and_continues_identically(make_app, tmp_path):
    folder = tmp_path / "data"
    with TestClient(make_app(folder)) as first:
        game = new_game(first, seed=21)
        british, french = game["seats"]["british"]["token"], game["seats"]["french"]["token"]
        _answer_all(first, british)
        _answer_all(first, french)
        _answer_all(first, british)  # turn 2: the British have answered, the French not yet
        before = {token: state(first, token) for token in (british, french)}
        saved = dump_game(first.app.state.sessions._games[game["game"]].game)
    with TestClient(make_app(folder)) as second:
        assert second.app.state.sessions.loaded() == []  # loaded lazily, on first use
        after = {token: state(second, token) for token in (british, french)}
        assert after == before
        restarted = second.app.state.sessions._games[game["game"]].game
        assert dump_game(restarted) == saved
        _answer_all(second, french)
        resumed = state(second, french)
    with TestClient(make_app(tmp_path / "twin")) as twin:  # the same game, never interrupted
        game2 = new_game(twin, seed=21)
        b2, f2 = game2["seats"]["british"]["token"], game2["seats"]["french"]["token"]
        for token in (b2, f2, b2, f2):
            _answer_all(twin, token)
        uninterrupted = state(twin, f2)
    assert resumed["view"] == uninterrupted["view"]
    assert [e for e in resumed["events"]] == [e for e in uninterrupted["events"]]


def test_a_bot_seat_plays_by_itself(client):
    game = new_game(client, seats={"french": "random"})
    assert set(game["seats"]) == {"british"}
    british = game["seats"]["british"]["token"]
    first = state(client, british)
    assert first["players"] == {"british": "human", "french": "random"}
    assert first["waiting_for"] == ["british"]
    answered = 0
    while state(client, british)["view"]["turn"] < 4:
        seen = state(client, british)
        assert seen["waiting_for"] == ["british"] and seen["requests"]
        _answer_all(client, british)
        answered += 1
    now = state(client, british)
    assert answered >= 3 and now["waiting_for"] == ["british"]
    moved = [e for e in now["events"] if e["kind"] == "ship-moved" and e["data"]["ship"] in ("courageuse", "genereux")]
    assert len(moved) >= 6


def test_bots_alone_play_in_the_background_and_their_spectators_are_told(make_app):
    with TestClient(make_app(bot_pace=0.0)) as client:
        game = new_game(client, seats={"british": "random", "french": "random"}, scenario="force-the-blockade")
        assert game["seats"] == {}
        spectator = game["spectator"]["token"]
        with client.websocket_connect(f"/ws/{spectator}") as ws:
            turns = {ws.receive_json()["turn"] for _ in range(4)}
        assert len(turns) >= 3
        deadline = time.time() + 60
        while not state(client, spectator)["over"] and time.time() < deadline:
            time.sleep(0.2)
        final = state(client, spectator)
        assert final["over"] and final["outcome"]["reason"]
        stored = client.app.state.sessions.store.load(game["game"])
        assert stored["state"]["outcome"] is not None


def test_idle_games_leave_memory_beyond_the_limit_and_come_back_unchanged(make_app, monkeypatch):
    from sog.serve import sessions as sessions_module

    monkeypatch.setattr(sessions_module, "IDLE_BEFORE_DROP", 0.0)
    with TestClient(make_app(max_loaded=2)) as client:
        games = [new_game(client, seed=40 + i) for i in range(5)]
        tokens = [g["seats"]["british"]["token"] for g in games]
        seen = [state(client, token) for token in tokens]
        assert len(client.app.state.sessions.loaded()) <= 2
        _answer_all(client, tokens[0])
        assert [state(client, token) for token in tokens[1:]] == seen[1:]
        assert state(client, tokens[0])["waiting_for"] == ["french"]


def test_an_answer_after_the_end_is_refused(client):
    from sog.state import OutcomeState

    game = new_game(client)
    british = game["seats"]["british"]["token"]
    request = state(client, british)["requests"][0]
    running = client.app.state.sessions._games[game["game"]]
    running.game.state.outcome = OutcomeState(winner="french", reason="a test ended it")
    response = answer(client, british, request["id"], choice=0)
    assert response.status_code == 409 and "over" in response.json()["error"]


def test_a_bot_resumes_its_own_generator_after_a_restart(make_app, tmp_path):
    def play_turns(client, token, turns):
        start = state(client, token)["view"]["turn"]
        while state(client, token)["view"]["turn"] < start + turns:
            _answer_all(client, token)

    with TestClient(make_app(tmp_path / "a")) as first:
        game = new_game(first, seed=8, seats={"french": "random"})
        british = game["seats"]["british"]["token"]
        play_turns(first, british, 2)
    with TestClient(make_app(tmp_path / "a")) as second:
        play_turns(second, british, 2)
        resumed = state(second, british)
    with TestClient(make_app(tmp_path / "b")) as twin:
        game2 = new_game(twin, seed=8, seats={"french": "random"})
        play_turns(twin, game2["seats"]["british"]["token"], 4)
        uninterrupted = state(twin, game2["seats"]["british"]["token"])
    assert resumed["view"] == uninterrupted["view"] and resumed["events"] == uninterrupted["events"]


def test_the_stored_log_replays_identically(client, library, catalogue, tmp_path):
    from click.testing import CliRunner

    from sog.cli.main import main

    game = new_game(client, seed=31, seats={"french": "random"})
    british = game["seats"]["british"]["token"]
    while state(client, british)["view"]["turn"] < 3:
        _answer_all(client, british)
    log = tmp_path / "game.jsonl"
    log.write_text(client.app.state.sessions.store.log_jsonl(game["game"]), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 0, result.output
    assert "replayed identically" in result.output
