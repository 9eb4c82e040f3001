"""RouteTable's benchmarks, as Benchmarks/Scripts/bench.py runs them and writes their page.

settings      how much the quick and the full run measure
measure       running programs and timing them: the primitives every section measures with
shapes        the inputs: synthetic manifests, and the shapes of generated code compiled
sections/     one module per section of the page: what it measures, its tables and targets
machine       the machine, tools and checkout the page names
formatting    numbers and tables as the page writes them
templates     the page's prose: RESULTS.template.md and paragraphs.template.md
page          the page writer
"""
