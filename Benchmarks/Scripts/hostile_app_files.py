#!/usr/bin/env python3
"""Time and peak memory of `routec check-app` on the hostile property lists and xcconfig files of
docs/hardening.md, each against an ordinary file of the same size checked in the same run.

    python3 Benchmarks/Scripts/hostile_app_files.py ROUTEC [--runs N]

ROUTEC is a release build (`swift build -c release --product routec`). Prints two Markdown
tables: each hostile input, its size, its median wall time and peak resident memory over N runs
(3 by default), and both as ratios to the ordinary file of the same size (an Info.plist of
distinct keys; an xcconfig file of distinct settings, one of which the Info.plist uses). Writes its inputs to a
temporary folder and removes it.
"""
import os
import plistlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

SMALL_MANIFEST = """manifest: 1
screens:
  Home: {}
routes:
  home:
    screen: Home
"""


def bplist(objects, top=0, offset_size=4, ref_size=4):
    """A binary property list of raw objects (marker byte and contents)."""
    out = bytearray(b"bplist00")
    offsets = []
    for obj in objects:
        offsets.append(len(out))
        out += obj
    table = len(out)
    for offset in offsets:
        out += offset.to_bytes(offset_size, "big")
    out += bytes(6) + bytes([offset_size, ref_size])
    out += len(objects).to_bytes(8, "big") + top.to_bytes(8, "big") + table.to_bytes(8, "big")
    return bytes(out)


def count_marker(kind, count):
    if count < 15:
        return bytes([kind << 4 | count])
    return bytes([kind << 4 | 0xF, 0x12]) + count.to_bytes(4, "big")


def long_shared_keys(size):
    """Point 2: one dictionary whose keys alternate between two long strings."""
    length = size // 8
    entries = (size - 2 * length) // 4
    keys = b"".join((1 + i % 2).to_bytes(1, "big") for i in range(entries))
    values = bytes([3]) * entries
    objects = [
        count_marker(0xD, entries) + keys + values,
        count_marker(0x5, length) + b"a" * length,
        count_marker(0x5, length) + b"a" * (length - 1) + b"b",
        b"\x09",
    ]
    return bplist(objects, offset_size=4, ref_size=1)


def many_references(size, count=None):
    """Point 8: an array of one-byte references to one string (`count` of them, or as many as
    `size` bytes hold)."""
    count = count or size - 64
    objects = [b"\xd1\x01\x02", b"\x51a", count_marker(0xA, count) + bytes([3]) * count, b"\x51x"]
    return bplist(objects, offset_size=4, ref_size=1)


def ordinary(size):
    """An XML Info.plist of distinct keys and strings, padded to `size` bytes."""
    entries = {}
    index = 0
    while True:
        data = plistlib.dumps(entries)
        if len(data) >= size - 64:
            return data[: data.rindex(b"</dict>")] + b" " * (size - len(data)) + b"</dict>\n</plist>\n"
        for _ in range(1000):
            entries[f"Key{index:08d}"] = f"value {index}"
            index += 1


def activity_types(count):
    """Point 5: a manifest routing `count` activity types and the Info.plist listing them."""
    manifest = SMALL_MANIFEST + "activities:\n" + "".join(
        f"  com.example.a{i}: home\n" for i in range(count))
    plist = plistlib.dumps({"NSUserActivityTypes": [f"com.example.a{i}" for i in range(count)]})
    return manifest, plist


def unrouted_shortcuts(count):
    """Point 5: `count` quick actions the manifest does not route (each a did-you-mean)."""
    items = [{"UIApplicationShortcutItemType": f"com.example.q{i}"} for i in range(count)]
    return SMALL_MANIFEST, plistlib.dumps({"UIApplicationShortcutItems": items})


# Point 5 of the xcconfig inputs: settings that double, fan out, chain, and files that include
# each other. Each is a dictionary of files; `App.xcconfig` is the one given.
SETTING_PLIST = plistlib.dumps({"NSUserActivityTypes": ["$(A)"]})


def doubling():
    return {"App.xcconfig": "A0 = x\n" + "".join(
        f"A{k} = $(A{k - 1})$(A{k - 1})\n" for k in range(1, 28)) + "A = $(A27)\n"}


def fan_out():
    return {"App.xcconfig": "A0 = x\n" + "".join(
        f"A{k} = " + f"$(A{k - 1})" * 10 + "\n" for k in range(1, 12)) + "A = $(A11)\n"}


def megabyte_chain():
    return {"App.xcconfig": "A = $(A)x\n" * 95_325}


