"""Section 5, "How fast is opening a link?": ResolveBench's link resolutions against
URLNavigator's URLMatcher, in every link table, for URLs of 2, 4 and 8 segments."""
import statistics

from .. import templates
from ..formatting import count_text, ns_text, ratio, table, times_faster
from ..measure import run_json_lines
from ..report import Report, Target

# The URLs the link benchmark resolves in every link table, by segment count: routes 1, 4 and 7
# of scripts/make-large-manifest.py, whose patterns are `/r1/{item_id}`, `/r4/p1/p2/{item_id}`
# and `/r7/p1/p2/p3/p4/p5/p6/{item_id}` with an `int` parameter.
LINK_URLS = [
    (2, "https://m.example.com/r1/42"),
    (4, "https://m.example.com/r4/p1/p2/42"),
    (8, "https://m.example.com/r7/p1/p2/p3/p4/p5/p6/42"),
]
# What the peer's cells say when run.sh found no URLNavigator to build it from.
PEER_MISSING = "skipped: ../shared/peers/URLNavigator is missing"


def measure(settings, tools, work, link_patterns, large_type):
    """RouteTable's link benchmarks and the URLMatcher peer's, in alternating rounds; the peer
    only when run.sh built it. Returns the entries by name (`link.PATTERNS.SEGMENTS`, and
    `peer.PATTERNS.SEGMENTS`): the fastest batch of all rounds ("ns_min"), the median of the
    rounds' medians ("ns_median") and the last round's "allocations"."""
    urls = [arg for segments, url in LINK_URLS for arg in ("--link-url", str(segments), url)]
    batches = ["--batches", str(settings["link_batches"]), "--batch-ms", "20"]
    # ResolveBench checks all its inputs before measuring, the large table's push type included.
    ours = [tools["resolve_bench"], "--only", "link.", "--large-type", large_type] + batches + urls
    peer = None
    if tools["urlmatcher"]:
        tables = [arg for count in link_patterns
                  for arg in ("--table", str(count), str(work / f"links-{count}.patterns"))]
        peer = [tools["urlmatcher"]] + batches + tables + urls
    rounds = []
    for round_number in range(settings["link_rounds"]):
        programs = [("RouteTable", ours)] + ([("URLMatcher", peer)] if peer else [])
        if round_number % 2:
            programs.reverse()
        for what, argv in programs:
            rounds.append(run_json_lines(argv, what))
        print(f" round {round_number + 1}", end="", flush=True)
    print()
    results = {}
    for name in {name for entry in rounds for name in entry}:
        entries = [entry[name] for entry in rounds if name in entry]
        results[name] = {
            "ns_min": min(entry["ns_min"] for entry in entries),
            "ns_median": statistics.median(entry["ns_median"] for entry in entries),
            "allocations": entries[-1]["allocations"],
        }
    return results


def report(settings, results, link_patterns, urlmatcher):
    """The section's table, its figures, and its targets: a link resolved in under 1 µs with
    1,000 patterns (the most measured without a 1,000-pattern table), and no growth with the
    pattern count. `urlmatcher` is the peer's program, empty when run.sh did not build it."""
    values = {
        "link_urls": ", ".join(f"`{url}`" for _, url in LINK_URLS),
        "link_rounds": settings["link_rounds"],
        "link_batches": settings["link_batches"],
        "no_peer_note": "" if urlmatcher else templates.paragraph("no-peer", {"peer_missing": PEER_MISSING}) + "\n\n",
        "link_table": link_table(results, link_patterns),
    }
    return Report(values, targets(results, link_patterns))


def link_table(results, link_patterns):
    """A row per link table and URL: RouteTable's times against the shortest URL, the fewest
    patterns and the peer."""
    rows = []
    for count in link_patterns:
        for segments, _ in LINK_URLS:
            ours = results[f"link.{count}.{segments}"]
            shortest = results[f"link.{count}.{LINK_URLS[0][0]}"]["ns_min"]
            fewest = results[f"link.{link_patterns[0]}.{segments}"]["ns_min"]
            peer = results.get(f"peer.{count}.{segments}")
            allocations = count_text(ours["allocations"])
            peer_allocations = count_text(peer["allocations"] if peer else None)
            rows.append([
                f"{count:,}", segments, ns_text(ours["ns_min"]), ns_text(ours["ns_median"]),
                allocations, ratio(ours["ns_min"], shortest), ratio(ours["ns_min"], fewest),
                ns_text(peer["ns_min"]) if peer else PEER_MISSING,
                ns_text(peer["ns_median"]) if peer else "–", peer_allocations,
                times_faster(peer["ns_min"], ours["ns_min"]) if peer else "–"])
    return table(
        ["link patterns", "URL segments", "RouteTable (fastest batch)", "median batch",
         "heap allocations", "× 2 segments", f"× {link_patterns[0]:,} patterns",
         "URLMatcher (fastest batch)", "median batch", "heap allocations",
         "URLMatcher ÷ RouteTable"],
        rows, ["---:", "---:"] + ["---:"] * 9)


def targets(results, link_patterns):
    """The section's targets, as `report` lists them."""
    link_medium = 1000 if 1000 in link_patterns else link_patterns[-1]
    link_times = {segments: results[f"link.{link_medium}.{segments}"]["ns_min"] for segments, _ in LINK_URLS}
    fewest, most = link_patterns[0], link_patterns[-1]
    growth = {segments: results[f"link.{most}.{segments}"]["ns_min"] / results[f"link.{fewest}.{segments}"]["ns_min"]
              for segments, _ in LINK_URLS}
    return [
        Target(
            "5", f"a link URL resolved (parse, match, coerce, expand its route's URL) in under 1 µs with {link_medium:,} patterns, URLs of 2, 4 and 8 segments",
            ", ".join(f"{ns_text(time)} ({segments} segments)" for segments, time in link_times.items()),
            max(link_times.values()) < 1000, "link-time"),
        Target(
            "5", f"link resolution does not grow with the pattern count: {most:,} patterns within 1.5× of {fewest:,}, every URL length",
            ", ".join(f"{value:.2f}× ({segments} segments)" for segments, value in growth.items()),
            max(growth.values()) <= 1.5, "link-growth"),
    ]
