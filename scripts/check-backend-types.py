#!/usr/bin/env python3
"""The payload schema in the field's tools: pydantic models generated from it accept what the app
opens and reject what it does not.

    scripts/check-backend-types.py ROUTEC [MANIFEST]

MANIFEST defaults to routes/shop.routes.yaml. Runs `ROUTEC schema --payloads MANIFEST`, turns the
schema into pydantic models with datamodel-code-generator (`datamodel-codegen`, from PyPI), then
checks that the models accept the payload `ROUTEC payload MANIFEST ROUTE --example` writes for
every route of the schema, and reject, for each route with a required parameter, that payload
without the parameter and with the parameter given a value of another type. Exits 1 naming each
disagreement; a backend team generating its types from the schema would hit the same.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("error: %s exited %d:\n%s" % (" ".join(command), done.returncode, done.stderr))
    return done.stdout


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: scripts/check-backend-types.py ROUTEC [MANIFEST]")
    routec = sys.argv[1]
    manifest = sys.argv[2] if len(sys.argv) == 3 else os.path.join(ROOT, "routes", "shop.routes.yaml")
    codegen = shutil.which("datamodel-codegen")
    if codegen is None:
        sys.exit("error: datamodel-codegen is not installed (pip install datamodel-code-generator)")
    try:
        import pydantic
    except ImportError:
        sys.exit("error: pydantic is not installed (it comes with datamodel-code-generator)")

    schema = json.loads(run([routec, "schema", "--payloads", manifest]))
    with tempfile.TemporaryDirectory() as folder:
        schema_path = os.path.join(folder, "payload.schema.json")
        models_path = os.path.join(folder, "payload_models.py")
        with open(schema_path, "w") as out:
            json.dump(schema, out)
        run([codegen, "--input", schema_path, "--input-file-type", "jsonschema",
             "--output-model-type", "pydantic_v2.BaseModel", "--class-name", "PushPayload",
             "--formatters", "isort", "--output", models_path])
        spec = importlib.util.spec_from_file_location("payload_models", models_path)
        models = importlib.util.module_from_spec(spec)
        # Registered before it runs: the models' annotations name each other by module.
        sys.modules["payload_models"] = models
        spec.loader.exec_module(models)
    model = models.PushPayload
    model.model_rebuild()

    def accepts(payload):
        try:
            model.model_validate(payload)
            return True
        except pydantic.ValidationError:
            return False

    problems = []
    checked = 0
    for route, definition in schema["$defs"].items():
        payload = json.loads(run([routec, "payload", manifest, route, "--example"]))
        checked += 1
        if not accepts(payload):
            problems.append("the models refuse the example payload of `%s`: %s" % (route, payload))
        alternatives = definition.get("anyOf", [definition])
        required = [key for key in alternatives[0].get("required", [])
                    if key not in ("type", "aps") and key in payload]
        for key in required:
            missing = {name: value for name, value in payload.items() if name != key}
            if accepts(missing):
                problems.append("the models accept `%s` without `%s`: %s" % (route, key, missing))
            mistyped = dict(payload, **{key: {"not": "a parameter value"}})
            if accepts(mistyped):
                problems.append("the models accept `%s` with an object as `%s`" % (route, key))
    for problem in problems:
        print("error: " + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print("check-backend-types: pydantic models from the payload schema of %s accept the example "
          "payloads of %d routes and reject each missing or mistyped required value"
          % (os.path.relpath(manifest), checked))


if __name__ == "__main__":
    main()
