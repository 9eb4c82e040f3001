#!/usr/bin/env python3
"""Validate JSON documents against a JSON Schema (draft 2020-12) with Python's jsonschema.

usage: scripts/validate-schema.py SCHEMA [INSTANCE ...]

First checks SCHEMA itself against the draft 2020-12 meta-schema, then validates each INSTANCE
(a JSON file) and prints one line per instance:

    valid PATH
    invalid PATH: MESSAGE (at /json/pointer)

MESSAGE is jsonschema's best match among the errors. Instances are read with Python's json
module, which also reads `Infinity` and `NaN` (what YAML's `.inf` and `.nan` become).

The schemas are `routec schema` (schema/routes.schema.json) and `routec schema --payloads
MANIFEST`. A manifest is YAML: convert it to JSON the way editors read it (YAML 1.2 core schema)
before validating it here; the Swift tests do that (Tests/RoutecEndToEndTests/SchemaValidatorTests.swift).

Exit status: 0 when every instance is valid, 1 when any is invalid, 2 on a usage or file
problem or when SCHEMA is not a valid schema, 3 when jsonschema is not installed.
"""

import json
import sys


def pointer(path):
    return "/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in path)


def main(arguments):
    if arguments[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if not arguments:
        print("usage: scripts/validate-schema.py SCHEMA [INSTANCE ...]", file=sys.stderr)
        return 2
    try:
        import jsonschema
    except ImportError:
        print("validate-schema.py: jsonschema is not installed; run: python3 -m pip install jsonschema",
              file=sys.stderr)
        return 3

    schema_path, instance_paths = arguments[0], arguments[1:]
    try:
        with open(schema_path, encoding="utf-8") as file:
            schema = json.load(file)
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError) as error:
        print(f"validate-schema.py: cannot read {schema_path}: {error}", file=sys.stderr)
        return 2
    except jsonschema.SchemaError as error:
        print(f"validate-schema.py: {schema_path} is not a valid JSON Schema: {error.message} "
              f"(at {pointer(error.absolute_path)})", file=sys.stderr)
        return 2

    validator = jsonschema.Draft202012Validator(schema)
    all_valid = True
    for path in instance_paths:
        try:
            with open(path, encoding="utf-8") as file:
                instance = json.load(file)
        except (OSError, ValueError) as error:
            print(f"validate-schema.py: cannot read {path}: {error}", file=sys.stderr)
            return 2
        error = jsonschema.exceptions.best_match(validator.iter_errors(instance))
        if error is None:
            print(f"valid {path}")
        else:
            all_valid = False
            print(f"invalid {path}: {error.message} (at {pointer(error.absolute_path)})")
    return 0 if all_valid else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
