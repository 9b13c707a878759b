"""Musketry (rulebook p. 17, the preview article; RULES-NOTES item 9; ruling R1).

An enemy base within the ruler's width (20 mm in the Starter Set), measured edge to edge in
any direction, may be shot at; one target per turn; as many E counters as the number in the
leftmost empty crew box; no reloading.
"""

import pytest

from sog.plugins.basic import combat
from sog.plugins.system.tabletop import musketry_of

SHIPS = ("terpsichore", "defence", "courageuse", "genereux")
COURAGEUSE = (450.0, 450.0, 0.0)  # base: x 428.5-471.5, y 405-495


def _table(bench, poses, seed=1):
    b = bench(seed, static=True)
    for ship_id, pose in poses.items():
        b.put(ship_id, *pose)
    b.park(*[s for s in SHIPS if s not in poses])
    return b


def _musketry_choices(b, ship_id):
    requests = [r for batch in b.game.hook.sog_decisions_needed(game=b.game, step=combat.STEP) for r in batch or []
                if r.kind == "musketry" and r.ship == ship_id]
    assert len(requests) <= 1
    return requests[0].choices if requests else None


def _musketry_attacks(b, turn=None):
    return [e["data"] for e in b.events("attack", turn) if e["data"]["kind"] == "musketry"]


@pytest.mark.parametrize(
    ("pose", "in_reach"),
    [
        ((450.0 + 43.0 + 20.0, 450.0, 0.0), True),        # abeam, side to side: exactly 20 mm
        ((450.0 + 43.0 + 20.5, 450.0, 0.0), False),
        ((450.0, 450.0 - 90.0 - 20.0, 0.0), True),        # dead astern, bow to stern: 20 mm
        ((450.0, 450.0 - 90.0 - 21.0, 0.0), False),
        ((450.0, 450.0 + 90.0 + 19.0, 180.0), True),      # dead ahead, bow to bow
        ((450.0 + 43.0 + 12.0, 450.0 + 90.0 + 16.0, 0.0), True),   # corner to corner: 20 mm
        ((450.0 + 43.0 + 12.0, 450.0 + 90.0 + 16.5, 0.0), False),  # corner to corner: 20.4 mm
        ((450.0 + 43.0 + 12.0, 450.0 + 90.0 + 16.0, 90.0), False), # turned: its corner is farther
    ],
)
def test_musketry_reaches_any_enemy_base_within_the_ruler_width_edge_to_edge(bench, pose, in_reach):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": pose})
    expected = [None, {"target": "defence"}] if in_reach else None
    assert _musketry_choices(b, "courageuse") == expected
    assert _musketry_choices(b, "defence") == ([None, {"target": "courageuse"}] if in_reach else None)


def test_friendly_ships_are_never_musketry_targets(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "genereux": (450.0 + 43.0 + 5.0, 450.0, 0.0)})
    assert _musketry_choices(b, "courageuse") is None


def test_one_musketry_target_per_turn_with_e_counters_from_the_crew_track(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": (450.0 + 43.0 + 10.0, 450.0, 0.0),
                       "terpsichore": (450.0 - 43.0 - 10.0, 450.0, 0.0)})
    b.plan()
    request = b.request("musketry", "courageuse")
    assert request.choices == [None, {"target": "terpsichore"}, {"target": "defence"}]
    b.resolve({("musketry", "courageuse"): {"target": "defence"}})
    (attack,) = [a for a in _musketry_attacks(b, 1) if a["attacker"] == "courageuse"]
    assert (attack["target"], attack["side"], attack["arc"], attack["pool"], attack["firepower"]) == ("defence", None, None, "E", 2)
    assert len(attack["counters"]) == 2 and all(c.startswith("E") for c in attack["counters"])


@pytest.mark.parametrize(("covered", "firepower"), [(0, 3), (2, 3), (3, 2), (8, 1)])
def test_musketry_counters_equal_the_leftmost_empty_crew_box(bench, covered, firepower):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": (450.0 + 43.0 + 10.0, 450.0, 0.0)})
    crew = b.game.draw("E", covered)
    for box, counter in zip(b.ship("defence").crew_track, crew):
        box.counters.append(counter)
    assert musketry_of(b.game, b.ship("defence")) == firepower
    b.plan()
    b.resolve({("musketry", "defence"): {"target": "courageuse"}})
    (attack,) = [a for a in _musketry_attacks(b, 1) if a["attacker"] == "defence"]
    assert (attack["firepower"], len(attack["counters"])) == (firepower, firepower)


def test_musketry_is_available_every_turn_and_beside_the_broadsides(bench):
    b = _table(bench, {"courageuse": COURAGEUSE, "defence": (450.0 + 43.0 + 10.0, 450.0, 0.0)})
    b.plan()
    right = b.fire_request("courageuse", "right")
    b.resolve({("musketry", "courageuse"): {"target": "defence"},
               ("fire", "courageuse", "right"): b.option(right, "defence", "central")})
    for turn in (2, 3):
        assert b.game.state.turn == turn
        # the guns are being reloaded in turn 2 and may fire again in turn 3
        assert (b.fire_request("courageuse", "right") is None) == (turn == 2)
        b.resolve({("musketry", "courageuse"): {"target": "defence"}})
        if turn == 2:  # reloading is a choice (p. 20: "may"): reload the right broadside
            b.resolve({("load", "courageuse"): {"side": "right", "ammunition": "ball"}})
    by_turn = [(a["turn"], a["data"]["kind"]) for a in b.events("attack") if a["data"]["attacker"] == "courageuse"]
    assert by_turn == [(1, "artillery"), (1, "musketry"), (2, "musketry"), (3, "musketry")]
    assert b.ship("courageuse").broadsides["right"].loaded == "ball"  # held in turn 3
