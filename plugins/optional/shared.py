"""Small table operations several optional rules share; not a rule itself.

What: the randomizer draw (ruling R8), taking a crew damage token off a crew track (grog,
flagship), placing crew-loss markers (flagship), base contact (entanglement), an enemy within
a distance (grog, spreading fires). Why here:
the rule modules share no internals with one another, and these few lines read or change only
the components on the table, like :mod:`sog.plugins.system.tabletop` does for the core.
"""

from __future__ import annotations

from sog.game import Game
from sog.state import Counter
from sog.plugins.system.state import Box, SailsShipState
from sog.plugins.system.geometry import within_distance
from sog.plugins.system.tabletop import enemies, rect_of

#: Ruling R8: the randomizer is a counter drawn from pool E (only "0"s and crew symbols).
RANDOMIZER_POOL = "E"
#: Ruling R8: the symbol that makes the event happen (any other counter: it does not).
HAPPENS = "crew"
#: The marker the damage rule lays on the crew track for a crew-loss symbol (same name, so
#: every rule reading the crew track counts it the same way).
CREW_MARKER = "crew-loss"
#: Ruling: two bases are "in contact" when their edges are at most this far apart, in mm
#: (a base stopped at first contact lies at 0 mm; a hair's breadth on the table still touches).
CONTACT_TOLERANCE = 0.5


def randomizer(game: Game) -> tuple[bool, str | None]:
    """Draw the randomizer (ruling R8): ``(happens, counter label)``; the counter goes back at once.

    With an empty pool (it never is: the counter always returns) the event does not happen.
    """
    drawn = game.draw(RANDOMIZER_POOL, 1)
    if not drawn:
        return False, None
    game.pools.put_back(drawn)
    return drawn[0].symbol == HAPPENS, drawn[0].label()


def crew_tokens(ship: SailsShipState) -> int:
    """How many damage tokens (counters and markers) lie on the crew track."""
    return sum(len(box.counters) + len(box.markers) for box in ship.crew_track)


def remove_crew_token(ship: SailsShipState) -> str | None:
    """Take one crew damage token off the crew track, from its rightmost covered box.

    Ruling (``remove_crew_token``): the token taken is the last one placed — the rightmost
    covered box, which frees the box that sets the ship's crew values again. A counter goes
    to the ship's zero box (it returns to its pool with the others); a marker, which no pool
    holds, is simply taken away. Returns the token's label, or ``None`` if the track is clear.
    """
    for box in reversed(ship.crew_track):
        if box.counters:
            counter: Counter = box.counters.pop()
            ship.zero_box.append(counter)
            return counter.label()
        if box.markers:
            return box.markers.pop()
    return None


def add_crew_markers(ship: SailsShipState, count: int) -> int:
    """Lay ``count`` crew-loss markers in the leftmost empty crew boxes; return how many fitted."""
    placed = 0
    for _ in range(count):
        box = next((b for b in ship.crew_track if not b.covered), None)
        if box is None:
            break
        box.markers.append(CREW_MARKER)
        placed += 1
    return placed


def covered(track: list[Box]) -> bool:
    """Is every box of the track covered (the ship surrenders)?"""
    return all(box.covered for box in track)


def in_contact(game: Game, a: SailsShipState, b: SailsShipState) -> bool:
    """Are the two bases in contact (edge distance within ``CONTACT_TOLERANCE``)?"""
    return rect_of(game, a).distance(rect_of(game, b)) <= CONTACT_TOLERANCE


def enemy_within(game: Game, ship: SailsShipState, reach: float) -> bool:
    """Does an enemy base in play lie within ``reach`` mm (edge to edge) of the ship's base?"""
    rect = rect_of(game, ship)
    return any(within_distance(rect, rect_of(game, e), reach) for e in enemies(game, ship))
