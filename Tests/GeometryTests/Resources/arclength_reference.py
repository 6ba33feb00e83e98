#!/usr/bin/env python3
"""High-precision arc lengths of cubic Bézier curves, the reference for ArcLengthReferenceTests.

Writes arclength_reference.csv next to this script:

    name,x0,y0,x1,y1,x2,y2,x3,y3,length,half_length_t

Control points are IEEE doubles written with repr() (shortest round-trip form), so Swift reads
exactly the numbers integrated here; `length` (the arc length over [0, 1]) and `half_length_t`
(the parameter where the arc length from 0 is length/2, 0 for a point-curve) have 40
significant digits.

Method (mpmath, 60 digits working precision): L = ∫₀¹ |B'(t)| dt with the interval split at
every real t in (0, 1) where the speed can be non-smooth or sharply varying: the real parts of
the roots of B'x(t) + i·B'y(t) (cusps and near-cusps) and the roots of d/dt |B'|² (speed
extrema), with a mesh graded geometrically (ratio 2) towards each near-cusp. Each piece is integrated by tanh-sinh quadrature (mpmath.quad), which handles the |t|
kink at a cusp lying on a break point, and cross-checked by Gauss–Legendre quadrature
(mpmath.quad(method='gauss-legendre')) on the same pieces further split in 8; the script
aborts if the two disagree beyond 1e-45 relative. Run: python3 arclength_reference.py
"""
import csv
import os
import random

import mpmath as mp

mp.mp.dps = 60


