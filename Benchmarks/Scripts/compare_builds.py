#!/usr/bin/env python3
"""`routec lint` and `routec generate` of two routec builds, in the same run, at several sizes.

Usage: Benchmarks/Scripts/compare_builds.py --base-routec PATH --routec PATH
           [--sizes 100,1000,10000] [--repeat 7]
       (prints a Markdown table; progress goes to stderr)

Each size's manifest comes from scripts/make-large-manifest.py (ROUTES routes, ROUTES / 20
screens, at least 10). Each command runs --repeat times per build, the two builds alternating,
so load on the machine falls on both alike; the table gives each build's median wall time and
new / base.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(argv):
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-routec", required=True)
    parser.add_argument("--routec", required=True)
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    builds = {"base": os.path.abspath(args.base_routec), "new": os.path.abspath(args.routec)}
    print("| routes | command | base median | new median | new / base |")
    print("|---:|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for size in [int(s) for s in args.sizes.split(",")]:
            manifest = os.path.join(folder, f"r{size}.routes.yaml")
            with open(manifest, "w") as f:
                subprocess.run(
                    [sys.executable, os.path.join(root, "scripts/make-large-manifest.py"),
                     str(size), str(max(10, size // 20))], stdout=f, check=True)
            output = os.path.join(folder, "Out.swift")
            for command in ["lint", "generate"]:
                times = {"base": [], "new": []}
                for _ in range(args.repeat):
                    for name, routec in builds.items():
                        if os.path.exists(output):
                            os.remove(output)  # generate skips a file whose content is the same
                        argv = [routec, command, manifest]
                        if command == "generate":
                            argv += ["--output", output]
                        times[name].append(timed(argv))
                base = statistics.median(times["base"])
                new = statistics.median(times["new"])
                print(f"{size} {command}: base {base:.3f} s, new {new:.3f} s", file=sys.stderr)
                print(f"| {size:,} | `{command}` | {base * 1000:.1f} ms | {new * 1000:.1f} ms | "
                      f"{new / base:.3f} |")


if __name__ == "__main__":
    main()
