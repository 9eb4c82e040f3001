"""Section 4, "Does it slow my app's launch?": launching programs that resolve one payload with
a large and a small table linked in, against an empty program with the same libraries."""
import random
import statistics
import tempfile
from pathlib import Path

from ..formatting import ns_text, ratio, seconds_text, table
from ..measure import instructions, spawn
from ..report import Report, Target

PROGRAMS = ["LaunchLarge", "LaunchLargeDoors", "LaunchSmall", "LaunchEmpty", "LaunchBare"]


def measure(settings, tools, large_type):
    """Launches each program settings["launch_runs"] times, shuffled each round after 10
    dropped warm-up rounds, then the first resolution's own time (`--report`, 21 launches of
    each table's program) and, with valgrind, each program's instructions. Returns
    {"samples": wall seconds by program, "faults": minor page faults by program, "first": median
    nanoseconds by program, "instructions": count or None by program}."""
    programs = {
        "LaunchLarge": [tools["bin"] + "/LaunchLarge", large_type],
        "LaunchLargeDoors": [tools["bin"] + "/LaunchLargeDoors", large_type],
        "LaunchSmall": [tools["bin"] + "/LaunchSmall", "webview_full"],
        "LaunchEmpty": [tools["bin"] + "/LaunchEmpty"],
        "LaunchBare": [tools["bin"] + "/LaunchBare"],
    }
    samples = {name: [] for name in programs}
    faults = {name: [] for name in programs}
    names = list(programs)
    for run in range(settings["launch_runs"] + 10):  # 10 warm-up rounds, dropped
        random.shuffle(names)
        for name in names:
            seconds, usage = spawn(programs[name])
            if run >= 10:
                samples[name].append(seconds)
                faults[name].append(usage.ru_minflt)
    first = {}
    report_path = Path(tempfile.mkstemp()[1])
    for name in ["LaunchLarge", "LaunchSmall"]:
        values = []
        for _ in range(21):
            spawn(programs[name] + ["--report"], report_path)
            values.append(int(report_path.read_text()))
        first[name] = statistics.median(values)
    report_path.unlink()
    counted = {name: instructions(argv) for name, argv in programs.items()}
    return {"samples": samples, "faults": faults, "first": first, "instructions": counted}


def median_difference(a, b, resamples=2000):
    """Median of a minus median of b, with a bootstrap 95% interval: (difference, low, high)."""
    rng = random.Random(6)
    differences = sorted(
        statistics.median(rng.choices(a, k=len(a))) - statistics.median(rng.choices(b, k=len(b)))
        for _ in range(resamples))
    return (statistics.median(a) - statistics.median(b),
            differences[int(0.025 * resamples)], differences[int(0.975 * resamples)])


def report(settings, results, large_routes):
    """The section's table, its figures, and its targets: under 1 ms more than the empty
    program with `large_routes` routes, and no launch work that grows with the table."""
    first = results["first"]
    values = {
        "launch_runs": settings["launch_runs"],
        "first_large": ns_text(first["LaunchLarge"]),
        "first_small": ns_text(first["LaunchSmall"]),
        "launch_table": launch_table(results, large_routes),
    }
    values.update(note_values(results))
    return Report(values, targets(results, large_routes))


def launch_table(results, large_routes):
    """A row per program: its launch time against the floor's, page faults and instructions."""
    samples, faults, counted = results["samples"], results["faults"], results["instructions"]
    empty = statistics.median(samples["LaunchEmpty"])
    labels = {
        "LaunchLarge": f"{large_routes:,}-route table linked in, resolves one payload",
        "LaunchLargeDoors": "the same, with 1,000 quick actions and activity types",
        "LaunchSmall": "5-route table (shop.routes.yaml), resolves one payload",
        "LaunchEmpty": "floor: empty program, same libraries (RouteTable, Foundation)",
        "LaunchBare": "empty Swift program without Foundation (context)",
    }
    rows = []
    for name in PROGRAMS:
        median = statistics.median(samples[name])
        difference, low, high = median_difference(samples[name], samples["LaunchEmpty"])
        instructions_text = f"{counted[name]:,}" if counted[name] else "–"
        instructions_difference = (
            f"{counted[name] - counted['LaunchEmpty']:+,}" if counted[name] and counted["LaunchEmpty"] else "–")
        rows.append([
            f"`{name}`: {labels[name]}", seconds_text(median), ratio(median, empty),
            f"{difference * 1e3:+.3f} ms ({low * 1e3:+.3f} … {high * 1e3:+.3f})",
            seconds_text(min(samples[name])), f"{statistics.median(faults[name]):.0f}",
            instructions_text, instructions_difference])
    return table(
        ["program", "median launch", "× floor", "− floor (95% interval)", "fastest",
         "minor page faults", "instructions (callgrind)", "− floor"],
        rows, ["---"] + ["---:"] * 7)


