#!/usr/bin/env python3
"""Independent high-precision reference for BezierTune's ArcError (mpmath, 50 digits).

Writes, next to this script:
  reference-cases.csv    every error figure for a committed list of (k1, k2, segments) cases
  reference-optimal.csv  the optimal handle factor of every criterion for a list of segment counts
  reference-ellipse.csv  the squashed circle's maximum orthogonal distance to the true ellipse
  reference-short-arcs.csv  every error figure for 128 to 4096 segments near the optimal factors,
                         where the figures are differences of terms that agree to 15-22 digits
  reference-half-angles.csv  pi/n, sin(pi/n), cos(pi/n) as double-double pairs (hi = the value
                         rounded to double, lo = the rest rounded), for the 106-bit arithmetic
  reference-length-roots.csv  the arc-length error at and next to the arc-length-preserving
                         factor rounded to double, where it is 1e-17 and below

Independence from the Swift code: the arc is set up in the frame the user sees (from angle 0 to
theta, not the symmetric frame), every polynomial is built by exact arithmetic on the control
points' power-basis coefficients (none of the Swift closed forms in Q0, Q1, Q2, c0, C are used),
roots come from mpmath.polyroots, integrals from mpmath.quad (tanh-sinh) split at the points where
the integrand is not smooth, and the optimal factors from mpmath.findroot on the defining
equations. Conventions shared with the Swift code (they are definitions, not methods):
  * figures are for radius 1 (relative), theta = 2*pi/segments exactly;
  * ties between extreme values closer than TIE = 2e-15 report the smallest t;
  * polar angles are measured from the arc's start, in (theta/2 - pi, theta/2 + pi];
  * the RMS "uniformly in angle" is sqrt(int e^2 |dphi| / int |dphi|) (= (1/theta) int e^2 dphi
    when phi is monotone, i.e. for every curve that does not loop back);
  * the maximum tangent error is max |atan2(B.B', B x B')| in degrees (180 where the curve runs
    backwards through a point with B.B' = 0);
  * the curvature error is kappa - 1, reported signed where |kappa - 1| is largest.
Run: python3 reference.py   (about two minutes)
"""
import csv, math, os, random
import mpmath as mp

mp.mp.dps = 50
TIE = mp.mpf('2e-15')
HERE = os.path.dirname(os.path.abspath(__file__))


def poly_mul(p, q):
    r = [mp.mpf(0)] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            r[i + j] += a * b
    return r


def poly_add(p, q, sign=1):
    n = max(len(p), len(q))
    p = p + [mp.mpf(0)] * (n - len(p)); q = q + [mp.mpf(0)] * (n - len(q))
    return [a + sign * b for a, b in zip(p, q)]


def poly_der(p):
    return [i * p[i] for i in range(1, len(p))] or [mp.mpf(0)]


def poly_eval(p, t):
    v = mp.mpf(0)
    for c in reversed(p):
        v = v * t + c
    return v


def real_roots_01(p):
    """Real roots in (0, 1) of a polynomial given lowest power first."""
    while len(p) > 1 and abs(p[-1]) < mp.mpf(10) ** (-45) * max(abs(c) for c in p):
        p = p[:-1]
    if len(p) < 2:
        return []
    roots = mp.polyroots(list(reversed(p)), maxsteps=500, extraprec=400)
    out = []
    for r in roots:
        r = mp.mpc(r)
        if abs(r.imag) < mp.mpf(10) ** (-25) and 0 < r.real < 1:
            x = r.real
            # polish on the real line
            try:
                x = mp.findroot(lambda u: poly_eval(p, u), x, tol=mp.mpf(10) ** (-45))
            except Exception:
                pass
            out.append(x)
    return sorted(out)


