#!/usr/bin/env python3
"""Writes the Lottie test files of the Interchange tests with python-lottie (PyPI `lottie`,
pinned in Tests/References/requirements.txt), so that the files are an independent library's
output, not ours. Run in the reference venv:

    python make_lottie.py OUTDIR

The test suite runs it into a scratch folder and requires byte-identical files to the ones
committed beside this script, so the committed data are reproducible from it.

The squash shapes are the Bezier ball of Deform's ball model (Sources/Deform/Ball/BallGeometry.swift),
computed here from the model's formulas: anchors r*(0,0), r*(1,1), r*(0,2), r*(-1,1) (bottom,
right, top, left; model space y up, bottom point at the origin), each handle k*r long along
the circle's tangent, every point of an anchor scaled about the origin by that anchor's
(x, y) factors. Lottie is y down: the shape is drawn with y negated, and the layer's position
puts the ball's bottom point at (256, 400).
"""
import json
import math
import os
import sys

from lottie import objects as lo
from lottie.nvector import NVector as V

# The ball model (BallAnchor, BallHandle): unit anchor positions, and per anchor its
# (out handle, in handle) unit directions in drawing order bottom -> right -> top -> left.
ANCHORS = [(0.0, 0.0), (1.0, 1.0), (0.0, 2.0), (-1.0, 1.0)]
# Handle directions: out of each anchor towards the next, into each anchor from the previous.
OUT_DIRECTIONS = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)]   # bottomRight, rightUpper, topLeft, leftLower
IN_DIRECTIONS = [(-1.0, 0.0), (0.0, -1.0), (1.0, 0.0), (0.0, 1.0)]    # bottomLeft, rightLower, topRight, leftUpper

SEED_K = 1 / 1.8
RADIUS = 50.0
BOTTOM = (256.0, 400.0)


def ball_bezier(radius=RADIUS, k=SEED_K, x_factors=(1, 1, 1, 1), y_factors=(1, 1, 1, 1)):
    """The ball as a closed python-lottie Bezier in y-down shape coordinates (bottom at the origin).

    anchor a:  P = (sx_a * r * A.x, sy_a * r * A.y)
    handle h:  P = (sx_a * (r * A.x + k * r * o.x), sy_a * (r * A.y + k * r * o.y))
    so the tangent relative to its anchor is (sx_a * k * r * o.x, sy_a * k * r * o.y).
    """
    bez = lo.Bezier()
    for a, (ax, ay) in enumerate(ANCHORS):
        sx, sy = x_factors[a], y_factors[a]
        vx, vy = sx * radius * ax, sy * radius * ay
        ox, oy = OUT_DIRECTIONS[a]
        ix, iy = IN_DIRECTIONS[a]
        length = k * radius
        vertex = V(vx, -vy)
        in_tangent = V(sx * length * ix, -(sy * length * iy))
        out_tangent = V(sx * length * ox, -(sy * length * oy))
        bez.add_point(vertex, in_tangent, out_tangent)
    bez.close()
    return bez


def squash(x_factor, y_factor, top_y=None):
    ys = (y_factor, y_factor, top_y if top_y is not None else y_factor, y_factor)
    return ball_bezier(x_factors=(x_factor,) * 4, y_factors=ys)


def animation(frames=30, rate=30, name="Ball"):
    an = lo.Animation(frames, rate)
    an.width = 512
    an.height = 512
    an.name = name
    return an


def shape_layer(an, name):
    layer = lo.ShapeLayer()
    layer.name = name
    an.add_layer(layer)
    return layer


def bezier_easing(x1, y1, x2, y2):
    return lo.easing.Bezier(V(x1, y1), V(x2, y2))


def squash_two_keyframes():
    """The rest circle at frame 0 squashed to the seed's end pose (x 1.2, y 0.8) at frame 30,
    eased by one cubic-bezier (0.33, 0, 0.2, 1)."""
    an = animation()
    layer = shape_layer(an, "Ball")
    layer.transform.position.value = V(*BOTTOM)
    group = layer.add_shape(lo.Group())
    group.name = "Ball group"
    path = group.add_shape(lo.Path())
    path.shape.add_keyframe(0, squash(1, 1), bezier_easing(0.33, 0.0, 0.2, 1.0))
    path.shape.add_keyframe(30, squash(1.2, 0.8))
    group.add_shape(lo.Fill())
    return an


def squash_keyframes():
    """A multi-keyframe squash: five poses between frames 2 and 28 (held at both ends), with a
    different easing per segment, two of them linear."""
    an = animation()
    layer = shape_layer(an, "Squash")
    layer.transform.position.value = V(*BOTTOM)
    path = layer.add_shape(lo.Path())
    poses = [(2, squash(1, 1)), (9, squash(1.12, 0.88)), (15, squash(1.2, 0.8, 0.7)),
             (21, squash(1.08, 0.92)), (28, squash(1, 1))]
    easings = [bezier_easing(0.42, 0.0, 0.58, 1.0), lo.easing.Linear(),
               bezier_easing(0.1, 0.7, 0.3, 1.0), lo.easing.Linear()]
    for i, (t, bez) in enumerate(poses):
        path.shape.add_keyframe(t, bez, easings[i] if i < len(easings) else lo.easing.Linear())
    layer.add_shape(lo.Fill())
    return an


