"""Exact lengths and bounds of elliptical outlines, computed with mpmath (50 digits) and
independently of BezierTune, for the tests of `beztune path-info --svg-file`.

Reads a JSON list of cases from argv[1] and prints a JSON list of {"length", "box"} (box:
[min_x, min_y, max_x, max_y], y-down SVG user units):

- {"kind": "ellipse", "rx", "ry", "cx", "cy", "matrix": [a, b, c, d, e, f]}: the whole ellipse
  mapped by the SVG matrix. The image of the ellipse is an ellipse whose semi-axes are the
  singular values s1 >= s2 of M_lin * diag(rx, ry); its perimeter is 4 s1 E(1 - s2^2/s1^2)
  (mpmath.ellipe, the complete elliptic integral of the second kind with parameter m). The
  box's half-widths are |row_x| = sqrt(A^2 + C^2), |row_y| = sqrt(B^2 + D^2) of that linear
  map around the mapped centre.
- {"kind": "rect", "x", "y", "width", "height", "rx", "ry"}: straight sides 2(w - 2rx) +
  2(h - 2ry) plus the four quarters of the (rx, ry) ellipse, 4 rx E(1 - ry^2/rx^2) (or with
  the axes swapped when ry > rx).
- {"kind": "arc", "x1", "y1", "rx", "ry", "phi", "fa", "fs", "x2", "y2"}: SVG's A command
  by SVG 1.1 F.6.5 (radii scaled up per F.6.6 when too small), its length by mpmath.quad of
  the speed over the angle range, the path closed by the chord back to (x1, y1); the box from
  a dense sampling refined by mpmath.findroot of dx/dθ and dy/dθ.
"""
import json
import sys

import mpmath as mp

mp.mp.dps = 50


def perimeter(a, b):
    a, b = (a, b) if a >= b else (b, a)
    return 4 * a * mp.ellipe(1 - (b / a) ** 2)


def ellipse(case):
    rx, ry = mp.mpf(case["rx"]), mp.mpf(case["ry"])
    a, b, c, d, e, f = [mp.mpf(v) for v in case.get("matrix", [1, 0, 0, 1, 0, 0])]
    cx, cy = mp.mpf(case.get("cx", 0)), mp.mpf(case.get("cy", 0))
    A, B, C, D = a * rx, b * rx, c * ry, d * ry  # columns (A, B), (C, D)
    s = mp.svd_r(mp.matrix([[A, C], [B, D]]), compute_uv=False)
    length = perimeter(s[0], s[1])
    mx, my = a * cx + c * cy + e, b * cx + d * cy + f
    hx, hy = mp.sqrt(A ** 2 + C ** 2), mp.sqrt(B ** 2 + D ** 2)
    return length, [mx - hx, my - hy, mx + hx, my + hy]


def rect(case):
    x, y, w, h = (mp.mpf(case[k]) for k in ("x", "y", "width", "height"))
    rx, ry = mp.mpf(case["rx"]), mp.mpf(case["ry"])
    length = 2 * (w - 2 * rx) + 2 * (h - 2 * ry) + perimeter(rx, ry)
    return length, [x, y, x + w, y + h]


def arc(case):
    x1, y1, x2, y2 = (mp.mpf(case[k]) for k in ("x1", "y1", "x2", "y2"))
    rx, ry = abs(mp.mpf(case["rx"])), abs(mp.mpf(case["ry"]))
    phi = mp.radians(case["phi"])
    fa, fs = bool(case["fa"]), bool(case["fs"])
    co, si = mp.cos(phi), mp.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = co * dx + si * dy, -si * dx + co * dy
    lam = x1p ** 2 / rx ** 2 + y1p ** 2 / ry ** 2
    if lam > 1:
        rx, ry = rx * mp.sqrt(lam), ry * mp.sqrt(lam)
    num = rx ** 2 * ry ** 2 - rx ** 2 * y1p ** 2 - ry ** 2 * x1p ** 2
    den = rx ** 2 * y1p ** 2 + ry ** 2 * x1p ** 2
    k = mp.sqrt(max(num / den, 0)) * (1 if fa != fs else -1)
    cxp, cyp = k * rx * y1p / ry, -k * ry * x1p / rx
    cx, cy = co * cxp - si * cyp + (x1 + x2) / 2, si * cxp + co * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        return mp.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    ux, uy = (x1p - cxp) / rx, (y1p - cyp) / ry
    vx, vy = (-x1p - cxp) / rx, (-y1p - cyp) / ry
    t1 = angle(1, 0, ux, uy)
    dt = angle(ux, uy, vx, vy)
    if not fs and dt > 0:
        dt -= 2 * mp.pi
    elif fs and dt < 0:
        dt += 2 * mp.pi

    def point(t):
        return (cx + co * rx * mp.cos(t) - si * ry * mp.sin(t), cy + si * rx * mp.cos(t) + co * ry * mp.sin(t))

    def speed(t):
        return mp.sqrt((rx * mp.sin(t)) ** 2 + (ry * mp.cos(t)) ** 2)

    lo, hi = (t1, t1 + dt) if dt > 0 else (t1 + dt, t1)
    length = mp.quad(speed, mp.linspace(lo, hi, 9)) + mp.hypot(x2 - x1, y2 - y1)
    xs, ys = [x1, x2], [y1, y2]
    n = 64
    for i in range(n + 1):
        t = lo + (hi - lo) * i / n
        for coord, dcoord, out in ((0, lambda t: -co * rx * mp.sin(t) - si * ry * mp.cos(t), xs),
                                   (1, lambda t: -si * rx * mp.sin(t) + co * ry * mp.cos(t), ys)):
            if i < n:
                t2 = lo + (hi - lo) * (i + 1) / n
                if dcoord(t) * dcoord(t2) < 0:
                    root = mp.findroot(dcoord, (t, t2), solver="anderson")
                    out.append(point(root)[coord])
    return length, [min(xs), min(ys), max(xs), max(ys)]


def main():
    cases = json.loads(sys.argv[1])
    out = []
    for case in cases:
        length, box = {"ellipse": ellipse, "rect": rect, "arc": arc}[case["kind"]](case)
        out.append({"length": mp.nstr(length, 25), "box": [mp.nstr(v, 25) for v in box]})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
