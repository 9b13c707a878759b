"""The lobby lists the chosen game system's scenarios; its optional rules follow the chosen
level: the server refuses an option its level does not allow, and the page offers only those
it does (a real Chromium; screenshots in
``tests/serve/artifacts/``). The created game's list links the replays and the hot-seat page."""

import json

from serve_live import TIMEOUT, shot


def test_an_option_its_level_does_not_allow_is_refused_with_400_and_why(client):
    response = client.post("/api/games", json={"scenario": "enemy-in-sight", "level": "basic", "options": ["sinking-ships"]})
    assert response.status_code == 400
    assert response.json()["error"] == "option 'sinking-ships' is not allowed with basic rules (allowed: advanced)"
    allowed = client.post("/api/games", json={"scenario": "enemy-in-sight", "level": "advanced", "options": ["sinking-ships"]})
    assert allowed.status_code == 201, allowed.text


def _lobby(server, browser, catalogue=None):
    """The lobby page once it lists its options; ``catalogue`` stands for what the server's
    ``/api/scenarios`` sends."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    if catalogue is not None:
        page.route("**/api/scenarios", lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(catalogue)))
    page.goto(server + "/")
    page.wait_for_selector("#options label[data-option]", timeout=TIMEOUT)
    return page


def _shown_options(page):
    return set(page.eval_on_selector_all("#options label[data-option]",
                                         "els => els.filter(e => e.offsetParent !== null).map(e => e.dataset.option)"))


def _ticked(page, name):
    return page.is_checked(f'#options label[data-option="{name}"] input')


def test_switching_the_level_changes_the_options_the_lobby_offers(server, browser):
    page = _lobby(server, browser)
    page.select_option("#scenario", "enemy-in-sight")
    page.select_option("#level", "basic")
    basic = _shown_options(page)
    assert "grog" in basic and "double-shot" not in basic and "sinking-ships" not in basic
    page.select_option("#level", "standard")
    standard = _shown_options(page)
    assert "double-shot" in standard and "sinking-ships" not in standard
    page.select_option("#level", "advanced")
    advanced = _shown_options(page)
    assert {"double-shot", "sinking-ships", "variable-wind-strength"} <= advanced and basic < standard < advanced
    page.check('#options label[data-option="sinking-ships"] input')
    shot(page, "lobby-levels-advanced")
    page.select_option("#level", "basic")  # not at this level: hidden and unticked, so the game is not refused
    assert "sinking-ships" not in _shown_options(page) and not _ticked(page, "sinking-ships")
    shot(page, "lobby-levels-basic")
    page.select_option("#level", "advanced")  # back: ticked again, as it was
    assert _ticked(page, "sinking-ships")
    page.select_option("#level", "basic")
    page.click("#create")
    page.wait_for_selector("#links li", timeout=TIMEOUT)
    assert page.inner_text("#error") == ""
    replays = page.eval_on_selector_all("#replays a.replay", "els => els.map(e => e.getAttribute('href'))")
    assert len(replays) == 3 and all(href.startswith("/replay/") for href in replays)
    hotseat = page.get_attribute("#hotseat-link", "href")
    seats = page.eval_on_selector_all("#links li", "els => els.map(e => e.dataset.link)")
    tokens = [href.rsplit("/", 1)[1] for href in replays]
    assert seats == ["seat british", "seat french", "spectators"]
    assert hotseat == f"/hotseat#british={tokens[0]}&french={tokens[1]}"
    shot(page, "lobby-levels-created")


def test_a_game_with_one_human_seat_offers_no_hot_seat(server, browser):
    page = _lobby(server, browser)
    page.select_option("#scenario", "enemy-in-sight")
    page.select_option('#seats select[data-seat="french"]', "captain")
    page.click("#create")
    page.wait_for_selector("#links li", timeout=TIMEOUT)
    assert page.locator("#hotseat-link").count() == 0


def test_the_lobby_lists_the_scenarios_of_the_chosen_game_system(server, browser):
    """With two systems installed, each lists only its own scenarios, levels and bots (a second
    system is faked into the catalogue the page is sent)."""
    import urllib.request

    catalogue = json.load(urllib.request.urlopen(server + "/api/scenarios"))
    sails = catalogue["systems"][0]
    catalogue["systems"].append({**sails, "name": "house-system", "title": "A House System", "levels": ["classic"],
                                 "bots": ["random"], "options": []})
    catalogue["scenarios"].append({**catalogue["scenarios"][0], "id": "house-duel", "name": "House Duel",
                                   "system": "house-system", "level": "classic", "options": []})
    page = _lobby(server, browser, catalogue)
    assert page.eval_on_selector_all("#system option", "els => els.map(e => e.textContent)") == ["Sails of Glory", "A House System"]
    ours = page.eval_on_selector_all("#scenario option", "els => els.map(e => e.value)")
    assert "enemy-in-sight" in ours and "house-duel" not in ours
    page.select_option("#system", "house-system")
    assert page.eval_on_selector_all("#scenario option", "els => els.map(e => e.value)") == ["house-duel"]
    assert page.eval_on_selector_all("#level option", "els => els.map(e => e.value)") == ["classic"]
    assert "A House System" in page.inner_text("#scenario-info")
    shot(page, "lobby-systems")