class Arc:
    def __init__(self, k1, k2, n):
        self.k1, self.k2, self.n = mp.mpf(k1), mp.mpf(k2), n
        th = 2 * mp.pi / n
        self.theta = th
        c, s = mp.cos(th), mp.sin(th)
        P = [(mp.mpf(1), mp.mpf(0)), (mp.mpf(1), self.k1),
             (c + self.k2 * s, s - self.k2 * c), (c, s)]
        # power basis: B = P0 + 3(P1-P0)t + 3(P2-2P1+P0)t^2 + (P3-3P2+3P1-P0)t^3
        self.bx = [P[0][0], 3 * (P[1][0] - P[0][0]), 3 * (P[2][0] - 2 * P[1][0] + P[0][0]),
                   P[3][0] - 3 * P[2][0] + 3 * P[1][0] - P[0][0]]
        self.by = [P[0][1], 3 * (P[1][1] - P[0][1]), 3 * (P[2][1] - 2 * P[1][1] + P[0][1]),
                   P[3][1] - 3 * P[2][1] + 3 * P[1][1] - P[0][1]]
        self.dx, self.dy = poly_der(self.bx), poly_der(self.by)
        self.ddx, self.ddy = poly_der(self.dx), poly_der(self.dy)
        self.r2 = poly_add(poly_mul(self.bx, self.bx), poly_mul(self.by, self.by))  # |B|^2
        self.dot = poly_add(poly_mul(self.bx, self.dx), poly_mul(self.by, self.dy))  # B.B'
        self.cross = poly_add(poly_mul(self.bx, self.dy), poly_mul(self.by, self.dx), -1)  # B x B'
        self.v = poly_add(poly_mul(self.dx, self.dx), poly_mul(self.dy, self.dy))  # |B'|^2
        self.w = poly_add(poly_mul(self.dx, self.ddy), poly_mul(self.dy, self.ddx), -1)  # B' x B''

    def e(self, t):
        return mp.sqrt(poly_eval(self.r2, t)) - 1

    def angle(self, t):
        x, y = poly_eval(self.bx, t), poly_eval(self.by, t)
        h = self.theta / 2
        # rotate by -theta/2 so the branch cut is opposite the arc's middle
        xr = x * mp.cos(h) + y * mp.sin(h)
        yr = -x * mp.sin(h) + y * mp.cos(h)
        return h + mp.atan2(yr, xr)

    def radial_extrema(self):
        crit = real_roots_01(poly_der(self.r2))
        cands = [(mp.mpf(0), self.e(0))] + [(t, self.e(t)) for t in crit] + [(mp.mpf(1), self.e(1))]
        mx = max(c[1] for c in cands); mn = min(c[1] for c in cands)
        tmx = min(c[0] for c in cands if c[1] >= mx - TIE)
        tmn = min(c[0] for c in cands if c[1] <= mn + TIE)
        return mx, tmx, mn, tmn

    def integral(self, f, extra=()):
        pts = sorted(set([mp.mpf(0), mp.mpf(1) / 2, mp.mpf(1)] + list(extra)))
        return mp.quad(f, pts)

    def rms_t(self):
        crit = real_roots_01(poly_der(self.r2))
        return mp.sqrt(self.integral(lambda t: self.e(t) ** 2, crit))

    def rms_angle(self):
        kinks = real_roots_01(self.cross)
        dphi = lambda t: abs(poly_eval(self.cross, t)) / poly_eval(self.r2, t)
        num = self.integral(lambda t: self.e(t) ** 2 * dphi(t), kinks)
        den = self.integral(dphi, kinks)
        return mp.sqrt(num / den)

    def area_error(self):
        # exact polynomial integral of (1/2) B x B'
        area = sum(c / (i + 1) for i, c in enumerate(self.cross)) / 2
        return (area - self.theta / 2) / (self.theta / 2)

    def length(self):
        kinks = real_roots_01(poly_der(self.v))
        return self.integral(lambda t: mp.sqrt(poly_eval(self.v, t)), kinks)

    def arc_length_error(self):
        return (self.length() - self.theta) / self.theta

    def tangent_max_deg(self):
        n, d = self.dot, self.cross
        crit = real_roots_01(poly_add(poly_mul(poly_der(n), d), poly_mul(n, poly_der(d)), -1))
        # where B.B' = 0 and B x B' < 0 the curve runs backwards: psi wraps through +-180 degrees
        crit += [t for t in real_roots_01(n) if poly_eval(d, t) < 0]
        psi = lambda t: abs(mp.atan2(poly_eval(n, t), poly_eval(d, t)))
        best = max([mp.mpf(0)] + [psi(t) for t in crit])
        return best * 180 / mp.pi

    def kappa_err(self, t):
        v = poly_eval(self.v, t)
        return poly_eval(self.w, t) / v ** mp.mpf(1.5) - 1

    def curvature(self):
        w, v = self.w, self.v
        crit = real_roots_01(poly_add([2 * c for c in poly_mul(poly_der(w), v)],
                                      [3 * c for c in poly_mul(w, poly_der(v))], -1))
        cands = [(mp.mpf(0), self.kappa_err(0))] + [(t, self.kappa_err(t)) for t in crit] + \
                [(mp.mpf(1), self.kappa_err(1))]
        best = max(abs(c[1]) for c in cands)
        tie = TIE * max(1, best)
        pick = min((c for c in cands if abs(c[1]) >= best - tie), key=lambda c: c[0])
        return cands[0][1], cands[-1][1], pick[1]


