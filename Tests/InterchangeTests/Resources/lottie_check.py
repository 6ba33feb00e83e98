#!/usr/bin/env python3
"""Validates a Lottie file against the Lottie specification's JSON schema (PyPI lottie-specs,
draft 2020-12, with jsonschema) and evaluates its first layer's path shapes with python-lottie
(PyPI lottie) — two implementations nobody here wrote.

Usage: lottie_check.py FILE FRAME...
Prints one JSON object: {"errors": [schema errors, at most 20], "fr", "ip", "op", "w", "h",
"position": [layer position at frame 0], "frames": [[subpath, ...] per FRAME]}, each subpath
{"closed": bool, "v": [[x, y], ...], "i": [...], "o": [...]} as python-lottie evaluates the
shape at that frame (its `get_value`, lottie-web's keyframe rules and bezier easing).
"""
import json, sys
import jsonschema
import lottie
import lottie_specs.resources


def main():
    path, frames = sys.argv[1], [float(f) for f in sys.argv[2:]]
    with open(path) as f:
        document = json.load(f)
    schema = lottie_specs.resources.load_specs()
    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = ["%s: %s" % ("/".join(str(p) for p in e.absolute_path), e.message)
              for e in validator.iter_errors(document)][:20]

    animation = lottie.objects.Animation.load(document)
    layer = animation.layers[0]
    group = layer.shapes[0]
    paths = [s for s in group.shapes if isinstance(s, lottie.objects.shapes.Path)]
    position = layer.transform.position.get_value(0)

    def point(v):
        return [float(v[0]), float(v[1])]

    out_frames = []
    for frame in frames:
        subpaths = []
        for p in paths:
            b = p.shape.get_value(frame)
            subpaths.append({"closed": bool(b.closed), "v": [point(v) for v in b.vertices],
                             "i": [point(v) for v in b.in_tangents], "o": [point(v) for v in b.out_tangents]})
        out_frames.append(subpaths)
    print(json.dumps({"errors": errors, "fr": animation.frame_rate, "ip": animation.in_point,
                      "op": animation.out_point, "w": animation.width, "h": animation.height,
                      "position": point(position), "frames": out_frames}))


if __name__ == "__main__":
    main()
