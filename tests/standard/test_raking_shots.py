"""Raking shots (p. 25), with the rulebook's examples: the Courageuse (firepower 3) and the
Généreux (firepower 7) rake HMS Defence through the bow (4 / 10 counters) or the stern (5 / 11).

HMS Defence lies at (450, 450) heading north: its bow edge is y = 495, its stern edge y = 405.
Movement is blocked, so the ships stay where they are put; every broadside is loaded with ball.
"""

import pytest

from sog.plugins.standard import raking

#: Attacker poses whose right central dot lies 120 mm (long range) off Defence's bow or stern,
#: on its centre line: heading east puts the starboard side to the south, heading west to the north.
AHEAD = (450.0, 495.0 + 120.0 + 21.5, 90.0)
ASTERN = (450.0, 405.0 - 120.0 - 21.5, 270.0)


def _fire(bench, attacker, side, arc="central"):
    bench.until(1, "combat")
    request = bench.request("fire", attacker, side)
    [option] = [c for c in request.choices if c and c["target"] == "defence" and c["arc"] == arc]
    bench.script[("fire", attacker, side)] = option
    bench.answer_all()
    bench.game.advance()
    [attack] = bench.events("attack", 1, attacker=attacker)
    return attack["data"], option


def _setup(std_bench, attacker, where):
    bench = std_bench(static=True)
    others = {"courageuse", "genereux", "terpsichore"} - {attacker}
    bench.park(*others)
    bench.put("defence", 450.0, 450.0, 0.0)
    bench.put(attacker, *where)
    return bench


@pytest.mark.parametrize(("attacker", "where", "side", "counters"), [
    ("courageuse", AHEAD, "bow", 4),
    ("courageuse", ASTERN, "stern", 5),
    ("genereux", AHEAD, "bow", 10),
    ("genereux", ASTERN, "stern", 11),
])
def test_rulebook_raking_examples(std_bench, attacker, where, side, counters):
    bench = _setup(std_bench, attacker, where)
    attack, option = _fire(bench, attacker, "right")
    assert option["band"] == "long" and attack["pool"] == "A"
    assert attack["modifiers"] == [f"raking-{side}"]
    assert len(attack["counters"]) == counters
    assert attack["firepower"] == {"courageuse": 3, "genereux": 7}[attacker]


def test_a_broadside_into_the_long_side_does_not_rake(std_bench):
    bench = _setup(std_bench, "courageuse", (471.5 + 120.0 + 21.5, 450.0, 0.0))  # port side faces Defence
    attack, _ = _fire(bench, "courageuse", "left")
    assert attack["modifiers"] == [] and len(attack["counters"]) == 3


def test_only_the_central_arc_rakes(std_bench):
    bench = _setup(std_bench, "courageuse", (356.0, 593.5, 90.0))  # Defence's bow in the forward arc
    attack, _ = _fire(bench, "courageuse", "right", arc="forward")
    assert attack["modifiers"] == [] and len(attack["counters"]) == 2


@pytest.mark.parametrize(("firepower", "bow", "stern"), [(1, 1, 1), (2, 1, 1), (3, 1, 2), (6, 2, 3), (7, 3, 4), (0, 0, 0)])
def test_extra_counters_round_up(firepower, bow, stern):
    assert raking.extra_counters("bow", firepower) == bow
    assert raking.extra_counters("stern", firepower) == stern
