"""A game's line-up: which ships sail for each side and what they carry, and its price.

A scenario fixes its sides' ships; a player may change them for one game without writing a
scenario (``sog play --fleet``, ``--captain``, ``--crew``): a :class:`Lineup` replaces the
ships of some sides and attaches documents (a captain, crew cards) to ships.
:func:`apply_lineup` gives the scenario of that game: the new ships take the set-up places
of the ships they replace, in order, and further ships are spread along the side's set-up
zone; the sides, seats, table, wind and victory conditions stay the scenario's.

:func:`fleet_points` prices each side with the game system's points values
(:attr:`sog.systems.GameSystem.points`) and :func:`check_points_limit` refuses a fleet over
a limit (``--points-limit``). A line-up is part of the game's configuration: the log header
records it (:meth:`Lineup.to_json`) and a replay applies it again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sog.errors import ConfigError, SaveFileError
from sog.packs.checks import attachment_issues
from sog.packs.errors import did_you_mean
from sog.packs.library import Library
from sog.packs.models import Pose, Scenario, ScenarioShip, Zone
from sog.systems import GameSystem

__all__ = ["Lineup", "apply_lineup", "check_points_limit", "fleet_points"]


@dataclass(frozen=True)
class Lineup:
    """Changes to a scenario's ships for one game.

    :ivar fleets: side id to the ship documents that sail for it, in order (replacing the
        scenario's ships of that side).
    :ivar attach: ship to content kind to document ids it carries (replacing what the
        scenario gives it of that kind); a ship is named by its id in the game or, when only
        one ship of the game uses it, by its ship document's id.
    """

    fleets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    attach: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        """Whether the line-up changes nothing."""
        return not self.fleets and not self.attach

    def to_json(self) -> dict[str, Any]:
        """The line-up as the log header records it."""
        return {"fleets": {side: list(ships) for side, ships in self.fleets.items()},
                "attach": {ship: {kind: list(ids) for kind, ids in kinds.items()} for ship, kinds in self.attach.items()}}

    @classmethod
    def from_json(cls, data: Any) -> Lineup:
        """The line-up of a log header (``None``: no change).

        :raises SaveFileError: the value is not a line-up.
        """
        if data is None:
            return cls()
        try:
            fleets = {str(side): tuple(_ids(ships)) for side, ships in data.get("fleets", {}).items()}
            attach = {str(ship): {str(kind): tuple(_ids(ids)) for kind, ids in kinds.items()}
                      for ship, kinds in data.get("attach", {}).items()}
        except (AttributeError, TypeError) as exc:
            raise SaveFileError(f"/lineup: not a line-up ({exc})") from None
        return cls(fleets, attach)


def _ids(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{value!r} is not a list of ids")
    return value


def _entry_ids(ships: Sequence[str], taken: set[str]) -> list[str]:
    """A game id for each ship document: its own id, then ``-2``, ``-3``... when taken."""
    out = []
    for ship in ships:
        candidate, n = ship, 1
        while candidate in taken:
            n += 1
            candidate = f"{ship}-{n}"
        taken.add(candidate)
        out.append(candidate)
    return out


def _spread(old: Sequence[ScenarioShip], count: int, side: str, scenario: Scenario) -> list[tuple[Pose, Zone | None]]:
    """Set-up places for ``count`` ships of a side whose scenario ships are ``old``.

    The same number of ships take the old places. Otherwise the ships stand in a line across
    the side's set-up zone (along its longer axis, where the old ships stand across it),
    as far apart as the old ones were, closer if the zone is too short, centred where the
    old line was centred (shifted to fit in the zone).
    """
    if count == len(old):
        return [(entry.pose, entry.zone) for entry in old]
    zone = old[0].zone
    if zone is None:
        raise ConfigError(f"scenario {scenario.id!r} gives side {side!r} no set-up zone: its fleet must have "
                          f"{len(old)} ship{'s' if len(old) != 1 else ''}, like the scenario")
    axis = "x" if zone.x[1] - zone.x[0] >= zone.y[1] - zone.y[0] else "y"
    cross = "y" if axis == "x" else "x"
    low, high = getattr(zone, axis)
    along = sorted(getattr(entry.pose, axis) for entry in old)
    gap = (along[-1] - along[0]) / (len(old) - 1) if len(old) > 1 else (high - low) / count
    gap = min(gap, (high - low) / count)
    centre = (along[0] + along[-1]) / 2
    half = gap * (count - 1) / 2
    centre = min(max(centre, low + half), high - half)
    at_cross = sum(getattr(entry.pose, cross) for entry in old) / len(old)
    heading = old[0].pose.heading
    places = []
    for k in range(count):
        position = round(centre - half + k * gap, 1)
        xy = {axis: position, cross: at_cross}
        places.append((Pose(x=xy["x"], y=xy["y"], heading=heading), zone))
    return places


def _known(library: Library, kind: str, doc_id: str, what: str) -> None:
    if not library.has(kind, doc_id):
        ids = [doc.id for doc in library.all(kind)]
        listing = {"ship": " (see `sog ships`)", "captain": " (see `sog captains`)"}.get(kind, "")
        raise ConfigError(f"unknown {what} {doc_id!r}{did_you_mean(doc_id, ids)}{listing}")


def _new_ships(library: Library, scenario: Scenario, fleets: Mapping[str, Sequence[str]], system: GameSystem) -> list[ScenarioShip]:
    sides = [side.id for side in scenario.sides]
    for side, ships in fleets.items():
        if side not in sides:
            raise ConfigError(f"scenario {scenario.id!r} has no side {side!r}{did_you_mean(side, sides)} (sides: {', '.join(sides)})")
        if not ships:
            raise ConfigError(f"the fleet of side {side!r} has no ship")
        for ship in ships:
            _known(library, system.ship_kind, ship, system.ship_kind)
    kept = [entry for entry in scenario.ships if entry.side not in fleets]
    taken = {entry.id for entry in kept}
    new: dict[str, list[ScenarioShip]] = {}
    for side, ships in fleets.items():
        old = list(scenario.ships_of(side))
        places = _spread(old, len(ships), side, scenario)
        ids = _entry_ids(ships, taken)
        new[side] = [ScenarioShip(id=ids[k], ship=ship, side=side, seat=old[k % len(old)].seat, pose=pose, zone=zone)
                     for k, (ship, (pose, zone)) in enumerate(zip(ships, places))]
    ordered: list[ScenarioShip] = []
    for entry in scenario.ships:  # each side's new ships where its first old ship was
        if entry.side not in fleets:
            ordered.append(entry)
        elif entry.side in new:
            ordered += new.pop(entry.side)
    return ordered


def _which(ships: Sequence[ScenarioShip], name: str) -> int:
    """The index of the ship called ``name``: its game id, else its document's (if unique)."""
    for index, entry in enumerate(ships):
        if entry.id == name:
            return index
    users = [index for index, entry in enumerate(ships) if entry.ship == name]
    if len(users) == 1:
        return users[0]
    ids = [entry.id for entry in ships]
    if users:
        raise ConfigError(f"{len(users)} ships of the game are {name!r}: name one by its id ({', '.join(ids[i] for i in users)})")
    raise ConfigError(f"no ship {name!r} in this game{did_you_mean(name, ids + [e.ship for e in ships])} (ships: {', '.join(ids)})")


def apply_lineup(library: Library, scenario: Scenario, lineup: Lineup, system: GameSystem) -> Scenario:
    """The scenario as ``lineup`` changes it (``scenario`` itself when it changes nothing).

    :raises ConfigError: an unknown side, ship, kind or document (with a did-you-mean), a
        side left without ships or with more ships than its set-up allows, more documents of
        a kind than a ship may carry.
    """
    if lineup.empty:
        return scenario
    ships = _new_ships(library, scenario, lineup.fleets, system) if lineup.fleets else list(scenario.ships)
    for name, attached in lineup.attach.items():
        index = _which(ships, name)
        entry = ships[index]
        changed = dict(entry.attach)
        for kind, ids in attached.items():
            issues = list(attachment_issues(system, library, entry.ship, kind, ids))
            for j, message in issues:  # the list first: a kind it cannot carry, too many
                if j is None:
                    raise ConfigError(f"{entry.id}: {message}")
            if len(set(ids)) != len(ids):
                raise ConfigError(f"{entry.id} is given the same {kind} twice")
            for doc_id in ids:
                _known(library, kind, doc_id, kind)
            for j, message in issues:  # then each document: one that does not fit the ship
                if j is not None:
                    raise ConfigError(f"{entry.id} cannot carry {kind} {ids[j]!r}: {message}")
            if ids:
                changed[kind] = tuple(ids)
            else:
                changed.pop(kind, None)
        ships[index] = entry.model_copy(update={"attach": changed})
    return scenario.model_copy(update={"ships": tuple(ships)})


def fleet_points(library: Library, scenario: Scenario, system: GameSystem) -> dict[str, tuple[int | None, list[str]]]:
    """Each side's points: the total (``None`` if something has no points value) and the
    breakdown, one line per ship (``"hms-defence 52"``, ``"uss-constitution 50 + isaac-hull 21"``)."""
    out: dict[str, tuple[int | None, list[str]]] = {}
    for side in scenario.sides:
        total: int | None = 0
        lines = []
        for entry in scenario.ships_of(side.id):
            parts = [(system.ship_kind, entry.ship)] + [(kind, i) for kind, ids in entry.attach.items() for i in ids]
            shown = []
            for kind, doc_id in parts:
                value = system.points(library, kind, library.get(kind, doc_id)) if system.points else None
                shown.append(f"{doc_id} {'?' if value is None else value}")
                total = None if total is None or value is None else total + value
            lines.append(" + ".join(shown))
        out[side.id] = (total, lines)
    return out


def check_points_limit(library: Library, scenario: Scenario, system: GameSystem, limit: int) -> None:
    """Refuse a game in which a side's fleet is worth more than ``limit`` points.

    :raises ConfigError: naming each side over the limit with its breakdown, or the
        documents that have no points value.
    """
    problems = []
    for side, (total, lines) in fleet_points(library, scenario, system).items():
        if total is None:
            problems.append(f"side {side!r}: something in its fleet has no points value ({'; '.join(lines)})")
        elif total > limit:
            problems.append(f"side {side!r} is worth {total} points, more than the limit of {limit} ({'; '.join(lines)})")
    if problems:
        raise ConfigError("the fleets are over the points limit: " + "; ".join(problems))
