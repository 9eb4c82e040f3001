#!/usr/bin/env python3
"""Measures what feature modules cost a build: which generated files an edit to one feature's
manifest rewrites, and the compile time of each module's generated code against the generated
file of one manifest of the same size, measured in the same run.

Usage: Benchmarks/Scripts/feature-modules.py --routec PATH --runtime FOLDER [--quick]
       (prints a Markdown section; FOLDER holds RouteTable.swiftmodule)

Run by Benchmarks/run.sh, which appends the section to the results page. The manifests come
from scripts/make-large-manifest.py, split by Benchmarks/Scripts/split-manifest.py into an app
manifest and 20 feature manifests (screen S and the routes that open it go to feature S % 20).
Each module's code is generated as RouteTablePlugin generates it (`routec generate FEATURE`;
`routec generate APP --feature FOLDER --import F0 ...`), and each file is compiled alone with
`swiftc -O -parse-as-library -c`, as its target compiles it; time is CPU time, the fastest run.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FEATURES = 20


def run(arguments):
    result = subprocess.run(arguments, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"error: {' '.join(map(str, arguments))} failed:\n{result.stderr[-3000:]}")
    return result.stdout


def cpu_seconds(arguments, runs):
    """The fastest CPU time (user + system of the process tree) of `runs` runs."""
    best = None
    for _ in range(runs):
        process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        if status != 0:
            sys.exit(f"error: {' '.join(map(str, arguments))} failed:\n"
                     f"{process.stderr.read().decode(errors='replace')[-3000:]}")
        process.stderr.close()
        cpu = usage.ru_utime + usage.ru_stime
        best = cpu if best is None else min(best, cpu)
    return best


def wall_seconds(arguments, runs):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        run(arguments)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def make_manifest(routes, screens, path, namespace="Large"):
    path.write_text(run([sys.executable, ROOT / "scripts/make-large-manifest.py", str(routes),
                         str(screens), namespace]))


class Split:
    """An app manifest and its feature manifests, and their generated files."""

    def __init__(self, routec, folder):
        self.routec = routec
        self.folder = folder
        self.features = sorted((folder / "features").glob("f*.routes.yaml"),
                               key=lambda path: int(path.stem.split(".")[0][1:]))
        self.generated = folder / "generated"
        self.generated.mkdir(exist_ok=True)

    def feature_file(self, index):
        return self.generated / f"F{index}Routes.swift"

    @property
    def app_file(self):
        return self.generated / "AppRoutes.swift"

    def generate_feature(self, index):
        run([self.routec, "generate", self.features[index], "--output", self.feature_file(index)])

    def app_command(self):
        imports = [argument for k in range(len(self.features)) for argument in ("--import", f"F{k}")]
        return [self.routec, "generate", self.folder / "app.routes.yaml", "--feature",
                self.folder / "features", "--output", self.app_file] + imports

    def generate_all(self):
        for index in range(len(self.features)):
            self.generate_feature(index)
        run(self.app_command())

    def stamps(self):
        files = [self.feature_file(k) for k in range(len(self.features))] + [self.app_file]
        return {path.name: path.stat().st_mtime_ns for path in files}


def rewritten_after(split, edit):
    """Edits a manifest, regenerates every module (as a build whose every command ran would),
    and returns the generated files whose bytes changed (routec leaves unchanged files alone)."""
    before = split.stamps()
    time.sleep(0.02)
    edit()
    split.generate_all()
    after = split.stamps()
    return sorted(name for name in after if after[name] != before[name])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--routec", required=True)
    parser.add_argument("--runtime", required=True)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    routes, screens = (1000, 100) if args.quick else (10000, 500)
    runs = 2 if args.quick else 5
    out = ["## Feature modules: regeneration and compile cost per module\n"]
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        whole_manifest = work / "whole-source.routes.yaml"
        make_manifest(routes, screens, whole_manifest)
        folder = work / "split"
        run([sys.executable, ROOT / "Benchmarks/Scripts/split-manifest.py", whole_manifest,
             str(FEATURES), folder])
        split = Split(args.routec, folder)
        split.generate_all()

        # Which files an edit rewrites.
        f3 = split.features[3]
        text = f3.read_text()

        def add_route():
            # A route to an existing screen of F3: the feature's Destination is unchanged.
            screen = next(line.strip()[:-1] for line in text.splitlines()
                          if line.startswith("  Screen") and line.rstrip().endswith(":"))
            f3.write_text(text + f"  added_route:\n    screen: {screen}\n")

        def add_parameter():
            # An optional parameter on F3's first screen: its Destination changes.
            lines = f3.read_text().splitlines()
            index = next(i for i, line in enumerate(lines)
                         if line.startswith("  Screen") and line.rstrip().endswith(":"))
            body = lines[index + 1] if index + 1 < len(lines) else ""
            if body.strip() == "params:":
                lines.insert(index + 2, "      added: {type: string, optional: true}")
            else:
                lines[index] = lines[index].rstrip().removesuffix("{}").rstrip()
                lines.insert(index + 1, "    params:\n      added: {type: string, optional: true}")
            f3.write_text("\n".join(lines) + "\n")

        route_edit = rewritten_after(split, add_route)
        param_edit = rewritten_after(split, add_parameter)
        f3.write_text(text)
        split.generate_all()

        # Generation time: the app's command (the composition) and one feature's, against the
        # same routes as one manifest.
        whole_swift = work / "WholeRoutes.swift"
        generate_whole = wall_seconds(
            [args.routec, "generate", folder / "whole.routes.yaml", "--output", whole_swift], runs)
        generate_app = wall_seconds(split.app_command(), runs)
        generate_feature = wall_seconds(
            [args.routec, "generate", split.features[3], "--output", split.feature_file(3)], runs)

        # Compile cost. Every feature's module is emitted once (untimed) for the app to import.
        modules = work / "modules"
        modules.mkdir()
        for k in range(len(split.features)):
            run(["swiftc", "-swift-version", "6", "-O", "-parse-as-library", "-module-name", f"F{k}",
                 "-I", args.runtime, "-emit-module", "-emit-module-path",
                 modules / f"F{k}.swiftmodule", split.feature_file(k)])

        def compile_cost(source, module, extra=()):
            return cpu_seconds(
                ["swiftc", "-swift-version", "6", "-O", "-parse-as-library", "-module-name", module,
                 "-I", args.runtime, *extra, "-c", source, "-o", work / f"{module}.o"], runs)

        per_feature_routes = routes // FEATURES
        per_feature_screens = screens // FEATURES
        same_size = work / "same-size.routes.yaml"
        make_manifest(per_feature_routes, per_feature_screens, same_size, "Same")
        same_size_swift = work / "SameRoutes.swift"
        run([args.routec, "generate", same_size, "--output", same_size_swift])
        feature_cpu = compile_cost(split.feature_file(3), "F3")
        same_cpu = compile_cost(same_size_swift, "Same")
        app_cpu = compile_cost(split.app_file, "App", ("-I", modules))
        whole_cpu = compile_cost(whole_swift, "Whole")
        all_features_cpu = sum(
            compile_cost(split.feature_file(k), f"F{k}") for k in range(len(split.features)))
        # What any file of a module costs: the compiler's start and loading RouteTable.
        empty = work / "Empty.swift"
        empty.write_text("import RouteTable\n")
        empty_cpu = compile_cost(empty, "Empty")

    count = len(split.features)
    out.append(
        f"{routes:,} routes on {screens} screens, split into an app manifest and {count} feature "
        f"manifests (`Benchmarks/Scripts/split-manifest.py`); each module's code generated as "
        f"RouteTablePlugin generates it. After an edit, every module was regenerated and the "
        f"files whose bytes changed are listed: `routec generate` leaves a file it would not "
        f"change untouched, so the build recompiles only those (the plugin reruns only the "
        f"commands of the edited feature and of the app, whose inputs changed).\n")
    out.append(table(
        ["edit to feature F3's manifest", "generated files rewritten", "of"],
        [["a route added (to one of its screens)", ", ".join(route_edit) or "none", f"{count + 1}"],
         ["an optional parameter added to one of its screens", ", ".join(param_edit) or "none",
          f"{count + 1}"]]))
    out.append("")
    out.append(
        f"Generation, wall time, fastest of {runs}: the app's command composes and checks every "
        f"feature, so it costs about what one manifest of all the routes does; a feature's "
        f"command checks the feature alone.\n")
    out.append(table(
        ["command", "time", "/ one manifest"],
        [["generate, one manifest of all the routes", f"{generate_whole:.3f} s", "1.00×"],
         ["generate the app (composition of all features)", f"{generate_app:.3f} s",
          f"{generate_app / generate_whole:.2f}×"],
         [f"generate one feature ({per_feature_routes:,} routes)", f"{generate_feature:.3f} s",
          f"{generate_feature / generate_whole:.2f}×"]]))
    out.append("")
    out.append(
        f"Compile cost, `swiftc -O -parse-as-library -c` of one generated file, CPU time, "
        f"fastest of {runs}. A feature's file holds its `Destination` and two switches; the "
        f"app's holds the whole table, the app's own screens and one case per feature. Each is "
        f"set against the generated file of one manifest of the same size, compiled in this run. "
        f"Target: a module's generated code costs what the single-manifest page shows for its "
        f"size.\n")
    out.append(table(
        ["generated file", "CPU time", "against", "its CPU time", "ratio"],
        [[f"one feature ({per_feature_routes:,} routes, {per_feature_screens} screens)",
          f"{feature_cpu:.2f} s",
          f"one manifest of {per_feature_routes:,} routes, {per_feature_screens} screens",
          f"{same_cpu:.2f} s", f"{feature_cpu / same_cpu:.2f}×"],
         [f"the app ({routes:,} routes, {count} feature cases)", f"{app_cpu:.2f} s",
          f"one manifest of {routes:,} routes, {screens} screens", f"{whole_cpu:.2f} s",
          f"{app_cpu / whole_cpu:.2f}×"],
         [f"all {count} features together", f"{all_features_cpu:.2f} s",
          f"one manifest of {routes:,} routes, {screens} screens", f"{whole_cpu:.2f} s",
          f"{all_features_cpu / whole_cpu:.2f}×"],
         ["a file that only imports RouteTable", f"{empty_cpu:.2f} s", "", "", ""]]))
    out.append("")
    beyond = all_features_cpu - count * empty_cpu
    out.append(
        f"The {count} feature files together cost more CPU than one file of every screen because "
        f"each file pays what the last row does, the compiler's start and loading RouteTable "
        f"({count} × {empty_cpu:.2f} s); beyond that they cost {beyond:.2f} s. A build compiles "
        f"the modules in parallel, and after an edit only the files listed in the first table.\n")
    out.append("Reproduce: `Benchmarks/run.sh` (this section alone: "
               "`Benchmarks/Scripts/feature-modules.py --routec .build-bench/release/routec "
               "--runtime FOLDER`, FOLDER holding a RouteTable.swiftmodule built as run.sh builds "
               "it).\n")
    print("\n".join(out))


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