def fmt(x):
    return mp.nstr(mp.mpf(x), 25, min_fixed=-5, max_fixed=5) if x is not None else ''


def case_row(k1, k2, n):
    a = Arc(k1, k2, n)
    mx, tmx, mn, tmn = a.radial_extrema()
    ks, ke, km = a.curvature()
    return {'k1': repr(k1), 'k2': repr(k2), 'segments': n,
            'max_radial_error': fmt(mx), 't_at_max': fmt(tmx), 'angle_at_max': fmt(a.angle(tmx)),
            'min_radial_error': fmt(mn), 't_at_min': fmt(tmn), 'angle_at_min': fmt(a.angle(tmn)),
            'max_abs_radial_error': fmt(max(abs(mx), abs(mn))),
            'rms_radial_error': fmt(a.rms_t()), 'rms_radial_error_angle': fmt(a.rms_angle()),
            'area_error': fmt(a.area_error()), 'arc_length_error': fmt(a.arc_length_error()),
            'max_tangent_error_deg': fmt(a.tangent_max_deg()),
            'start_curvature_error': fmt(ks), 'end_curvature_error': fmt(ke),
            'max_curvature_error': fmt(km)}


def optimal(n):
    th = 2 * mp.pi / n
    km = 4 * mp.tan(th / 4) / 3
    res = {'midpoint': km}
    arc = lambda k: Arc(k, k, n)
    res['curvature'] = mp.findroot(lambda k: arc(k).kappa_err(0), km)
    res['area'] = mp.findroot(lambda k: arc(k).area_error(), km)
    res['arclength'] = mp.findroot(lambda k: arc(k).length() - th, km)

    def msq(k):
        a = arc(k)
        return a.integral(lambda t: a.e(t) ** 2)
    res['l2'] = mp.findroot(lambda k: mp.diff(msq, k), km)

    def osc(k):
        mx, _, mn, _ = arc(k).radial_extrema()
        return mx + mn
    # the equioscillating k lies between the curvature-matching and midpoint-exact factors
    res['minimax'] = mp.findroot(osc, (res['curvature'] + km) / 2 * (1 - mp.mpf('1e-6')))
    return res


