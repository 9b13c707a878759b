"""A seat's page in a real Chromium: a choice's sketch drawn on the inline table, answering by
clicking, changing an answer before the reveal, the arcs on demand, the mats; the other seat's
secrets never in the page; a reload resumes with the answers shown. Screenshots go to
``tests/serve/artifacts/``."""

import json
import re
import urllib.request

from serve_live import TIMEOUT, mentions, shot

#: Standard rules: each seat loads its guns at the set-up, then plans two cards on turn 1.
GAME = {"scenario": "enemy-in-sight", "level": "standard", "seed": 21}


def _api(base, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def _answer(base, token, request_id, index):
    return _api(base, f"/api/seat/{token}/answer", {"request_id": request_id, "choice": index})


def _load(base, token, ammunition):
    """Load every gun of the seat with ``ammunition(request)`` (a choice's value)."""
    for request in _api(base, f"/api/seat/{token}")["requests"]:
        wanted = ammunition(request)
        index = next(c["index"] for c in request["choices"] if c["value"]["ammunition"] == wanted)
        _answer(base, token, request["id"], index)


def _unsecret(page, secrets):
    """Neither the French card nor their ammunition is anywhere in the page, but the British own
    mats (which list every kind of ammunition the British keep: ``chain`` among them)."""
    whole = page.content()
    rest = page.evaluate("""() => { const copy = document.documentElement.cloneNode(true);
        copy.querySelectorAll('.mat.own').forEach((n) => n.remove()); return copy.outerHTML; }""")
    card, ammunition = secrets
    return not mentions(whole, card) and not mentions(rest, ammunition)


def _seen(page, name):
    """What the person sees at 1280x800 (the viewport, not the whole page)."""
    shot(page, name, full_page=False)


def _page(browser, url):
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(url)
    page.wait_for_selector("#board svg", timeout=TIMEOUT)
    return page


def test_a_seat_decides_on_its_page_with_sketches_and_changes_its_mind_before_the_reveal(server, browser):
    game = _api(server, "/api/games", GAME)
    british, french = game["seats"]["british"]["token"], game["seats"]["french"]["token"]
    _load(server, french, lambda r: "chain" if r["ship"] == "genereux" and r["id"].endswith(".left") else "ball")
    _load(server, british, lambda r: "ball")
    brit = _page(browser, server + game["seats"]["british"]["url"])
    fren = _page(browser, server + game["seats"]["french"]["url"])
    brit.wait_for_selector('.request[data-request$="plan-first.terpsichore"] button', timeout=TIMEOUT)
    assert brit.get_attribute("#replay-link", "href") == f"/replay/{british}"  # the seat's own replay so far

    # the French plan one ship (the round stays open): their secrets, as their own view has them
    theirs = _api(server, f"/api/seat/{french}")
    first = next(r for r in theirs["requests"] if r["ship"] == "courageuse")
    _answer(server, french, first["id"], 4)
    french_view = _api(server, f"/api/seat/{french}")["view"]
    secrets = [french_view["answered"][first["id"]], french_view["ships"]["genereux"]["broadsides"]["left"]["loaded"]]
    assert secrets == [first["choices"][4]["value"], "chain"]

    # hovering a card draws its path and where the ship would end, and says it beside the cards
    request = brit.locator('.request[data-request$="plan-first.terpsichore"]')
    request.locator("button").nth(2).hover()
    brit.wait_for_selector("#overlay polyline.sketch-path", timeout=TIMEOUT)
    assert brit.locator("#overlay g.ghost rect").count() == 1
    note = request.locator(".sketch-text").inner_text()
    assert note.strip()
    assert note == _api(server, f"/api/seat/{british}")["requests"][0]["choices"][2]["sketch"]["text"]
    _seen(brit, "seat-page-sketch")
    assert _unsecret(brit, secrets)

    # clicking answers; "change" opens the choices again and a click replaces the answer
    terpsichore = request.get_attribute("data-request")
    labels = request.locator("button").all_inner_texts()
    request.locator("button").nth(2).click()
    answered = brit.locator(f'.answered[data-request="{terpsichore}"]')
    answered.wait_for(timeout=TIMEOUT)
    assert answered.locator(".current-answer").inner_text() == labels[2]
    answered.locator("button.change").click()
    answered.locator('button[data-choice="5"]').click()
    brit.wait_for_function(f"""document.querySelector('.answered[data-request="{terpsichore}"] .current-answer')
                               ?.textContent === {json.dumps(labels[5])}""", timeout=TIMEOUT)
    brit.locator(".request button").first.click()  # Defence's first card
    brit.wait_for_selector(".answered >> nth=1", timeout=TIMEOUT)
    brit.wait_for_function("document.querySelectorAll('#answers g.ghost').length === 2", timeout=TIMEOUT)  # both kept, faint
    assert _unsecret(brit, secrets)

    # the arcs: the toggle shows every piece's group, a click on a ship its own
    arcs = brit.locator("#board g.arcs")
    assert arcs.count() == len(french_view["ships"])
    brit.check("#all-arcs")
    assert all(arcs.nth(i).get_attribute("display") is None for i in range(arcs.count()))
    shot(brit, "seat-page-answered-arcs")
    brit.uncheck("#all-arcs")
    assert all(arcs.nth(i).get_attribute("display") == "none" for i in range(arcs.count()))
    brit.locator("#board polygon.piece").first.click()  # a click on a ship shows its own arcs
    assert [arcs.nth(i).get_attribute("display") for i in range(arcs.count())].count(None) == 1

    # the mats: every ship, own first, own-only lines only on own ships
    mats = brit.locator(".mat")
    assert mats.count() == len(french_view["ships"])
    assert brit.locator(".mat.own").count() == 2 and mats.first.get_attribute("class") == "mat own"
    assert brit.locator(".mat:not(.own) .entry.own").count() == 0
    assert brit.locator(".mat .entry.track .box").count() > 0

    # a reload resumes mid-round: both answers shown, the changed one as changed
    brit.reload()
    brit.wait_for_selector(f'.answered[data-request="{terpsichore}"]', timeout=TIMEOUT)
    assert brit.locator(".answered").count() == 2
    assert brit.locator(f'.answered[data-request="{terpsichore}"] .current-answer').inner_text() == labels[5]
    assert brit.locator(".request").count() == 0 and "waiting for: french" in brit.inner_text("#waiting")
    _seen(brit, "seat-page-reloaded")

    # the French finish on their page; the next round of plans, then the reveal: B moves the new card
    fren.wait_for_selector('.request[data-request$="plan-first.genereux"] button', timeout=TIMEOUT)
    fren.locator('.request[data-request$="plan-first.genereux"] button').first.click()
    shot(fren, "seat-page-french")
    for token in (british, french):
        for request in _api(server, f"/api/seat/{token}")["requests"]:
            _answer(server, token, request["id"], 0)
    card = labels[5].split()[0]
    brit.wait_for_function(f"document.getElementById('this-turn').textContent.includes('moves {card} ')", timeout=TIMEOUT)
    assert not re.search(rf"moves {re.escape(labels[2].split()[0])} ", brit.inner_text("#log"))
    shot(brit, "seat-page-revealed")

    # the spectators: every mat, none of its lines a seat's own, nothing to decide
    watcher = _page(browser, server + game["spectator"]["url"])
    watcher.wait_for_selector(".mat", timeout=TIMEOUT)
    assert watcher.locator(".mat").count() == len(french_view["ships"])
    assert watcher.locator(".entry.own").count() == 0 and watcher.locator(".request, .answered").count() == 0
    _seen(watcher, "seat-page-spectator")


def test_a_placement_is_chosen_by_clicking_its_ghost_on_the_table(server, browser):
    game = _api(server, "/api/games", {"scenario": "in-shallow-waters", "seed": 3})
    tokens = {seat: link["token"] for seat, link in game["seats"].items()}
    for _ in range(20):  # the reefs, placed in turns through the API, until the British deploy
        asked = {seat: _api(server, f"/api/seat/{t}")["requests"] for seat, t in tokens.items()}
        if any(r["kind"] == "deploy" for r in asked["british"]):
            break
        seat, request = next((seat, rs[0]) for seat, rs in asked.items() if rs)
        _answer(server, tokens[seat], request["id"], 0)
    deploy = next(r for r in _api(server, f"/api/seat/{tokens['british']}")["requests"] if r["kind"] == "deploy")
    page = _page(browser, server + game["seats"]["british"]["url"])
    page.wait_for_selector(f'#ghosts .pick[data-request="{deploy["id"]}"]', timeout=TIMEOUT)
    assert page.locator("#ghosts .pick").count() == len(deploy["choices"])
    index = len(deploy["choices"]) // 2
    spot = page.locator(f'#ghosts .pick[data-choice="{index}"]')
    spot.hover()
    page.wait_for_selector("#overlay g.ghost rect", timeout=TIMEOUT)  # where the ship would stand
    assert page.locator(".request .sketch-text").inner_text() == deploy["choices"][index]["sketch"]["text"]
    _seen(page, "seat-page-placement")
    spot.click()
    page.wait_for_selector(f'.answered[data-request="{deploy["id"]}"]', timeout=TIMEOUT)
    shown = page.locator(f'.answered[data-request="{deploy["id"]}"] .current-answer').inner_text()
    assert shown == deploy["choices"][index]["label"]


def test_hovering_a_target_draws_its_arc_and_the_ruler_with_its_band(server, browser):
    game = _api(server, "/api/games", {"scenario": "enemy-in-sight", "seed": 5})
    tokens = {seat: link["token"] for seat, link in game["seats"].items()}
    target = None
    for _ in range(40):  # first cards and held fire until a British broadside has a target
        asked = {seat: _api(server, f"/api/seat/{t}")["requests"] for seat, t in tokens.items()}
        target = next((r for r in asked["british"] if r["kind"] == "fire" and len(r["choices"]) > 2), None)
        if target:
            break
        for seat, requests in asked.items():
            for request in requests:
                _answer(server, tokens[seat], request["id"], 0 if request["kind"] != "fire" else len(request["choices"]) - 1)
    assert target, "no British broadside had a target"
    choice = target["choices"][-1]
    kinds = {shape["kind"] for shape in choice["sketch"]["shapes"]}
    assert {"area", "line"} <= kinds
    page = _page(browser, server + game["seats"]["british"]["url"])
    page.locator(f'.request[data-request="{target["id"]}"] button[data-choice="{choice["index"]}"]').hover()
    page.wait_for_selector("#overlay polygon.sketch-area", timeout=TIMEOUT)
    band = next(s["label"] for s in choice["sketch"]["shapes"] if s["kind"] == "line" and s.get("label"))
    assert page.locator("#overlay text.sketch-label").text_content() == band
    assert page.locator(f'.request[data-request="{target["id"]}"] .sketch-text').inner_text() == choice["sketch"]["text"]
    _seen(page, "seat-page-fire")
