#!/usr/bin/env python3
"""Independent reference outlines for the Lottie test files, for LottieReferenceTests.

    python lottie_reference.py DIR > references.json

For every file in DIR (the ones make_lottie.py writes) it validates the document against the
Lottie specification's JSON schema (PyPI lottie-specs, with jsonschema) and evaluates layer
outlines at many frames — every frame, frames between them, keyframe times — by one of:

- "python-lottie": python-lottie's own evaluation (Animation.load, ShapeProperty.get_value,
  Transform.to_matrix, parents by `ind`). Exact to rounding for static, linear and hold
  keyframes and for transforms; for cubic-bezier easing python-lottie solves x(t) = x by four
  Newton steps from an 11-sample table (as lottie-web does), good to about 1e-7.
- "mpmath": the same formulas at 50 significant digits, the easing's x(t) = x solved by bisection
  to 1e-45 (the high-precision reference for eased keyframes).
- "closed-form": where python-lottie does not draw what the players draw, the players' formula:
  ellipses with lottie-web's handle factor 0.5519 (python-lottie uses (sqrt 7 - 1)/3 from the
  right-hand point), rounded rectangles with lottie-web's 0.5519 * min(w/2, h/2, r) handles
  (python-lottie: r/2, unclamped), and spatial position segments (to/ti) moved along the curve by
  arc length after easing (python-lottie evaluates the Bezier at the plain time fraction, with
  neither easing nor arc length); the properties feeding the formula are python-lottie's values
  (linear keyframes) or, for the eased arc, mpmath's.

Also "python-lottie" with a note for square rectangles: python-lottie starts at the top-left
corner, lottie-web at the top-right (same direction), so the reference list is rotated by one
vertex to lottie-web's start.

Two rules of python-lottie's keyframe evaluation differ from the players' and are corrected
here, before any reference is computed (see `players_rules`):
- a linear segment (handles x1 = y1, x2 = y2) is the identity: lottie-web's BezierEasing.get
  returns x itself; python-lottie runs its solver on x(t) = 3t^2 - 2t^3, which near the ends
  (slope below 0.001) stops at 1e-7;
- at the frame of the keyframe that ends a hold, the players take that keyframe's value
  (lottie-web moves to the next segment when frame >= its time; lottie-ios returns progress 1
  when the frame reaches the end time, before its hold test); python-lottie keeps the held value.

Points are listed in the order of BezierTune's Path.points for the layer's outline: per subpath
v0, then (out of the previous vertex, in of the next, next vertex) per segment, closing back to
v0 when closed; as decimal strings.
"""
import json
import math
import os
import sys

import jsonschema
import lottie_specs
import mpmath
from lottie import objects as lo
from lottie.nvector import NVector as V

mpmath.mp.dps = 50
FRAMES = sorted(set([float(i) for i in range(0, 31)] + [i + 0.37 for i in range(0, 30)] + [0.001, 14.5, 29.999]))
HANDLE = 0.5519  # lottie-web roundCorner


def s(x):
    return mpmath.nstr(x, 30) if isinstance(x, mpmath.mpf) else repr(float(x))


# ---------------------------------------------------------------- python-lottie evaluation

def players_rules():
    """The two corrections of python-lottie's keyframe evaluation stated in the module docstring."""
    from lottie.objects import properties

    solve = properties.KeyframeBezier.y_at_x

    def y_at_x(self, x):
        if self.h1.x == self.h1.y and self.h2.x == self.h2.y:
            return x
        return solve(self, x)
    properties.KeyframeBezier.y_at_x = y_at_x

    for cls in (properties.OffsetKeyframe, properties.ShapePropKeyframe):
        interpolate = cls.interpolated_value

        def interpolated_value(self, ratio, next_value=None, _interpolate=interpolate):
            end = next_value if self.end is None else self.end
            if ratio == 1 and end is not None:
                return end
            return _interpolate(self, ratio, next_value)
        cls.interpolated_value = interpolated_value


players_rules()

def find_layer(an, name):
    for layer in an.layers:
        if layer.name == name:
            return layer
    raise KeyError(name)


def layer_matrix(an, layer, t):
    m = layer.transform.to_matrix(t)
    p = layer.parent_index
    while p is not None:
        parent = next(l for l in an.layers if l.index == p)
        m = m * parent.transform.to_matrix(t)
        p = parent.parent_index
    return m


