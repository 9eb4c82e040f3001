"""The machine, the tools and the checkout a run was made on, as the page names them."""
import os
import platform
import subprocess

import yaml


def yams_libyaml(run):
    """The libyaml routec compiles: Yams' copy, named by the Yams version SwiftPM resolved."""
    import json
    try:
        graph = json.loads(run(["swift", "package", "show-dependencies", "--format", "json"]))
    except ValueError:
        return "Yams' copy (version unknown)"
    for dependency in graph.get("dependencies", []):
        if dependency.get("identity") == "yams":
            return f"Yams {dependency.get('version')}'s copy (libyaml at commit acd6f6f, after 0.2.5)"
    return "Yams' copy (version unknown)"


def facts(root):
    """The page's facts about this machine and the checkout at root: cores, arch, cpu, memory,
    os, swift, cc, libyaml, python, pyyaml and commit (with " with uncommitted changes" when the
    checkout has some besides the results pages). What cannot be found is "unknown"."""
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        cpu = platform.processor() or "unknown"
    memory = "unknown"
    try:
        with open("/proc/meminfo") as file:
            kilobytes = int(file.readline().split()[1])
            memory = f"{kilobytes / 2**20:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass

    def run(argv, default="unknown"):
        try:
            return subprocess.run(argv, capture_output=True, text=True, check=True, cwd=root,
                                  env=dict(os.environ, GIT_OPTIONAL_LOCKS="0")).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return default

    commit = run(["git", "rev-parse", "--short", "HEAD"])
    # The page being rewritten is not a change to what was measured.
    if run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
            ":(exclude)Benchmarks/RESULTS*.md"], ""):
        commit += " with uncommitted changes"
    return {
        "cores": str(os.cpu_count()),
        "arch": platform.machine(),
        "cpu": cpu,
        "memory": memory,
        "os": run(["uname", "-sr"]),
        "swift": run(["swiftc", "--version"]).splitlines()[0],
        "cc": run(["cc", "--version"]).splitlines()[0],
        "libyaml": yams_libyaml(run),
        "python": platform.python_version(),
        "pyyaml": yaml.__version__,
        "commit": commit,
    }
