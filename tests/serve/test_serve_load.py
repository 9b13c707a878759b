"""Many games and several browsers on one app (bounded): each browser hears its own game only."""

import time

from serve_helpers import answer, new_game, state

GAMES = 12
BROWSERS = 3


def test_many_games_and_browsers_on_one_app(client):
    started = time.perf_counter()
    games = [new_game(client, seed=100 + i, seats={"french": "random"}) for i in range(GAMES)]
    tokens = [g["seats"]["british"]["token"] for g in games]
    first, second = tokens[0], tokens[1]
    sockets = [client.websocket_connect(f"/ws/{first}") for _ in range(BROWSERS)]
    other = client.websocket_connect(f"/ws/{second}")
    with sockets[0] as a, sockets[1] as b, sockets[2] as c, other as d:
        for ws in (a, b, c, d):
            assert ws.receive_json()["type"] == "update"
        for token in tokens:  # a turn's plans in every game
            for request in state(client, token)["requests"]:
                assert answer(client, token, request["id"], choice=0).status_code == 200
        rings = [[ws.receive_json() for _ in range(2)] for ws in (a, b, c)]
        assert all(m["game"] == games[0]["game"] for ring in rings for m in ring)
        assert rings[0] == rings[1] == rings[2] and rings[0][-1]["turn"] == 2
        assert [d.receive_json()["game"] for _ in range(2)] == [games[1]["game"]] * 2
    assert all(state(client, token)["view"]["turn"] == 2 for token in tokens)
    assert len(client.app.state.sessions.store.game_ids()) == GAMES
    assert time.perf_counter() - started < 120


def test_concurrent_answers_to_one_game_are_taken_one_at_a_time(make_app):
    import asyncio

    import httpx

    app = make_app()

    async def main():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            made = await asyncio.gather(*(http.post("/api/games", json={"scenario": "enemy-in-sight", "seed": i})
                                          for i in range(4)))
            games = [m.json() for m in made]
            calls = []
            for game in games:
                for seat in game["seats"].values():
                    seen = (await http.get(f"/api/seat/{seat['token']}")).json()
                    calls += [http.post(f"/api/seat/{seat['token']}/answer", json={"request_id": r["id"], "choice": 0})
                              for r in seen["requests"]]
            answers = await asyncio.gather(*calls)
            assert [a.status_code for a in answers] == [200] * len(calls)
            after = [(await http.get(f"/api/seat/{g['spectator']['token']}")).json() for g in games]
            await app.state.sessions.close()
        return after

    for watched in asyncio.run(main()):
        assert watched["view"]["turn"] == 2 and watched["waiting_for"] == ["british", "french"]


def _play_turns(client, token, turns):
    """Answer the seat's requests (first choices) until turn ``turns + 1``; each answer's response."""
    responses = []
    while state(client, token)["view"]["turn"] <= turns:
        for request in state(client, token)["requests"]:
            response = answer(client, token, request["id"], choice=0)
            assert response.status_code == 200, response.text
            responses.append(response.json())
    return responses


def test_the_bots_move_goes_on_after_the_answer_returned_and_plays_the_same_game(make_app, tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from serve_helpers import bots_moving
    from sog.serve import sessions as sessions_module

    logs, early = [], 0
    for folder, budget in (("background", 0.0), ("in-request", 100.0)):
        monkeypatch.setattr(sessions_module, "CHUNK", 0.0 if budget == 0.0 else 100.0)
        with TestClient(make_app(tmp_path / folder)) as client:
            client.app.state.sessions.answer_budget = budget
            game = new_game(client, seed=12, seats={"french": "random"})
            token = game["seats"]["british"]["token"]
            with client.websocket_connect(f"/ws/{token}") as ws:
                ws.receive_json()
                responses = _play_turns(client, token, 3)
                ring = ws.receive_json()
                for _ in range(200):  # the answers' bells, then the bots' (a slow browser misses old ones)
                    if ring["turn"] == 4 and ring["waiting_for"] == ["british"]:
                        break
                    ring = ws.receive_json()
            moving = [r for r in responses if bots_moving(r)]
            if budget == 0.0:
                early = len(moving)
                assert all(r["waiting_for"] == ["british", "french"] for r in moving)  # the bot still to plan
            else:
                assert moving == []
            assert ring["turn"] == 4 and ring["waiting_for"] == ["british"]
            logs.append(client.app.state.sessions.store.log_jsonl(game["game"]))
    assert early >= 3, "no answer returned before the bot had moved"
    assert logs[0] == logs[1]


def test_a_game_saved_in_the_bots_move_goes_on_when_loaded(make_app, tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from serve_helpers import bots_moving, raw_state
    from sog.serve import sessions as sessions_module

    with TestClient(make_app(tmp_path / "a")) as first:
        first.app.state.sessions.answer_budget = 0.0
        monkeypatch.setattr(sessions_module.Sessions, "_continue", lambda self, running: None)  # the server stops
        game = new_game(first, seed=12, seats={"french": "random"})
        token = game["seats"]["british"]["token"]
        for request in raw_state(first, token)["requests"]:
            answer(first, token, request["id"], choice=0)
        stopped = raw_state(first, token)
        assert bots_moving(stopped) and stopped["waiting_for"] == ["british", "french"]
        monkeypatch.undo()
    with TestClient(make_app(tmp_path / "a")) as second:
        resumed = state(second, token)
        assert resumed["waiting_for"] == ["british"] and resumed["view"]["turn"] == 2
    with TestClient(make_app(tmp_path / "b")) as twin:
        game2 = new_game(twin, seed=12, seats={"french": "random"})
        token2 = game2["seats"]["british"]["token"]
        for request in state(twin, token2)["requests"]:
            answer(twin, token2, request["id"], choice=0)
        uninterrupted = state(twin, token2)
    assert resumed["view"] == uninterrupted["view"] and resumed["events"] == uninterrupted["events"]
