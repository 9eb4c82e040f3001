#!/usr/bin/env python3
"""Times routec's commands on large manifests, as ratios measured in one run: lint with a typo
in every route against lint of the same manifest without them, `diff` of a manifest against
itself against lint of it, each command at several sizes, to show it grows linearly, and the
same routes linted as one manifest and as an app composing 20 feature manifests.

Usage: Benchmarks/Scripts/commands.py --routec PATH [--quick]   (prints a Markdown section)

Run by Benchmarks/run.sh, which appends the section to the results page. Manifests come from
scripts/make-large-manifest.py; the typo manifest misspells every route's screen (`Screen12x`),
so each route gets an `unknown-screen` error and a did-you-mean search over every screen.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def make_manifest(routes, path):
    screens = max(10, routes // 20)
    text = subprocess.run(
        [sys.executable, os.path.join(ROOT, "scripts/make-large-manifest.py"), str(routes),
         str(screens)], check=True, capture_output=True, text=True).stdout
    with open(path, "w") as handle:
        handle.write(text)
    return text


def make_typos(text, path):
    """Every route's `screen:` names a screen that does not exist (one letter added)."""
    lines = [line + "x" if line.lstrip().startswith("screen: ") else line
             for line in text.split("\n")]
    with open(path, "w") as handle:
        handle.write("\n".join(lines))


def make_query(names, path):
    """One route whose URL has one `{?…}` expression of `names` optional parameters."""
    params = "".join(f"      p{i}: {{ type: string, optional: true }}\n" for i in range(names))
    query = ",".join(f"p{i}" for i in range(names))
    with open(path, "w") as handle:
        handle.write(
            "manifest: 1\nbases:\n  web: https://m.example.com\nscreens:\n  Search:\n"
            f"    params:\n{params}routes:\n  search:\n    screen: Search\n"
            f"    url: \"{{web}}/search{{?{query}}}\"\n")


def seconds(arguments, reps, allowed=(0,)):
    """The median wall time of `reps` runs (after one warm-up run)."""
    times = []
    for run in range(reps + 1):
        start = time.perf_counter()
        result = subprocess.run(arguments, capture_output=True)
        elapsed = time.perf_counter() - start
        if result.returncode not in allowed:
            sys.exit(f"{' '.join(arguments)} exited {result.returncode}: {result.stderr[:500]!r}")
        if run:
            times.append(elapsed)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--routec", required=True)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    sizes = [1000, 2000] if args.quick else [2500, 5000, 10000]
    names = [500, 1000] if args.quick else [2000, 4000, 8000]
    reps = 3 if args.quick else 5
    routec = args.routec
    out = []
    out.append("## Commands on large manifests\n")
    out.append(
        "Wall time, median of %d runs after a warm-up, release build. Each ratio is of two "
        "commands measured in this run on the same manifest: a typo in every route against the "
        "clean manifest (the did-you-mean search is bounded per run), and `diff` of the manifest "
        "against itself (which reads and checks it twice) against `lint` of it. Per 1,000 routes "
        "stays level when a command grows linearly.\n" % reps)
    out.append("| routes | lint | lint, a typo in every route | typo / clean | diff self | "
               "diff / lint | schema --payloads | lint per 1,000 routes | diff per 1,000 routes |")
    out.append("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for size in sizes:
            clean = os.path.join(work, f"m{size}.routes.yaml")
            typos = os.path.join(work, f"t{size}.routes.yaml")
            make_typos(make_manifest(size, clean), typos)
            lint = seconds([routec, "lint", clean], reps)
            typo = seconds([routec, "lint", typos], reps, allowed=(1,))
            diff = seconds([routec, "diff", clean, clean], reps)
            schema = seconds([routec, "schema", "--payloads", clean], reps)
            out.append(
                f"| {size:,} | {lint:.3f} s | {typo:.3f} s | {typo / lint:.2f}× | {diff:.3f} s | "
                f"{diff / lint:.2f}× | {schema:.3f} s | {lint / size * 1000:.4f} s | "
                f"{diff / size * 1000:.4f} s |")
        out.append("")
        out.append("One URL template whose `{?…}` expression names N optional parameters:\n")
        out.append("| N | lint | schema --payloads | diff self | lint per 100 names |")
        out.append("|---|---|---|---|---|")
        for count in names:
            path = os.path.join(work, f"q{count}.routes.yaml")
            make_query(count, path)
            lint = seconds([routec, "lint", path], reps)
            schema = seconds([routec, "schema", "--payloads", path], reps)
            diff = seconds([routec, "diff", path, path], reps)
            out.append(f"| {count:,} | {lint:.3f} s | {schema:.3f} s | {diff:.3f} s | "
                       f"{lint / count * 100:.4f} s |")
        out.append("")
        features = 20
        out.append(
            f"Feature modules: the same routes as one manifest and as an app manifest composing "
            f"{features} feature manifests (`Benchmarks/Scripts/split-manifest.py`: screen S and "
            f"the routes that open it go to feature S % {features}; both sides written by the same "
            f"YAML writer), linted with `routec lint APP --feature FOLDER`. Target: the composition "
            f"at most 1.5× the single manifest.\n")
        out.append("| routes | features | one manifest | composition | composition / one |")
        out.append("|---|---|---|---|---|")
        for size in sizes:
            folder = os.path.join(work, f"split{size}")
            subprocess.run(
                [sys.executable, os.path.join(ROOT, "Benchmarks/Scripts/split-manifest.py"),
                 os.path.join(work, f"m{size}.routes.yaml"), str(features), folder], check=True)
            whole = seconds([routec, "lint", os.path.join(folder, "whole.routes.yaml")], reps)
            composed = seconds(
                [routec, "lint", os.path.join(folder, "app.routes.yaml"), "--feature",
                 os.path.join(folder, "features")], reps)
            out.append(f"| {size:,} | {features} | {whole:.3f} s | {composed:.3f} s | "
                       f"{composed / whole:.2f}× |")
    out.append("")
    out.append("Reproduce: `Benchmarks/run.sh` (this section alone: "
               "`Benchmarks/Scripts/commands.py --routec .build-bench/release/routec`).\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
