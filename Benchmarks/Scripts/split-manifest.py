#!/usr/bin/env python3
"""Splits a manifest from scripts/make-large-manifest.py into an app manifest and feature manifests.

    split-manifest.py MANIFEST FEATURES OUT_FOLDER

Writes OUT_FOLDER/whole.routes.yaml (the manifest as this script writes YAML, so that both sides
are written alike), OUT_FOLDER/app.routes.yaml (everything but screens and routes, plus `compose`) and
OUT_FOLDER/features/fK.routes.yaml for K in 0..FEATURES-1: screen number S goes to feature
S % FEATURES, with every route that opens it (routes name the app's tabs, variants and bases, and
their link patterns stay app-wide). The same routes as one manifest and as a composition are what
the feature-modules benchmark compares.
"""
import sys
from pathlib import Path

import yaml


def main() -> None:
    source, features, out = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    manifest = yaml.load(Path(source).read_text(), Loader=yaml.CSafeLoader)
    out.mkdir(parents=True, exist_ok=True)
    (out / "whole.routes.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False))
    screens, routes = manifest.pop("screens"), manifest.pop("routes")
    names = [f"F{k}" for k in range(features)]
    app = {"manifest": 1, "namespace": manifest.pop("namespace", "Large"), "compose": names}
    app.update({key: value for key, value in manifest.items() if key != "manifest"})
    (out / "features").mkdir(parents=True, exist_ok=True)
    (out / "app.routes.yaml").write_text(yaml.safe_dump(app, sort_keys=False))
    owner = {name: int(name.removeprefix("Screen")) % features for name in screens}
    for k, name in enumerate(names):
        feature = {
            "manifest": 1,
            "feature": name,
            "screens": {s: v or {} for s, v in screens.items() if owner[s] == k},
            "routes": {r: v for r, v in routes.items() if owner[v["screen"]] == k},
        }
        (out / "features" / f"f{k}.routes.yaml").write_text(yaml.safe_dump(feature, sort_keys=False))


if __name__ == "__main__":
    main()
