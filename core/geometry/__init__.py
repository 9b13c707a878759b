"""Generic geometry of the table: poses and bearings, oriented rectangles, the table's bounds,
a grid index of points.

Knows no game rule and no content model: functions take plain numbers and small frozen
objects. Conventions: lengths in mm; table frame x right, y up, origin lower-left; headings
and bearings in compass degrees (0 = north = +y, clockwise positive); positions on a piece are
``(right, forward)`` from its centre. Tolerances and the rulings that use them are in
``sog.geometry.tolerance`` and in each module's docstring. What a game system measures with
them (movement lines, firing arcs, ...) belongs to that system.
"""

from .pose import (
    Pose,
    Transform,
    bearing,
    heading_vector,
    normalize_heading,
    normalize_relative,
    relative_bearing,
)
from .grid import GridIndex
from .shapes import Rect
from .table import Table, fully_offboard, offboard
from .tolerance import ANGLE_EPS, EPS

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
    "GridIndex",
    "offboard",
    "fully_offboard",
]
