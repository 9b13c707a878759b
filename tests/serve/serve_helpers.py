"""Helpers of the web tests: create a game, read a seat's state, answer, through the API."""


def new_game(client, scenario="enemy-in-sight", seed=7, **body):
    """Create a game through the API; its JSON answer."""
    response = client.post("/api/games", json={"scenario": scenario, "seed": seed, **body})
    assert response.status_code == 201, response.text
    return response.json()


def state(client, token, since=0):
    response = client.get(f"/api/seat/{token}", params={"since": since})
    assert response.status_code == 200, response.text
    return response.json()


def answer(client, token, request_id, **body):
    return client.post(f"/api/seat/{token}/answer", json={"request_id": request_id, **body})
