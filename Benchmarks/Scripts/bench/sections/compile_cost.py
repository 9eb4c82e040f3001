"""Section 1, "Does it slow my build?": the compile cost of each shape of the generated file
(see shapes), against the floor, at every size, -O and -Onone."""
from .. import shapes
from ..formatting import ratio, seconds_text, table
from ..measure import run_compile
from ..report import Report, Target

# A compile of the naive shape is stopped when its processes hold more than this in memory: at
# 5,000 routes it needs 24 GB (measured on a 2-core, 24 GB machine), more than the machines this runs on have.
NAIVE_MEMORY_LIMIT_MB = 6144

OPTIMIZATIONS = ["-O", "-Onone"]

SHAPE_NAMES = {
    "floor": "floor", "generated": "generated", "unhashed": "generated, `Destination` not `Hashable`",
    "untyped": "generated, not `Hashable`, no typed `Destination` built",
    "bare": "the same, without the conformances to the runtime's protocols",
    "naive": "naive"}


def measure(settings, work, routec, manifests):
    """Compiles every shape of every manifest in `manifests` (by route count) alone against the
    RouteTable module in work, settings["compile_runs"] times, shapes and optimizations
    interleaved. Returns, by (routes, shape, optimization), {"times": wall seconds, "cpu": CPU
    seconds, "peak": MB, "stopped": why a compile was stopped or None, "bytes": source size}.
    The naive shape runs once when a run takes over 20 s, and is not compiled again, at that size
    or larger ones, once stopped."""
    results = {}
    given_up = set()  # (shape, opt) that did not finish at a smaller size
    for routes, _ in settings["sizes"]:
        folder = work / f"compile-{routes}"
        folder.mkdir()
        sources = shapes.write_shapes(routec, manifests[routes], folder)
        for shape in shapes.SHAPES:
            for opt in OPTIMIZATIONS:
                results[(routes, shape, opt)] = {
                    "times": [], "cpu": [], "peak": 0.0, "stopped": None,
                    "bytes": sources[shape].stat().st_size}
        print(f"  {routes} routes:", end="", flush=True)
        for run in range(settings["compile_runs"]):
            for opt in OPTIMIZATIONS:
                for shape in shapes.SHAPES:
                    entry = results[(routes, shape, opt)]
                    if (shape, opt) in given_up or entry["stopped"]:
                        continue
                    # One run is enough for a compile that takes minutes.
                    if shape == "naive" and entry["times"] and entry["times"][0] > 20:
                        continue
                    command = [
                        "swiftc", "-swift-version", "6", opt, "-parse-as-library", "-module-name", "App",
                        "-I", str(work), "-c", str(sources[shape]), "-o", str(folder / f"{shape}.o")]
                    limit = settings["naive_time_limit"] if shape == "naive" else None
                    memory = NAIVE_MEMORY_LIMIT_MB if shape == "naive" else None
                    seconds, cpu, peak, stopped = run_compile(command, limit, memory)
                    entry["peak"] = max(entry["peak"], peak)
                    if stopped:
                        entry["stopped"] = stopped
                        given_up.add((shape, opt))
                    else:
                        entry["times"].append(seconds)
                        entry["cpu"].append(cpu)
            print(f" run {run + 1}", end="", flush=True)
        print()
    return results


def report(settings, results):
    """The section's tables of time and memory (fastest run, largest peak), and its targets:
    the generated file within 2× the floor's CPU time at every size, and the largest size
    compiled in under 3 s."""
    time_rows, memory_rows, checks = [], [], []
    for routes, screens in settings["sizes"]:
        for shape in shapes.SHAPES:
            time_row = [f"{routes:,}", screens, SHAPE_NAMES[shape], f"{results[(routes, shape, '-O')]['bytes']:,}"]
            memory_row = [f"{routes:,}", screens, SHAPE_NAMES[shape]]
            for opt in OPTIMIZATIONS:
                entry = results[(routes, shape, opt)]
                floor = results[(routes, "floor", opt)]
                if not entry["times"]:
                    reason = entry["stopped"] or "not run"
                    if not entry["peak"]:
                        reason = "not run: stopped at a smaller size"
                    time_row += [f"did not finish ({reason})", "–", "–"]
                    memory_row += [f"over {entry['peak']:,.0f} MB" if entry["peak"] else "–", "–"]
                    continue
                cpu, wall = min(entry["cpu"]), min(entry["times"])
                time_row += [seconds_text(cpu), ratio(cpu, min(floor["cpu"])), seconds_text(wall)]
                memory_row += [f"{entry['peak']:,.0f} MB", ratio(entry["peak"], floor["peak"])]
                if shape == "generated":
                    checks.append({
                        "routes": routes, "opt": opt, "cpu": cpu, "wall": wall,
                        "ratio": cpu / min(floor["cpu"])})
            time_rows.append(time_row)
            memory_rows.append(memory_row)
    values = {
        "naive_time_limit": f"{settings['naive_time_limit']:.0f}",
        "naive_memory_limit": f"{NAIVE_MEMORY_LIMIT_MB / 1024:.0f}",
        "compile_runs": settings["compile_runs"],
        "compile_times": table(
            ["routes", "screens", "shape", "bytes", "-O CPU time", "× floor", "-O wall time",
             "-Onone CPU time", "× floor", "-Onone wall time"],
            time_rows, ["---:", "---:", "---", "---:"] + ["---:"] * 6),
        "compile_memory": table(
            ["routes", "screens", "shape", "-O peak memory", "× floor", "-Onone peak memory", "× floor"],
            memory_rows, ["---:", "---:", "---"] + ["---:"] * 4),
    }
    return Report(values, targets(checks, settings["sizes"][-1][0]))


def targets(checks, largest):
    """The targets, from the generated file's figures by size and optimization."""
    found = []
    for opt in OPTIMIZATIONS:
        opt_checks = [check for check in checks if check["opt"] == opt]
        worst = max(opt_checks, key=lambda check: check["ratio"])
        found.append(Target(
            "1", f"build, {opt}: generated file at most 2× the floor's compile time, every size",
            ", ".join(f"{check['ratio']:.2f}× at {check['routes']:,}" for check in opt_checks),
            worst["ratio"] <= 2, "build-ratio"))
    big = {check["opt"]: check for check in checks if check["routes"] == largest}
    slowest = max(max(check["wall"], check["cpu"]) for check in big.values())
    found.append(Target(
        "1", f"build: {largest:,} routes, each with a link pattern, compile in under 3 s, -O and -Onone",
        f"{seconds_text(big['-O']['wall'])} -O, {seconds_text(big['-Onone']['wall'])} -Onone "
        f"(wall; CPU {seconds_text(big['-O']['cpu'])}, {seconds_text(big['-Onone']['cpu'])})",
        slowest < 3, "build-absolute"))
    return found
