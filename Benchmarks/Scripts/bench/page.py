"""The page writer: RESULTS.template.md filled with the run's facts, the sections' reports,
the targets table and the notes on missed targets."""
import datetime
from pathlib import Path
from typing import NamedTuple

from . import templates
from .formatting import table, verdict


class Run(NamedTuple):
    """How the run was made: `quick` for a smoke check, the `command` that made it, the large
    table's route count and push type, when it started and finished (UTC datetimes), the load
    average before and after, and the machine's facts (see machine.facts)."""
    quick: bool
    command: str
    large_routes: int
    large_type: str
    started: datetime.datetime
    finished: datetime.datetime
    load_before: tuple
    load_after: tuple
    facts: dict


def write(path, run, reports):
    """Writes the page for `run` to path; `reports` are the sections' reports in the order
    they were measured, which is the targets table's."""
    values = {}
    for report in reports:
        values.update(report.values)
    targets = [target for report in reports for target in report.targets]
    values.update({
        "quick_note": templates.paragraph("quick") + "\n\n" if run.quick else "",
        "command": run.command,
        "machine": machine_table(run),
        "targets": table(["", "target", "measured", ""],
                         [[target.section, target.text, target.measured, verdict(target.met)] for target in targets],
                         ["---", "---", "---", "---"]),
        "large_routes": f"{run.large_routes:,}",
        "large_type": run.large_type,
    })
    values["missed_notes"] = missed_notes(targets, values)
    Path(path).write_text(templates.page(values))


def machine_table(run):
    """When and where the run was made."""
    facts, started, finished = run.facts, run.started, run.finished
    return table(["", ""], [
        ["date", f"{started:%Y-%m-%d %H:%M} UTC ({(finished - started).total_seconds() / 60:.0f} minutes)"],
        ["machine", f"{facts['cores']} cores, {facts['arch']}, {facts['cpu']}, {facts['memory']}, {facts['os']}"],
        ["toolchain", facts["swift"]],
        ["other tools", f"{facts['cc']}; libyaml {facts['libyaml']}; Python {facts['python']} with PyYAML {facts['pyyaml']}"],
        ["checkout", facts["commit"]],
        ["load average", f"{run.load_before[0]:.2f} at the start, {run.load_after[0]:.2f} at the end (other builds share the machine)"],
    ], ["---", "---"])


def missed_notes(targets, values):
    """The section under "Notes on missed targets": how the notes were found, then each missed
    target's note, filled with values, once per note; or that every target was met."""
    missed = [target for target in targets if not target.met]
    paragraphs = [templates.paragraph("missed" if missed else "all-met")]
    seen = set()
    for target in missed:
        note = templates.paragraph(target.note, values)
        if note in seen:
            continue
        seen.add(note)
        paragraphs.append(f"**{target.section}. {target.text}.** {note}")
    return "\n\n".join(paragraphs)
