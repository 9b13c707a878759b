"""Wind angle and points of sailing (attitude to the wind).

What: the angle between a ship's heading and the direction the wind blows from, the side the
wind comes from, and the attitude (``taken-aback``, ``beating``, ``reaching``, ``running``...)
read from a list of sectors supplied by the content (the base's wind indicator).

Why here: it is pure angle arithmetic, needed by the movement rules and by bots, and the
exact-border ruling must be the same everywhere.

Ruling on exact borders (rulebook: when the indicator points exactly between two colours the
more favourable, i.e. faster, one applies): when the wind angle is within ``ANGLE_EPS`` of a
sector border, the sector with the higher *speed rank* wins. The default ranks
(``DEFAULT_SPEED_RANK``) order reaching > beating = running > taken-aback, so
taken-aback|beating -> beating, beating|reaching -> reaching, reaching|running -> reaching.
Between two equally fast sectors the one nearer the wind (the lower sector) is kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sog.geometry.pose import normalize_relative
from sog.geometry.tolerance import ANGLE_EPS

__all__ = ["wind_angle", "wind_side", "attitude", "DEFAULT_SPEED_RANK"]

#: Faster = higher. reaching > beating = running > taken-aback.
DEFAULT_SPEED_RANK: Mapping[str, int] = {
    "reaching": 2,
    "beating": 1,
    "running": 1,
    "taken-aback": 0,
}


def wind_angle(heading: float, wind_from: float) -> float:
    """Angle in ``[0, 180]`` between the heading and the direction the wind comes from.

    0 = heading straight into the wind, 180 = wind dead astern.
    """
    return abs(normalize_relative(wind_from - heading))


def wind_side(heading: float, wind_from: float) -> str | None:
    """``'starboard'`` or ``'port'``: the side the wind comes from; ``None`` when it blows
    exactly from ahead or astern (within ``ANGLE_EPS``)."""
    rel = normalize_relative(wind_from - heading)
    if abs(rel) <= ANGLE_EPS or abs(rel) >= 180.0 - ANGLE_EPS:
        return None
    return "starboard" if rel > 0.0 else "port"


def attitude(
    heading: float,
    wind_from: float,
    sectors: Sequence[tuple[float, str]],
    speed_rank: Mapping[str, int] = DEFAULT_SPEED_RANK,
) -> str:
    """Name of the sector holding ``wind_angle(heading, wind_from)``.

    ``sectors`` is ``[(upto_deg, name), ...]`` with ascending ``upto`` values, the first
    sector starting at 0 and the last ending at 180 (e.g. ``[(45, 'taken-aback'),
    (80, 'beating'), (150, 'reaching'), (180, 'running')]``). On an exact border the faster
    sector per ``speed_rank`` is chosen (see the module docstring); a name missing from
    ``speed_rank`` raises ``ValueError`` only when that border is actually met.
    """
    if not sectors:
        raise ValueError("no wind sectors")
    prev = 0.0
    for upto, _ in sectors:
        if upto < prev:
            raise ValueError(f"wind sectors not ascending: {list(sectors)!r}")
        prev = upto
    if prev < 180.0 - ANGLE_EPS:
        raise ValueError(f"wind sectors end at {prev}, not 180")
    a = wind_angle(heading, wind_from)
    last = len(sectors) - 1
    for i, (upto, name) in enumerate(sectors):
        if a <= upto + ANGLE_EPS:
            if i < last and abs(a - upto) <= ANGLE_EPS:
                nxt = sectors[i + 1][1]
                try:
                    if speed_rank[nxt] > speed_rank[name]:
                        return nxt
                except KeyError as exc:
                    raise ValueError(f"no speed rank for wind sector {exc.args[0]!r}") from None
            return name
    return sectors[last][1]  # pragma: no cover - unreachable: the last upto is 180
