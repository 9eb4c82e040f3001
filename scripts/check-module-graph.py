#!/usr/bin/env python3
"""Checks the package's module graph (`swift package describe --type json` on standard input):
the runtime modules and their tests never reach libyaml, the compiler or its tools; the compiler
never reaches its tools (they consume what it produces); the build tool plugin's generator
(RouteTableGenerate) reaches neither the argument parser nor the tools; routec links the core runtime, the
compiler and the tools but not the integration module; and each test target reaches only what
the module it tests may, plus the test-support targets that themselves stay within that. Exits 1
with the reasons when not.
"""
import json
import sys

described = json.load(sys.stdin)["targets"]
targets = {
    t["name"]: t.get("target_dependencies", []) + t.get("product_dependencies", [])
    for t in described
}
# The module each test target tests; a new test target must be added here.
TESTED = {
    "RouteTableTests": "RouteTable",
    "CompiledAPIEndToEndTests": "RouteTable",
    "ReferenceConsumerTests": "RouteTable",
    "RouteTableNavigationTests": "RouteTableNavigation",
    "RouteCompilerTests": "RouteCompiler",
    "RouteToolsTests": "RouteTools",
    "RoutecCoreTests": "RoutecCore",
    "RoutecEndToEndTests": "routec",
    "PluginEndToEndTests": "routec",
}
# Executables a test target runs beside its module's: routec's tests run the plugin's generator.
ALSO_RUNS = {"RoutecEndToEndTests": {"RouteTableGenerate"}}
# Test targets that run the toolchain (swiftc on generated code) rather than a package product.
RUNS_SWIFTC = {"CompiledAPIEndToEndTests"}
SUPPORT = {"TestSupport", "CompilerTestSupport", "RoutecTestSupport"}


def reach(name):
    seen, stack = set(), [name]
    while stack:
        for dependency in targets.get(stack.pop(), []):
            if dependency not in seen:
                seen.add(dependency)
                stack.append(dependency)
    return seen


problems = []
for name in ["RouteTable", "RouteTableNavigation", "TestSupport", "RouteTableTests",
             "RouteTableNavigationTests"]:
    bad = reach(name) & {"Yams", "CYaml", "RouteCompiler", "RouteTools", "routec"}
    if bad:
        problems.append(f"{name} depends on {', '.join(sorted(bad))}")
if reach("RouteTable"):
    problems.append(f"RouteTable depends on {', '.join(sorted(reach('RouteTable')))}")
if "RouteTools" in reach("RouteCompiler"):
    problems.append("RouteCompiler depends on RouteTools")
if "RouteTableNavigation" in reach("routec"):
    problems.append("routec links RouteTableNavigation")
if not {"RouteTable", "RouteCompiler", "RouteTools"} <= reach("routec"):
    problems.append("routec does not link RouteTable, RouteCompiler and RouteTools")
# The build tool plugin's generator is the pipeline alone: an app's first build compiles neither
# the argument parser nor the tools.
for name in ["RoutecCore", "RouteTableGenerate"]:
    bad = reach(name) & {"ArgumentParser", "RouteTools", "routec", "RouteTableNavigation"}
    if bad:
        problems.append(f"{name} depends on {', '.join(sorted(bad))}")
if "RouteTableGenerate" not in targets.get("RouteTablePlugin", []):
    problems.append("the build tool plugin's tool is not RouteTableGenerate")
for test in sorted(t["name"] for t in described if t.get("type") == "test"):
    module = TESTED.get(test)
    if module is None:
        problems.append(f"{test} is a test target of no known module (add it to TESTED)")
        continue
    # The tiers of scripts/test.sh are named by target: only an end-to-end target runs a binary.
    runs_binary = module in {"routec", "RouteTableGenerate"} or test in ALSO_RUNS.keys() | RUNS_SWIFTC
    if runs_binary != test.endswith("EndToEndTests"):
        problems.append(f"{test} runs a binary only if its name ends in EndToEndTests")
    allowed = {module} | reach(module)
    for executable in ALSO_RUNS.get(test, set()):
        allowed |= {executable} | reach(executable)
    for dependency in sorted(reach(test) - allowed):
        if dependency not in SUPPORT:
            problems.append(f"{test} reaches {dependency}, which {module} does not")
        elif not reach(dependency) <= allowed | SUPPORT:
            beyond = ", ".join(sorted(reach(dependency) - allowed - SUPPORT))
            problems.append(f"{test} reaches {dependency}, which reaches {beyond}")
for problem in problems:
    print(f"error: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print("module graph: the runtime and its tests reach neither libyaml nor the compiler; "
      "the compiler does not reach its tools; the plugin's generator reaches neither the argument "
      "parser nor the tools; "
      "routec links RouteTable, RouteCompiler and RouteTools, not RouteTableNavigation; "
      "each test target reaches only what its module may")
