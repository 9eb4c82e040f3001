"""Section 3, "How fast is a resolution?": ResolveBench's resolutions, type lookups and router
rounds against a dictionary lookup and `_typeByName`."""
import sys

from ..formatting import count_text, ns_text, ratio, table, verdict
from ..measure import run_json_lines
from ..report import Report, Target

HOLD_RELEASE_PARTS = [
    "navigation.router.hold_release", "navigation.router.deliver",
    "navigation.resolve.requirement", "navigation.resolve.payload"]


def measure(settings, tools, large_type):
    """Runs ResolveBench (every benchmark, `large_type` the large table's push type); returns
    its entries by name: "ns_min" and "ns_median" per operation over batches, "allocations" per
    operation. Warns when the allocation counter's check does not count one allocation."""
    results = run_json_lines(
        [tools["resolve_bench"], "--batches", str(settings["resolve_batches"]), "--batch-ms", "20",
         "--large-type", large_type], "ResolveBench")
    if results["check.one_allocation"]["allocations"] != 1.0:
        print("warning: the allocation counter did not count exactly one allocation for one array",
              file=sys.stderr)
    return results


def hold_release_overhead(results):
    """What holding and releasing costs: what the held round adds over a delivered tap, less the
    two resolutions it makes on top (the sign-in route, and the tap resolved again on release);
    None for a figure one of them lacks."""
    overhead = {}
    for key in ["ns_min", "ns_median", "allocations"]:
        parts = [results[name][key] for name in HOLD_RELEASE_PARTS]
        overhead[key] = None if None in parts else max(0, parts[0] - sum(parts[1:]))
    return overhead


def report(settings, results, large_routes):
    """The section's table, its paragraphs' figures and its targets (a resolution from a
    `Payload` and from `userInfo` under 1 µs, type lookups under 100 ns without allocating)."""
    held = hold_release_overhead(results)
    converted = results["shop.payload_from_user_info"]
    payload = results["shop.resolve.payload"]
    values = {
        "resolve_batches": settings["resolve_batches"],
        "one_allocation": f"{results['check.one_allocation']['allocations']:g}",
        "resolve_table": resolve_table(
            dict(results, **{"navigation.router.hold_release_overhead": held}), large_routes),
        "conversion_time": ns_text(converted["ns_min"]),
        "conversion_allocations": f"{converted['allocations']:g}",
        "payload_time": ns_text(payload["ns_min"]),
        "payload_allocations": f"{payload['allocations']:g}",
        "held_time": ns_text(held["ns_min"]),
        "held_verdict": verdict(held["ns_min"] < 1000),
        "user_info_time": ns_text(results["shop.resolve.user_info"]["ns_min"]),
        "shop_lookup_time": ns_text(results["shop.lookup.generated"]["ns_min"]),
        "large_lookup_time": ns_text(results["large.lookup.generated"]["ns_min"]),
    }
    return Report(values, targets(results, large_routes))


