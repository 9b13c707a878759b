"""Hot-seat in a real Chromium: one page plays both human seats of a game, and between them a
full-screen hand-over replaces the page, leaving none of the previous seat's choices in the
DOM. Screenshots go to ``tests/serve/artifacts/``."""

import httpx
from serve_live import TIMEOUT, mentions, shot


def _answer_everything(page):
    """Answer each request on screen (not those that come after) with its first choice; the labels."""
    chosen = []
    for request_id in page.eval_on_selector_all(".request", "els => els.map(e => e.dataset.request)"):
        request = page.locator(f'.request[data-request="{request_id}"]')
        listed = request.locator("select")
        if listed.count():
            chosen.append(listed.locator("option").first.inner_text())
            request.locator("button").click()
        else:
            button = request.locator("button:not([disabled])").first
            chosen.append(button.inner_text())
            button.click()
        page.wait_for_selector(f'.request[data-request="{request_id}"]', state="detached", timeout=TIMEOUT)
        page.wait_for_selector(".request button:not([disabled]), #handover", timeout=TIMEOUT)
    return chosen


def test_hot_seat_hands_over_between_seats_hiding_the_previous_seats_choices(server, browser):
    created = httpx.post(server + "/api/games", json={"scenario": "enemy-in-sight", "seed": 31}).json()
    tokens = {seat: link["token"] for seat, link in created["seats"].items()}
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server}/hotseat#british={tokens['british']}&french={tokens['french']}")
    page.wait_for_selector("#handover", timeout=TIMEOUT)
    assert page.inner_text("#handover h1") == "Pass to british"
    page.click("#continue")
    page.wait_for_selector(".request button", timeout=TIMEOUT)
    assert page.inner_text("#hs-seat") == "seat british"
    shot(page, "hotseat-british-planning")
    planned = [label.split()[0] for label in _answer_everything(page)]
    assert planned
    page.wait_for_selector("#handover", timeout=TIMEOUT)
    assert page.inner_text("#handover h1") == "Pass to french"
    dom = page.content()
    assert not [card for card in planned if mentions(dom, card)]
    assert page.locator("#hs-table, .request, #hs-log").count() == 0 and "seat british" not in dom
    shot(page, "hotseat-handover-to-french")
    page.click("#continue")
    page.wait_for_selector(".request button", timeout=TIMEOUT)
    assert page.inner_text("#hs-seat") == "seat french" and page.inner_text("#hs-when").startswith("turn 1")
    assert not [card for card in planned if mentions(page.content(), card)]
    shot(page, "hotseat-french-planning")
    _answer_everything(page)  # the round resolves: turn 2, the French decide first again
    page.wait_for_function("document.getElementById('hs-when') && document.getElementById('hs-when').textContent.startsWith('turn 2')",
                           timeout=TIMEOUT)
    assert page.inner_text("#hs-seat") == "seat french"
    assert f"moves {planned[0]} " in page.inner_text("#hs-log")  # revealed by the movement
    shot(page, "hotseat-french-turn-2")
    _answer_everything(page)
    page.wait_for_selector("#handover", timeout=TIMEOUT)
    assert page.inner_text("#handover h1") == "Pass to british"
    assert not errors


def test_the_hand_over_after_loading_shows_nothing_of_the_ammunition_chosen(server, browser):
    created = httpx.post(server + "/api/games", json={"scenario": "enemy-in-sight", "level": "standard", "seed": 32}).json()
    tokens = {seat: link["token"] for seat, link in created["seats"].items()}
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/hotseat#british={tokens['british']}&french={tokens['french']}")
    page.click("#continue")
    page.wait_for_selector(".request button", timeout=TIMEOUT)
    for request_id in page.eval_on_selector_all(".request", "els => els.map(e => e.dataset.request)"):
        page.click(f'.request[data-request="{request_id}"] button:text-is("grapeshot")')
        page.wait_for_selector(f'.request[data-request="{request_id}"]', state="detached", timeout=TIMEOUT)
    page.wait_for_selector("#handover", timeout=TIMEOUT)
    assert page.inner_text("#handover h1") == "Pass to french"
    assert not mentions(page.content(), "grapeshot")
    shot(page, "hotseat-handover-after-loading")
