"""The replay viewer as one self-contained HTML file: its style, its script (the served
viewer's own ``pages/replay.js``, so both behave the same) and the frames inline; it loads
nothing from anywhere. The same frames give the same bytes.
"""

from __future__ import annotations

import json
from html import escape
from importlib.resources import files
from typing import Any

__all__ = ["replay_html"]

#: The pages whose text the file inlines: styles, then scripts (the page helpers first).
STYLES = ("app.css", "replay.css")
SCRIPTS = ("dom.js", "replay.js")


def _page_text(name: str) -> str:
    return files("sog.serve").joinpath("pages", name).read_text(encoding="utf-8")


def _inline_json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` appears raw."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _inline_script(text: str) -> str:
    return text.replace("</script", "<\\/script")


def replay_html(frames: dict[str, Any]) -> str:
    """The viewer file of ``frames`` (:func:`sog.render.replay_frames.frames_of_log`)."""
    title = escape(f"{frames['title']} — sog replay")
    style = "\n".join(_page_text(name) for name in STYLES).replace("</style", "<\\/style")
    scripts = "\n".join(f"<script>\n{_inline_script(_page_text(name))}</script>" for name in SCRIPTS)
    return (
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{title}</title>\n<style>\n{style}</style>\n</head>\n<body>\n"
        f"<header><h1>{escape(frames['title'])}</h1><span>replay</span></header>\n"
        "<main><div id=\"viewer\"></div></main>\n"
        f"<script type=\"application/json\" id=\"replay-data\">{_inline_json(frames)}</script>\n"
        f"{scripts}\n</body>\n</html>\n"
    )