def targets(results, large_routes):
    """The section's targets, as `report` lists them; both share the note "launch"."""
    launch_difference, launch_low, launch_high = median_difference(
        results["samples"]["LaunchLarge"], results["samples"]["LaunchEmpty"])
    counted, faults = results["instructions"], results["faults"]
    extra_faults = statistics.median(faults["LaunchLarge"]) - statistics.median(faults["LaunchSmall"])
    extra = (counted["LaunchLarge"] - counted["LaunchSmall"]
             if counted["LaunchLarge"] and counted["LaunchSmall"] else None)
    doors_difference, doors_low, doors_high = median_difference(
        results["samples"]["LaunchLargeDoors"], results["samples"]["LaunchLarge"])
    counted_all = results["instructions"]
    doors_instructions = (
        counted_all["LaunchLargeDoors"] - counted_all["LaunchLarge"]
        if counted_all["LaunchLargeDoors"] and counted_all["LaunchLarge"] else None)
    return [
        Target(
            "4", f"adding 1,000 quick actions and activity types to the {large_routes:,}-route table "
            "changes launch by under 0.05 ms",
            (f"{doors_instructions:+,} instructions (callgrind), " if doors_instructions is not None else "")
            + f"{doors_difference * 1e3:+.3f} ms (95% interval {doors_low * 1e3:+.3f} … {doors_high * 1e3:+.3f} ms)",
            # Wall time at a few hundred launches is noisier than 0.05 ms, so the deterministic
            # count decides when valgrind is there: 50,000 instructions take well under 0.05 ms
            # on any machine this runs on (this one runs about 2,500 per microsecond).
            abs(doors_instructions) < 50_000 if doors_instructions is not None
            else doors_high < 5e-5, "launch-doors"),
        Target(
            "4", f"launch to first resolution with {large_routes:,} routes: under 1 ms more than an empty program",
            f"{launch_difference * 1e3:+.2f} ms (95% interval {launch_low * 1e3:+.2f} … {launch_high * 1e3:+.2f} ms)",
            launch_difference < 1e-3, "launch"),
        Target(
            "4", f"no launch work proportional to the table: {large_routes:,} routes against 5 cost under "
            "10 more instructions and 0.01 more page faults per route",
            (f"{extra:+,} instructions ({extra / large_routes:+.1f} per route), " if extra is not None else "")
            + f"{extra_faults:+.0f} page faults ({extra_faults / large_routes:+.3f} per route)",
            (extra is None or extra < 10 * large_routes) and extra_faults < 0.01 * large_routes,
            "launch"),
    ]


def note_values(results):
    """This run's figures in the note on the launch targets: what the large table adds over the
    small one, and what the small one's program runs over the empty one, with valgrind."""
    counted, faults = results["instructions"], results["faults"]
    table_faults = statistics.median(faults["LaunchLarge"]) - statistics.median(faults["LaunchSmall"])
    have_counts = all(counted[name] for name in ["LaunchLarge", "LaunchSmall", "LaunchEmpty"])
    return {
        "table_instructions": (
            f"{counted['LaunchLarge'] - counted['LaunchSmall']:+,} instructions and " if have_counts else ""),
        "table_faults": f"{table_faults:+.0f}",
        "small_instructions": (
            f" (`LaunchSmall` runs {counted['LaunchSmall'] - counted['LaunchEmpty']:,} more instructions than "
            "the empty program in this run)" if have_counts else ""),
    }
