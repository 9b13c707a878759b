"""The picture's legend: a swatch and a line of text for each side and each symbol drawn.

The core lists what it draws itself (the sides, the mats' tracks, the wind, obstacles, the
scale bar); a rule lists the symbols of its overlays by returning legend entries among its
``sog_draw_overlays`` fragments (:func:`legend_entry`): the picture moves them out of the
table into the legend, once per text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape, unescape

from sog.render.labels import text_width

__all__ = ["SWATCH", "legend_entry", "legend_svg", "split_overlays"]

#: The box a swatch is drawn in, from the origin: width, height (mm, y down).
SWATCH = (24.0, 12.0)
#: The distance between two entries' tops, mm.
PITCH = 17.0
#: The entries' font size, mm.
FONT = 11.0
_PREFIX = '<g class="legend-entry" data-text="'
_TEXT = re.compile(r'^<g class="legend-entry" data-text="([^"]*)">(.*)</g>$', re.DOTALL)


def legend_entry(swatch: str, text: str) -> str:
    """An overlay fragment that the picture lists in its legend instead of drawing it over the
    table: ``swatch`` (SVG elements inside the :data:`SWATCH` box at the origin) and ``text``."""
    return f'{_PREFIX}{escape(text)}">{swatch}</g>'


def split_overlays(fragments: Iterable[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """The fragments to draw over the table, and the legend entries ``(swatch, text)`` among
    them (the first of each text, in order)."""
    table: list[str] = []
    entries: dict[str, str] = {}
    for fragment in fragments:
        match = _TEXT.match(fragment) if fragment.startswith(_PREFIX) else None
        if match is None:
            table.append(fragment)
        else:
            entries.setdefault(unescape(match.group(1)), match.group(2))
    return table, [(swatch, text) for text, swatch in entries.items()]


def legend_svg(x: float, y: float, entries: list[tuple[str, str]]) -> tuple[list[str], float, float]:
    """The legend's elements with its top left corner at ``(x, y)``, and the width and height
    it takes (its longest text estimated as :func:`sog.render.labels.text_width` does)."""
    out = [f'<g class="legend"><text x="{x:.1f}" y="{y + 12:.1f}" font-size="13" font-weight="bold">Legend</text>']
    top = y + 22
    for i, (swatch, text) in enumerate(entries):
        sy = top + i * PITCH
        out.append(f'<g class="legend-swatch" transform="translate({x:.1f},{sy:.1f})">{swatch}</g>'
                   f'<text x="{x + SWATCH[0] + 6:.1f}" y="{sy + 9.5:.1f}" font-size="{FONT:g}">{escape(text)}</text>')
    out.append("</g>")
    width = SWATCH[0] + 6 + max((text_width(text, FONT) for _, text in entries), default=0.0) + 10
    return out, max(width, 80.0), top - y + len(entries) * PITCH
