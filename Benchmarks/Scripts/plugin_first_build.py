#!/usr/bin/env python3
"""A consumer's first build through the build tool plugin, before and after a change, same run.

    Benchmarks/Scripts/plugin_first_build.py --before REV [--after REV] [--runs N]

Builds Examples/ShopApp (an app package whose target applies RouteTablePlugin) from an empty
`.build` three ways, in turn, N times each (default 1), and reports the wall time of each
`swift build`, the fastest of N:

- with RouteTable at `--before` (a git revision: its sources, as `git archive` gives them);
- with RouteTable at `--after` (default: the working tree as committed at HEAD);
- the floor: the same app at `--after` with its generated Swift checked in instead of the plugin,
  so the build compiles RouteTable and the app, no tool.

Dependencies are resolved before the clock starts (`swift package resolve`, from SwiftPM's
cache), so the figures are compile time. Prints a section of the results page.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(command, cwd):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("error: %s in %s exited %d:\n%s%s"
                 % (" ".join(command), cwd, done.returncode, done.stdout[-3000:],
                    done.stderr[-3000:]))
    return done.stdout


def export(revision, folder):
    """RouteTable's files at `revision` in `folder`."""
    os.makedirs(folder)
    archive = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)


def app(folder, routetable, plugin=True):
    """Examples/ShopApp in `folder`, depending on the RouteTable copy at `routetable`."""
    shutil.copytree(os.path.join(routetable, "Examples", "ShopApp"), folder,
                    ignore=shutil.ignore_patterns(".build*"))
    manifest_path = os.path.join(folder, "Package.swift")
    text = open(manifest_path).read()
    text = text.replace('path: "../.."', 'path: "%s"' % routetable)
    if not plugin:
        text = re.sub(r',\s*plugins: \[\.plugin\(name: "RouteTablePlugin", package: "RouteTable"\)\]',
                      "", text)
        sources = os.path.join(folder, "Sources", "ShopRouting")
        manifests = [name for name in os.listdir(sources) if name.endswith(".routes.yaml")]
        for name in manifests:
            routec = os.path.join(routetable, ".build-floor", "release", "routec")
            if not os.path.exists(routec):
                run(["swift", "build", "-c", "release", "--product", "routec",
                     "--scratch-path", os.path.join(routetable, ".build-floor")], routetable)
            run([routec, "generate", os.path.join(sources, name), "-o",
                 os.path.join(sources, name.replace(".routes.yaml", "Routes.swift"))], folder)
            os.remove(os.path.join(sources, name))
    open(manifest_path, "w").write(text)
    run(["swift", "package", "resolve"], folder)


def first_build(folder):
    shutil.rmtree(os.path.join(folder, ".build", "debug"), ignore_errors=True)
    for entry in os.listdir(os.path.join(folder, ".build")):
        if entry not in ("checkouts", "repositories", "workspace-state.json"):
            path = os.path.join(folder, ".build", entry)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    start = time.perf_counter()
    run(["swift", "build"], folder)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", default="HEAD")
    parser.add_argument("--runs", type=int, default=1)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        before = os.path.join(work, "before")
        after = os.path.join(work, "after")
        export(arguments.before, before)
        export(arguments.after, after)
        apps = {
            "before": os.path.join(work, "app-before"),
            "after": os.path.join(work, "app-after"),
            "floor": os.path.join(work, "app-floor"),
        }
        app(apps["before"], before)
        app(apps["after"], after)
        app(apps["floor"], after, plugin=False)
        times = {name: [] for name in apps}
        for _ in range(arguments.runs):
            for name, folder in apps.items():
                print("== first build: %s" % name, file=sys.stderr, flush=True)
                times[name].append(first_build(folder))
    best = {name: min(values) for name, values in times.items()}
    before_rev = run(["git", "rev-parse", "--short", arguments.before], ROOT).strip()
    after_rev = run(["git", "rev-parse", "--short", arguments.after], ROOT).strip()
    print()
    print("## The plugin's first build")
    print()
    print("`swift build` of `Examples/ShopApp` from an empty `.build` (dependencies already "
          "resolved), wall time, fastest of %d: the app's first build through the build tool "
          "plugin, which builds its tool first, before and after the plugin got a tool of its own "
          "(`RouteTableGenerate`, the pipeline without the argument parser and routec's other "
          "commands). The floor is the same app with its generated Swift checked in: RouteTable "
          "and the app, no tool. Target: the plugin adds as little as possible to the floor."
          % arguments.runs)
    print()
    print("| build | RouteTable at | time | / floor |")
    print("|---|---|---:|---:|")
    print("| through the plugin, tool `routec` | %s | %.1f s | %.2f× |"
          % (before_rev, best["before"], best["before"] / best["floor"]))
    print("| through the plugin, tool `RouteTableGenerate` | %s | %.1f s | %.2f× |"
          % (after_rev, best["after"], best["after"] / best["floor"]))
    print("| generated file checked in, no plugin (floor) | %s | %.1f s | 1.00× |"
          % (after_rev, best["floor"]))
    print()
    print("The plugin's own tool takes %.0f%% off the first build (%.1f s to %.1f s)."
          % (100 * (1 - best["after"] / best["before"]), best["before"], best["after"]))
    print()
    print("Reproduce: `Benchmarks/Scripts/plugin_first_build.py --before %s --after %s` (not "
          "part of `Benchmarks/run.sh`: three first builds take minutes)."
          % (before_rev, after_rev))


if __name__ == "__main__":
    main()
