"""Pure geometry of the table: poses, bases, wind, firing reach, movement along lines.

Knows no game rule and no content model: functions take plain numbers and small frozen
objects. Conventions: lengths in mm; table frame x right, y up, origin lower-left; headings
and bearings in compass degrees (0 = north = +y, clockwise positive); wind given by the
direction it blows from; positions on a ship are ``(right, forward)`` from the base centre.
Tolerances and the rulings that use them are in ``sog.geometry.tolerance`` and in each
module's docstring.
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
from .pose import (
    Pose,
    Transform,
    bearing,
    heading_vector,
    normalize_heading,
    normalize_relative,
    relative_bearing,
)
from .ruler import ruler_band, within_distance
from .shapes import Rect
from .table import Table, fully_offboard, offboard
from .tolerance import ANGLE_EPS, EPS
from .wind import DEFAULT_SPEED_RANK, attitude, wind_angle, wind_side

__all__ = [
    # tolerances
    "EPS",
    "ANGLE_EPS",
    # pose
    "Pose",
    "Transform",
    "normalize_heading",
    "normalize_relative",
    "heading_vector",
    "bearing",
    "relative_bearing",
    # shapes / table
    "Rect",
    "Table",
    "offboard",
    "fully_offboard",
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
