"""Ruling R7: the levels at which each optional rule may be used.

The rulebook marks each optional rule with level pictograms that the text extraction lost.
RULES-NOTES rules: Basic may use Grog, Gunners Lacking Training, Entanglement, Continuous
Fire, First Broadside, Forced Aim, Boarding, Flagship, Surrendered Ships, Variable Wind
Direction, terrain and batteries; Standard adds Double Shot; Advanced adds Sailors Lacking
Training, Aiming High, Ammunition Explosion, Sinking Ships, Spreading Fires and Variable
Wind Strength. A rule allowed at a level is allowed at the levels above it.
"""

from __future__ import annotations

from sog.plugins.system import ALL_LEVELS

__all__ = ["ADVANCED_ONLY", "ALL_LEVELS", "STANDARD_UP"]

STANDARD_UP = ("standard", "advanced")
ADVANCED_ONLY = ("advanced",)