def curves():
    c = []
    # Straight, uniformly parameterised.
    c.append(("line_uniform", (0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)))
    # Straight but doubling back on itself: the speed vanishes inside (a cusp on a line).
    c.append(("line_backtrack", (0.0, 0.0), (3.0, 0.0), (-1.0, 0.0), (2.0, 0.0)))
    # Semicubical parabola x = u², y = u³, u = 2t − 1: exact cusp at t = ½.
    c.append(("cusp_dyadic", (1.0, -1.0), (-1.0 / 3.0, 1.0), (-1.0 / 3.0, -1.0), (1.0, 1.0)))
    # The RandomCurves cusp family: P1 − P0 and P3 − P2 crossing.
    c.append(("cusp_crossing", (0.0, 0.0), (100.0, 100.0), (0.0, 100.0), (100.0, 0.0)))
    # Cusp at a non-dyadic parameter (the piece [0, 0.85] of the semicubical parabola).
    # (its control points by exact blossoming, rounded to doubles: a cusp to within rounding).
    c.append(("cusp_offcentre", (1.0, -1.0), (-0.13333333333333333, 0.7), (-0.30333333333333334, -0.49),
              (0.49, 0.343)))
    # Near-cusps: the crossing family with the hodograph missing the origin by about δ.
    for k, d in [(1, 1e-3), (2, 1e-6), (3, 1e-9)]:
        c.append((f"near_cusp_{k}", (0.0, 0.0), (100.0, 100.0 + d * 100), (0.0, 100.0), (100.0, 0.0)))
    # Loops.
    c.append(("loop", (0.0, 0.0), (200.0, 100.0), (-100.0, 100.0), (100.0, 0.0)))
    c.append(("loop_tight", (0.0, 0.0), (120.0, 60.0), (-20.0, 60.0), (100.0, 0.0)))
    # Quarter circles: the midpoint-exact handle and the seed animation's r/1.8.
    k = 4.0 / 3.0 * (2.0 ** 0.5 - 1.0)
    c.append(("quarter_circle_0.5523", (1.0, 0.0), (1.0, k), (k, 1.0), (0.0, 1.0)))
    c.append(("seed_ball_quarter", (0.0, -100.0), (27.77777777777778, -100.0), (50.0, -77.77777777777777), (50.0, -50.0)))
    # Near-degenerate: coincident handles, P0 = P1 (speed zero at t = 0), almost collinear.
    c.append(("coincident_handles", (0.0, 0.0), (0.0, 0.0), (10.0, 5.0), (10.0, 5.0)))
    c.append(("p0_equals_p1", (0.0, 0.0), (0.0, 0.0), (30.0, 40.0), (50.0, 10.0)))
    c.append(("almost_collinear", (0.0, 0.0), (33.0, 1e-7), (66.0, -1e-7), (100.0, 0.0)))
    c.append(("collinear_reversal", (0.0, 0.0), (50.0, 50.0), (-20.0, -20.0), (30.0, 30.0)))
    # A single point: length 0.
    c.append(("point", (7.0, -3.0), (7.0, -3.0), (7.0, -3.0), (7.0, -3.0)))
    # S-curve, scales small and large.
    c.append(("s_curve", (0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (100.0, 100.0)))
    c.append(("tiny", (0.0, 0.0), (1e-6, 2e-6), (3e-6, -1e-6), (4e-6, 1e-6)))
    c.append(("large", (0.0, 0.0), (1e6, 2e6), (3e6, -1e6), (4e6, 1e6)))
    # Seeded random curves in [0, 100)².
    rng = random.Random(20240601)
    for i in range(12):
        pts = [(rng.uniform(0, 100), rng.uniform(0, 100)) for _ in range(4)]
        c.append((f"random_{i}", *pts))
    return c


def reference_length(p0, p1, p2, p3):
    P = [(mp.mpf(x), mp.mpf(y)) for (x, y) in (p0, p1, p2, p3)]
    H = [(3 * (P[i + 1][0] - P[i][0]), 3 * (P[i + 1][1] - P[i][1])) for i in range(3)]
    # B'(t) = C + B t + A t²
    C = H[0]
    B = (2 * (H[1][0] - H[0][0]), 2 * (H[1][1] - H[0][1]))
    A = (H[0][0] - 2 * H[1][0] + H[2][0], H[0][1] - 2 * H[1][1] + H[2][1])

    def speed(t):
        x = C[0] + t * (B[0] + t * A[0])
        y = C[1] + t * (B[1] + t * A[1])
        return mp.sqrt(x * x + y * y)

    breaks = {mp.mpf(0), mp.mpf(1)}
    # Branch points: roots of (A.x + iA.y) z² + (B.x + iB.y) z + (C.x + iC.y).
    coeffs = [mp.mpc(A[0], A[1]), mp.mpc(B[0], B[1]), mp.mpc(C[0], C[1])]
    while coeffs and coeffs[0] == 0:
        coeffs = coeffs[1:]
    if len(coeffs) >= 2:
        for z in mp.polyroots(coeffs, maxsteps=200, extraprec=200):
            if 0 < z.real < 1:
                breaks.add(mp.mpf(z.real))
                # A mesh graded geometrically towards a near-cusp (branch point at distance
                # |Im z| from the axis), so both quadratures see a smooth integrand per piece.
                r = max(abs(z.imag), mp.mpf(10) ** -50)
                while r < 1:
                    for x in (z.real - r, z.real + r):
                        if 0 < x < 1:
                            breaks.add(mp.mpf(x))
                    r *= 2
    # Speed extrema: d/dt |B'|² / 2 = B'·B'' = cubic in t.
    # B'·B'' = (C + Bt + At²)·(B + 2At)
    d = [2 * (A[0] * A[0] + A[1] * A[1]),
         3 * (A[0] * B[0] + A[1] * B[1]),
         (B[0] * B[0] + B[1] * B[1]) + 2 * (A[0] * C[0] + A[1] * C[1]),
         (B[0] * C[0] + B[1] * C[1])]
    while d and d[0] == 0:
        d = d[1:]
    if len(d) >= 2:
        for z in mp.polyroots(d, maxsteps=200, extraprec=200):
            if abs(mp.im(z)) < mp.mpf(10) ** -40 and 0 < mp.re(z) < 1:
                breaks.add(mp.mpf(mp.re(z)))
    pts = sorted(breaks)
    ts = mp.quad(speed, pts)
    half_t = half_length_parameter(speed, pts, ts)
    fine = []
    for a, b in zip(pts, pts[1:]):
        fine += [a + (b - a) * k / 8 for k in range(8)]
    fine.append(pts[-1])
    gl = mp.quad(speed, fine, method="gauss-legendre")
    scale = max(abs(ts), mp.mpf(10) ** -300)
    if abs(ts - gl) > mp.mpf(10) ** -45 * scale and abs(ts - gl) > mp.mpf(10) ** -50:
        raise SystemExit(f"quadratures disagree: {ts} vs {gl} for {p0, p1, p2, p3}")
    return ts, half_t


def half_length_parameter(speed, pts, total):
    """The t with s(t) = total/2, s(t) = ∫₀ᵗ speed: Newton's method safeguarded by bisection."""
    if total == 0:
        return mp.mpf(0)

    def s(t):
        return mp.quad(speed, [p for p in pts if p < t] + [t])

    goal = total / 2
    lo, hi = mp.mpf(0), mp.mpf(1)
    t = mp.mpf(1) / 2
    for _ in range(200):
        v = s(t) - goal
        if abs(v) < mp.mpf(10) ** -50 * total:
            return t
        if v < 0:
            lo = t
        else:
            hi = t
        d = speed(t)
        nxt = t - v / d if d != 0 else (lo + hi) / 2
        if not (lo < nxt < hi):
            nxt = (lo + hi) / 2
        if hi - lo < mp.mpf(10) ** -55:
            return nxt
        t = nxt
    raise SystemExit("half-length parameter did not converge")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "arclength_reference.csv")
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["name", "x0", "y0", "x1", "y1", "x2", "y2", "x3", "y3", "length", "half_length_t"])
        for name, p0, p1, p2, p3 in curves():
            length, half_t = reference_length(p0, p1, p2, p3)
            w.writerow([name] + [repr(float(v)) for p in (p0, p1, p2, p3) for v in p]
                       + [mp.nstr(length, 40, min_fixed=-mp.inf, max_fixed=mp.inf),
                          mp.nstr(half_t, 40, min_fixed=-mp.inf, max_fixed=mp.inf)])
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
