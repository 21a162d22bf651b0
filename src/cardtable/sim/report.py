"""The balance report for people: figures in words and numbers, plots, one self-contained page.

The page embeds its plots (PNG, base64) so it can be mailed or archived as one file; the same
PNGs are written beside it for slides and documents. Everything is drawn from the report's
JSON data, so the page never says anything the ``--json`` output does not.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtable.engine.errors import OptionError
from cardtable.sim.measures import Breakdown, measures_for


def _breakdowns(data: dict[str, Any]) -> tuple[Breakdown, ...]:
    """The families the report's game shows whole, from its kit: none when the game that made
    the data is not installed here (its figures are still shown, its breakdowns not)."""
    try:
        return measures_for(data["game"]).breakdowns
    except OptionError:
        return ()


def figure(entry: dict[str, Any]) -> str:
    """A measure as text: the value and its 95% interval, as a percentage for shares."""
    value = entry.get("value")
    low, high = entry.get("ci95", [None, None])
    if value is None:
        return "n/a"
    if entry.get("percent"):
        if low is None or high is None:
            return f"{value:.1%}"
        return f"{value:.1%} ({low:.1%} to {high:.1%})"
    if low is None or high is None:
        return f"{value:.2f}"
    return f"{value:.2f} ({low:.2f} to {high:.2f})"


def difference(entry: dict[str, Any]) -> str:
    """A paired difference: in percentage points for shares, marked when its interval
    excludes zero."""
    value = entry.get("value")
    low, high = entry.get("ci95", [None, None])
    if value is None or low is None or high is None:
        return "n/a"
    clear = " *" if low > 0 or high < 0 else ""
    if entry.get("percent"):
        return f"{100 * value:+.1f} pt ({100 * low:+.1f} to {100 * high:+.1f}){clear}"
    return f"{value:+.2f} ({low:+.2f} to {high:+.2f}){clear}"


def variants(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(name, figures) of each variant: one unnamed variant without a comparison."""
    if "compare" not in data:
        return [("", data)]
    key = data["compare"]["option"]
    return [(f"{key}={_shown(v)}", run)
            for v, run in zip(data["compare"]["values"], data["compare"]["variants"],
                              strict=True)]


def _shown(value: Any) -> str:
    return "none" if value is None else str(value).lower() if isinstance(value, bool) \
        else str(value)


# ---- plots --------------------------------------------------------------------------------------

def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise OptionError("the HTML report needs matplotlib: pip install 'cardtable[balance]'"
                          ) from None
    matplotlib.use("Agg")  # files only: no window, no display needed
    import matplotlib.pyplot as plt

    return plt


def preload() -> None:
    """Import matplotlib now: ``balance --out`` does it while its matches play."""
    _pyplot()


