"""One module per section of the results page, named after what it measures. Each has
`measure(settings, ...)`, which runs the section's benchmarks and returns their results, and
`report(settings, results, ...)`, which returns the section's `report.Report`: the values of its
placeholders in the templates (its tables among them) and its targets.

compile_cost    1. Does it slow my build? Compile cost of the generated file
generate_speed  2. Does it slow my build? `routec generate` speed
resolve_speed   3. How fast is a resolution?
launch_cost     4. Does it slow my app's launch?
link_speed      5. How fast is opening a link?
"""
