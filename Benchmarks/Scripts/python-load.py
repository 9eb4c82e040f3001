#!/usr/bin/env python3
"""The peer for `routec generate`: PyYAML's libyaml-backed loader building Python objects from
the same manifest, without checking or generating anything.

Usage: python-load.py FILE   prints the seconds spent reading and loading the file (interpreter
start and `import yaml` excluded), and fails when PyYAML has no CSafeLoader (libyaml missing).
"""
import sys
import time

import yaml


def main() -> None:
    start = time.perf_counter()
    with open(sys.argv[1], "rb") as file:
        document = yaml.load(file.read(), Loader=yaml.CSafeLoader)
    elapsed = time.perf_counter() - start
    if not isinstance(document, dict):
        sys.exit("the manifest did not load as a mapping")
    print(f"{elapsed:.9f}")


if __name__ == "__main__":
    main()