def hold_linear():
    """Hold and linear keyframes: a path held, then moved linearly; a position held between two
    linear moves; a rotation with a hold."""
    an = animation()
    layer = shape_layer(an, "Steps")
    path = layer.add_shape(lo.Path())
    path.shape.add_keyframe(0, squash(1, 1), lo.easing.Hold())
    path.shape.add_keyframe(10, squash(1.1, 0.9), lo.easing.Linear())
    path.shape.add_keyframe(20, squash(1.3, 0.7))
    p = layer.transform.position
    p.add_keyframe(0, V(100, 300), lo.easing.Linear())
    p.add_keyframe(8, V(180, 320), lo.easing.Hold())
    p.add_keyframe(16, V(200, 340), lo.easing.Linear())
    p.add_keyframe(24, V(260, 400))
    r = layer.transform.rotation
    r.add_keyframe(4, 0, lo.easing.Linear())
    r.add_keyframe(12, 30, lo.easing.Hold())
    r.add_keyframe(20, -15)
    layer.add_shape(lo.Fill())
    return an


def parented_transforms():
    """A shape layer parented to a null layer, both with animated (linear) transforms, a split
    position on the null, a group transform with a static skew, and a grandparent."""
    an = animation()
    root = lo.NullLayer()
    root.name = "Root"
    an.add_layer(root)
    root.transform.position.value = V(40, -20)
    root.transform.scale.value = V(110, 90)
    root.index = 7

    null = lo.NullLayer()
    null.name = "Rig"
    an.add_layer(null)
    null.index = 3
    null.parent_index = 7
    null.transform.position = lo.helpers.PositionValue()
    split = {"s": True, "x": {"a": 1, "k": [
        {"t": 0, "s": [200], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
        {"t": 30, "s": [300]}]}, "y": {"a": 0, "k": 250}}
    null.transform.anchor_point.value = V(10, 5)
    null.transform.rotation.add_keyframe(0, 0, lo.easing.Linear())
    null.transform.rotation.add_keyframe(30, 90)
    null.transform.scale.add_keyframe(0, V(100, 100), lo.easing.Linear())
    null.transform.scale.add_keyframe(15, V(150, 80), lo.easing.Linear())
    null.transform.scale.add_keyframe(30, V(120, 120))

    layer = shape_layer(an, "Child")
    layer.parent_index = 3
    layer.index = 5
    layer.transform.anchor_point.add_keyframe(0, V(0, 0), lo.easing.Linear())
    layer.transform.anchor_point.add_keyframe(30, V(20, -10))
    layer.transform.position.add_keyframe(0, V(50, 60), lo.easing.Linear())
    layer.transform.position.add_keyframe(30, V(-30, 10))
    layer.transform.rotation.value = 12.5
    group = layer.add_shape(lo.Group())
    path = group.add_shape(lo.Path())
    path.shape.value = squash(1.1, 0.9)
    group.transform.position.add_keyframe(0, V(5, 5), lo.easing.Linear())
    group.transform.position.add_keyframe(30, V(-5, 15))
    group.transform.rotation.add_keyframe(0, -20, lo.easing.Linear())
    group.transform.rotation.add_keyframe(30, 40)
    group.transform.scale.value = V(80, 125)
    group.transform.anchor_point.value = V(3, -4)
    group.transform.skew.value = 15
    group.add_shape(lo.Fill())
    d = an.to_dict()
    # python-lottie 0.7.2 writes no split position; the file states it as the format does.
    d["layers"][1]["ks"]["p"] = split
    return d


def ellipse():
    """An ellipse layer whose size grows linearly and whose centre moves linearly."""
    an = animation()
    layer = shape_layer(an, "Ellipse")
    layer.transform.position.value = V(256, 256)
    el = layer.add_shape(lo.Ellipse(V(0, 0), V(100, 100)))
    el.size.add_keyframe(0, V(100, 100), lo.easing.Linear())
    el.size.add_keyframe(30, V(140, 70))
    el.position.add_keyframe(0, V(0, 0), lo.easing.Linear())
    el.position.add_keyframe(30, V(10, -5))
    layer.add_shape(lo.Fill())
    return an


def rectangles():
    """A rounded rectangle (roundness 18, then clamped by a shrinking height) and a square-cornered
    one, each in its own layer."""
    an = animation()
    layer = shape_layer(an, "Rounded")
    layer.transform.position.value = V(256, 256)
    rc = layer.add_shape(lo.Rect(V(0, 0), V(160, 100), 18))
    rc.size.add_keyframe(0, V(160, 100), lo.easing.Linear())
    rc.size.add_keyframe(30, V(200, 30))
    layer.add_shape(lo.Fill())
    square = shape_layer(an, "Square")
    square.transform.position.value = V(100, 120)
    sq = square.add_shape(lo.Rect(V(5, -5), V(60, 40), 0))
    sq.size.add_keyframe(0, V(60, 40), lo.easing.Linear())
    sq.size.add_keyframe(30, V(90, 20))
    square.add_shape(lo.Fill())
    return an


def spatial_position():
    """A layer whose position moves along a spatial Bézier (to/ti), eased."""
    an = animation()
    layer = shape_layer(an, "Arc")
    p = layer.transform.position
    k0 = p.add_keyframe(0, V(100, 400), bezier_easing(0.25, 0.1, 0.25, 1.0))
    k0.out_tan = V(60, -200)
    k0.in_tan = V(-120, 10)
    p.add_keyframe(30, V(400, 380))
    path = layer.add_shape(lo.Path())
    path.shape.value = squash(1, 1)
    layer.add_shape(lo.Fill())
    return an


FILES = {
    "squash-two-keyframes.json": squash_two_keyframes,
    "squash-keyframes.json": squash_keyframes,
    "hold-linear.json": hold_linear,
    "parented-transforms.json": parented_transforms,
    "ellipse.json": ellipse,
    "rectangles.json": rectangles,
    "spatial-position.json": spatial_position,
}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_lottie.py OUTDIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, make in FILES.items():
        made = make()
        d = made if isinstance(made, dict) else made.to_dict()
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            json.dump(d, f, indent=1, sort_keys=False)
            f.write("\n")


if __name__ == "__main__":
    main()