def plots(data: dict[str, Any]) -> list[tuple[str, str, bytes]]:
    """(name, caption, PNG bytes) of every plot of the report."""
    plt = _pyplot()
    runs = variants(data)
    out: list[tuple[str, str, bytes]] = []

    def save(fig: Any, name: str, caption: str) -> None:
        buffer = io.BytesIO()
        fig.tight_layout()
        # tight_layout leaves a placeholder layout engine behind, and savefig draws a figure
        # that has one twice (once only to lay it out): the layout is done, so drop it.
        fig.set_layout_engine(None)
        fig.savefig(buffer, format="png", dpi=110)
        plt.close(fig)
        out.append((name, caption, buffer.getvalue()))

    players = data["players"]
    width = 0.8 / len(runs)
    fig, ax = plt.subplots(figsize=(7, 3.6))
    for i, (name, run) in enumerate(runs):
        xs = [p + (i - (len(runs) - 1) / 2) * width for p in range(players)]
        rates = [p["rate"] for p in run["positions"]]
        below = [p["rate"] - p["ci95"][0] for p in run["positions"]]
        above = [p["ci95"][1] - p["rate"] for p in run["positions"]]
        ax.bar(xs, rates, width, yerr=[below, above], capsize=4, label=name or None)
    fair = runs[0][1]["first_player"]["fair_share"]
    ax.axhline(fair, color="black", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(players), [_ordinal(p + 1) for p in range(players)])
    ax.set_xlabel("place in the turn order of the match's first round")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.legend(fontsize=8)
    save(fig, "positions", "Win rate by place in the turn order: the first player's advantage "
         "is the first bar's height above the dashed line.")

    fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
    for key, ax, label in (("rounds", axes[0], "rounds a match"),
                           ("decisions", axes[1], "decisions a match")):
        _histograms(ax, runs, key, bins=40)
        ax.set_xlabel(label)
        ax.set_ylabel("matches")
        if len(runs) > 1:
            ax.legend(fontsize=8)
    save(fig, "length", "How long a match lasts: rounds and player decisions per match.")

    fig, axes = plt.subplots(1, 3, figsize=(12, 3.4))
    for key, ax, label in (("lead_changes", axes[0], "lead changes a match"),
                           ("drama", axes[1], "the winner's worst deficit (points)"),
                           ("decided_permille", axes[2],
                            "share of the match before the winner led for good")):
        if key != "decided_permille":
            _histograms(ax, runs, key, bins=30)
        for name, run in runs if key == "decided_permille" else []:
            counts = {int(k): v for k, v in run["distributions"][key]["counts"].items()}
            ax.plot([k / 10 + 0.05 for k in sorted(counts)],
                    [counts[k] for k in sorted(counts)], marker="o", label=name or None)
            ax.set_xlim(0, 1)
        ax.set_xlabel(label)
        ax.set_ylabel("matches")
        if len(runs) > 1:
            ax.legend(fontsize=8)
    save(fig, "shape", "The shape of a match: how often the lead changes hands, how far behind "
         "the eventual winner fell, and how early the winner was clear.")

    shares = [(key, entry) for key, entry in runs[0][1]["diagnostics"].items()
              if entry.get("percent")]
    if shares:
        fig, ax = plt.subplots(figsize=(9, 0.35 * len(shares) * len(runs) + 1.2))
        height = 0.8 / len(runs)
        for i, (name, run) in enumerate(runs):
            ys = [j + (i - (len(runs) - 1) / 2) * height for j in range(len(shares))]
            values = [_or0(run["diagnostics"][k]["value"]) for k, _ in shares]
            lows = [_or0(run["diagnostics"][k]["ci95"][0]) for k, _ in shares]
            highs = [_or0(run["diagnostics"][k]["ci95"][1]) for k, _ in shares]
            ax.barh(ys, values, height, label=name or None,
                    xerr=[[max(0.0, v - lo) for v, lo in zip(values, lows, strict=True)],
                          [max(0.0, h - v) for v, h in zip(values, highs, strict=True)]],
                    capsize=3)
        ax.set_yticks(range(len(shares)), [_short(e["label"]) for _, e in shares], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_xlabel("share (95% interval)")
        if len(runs) > 1:
            ax.legend(fontsize=8)
        save(fig, "diagnostics", f"{data['title']}'s own measures, as shares.")

    for breakdown in _breakdowns(data):
        family, caption = breakdown.prefix.rstrip(":"), breakdown.caption
        keys = list(runs[0][1]["families"].get(family, {}))
        if not keys:
            continue
        fig, ax = plt.subplots(figsize=(max(6.0, 0.28 * len(keys) * len(runs) + 2), 3.4))
        width = 0.8 / len(runs)
        for i, (name, run) in enumerate(runs):
            counts = run["families"].get(family, {})
            xs = [j + (i - (len(runs) - 1) / 2) * width for j in range(len(keys))]
            ax.bar(xs, [counts.get(k, 0) for k in keys], width, label=name or None)
        ax.set_xticks(range(len(keys)), keys, fontsize=8 if len(keys) < 20 else 7)
        ax.set_ylabel("count")
        if len(runs) > 1:
            ax.legend(fontsize=8)
        save(fig, family, caption[0].upper() + caption[1:] + ".")

    if "compare" in data:
        diffs = data["compare"]["differences"]
        keys = [k for k, e in diffs[0]["measures"].items() if e.get("percent")]
        fig, ax = plt.subplots(figsize=(9, 0.32 * len(keys) * len(diffs) + 1.4))
        height = 0.8 / len(diffs)
        for i, diff in enumerate(diffs):
            ys = [j + (i - (len(diffs) - 1) / 2) * height for j in range(len(keys))]
            values = [100 * _or0(diff["measures"][k]["value"]) for k in keys]
            lows = [100 * _or0(diff["measures"][k]["ci95"][0]) for k in keys]
            highs = [100 * _or0(diff["measures"][k]["ci95"][1]) for k in keys]
            ax.errorbar(values, ys, xerr=[[v - lo for v, lo in zip(values, lows, strict=True)],
                                          [h - v for v, h in zip(values, highs, strict=True)]],
                        fmt="o", capsize=3,
                        label=f"{data['compare']['option']}={_shown(diff['value'])} "
                              f"vs {_shown(diff['against'])}")
        ax.axvline(0, color="black", linewidth=1)
        labels = [_short(diffs[0]["measures"][k]["label"]) for k in keys]
        ax.set_yticks(range(len(keys)), labels, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel("difference in percentage points (paired, 95% interval)")
        ax.legend(fontsize=8)
        save(fig, "differences", "What the option changes: each value against the first, on "
             "the same seeds.")
    return out


def _or0(value: float | None) -> float:
    return 0.0 if value is None else value


def _short(label: str, limit: int = 60) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _histograms(ax: Any, runs: list[tuple[str, dict[str, Any]]], key: str, bins: int) -> None:
    """Each variant's counts of ``key`` on the same bins: one value a bar when there are few
    values, about ``bins`` bins when there are many."""
    every = [{int(k): v for k, v in run["distributions"][key]["counts"].items()}
             for _, run in runs]
    values = [v for counts in every for v in counts]
    if not values:
        return
    low, high = min(values), max(values)
    step = max(1, -(-(high - low + 1) // bins))
    for (name, _), counts in zip(runs, every, strict=True):
        _histogram(ax, counts, name, low, step)


def _histogram(ax: Any, counts: dict[int, int], name: str, low: int, step: int) -> None:
    if not counts:
        return
    grouped: dict[int, int] = {}
    for value, count in counts.items():
        start = low + (value - low) // step * step
        grouped[start] = grouped.get(start, 0) + count
    xs = sorted(grouped)
    ax.bar([x + (step - 1) / 2 for x in xs], [grouped[x] for x in xs], width=step * 0.9,
           alpha=0.6, label=name or None)


# ---- the page -----------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 70em; margin: 2em auto; padding: 0 1em;
       color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.8em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1em 0 2em; } figcaption { color: #555; font-size: 0.9em; }
img { max-width: 100%; } .note { color: #555; font-size: 0.9em; }
"""


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{cells}</tr>{body}</table>"


def tables(data: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]]]]:
    """(title, header, rows) of every table of the report, for the page and the terminal."""
    runs = variants(data)
    names = [name or "value" for name, _ in runs]
    out: list[tuple[str, list[str], list[list[str]]]] = []
    first = [["first player's win rate"] + [_rate(r["first_player"]) for _, r in runs],
             ["fair share (every win credited over the seats)"]
             + [f"{r['first_player']['fair_share']:.1%}" for _, r in runs],
             ["first player's advantage"]
             + [f"{100 * r['first_player']['advantage']:+.1f} pt "
                f"({100 * r['first_player']['advantage_ci95'][0]:+.1f} to "
                f"{100 * r['first_player']['advantage_ci95'][1]:+.1f})" for _, r in runs],
             ["ties"] + [_rate(r["ties"]) for _, r in runs]]
    out.append(("The first player and ties", ["measure", *names], first))
    seats = []
    for seat in range(data["players"]):
        seats.append([f"seat {seat}"] + [
            f"{_rate(r['seats'][seat])}; score {r['seats'][seat]['mean_score']:.1f} "
            f"± {r['seats'][seat]['score_sd']:.1f}" for _, r in runs])
    for pos in range(data["players"]):
        seats.append([f"{_ordinal(pos + 1)} to play"] + [_rate(r["positions"][pos])
                                                          for _, r in runs])
    out.append(("Win rate by seat (mean final score ± its spread) and by place in the turn "
                "order", ["seat", *names], seats))
    shape = [[e["label"]] + [figure(r["shape"][k]) for _, r in runs]
             for k, e in runs[0][1]["shape"].items()]
    for key, label in (("rounds", "rounds (10th, 50th, 90th percentile)"),
                       ("decisions", "decisions (10th, 50th, 90th percentile)")):
        shape.append([label] + [
            f"{r['distributions'][key]['p10']}, {r['distributions'][key]['median']}, "
            f"{r['distributions'][key]['p90']}" for _, r in runs])
    out.append(("The shape of a match (95% intervals)", ["measure", *names], shape))
    diag = [[e["label"]] + [figure(r["diagnostics"][k]) for _, r in runs]
            for k, e in runs[0][1]["diagnostics"].items()]
    if diag:
        out.append((f"{data['title']}'s own measures (95% intervals)", ["measure", *names],
                    diag))
    breakdowns = _breakdowns(data)
    for breakdown in breakdowns:
        family, caption = breakdown.prefix.rstrip(":"), breakdown.caption
        keys = list(runs[0][1]["families"].get(family, {}))
        if keys:
            rows = [[k] + [str(r["families"].get(family, {}).get(k, 0)) for _, r in runs]
                    for k in keys]
            out.append((caption[0].upper() + caption[1:], [family, *names], rows))
    for breakdown in breakdowns:
        unused = breakdown.unused_key
        if unused is not None and runs[0][1].get(unused) is not None:
            out.append((breakdown.unused_title, ["variant", breakdown.prefix.rstrip(":") + "s"],
                        [[name or "value", " ".join(r[unused]) or "(none)"]
                         for name, r in runs]))
    if "compare" in data:
        for diff in data["compare"]["differences"]:
            option = data["compare"]["option"]
            rows = [[e["label"], difference(e)] for e in diff["measures"].values()]
            out.append((f"{option}={_shown(diff['value'])} against "
                        f"{option}={_shown(diff['against'])}: paired difference (95% interval;"
                        f" * where it excludes zero)", ["measure", "difference"], rows))
    return out


def _rate(entry: dict[str, Any]) -> str:
    low, high = entry["ci95"]
    return f"{entry['rate']:.1%} ({low:.1%} to {high:.1%})"


def write_html(data: dict[str, Any], path: Path) -> list[Path]:
    """Write the page to ``path`` and its plots beside it (``NAME-PLOT.png``); returns the
    files written. Raises OptionError when the folder cannot be written."""
    drawn = plots(data)
    written: list[Path] = []
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
             f"<title>{html.escape(data['title'])} balance report</title>"
             f"<style>{STYLE}</style></head><body>",
             f"<h1>{html.escape(data['title'])}: balance report</h1>",
             f"<p>{data['games']:,} matches, {data['players']} players, bots "
             f"{html.escape(', '.join(data['bots']))} "
             f"({'line-up turned one seat every match' if data['rotate'] else 'fixed seats'}),"
             f" seed {data['seed']}.</p>"]
    if data.get("interrupted"):
        parts.append(f"<p><strong>Interrupted after {data['games']:,} of "
                     f"{data['requested']:,} matches.</strong></p>")
    options = variants(data)[0][1]["options"]
    parts.append("<p class='note'>Options: " + html.escape(", ".join(
        f"{k}={_shown(v)}" for k, v in options.items())) + "</p>")
    for title, head, rows in tables(data):
        parts.append(f"<h2>{html.escape(title)}</h2>" + _table(head, rows))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for name, caption, png in drawn:
            image = path.with_name(f"{path.stem}-{name}.png")
            image.write_bytes(png)
            written.append(image)
            encoded = base64.b64encode(png).decode("ascii")
            parts.append(f"<figure><img alt='{html.escape(caption)}' "
                         f"src='data:image/png;base64,{encoded}'>"
                         f"<figcaption>{html.escape(caption)}</figcaption></figure>")
        parts.append("<p class='note'>Intervals: Wilson for win rates; delta-method normal "
                     "intervals for means, ratios and paired differences.</p></body></html>")
        path.write_text("\n".join(parts), encoding="utf-8")
    except OSError as exc:
        raise OptionError(f"--out: cannot write {path}: {exc.strerror or exc}") from None
    written.insert(0, path)
    return written
