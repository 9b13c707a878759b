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
