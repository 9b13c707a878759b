"""The geometry of Sails of Glory: movement lines, firing arcs and reach, the ruler, raking, wind.

What the system's rules measure on the table, built on the core's generic geometry
(:mod:`sog.geometry`: poses, oriented rectangles, the table, tolerances):

* :mod:`.paths`: where a maneuver card's movement line puts a ship, the line as a curve, and
  the slide to first contact (collisions);
* :mod:`.fire` and :mod:`.fire_region`: firing arcs, the shortest ruler placement to a target
  and line of sight (exact, and a shapely reference);
* :mod:`.sight`: the line of sight across land (coasts and islands, rulebook p. 45), with
  prepared shapely polygons, only when land lies on the table;
* :mod:`.ruler`: the ruler's range bands and edge-to-edge distance checks;
* :mod:`.entry`: the side through which a line enters a base (the raking shot);
* :mod:`.wind`: the angle to the wind and the attitude read from the base's wind indicator.

Like the core's geometry it knows no rule and no content model: functions take plain numbers
and small frozen objects, with the same conventions (mm, compass degrees, ``(right, forward)``
positions on a ship) and the tolerances of :mod:`sog.geometry.tolerance`.
"""

from .entry import CORNER_ENTRY, entry_side
from .fire import Reach, absolute_arc, arc_width, in_arc, line_of_sight, mirror_arc, reach
from .fire_region import reach_by_region, visible_region
from .paths import (
    MAX_STEP,
    PIVOT_CHORD,
    RESOLUTION,
    LineEnd,
    ManeuverPath,
    Slide,
    choose_slide_mode,
    end_pose,
    slide_until_contact,
)
from .ruler import ruler_band, within_distance
from .wind import DEFAULT_SPEED_RANK, attitude, wind_angle, wind_side

__all__ = [
    # wind
    "wind_angle",
    "wind_side",
    "attitude",
    "DEFAULT_SPEED_RANK",
    # fire
    "Reach",
    "reach",
    "line_of_sight",
    "reach_by_region",
    "visible_region",
    "arc_width",
    "in_arc",
    "absolute_arc",
    "mirror_arc",
    "ruler_band",
    "within_distance",
    # entry (raking)
    "entry_side",
    "CORNER_ENTRY",
    # paths
    "LineEnd",
    "end_pose",
    "ManeuverPath",
    "Slide",
    "choose_slide_mode",
    "slide_until_contact",
    "MAX_STEP",
    "RESOLUTION",
    "PIVOT_CHORD",
]
