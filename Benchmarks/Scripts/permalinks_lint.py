#!/usr/bin/env python3
"""Time of `routec lint` on manifests whose links use the newer pattern kinds, against plain
manifests of the same count linted in the same run.

    python3 Benchmarks/Scripts/permalinks_lint.py ROUTEC [--runs N]

ROUTEC is a release build (`swift build -c release --product routec`). The manifests are
`scripts/make-large-manifest.py PATTERNS PATTERNS/20`, plainly and with `--permalinks`
(fragments, literal text around a placeholder, a string prefix, a wildcard host, `hosts: ["*"]`,
bare query keys, links that ignore letter case), at 2,500, 5,000 and 10,000 patterns. Prints a
Markdown table, each time the median of N runs (5 by default), the two kinds' runs alternating,
with the ratio of the new kinds to plain and each size's time as a ratio to the size before
(2.0 is linear). Fails when a manifest does not lint cleanly. Writes its inputs to a temporary
folder and removes it.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

MAKE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts",
                    "make-large-manifest.py")
SIZES = (2_500, 5_000, 10_000)


def write(folder, count, permalinks):
    name = f"{'permalinks' if permalinks else 'plain'}-{count}.routes.yaml"
    path = os.path.join(folder, name)
    argv = [sys.executable, MAKE, str(count), str(count // 20)]
    argv += ["Permalinks", "--permalinks"] if permalinks else []
    with open(path, "w") as f:
        subprocess.run(argv, stdout=f, check=True)
    return path


def lint(routec, path):
    start = time.perf_counter()
    done = subprocess.run([routec, "lint", path], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    output = done.stdout + done.stderr
    if done.returncode != 0 or output.strip() != "routec lint: 1 manifest checked, no problems":
        sys.exit(f"{path} does not lint cleanly (exit {done.returncode}):\n"
                 + output[:2000])
    return elapsed


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    routec = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    with tempfile.TemporaryDirectory() as folder:
        rows = []
        for count in SIZES:
            plain, new = write(folder, count, False), write(folder, count, True)
            lint(routec, plain), lint(routec, new)  # a warm-up, and the check that both are clean
            times = {plain: [], new: []}
            for run in range(runs):
                for path in (plain, new) if run % 2 == 0 else (new, plain):
                    times[path].append(lint(routec, path))
            rows.append((count, statistics.median(times[plain]), statistics.median(times[new])))
    print("| patterns | plain | new kinds | new / plain | plain / size before | new / size before |")
    print("|---:|---:|---:|---:|---:|---:|")
    before = None
    for count, plain, new in rows:
        growth = (f"{plain / before[1]:.2f} | {new / before[2]:.2f}" if before else "– | –")
        print(f"| {count:,} | {plain:.3f} s | {new:.3f} s | {new / plain:.2f} | {growth} |")
        before = (count, plain, new)


if __name__ == "__main__":
    main()
