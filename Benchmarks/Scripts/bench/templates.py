"""The page's prose, kept out of the code: RESULTS.template.md is the page, and
paragraphs.template.md holds the paragraphs it includes only in some runs, each under a line
`<!-- name -->`. Both are `string.Template` text, whose `$name` and `${name}` placeholders take
the values the sections and the page writer compute; a placeholder without a value is a
KeyError.
"""
import functools
import re
from pathlib import Path
from string import Template

FOLDER = Path(__file__).parent


def page(values):
    """RESULTS.template.md filled with values."""
    return Template((FOLDER / "RESULTS.template.md").read_text(encoding="utf-8")).substitute(values)


def paragraph(name, values=None):
    """The paragraph `name` of paragraphs.template.md filled with values, without the blank
    lines around it."""
    return _paragraphs()[name].substitute(values or {})


@functools.cache
def _paragraphs():
    text = (FOLDER / "paragraphs.template.md").read_text(encoding="utf-8")
    parts = re.split(r"^<!-- ([a-z-]+) -->\n", text, flags=re.MULTILINE)
    return {name: Template(body.strip("\n")) for name, body in zip(parts[1::2], parts[2::2])}
