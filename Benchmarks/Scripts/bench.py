#!/usr/bin/env python3
"""Runs RouteTable's benchmarks and writes the results page. Called by Benchmarks/run.sh, which
builds everything this needs first; see there for the one command.

Every figure is put next to a floor or a peer measured in the same run, interleaved with it, so
that load from other work on a shared machine moves both alike; the ratio is what to read.
"""
import argparse
import datetime
import json
import os
import platform
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import yaml

QUICK = {
    "sizes": [(100, 50), (1000, 100)],
    "compile_runs": 2,
    "naive_time_limit": 60.0,
    "generate_runs": {100: 5, 1000: 5, 10000: 3},
    "resolve_batches": 7,
    "link_rounds": 2,
    "link_batches": 3,
    "launch_runs": 60,
}
FULL = {
    "sizes": [(100, 50), (1000, 100), (10000, 500)],
    "compile_runs": 7,
    "naive_time_limit": 240.0,
    "generate_runs": {100: 31, 1000: 21, 10000: 11},
    "resolve_batches": 25,
    "link_rounds": 5,
    "link_batches": 5,
    "launch_runs": 1000,
}
# The URLs the link benchmark resolves in every link table, by segment count: routes 1, 4 and 7
# of scripts/make-large-manifest.py, whose patterns are `/r1/{item_id}`, `/r4/p1/p2/{item_id}`
# and `/r7/p1/p2/p3/p4/p5/p6/{item_id}` with an `int` parameter.
LINK_URLS = [
    (2, "https://m.example.com/r1/42"),
    (4, "https://m.example.com/r4/p1/p2/42"),
    (8, "https://m.example.com/r7/p1/p2/p3/p4/p5/p6/42"),
]
# A compile of the naive shape is stopped when its processes hold more than this in memory: at
# 5,000 routes it needs 24 GB (measured on a 2-core, 24 GB machine), more than the machines this runs on have.
NAIVE_MEMORY_LIMIT_MB = 6144


# MARK: Running things


def process_tree(pid):
    """pid and its descendants, through /proc/PID/task/*/children."""
    pids, stack = [], [pid]
    while stack:
        current = stack.pop()
        pids.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as file:
                    stack.extend(int(child) for child in file.read().split())
        except OSError:
            pass
    return pids


