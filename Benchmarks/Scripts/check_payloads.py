#!/usr/bin/env python3
"""routec check-payloads on a day of traffic, against Python's json.loads on the same file.

    Benchmarks/Scripts/check_payloads.py ROUTEC [--quick] [--lines N] [--small M] [--runs R]

Writes JSON Lines of payloads for routes/shop.routes.yaml (N lines, 1,000,000 by default, and M,
100,000 by default, for the scaling ratio): mostly pushes that open their route, with some
invalid values, unknown types and malformed lines mixed in, as a server's log has them. Then, in
the same run, on the same files:

- `ROUTEC check-payloads routes/shop.routes.yaml FILE --format json` (a release build): its wall
  time, lines per second and peak resident memory (the child's ru_maxrss);
- the peer: Python reading the file line by line with `json.loads` on each (parsing only, no
  resolving), and its peak memory;
- routec's time on N lines over its time on M lines, against N/M: flat memory and linear time
  are what streaming promises.

Prints a section of the results page (Benchmarks/run.sh appends it to Benchmarks/RESULTS.md);
`--quick` measures 100,000 and 10,000 lines.
"""

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MANIFEST = os.path.join(ROOT, "routes", "shop.routes.yaml")

PEER = r"""
import json, sys
count = 0
with open(sys.argv[1], "rb") as lines:
    for line in lines:
        if line.strip():
            try:
                json.loads(line)
            except ValueError:
                pass
            count += 1
print(count)
"""


def payload(rng):
    """One line as a server would log it: an APNs payload with a push type and its values."""
    roll = rng.random()
    alert = {"title": "Your order", "body": "Tap to see what changed"}
    if roll < 0.80:
        choice = rng.randrange(4)
        if choice == 0:
            body = {"type": "order_detail", "order_id": rng.randrange(1, 10**9)}
        elif choice == 1:
            body = {"type": "course_page", "id": "c%d" % rng.randrange(10**6)}
        elif choice == 2:
            body = {"type": "webview", "id": rng.randrange(1, 10**6), "chapter": rng.randrange(50)}
        else:
            body = {"aps": {"type": "gift_page", "alert": alert}}
        body.setdefault("aps", {"alert": alert})
        return json.dumps(body, separators=(",", ":"))
    if roll < 0.90:
        return json.dumps({"type": "order_detail", "order_id": "A-%d" % rng.randrange(10**4),
                           "aps": {"alert": alert}}, separators=(",", ":"))
    if roll < 0.98:
        return json.dumps({"type": "promo_v%d" % rng.randrange(3), "aps": {"alert": alert}},
                          separators=(",", ":"))
    return '{"type": "order_detail", "order_id": 12'  # cut off, as a truncated log line is


def write_lines(path, count, seed):
    rng = random.Random(seed)
    with open(path, "w") as out:
        for _ in range(count):
            out.write(payload(rng))
            out.write("\n")


def measure(command):
    """Wall seconds and the child's peak resident memory in MiB (ru_maxrss of this run alone:
    each command runs in a fresh child, whose maxrss getrusage reports as the largest so far,
    so the commands run in increasing order of expected memory or each in its own process)."""
    wrapper = [sys.executable, "-c",
               "import resource, subprocess, sys, time\n"
               "start = time.perf_counter()\n"
               "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
               "elapsed = time.perf_counter() - start\n"
               "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
               "print(elapsed, peak, done.returncode)\n"] + command
    output = subprocess.run(wrapper, check=True, capture_output=True, text=True).stdout.split()
    return float(output[0]), int(output[1]) / 1024.0, int(output[2])


def best(command, runs):
    results = [measure(command) for _ in range(runs)]
    return min(results, key=lambda result: result[0])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("routec")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--lines", type=int)
    parser.add_argument("--small", type=int)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    arguments.lines = arguments.lines or (100_000 if arguments.quick else 1_000_000)
    arguments.small = arguments.small or arguments.lines // 10

    with tempfile.TemporaryDirectory() as folder:
        large = os.path.join(folder, "large.jsonl")
        small = os.path.join(folder, "small.jsonl")
        write_lines(large, arguments.lines, seed=1)
        write_lines(small, arguments.small, seed=2)
        size = os.path.getsize(large) / (1 << 20)

        check = [arguments.routec, "check-payloads", MANIFEST, "--format", "json"]
        routec_large = best(check + [large], arguments.runs)
        routec_small = best(check + [small], arguments.runs)
        peer_large = best([sys.executable, "-c", PEER, large], arguments.runs)
        # routec exits 1 (the file has malformed and invalid lines); anything else is a failure.
        for name, result in (("routec", routec_large), ("routec (small)", routec_small)):
            if result[2] != 1:
                sys.exit("error: %s exited %d, not 1" % (name, result[2]))

    rate = arguments.lines / routec_large[0]
    peer_rate = arguments.lines / peer_large[0]
    scaling = (routec_large[0] / routec_small[0]) / (arguments.lines / arguments.small)
    print()
    print("## routec check-payloads on a day of traffic")
    print()
    print("%s lines of push payloads for `routes/shop.routes.yaml` (%.1f MiB; 80%% open their "
          "route, 10%% have a value of the wrong type, 8%% an unknown type, 2%% are cut off), "
          "checked by `routec check-payloads --format json` (release build), each line resolved "
          "in both variants; the peer reads the same file line by line with Python's "
          "`json.loads`, parsing only. Wall time, fastest of %d; peak memory is the process's "
          "maximum resident set. Target: faster than the peer, memory flat, time linear."
          % (format(arguments.lines, ","), size, arguments.runs))
    print()
    print("| | lines | time | lines per second | peak memory |")
    print("|---|---:|---:|---:|---:|")
    print("| routec check-payloads | %s | %.2f s | %s | %.1f MiB |"
          % (format(arguments.lines, ","), routec_large[0], format(round(rate), ","),
             routec_large[1]))
    print("| routec check-payloads | %s | %.2f s | %s | %.1f MiB |"
          % (format(arguments.small, ","), routec_small[0],
             format(round(arguments.small / routec_small[0]), ","), routec_small[1]))
    print("| Python `json.loads` per line (peer) | %s | %.2f s | %s | %.1f MiB |"
          % (format(arguments.lines, ","), peer_large[0], format(round(peer_rate), ","),
             peer_large[1]))
    print()
    print("routec checks %.2f× as many lines per second as the peer parses. Time at %s lines "
          "over time at %s, divided by the line ratio: %.2f (1.00 is linear); peak memory %.1f "
          "MiB at %s lines against %.1f MiB at %s (ratio %.2f)."
          % (rate / peer_rate, format(arguments.lines, ","), format(arguments.small, ","),
             scaling, routec_large[1], format(arguments.lines, ","), routec_small[1],
             format(arguments.small, ","), routec_large[1] / routec_small[1]))
    print()
    print("Reproduce: `Benchmarks/run.sh` (this section alone: "
          "`Benchmarks/Scripts/check_payloads.py .build-bench/release/routec`).")


if __name__ == "__main__":
    main()