def includes_four_times():
    files = {f"F{k}.xcconfig": f'#include "F{k + 1}.xcconfig"\n' * 4 for k in range(10)}
    files["F10.xcconfig"] = "A = $(A)x\n"
    files["App.xcconfig"] = '#include "F0.xcconfig"\n'
    return files


def ordinary_settings(size):
    """An xcconfig file of distinct settings, `size` bytes or a little more; `A` is the first."""
    lines = ["A = com.example.app"]
    index = 0
    total = len(lines[0]) + 1
    while total < size:
        lines.append(f"SETTING_{index} = value {index}")
        total += len(lines[-1]) + 1
        index += 1
    return {"App.xcconfig": "\n".join(lines) + "\n"}


def measure(routec, folder, manifest, plist, runs, files=None):
    manifest_path = os.path.join(folder, "app.routes.yaml")
    plist_path = os.path.join(folder, "Info.plist")
    with open(manifest_path, "w") as f:
        f.write(manifest)
    with open(plist_path, "wb") as f:
        f.write(plist)
    extra = []
    for name, text in (files or {}).items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    if files:
        extra = ["--xcconfig", os.path.join(folder, "App.xcconfig")]
    times, peaks = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.perf_counter()
        subprocess.run(
            [routec, "check-app", manifest_path, "--info-plist", plist_path] + extra,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        # ru_maxrss of children is the largest so far: each input runs in a Python of its own.
        peaks.append(max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
    return statistics.median(times), peaks[-1] / 1024


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    routec = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    cases = []
    four = 4_100_000
    sixteen = 16 * 1024 * 1024
    cases.append(("2: binary keys reusing two long strings", SMALL_MANIFEST, long_shared_keys(four)))
    manifest, plist = activity_types(100_000)
    cases.append(("5: 100,000 activity types", manifest, plist))
    manifest, plist = unrouted_shortcuts(20_000)
    cases.append(("5: 20,000 unrouted quick actions", manifest, plist))
    cases.append(("8: 16 MiB of references to one string (refused)", SMALL_MANIFEST,
                  many_references(sixteen)))
    cases.append(("8: 2,300,000 references to one string (read)", SMALL_MANIFEST,
                  many_references(0, 2_300_000)))
    print("| input | bytes | time | peak memory | time / ordinary | memory / ordinary |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for name, manifest, plist in cases:
            # Each measured in a child Python of its own, so peak memory is the input's alone.
            hostile = subprocess.run(
                [sys.executable, __file__, "--one", routec, str(runs)],
                input=plistlib.dumps({"m": manifest, "p": plist}), capture_output=True, check=True)
            base = subprocess.run(
                [sys.executable, __file__, "--one", routec, str(runs)],
                input=plistlib.dumps({"m": SMALL_MANIFEST, "p": ordinary(len(plist))}),
                capture_output=True, check=True)
            h_time, h_mem = map(float, hostile.stdout.split())
            b_time, b_mem = map(float, base.stdout.split())
            print(f"| {name} | {len(plist):,} | {h_time:.3f} s | {h_mem:.0f} MiB | "
                  f"{h_time / b_time:.2f}x | {h_mem / b_mem:.2f}x |")
        print()
        print("| xcconfig input | bytes | time | peak memory | time / ordinary | memory / ordinary |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, files in [
            ("5: 28 doubling lines (refused at line 22)", doubling()),
            ("5: 12-level fan-out (refused at `A7`)", fan_out()),
            ("5: 1 MB of `A = $(A)x` (read)", megabyte_chain()),
            ("5: 11 files, each including the next 4 times (refused at include 10,001)",
             includes_four_times()),
        ]:
            size = sum(len(text) for text in files.values())
            results = []
            for case_files in (files, ordinary_settings(size)):
                one = subprocess.run(
                    [sys.executable, __file__, "--one", routec, str(runs)],
                    input=plistlib.dumps({"m": SMALL_MANIFEST, "p": SETTING_PLIST, "f": case_files}),
                    capture_output=True, check=True)
                results.append(tuple(map(float, one.stdout.split())))
            (h_time, h_mem), (b_time, b_mem) = results
            print(f"| {name} | {size:,} | {h_time:.3f} s | {h_mem:.0f} MiB | "
                  f"{h_time / b_time:.2f}x | {h_mem / b_mem:.2f}x |")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        case = plistlib.loads(sys.stdin.buffer.read())
        with tempfile.TemporaryDirectory() as folder:
            seconds, mib = measure(
                sys.argv[2], folder, case["m"], case["p"], int(sys.argv[3]), case.get("f"))
        print(seconds, mib)
    else:
        main()
