#!/usr/bin/env python3
"""Writes the squash targets in examples/: outlines of a ball pressed on the floor, drawn from a
physical model that is *not* BezierTune's ball model, for `beztune fit` to match.

The model: a 2-D inflated membrane (a balloon or a rubber ball's skin) of rest radius R resting on
the floor y = 0 and squashed to height H. By Laplace's law a membrane under uniform tension and
pressure has constant curvature wherever it is free, so the free boundary is one circular arc
(radius rho, centre (0, H - rho)); where it touches the floor it is flat (the contact patch
-c <= x <= c); bending stiffness rounds the two contact edges into fillet arcs of radius f, tangent
to the floor at (+-c, 0) and internally tangent to the main arc. The enclosed area is preserved
(the gas is incompressible at these pressures, and rubber keeps its volume): rho is solved so that
the area equals pi R^2. Every piece is an exact circle; the SVG writes them as elliptical-arc
commands (`A`), which BezierTune converts to cubics within 2.7e-4 of the radius.

Squash s in (0, 1]: H = 2R(1 - 0.3 s), f = R(0.32 - 0.16 s) (the fillet tightens as the ball is
pressed harder). Model space is y-up with the bottom centre at the origin; SVG space is y-down, so
the SVG files draw y -> -y and `beztune fit` flips them back.

Outputs (deterministic; the CSV noise is seeded):
  examples/squash-0.25.svg … squash-1.svg   one <path> each
  examples/squash-0.5-points.csv            x,y (model space): 160 points of squash 0.5 spaced by
                                            arc length, with N(0, 0.15^2) noise on each coordinate
                                            (a digitised outline)
  examples/squash-manifest.csv              file,squash: the four SVGs, for `beztune fit --targets`
  examples/keyframes/press-0.svg … press-8.svg
                                            a press as 9 keyframes: progress x = 0, 1/8, …, 1, squash
                                            s = ease(x) with the cubic-bezier timing PRESS_EASE
                                            (0.4, 0, 0.2, 1) — a designer's ease-in-out; x = 0 is
                                            the resting circle (two arcs)
  examples/squash-keyframes.csv             progress,file: those keyframes, for `beztune fit-profile`

usage: python3 examples/make_targets.py [--out DIR]
"""
import argparse
import math
import os
import random

R = 50.0
# The press's easing: squash s = cubic-bezier(0.4, 0, 0.2, 1) of the progress (CSS Easing Level 1).
PRESS_EASE = (0.4, 0.0, 0.2, 1.0)
PRESS_KEYFRAMES = 9


def geometry(s):
    """(H, rho, f, c) for squash s: height, main-arc radius, fillet radius, contact half-width."""
    H = 2 * R * (1 - 0.3 * s)
    f = R * (0.32 - 0.16 * s)

    def pieces(rho):
        # Fillet centre (c, f), main centre (0, H - rho), internally tangent: their distance is
        # rho - f, so c^2 = (rho - f)^2 - (H - rho - f)^2 = (2 rho - H)(H - 2 f).
        return math.sqrt(max(0.0, (2 * rho - H) * (H - 2 * f)))

    def area(rho):
        return polygon_area(outline_points(H, rho, f, pieces(rho), 4000))

    # The area grows with rho (a flatter, wider arc); bisect for area = pi R^2.
    lo, hi = H / 2 + 1e-9, 20 * R
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if area(mid) < math.pi * R * R:
            lo = mid
        else:
            hi = mid
    rho = 0.5 * (lo + hi)
    return H, rho, f, pieces(rho)


def tangent_angle(H, rho, f, c):
    """The polar angle (about the main centre) of the fillet/main tangent point on the right."""
    return math.atan2(f - (H - rho), c)


def outline_points(H, rho, f, c, n):
    """n points along the closed outline (counter-clockwise from the bottom centre), by angle
    within each piece (used for the area and for the CSV before arc-length resampling)."""
    cy = H - rho
    phi = tangent_angle(H, rho, f, c)  # below the horizontal: negative
    pts = []
    # Flat: (0,0) -> (c,0); right fillet: from angle -90 deg to phi about (c, f); main arc: phi ->
    # pi - phi about (0, cy); left fillet; flat back to (0,0).
    pieces = [
        ("line", (0.0, 0.0), (c, 0.0)),
        ("arc", (c, f), f, -math.pi / 2, phi),
        ("arc", (0.0, cy), rho, phi, math.pi - phi),
        ("arc", (-c, f), f, math.pi - phi, 1.5 * math.pi),
        ("line", (-c, 0.0), (0.0, 0.0)),
    ]
    lengths = [piece_length(p) for p in pieces]
    total = sum(lengths)
    for k in range(n):
        s = total * k / n
        for p, l in zip(pieces, lengths):
            if s <= l or p is pieces[-1]:
                pts.append(piece_point(p, min(s, l) / l if l > 0 else 0.0))
                break
            s -= l
    return pts


def piece_length(p):
    if p[0] == "line":
        return math.dist(p[1], p[2])
    return abs(p[4] - p[3]) * p[2]


def piece_point(p, u):
    if p[0] == "line":
        (x0, y0), (x1, y1) = p[1], p[2]
        return (x0 + u * (x1 - x0), y0 + u * (y1 - y0))
    (cx, cy), r, a0, a1 = p[1], p[2], p[3], p[4]
    a = a0 + u * (a1 - a0)
    return (cx + r * math.cos(a), cy + r * math.sin(a))