def ellipse_distance(k, n, sx, sy, samples=128):
    """max over the squashed Bezier circle of the orthogonal distance to the ellipse."""
    k = mp.mpf(k); sx = mp.mpf(sx); sy = mp.mpf(sy)
    base = Arc(k, k, n)

    # The nearest point is searched around the closest of 4096 ellipse points (in double):
    # Newton from atan2(Y/sy, X/sx) can settle on another critical point of a flat ellipse (for
    # sx/sy = 100 it returned distances 4000 times too large).
    grid = [2 * math.pi * i / 4096 for i in range(4096)]
    fx, fy = float(sx), float(sy)
    cosines = [math.cos(u) for u in grid]
    sines = [math.sin(u) for u in grid]

    def foot_distance(X, Y):
        # nearest point (sx cos u, sy sin u): root of d/du |Q - E(u)|^2 / 2
        g = lambda u: (sx ** 2 - sy ** 2) * mp.cos(u) * mp.sin(u) - X * sx * mp.sin(u) + Y * sy * mp.cos(u)
        x, y = float(X), float(Y)
        i = min(range(4096), key=lambda j: (x - fx * cosines[j]) ** 2 + (y - fy * sines[j]) ** 2)
        sampled = mp.sqrt((X - sx * mp.cos(grid[i])) ** 2 + (Y - sy * mp.sin(grid[i])) ** 2)
        # Golden-section search for the minimum of the squared distance between the nearest
        # grid point's neighbours (to 1e-15 rad), then Newton on g (the derivative of half of it)
        # from there, which converges quadratically that close.
        dist2 = lambda u: (X - sx * mp.cos(u)) ** 2 + (Y - sy * mp.sin(u)) ** 2
        a, b = mp.mpf(grid[i]) - 2 * mp.pi / 4096, mp.mpf(grid[i]) + 2 * mp.pi / 4096
        r = (mp.sqrt(5) - 1) / 2
        x1, x2 = b - r * (b - a), a + r * (b - a)
        f1, f2 = dist2(x1), dist2(x2)
        while b - a > mp.mpf(10) ** -15:
            if f1 < f2:
                b, x2, f2 = x2, x1, f1
                x1 = b - r * (b - a); f1 = dist2(x1)
            else:
                a, x1, f1 = x1, x2, f2
                x2 = a + r * (b - a); f2 = dist2(x2)
        u = (a + b) / 2
        for _ in range(4):
            dg = (sx ** 2 - sy ** 2) * mp.cos(2 * u) - X * sx * mp.cos(u) - Y * sy * mp.sin(u)
            u -= g(u) / dg
        d = mp.sqrt(dist2(u))
        assert d <= sampled * (1 + mp.mpf(10) ** -12), 'Newton left the nearest point'
        return d

    best = mp.mpf(0)
    for j in range(n):
        phi = 2 * mp.pi * j / n
        c, s = mp.cos(phi), mp.sin(phi)

        def d(t):
            x, y = poly_eval(base.bx, t), poly_eval(base.by, t)
            return foot_distance(sx * (c * x - s * y), sy * (s * x + c * y))
        ts = [mp.mpf(i) / samples for i in range(samples + 1)]
        vals = [d(t) for t in ts]
        for i in range(1, samples):
            if vals[i] >= vals[i - 1] and vals[i] >= vals[i + 1]:
                try:
                    t = mp.findroot(lambda u: mp.diff(d, u), ts[i], tol=mp.mpf(10) ** (-30))
                    if ts[i - 1] <= t <= ts[i + 1]:
                        best = max(best, d(t))
                except Exception:
                    pass
                best = max(best, vals[i])
    return best


def short_arc_cases():
    """Near-optimal factors of short arcs: the midpoint factor, the minimax factor's leading
    term km(1 - 1.0341e-4 theta^4), tiny and small offsets, and one far factor."""
    cases = []
    for n in [128, 256, 1024, 4096]:
        th = 2 * mp.pi / n
        km = 4 * mp.tan(th / 4) / 3
        for factor in [1, 1 - mp.mpf('1.0341e-4') * th ** 4, 1 - mp.mpf('1e-7'), 1 + mp.mpf('1e-5'),
                       mp.mpf('0.999'), mp.mpf('1.5')]:
            k = float(km * factor)
            cases.append((k, k, n))
    return cases


def dd(x):
    hi = float(x)
    return repr(hi), repr(float(x - mp.mpf(hi)))


def write_half_angles():
    with open(os.path.join(HERE, 'reference-half-angles.csv'), 'w', newline='') as f:
        wr = csv.writer(f, lineterminator='\n')
        wr.writerow(['segments', 'h_hi', 'h_lo', 'sin_hi', 'sin_lo', 'cos_hi', 'cos_lo'])
        for n in [2, 3, 4, 5, 6, 7, 8, 12, 16, 17, 64, 100, 128, 1000, 4096, 65536, 1000000]:
            h = mp.pi / n
            wr.writerow([n, *dd(h), *dd(mp.sin(h)), *dd(mp.cos(h))])


