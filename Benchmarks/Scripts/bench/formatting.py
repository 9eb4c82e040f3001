"""Numbers and tables as the page writes them; a figure that was not measured (None) is "–"
where a function says so."""


def seconds_text(value):
    """A duration in seconds in the unit that keeps it readable (1.23 s, 45.6 ms, 789 µs, 12 ns);
    "–" for None."""
    if value is None:
        return "–"
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.1f} ms" if value < 0.1 else f"{value * 1e3:.0f} ms"
    if value >= 1e-6:
        micro = value * 1e6
        return f"{micro:.2f} µs" if micro < 10 else f"{micro:.1f} µs" if micro < 100 else f"{micro:.0f} µs"
    return f"{value * 1e9:.0f} ns"


def ns_text(value):
    """A duration in nanoseconds, as seconds_text writes it."""
    return seconds_text(value / 1e9)


def ratio(value, base):
    """value ÷ base as `1.23×`; "–" without a value or a base."""
    if value is None or not base:
        return "–"
    return f"{value / base:.2f}×"


def times_faster(slower, faster):
    """How many times `faster` fits in `slower`, for ratios too large to read as 0.00×; "–"
    without both."""
    if slower is None or not faster:
        return "–"
    return f"{slower / faster:,.0f}×"


def count_text(count):
    """A per-operation count: whole numbers with thousands separators (not %g's 1.28673e+06);
    "–" for None."""
    if count is None:
        return "–"
    return f"{count:,.0f}" if count == int(count) else f"{count:g}"


def verdict(met):
    """A target's verdict, in bold."""
    return "**met**" if met else "**missed**"


def table(header, rows, align=None):
    """A Markdown table, without a line break after it; `align` holds each column's `---`
    (by default the first column left-aligned, the others right-aligned)."""
    align = align or ["---"] + ["---:"] * (len(header) - 1)
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)
