#!/usr/bin/env python3
"""Measures how routec's cost grows with the number of variants: R routes (default 4,000) and
V variants for V in 1, 10 and 100, plus the 100-variant manifest with an override on 1% of its
routes, each command as a ratio against the 1-variant floor of the same command, measured in the
same run. Cost should grow with routes plus overrides, not routes times variants.

Usage: Benchmarks/Scripts/variants_by_routes.py --routec PATH [--base-routec PATH]
           [--shape plain|rich] [--routes 4000] [--repeat 3] [--timeout 300]
       (prints a Markdown section; progress goes to stderr)

Every manifest declares `remote_config: { variant_key: ui, default_variant: v0 }`, variants
`vI: { values: ["I"], tabs: [home, orders] }` and screens `Home` and `Detail` (`id: int`).
With `--shape plain` (the default) its R routes are `route_N: { screen: Detail, tab: orders }`.
With `--shape rich` the manifest also has `links: { hosts: [shop.example] }`,
`bases: { web: https://shop.example }` and a screen `List: {}`, and each route carries
parameters, a URL template, a link and a back stack, closer to real manifests:

    rN:
      screen: Detail
      tab: orders
      params: { id: data.id }
      url: "{web}/d/N/{id}"
      links: ["/rN/{id}"]
      stack: [List]

The overridden manifest adds `variants: { v7: { presentation: modal } }` to every 100th route.
The commands are `lint M`, `generate M --output FILE`, `graph M` and `diff M M`; standard output
goes to /dev/null. After the timed rounds, `graph` runs once more per manifest with the new
binary to count the bytes it writes (not timed).

Each command runs --repeat times; the table shows the median wall time and the largest resident
set of those runs (`ru_maxrss` of that one child, from os.wait4). Runs are interleaved: each
round runs every command on every manifest with every binary, so a load change touches all
cells alike. With --base-routec, the base binary runs on the same manifests and on a
500-variant one too (the base has no variant limit); a base run is stopped after --timeout
seconds and shown as "timeout". The new binary is also run once per round on 101 variants (and
500 with a base), where `lint` must fail with `table-too-large`: its exit status and first
line of standard error are shown.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

VARIANT_COUNTS = (1, 10, 100)
LIMIT = 100                  # the new binary's most variants; LIMIT + 1 must be rejected
BASE_ONLY_VARIANTS = 500     # measured with the base binary only
OVERRIDE_VARIANT = "v7"
OVERRIDE_EVERY = 100         # 1% of routes
COMMANDS = ("lint", "generate", "graph", "diff")


SHAPES = ("plain", "rich")


def write_manifest(path, routes, variants, overrides=False, shape="plain"):
    """Writes the manifest; returns its size in bytes."""
    rich = shape == "rich"
    lines = ["manifest: 1", "remote_config:", "  variant_key: ui", "  default_variant: v0",
             "variants:"]
    lines += [f'  v{i}: {{ values: ["{i}"], tabs: [home, orders] }}' for i in range(variants)]
    if rich:
        lines += ["links: { hosts: [shop.example] }", "bases: { web: https://shop.example }"]
    lines += ["screens:", "  Home: {}"]
    if rich:
        lines.append("  List: {}")
    lines += ["  Detail:", "    params:", "      id: int", "routes:"]
    for index in range(routes):
        if rich:
            lines += [f"  r{index}:", "    screen: Detail", "    tab: orders",
                      "    params: { id: data.id }", f'    url: "{{web}}/d/{index}/{{id}}"',
                      f'    links: ["/r{index}/{{id}}"]', "    stack: [List]"]
        else:
            lines += [f"  route_{index}:", "    screen: Detail", "    tab: orders"]
        if overrides and index % OVERRIDE_EVERY == 0:
            lines.append(f"    variants: {{ {OVERRIDE_VARIANT}: {{ presentation: modal }} }}")
    text = "\n".join(lines) + "\n"
    with open(path, "w") as handle:
        handle.write(text)
    return len(text.encode())


def arguments(command, manifest, output):
    if command == "lint":
        return ["lint", manifest]
    if command == "generate":
        return ["generate", manifest, "--output", output]
    if command == "graph":
        return ["graph", manifest]
    return ["diff", manifest, manifest]


def output_size(binary, args):
    """The bytes one run writes to standard output (not timed)."""
    process = subprocess.run([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return len(process.stdout) if process.returncode == 0 else None


def run_once(binary, args, timeout, work):
    """One run: (wall seconds, max RSS bytes, exit status, timed out, first stderr line)."""
    stderr_path = os.path.join(work, "stderr.txt")
    done = threading.Lock()
    finished = [False]
    killed = [False]
    with open(stderr_path, "w") as stderr:
        start = time.perf_counter()
        process = subprocess.Popen([binary] + args, stdout=subprocess.DEVNULL, stderr=stderr)

        def stop():
            with done:
                if not finished[0]:
                    killed[0] = True
                    process.kill()

        timer = threading.Timer(timeout, stop) if timeout else None
        if timer:
            timer.start()
        # Wait without reaping, so the timer can never signal a reused process id; then reap
        # with wait4 for this child's own resource usage.
        os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)
        elapsed = time.perf_counter() - start
        with done:
            finished[0] = True
        if timer:
            timer.cancel()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    with open(stderr_path, errors="replace") as handle:
        first = handle.readline().rstrip("\n")
    scale = 1 if sys.platform == "darwin" else 1024   # ru_maxrss: bytes on macOS, KiB on Linux
    return elapsed, usage.ru_maxrss * scale, process.returncode, killed[0], first


class Cell:
    """The runs of one binary, one manifest, one command."""

    def __init__(self, expected):
        self.expected = expected
        self.times = []
        self.rss = []
        self.statuses = []
        self.first_line = ""
        self.failure_line = ""
        self.timed_out = False

    def add(self, result):
        elapsed, rss, status, killed, first = result
        if killed:
            self.timed_out = True
            return
        self.times.append(elapsed)
        self.rss.append(rss)
        self.statuses.append(status)
        if not self.first_line:
            self.first_line = first
        if status != self.expected and not self.failure_line:
            self.failure_line = first

    @property
    def failed(self):
        return any(status != self.expected for status in self.statuses)

    def median(self):
        return statistics.median(self.times) if self.times and not self.timed_out else None

    def max_rss(self):
        return max(self.rss) if self.rss and not self.timed_out else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--routec", required=True, help="the routec binary to measure")
    parser.add_argument("--base-routec", help="a base routec binary, measured beside it")
    parser.add_argument("--shape", choices=SHAPES, default="plain",
                        help="plain: screen and tab only; rich: also params, url, link, stack")
    parser.add_argument("--routes", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds before a base run is stopped (default 300)")
    args = parser.parse_args()
    binaries = {"new": os.path.abspath(args.routec)}
    if args.base_routec:
        binaries["base"] = os.path.abspath(args.base_routec)
    routes = args.routes
    shape = args.shape

    with tempfile.TemporaryDirectory(prefix="variants-by-routes.") as work:
        # (key, label, path, size, which binaries measure all commands)
        manifests = []
        for count in VARIANT_COUNTS:
            path = os.path.join(work, f"v{count}.routes.yaml")
            size = write_manifest(path, routes, count, shape=shape)
            manifests.append((f"v{count}", f"{count} variant{'s' if count > 1 else ''}",
                              path, size, list(binaries)))
        path = os.path.join(work, f"v{LIMIT}-overrides.routes.yaml")
        size = write_manifest(path, routes, LIMIT, overrides=True, shape=shape)
        overridden = routes // OVERRIDE_EVERY + (1 if routes % OVERRIDE_EVERY else 0)
        manifests.append((f"v{LIMIT}o", f"{LIMIT} variants, {overridden:,} routes overridden "
                          f"in {OVERRIDE_VARIANT}", path, size, list(binaries)))
        # Past the limit: the new binary must reject (lint only); the base measures 500 fully.
        rejected = []
        path = os.path.join(work, f"v{LIMIT + 1}.routes.yaml")
        rejected.append((f"v{LIMIT + 1}", f"{LIMIT + 1} variants", path,
                         write_manifest(path, routes, LIMIT + 1, shape=shape)))
        if "base" in binaries:
            path = os.path.join(work, f"v{BASE_ONLY_VARIANTS}.routes.yaml")
            size = write_manifest(path, routes, BASE_ONLY_VARIANTS, shape=shape)
            manifests.append((f"v{BASE_ONLY_VARIANTS}", f"{BASE_ONLY_VARIANTS} variants", path,
                              size, ["base"]))
            rejected.append((f"v{BASE_ONLY_VARIANTS}", f"{BASE_ONLY_VARIANTS} variants", path,
                             size))

        cells = {}
        limit_cells = {}
        output = os.path.join(work, "Generated.swift")
        started = time.time()
        for round_ in range(args.repeat):
            print(f"round {round_ + 1} of {args.repeat} ({time.time() - started:.0f} s)",
                  file=sys.stderr, flush=True)
            for command in COMMANDS:
                for key, label, path, size, sides in manifests:
                    for side in sides:
                        cell = cells.setdefault((side, key, command), Cell(0))
                        if cell.timed_out:
                            continue
                        timeout = args.timeout if side == "base" else None
                        cell.add(run_once(binaries[side], arguments(command, path, output),
                                          timeout, work))
                        if cell.timed_out:
                            print(f"  {side} {command} {label}: timeout after {args.timeout:g} s",
                                  file=sys.stderr, flush=True)
            for key, label, path, size in rejected:
                cell = limit_cells.setdefault(key, Cell(1))
                cell.add(run_once(binaries["new"], ["lint", path], None, work))
        elapsed = time.time() - started
        graph_bytes = [(label, output_size(binaries["new"], ["graph", path]))
                       for key, label, path, size, sides in manifests if "new" in sides]

    out = []
    out.append(f"## Variants × routes: {routes:,} {shape} routes, 1 to {LIMIT} variants\n")
    out.append(
        f"Wall time, median of {args.repeat} interleaved runs, and the largest resident set of "
        f"those runs, release build. Each ratio is of the same binary and command on the "
        f"1-variant manifest, measured in this run (the floor); cost grows with routes plus "
        f"overrides when the ratios stay near 1× as variants grow. The last manifest with "
        f"{LIMIT} variants has `variants: {{ {OVERRIDE_VARIANT}: {{ presentation: modal }} }}` "
        f"on every {OVERRIDE_EVERY}th route. Size: 1 KB = 1,000 bytes. "
        f"The run took {elapsed:.0f} s.\n")
    sides = list(binaries)
    header = "| manifest | size KB | command |"
    rule = "|---|---:|---|"
    for side in sides:
        header += (f" {side}: median s | {side}: max RSS MiB | {side}: time × floor | "
                   f"{side}: RSS × floor |")
        rule += "---:|---:|---:|---:|"
    out.append(header)
    out.append(rule)
    failures = []
    for command in COMMANDS:
        for key, label, path, size, measured in manifests:
            row = f"| {label} | {size / 1000:,.0f} | `{command}` |"
            for side in sides:
                cell = cells.get((side, key, command))
                floor = cells.get((side, "v1", command))
                if cell is None:
                    note = "rejected (see below)" if side == "new" else "–"
                    row += f" {note} | – | – | – |"
                    continue
                if cell.timed_out:
                    row += f" timeout (> {args.timeout:g} s) | – | – | – |"
                    continue
                if cell.failed:
                    failures.append(f"{side} `{command}` on {label}: exit "
                                    f"{sorted(set(cell.statuses))}: `{cell.failure_line}`")
                    row += f" exit {max(cell.statuses)} | – | – | – |"
                    continue
                seconds, rss = cell.median(), cell.max_rss()
                row += f" {seconds:.3f} | {rss / 2**20:,.1f} |"
                if floor and floor.median() and not floor.failed:
                    row += (f" {seconds / floor.median():.2f}× | "
                            f"{rss / floor.max_rss():.2f}× |")
                else:
                    row += " – | – |"
            out.append(row)
    out.append("")
    if failures:
        out.append("Runs that failed:\n")
        out += [f"- {line}" for line in failures]
        out.append("")
    sizes = "; ".join(f"{label}: {size:,} bytes" if size is not None else f"{label}: failed"
                      for label, size in graph_bytes)
    out.append(f"Standard output of the new binary's `graph`: {sizes}.\n")
    out.append(f"Past the limit: the new binary's `lint` of more than {LIMIT} variants "
               f"(median of {args.repeat} runs).\n")
    out.append("| manifest | size KB | command | median s | max RSS MiB | exit status | "
               "first line of standard error |")
    out.append("|---|---:|---|---:|---:|---:|---|")
    for key, label, path, size in rejected:
        cell = limit_cells[key]
        statuses = ", ".join(str(status) for status in sorted(set(cell.statuses)))
        line = cell.first_line.replace(path, os.path.basename(path)).replace("|", "\\|")
        out.append(f"| {label} | {size / 1000:,.0f} | `lint` | {cell.median():.3f} | "
                   f"{cell.max_rss() / 2**20:,.1f} | {statuses} | `{line}` |")
    out.append("")
    base = " --base-routec BASE" if "base" in binaries else ""
    out.append(f"Reproduce: `python3 Benchmarks/Scripts/variants_by_routes.py --routec ROUTEC"
               f"{base} --shape {shape} --routes {routes} --repeat {args.repeat}`.\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