def resident_mb(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm") as file:
                total += int(file.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            pass
    return total / 2**20


def run_compile(command, time_limit=None, memory_limit_mb=None):
    """Runs a compiler; returns (wall seconds, CPU seconds, peak MB, why it stopped or None).

    CPU time is user plus system time of the whole process tree, which waiting for a core on a
    busy machine does not add to. The peak is the largest resident set of any process in the
    tree (wait4's ru_maxrss). A
    watcher kills the process group when it runs past time_limit or its processes together hold
    more than memory_limit_mb.
    """
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=errors, start_new_session=True)
        stopped = []
        done = threading.Event()

        def watch():
            while not done.wait(0.1):
                elapsed = time.perf_counter() - start
                if time_limit and elapsed > time_limit:
                    stopped.append(f"stopped after {time_limit:.0f} s")
                elif memory_limit_mb and resident_mb(process_tree(process.pid)) > memory_limit_mb:
                    stopped.append(f"stopped at {memory_limit_mb / 1024:.0f} GB after {elapsed:.0f} s")
                else:
                    continue
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except OSError:
                    pass
                return

        watcher = None
        if time_limit or memory_limit_mb:
            watcher = threading.Thread(target=watch, daemon=True)
            watcher.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        done.set()
        if watcher:
            watcher.join()
        process.returncode = status
        peak = usage.ru_maxrss / 1024
        cpu = usage.ru_utime + usage.ru_stime
        if stopped:
            return seconds, cpu, peak, stopped[0]
        if status != 0:
            errors.seek(0)
            sys.exit(f"error: {' '.join(command)} failed:\n{errors.read().decode(errors='replace')[-4000:]}")
        return seconds, cpu, peak, None


def spawn(argv, stdout_path=None):
    """Runs a program with posix_spawn; returns (wall seconds, rusage). Fails on a non-zero exit."""
    actions = [(os.POSIX_SPAWN_OPEN, 1, stdout_path or os.devnull, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
               (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    elapsed = (time.perf_counter_ns() - start) / 1e9
    if status != 0:
        sys.exit(f"error: {' '.join(argv)} exited with status {status}")
    return elapsed, usage


def instructions(argv):
    """Instructions executed from exec to exit, counted by callgrind; None without valgrind."""
    try:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
            capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    match = re.search(r"Collected : (\d+)", result.stderr)
    return int(match.group(1)) if match else None


# MARK: Formatting


def seconds_text(value):
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
    return seconds_text(value / 1e9)


def ratio(value, base):
    if value is None or not base:
        return "–"
    return f"{value / base:.2f}×"


def times_faster(slower, faster):
    """How many times `faster` fits in `slower`, for ratios too large to read as 0.00×."""
    if slower is None or not faster:
        return "–"
    return f"{slower / faster:,.0f}×"


def count_text(count):
    """A per-operation count: whole numbers with thousands separators (not %g's 1.28673e+06)."""
    if count is None:
        return "–"
    return f"{count:,.0f}" if count == int(count) else f"{count:g}"


def verdict(met):
    return "**met**" if met else "**missed**"


def table(header, rows, align=None):
    align = align or ["---"] + ["---:"] * (len(header) - 1)
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


# MARK: 1. Build cost of generated code


def destination_enum(generated):
    """The generated `Destination` enum's cases, and its namespace."""
    lines = generated.splitlines()
    start = next(i for i, line in enumerate(lines) if "enum Destination:" in line)
    cases = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        cases.append(line.strip())
    return cases


def literal_contents(generated, label):
    match = re.search(rf'^\s*{label}: "(.*)"\)*,?$', generated, re.MULTILINE)
    return match.group(1)


def floor_source(generated):
    """The floor: the generated table's bytes as one string literal, and the same Destination."""
    cases = "\n".join("    " + case for case in destination_enum(generated))
    data = literal_contents(generated, "words") + literal_contents(generated, "text")
    return (
        "// Floor: the generated table's data as one string literal, and the same Destination.\n"
        "import RouteTable\n\n"
        "public enum FloorRoutes {\n"
        "  public enum Destination: Sendable {\n"
        f"{cases}\n"
        "  }\n\n"
        f'  public static let data: StaticString = "{data}"\n'
        "}\n")


def unhashed_source(generated):
    """The generated file without `Destination: Hashable`: its `==`, `hash(into:)`, the
    `screenKey` switch behind them and `link(for:variant:)`, which compares through it, left out.
    It shows what `Hashable` (which `NavigationStack` paths and sets of destinations need) costs."""
    text = generated.replace("enum Destination: Hashable, Sendable {", "enum Destination: Sendable {")
    for start, end in [
        ("    public static func == (lhs: Destination", "    }\n  }\n"),
        ("  /// A URL that opens `destination`", "  }\n  }\n"),
        ("  static func screenKey(", "    }\n  }\n"),
    ]:
        first = text.index(start)
        if start.startswith("    public static func =="):
            # `==` and `hash(into:)` end the enum: keep its closing brace.
            last = text.index("hasher.combine", first)
            last = text.index("    }\n", last) + len("    }\n")
        else:
            last = text.index(end, first) + len(end)
        text = text[:first] + text[last:]
    return text


def untyped_source(generated):
    """`unhashed_source` with `_destination` answering nil: no typed `Destination` is built from
    a resolved screen. Beside the unhashed row it shows what typed destinations cost, so the two
    rows split what the generated file adds over the floor into the parts apps need and the rest."""
    text = unhashed_source(generated)
    start = text.index("  public static func _destination(")
    body = text.index("    switch screen.index {", start)
    end = text.index("    }\n  }\n", body) + len("    }\n")
    return text[:body] + "    nil\n" + text[end:]


def bare_source(generated):
    """`untyped_source` without the namespace's conformances to the runtime's protocols, which
    give the app the typed `resolve` functions: beside the row above it shows what they cost,
    a fixed amount per file."""
    text = untyped_source(generated)
    for protocol in ["RouteNamespace", "RouteVariant", "RouteTab", "RouteRequirement",
                     "RoutePushType"]:
        text = text.replace(f", {protocol} {{", " {").replace(f": {protocol} {{", " {")
    return text


def swift_string(text):
    return json.dumps(text, ensure_ascii=False).replace("\\/", "/")


def naive_source(generated, manifest_path):
    """The naive shape: the same routes as an array literal of struct initializers."""
    with open(manifest_path, "rb") as file:
        manifest = yaml.load(file.read(), Loader=yaml.CSafeLoader)
    screens = list(manifest["screens"])
    tabs = {name: variant["tabs"] for name, variant in manifest["variants"].items()}
    cases = "\n".join("    " + case for case in destination_enum(generated))
    out = [
        "// Naive: the same routes as an array literal of struct initializers.",
        "import RouteTable",
        "",
        "public enum NaiveRoutes {",
        "  public enum Destination: Sendable {",
        cases,
        "  }",
        "",
        "  public struct Route: Sendable {",
        "    public let pushType: String",
        "    public let aliases: [String]",
        "    public let screen: Int",
        "    public let tabs: [Int]",
        "    public let url: String?",
        "    public let params: [String: String]",
        "  }",
        "",
        "  public static let routes: [Route] = [",
    ]
    for name, route in manifest["routes"].items():
        route_tabs = []
        for variant, names in tabs.items():
            tab = route.get("variants", {}).get(variant, {}).get("tab", route.get("tab", 0))
            route_tabs.append(str(names.index(tab) if isinstance(tab, str) else tab))
        params = route.get("params", {})
        params_literal = (
            "[" + ", ".join(f"{swift_string(k)}: {swift_string(v['from'])}" for k, v in params.items()) + "]"
            if params else "[:]")
        aliases = ", ".join(swift_string(alias) for alias in route.get("aliases", []))
        url = swift_string(route["url"]) if "url" in route else "nil"
        out.append(
            f"    Route(pushType: {swift_string(name)}, aliases: [{aliases}], "
            f"screen: {screens.index(route['screen'])}, tabs: [{', '.join(route_tabs)}], "
            f"url: {url}, params: {params_literal}),")
    out += ["  ]", "}", ""]
    return "\n".join(out)


def build_cost(settings, work, routec, manifests):
    shapes = ["floor", "generated", "unhashed", "untyped", "bare", "naive"]
    results = {}  # (routes, shape, opt) -> {"times": [...], "peak": MB, "stopped": str|None, "bytes": n}
    given_up = set()  # (shape, opt) that did not finish at a smaller size
    for routes, screens in settings["sizes"]:
        manifest = manifests[routes]
        folder = work / f"compile-{routes}"
        folder.mkdir()
        generated_path = folder / "Generated.swift"
        subprocess.run([routec, "generate", str(manifest), "--output", str(generated_path)], check=True)
        generated = generated_path.read_text()
        sources = {
            "generated": generated_path,
            "floor": folder / "Floor.swift",
            "unhashed": folder / "Unhashed.swift",
            "untyped": folder / "Untyped.swift",
            "bare": folder / "Bare.swift",
            "naive": folder / "Naive.swift",
        }
        sources["floor"].write_text(floor_source(generated))
        sources["unhashed"].write_text(unhashed_source(generated))
        sources["untyped"].write_text(untyped_source(generated))
        sources["bare"].write_text(bare_source(generated))
        sources["naive"].write_text(naive_source(generated, manifest))
        for shape in shapes:
            for opt in ["-O", "-Onone"]:
                results[(routes, shape, opt)] = {
                    "times": [], "cpu": [], "peak": 0.0, "stopped": None,
                    "bytes": sources[shape].stat().st_size}
        print(f"  {routes} routes:", end="", flush=True)
        for run in range(settings["compile_runs"]):
            for opt in ["-O", "-Onone"]:
                for shape in shapes:
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


DESIGN_NOTES = [
    "Table data as string literals: array and dictionary literals of the same data measured at "
    "minutes of compile time per build; two string literals compile in about what the floor does.",
    "Words of four base-64 digits (24 bits) read with one 4-byte load: decoding through a `switch` "
    "per character was a third of a resolution, and four digits rather than five cut a tenth of "
    "its instructions; 2^24 words hold a 10,000-route table with links (under a million words).",
    "An image is one reference: an image of four words and an owner made the compiler destroy the "
    "names a resolution keeps through run-time type metadata, about 600 of a link resolution's "
    "10,000 instructions.",
    "The literal initializer is labelled apart from the copying one: with one label Swift prefers "
    "`String` for a literal, and generated code copied its table on first use (+760 page faults at "
    "10,000 routes in the launch benchmark).",
    "Lookups hash into the table: a binary search over 10,000 push types compared 14 keys (about "
    "290 ns); byte comparison uses `memcmp`, where a loop over bounds-checked bytes cost about 470 "
    "instructions per comparison.",
    "A resolution's names stay references until read: making them every time was about 7% of a "
    "link resolution.",
]

SHAPE_NAMES = {
    "floor": "floor", "generated": "generated", "unhashed": "generated, `Destination` not `Hashable`",
    "untyped": "generated, not `Hashable`, no typed `Destination` built",
    "bare": "the same, without the conformances to the runtime's protocols",
    "naive": "naive"}


def build_cost_section(settings, results):
    """Two tables (time, memory) and, per size and optimization, the generated file's figures."""
    time_rows, memory_rows, checks = [], [], []
    for routes, screens in settings["sizes"]:
        for shape in ["floor", "generated", "unhashed", "untyped", "bare", "naive"]:
            time_row = [f"{routes:,}", screens, SHAPE_NAMES[shape], f"{results[(routes, shape, '-O')]['bytes']:,}"]
            memory_row = [f"{routes:,}", screens, SHAPE_NAMES[shape]]
            for opt in ["-O", "-Onone"]:
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
                        "ratio": cpu / min(floor["cpu"]), "memory": entry["peak"] / floor["peak"]})
            time_rows.append(time_row)
            memory_rows.append(memory_row)
    times = table(
        ["routes", "screens", "shape", "bytes", "-O CPU time", "× floor", "-O wall time",
         "-Onone CPU time", "× floor", "-Onone wall time"],
        time_rows, ["---:", "---:", "---", "---:"] + ["---:"] * 6)
    memory = table(
        ["routes", "screens", "shape", "-O peak memory", "× floor", "-Onone peak memory", "× floor"],
        memory_rows, ["---:", "---:", "---"] + ["---:"] * 4)
    return times, memory, checks


# MARK: 2. Manifest compile speed


def generate_speed(settings, work, tools, manifests):
    results = {}
    for routes, _ in settings["sizes"]:
        manifest = str(manifests[routes])
        output = work / f"generate-{routes}.swift"
        python_out = work / "python-load.txt"
        commands = {
            "floor": [str(tools["yaml_events"]), manifest],
            "python": [sys.executable, str(tools["python_load"]), manifest],
            "release": [tools["routec_release"], "generate", manifest, "--output", str(output)],
            "debug": [tools["routec_debug"], "generate", manifest, "--output", str(output)],
            "start": [tools["routec_release"], "--help"],
        }
        samples = {name: [] for name in commands}
        samples["python_load"] = []
        runs = settings["generate_runs"].get(routes, 5)
        for run in range(runs + 1):  # the first round warms the page cache and is dropped
            names = list(commands)
            names = names[run % len(names):] + names[:run % len(names)]
            for name in names:
                if output.exists():
                    output.unlink()  # routec leaves an unchanged file alone; always write
                seconds, _ = spawn(commands[name], python_out if name == "python" else None)
                if run == 0:
                    continue
                samples[name].append(seconds)
                if name == "python":
                    samples["python_load"].append(float(python_out.read_text()))
        results[routes] = {name: min(values) for name, values in samples.items()}
        results[routes]["median"] = {name: statistics.median(values) for name, values in samples.items()}
        results[routes]["bytes"] = Path(manifest).stat().st_size
        print(f"  {routes} routes: release {seconds_text(results[routes]['release'])}, "
              f"floor {seconds_text(results[routes]['floor'])}", flush=True)
    return results


def generate_section(settings, results):
    rows = []
    labels = [
        ("floor", "floor: libyaml events, C"),
        ("python_load", "peer: Python `yaml.load`, `CSafeLoader`, in process"),
        ("python", "(the whole Python process, for context)"),
        ("release", "`routec generate`, release build"),
        ("debug", "`routec generate`, debug build (the plugin's in debug builds)"),
        ("start", "(`routec --help`, release: process start alone)"),
    ]
    for routes, _ in settings["sizes"]:
        r = results[routes]
        for key, label in labels:
            rows.append([
                f"{routes:,}", f"{r['bytes']:,}", label, seconds_text(r[key]), seconds_text(r["median"][key]),
                ratio(r[key], r["floor"]), ratio(r[key], r["python_load"])])
    return table(
        ["routes", "manifest bytes", "command", "fastest", "median", "× floor", "× peer"],
        rows, ["---:", "---:", "---", "---:", "---:", "---:", "---:"])


# MARK: 3. Resolution speed


def resolve_speed(settings, tools, large_type):
    process = subprocess.run(
        [tools["resolve_bench"], "--batches", str(settings["resolve_batches"]), "--batch-ms", "20",
         "--large-type", large_type], capture_output=True, text=True)
    if process.returncode != 0:
        sys.exit(f"error: ResolveBench failed:\n{process.stdout}{process.stderr[-2000:]}")
    results = {}
    for line in process.stdout.splitlines():
        entry = json.loads(line)
        if "error" in entry:
            sys.exit(f"error: ResolveBench: {entry['error']}")
        results[entry["name"]] = entry
    if results["check.one_allocation"]["allocations"] != 1.0:
        print("warning: the allocation counter did not count exactly one allocation for one array",
              file=sys.stderr)
    return results


def resolve_section(results, large_routes):
    hit = results["reflection.hit"]["ns_min"]

    # Holding and releasing costs what the held round adds over a delivered tap, less the two
    # resolutions it makes on top (the sign-in route, and the tap resolved again on release).
    if "navigation.router.hold_release" in results:
        overhead = {}
        for key in ["ns_min", "ns_median", "allocations"]:
            parts = [results[name][key] for name in [
                "navigation.router.hold_release", "navigation.router.deliver",
                "navigation.resolve.requirement", "navigation.resolve.payload"]]
            overhead[key] = None if None in parts else max(0, parts[0] - sum(parts[1:]))
        results["navigation.router.hold_release_overhead"] = overhead

    def row(name, label, table_name, dictionary=None):
        entry = results[name]
        return [label, table_name, ns_text(entry["ns_min"]), ns_text(entry["ns_median"]),
                count_text(entry["allocations"]),
                ratio(entry["ns_min"], results[dictionary]["ns_min"]) if dictionary else "–",
                ratio(entry["ns_min"], hit)]

    rows = [
        row("shop.resolve.user_info", "full resolution from `userInfo` (generated `resolve(_:variant:)`)", "shop", "shop.lookup.dictionary"),
        row("shop.resolve.payload", "full resolution from a `Payload`", "shop", "shop.lookup.dictionary"),
        row("shop.payload_from_user_info", "of which: `Payload(userInfo:)`", "shop"),
        row("large.resolve.user_info", "full resolution from `userInfo`", f"{large_routes:,} routes", "large.lookup.dictionary"),
        row("large.resolve.payload", "full resolution from a `Payload`", f"{large_routes:,} routes", "large.lookup.dictionary"),
        row("shop.lookup.generated", "type lookup: generated `PushType(rawValue:)`", "shop", "shop.lookup.dictionary"),
        row("large.lookup.generated", "type lookup: generated `PushType(rawValue:)`", f"{large_routes:,} routes", "large.lookup.dictionary"),
        row("shop.lookup.dictionary", "peer: `[String: Route]` lookup", "shop", "shop.lookup.dictionary"),
        row("large.lookup.dictionary", "peer: `[String: Route]` lookup", f"{large_routes:,} routes", "large.lookup.dictionary"),
        row("navigation.resolve.payload", "full resolution from a `Payload`: 2 requirements, a 3-screen back stack", "navigation", "shop.lookup.dictionary"),
        row("navigation.unmet", "of which: checking requirements (`unmet(satisfied:)`)", "navigation"),
        row("navigation.resolve.requirement", "the sign-in route (`resolve(requirement:variant:)`)", "navigation"),
        row("navigation.router.deliver", "router: a tap delivered, requirements met", "navigation"),
        row("navigation.router.hold_release", "router: a tap held (sign-in shown), then released and delivered", "navigation"),
        row("navigation.router.hold_release_overhead", "of which: holding and releasing, beyond the two resolutions it adds", "navigation"),
        row("reflection.hit", "peer: `_typeByName` (`NSClassFromString`), found", "process types"),
        row("reflection.miss", "peer: `_typeByName`, a typo: not found", "process types"),
        row("loop_overhead", "benchmark loop overhead (included above)", "–"),
    ]
    return table(
        ["operation", "table", "time per op (fastest batch)", "median batch", "heap allocations",
         "× dictionary lookup", "× `_typeByName` hit"],
        rows, ["---", "---", "---:", "---:", "---:", "---:", "---:"])


# MARK: 5. Link resolution


def run_json_lines(argv, what):
    process = subprocess.run(argv, capture_output=True, text=True)
    if process.returncode != 0:
        sys.exit(f"error: {what} failed:\n{process.stdout}{process.stderr[-2000:]}")
    results = {}
    for line in process.stdout.splitlines():
        entry = json.loads(line)
        if "error" in entry:
            sys.exit(f"error: {what}: {entry['error']}")
        results[entry["name"]] = entry
    return results


def link_speed(settings, tools, work, link_patterns, large_type):
    """RouteTable's link benchmarks and the URLMatcher peer's, in alternating rounds."""
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


def link_section(results, link_patterns, peer_note):
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
                ns_text(peer["ns_min"]) if peer else peer_note,
                ns_text(peer["ns_median"]) if peer else "–", peer_allocations,
                times_faster(peer["ns_min"], ours["ns_min"]) if peer else "–"])
    return table(
        ["link patterns", "URL segments", "RouteTable (fastest batch)", "median batch",
         "heap allocations", "× 2 segments", f"× {link_patterns[0]:,} patterns",
         "URLMatcher (fastest batch)", "median batch", "heap allocations",
         "URLMatcher ÷ RouteTable"],
        rows, ["---:", "---:"] + ["---:"] * 9)


