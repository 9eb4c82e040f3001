"""Running programs and measuring them: the primitives the sections measure with.

A program that fails ends the run (`sys.exit` with its error), except under `instructions`,
which answers None, as it does without valgrind.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time


def process_tree(pid):
    """pid and its descendants, through /proc/PID/task/*/children."""
    pids, stack = [], [pid]
    while stack:
        current = stack.pop()
        pids.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as file:
                    stack.extend(int(child) for child in file.read().split())
        except OSError:
            pass
    return pids


def resident_mb(pids):
    """The resident sets of pids together, in MB; a process that is gone counts 0."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm") as file:
                total += int(file.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            pass
    return total / 2**20


def run_compile(command, time_limit=None, memory_limit_mb=None):
    """Runs a compiler; returns (wall seconds, CPU seconds, peak MB, why it stopped or None).

    CPU time is user plus system time of the whole process tree, which waiting for a core on a
    busy machine does not add to. The peak is the largest resident set of any process in the
    tree (wait4's ru_maxrss). A watcher kills the process group when it runs past time_limit or
    its processes together hold more than memory_limit_mb. Fails on another non-zero exit.
    """
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=errors, start_new_session=True)
        stopped = []
        done = threading.Event()

        def watch():
            while not done.wait(0.1):
                elapsed = time.perf_counter() - start
                if time_limit and elapsed > time_limit:
                    stopped.append(f"stopped after {time_limit:.0f} s")
                elif memory_limit_mb and resident_mb(process_tree(process.pid)) > memory_limit_mb:
                    stopped.append(f"stopped at {memory_limit_mb / 1024:.0f} GB after {elapsed:.0f} s")
                else:
                    continue
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except OSError:
                    pass
                return

        watcher = None
        if time_limit or memory_limit_mb:
            watcher = threading.Thread(target=watch, daemon=True)
            watcher.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        done.set()
        if watcher:
            watcher.join()
        process.returncode = status
        peak = usage.ru_maxrss / 1024
        cpu = usage.ru_utime + usage.ru_stime
        if stopped:
            return seconds, cpu, peak, stopped[0]
        if status != 0:
            errors.seek(0)
            sys.exit(f"error: {' '.join(command)} failed:\n{errors.read().decode(errors='replace')[-4000:]}")
        return seconds, cpu, peak, None


def spawn(argv, stdout_path=None):
    """Runs a program with posix_spawn; returns (wall seconds, rusage). Fails on a non-zero exit."""
    actions = [(os.POSIX_SPAWN_OPEN, 1, stdout_path or os.devnull, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
               (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    elapsed = (time.perf_counter_ns() - start) / 1e9
    if status != 0:
        sys.exit(f"error: {' '.join(argv)} exited with status {status}")
    return elapsed, usage


def instructions(argv):
    """Instructions executed from exec to exit, counted by callgrind; None without valgrind."""
    try:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
            capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    match = re.search(r"Collected : (\d+)", result.stderr)
    return int(match.group(1)) if match else None


def run_json_lines(argv, what):
    """Runs a benchmark program that prints one JSON object per line, each with a "name";
    returns them by name. Fails, naming the program `what`, on a non-zero exit or an object
    with an "error"."""
    process = subprocess.run(argv, capture_output=True, text=True)
    if process.returncode != 0:
        sys.exit(f"error: {what} failed:\n{process.stdout}{process.stderr[-2000:]}")
    results = {}
    for line in process.stdout.splitlines():
        entry = json.loads(line)
        if "error" in entry:
            sys.exit(f"error: {what}: {entry['error']}")
        results[entry["name"]] = entry
    return results
