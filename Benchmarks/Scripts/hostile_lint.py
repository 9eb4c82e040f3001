#!/usr/bin/env python3
"""Time and peak memory of `routec lint` on the hostile manifests of docs/hardening.md, each
against a plain manifest linted in the same run.

    python3 Benchmarks/Scripts/hostile_lint.py ROUTEC [--runs N]

ROUTEC is a release build (`swift build -c release --product routec`). Prints two Markdown
tables, each row's time the median of N runs (3 by default), its memory the peak resident size:

- Scaling: `when_present` routes and link patterns of one shape that differ only in a query
  literal, at 8,000 and 32,000 routes, each as a ratio to plain routes of the same count, and
  the 32,000 row as a ratio to its own 8,000 row (4.0 is linear).
- Size: the hostile-size inputs the unit tests check for their diagnostics (a 20 MB scalar, a
  15 MiB unknown screen name among 200 screens, a 4 MiB explicit unknown key), each as a ratio
  to a valid manifest of the same size (one long description). The unit tests assert no time:
  this is where it is measured.

Each input runs in a process of its own, so each peak is its own. Writes its inputs to a
temporary folder and removes it.
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

MEBIBYTE = 1024 * 1024


def plain_routes(count):
    lines = ["manifest: 1", "links:", "  hosts: [shop.example]", "screens:", "  Home: {}", "routes:"]
    for index in range(count):
        lines += [f"  r{index}:", "    screen: Home", f'    links: ["/p{index}"]']
    return "\n".join(lines) + "\n"


def when_present_routes(count):
    """Each route told apart by two keys, one shared by all: every later list is checked
    against every earlier one's subsets."""
    lines = ["manifest: 1", "screens:", "  Home: {}", "routes:"]
    for index in range(count):
        lines += [f"  r{index}:", "    screen: Home", f"    when_present: [data.kind, k{index}]"]
    return "\n".join(lines) + "\n"


def query_literal_routes(count):
    lines = ["manifest: 1", "links:", "  hosts: [shop.example]", "screens:", "  Home: {}", "routes:"]
    for index in range(count):
        lines += [f"  r{index}:", "    screen: Home", f'    links: ["/open?to=v{index}"]']
    return "\n".join(lines) + "\n"


MINIMAL = "manifest: 1\nscreens:\n  Home: {}\nroutes:\n  home:\n    screen: Home\n"


def described(size):
    """A valid manifest of `size` bytes: the minimal one with a long route description."""
    head = MINIMAL + "    description: "
    return head + "y" * (size - len(head) - 1) + "\n"


def twenty_megabyte_scalar():
    return "manifest: 1\ndescription: " + "x" * 20_000_000 + "\n"


def long_screen_name():
    screens = "".join(f"  Screen{index}: {{}}\n" for index in range(200))
    name = "H" + "o" * (15 * MEBIBYTE)
    return "manifest: 1\nscreens:\n" + screens + "routes:\n  home:\n    screen: " + name + "\n"


def explicit_key():
    return "? " + "k" * (4 * MEBIBYTE) + "\n: 1\n" + MINIMAL


def measure(routec, folder, name, text, runs):
    path = os.path.join(folder, name + ".routes.yaml")
    with open(path, "w") as f:
        f.write(text)
    times, peaks = [], []
    for _ in range(runs):
        # A Python of its own per run, so RUSAGE_CHILDREN's peak is this run's.
        code = (
            "import resource, subprocess, sys, time\n"
            "start = time.perf_counter()\n"
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
            "print(time.perf_counter() - start,"
            " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        )
        out = subprocess.run(
            [sys.executable, "-c", code, routec, "lint", path], capture_output=True, text=True
        ).stdout.split()
        times.append(float(out[0]))
        peaks.append(int(out[1]) / 1024)
    os.remove(path)
    return statistics.median(times), max(peaks), len(text.encode())


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    routec = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    with tempfile.TemporaryDirectory() as folder:
        print("| input | routes | time | peak memory | time / plain | memory / plain | time / 8,000 |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for label, make in [
            ("`when_present`, two key paths each", when_present_routes),
            ("one link shape, a query literal each", query_literal_routes),
        ]:
            smaller = None
            for count in (8_000, 32_000):
                p_time, p_mem, _ = measure(routec, folder, "plain", plain_routes(count), runs)
                h_time, h_mem, _ = measure(routec, folder, "hostile", make(count), runs)
                growth = f"{h_time / smaller:.2f}" if smaller else "1.00"
                smaller = smaller or h_time
                print(f"| {label} | {count:,} | {h_time:.3f} s | {h_mem:.0f} MiB | "
                      f"{h_time / p_time:.2f} | {h_mem / p_mem:.2f} | {growth} |")
        print()
        print("| input | bytes | time | peak memory | time / plain | memory / plain |")
        print("|---|---:|---:|---:|---:|---:|")
        for label, text in [
            ("a 20 MB scalar (refused unread)", twenty_megabyte_scalar()),
            ("a 15 MiB unknown screen name among 200 screens", long_screen_name()),
            ("a 4 MiB explicit unknown key", explicit_key()),
        ]:
            h_time, h_mem, size = measure(routec, folder, "hostile", text, runs)
            # The floor is a valid manifest of the same size, but at most the 16 MiB limit.
            p_time, p_mem, _ = measure(
                routec, folder, "plain", described(min(size, 16 * MEBIBYTE - 1)), runs)
            print(f"| {label} | {size:,} | {h_time:.3f} s | {h_mem:.0f} MiB | "
                  f"{h_time / p_time:.2f} | {h_mem / p_mem:.2f} |")


if __name__ == "__main__":
    main()
