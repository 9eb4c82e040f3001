#!/usr/bin/env python3
"""Runs RouteTable's benchmarks and writes the results page. Called by Benchmarks/run.sh, which
builds everything this needs first; see there for the one command.

Every figure is put next to a floor or a peer measured in the same run, interleaved with it, so
that load from other work on a shared machine moves both alike; the ratio is what to read.

This file runs the sections in order; the work is in the package beside it, bench/ (see its
__init__.py), and the page's prose in bench/RESULTS.template.md and bench/paragraphs.template.md.
"""
import argparse
import datetime
import os
import sys
from pathlib import Path

import yaml

from bench import machine, page, shapes
from bench.sections import compile_cost, generate_speed, launch_cost, link_speed, resolve_speed
from bench.settings import FULL, QUICK


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
    manifests = shapes.large_manifests(settings, root, work)
    print("== 1. build cost of generated code", flush=True)
    compile_results = compile_cost.measure(settings, work, args.routec_release, manifests)
    print("== 2. manifest compile speed", flush=True)
    generate_results = generate_speed.measure(settings, work, tools, manifests)
    print("== 3. resolution speed", flush=True)
    resolve_results = resolve_speed.measure(settings, tools, args.large_type)
    print("== 5. link resolution" + ("" if args.urlmatcher else " (no URLMatcher peer)"), flush=True)
    link_results = link_speed.measure(settings, tools, work, args.link_patterns, args.large_type)
    print("== 4. launch cost", flush=True)
    launch_results = launch_cost.measure(settings, tools, args.large_type)
    load_after = os.getloadavg()
    finished = datetime.datetime.now(datetime.timezone.utc)

    run = page.Run(
        quick=args.quick, command=args.command, large_routes=args.large_routes,
        large_type=args.large_type, started=started, finished=finished,
        load_before=load_before, load_after=load_after, facts=machine.facts(root))
    page.write(args.output, run, [
        compile_cost.report(settings, compile_results),
        generate_speed.report(settings, generate_results),
        resolve_speed.report(settings, resolve_results, args.large_routes),
        link_speed.report(settings, link_results, args.link_patterns, args.urlmatcher),
        launch_cost.report(settings, launch_results, args.large_routes),
    ])
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
