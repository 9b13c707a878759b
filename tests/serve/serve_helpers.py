"""Helpers of the web tests: create a game, read a seat's state, answer, through the API."""

import time

#: Seconds :func:`state` waits at most for the bots to finish their move.
SETTLE = 30.0


def new_game(client, scenario="enemy-in-sight", seed=7, **body):
    """Create a game through the API; its JSON answer."""
    response = client.post("/api/games", json={"scenario": scenario, "seed": seed, **body})
    assert response.status_code == 201, response.text
    return response.json()


def bots_moving(payload):
    """Is it the bots' move in a game with a person (a bot asked, or nobody while not over)?
    The server plays a long stretch of bots in the background, after the answer returned."""
    players = payload["players"]
    if payload["over"] or "human" not in players.values():
        return False
    return not payload["waiting_for"] or any(players[seat] != "human" for seat in payload["waiting_for"])


def raw_state(client, token, since=0):
    """A link's state as it is now (the bots may be moving)."""
    response = client.get(f"/api/seat/{token}", params={"since": since})
    assert response.status_code == 200, response.text
    return response.json()


def state(client, token, since=0):
    """A link's state once the bots have made their move (only people asked, or the end)."""
    deadline = time.monotonic() + SETTLE
    seen = raw_state(client, token, since)
    while bots_moving(seen) and time.monotonic() < deadline:
        time.sleep(0.02)
        seen = raw_state(client, token, since)
    return seen


def answer(client, token, request_id, **body):
    return client.post(f"/api/seat/{token}/answer", json={"request_id": request_id, **body})