def resolve_table(entries, large_routes):
    """The table of every operation; `entries` has ResolveBench's and the hold-and-release
    overhead."""
    hit = entries["reflection.hit"]["ns_min"]

    def row(name, label, table_name, dictionary=None):
        entry = entries[name]
        return [label, table_name, ns_text(entry["ns_min"]), ns_text(entry["ns_median"]),
                count_text(entry["allocations"]),
                ratio(entry["ns_min"], entries[dictionary]["ns_min"]) if dictionary else "–",
                ratio(entry["ns_min"], hit)]

    rows = [
        row("shop.resolve.user_info", "full resolution from `userInfo` (generated `resolve(_:variant:)`)", "shop", "shop.lookup.dictionary"),
        row("shop.resolve.payload", "full resolution from a `Payload`", "shop", "shop.lookup.dictionary"),
        row("shop.payload_from_user_info", "of which: `Payload(userInfo:)`", "shop"),
        row("shop.resolve.shortcut", "the same route as a quick action (`resolve(shortcut:_:variant:)`)", "shop", "shop.lookup.dictionary"),
        row("shop.resolve.activity", "the same route as a user activity (`resolve(activity:_:variant:)`)", "shop", "shop.lookup.dictionary"),
        row("large.resolve.user_info", "full resolution from `userInfo`", f"{large_routes:,} routes", "large.lookup.dictionary"),
        row("large.resolve.payload", "full resolution from a `Payload`", f"{large_routes:,} routes", "large.lookup.dictionary"),
        row("shop.lookup.generated", "type lookup: generated `PushType(rawValue:)`", "shop", "shop.lookup.dictionary"),
        row("large.lookup.generated", "type lookup: generated `PushType(rawValue:)`", f"{large_routes:,} routes", "large.lookup.dictionary"),
        row("shop.lookup.dictionary", "peer: `[String: Route]` lookup", "shop", "shop.lookup.dictionary"),
        row("large.lookup.dictionary", "peer: `[String: Route]` lookup", f"{large_routes:,} routes", "large.lookup.dictionary"),
        row("navigation.resolve.payload", "full resolution from a `Payload`: 2 requirements, a 3-screen back stack", "navigation", "shop.lookup.dictionary"),
        row("navigation.unmet", "of which: checking requirements (`unmet(satisfied:)`)", "navigation"),
        row("navigation.resolve.requirement", "the sign-in route (`resolve(requirement:variant:)`)", "navigation"),
        row("navigation.router.deliver", "router: a tap delivered, requirements met", "navigation"),
        row("navigation.router.hold_release", "router: a tap held (sign-in shown), then released and delivered", "navigation"),
        row("navigation.router.hold_release_overhead", "of which: holding and releasing, beyond the two resolutions it adds", "navigation"),
        row("reflection.hit", "peer: `_typeByName` (`NSClassFromString`), found", "process types"),
        row("reflection.miss", "peer: `_typeByName`, a typo: not found", "process types"),
        row("loop_overhead", "benchmark loop overhead (included above)", "–"),
    ]
    return table(
        ["operation", "table", "time per op (fastest batch)", "median batch", "heap allocations",
         "× dictionary lookup", "× `_typeByName` hit"],
        rows, ["---", "---", "---:", "---:", "---:", "---:", "---:"])


def targets(results, large_routes):
    """The section's targets, as `report` lists them."""
    full = results["shop.resolve.user_info"]["ns_min"]
    full_payload = results["shop.resolve.payload"]["ns_min"]
    lookups = [results["shop.lookup.generated"]["ns_min"], results["large.lookup.generated"]["ns_min"]]
    lookup_allocations = [results[name]["allocations"] for name in ["shop.lookup.generated", "large.lookup.generated"]]
    return [
        Target(
            "3", "a full resolution (type + two params + one URL) from a `Payload` under 1 µs",
            f"{ns_text(full_payload)} "
            f"({ratio(full_payload, results['reflection.hit']['ns_min'])} a `_typeByName` hit)",
            full_payload < 1000, "resolve-full"),
        Target(
            "36", "a quick action's and an activity's resolution within 1.2× of the push's, under 1 µs, allocating no more",
            f"quick action {ns_text(results['shop.resolve.shortcut']['ns_min'])} "
            f"({ratio(results['shop.resolve.shortcut']['ns_min'], full_payload)}), activity "
            f"{ns_text(results['shop.resolve.activity']['ns_min'])} "
            f"({ratio(results['shop.resolve.activity']['ns_min'], full_payload)})",
            all(results[name]["ns_min"] < min(1000, 1.2 * full_payload)
                and results[name]["allocations"] <= results["shop.resolve.payload"]["allocations"]
                for name in ["shop.resolve.shortcut", "shop.resolve.activity"]),
            "resolve-doors"),
        Target(
            "3", "the same resolution from `userInfo` under 1 µs",
            f"{ns_text(full)}, of which `Payload(userInfo:)` "
            f"{ns_text(results['shop.payload_from_user_info']['ns_min'])}",
            full < 1000, "resolve-user-info"),
        Target(
            "3", "type lookup in tens of nanoseconds (< 100 ns)",
            f"{ns_text(lookups[0])} (5 routes), {ns_text(lookups[1])} ({large_routes:,} routes); "
            f"dictionary {ns_text(results['large.lookup.dictionary']['ns_min'])}",
            max(lookups) < 100, "lookup-time"),
        Target(
            "3", "zero heap allocations for the type lookup",
            " and ".join(count_text(a) for a in lookup_allocations),
            all(a == 0 for a in lookup_allocations), "lookup-allocations"),
    ]
