"""How much each run measures: QUICK for `--quick`, a smoke check; FULL for the published page.

sizes             (routes, screens) of the synthetic manifests of sections 1 and 2
compile_runs      compiles of each shape at each size (section 1)
naive_time_limit  seconds after which a compile of the naive shape is stopped (section 1)
generate_runs     runs of each command, by route count (section 2; 5 for a count not listed)
resolve_batches   batches of each resolution benchmark (section 3)
link_rounds       alternating rounds of RouteTable's link benchmarks and the peer's (section 5)
link_batches      batches of each link benchmark in a round (section 5)
launch_runs       launches of each program (section 4)
"""
QUICK = {
    "sizes": [(100, 50), (1000, 100)],
    "compile_runs": 2,
    "naive_time_limit": 60.0,
    "generate_runs": {100: 5, 1000: 5, 10000: 3},
    "resolve_batches": 7,
    "link_rounds": 2,
    "link_batches": 3,
    "launch_runs": 60,
}
FULL = {
    "sizes": [(100, 50), (1000, 100), (10000, 500)],
    "compile_runs": 7,
    "naive_time_limit": 240.0,
    "generate_runs": {100: 31, 1000: 21, 10000: 11},
    "resolve_batches": 25,
    "link_rounds": 5,
    "link_batches": 5,
    "launch_runs": 1000,
}
