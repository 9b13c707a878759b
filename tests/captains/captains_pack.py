"""The captains' tests' pack of test cards, and the bench whose ships carry them.

The tests do not play the shipped USS Constitution estimates: the pack written here (on top
of the Starter Set) holds one ability per effect with round numbers, and captains and crew
cards combining them as each test needs. A game is *Enemy in Sight!* with a line-up
attaching the cards (:class:`sog.lineup.Lineup`), driven by a :class:`sog.testing.Bench`
(its script answers ``("ability", ship)`` requests; by default a card is kept).

Imported by the test modules and the folder's conftest (a module of its own name, so that
no other folder's conftest is taken for it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sog import testing

SCENARIO = "enemy-in-sight"
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}
MANIFEST = "name: test-captains\nversion: 0.1.0\ndescription: Captains and abilities for tests.\nrequires: [starter-set]\n"


def ability(id: str, effect: str, params: str, uses: int, timing: str, *, level: str = "basic", icon: bool = True) -> str:
    """One ability document, as YAML."""
    return (f"kind: ability\nid: {id}\nname: {id.title()}\nsummary: The {effect} effect for tests.\neffect: {effect}\n"
            f"params: {params}\nuses: {uses}\nlevel: {level}\ncaptain_icon: {'true' if icon else 'false'}\n"
            f"timing: {timing}\npoints: 5\nprovenance: {{default: estimate}}\n")


ABILITIES = [
    ability("extra", "extra-counters", "{count: 2, attack: artillery}", 1, "before-combat"),
    ability("extra-short", "extra-counters", "{count: 2, attack: artillery, band: short}", 2, "before-combat"),
    ability("extra-musketry", "extra-counters", "{count: 1, attack: musketry}", 1, "before-combat", icon=False),
    ability("ignore", "ignore-counters", "{count: 2}", 1, "after-fire"),
    ability("reload", "quick-reload", "{}", 1, "before-reloading"),
    ability("wet", "wet-sails", "{}", 2, "before-movement"),
    ability("repair", "repair-damage", "{count: 2}", 1, "end-of-turn", icon=False),
    ability("standard-extra", "extra-counters", "{count: 1, attack: artillery}", 1, "before-combat", level="standard"),
    ability("twice-a", "wet-sails", "{}", 2, "before-movement"),
    ability("twice-b", "repair-damage", "{count: 1}", 2, "end-of-turn"),
    ability("once-a", "extra-counters", "{count: 1, attack: artillery}", 1, "before-combat"),
    ability("once-b", "repair-damage", "{count: 1}", 1, "end-of-turn"),
    ability("plain-once", "repair-damage", "{count: 1}", 1, "end-of-turn", icon=False),
]


def captain(id: str, *abilities: str, nationality: str = "british") -> str:
    """A captain (British unless said) carrying ``abilities``."""
    return (f"kind: captain\nid: {id}\nname: Captain {id.title()}\nnationality: {nationality}\nabilities: [{', '.join(abilities)}]\n"
            f"points: 3\nprovenance: {{default: estimate}}\n")


CAPTAINS = [
    captain("gunner", "extra"),
    captain("short-gunner", "extra-short"),
    captain("musketeer", "extra-musketry"),
    captain("stoic", "ignore", nationality="french"),  # commands the Courageuse
    captain("steady", "ignore"),
    captain("loader", "reload"),
    captain("sailor", "wet"),
    captain("carpenter", "repair"),
    captain("modern", "standard-extra", "extra"),
    # Wounds: two twice-per-game captain-icon abilities, a once one, and one without the icon.
    captain("veteran", "twice-a", "twice-b", "once-a", "plain-once"),
    # Wounds: no twice-per-game ability, two unused once ones with the icon.
    captain("novice", "once-a", "once-b", "plain-once"),
]
CREW_CARDS = [
    "kind: crew-card\nid: carpenters\nname: Carpenters\nabilities: [repair]\npoints: 2\nprovenance: {default: estimate}\n",
]


def write_pack(folder: Any, abilities: Sequence[str] = ABILITIES, captains: Sequence[str] = CAPTAINS,
               crew_cards: Sequence[str] = CREW_CARDS) -> Any:
    """Write the test pack into ``folder`` (created); return the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "abilities.yaml").write_text("---\n".join(abilities), encoding="utf-8")
    (folder / "captains.yaml").write_text("---\n".join(captains), encoding="utf-8")
    if crew_cards:
        (folder / "crew-cards.yaml").write_text("---\n".join(crew_cards), encoding="utf-8")
    return folder


class Bench(testing.Bench):
    """A game whose ships carry test cards."""

    parking = PARKING

    def stage(self, shooter: str, target: str, gap: float) -> None:
        """``target`` to starboard of ``shooter``, broadside to broadside, ``gap`` mm apart;
        the other ships parked."""
        self.put(shooter, 450.0, 450.0, 0.0)
        self.put(target, 450.0 + 43.0 + gap, 450.0, 0.0)
        self.park(*(s for s in PARKING if s not in (shooter, target)))

    def damage(self, ship: str, pool: str, boxes: Sequence[Sequence[tuple[int | None, str | None]]]) -> list[list[Any]]:
        """Lay counters drawn from ``pool`` on the ship track, box by box (a box is full when
        its counters reach the burden); return them, box by box."""
        placed = []
        state = self.ship(ship)
        burden = self.game.ship_doc(state).burden
        for index, wanted in enumerate(boxes):
            self.stack(pool, wanted)
            counters = self.game.draw(pool, len(wanted))
            box = state.ship_track[index]
            box.counters.extend(counters)
            box.full = sum(c.value or 0 for c in box.counters) >= burden
            placed.append(counters)
        return placed

    def crew(self, ship: str, count: int, pool: str = "E") -> None:
        """Lay ``count`` crew counters drawn from ``pool`` in the leftmost empty crew boxes."""
        self.stack(pool, [(None, "crew")] * count)
        track = self.ship(ship).crew_track
        for counter in self.game.draw(pool, count):
            next(box for box in track if not box.covered).counters.append(counter)

    def cards(self, ship: str) -> dict[str, dict[str, Any]]:
        """The ship's cards by key."""
        return {c["key"]: c for c in self.ship(ship).ext["abilities"]["cards"]}

    def offered(self, turn: int | None = None) -> list[str]:
        """Ids of the ability requests answered so far (in ``turn``)."""
        return [r.id for r in self.asked if r.kind == "ability" and (turn is None or r.id.startswith(f"t{turn}."))]
