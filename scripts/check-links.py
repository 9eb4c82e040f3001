#!/usr/bin/env python3
"""Checks the relative links of the repository's Markdown pages.

    scripts/check-links.py               README.md, CONTRIBUTING.md, CHANGELOG.md and docs/*.md
    scripts/check-links.py FILE...       those files
    scripts/check-links.py --self-test   shows that a missing file and a missing heading fail

Every inline link (`[text](target)`, images too) and link reference definition
(`[id]: target`) outside code blocks and code spans whose target has no URL scheme must name a
file or folder that exists, relative to the page; a `#fragment` must name a heading of the
target page (or of the page itself), slugged as GitHub slugs them, or an explicit HTML anchor
(`<a name="...">`, `id="..."`). Absolute URLs (`https:`, `mailto:`, ...) are not fetched.
Prints one `FILE:LINE: ...` line per broken link and exits 1 when there is any; exits 0
otherwise. Python 3 standard library only.
"""

import contextlib
import io
import os
import re
import sys
import tempfile
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_PAGES = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "docs/*.md"]

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# A link's text may hold one level of brackets and run over lines; its target is a <...> or a run
# without spaces, optionally followed by a title.
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)"
)
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>\n]*>|\S+)", re.MULTILINE)
ATX_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
HTML_ANCHOR = re.compile(r"""<a\s[^>]*\bname=["']([^"']+)["']|\bid=["']([^"']+)["']""")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def blank_code(text):
    """The text with fenced code blocks and code spans replaced by spaces (newlines kept), so
    offsets and line numbers stay those of the file. Returns (text, fenced_line_numbers)."""
    lines = text.split("\n")
    fenced = set()
    fence = None
    for index, line in enumerate(lines):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)
            fenced.add(index)
            lines[index] = " " * len(line)
        elif fence is not None:
            fenced.add(index)
            stripped = line.strip()
            if stripped.startswith(fence[0] * len(fence)) and set(stripped) == {fence[0]}:
                fence = None
            lines[index] = " " * len(line)
    text = "\n".join(lines)

    # Code spans: a run of backticks closed by a run of the same length.
    out = []
    position = 0
    for match in re.finditer(r"`+", text):
        if match.start() < position:
            continue
        ticks = match.group(0)
        close = re.compile(r"(?<!`)" + ticks + r"(?!`)").search(text, match.end())
        if close is None:
            continue
        out.append(text[position : match.end()])
        inner = text[match.end() : close.start()]
        out.append(re.sub(r"[^\n]", "x", inner))
        out.append(ticks)
        position = close.end()
    out.append(text[position:])
    return "".join(out), fenced


