"""The picture of a run (``sog simulate --plot FILE.svg|png``): each side's win rate with its
95% interval, and how long games lasted.

Left, a bar per side (and the draws, and the unfinished games if any) at its win rate with the Wilson interval as error bars;
right, a histogram of the turns games lasted. With two runs compared, A and B stand side by
side in both. matplotlib (the ``sim`` extra) is imported only here, with the Agg backend's
canvas: no window, no global pyplot state.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["FORMATS", "PlotError", "check_path", "require_matplotlib", "write_plot"]

#: The file formats --plot writes, by suffix.
FORMATS = (".svg", ".png")


class PlotError(RuntimeError):
    """The plot cannot be made: matplotlib is missing or the file's suffix is unknown (one line)."""


def require_matplotlib() -> None:
    """Check that matplotlib can be imported.

    :raises PlotError: it cannot.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotError("--plot needs matplotlib: pip install 'sog[sim]'") from None


def check_path(path: str) -> None:
    """:raises PlotError: the file's suffix is not one of :data:`FORMATS`."""
    if Path(path).suffix.lower() not in FORMATS:
        raise PlotError(f"--plot writes {' or '.join(FORMATS)} files, not {Path(path).name!r}")


def write_plot(path: str, runs: Sequence[tuple[str, dict[str, Any], Sequence[int]]], title: str) -> None:
    """Draw ``runs`` (label, summary, turns of every game) into ``path`` (.svg or .png)."""
    check_path(path)
    require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(10, 4.2), layout="constrained")
    FigureCanvasAgg(figure)
    rates, lengths = figure.subplots(1, 2, width_ratios=(1, 1.3))
    _win_rates(rates, runs)
    _lengths(lengths, [(label, turns) for label, _, turns in runs])
    figure.suptitle(title)
    figure.savefig(path, format=Path(path).suffix.lower()[1:], dpi=110)


def _win_rates(axes: Any, runs: Sequence[tuple[str, dict[str, Any], Sequence[int]]]) -> None:
    from sog.simulate_stats import wilson_interval

    names = list(dict.fromkeys(side for _, summary, _ in runs for side in summary["sides"])) + ["draws"]
    if any(summary["unfinished"] for _, summary, _ in runs):
        names.append("unfinished")
    width = 0.8 / len(runs)
    for k, (label, summary, _) in enumerate(runs):
        n = summary["games"]
        values, low, high = [], [], []
        for name in names:
            wins = summary[name] if name in ("draws", "unfinished") else summary["sides"].get(name, {}).get("wins", 0)
            rate = wins / n if n else 0.0
            lo, hi = wilson_interval(wins, n)
            values.append(rate)
            low.append(max(0.0, rate - lo))
            high.append(max(0.0, hi - rate))
        xs = [i + (k - (len(runs) - 1) / 2) * width for i in range(len(names))]
        bars = axes.bar(xs, values, width * 0.9, yerr=[low, high], capsize=4, label=f"{label} ({n} games)")
        axes.bar_label(bars, labels=[f"{100 * v:.1f}%" for v in values], padding=2, fontsize=8)
    axes.set_xticks(range(len(names)), names)
    axes.set_ylim(0, 1.05)
    axes.set_ylabel("share of games (95% Wilson interval)")
    axes.set_title("win rate per side")
    axes.legend(fontsize=8, loc="upper right")


def _lengths(axes: Any, runs: Sequence[tuple[str, Sequence[int]]]) -> None:
    every = [t for _, turns in runs for t in turns]
    if not every:
        axes.text(0.5, 0.5, "no game finished", ha="center", va="center", transform=axes.transAxes)
    else:
        low, high = min(every), max(every)
        step = max(1, (high - low + 1) // 40 + (1 if (high - low + 1) % 40 else 0))
        edges = list(range(low, high + step + 1, step))
        for label, turns in runs:
            axes.hist(list(turns), bins=edges, histtype="stepfilled" if len(runs) == 1 else "step",
                      linewidth=1.5, alpha=0.8, label=label)
        if len(runs) > 1:
            axes.legend(fontsize=8)
    axes.set_xlabel("turns played")
    axes.set_ylabel("games")
    axes.set_title("game length")
