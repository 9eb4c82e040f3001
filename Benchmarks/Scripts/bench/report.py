"""What each section hands the page writer."""
from typing import NamedTuple


class Target(NamedTuple):
    """A row of the page's targets table. `section` is the number of the section that measures
    it; `note` names the paragraph of paragraphs.template.md the page gives it under "Notes on
    missed targets" when it was not met."""
    section: str
    text: str
    measured: str
    met: bool
    note: str


class Report(NamedTuple):
    """A section's part of the page: `values` fills placeholders of the templates (the section's
    tables and figures, and those of its targets' notes); `targets` in the order the page lists
    them."""
    values: dict
    targets: list