# MARK: 4. Launch cost


def launch_cost(settings, tools, large_type):
    programs = {
        "LaunchLarge": [tools["bin"] + "/LaunchLarge", large_type],
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
    report = Path(tempfile.mkstemp()[1])
    for name in ["LaunchLarge", "LaunchSmall"]:
        values = []
        for _ in range(21):
            spawn(programs[name] + ["--report"], report)
            values.append(int(report.read_text()))
        first[name] = statistics.median(values)
    report.unlink()
    counted = {name: instructions(argv) for name, argv in programs.items()}
    return {"samples": samples, "faults": faults, "first": first, "instructions": counted}


def median_difference(a, b, resamples=2000):
    """Median of a minus median of b, with a bootstrap 95% interval."""
    rng = random.Random(6)
    differences = sorted(
        statistics.median(rng.choices(a, k=len(a))) - statistics.median(rng.choices(b, k=len(b)))
        for _ in range(resamples))
    return (statistics.median(a) - statistics.median(b),
            differences[int(0.025 * resamples)], differences[int(0.975 * resamples)])


def launch_section(results, large_routes):
    samples, faults, counted = results["samples"], results["faults"], results["instructions"]
    empty = statistics.median(samples["LaunchEmpty"])
    labels = {
        "LaunchLarge": f"{large_routes:,}-route table linked in, resolves one payload",
        "LaunchSmall": "5-route table (shop.routes.yaml), resolves one payload",
        "LaunchEmpty": "floor: empty program, same libraries (RouteTable, Foundation)",
        "LaunchBare": "empty Swift program without Foundation (context)",
    }
    rows = []
    for name in ["LaunchLarge", "LaunchSmall", "LaunchEmpty", "LaunchBare"]:
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


# MARK: The page


def machine_facts(root):
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        cpu = platform.processor() or "unknown"
    memory = "unknown"
    try:
        with open("/proc/meminfo") as file:
            kilobytes = int(file.readline().split()[1])
            memory = f"{kilobytes / 2**20:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass

    def run(argv, default="unknown"):
        try:
            return subprocess.run(argv, capture_output=True, text=True, check=True, cwd=root,
                                  env=dict(os.environ, GIT_OPTIONAL_LOCKS="0")).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return default

    commit = run(["git", "rev-parse", "--short", "HEAD"])
    # The page being rewritten is not a change to what was measured.
    if run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
            ":(exclude)Benchmarks/RESULTS*.md"], ""):
        commit += " with uncommitted changes"
    return {
        "cores": str(os.cpu_count()),
        "arch": platform.machine(),
        "cpu": cpu,
        "memory": memory,
        "os": run(["uname", "-sr"]),
        "swift": run(["swiftc", "--version"]).splitlines()[0],
        "cc": run(["cc", "--version"]).splitlines()[0],
        "libyaml": run(["pkg-config", "--modversion", "yaml-0.1"]),
        "python": platform.python_version(),
        "pyyaml": yaml.__version__,
        "commit": commit,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--root", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--routec-release", required=True)
    parser.add_argument("--routec-debug", required=True)
    parser.add_argument("--yaml-events", required=True)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--large-routes", type=int, required=True)
    parser.add_argument("--large-type", required=True)
    parser.add_argument("--link-patterns", type=int, nargs="+", required=True)
    parser.add_argument("--urlmatcher", default="")
    parser.add_argument("--output", required=True)
    parser.add_argument("--command", required=True)
    args = parser.parse_args()
    settings = QUICK if args.quick else FULL
    root, work = Path(args.root), Path(args.work)
    tools = {
        "routec_release": args.routec_release,
        "routec_debug": args.routec_debug,
        "yaml_events": args.yaml_events,
        "python_load": Path(__file__).with_name("python-load.py"),
        "bin": args.bin,
        "resolve_bench": args.bin + "/ResolveBench",
        "urlmatcher": args.urlmatcher,
    }
    if not hasattr(yaml, "CSafeLoader"):
        sys.exit("error: PyYAML has no CSafeLoader (install libyaml, then reinstall PyYAML)")

    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    manifests = {}
    for routes, screens in settings["sizes"]:
        path = work / f"large-{routes}.routes.yaml"
        with open(path, "w") as file:
            subprocess.run([sys.executable, str(root / "scripts/make-large-manifest.py"), str(routes),
                            str(screens)], stdout=file, check=True)
        manifests[routes] = path

    print("== 1. build cost of generated code", flush=True)
    compile_results = build_cost(settings, work, args.routec_release, manifests)
    print("== 2. manifest compile speed", flush=True)
    generate_results = generate_speed(settings, work, tools, manifests)
    print("== 3. resolution speed", flush=True)
    resolve_results = resolve_speed(settings, tools, args.large_type)
    print("== 5. link resolution" + ("" if args.urlmatcher else " (no URLMatcher peer)"), flush=True)
    link_results = link_speed(settings, tools, work, args.link_patterns, args.large_type)
    print("== 4. launch cost", flush=True)
    launch_results = launch_cost(settings, tools, args.large_type)
    load_after = os.getloadavg()
    finished = datetime.datetime.now(datetime.timezone.utc)

    facts = machine_facts(root)
    compile_times, compile_memory, compile_checks = build_cost_section(settings, compile_results)
    sizes = [routes for routes, _ in settings["sizes"]]
    largest = sizes[-1]
    medium = 1000 if 1000 in sizes else sizes[-1]

    # Targets.
    targets = []
    for opt in ["-O", "-Onone"]:
        checks = [check for check in compile_checks if check["opt"] == opt]
        worst = max(checks, key=lambda check: check["ratio"])
        targets.append((
            "1", f"build, {opt}: generated file at most 2× the floor's compile time, every size",
            ", ".join(f"{check['ratio']:.2f}× at {check['routes']:,}" for check in checks),
            worst["ratio"] <= 2, "build-ratio"))
    big = {check["opt"]: check for check in compile_checks if check["routes"] == largest}
    slowest = max(max(check["wall"], check["cpu"]) for check in big.values())
    targets.append((
        "1", f"build: {largest:,} routes, each with a link pattern, compile in under 3 s, -O and -Onone",
        f"{seconds_text(big['-O']['wall'])} -O, {seconds_text(big['-Onone']['wall'])} -Onone "
        f"(wall; CPU {seconds_text(big['-O']['cpu'])}, {seconds_text(big['-Onone']['cpu'])})",
        slowest < 3, "build-absolute"))
    release_ratios = {routes: generate_results[routes]["release"] / generate_results[routes]["floor"] for routes in sizes}
    worst_routes = max(release_ratios, key=release_ratios.get)
    targets.append((
        "2", "routec generate (release) within 2× the libyaml floor",
        ", ".join(f"{release_ratios[r]:.1f}× at {r:,}" for r in sizes),
        release_ratios[worst_routes] <= 2, "generate-floor"))
    peer_ratios = {routes: generate_results[routes]["release"] / generate_results[routes]["python_load"] for routes in sizes}
    targets.append((
        "2", "routec generate (release) faster than Python's CSafeLoader load",
        ", ".join(f"{peer_ratios[r]:.2f}× at {r:,}" for r in sizes),
        max(peer_ratios.values()) < 1, "generate-peer"))
    debug_time = generate_results[medium]["debug"]
    targets.append((
        "2", f"routec generate (debug build) under 0.5 s for {medium:,} routes",
        seconds_text(debug_time), debug_time < 0.5, "generate-debug"))
    full = resolve_results["shop.resolve.user_info"]["ns_min"]
    full_payload = resolve_results["shop.resolve.payload"]["ns_min"]
    targets.append((
        "3", "a full resolution (type + two params + one URL) from a `Payload` under 1 µs",
        f"{ns_text(full_payload)} "
        f"({ratio(full_payload, resolve_results['reflection.hit']['ns_min'])} a `_typeByName` hit)",
        full_payload < 1000, "resolve-full"))
    targets.append((
        "3", "the same resolution from `userInfo` under 1 µs",
        f"{ns_text(full)}, of which `Payload(userInfo:)` "
        f"{ns_text(resolve_results['shop.payload_from_user_info']['ns_min'])}",
        full < 1000, "resolve-user-info"))
    lookups = [resolve_results["shop.lookup.generated"]["ns_min"], resolve_results["large.lookup.generated"]["ns_min"]]
    targets.append((
        "3", "type lookup in tens of nanoseconds (< 100 ns)",
        f"{ns_text(lookups[0])} (5 routes), {ns_text(lookups[1])} ({args.large_routes:,} routes); "
        f"dictionary {ns_text(resolve_results['large.lookup.dictionary']['ns_min'])}",
        max(lookups) < 100, "lookup-time"))
    lookup_allocations = [resolve_results[name]["allocations"] for name in ["shop.lookup.generated", "large.lookup.generated"]]
    targets.append((
        "3", "zero heap allocations for the type lookup",
        " and ".join(count_text(a) for a in lookup_allocations),
        all(a == 0 for a in lookup_allocations), "lookup-allocations"))
    link_medium = 1000 if 1000 in args.link_patterns else args.link_patterns[-1]
    link_times = {segments: link_results[f"link.{link_medium}.{segments}"]["ns_min"] for segments, _ in LINK_URLS}
    targets.append((
        "5", f"a link URL resolved (parse, match, coerce, expand its route's URL) in under 1 µs with {link_medium:,} patterns, URLs of 2, 4 and 8 segments",
        ", ".join(f"{ns_text(time)} ({segments} segments)" for segments, time in link_times.items()),
        max(link_times.values()) < 1000, "link-time"))
    fewest, most = args.link_patterns[0], args.link_patterns[-1]
    growth = {segments: link_results[f"link.{most}.{segments}"]["ns_min"] / link_results[f"link.{fewest}.{segments}"]["ns_min"]
              for segments, _ in LINK_URLS}
    targets.append((
        "5", f"link resolution does not grow with the pattern count: {most:,} patterns within 1.5× of {fewest:,}, every URL length",
        ", ".join(f"{value:.2f}× ({segments} segments)" for segments, value in growth.items()),
        max(growth.values()) <= 1.5, "link-growth"))
    launch_difference, launch_low, launch_high = median_difference(
        launch_results["samples"]["LaunchLarge"], launch_results["samples"]["LaunchEmpty"])
    targets.append((
        "4", f"launch to first resolution with {args.large_routes:,} routes: under 1 ms more than an empty program",
        f"{launch_difference * 1e3:+.2f} ms (95% interval {launch_low * 1e3:+.2f} … {launch_high * 1e3:+.2f} ms)",
        launch_difference < 1e-3, "launch-time"))
    counted, faults = launch_results["instructions"], launch_results["faults"]
    extra_faults = statistics.median(faults["LaunchLarge"]) - statistics.median(faults["LaunchSmall"])
    extra = (counted["LaunchLarge"] - counted["LaunchSmall"]
             if counted["LaunchLarge"] and counted["LaunchSmall"] else None)
    targets.append((
        "4", f"no launch work proportional to the table: {args.large_routes:,} routes against 5 cost under "
        "10 more instructions and 0.01 more page faults per route",
        (f"{extra:+,} instructions ({extra / args.large_routes:+.1f} per route), " if extra is not None else "")
        + f"{extra_faults:+.0f} page faults ({extra_faults / args.large_routes:+.3f} per route)",
        (extra is None or extra < 10 * args.large_routes) and extra_faults < 0.01 * args.large_routes,
        "launch-proportional"))

    notes = missed_notes({
        "sizes": sizes, "large_routes": args.large_routes, "generate": generate_results,
        "resolve": resolve_results, "launch": launch_results})

    page = []
    add = page.append
    add("# RouteTable benchmarks\n")
    if args.quick:
        add("> **Quick run** (`--quick`): smaller sizes and fewer repetitions, a smoke check only. "
            "The published figures come from a full run.\n")
    add("Written by `" + args.command + "`; every number below was measured in that one run. "
        "Absolute times drift on shared machines, so each figure stands next to a floor or a peer "
        "measured in the same run, interleaved with it, and the ratio is the figure to read.\n")
    add(table(["", ""], [
        ["date", f"{started:%Y-%m-%d %H:%M} UTC ({(finished - started).total_seconds() / 60:.0f} minutes)"],
        ["machine", f"{facts['cores']} cores, {facts['arch']}, {facts['cpu']}, {facts['memory']}, {facts['os']}"],
        ["toolchain", facts["swift"]],
        ["other tools", f"{facts['cc']}; libyaml {facts['libyaml']}; Python {facts['python']} with PyYAML {facts['pyyaml']}"],
        ["checkout", facts["commit"]],
        ["load average", f"{load_before[0]:.2f} at the start, {load_after[0]:.2f} at the end (other builds share the machine)"],
    ], ["---", "---"]))
    add("\n## Targets\n")
    add(table(["", "target", "measured", ""],
              [[number, text, measured, verdict(met)] for number, text, measured, met, _ in targets],
              ["---", "---", "---", "---"]))

    add("\n## 1. Does it slow my build? Compile cost of the generated file\n")
    add("Each generated file is compiled alone with `swiftc -swift-version 6 -parse-as-library -c`, "
        "against the RouteTable module, as an app target compiles it. Time is CPU time (user plus "
        "system of the compiler's processes, which waiting for a core on a busy machine does not "
        "inflate) and the ratios are taken on it; wall time is shown beside it. Memory is the "
        "largest resident set of the compiler's processes. Synthetic manifests come from "
        "`scripts/make-large-manifest.py ROUTES SCREENS`. Six shapes of the same table:\n")
    add("- **floor**: the generated table's data (both literals, concatenated) as one string literal, "
        "plus the same `Destination` enum (its cases only): the least any generator must hand the compiler;")
    add("- **generated**: what `routec generate` writes;")
    add("- **generated, `Destination` not `Hashable`**: the same without `Destination`'s `==` and "
        "`hash(into:)`, the `screenKey` switch behind them and `link(for:variant:)`, which compares "
        "through it: the row shows what `Hashable` costs (`NavigationStack` paths need it);")
    add("- **generated, not `Hashable`, no typed `Destination` built**: that shape with "
        "`_destination`, the switch that builds the typed `Destination` from a resolved screen, "
        "answering nil: beside the row above it shows what typed destinations cost; what is left "
        "over the floor is the namespace's small enums and their conformances;")
    add("- **the same, without the conformances to the runtime's protocols**: that shape with "
        "the namespace, `Variant`, `Tab`, `Requirement` and `PushType` no longer conforming to "
        "`RouteNamespace`, `RouteVariant`, `RouteTab`, `RouteRequirement` and `RoutePushType`: "
        "the row shows what the typed API (`resolve`, `resolve(url:variant:)`, `Variant(remoteValue:)`, "
        "...) costs, a fixed amount per file; what is left over the floor is the cases of those "
        "small enums;")
    add("- **naive**: the obvious generator output, an array literal of `Route(pushType:aliases:screen:tabs:url:params:)` "
        f"initializers plus the same `Destination`; a compile is stopped after {settings['naive_time_limit']:.0f} s or at "
        f"{NAIVE_MEMORY_LIMIT_MB / 1024:.0f} GB, and not tried at larger sizes once stopped.\n")
    add(f"Fastest of {settings['compile_runs']} runs, shapes interleaved (the naive shape runs once when "
        "a run takes over 20 s); largest peak memory of those runs.\n")
    add(compile_times)
    add("")
    add(compile_memory)

    add("\n## 2. Does it slow my build? `routec generate` speed\n")
    add("Wall time of one process per run, fastest of "
        + ", ".join(f"{settings['generate_runs'].get(r, 5)} runs at {r:,} routes" for r in sizes)
        + ", all "
        "commands interleaved after a dropped warm-up round; the output file is deleted before each run "
        "so routec always writes it. The **floor** is a C program that reads the manifest and scans its "
        "libyaml events (`Benchmarks/Scripts/yaml-events.c`, `cc -O2`), the first thing routec does. The "
        "**peer** is PyYAML building Python objects with `CSafeLoader` (libyaml), timed inside the "
        "process (`Benchmarks/Scripts/python-load.py`, interpreter start and `import yaml` excluded, which "
        "favours the peer); the whole Python process is shown for context. routec's times include its "
        "process start. The debug build is what the build tool plugin runs in debug configurations.\n")
    add(generate_section(settings, generate_results))

    add("\n## 3. How fast is a resolution?\n")
    add("`Benchmarks/Sources/ResolveBench` (release build): each operation is calibrated to 20 ms "
        f"batches, run {settings['resolve_batches']} batches, and reported as the fastest and the median "
        "batch; heap allocations are counted per operation over one more batch by interposing `malloc` "
        "and friends (`Benchmarks/Sources/AllocationCounter`; it counts the one allocation of an 8-`Int` "
        f"array as {resolve_results['check.one_allocation']['allocations']:g}). The typical payload is "
        "`{\"aps\": {\"alert\": …}, \"type\": \"webview_full\", \"id\": \"7\", \"chapter\": \"3\"}` on "
        "`routes/shop.routes.yaml`: a route with two payload params (an `Int` coerced from a string, an "
        "optional `Int`), a defaulted one, a tab and a URL template, giving "
        "`.bookReader(bookId: 7, hideCache: true, chapter: 3)` and its URL; on the "
        f"{args.large_routes:,}-route table it is `{args.large_type}` with two params and a URL. "
        "Inputs pass through an opaque function and results into a black hole, so nothing is "
        "constant-folded. The peers: a `[String: Route]` dictionary holding every push type (what a "
        "hand-written table would build at launch) and reflection by class name with `_typeByName`, "
        "which `NSClassFromString` calls on Linux, for a class that exists and for a one-letter typo.\n")
    add(resolve_section(resolve_results, args.large_routes))
    user_info = resolve_results["shop.resolve.user_info"]
    payload = resolve_results["shop.resolve.payload"]
    converted = resolve_results["shop.payload_from_user_info"]
    add("\n**What the `userInfo` path costs on top.** `resolve(_ userInfo:variant:)` first builds a "
        f"`Payload` (the `of which` row: {ns_text(converted['ns_min'])} and "
        f"{converted['allocations']:g} allocations here, against {ns_text(payload['ns_min'])} and "
        f"{payload['allocations']:g} for the whole resolution from a `Payload`). `userInfo` is "
        "`[AnyHashable: Any]`: nothing about its values is known until run time, and a `Payload` "
        "must be `Sendable`, so the conversion visits every member, not just the three the route "
        "reads: each key is unboxed from `AnyHashable` and cast to `String`, each value's dynamic "
        "type is compared with the common payload types and cast out of its existential box, and "
        "every dictionary (the top level and `aps`, which no route here reads) is copied into an "
        "array of entries and then into a new `[String: PayloadValue]`, hashing every key again; "
        "last, the top level's keys are indexed by their bytes, which the resolution then reads "
        "instead of hashing a `String` per key. callgrind (outside this run, on this page's code) "
        "counts about 36,700 instructions for `Payload(userInfo:)` on this payload: classifying "
        "values and casting them about 16,000, copying the two dictionaries into entry arrays "
        "about 11,000, the containers being built about 10,700 (the shares overlap), releasing "
        "the intermediate arrays and boxes about 7,500, and the key index about 1,300. On "
        "Darwin the system's `userInfo` holds bridged `NSString`, `NSNumber` and `NSDictionary` "
        "values, which take the Foundation branch (a class check, then bridging) and cost more. Resolving from a `Payload` instead pays this once, where the app builds it; "
        "reading only the route's values straight from `userInfo` would avoid most of it, at the "
        "price of a second resolver over `Any`.\n")
    held = resolve_results.get("navigation.router.hold_release_overhead")
    if held and held["ns_min"] is not None:
        add("\n**What holding and releasing cost.** The `navigation` rows resolve the route "
            "`tracking` of `Benchmarks/Manifests/navigation.routes.yaml`, which requires two "
            "requirements and builds a three-screen back stack. A held round (the tap held and "
            "the sign-in route shown, then both requirements met and the tap delivered) costs "
            f"{ns_text(held['ns_min'])} beyond a delivered tap, the sign-in route and one more "
            f"resolution (target 1 µs: {verdict(held['ns_min'] < 1000)}). The release sends the "
            "held arrival through the cold-launch gate again, so that it reaches `navigate` in "
            "order with other arrivals and never during another delivery. The router keeps that "
            "pass cheap by keeping its generic parameters off it: the gate's entries, the held "
            "arrival and the state the hot path locks are concrete types outside the generic "
            "router (an entry is a class, so moving it through the gate and the held slot is one "
            "reference count), its root and delivery helper are classes, and `init(routes:)` is "
            "inlinable, so its closures are compiled for the app's namespace. callgrind (outside "
            "this run) counted 158,700 instructions per held round before that change, a quarter "
            "of them looking up generic metadata about 33 times per delivery, and 73,200 after. "
            "`Locked.withLock` is still called unspecialized across the module boundary: this "
            "compiler does not serialize `package` declarations for inlining even when they are "
            "`@inlinable`.\n")

    add("\n## 4. Does it slow my app's launch?\n")
    add(f"Each program is started {settings['launch_runs']} times with `posix_spawn`, in a shuffled "
        "order each round after 10 dropped warm-up rounds, and timed from spawn to exit (wall clock); "
        "the difference of medians has a bootstrap 95% interval. `LaunchLarge` resolves one payload "
        f"through the generated API with a {args.large_routes:,}-route table linked in, then exits; the floor "
        "`LaunchEmpty` links the same libraries and does nothing; `LaunchSmall` does what `LaunchLarge` "
        "does with a 5-route table, so the two differ only by what grows with the table. The generated "
        "table's two string literals go to `RouteTableImage`'s `StaticString` initializer and are read "
        "in place, never copied. Instructions are counted by `valgrind --tool=callgrind` for one launch "
        "each, exec to exit: unlike time, they do not depend on the machine's load; minor page faults "
        "(median) count memory first touched. Inside the process, the first resolution itself took "
        f"{ns_text(launch_results['first']['LaunchLarge'])} with {args.large_routes:,} routes and "
        f"{ns_text(launch_results['first']['LaunchSmall'])} with 5 routes (median of 21 launches with "
        "`--report`); a later resolution costs a few microseconds (section 3), so most of this is "
        "one-time work.\n")
    add(launch_section(launch_results, args.large_routes))

    peer_note = "skipped: ../shared/peers/URLNavigator is missing"
    add("\n## 5. How fast is opening a link?\n")
    add("`ResolveBench` again, timed the same way, resolving a URL through the generated "
        "`resolve(url:variant:)`: split and percent-decode the URL, walk the trie of link patterns "
        "(one hash lookup per segment), check the winning pattern's values against their types, "
        "resolve its route like a push (parameters coerced, tab, presentation) and expand the route's "
        "URL template. The tables come from `scripts/make-large-manifest.py PATTERNS SCREENS`, one "
        "link pattern per route, patterns of 2, 4 and 8 segments; the URLs "
        + ", ".join(f"`{url}`" for _, url in LINK_URLS)
        + " open `int` screens with the URL template `{web}/items/{item_id}`. The **peer** is "
        "URLNavigator's `URLMatcher` (2.5.1, built unmodified from `../shared/peers/URLNavigator`, "
        "its sources in Swift 5 mode, with the same measuring code), matching the same URLs against "
        "the same patterns in its syntax (`https://m.example.com/r1/<int:item_id>`) with "
        "`match(_:from:)`, as URLNavigator calls it: it tries every pattern in turn, and only "
        "matches (no typed destination, no URL expansion, no query), so it does less per URL. "
        f"The two programs run in {settings['link_rounds']} alternating rounds of "
        f"{settings['link_batches']} batches each; the fastest batch of all rounds is shown.\n")
    if not args.urlmatcher:
        add(f"> The URLMatcher peer was {peer_note}, so its columns are empty.\n")
    add(link_section(link_results, args.link_patterns, peer_note))

    missed = [(number, text, key) for number, text, _, met, key in targets if not met]
    add("\n## Notes on missed targets\n")
    if missed:
        add("The causes below were found by profiling with `valgrind --tool=callgrind` (instruction "
            "counts, which do not drift with load), by hand and outside this run: the notes on "
            "`routec generate`, resolution, type lookup and launch after dfa12a2 (the table read in "
            "place, payload values of common types recognised before protocol casts, literals "
            "escaped on UTF-8 bytes) and 5e7dad5 (a hash index for lookups); the note on compile "
            "cost before them. Instruction counts and shares quoted in the notes come from that "
            "profiling; figures said to be from this run come from the tables above, and "
            "\"before\" figures from the results page written just before dfa12a2. To profile one "
            "resolution benchmark: `valgrind --tool=callgrind "
            "Benchmarks/.build/release/ResolveBench --profile shop.resolve.payload 20000`.\n")
    else:
        add("Every target was met in this run.\n")
    seen = set()
    for number, text, key in missed:
        note = notes[key]
        if note in seen:
            continue
        seen.add(note)
        add(f"**{number}. {text}.** {note}\n")

    add("## Design notes\n")
    add("Measurements behind choices in the runtime's layout, made outside the runs that write "
        "this page (callgrind instruction counts unless said otherwise); the code states the "
        "contracts, this list why they were chosen:\n")
    for line in DESIGN_NOTES:
        add(f"- {line}")
    add("")
    add("## Reproducing\n")
    add("```sh\nBenchmarks/run.sh           # everything, about 8 minutes on 2 cores once built; writes Benchmarks/RESULTS.md\n"
        "Benchmarks/run.sh --quick   # smaller sizes and fewer runs, about 3 minutes; writes Benchmarks/RESULTS-quick.md\n```\n")
    add("It needs what the main package needs (Swift, libyaml with pkg-config), a C compiler, Python 3 "
        "with PyYAML built against libyaml (`python3 -c 'import yaml; yaml.CSafeLoader'`), and valgrind "
        "for the instruction counts (optional). It builds routec (release and debug) in "
        "`.build-bench`, generates the benchmark tables with it, builds the `Benchmarks` package in "
        "release, builds the URLMatcher peer from `../shared/peers/URLNavigator` when it is there (the "
        "link section says so when it is not), and runs `Benchmarks/Scripts/bench.py`.\n")
    Path(args.output).write_text("\n".join(page))
    print(f"wrote {args.output}")