def heading_text(raw):
    """A heading's text as GitHub renders it: code span backticks, link targets, images,
    emphasis markers and HTML tags dropped."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", raw)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "")
    text = re.sub(r"(\*+|(?<![A-Za-z0-9])_+|_+(?![A-Za-z0-9]))", "", text)
    return text


def slug(text):
    """GitHub's anchor for a heading's text: lowercased; everything but letters, numbers, marks,
    spaces, hyphens and underscores removed; each space a hyphen."""
    kept = []
    for character in text.strip().lower():
        category = unicodedata.category(character)
        if character in " -_" or category[0] in "LNM":
            kept.append("-" if character == " " else character)
    return "".join(kept)


def anchors(path, cache={}):
    """The fragments a page can be linked with: its headings' slugs (a repeated slug gains -1,
    -2, ... as on GitHub) and its explicit HTML anchors."""
    if path in cache:
        return cache[path]
    with open(path, encoding="utf-8") as file:
        text = file.read()
    found = set()
    counts = {}
    blanked_fence_lines = blank_code(text)[1]
    for index, line in enumerate(text.split("\n")):
        if index in blanked_fence_lines:
            continue
        for match in HTML_ANCHOR.finditer(line):
            found.add(match.group(1) or match.group(2))
        heading = ATX_HEADING.match(line)
        if not heading:
            continue
        base = slug(heading_text(heading.group(2)))
        count = counts.get(base, 0)
        counts[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    cache[path] = found
    return found


def check_page(page):
    """The broken links of one page, as `PAGE:LINE: message` strings."""
    with open(page, encoding="utf-8") as file:
        text = file.read()
    blanked, _ = blank_code(text)
    targets = [(m.start(1), m.group(1)) for m in INLINE_LINK.finditer(blanked)]
    targets += [(m.start(1), m.group(1)) for m in REFERENCE_DEFINITION.finditer(blanked)]
    problems = []
    for offset, _ in sorted(targets):
        # The target as written in the file (the blanked copy has code spans as x's).
        end = offset
        while end < len(text) and not text[end].isspace() and text[end] != ")":
            end += 1
        target = text[offset:end]
        if target.startswith("<"):
            target = text[offset + 1 : text.index(">", offset)]
        line = text.count("\n", 0, offset) + 1
        problem = check_target(page, target)
        if problem:
            problems.append(f"{page}:{line}: {problem}")
    return problems


def check_target(page, target):
    """Nil when `target`, linked from `page`, resolves; otherwise what is wrong."""
    if SCHEME.match(target) or target.startswith("//"):
        return None
    path, _, fragment = target.partition("#")
    if path:
        resolved = os.path.normpath(os.path.join(os.path.dirname(page), path))
        if not os.path.exists(resolved):
            return f"`{target}`: no file or folder {os.path.relpath(resolved)}"
    else:
        resolved = page
    if fragment and resolved.endswith(".md") and os.path.isfile(resolved):
        if fragment not in anchors(resolved):
            return f"`{target}`: {os.path.relpath(resolved)} has no heading with the anchor #{fragment}"
    return None


def default_pages():
    pages = []
    for pattern in DEFAULT_PAGES:
        if pattern.endswith("/*.md"):
            folder = os.path.join(ROOT, pattern[: -len("/*.md")])
            pages += sorted(
                os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".md")
            )
        elif os.path.exists(os.path.join(ROOT, pattern)):
            pages.append(os.path.join(ROOT, pattern))
    return [os.path.relpath(page) for page in pages]


def self_test():
    """A page with good links passes; one with a missing file, one with a missing heading and one
    with a stale reference definition each fail, naming the line."""
    expectations = {
        "`routec lint`": "routec-lint",
        "Checking the app's Info.plist and entitlements": "checking-the-apps-infoplist-and-entitlements",
        "Hosts and schemes per pattern": "hosts-and-schemes-per-pattern",
        "Depending on the package: SwiftPM and Xcode": "depending-on-the-package-swiftpm-and-xcode",
        "A *bold* [link](x.md) — and more": "a-bold-link--and-more",
        "snake_case_name": "snake_case_name",
    }
    failures = []
    for heading, expected in expectations.items():
        actual = slug(heading_text(heading))
        if actual != expected:
            failures.append(f"slug of {heading!r} is {actual!r}, not {expected!r}")

    with tempfile.TemporaryDirectory() as folder:
        os.mkdir(os.path.join(folder, "docs"))

        def write(name, text):
            with open(os.path.join(folder, name), "w", encoding="utf-8") as file:
                file.write(text)
            return os.path.join(folder, name)

        write(
            "docs/guide.md",
            "# Guide\n\n## `routec lint`\n\n## Twice\n\n## Twice\n\n```sh\n# Not a heading\n```\n",
        )
        good = write(
            "good.md",
            "# Good\n\nSee [the guide](docs/guide.md), [lint](docs/guide.md#routec-lint),\n"
            "[the second one](docs/guide.md#twice-1), [here](#good), [docs](docs),\n"
            "[a site](https://example.com/missing.md), ![an image](docs/guide.md) and\n"
            "[a reference][ref].\n\n`[not a link](missing.md)`\n\n```\n[nor this](missing.md)\n```\n\n"
            "[ref]: docs/guide.md#guide\n",
        )
        broken = {
            "missing-file.md": ("# A\n\nText.\n\n[a link that\nwraps](docs/gone.md)\n", 6),
            "missing-heading.md": ("# A\n\n[lint](docs/guide.md#routec-check)\n", 3),
            "fenced-heading.md": ("# A\n\n[x](docs/guide.md#not-a-heading)\n", 3),
            "missing-own-heading.md": ("# A\n\n[up](#b)\n", 3),
            "stale-reference.md": ("# A\n\n[x][r]\n\n[r]: docs/old.md\n", 5),
        }
        if check_page(good):
            failures.append(f"the good page fails: {check_page(good)}")
        for name, (text, line) in broken.items():
            path = write(name, text)
            problems = check_page(path)
            if len(problems) != 1 or not problems[0].startswith(f"{path}:{line}: "):
                failures.append(f"{name}: expected one problem at line {line}, got {problems}")
        # The command itself exits 1 on a broken page and 0 on a good one.
        with contextlib.redirect_stderr(io.StringIO()):
            statuses = (main([os.path.join(folder, "missing-file.md")]), main([good]))
        if statuses != (1, 0):
            failures.append("the exit status does not follow the findings")

    for failure in failures:
        print(f"check-links self-test: {failure}", file=sys.stderr)
    if failures:
        return 1
    print("check-links self-test: passed (a missing file, heading or reference fails)")
    return 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    if any(argument.startswith("-") for argument in arguments):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    pages = arguments or default_pages()
    problems = []
    for page in pages:
        problems += check_page(page)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-links: {len(problems)} broken link(s)", file=sys.stderr)
        return 1
    if not arguments:
        print(f"check-links: the links of {len(pages)} pages resolve")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 1:
        os.chdir(ROOT)
    sys.exit(main(sys.argv[1:]))
