"""Through which side of a base does a line enter it: bow, stern, left or right?

What: ``entry_side(rect, from_xy, to_xy)`` follows the segment from ``from_xy`` to ``to_xy``
and names the edge of ``rect`` it crosses first on its way in, in the rectangle's own frame:
``"bow"`` (the front short edge), ``"stern"`` (the rear short edge), ``"left"`` (port long
edge) or ``"right"`` (starboard long edge).

Why: the Standard rules' raking shot (rulebook p. 25) traces a line from the attacker's
central firing dot to the target's main mast; the shot rakes when that line enters the
target's base through a short side. The function is pure geometry and knows no rule.

How: the segment is taken into the rectangle's frame and clipped against the two slabs
``|right| <= width/2`` and ``|forward| <= length/2`` (Liang-Barsky); the slab whose entering
parameter is the larger gives the edge crossed first.

Rulings (tolerance ``EPS`` of ``sog.geometry.tolerance``):

* ``CORNER_ENTRY``: a segment that enters exactly through a corner (its entry point lies
  within ``EPS`` of both a short and a long edge, which includes a segment running along a
  long edge) enters through the *long* side. A short side is crossed only strictly between
  its two ends, so a shot through a corner does not rake.
* A segment that starts inside the rectangle (deeper than ``EPS``) enters through no side:
  ``None``. One that starts on an edge and goes in enters through that edge.
* A segment that misses the rectangle, stops short of it, or has no length gives ``None``;
  one that merely touches the rectangle's boundary enters at the touching point.
"""

from __future__ import annotations

import math

from sog.geometry.shapes import Rect
from sog.geometry.tolerance import EPS

__all__ = ["CORNER_ENTRY", "SIDES", "entry_side"]

#: The four sides, named in the base's own frame.
SIDES = ("bow", "stern", "left", "right")

#: Ruling: which kind of side a segment entering exactly through a corner enters by
#: (``"long"``: left or right, never raking; see the module docstring).
CORNER_ENTRY = "long"


def _slab(p: float, d: float, half: float, low: str, high: str) -> tuple[float, float, str | None] | None:
    """Entering and leaving parameters of ``p + t d`` in ``[-half, half]``, and the edge entered.

    ``None`` when the line never enters the slab; ``(-inf, inf, None)`` when it runs inside it.
    """
    if d == 0.0:  # parallel to the slab's edges
        if abs(p) > half + EPS:
            return None
        return (-math.inf, math.inf, None)
    if d > 0.0:
        return ((-half - p) / d, (half - p) / d, low)
    return ((half - p) / d, (-half - p) / d, high)


def entry_side(rect: Rect, from_xy: tuple[float, float], to_xy: tuple[float, float]) -> str | None:
    """The side of ``rect`` through which the segment ``from_xy`` -> ``to_xy`` first enters it.

    :param rect: the base (its ``heading`` gives which edge is the bow).
    :param from_xy: where the line starts, table coordinates (mm).
    :param to_xy: where the line ends, table coordinates (mm).
    :return: ``"bow"``, ``"stern"``, ``"left"``, ``"right"``, or ``None`` when the segment does
        not enter the rectangle (see the module docstring for corners and inside starts).
    """
    r0, f0 = rect.local(*from_xy)
    r1, f1 = rect.local(*to_xy)
    dr, df = r1 - r0, f1 - f0
    length = math.hypot(dr, df)
    if length <= EPS:
        return None
    across = _slab(r0, dr, rect.hw, "left", "right")
    along = _slab(f0, df, rect.hl, "stern", "bow")
    if across is None or along is None:
        return None
    t_in = max(across[0], along[0])
    t_out = min(across[1], along[1])
    tol = EPS / length
    if t_in > t_out + tol or t_in > 1.0 + tol:
        return None
    if t_in < -tol:  # the segment starts inside
        return None
    r, f = r0 + t_in * dr, f0 + t_in * df
    on_long = abs(abs(r) - rect.hw) <= EPS
    on_short = abs(abs(f) - rect.hl) <= EPS
    if on_long and on_short:  # a corner: ruling CORNER_ENTRY
        side = "right" if r > 0.0 else "left"
        return side if CORNER_ENTRY == "long" else ("bow" if f > 0.0 else "stern")
    if on_short:
        return "bow" if f > 0.0 else "stern"
    if on_long:
        return "right" if r > 0.0 else "left"
    # Numerically off both edges (should not happen): trust the slab that entered last.
    return across[2] if across[0] >= along[0] else along[2]
