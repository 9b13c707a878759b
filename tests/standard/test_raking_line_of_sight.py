"""The raking line is a line of sight (rulebook p. 25 with p. 15): a base across the line from
the central dot to the target's main mast blocks the rake, exactly as it blocks a line of fire.

The Courageuse lies 120 mm off HMS Defence's bow, her starboard central dot on Defence's centre
line (x = 450): the raking line runs down x = 450 from y = 615 to the main mast at y = 455 and
enters Defence's bow edge (y = 495). A third base lying east-west at y = 550 either crosses
that line (its west end 3 mm past it) or lies beside it (its west end 5 mm short of it); either
way the ruler still reaches the west corner of Defence's bow, so the broadside fires.
"""

import pytest

from sog.setup import new_game
from sog.testing import Bench

AHEAD = (450.0, 495.0 + 120.0 + 21.5, 90.0)
ACROSS = (450.0 - 3.0 + 45.0, 550.0, 90.0)
BESIDE = (450.0 + 5.0 + 45.0, 550.0, 90.0)
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}


class RakeBench(Bench):
    parking = PARKING


@pytest.fixture
def rake(library, catalogue):
    """``rake(third, where, wreck=False)``: Courageuse ahead of Defence, ``third`` at ``where``
    (a wreck, with the surrendered-ships option, if asked); movement blocked."""

    def make(third: str, where: tuple[float, float, float], wreck: bool = False) -> RakeBench:
        game = new_game("enemy-in-sight", level="standard", seed=1, library=library, catalogue=catalogue,
                        blocked=["movement"], options=["surrendered-ships"] if wreck else None)
        bench = RakeBench(game)
        bench.park(*({"terpsichore", "genereux"} - {third}))
        bench.put("defence", 450.0, 450.0, 0.0)
        bench.put("courageuse", *AHEAD)
        bench.put(third, *where)
        if wreck:
            game.remove_ship(third, "surrendered")
            assert [s.id for s in game.obstacles()] == [third]
        return bench

    return make


def _central_attack(bench):
    bench.until(1, "combat")
    request = bench.request("fire", "courageuse", "right")
    [option] = [c for c in request.choices if c and c["target"] == "defence" and c["arc"] == "central"]
    bench.script[("fire", "courageuse", "right")] = option
    bench.answer_all()
    bench.game.advance()
    [attack] = bench.events("attack", 1, attacker="courageuse")
    return attack["data"]


def test_a_ship_across_the_raking_line_blocks_the_rake(rake):
    attack = _central_attack(rake("terpsichore", ACROSS))
    assert attack["modifiers"] == [] and len(attack["counters"]) == 3  # a normal shot (BLOCKED_RAKE)


def test_a_ship_beside_the_raking_line_does_not_block_the_rake(rake):
    attack = _central_attack(rake("terpsichore", BESIDE))
    assert attack["modifiers"] == ["raking-bow"] and len(attack["counters"]) == 4


def test_a_friend_of_the_attacker_across_the_line_blocks_it_too(rake):
    attack = _central_attack(rake("genereux", ACROSS))  # a French ship, the attacker's friend
    assert attack["modifiers"] == []


def test_a_wreck_across_the_raking_line_blocks_the_rake(rake):
    attack = _central_attack(rake("terpsichore", ACROSS, wreck=True))
    assert attack["modifiers"] == [] and len(attack["counters"]) == 3


def test_a_wreck_beside_the_raking_line_does_not_block_the_rake(rake):
    attack = _central_attack(rake("terpsichore", BESIDE, wreck=True))
    assert attack["modifiers"] == ["raking-bow"]


@pytest.mark.parametrize("where, rakes", [(ACROSS, False), (BESIDE, True)], ids=["across", "beside"])
def test_the_captain_bot_counts_a_rake_only_when_its_line_is_clear(rake, where, rakes):
    from sog.plugins.system.captain import raking_extra
    from sog.plugins.system.view_table import ViewTable
    from sog.game import SeatView

    bench = rake("terpsichore", where)
    bench.until(1, "combat")
    request = bench.request("fire", "courageuse", "right")
    [option] = [c for c in request.choices if c and c["target"] == "defence" and c["arc"] == "central"]
    table = ViewTable(SeatView(bench.game, "french"))
    extra = raking_extra(table, table.ship("courageuse"), option, 4)
    assert (extra > 0) == rakes