# Why a missed target was missed and what would meet it. The causes come from profiling by hand
# with valgrind --tool=callgrind (instruction counts, which do not drift with load), outside the
# run that writes the page; each note says when it was profiled, and the page says so. Figures
# "in this run" are taken from the run's results; "before" figures are the results page written
# just before dfa12a2, at 10,000 routes.


def missed_notes(run):
    """The note for each target, keyed as in main; `run` holds this run's results."""
    sizes, large_routes = run["sizes"], run["large_routes"]
    generate, resolve, launch = run["generate"], run["resolve"], run["launch"]

    floor_ratios = [f"{generate[r]['release'] / generate[r]['floor']:.1f}× at {r:,}" for r in sizes]
    floor_ratios = ", ".join(floor_ratios[:-1]) + " and " + floor_ratios[-1] + " routes"
    smallest = sizes[0]
    small = generate[smallest]
    peer_ratios = {r: generate[r]["release"] / generate[r]["python_load"] for r in sizes}
    losing = [r for r in sizes if peer_ratios[r] >= 1]
    winning = [r for r in sizes if peer_ratios[r] < 1]
    whole_python_slower = all(generate[r]["python"] > generate[r]["release"] for r in sizes)

    def sizes_text(routes):
        return " and ".join(f"{r:,}" for r in routes)

    def ns(name):
        return ns_text(resolve[name]["ns_min"])

    counted, faults, first = launch["instructions"], launch["faults"], launch["first"]
    table_faults = statistics.median(faults["LaunchLarge"]) - statistics.median(faults["LaunchSmall"])
    have_counts = all(counted[name] for name in ["LaunchLarge", "LaunchSmall", "LaunchEmpty"])
    table_instructions = (
        f"{counted['LaunchLarge'] - counted['LaunchSmall']:+,} instructions and " if have_counts else "")
    small_instructions = (
        f" (`LaunchSmall` runs {counted['LaunchSmall'] - counted['LaunchEmpty']:,} more instructions than "
        "the empty program in this run)" if have_counts else "")

    build_ratio = (
        "The floor declares the `Destination` cases and the table's data and nothing else; what the "
        "generated file adds is measured by taking parts out one at a time (100 routes, 50 screens, "
        "-O, CPU time of the fastest of 7 compiles, outside this run, at the commit that changed the "
        "shapes below). What is the same for every manifest is no longer in the file: the resolving "
        "functions, the example walks, `PushType`'s look-ups and `allCases`, and what `Variant` and "
        "`Tab` offer besides their cases are protocol extensions in the runtime (`RouteNamespace`, "
        "`RouteVariant`, `RouteTab`, `RoutePushType`), compiled once; `Variant` and `Tab` are enums "
        "with `Int` raw values (their position in the manifest), where `String` raw values and "
        "synthesized `CaseIterable` cost about 50 ms of the file's 235 ms and "
        "`Variant.init(remoteValue:)` written in the file with `allCases` 28 ms more. What stays "
        "costs per screen: the `_destination` switch, which builds the typed enum from a resolved "
        "screen and is what a typed `Destination` costs (about 25 ms at 50 screens), and "
        "`Destination`'s `Hashable`: its `==` and `hash(into:)` and the `screenKey` switch behind "
        "them (about 25 ms at 50 screens). Section 1 measures each on its own row at every size: "
        "the row without `Hashable`, then the row that also builds no typed `Destination`, then the "
        "row that also drops the conformances to the runtime's protocols, a fixed cost per file "
        "that is what most of the gap is at 100 routes. Each is something apps use: "
        "`Hashable` because `NavigationStack` paths, `NavigationState` and sets of destinations "
        "need it (a synthesized conformance costs far more, 25 s at 500 screens under -O), typed "
        "destinations because they are what the generated file is for, and the conformances "
        "because they give the namespace its `resolve` functions. Fewer screens per generated "
        "file (a namespace per feature module) lowers the two per-screen parts.")
    build_absolute = (
        "Every route of the synthetic manifest now has a link pattern, which adds the link tables "
        "to the generated file's literals (5.1 MB at 10,000 routes against 3.2 MB without links) "
        "but no Swift code per route. The floor, which compiles the same literals and the "
        "`Destination` enum alone, took 645 ms of CPU at 10,000 routes in the run that wrote this "
        "note against 272 ms on the page before links (3.1 MB), and 165 ms against 116 ms at 100 "
        "routes, whose literals barely grew: the machine ran the compiler about 1.4 to 2.4 times "
        "slower than for that page (other builds shared its 2 cores), and CPU time on a shared "
        "core is inflated too. The generated file's ratio to the floor (5.4× against 5.0× before "
        "links) is the figure to read: links add about what their literals cost. The rest of the "
        "time is in the two switches over screens and in the generated API; see the note above.")
    generate_floor = (
        "callgrind on `routec generate` (release, 10,000 routes), profiled after dfa12a2 and "
        "5e7dad5: 2.39 billion instructions against 0.23 billion for the floor. The code before "
        "dfa12a2 (e315546), profiled the same way, counts 3.67 billion, 40% of them (1.47 billion) escaping the two table literals "
        "one Unicode scalar at a time; on UTF-8 bytes `SwiftGenerator.literal` takes 0.14 billion, "
        "6%. Time fell less than instructions: in an interleaved comparison outside this run (25 "
        "runs each), the fastest took 244 ms at e315546 and 200 ms now, 18.8× and 15.4× the "
        "floor. At 10,000 routes the fastest of 11 runs is sensitive to other work on the machine, "
        f"so one run's ratio there can move by as much; in this run it is {floor_ratios} "
        "(12.1×, 15.9× and 19.2× at 100, 1,000 and 10,000 routes on the page before). What "
        "remains at 10,000 routes: validation 39% (`URLTemplate.parse` 12%, about "
        "22,000 instructions for each of the 13,320 URL templates, as it builds their parts a "
        "Unicode scalar at a time; the push-type collision check 9%, most of it converting all "
        "11,000 push types to Swift names with `SwiftName.lowerCamel`, also a scalar at a time; the "
        "key-path overlap check 8%), composing the YAML tree 22% (libyaml's parser, all the floor "
        "runs, is 9%), encoding the table 18%, decoding the manifest 6%; releasing the many small "
        "objects of the tree and the manifest runs through all of them (`swift_release`, 15% "
        "inclusive). Composing the tree alone costs 2.2× the floor's instructions, so 2× is out of "
        "reach for a compiler that also validates and writes Swift. What would come closest: build "
        "URL template parts and Swift names from UTF-8 bytes instead of appending Unicode scalars "
        "to `String`s (`String.UnicodeScalarView.append` is still 11%), and compose the YAML tree "
        "into flat arrays of nodes instead of separately allocated ones. At small sizes both "
        "figures are mostly process start, which the next note measures.")
    generate_peer = (
        f"In this run routec loses to the in-process Python load at {sizes_text(losing)} routes"
        + (f" and beats it at {sizes_text(winning)}" if winning else "")
        + f". At {smallest:,} routes it takes {seconds_text(small['release'])} against the peer's "
        f"{seconds_text(small['python_load'])}, and its process start alone (the `routec --help` row) "
        f"is {seconds_text(small['start'])}, while the peer's interpreter start is excluded"
        + ("; the whole Python process is slower than routec at every size" if whole_python_slower else "")
        + ". callgrind on `routec generate` at 100 routes, after dfa12a2: 69 million instructions, "
        "of which dynamic linking (the Swift runtime, Foundation, ArgumentParser) is 20%, "
        "ArgumentParser's parsing of the command line 27% (mostly first-time protocol-conformance "
        "scans), the manifest pipeline 31% and the Swift output 16%; the whole floor process is 3.3 "
        "million. What would come closest: link routec statically (`-static-stdlib`: for an empty "
        "program that uses Foundation it cut start from 13.8 to 3.1 million instructions and from "
        "7.9 to 3.8 ms on this machine, measured once outside this run) and parse its few options "
        "without ArgumentParser; together about half of routec's instructions at 100 routes. The "
        f"peer takes {small['python_load'] / small['release']:.0%} of routec's time there, so "
        "meeting the target at small sizes would also need the pipeline's own work there cut.")
    generate_debug = (
        "A debug routec runs the same pipeline unoptimised, several times slower than release; "
        "validation and composing the YAML tree (see above) are its largest parts now that the "
        "literal escaping is cheap. Making those cheaper, or having the plugin run a release routec "
        "in every configuration, would meet it.")
    resolve_full = (
        "callgrind on `ResolveBench --profile shop.resolve.payload` (outside this run, on this "
        "page's code): about 8,100 instructions per resolution from a `Payload`, against 10,100 at "
        "7bcd566, 14,700 before 512371a, 25,100 before ca74379 and 42,200 before 69581f8, with "
        f"{resolve['shop.resolve.payload']['allocations']:g} heap allocations (the values array "
        "and the URL). Since 7bcd566: table layout 8 decodes a word from one 4-byte load and the "
        "table's header once, when the table is made, not on every resolution (about 1,000); and "
        "a `Payload` of at most 16 members with ASCII keys indexes where each member sits by its "
        "key's bytes, so the resolver finds the push type and the parameters straight from the "
        "table's bytes instead of making and hashing a `String` per key (about 850). On the slower "
        "machine earlier pages were written on, 1 µs was about 8,900 instructions, so the margin "
        "is small: a run on a slower or loaded machine can miss where the instruction count, "
        "which load does not move, has not changed. What would widen it: expanding the URL (the template has six parts and the URL is a "
        "90-byte heap `String`) and converting and destroying the generic `Resolution` member by "
        "member are the largest parts left.")
    resolve_user_info = (
        f"`Payload(userInfo:)` takes {ns('shop.payload_from_user_info')} of the "
        f"{ns('shop.resolve.user_info')} in this run, and the resolution from the `Payload` it "
        f"builds {ns('shop.resolve.payload')}. The paragraph under section 3's table says where "
        "the conversion's time goes: `userInfo` is `[AnyHashable: Any]`, so every member, not "
        "just the ones the route reads, is unboxed, classified and copied into a `Sendable` "
        "`Payload`. It is paid once per push the app receives, not per lookup; meeting 1 µs from "
        "`userInfo` itself would need a second resolver that reads only the route's values "
        "straight out of `[AnyHashable: Any]`, two resolvers to keep in step.")
    lookup_time = (
        "Since 5e7dad5 the lookup probes a hash index (FNV-1a over the key's UTF-8 bytes, linear "
        "probing, at least twice as many slots as keys) instead of binary-searching the sorted push "
        f"types: in this run {ns('large.lookup.generated')} at {large_routes:,} routes and "
        f"{ns('shop.lookup.generated')} with 5 routes, against 286 ns and 55 ns with the binary "
        "search before. At 10,000 routes it misses mostly because of the key the benchmark looks "
        "up: over the table's 11,000 push types (aliases included) a lookup compares 1.2 keys on "
        "average, but `route_7778` ends a run of 5 occupied slots, so it compares 5. callgrind, "
        "after 5e7dad5: about 3,700 instructions for that lookup and 1,550 with 5 routes; each key "
        "comparison costs about 470 (it decodes the record's two reference words through a `switch` "
        "per base-64 character, then walked `key.utf8` byte by byte) and hashing the key about 360; "
        "since 769c372 a comparison checks the lengths and then runs one `memcmp` over the key's "
        "contiguous UTF-8, and hashing reads the same buffer; since ca74379 a word decodes with "
        "arithmetic instead of a `switch` per character (not profiled for this lookup since). "
        "What would meet it for every key: keep a few bits of each key's hash in its slot (or the "
        "whole hash beside the record), so a probe passes over other keys with one integer "
        "comparison instead of decoding a record and comparing keys.")
    lookup_allocations = (
        "The lookup hashes and compares the key's UTF-8 bytes with the table in place and should not "
        "allocate; an allocation here is a regression in `TableReader.lookup` or "
        "`PushType.init(rawValue:)`.")
    launch_note = (
        "The generated table is read in place since dfa12a2: its literals now bind to the "
        "`StaticString` initializer (before, Swift picked the `String` one, and the first use copied "
        "the whole table, 3 MB at 10,000 routes, into two arrays). `LaunchLarge` and `LaunchSmall` "
        f"differ by {table_instructions}{table_faults:+.0f} page faults in this run, against "
        "+423,402 and +758 before, and the first resolution takes "
        f"{ns_text(first['LaunchLarge'])} with {large_routes:,} routes and "
        f"{ns_text(first['LaunchSmall'])} with 5 (3.1 ms and 1.3 ms before). What remains does not "
        f"depend on the table{small_instructions}, and about half of it is not RouteTable's: the "
        "launch programs build their `userInfo` dictionary literal inside the measured launch, the "
        "process's first use of those dictionary types. In one interleaved measurement "
        "outside this run (400 launches each), a program that only builds that literal took +0.62 ms "
        "over `LaunchEmpty`, and a copy of `LaunchSmall` +1.22 ms. In RouteTable's part, callgrind "
        "after dfa12a2 still finds Swift runtime protocol-conformance lookups under "
        "`Payload(userInfo:)`, 2.3 million of the 2.9 million instructions `LaunchSmall` spends in "
        "`main`: dfa12a2 made it recognise `String`, `Int`, `Bool`, `Double`, `[String: Any]`, "
        "`[AnyHashable: Any]` and `[Any]` by exact type, but the programs' nested "
        "`[\"alert\": …]` is a Swift `[String: String]`, which still reached `as? any "
        "OptionalValue` and the other protocol casts (the first cast of a type to a protocol scans "
        "every conformance record in the process, Foundation's included). With that dictionary "
        "written as `[String: Any]`, a copy of `LaunchSmall` counted 1.8 million fewer instructions "
        "and took +1.04 ms instead of +1.22 ms, RouteTable's own share falling from about 0.6 to "
        "about 0.4 ms; 769c372 then made `Payload(userInfo:)` recognise `[String: String]`, "
        "`[AnyHashable: String]` and `[String]` as well, which this run includes. What would meet "
        "the target with a margin: trim the first resolution's remaining one-time work (mostly "
        "first instantiations of generic type metadata). Comparing against a floor that builds the "
        "same payload, which an "
        "app handling the push holds whatever it routes with, would measure RouteTable's share "
        "alone, but that is a different target from the one stated.")
    link_time = (
        "callgrind on `ResolveBench --profile link.1000.4` (outside this run, on this page's code): "
        "about 7,200, 8,000 and 9,200 instructions per URL of 2, 4 and 8 segments with 1,000 "
        "patterns, against 8,400, 9,500 and 11,400 at 7bcd566, 11,600, 13,600 and 16,400 before "
        "512371a and 20,500, 22,900 and 26,400 before ca74379. Since 7bcd566: table layout 8 "
        "decodes a word from one 4-byte load and the table's header once per table; a pattern "
        "lists its placeholder segments, so checking and reading the winner's values visits only "
        "those; the path is split and percent-decoded in one pass with one UTF-8 check; and "
        "`memchr` finds the query. On the slower machine earlier pages were written on, 1 µs was "
        "about 8,900 instructions, so an 8-segment URL has the least margin: a run on a slower "
        "or loaded machine can miss where the instruction count has not changed. Each segment "
        "more still costs about 500 (reading the trie node's words, then splitting, comparing "
        "and checking the segment); keeping a node's only literal child inline would cut the "
        "words read per segment. The cost does not depend on the pattern count (the next "
        "target).")
    link_growth = (
        "One hash lookup per URL segment, whatever the number of patterns; the table is read in "
        "place, so a larger table only touches more memory.")
    return {
        "build-ratio": build_ratio,
        "build-absolute": build_absolute,
        "generate-floor": generate_floor,
        "generate-peer": generate_peer,
        "generate-debug": generate_debug,
        "resolve-full": resolve_full,
        "resolve-user-info": resolve_user_info,
        "lookup-time": lookup_time,
        "lookup-allocations": lookup_allocations,
        "launch-time": launch_note,
        "launch-proportional": launch_note,
        "link-time": link_time,
        "link-growth": link_growth,
    }


if __name__ == "__main__":
    main()
