#!/usr/bin/env python3
"""Writes each ```swift block of the given Markdown files to its own Swift file, for
scripts/check-apple.sh, and prints one line per block: KIND<TAB>FILE:LINE<TAB>SWIFT-FILE.

Each Swift file starts with `#sourceLocation(file: "docs/x.md", line: N)`, so the compiler
names the Markdown file and line of any error. KIND is:

- `app`: app code; compiled as a library file (declarations only, `@main` allowed). A block
  with no `import` line is a piece of an app file: `import RouteTableNavigation`, `UIKit`,
  `UserNotifications` and `SwiftUI` are put in front of it.
- `test`: a block with `@Test`: test code, compiled for the host with swift-testing (a block with
  no `import` line gets `import Foundation`, `RouteTableNavigation` and `Testing`).
- `package`: a block starting `// swift-tools-version`: a package manifest, not app code.
- `fragment`: a block opened as ```swift fragment, or right after a `<!-- fragment -->` line
- `third-party`: a block that imports a module neither the SDK nor this package has, nor a stub
  in scripts/apple/stubs (THIRD_PARTY); FirebaseRemoteConfig has a stub, so its blocks are
  `app` blocks, compiled against it.
"""
import os
import re
import sys

# Modules a block may import that the check cannot provide.
THIRD_PARTY = {"FirebaseMessaging", "FirebaseCore"}

out_dir, files = sys.argv[1], sys.argv[2:]
count = 0
for path in files:
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    index = 0
    while index < len(lines):
        opening = lines[index]
        match = re.match(r"^```swift(\s+(\S+))?\s*$", opening)
        if not match:
            index += 1
            continue
        start = index + 1  # 0-based index of the block's first line
        end = start
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        body = lines[start:end]
        previous = lines[index - 1].strip() if index > 0 else ""
        imports = {m.group(1) for m in (re.match(r"^\s*import\s+(\w+)", l) for l in body) if m}
        if match.group(2) == "fragment" or previous == "<!-- fragment -->":
            kind = "fragment"
        elif imports & THIRD_PARTY:
            kind = "third-party"
        elif body and body[0].startswith("// swift-tools-version"):
            kind = "package"
        elif any(re.match(r"^\s*@Test\b", line) for line in body):
            kind = "test"
        else:
            kind = "app"
        count += 1
        name = os.path.join(out_dir, f"block{count:03d}.swift")
        has_import = any(re.match(r"^(@\w+(\([^)]*\))?\s+)*import\s", line) for line in body)
        prelude = []
        if kind == "app" and not has_import:
            prelude = [
                "import RouteTableNavigation", "import SwiftUI", "import UIKit",
                "import UserNotifications",
            ]
        elif kind == "test" and not has_import:
            prelude = ["import Foundation", "import RouteTableNavigation", "import Testing"]
        with open(name, "w", encoding="utf-8") as swift:
            swift.write("\n".join(prelude) + "\n")
            swift.write(f'#sourceLocation(file: "{path}", line: {start + 1})\n')
            swift.write("\n".join(body) + "\n")
            swift.write("#sourceLocation()\n")
        print(f"{kind}\t{path}:{start + 1}\t{name}")
        index = end + 1
