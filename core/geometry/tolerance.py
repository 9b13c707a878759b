"""Numerical tolerances shared by the geometry package.

Why a module of its own: every predicate that decides a game border (touching bases,
a ruler that exactly reaches, an angle exactly on a wind-sector border) must use the same
figures, and the rulings in the docstrings refer to them by name.
"""

from __future__ import annotations

__all__ = ["EPS", "ANGLE_EPS", "CONTACT_RESIDUE"]

#: Length tolerance in millimetres. Two bases whose interiors interpenetrate by no more than
#: EPS only *touch* (they do not overlap); a distance of at most EPS counts as 0; a ruler of
#: length L reaches a point at distance L + EPS.  1e-6 mm is far below anything measurable on
#: a table yet far above the rounding error of the float arithmetic used here.
EPS: float = 1e-6

#: Angular tolerance in degrees for "exactly on a border" (wind sectors, arc edges).
ANGLE_EPS: float = 1e-9

#: Ruling: bases that already interpenetrate by no more than CONTACT_RESIDUE mm (penetration
#: depth: the shortest push along an edge normal that parts them) when a move starts are in
#: contact, not stuck: the residue of float arithmetic or of rounding a stored pose (about
#: 1e-3 mm) must not freeze a ship. The move goes on as long as it does not push that base
#: deeper in than it started. A deeper overlap is a real one: the ship stays put. 0.01 mm is
#: ten times the rounding residue and far below anything measurable on a table.
CONTACT_RESIDUE: float = 0.01