def bezier_points(vertices, ins, outs, closed, apply):
    """Path.points order from absolute vertices and control points."""
    pts = [apply(vertices[0])]
    n = len(vertices)
    for k in range(1, n):
        pts += [apply(outs[k - 1]), apply(ins[k]), apply(vertices[k])]
    if closed:
        pts += [apply(outs[n - 1]), apply(ins[0]), apply(vertices[0])]
    return pts


def python_lottie_points(bez, m):
    vs = list(bez.vertices)
    ins = [v + i for v, i in zip(vs, bez.in_tangents)]
    outs = [v + o for v, o in zip(vs, bez.out_tangents)]
    return bezier_points(vs, ins, outs, bez.closed, lambda p: m.apply(p))


def shapes_python_lottie(items, t, m, out, rotate_rect=False):
    for item in items:
        if isinstance(item, lo.Group):
            shapes_python_lottie(item.shapes[:-1], t, item.transform.to_matrix(t) * m, out, rotate_rect)
        elif isinstance(item, lo.Path):
            out += python_lottie_points(item.shape.get_value(t), m)
        elif isinstance(item, lo.Rect):
            bez = item._bezier_t(t)
            if rotate_rect:
                k = 1  # python-lottie: tl, tr, br, bl; lottie-web (d = 1): tr, br, bl, tl
                for attr in ("vertices", "in_tangents", "out_tangents"):
                    lst = getattr(bez, attr)
                    setattr(bez, attr, lst[k:] + lst[:k])
            out += python_lottie_points(bez, m)


# ---------------------------------------------------------------- closed forms (lottie-web)

def ellipse_closed_form(p, size, m):
    p0, p1 = p[0], p[1]
    s0, s1 = size[0] / 2, size[1] / 2
    c = HANDLE
    v = [(p0, p1 - s1), (p0 + s0, p1), (p0, p1 + s1), (p0 - s0, p1)]
    i = [(p0 - s0 * c, p1 - s1), (p0 + s0, p1 - s1 * c), (p0 + s0 * c, p1 + s1), (p0 - s0, p1 + s1 * c)]
    o = [(p0 + s0 * c, p1 - s1), (p0 + s0, p1 + s1 * c), (p0 - s0 * c, p1 + s1), (p0 - s0, p1 - s1 * c)]
    return bezier_points(v, i, o, True, lambda q: m.apply(V(*q)))


def rounded_rect_closed_form(p, size, r, m):
    """Clockwise (d = 1) from the right edge's top end: eight vertices, straight edges and corner
    cubics with handles 0.5519 * rho, rho = min(w/2, h/2, r)."""
    x, y = p[0], p[1]
    hw, hh = size[0] / 2, size[1] / 2
    rho = min(hw, hh, r)
    h = rho * HANDLE  # handle length
    # (vertex, in control point, out control point), clockwise on screen (y down).
    corners = [
        ((x + hw, y - hh + rho), (x + hw, y - hh + rho - h), (x + hw, y - hh + rho)),
        ((x + hw, y + hh - rho), (x + hw, y + hh - rho), (x + hw, y + hh - rho + h)),
        ((x + hw - rho, y + hh), (x + hw - rho + h, y + hh), (x + hw - rho, y + hh)),
        ((x - hw + rho, y + hh), (x - hw + rho, y + hh), (x - hw + rho - h, y + hh)),
        ((x - hw, y + hh - rho), (x - hw, y + hh - rho + h), (x - hw, y + hh - rho)),
        ((x - hw, y - hh + rho), (x - hw, y - hh + rho), (x - hw, y - hh + rho - h)),
        ((x - hw + rho, y - hh), (x - hw + rho - h, y - hh), (x - hw + rho, y - hh)),
        ((x + hw - rho, y - hh), (x + hw - rho, y - hh), (x + hw - rho + h, y - hh)),
    ]
    v = [c[0] for c in corners]
    i = [c[1] for c in corners]
    o = [c[2] for c in corners]
    return bezier_points(v, i, o, True, lambda q: m.apply(V(*q)))


# ---------------------------------------------------------------- mpmath

def mp_bezier(t, c1, c2):
    """The CSS cubic-bezier coordinate 3(1-t)^2 t c1 + 3(1-t) t^2 c2 + t^3."""
    u = 1 - t
    return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t ** 3