def write_length_roots():
    with open(os.path.join(HERE, 'reference-length-roots.csv'), 'w', newline='') as f:
        wr = csv.writer(f, lineterminator='\n')
        wr.writerow(['segments', 'k', 'arc_length_error'])
        for n in [3, 4, 6, 8, 16, 64, 256]:
            th = 2 * mp.pi / n
            km = 4 * mp.tan(th / 4) / 3
            root = float(mp.findroot(lambda k: Arc(k, k, n).length() - th, km))
            for k in [root, root * (1 - 1e-12), root * (1 + 1e-9)]:
                wr.writerow([n, repr(k), fmt(Arc(k, k, n).arc_length_error())])


def write_ellipse():
    with open(os.path.join(HERE, 'reference-ellipse.csv'), 'w', newline='') as f:
        wr = csv.writer(f, lineterminator='\n')
        wr.writerow(['k', 'segments', 'sx', 'sy', 'ellipse_max_distance'])
        for (k, n, sx, sy) in [(0.5522847498307936, 4, 1.2, 0.8), (1 / 1.8, 4, 1.2, 0.8),
                               (0.5519150244935106, 4, 1.0, 1.0), (0.5522847498307936, 4, 0.8, 1.2),
                               (1 / 1.8, 6, 1.5, 1.0), (0.5522847498307936, 8, 1.1, 0.9),
                               (0.5519150244935106, 4, 10.0, 0.1), (0.3572199520299299, 6, 0.002, 3.0)]:
            wr.writerow([repr(k), n, repr(sx), repr(sy), fmt(ellipse_distance(k, n, sx, sy))])



def main():
    write_half_angles()
    write_length_roots()
    rng = random.Random(20240601)
    ks = [0.3, 0.4, 0.5, 0.5519150244935106, 0.5522847498307936, 1 / 1.8, 0.6, 0.75, 1.0, 1.25, 1.5]
    ns = [2, 3, 4, 5, 6, 8, 12, 16, 24, 32, 64]
    cases = [(k, k, n) for k in ks for n in ns]
    for n in [2, 3, 4, 6, 8, 12, 16, 32, 64]:
        th = 2 * mp.pi / n
        km = float(4 * mp.tan(th / 4) / 3)
        cases += [(km, km, n), (km * 0.999, km * 0.999, n), (km * 1.01, km * 1.01, n)]
    for _ in range(20):
        k = rng.uniform(0.3, 1.5); n = rng.randint(2, 64)
        cases.append((k, k, n))
    for _ in range(24):  # asymmetric handles
        n = rng.randint(2, 64)
        if rng.random() < 0.5:
            km = float(4 * mp.tan(mp.pi / (2 * n)) / 3)
            cases.append((km * rng.uniform(0.9, 1.1), km * rng.uniform(0.9, 1.1), n))
        else:
            cases.append((rng.uniform(0.3, 1.5), rng.uniform(0.3, 1.5), n))
    cases += [(0.5, 0.6, 4), (0.55, 0.56, 4), (1.5, 0.3, 2), (0.3, 1.5, 64)]
    rows = [case_row(*c) for c in cases]
    with open(os.path.join(HERE, 'reference-cases.csv'), 'w', newline='') as f:
        wr = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator='\n')
        wr.writeheader(); wr.writerows(rows)

    rows = [case_row(*c) for c in short_arc_cases()]
    with open(os.path.join(HERE, 'reference-short-arcs.csv'), 'w', newline='') as f:
        wr = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator='\n')
        wr.writeheader(); wr.writerows(rows)

    with open(os.path.join(HERE, 'reference-optimal.csv'), 'w', newline='') as f:
        wr = csv.writer(f, lineterminator='\n')
        wr.writerow(['segments', 'criterion', 'k'])
        for n in [2, 3, 4, 6, 8, 16, 64]:
            for name, k in optimal(n).items():
                wr.writerow([n, name, fmt(k)])

    write_ellipse()

if __name__ == '__main__':
    main()