def polygon_area(pts):
    a = 0.0
    for i in range(len(pts)):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % len(pts)]
        a += x0 * y1 - x1 * y0
    return a / 2


def num(v):
    v = round(v, 6)
    return ("%.6f" % v).rstrip("0").rstrip(".") if v != 0 else "0"


def svg(s):
    if s == 0:
        return circle_svg()
    H, rho, f, c = geometry(s)
    cy = H - rho
    phi = tangent_angle(H, rho, f, c)
    # Tangent points, in model space, then flipped to SVG (y -> -y).
    right = (c + f * math.cos(phi), f + f * math.sin(phi))
    left = (-right[0], right[1])

    def P(x, y):
        return "%s %s" % (num(x), num(-y))

    # Model space counter-clockwise is clockwise on screen: sweep-flag 0 in SVG's y-down frame.
    d = " ".join([
        "M" + P(0, 0),
        "L" + P(c, 0),
        "A%s %s 0 0 0 %s" % (num(f), num(f), P(*right)),
        "A%s %s 0 %d 0 %s" % (num(rho), num(rho), 1 if phi < 0 else 0, P(*left)),
        "A%s %s 0 0 0 %s" % (num(f), num(f), P(-c, 0)),
        "Z",
    ])
    w = max(right[0], c) + 10
    return ("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"%s %s %s %s\" width=\"%d\" height=\"%d\">\n"
            "  <!-- squash %s: height %s, main arc radius %s, fillet radius %s, contact half-width %s;"
            " made by examples/make_targets.py -->\n"
            "  <path id=\"squash\" d=\"%s\" fill=\"none\" stroke=\"black\"/>\n"
            "</svg>\n") % (num(-w - 20), num(-H - 10), num(2 * w + 40), num(H + 20), int(2 * w + 40),
                           int(H + 20), num(s), num(H), num(rho), num(f), num(c), d)


def circle_svg():
    """The resting ball: the circle of radius R on the floor, as two half-circle arcs (model space
    counter-clockwise from the bottom point, flipped to SVG's y-down frame)."""
    d = "M0 0 A%s %s 0 0 0 0 %s A%s %s 0 0 0 0 0 Z" % (num(R), num(R), num(-2 * R), num(R), num(R))
    w = R + 10
    return ("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"%s %s %s %s\" width=\"%d\" height=\"%d\">\n"
            "  <!-- squash 0: the resting circle, radius %s; made by examples/make_targets.py -->\n"
            "  <path id=\"squash\" d=\"%s\" fill=\"none\" stroke=\"black\"/>\n"
            "</svg>\n") % (num(-w - 20), num(-2 * R - 10), num(2 * w + 40), num(2 * R + 20), int(2 * w + 40),
                           int(2 * R + 20), num(R), d)


def cubic_bezier(x1, y1, x2, y2, x):
    """The CSS cubic-bezier timing function y(x) for x in [0, 1]: x(t) = x solved by bisection
    (x(t) is non-decreasing for x1, x2 in [0, 1]) to 1e-15, then y(t)."""
    def bez(a, b, t):
        return 3 * (1 - t) ** 2 * t * a + 3 * (1 - t) * t * t * b + t ** 3
    lo, hi = 0.0, 1.0
    for _ in range(200):
        if hi - lo <= 1e-15:
            break
        mid = 0.5 * (lo + hi)
        if bez(x1, x2, mid) < x:
            lo = mid
        else:
            hi = mid
    return bez(y1, y2, 0.5 * (lo + hi))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = parser.parse_args()
    names = []
    for s in (0.25, 0.5, 0.75, 1.0):
        name = "squash-%s.svg" % num(s)
        with open(os.path.join(args.out, name), "w") as fh:
            fh.write(svg(s))
        names.append((name, s))
    # The digitised outline: 160 points by arc length along squash 0.5, seeded noise.
    H, rho, f, c = geometry(0.5)
    rng = random.Random(20240605)
    pts = outline_points(H, rho, f, c, 160)
    with open(os.path.join(args.out, "squash-0.5-points.csv"), "w") as fh:
        fh.write("x,y\n")
        for x, y in pts:
            fh.write("%s,%s\n" % (num(x + rng.gauss(0, 0.15)), num(y + rng.gauss(0, 0.15))))
    with open(os.path.join(args.out, "squash-manifest.csv"), "w") as fh:
        fh.write("file,squash\n")
        for name, s in names:
            fh.write("%s,%s\n" % (name, num(s)))
    # The press: keyframes of squash s = ease(progress), for `beztune fit-profile`.
    os.makedirs(os.path.join(args.out, "keyframes"), exist_ok=True)
    rows = []
    for i in range(PRESS_KEYFRAMES):
        x = i / (PRESS_KEYFRAMES - 1)
        s = 0.0 if i == 0 else cubic_bezier(*PRESS_EASE, x)
        name = "keyframes/press-%d.svg" % i
        with open(os.path.join(args.out, name), "w") as fh:
            fh.write(svg(s))
        rows.append((x, name))
    with open(os.path.join(args.out, "squash-keyframes.csv"), "w") as fh:
        fh.write("progress,file\n")
        for x, name in rows:
            fh.write("%s,%s\n" % (num(x), name))


if __name__ == "__main__":
    main()
