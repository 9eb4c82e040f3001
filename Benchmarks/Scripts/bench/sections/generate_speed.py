"""Section 2, "Does it slow my build?": the speed of `routec generate` (release and debug)
against the libyaml floor and the PyYAML peer, at every size."""
import statistics
import sys
from pathlib import Path

from ..formatting import ratio, seconds_text, table
from ..measure import spawn
from ..report import Report, Target

LABELS = [
    ("floor", "floor: libyaml events, C"),
    ("python_load", "peer: Python `yaml.load`, `CSafeLoader`, in process"),
    ("python", "(the whole Python process, for context)"),
    ("release", "`routec generate`, release build"),
    ("debug", "`routec generate`, debug build (the plugin's in debug builds)"),
    ("start", "(`routec --help`, release: process start alone)"),
]


def measure(settings, work, tools, manifests):
    """Times the floor (yaml-events), the peer (python-load.py), `routec generate` in release
    and debug and `routec --help` on every manifest, in rotating order after a dropped warm-up
    round. Returns, by route count, the fastest wall time in seconds under each key of LABELS
    ("python_load" is the load time python-load.py reports, "python" its whole process), the
    medians under "median", and the manifest's "bytes"."""
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


def report(settings, results):
    """The section's table, its targets (release within 2× the floor and faster than the peer
    at every size, debug under 0.5 s at 1,000 routes, or the largest size without them) and
    its notes' figures."""
    sizes = [routes for routes, _ in settings["sizes"]]
    rows = []
    for routes in sizes:
        r = results[routes]
        for key, label in LABELS:
            rows.append([
                f"{routes:,}", f"{r['bytes']:,}", label, seconds_text(r[key]), seconds_text(r["median"][key]),
                ratio(r[key], r["floor"]), ratio(r[key], r["python_load"])])
    values = {
        "generate_runs": ", ".join(f"{settings['generate_runs'].get(r, 5)} runs at {r:,} routes" for r in sizes),
        "generate_table": table(
            ["routes", "manifest bytes", "command", "fastest", "median", "× floor", "× peer"],
            rows, ["---:", "---:", "---", "---:", "---:", "---:", "---:"]),
    }
    values.update(note_values(sizes, results))
    return Report(values, targets(sizes, results))


def release_ratios(sizes, results, base):
    """`routec generate` (release) ÷ `base` ("floor" or "python_load"), by route count."""
    return {routes: results[routes]["release"] / results[routes][base] for routes in sizes}


def targets(sizes, results):
    """The section's targets, as `report` lists them."""
    floor_ratios = release_ratios(sizes, results, "floor")
    worst_routes = max(floor_ratios, key=floor_ratios.get)
    peer_ratios = release_ratios(sizes, results, "python_load")
    medium = 1000 if 1000 in sizes else sizes[-1]
    debug_time = results[medium]["debug"]
    return [
        Target(
            "2", "routec generate (release) within 2× the libyaml floor",
            ", ".join(f"{floor_ratios[r]:.1f}× at {r:,}" for r in sizes),
            floor_ratios[worst_routes] <= 2, "generate-floor"),
        Target(
            "2", "routec generate (release) faster than Python's CSafeLoader load",
            ", ".join(f"{peer_ratios[r]:.2f}× at {r:,}" for r in sizes),
            max(peer_ratios.values()) < 1, "generate-peer"),
        Target(
            "2", f"routec generate (debug build) under 0.5 s for {medium:,} routes",
            seconds_text(debug_time), debug_time < 0.5, "generate-debug"),
    ]


def note_values(sizes, results):
    """This run's figures in the notes on the release targets: the ratios to the floor, and
    where routec loses to the peer and why at the smallest size."""
    floor_ratios = [f"{value:.1f}× at {r:,}" for r, value in release_ratios(sizes, results, "floor").items()]
    smallest = sizes[0]
    small = results[smallest]
    peer_ratios = release_ratios(sizes, results, "python_load")
    losing = [r for r in sizes if peer_ratios[r] >= 1]
    winning = [r for r in sizes if peer_ratios[r] < 1]
    whole_python_slower = all(results[r]["python"] > results[r]["release"] for r in sizes)

    def sizes_text(routes):
        return " and ".join(f"{r:,}" for r in routes)

    return {
        "floor_ratios": ", ".join(floor_ratios[:-1]) + " and " + floor_ratios[-1] + " routes",
        "peer_losing": sizes_text(losing),
        "peer_winning": f" and beats it at {sizes_text(winning)}" if winning else "",
        "smallest_routes": f"{smallest:,}",
        "small_release": seconds_text(small["release"]),
        "small_python_load": seconds_text(small["python_load"]),
        "small_start": seconds_text(small["start"]),
        "whole_python_slower": (
            "; the whole Python process is slower than routec at every size" if whole_python_slower else ""),
        "peer_share": f"{small['python_load'] / small['release']:.0%}",
    }