def mp_ease(x, o, i):
    """y(x) of the cubic-bezier (o.x, o.y, i.x, i.y), x(t) = x by bisection to 1e-45."""
    x1, y1, x2, y2 = (mpmath.mpf(v) for v in (o["x"][0], o["y"][0], i["x"][0], i["y"][0]))
    if x1 == y1 and x2 == y2:
        return x
    lo_, hi = mpmath.mpf(0), mpmath.mpf(1)
    for _ in range(160):
        mid = (lo_ + hi) / 2
        if mp_bezier(mid, x1, x2) < x:
            lo_ = mid
        else:
            hi = mid
    return mp_bezier((lo_ + hi) / 2, y1, y2)


def mp_keyframe_value(kfs, frame):
    """(start value, end value, eased fraction) by lottie-web's rules, for flat number lists."""
    f = mpmath.mpf(frame)
    times = [k["t"] for k in kfs]
    if f < times[0]:
        return kfs[0]["s"], kfs[0]["s"], mpmath.mpf(0)
    if f >= times[-1]:
        return kfs[-1]["s"], kfs[-1]["s"], mpmath.mpf(0)
    j = max(k for k in range(len(kfs)) if times[k] <= f)
    a, b = kfs[j], kfs[j + 1]
    if a.get("h") == 1:
        return a["s"], a["s"], mpmath.mpf(0)
    x = (f - a["t"]) / (mpmath.mpf(b["t"]) - a["t"])
    return a["s"], b["s"], mp_ease(x, a["o"], a["i"])


def mp_lerp(a, b, p):
    return mpmath.mpf(a) + (mpmath.mpf(b) - mpmath.mpf(a)) * p


def mp_shape_points(sh_json, frame, translate):
    kfs = sh_json["ks"]["k"]
    if isinstance(kfs, dict):
        shape0 = shape1 = kfs
        p = mpmath.mpf(0)
    else:
        a, b, p = mp_keyframe_value(kfs, frame)
        shape0, shape1 = a[0], b[0]
    def lerp_pts(key):
        return [(mp_lerp(u[0], w[0], p), mp_lerp(u[1], w[1], p)) for u, w in zip(shape0[key], shape1[key])]
    vs, ins, outs = lerp_pts("v"), lerp_pts("i"), lerp_pts("o")
    absin = [(v[0] + i[0], v[1] + i[1]) for v, i in zip(vs, ins)]
    absout = [(v[0] + o[0], v[1] + o[1]) for v, o in zip(vs, outs)]
    tx, ty = translate
    return bezier_points(vs, absin, absout, shape0.get("c", False), lambda q: (q[0] + tx, q[1] + ty))


def mp_spatial_position(p_json, frame):
    """The eased point along the spatial Bezier by arc length (lottie-web's construction, exactly)."""
    kfs = p_json["k"]
    f = mpmath.mpf(frame)
    a, b = kfs[0], kfs[1]
    s0 = [mpmath.mpf(v) for v in a["s"]]
    s1 = [mpmath.mpf(v) for v in b["s"]]
    if f <= a["t"]:
        return s0
    if f >= b["t"]:
        return s1
    x = (f - a["t"]) / (mpmath.mpf(b["t"]) - a["t"])
    frac = mp_ease(x, a["o"], a["i"])
    c1 = [s0[0] + a["to"][0], s0[1] + a["to"][1]]
    c2 = [s1[0] + a["ti"][0], s1[1] + a["ti"][1]]
    P = [s0, c1, c2, s1]
    def d(t):
        u = 1 - t
        dx = 3 * u * u * (P[1][0] - P[0][0]) + 6 * u * t * (P[2][0] - P[1][0]) + 3 * t * t * (P[3][0] - P[2][0])
        dy = 3 * u * u * (P[1][1] - P[0][1]) + 6 * u * t * (P[2][1] - P[1][1]) + 3 * t * t * (P[3][1] - P[2][1])
        return mpmath.sqrt(dx * dx + dy * dy)
    # Arc length by Gauss-Legendre quadrature (degree 6: 3*2^6 nodes per call, far below 1e-25
    # on this smooth speed), then Newton's method on s(t) = target with s'(t) = |B'(t)|.
    mpmath.mp.dps = 30
    def length(t):
        return mpmath.quad(d, [0, t], method="gauss-legendre", maxdegree=6)
    target = frac * length(mpmath.mpf(1))
    t = frac
    for _ in range(40):
        step = (length(t) - target) / d(t)
        t -= step
        if abs(step) < mpmath.mpf(10) ** -26:
            break
    mpmath.mp.dps = 50
    u = 1 - t
    return [u ** 3 * P[0][k] + 3 * u * u * t * P[1][k] + 3 * u * t * t * P[2][k] + t ** 3 * P[3][k] for k in range(2)]


