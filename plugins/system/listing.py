"""Points and listing columns of Sails of Glory documents (:attr:`sog.systems.GameSystem.points`,
:attr:`~sog.systems.GameSystem.describe`).

A fleet is priced by what its ships carry: a ship's value is its own ``points``; a captain's
or a crew card's is its own points plus those of its abilities (ruling R18: every points
value is an estimate, to be checked by simulation). The columns are JSON-compatible, for
``sog ships`` and ``sog captains`` (``--json`` too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .content_captains import Ability, Captain, CrewCard, abilities_of

if TYPE_CHECKING:  # pragma: no cover
    from sog.packs.library import Library

__all__ = ["points", "describe"]

HOLDERS = ("captain", "crew-card")
"""The kinds that carry abilities."""


def points(library: Library, kind: str, doc: Any) -> int | None:
    """The points value of a ship, captain or crew card, its abilities included; ``None``
    for a ship without a value and for any other kind."""
    if kind == "ship":
        value = getattr(doc, "points", None)
        return value if isinstance(value, int) else None
    if kind in HOLDERS and isinstance(doc, (Captain, CrewCard)):
        return doc.points + sum(a.points for a in abilities_of(library, doc))
    return None


def _ability(ability: Ability) -> dict[str, Any]:
    return {"id": ability.id, "name": ability.name, "uses": ability.uses, "level": ability.level,
            "captain_icon": ability.captain_icon, "timing": ability.timing, "effect": ability.effect,
            "points": ability.points}


def describe(library: Library, kind: str, doc: Any) -> Mapping[str, Any]:
    """The columns of a ship, captain or crew card (empty for any other kind)."""
    if kind == "ship":
        return {"nationality": doc.nationality, "class_name": doc.class_name, "year": doc.year,
                "burden": doc.burden, "deck": doc.deck, "ship_boxes": len(doc.ship_track),
                "crew_boxes": len(doc.crew_track), "points": points(library, kind, doc)}
    if kind not in HOLDERS or not isinstance(doc, (Captain, CrewCard)):
        return {}
    out: dict[str, Any] = {}
    if isinstance(doc, Captain):
        out["nationality"] = doc.nationality
        if doc.printed_name is not None:
            out["printed_name"] = doc.printed_name
    out["ships"] = list(doc.ships)
    out["abilities"] = [_ability(a) for a in abilities_of(library, doc)]
    out["points"] = points(library, kind, doc)
    return out