# ---------------------------------------------------------------- the cases

def case(name, layer, frame, reference, tolerance, points, note=""):
    return {"file": name, "layer": layer, "frame": frame, "reference": reference, "tolerance": tolerance,
            "note": note, "points": [[s(x), s(y)] for x, y in points]}


def python_case(name, an, layer_name, frame, tolerance, note="", rotate_rect=False):
    layer = find_layer(an, layer_name)
    out = []
    shapes_python_lottie(layer.shapes, frame, layer_matrix(an, layer, frame), out, rotate_rect)
    return case(name, layer_name, frame, "python-lottie", tolerance, [(p.x, p.y) for p in out], note)


def eased_frames(kfs):
    """Frames strictly inside a segment that is eased by a non-linear cubic-bezier."""
    out = []
    for a, b in zip(kfs, kfs[1:]):
        if a.get("h") == 1:
            continue
        o, i = a["o"], a["i"]
        if o["x"][0] == o["y"][0] and i["x"][0] == i["y"][0]:
            continue
        out += [f for f in FRAMES if a["t"] < f < b["t"]]
    return set(out)


def cases_for(name, d):
    an = lo.Animation.load(d)
    cases = []
    if name.startswith("squash"):
        layer = d["layers"][0]
        sh = layer["shapes"][0]
        if sh["ty"] == "gr":
            sh = sh["it"][0]
        kfs = sh["ks"]["k"]
        eased = eased_frames(kfs)
        translate = layer["ks"]["p"]["k"]
        for f in FRAMES:
            tol = 1e-6 if f in eased else 1e-9
            note = "eased: python-lottie solves x(t) = x to about 1e-7" if f in eased else ""
            cases.append(python_case(name, an, layer["nm"], f, tol, note))
            cases.append(case(name, layer["nm"], f, "mpmath", 1e-12, mp_shape_points(sh, f, translate)))
    elif name in ("hold-linear.json", "parented-transforms.json"):
        layer = next(l for l in d["layers"] if l["ty"] == 4)
        for f in FRAMES:
            cases.append(python_case(name, an, layer["nm"], f, 1e-9))
    elif name == "ellipse.json":
        layer = find_layer(an, "Ellipse")
        el = layer.shapes[0]
        for f in FRAMES:
            pts = ellipse_closed_form(el.position.get_value(f), el.size.get_value(f), layer_matrix(an, layer, f))
            cases.append(case(name, "Ellipse", f, "closed-form", 1e-9, [(p.x, p.y) for p in pts],
                              "lottie-web's el: handles 0.5519 of the radii, from the top point"))
    elif name == "rectangles.json":
        rounded = find_layer(an, "Rounded")
        rc = rounded.shapes[0]
        for f in FRAMES:
            pts = rounded_rect_closed_form(rc.position.get_value(f), rc.size.get_value(f),
                                           rc.rounded.get_value(f), layer_matrix(an, rounded, f))
            cases.append(case(name, "Rounded", f, "closed-form", 1e-9, [(p.x, p.y) for p in pts],
                              "lottie-web's rc: handles 0.5519*min(w/2, h/2, r)"))
            cases.append(python_case(name, an, "Square", f, 1e-9,
                                     "python-lottie's list rotated to lottie-web's start (top-right)", rotate_rect=True))
    elif name == "spatial-position.json":
        layer = d["layers"][0]
        sh = layer["shapes"][0]
        for f in FRAMES:
            pos = mp_spatial_position(layer["ks"]["p"], f)
            cases.append(case(name, layer["nm"], f, "closed-form", 1e-12, mp_shape_points(sh, f, pos),
                              "spatial to/ti: eased arc length along the Bezier (python-lottie: plain Bezier at the time fraction)"))
    return cases


def main():
    folder = sys.argv[1]
    schema = lottie_specs.load_specs()
    validator = jsonschema.Draft202012Validator(schema)
    result = {"schema": {}, "cases": []}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            d = json.load(f)
        errors = sorted(validator.iter_errors(d), key=lambda e: list(e.absolute_path))
        result["schema"][name] = "ok" if not errors else "%s at %s" % (errors[0].message[:200], "/".join(map(str, errors[0].absolute_path)))
        result["cases"] += cases_for(name, d)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
