#!/usr/bin/env python3
"""Independent high-precision settling times of the damped spring (mpmath, 40 digits).

Writes spring-settling.csv next to this script: omega, zeta, v0, epsilon, settling, the last time
t at which |u(t)| = epsilon for the oscillator

    u'' + 2 zeta omega u' + omega^2 u = 0,   u(0) = -1,   u'(0) = v0,

(u = y - 1 of SpringTiming). Independence from the Swift closed forms: u and u' come from
mpmath.odefun, a Taylor-series ODE integrator, not from the solution formulas; the extrema of u are
located from sign changes of u' on a grid of 1/200 of the natural period and polished with
mpmath.findroot; the crossing is found by bisection at 40 digits between the last extremum where
|u| > epsilon and the next extremum (or the first extremum, when no extremum is above epsilon).
The grid runs until |u| and |u'|/omega have both stayed below epsilon/100 for two natural periods.
Run: python3 spring_settling.py   (about four minutes on a loaded 2-core machine)
"""
import csv, os
import mpmath as mp

mp.mp.dps = 40
HERE = os.path.dirname(os.path.abspath(__file__))

# (omega per unit of progress, zeta, v0, epsilon): under-, critically and over-damped, moving
# towards or away from rest, near critical damping, a light and a heavy spring.
CASES = [
    (10, '0.1', 0, '1e-3'), (10, '0.3', 0, '1e-3'), (10, '0.5', 20, '1e-3'), (10, '0.7', -15, '1e-3'),
    (30, '0.05', 3, '1e-3'), (20, '0.3', 5, '1e-2'), (12, '0.6', 0, '1e-4'), (8, '0.999', 0, '1e-3'),
    (8, '0.999999', 4, '1e-3'), (6, '0.9', 60, '1e-3'), (25, '0.2', -40, '1e-3'),
    (10, 1, 0, '1e-3'), (10, 1, '10.01', '1e-3'), (10, 1, 60, '1e-3'), (10, 1, -20, '1e-3'), (15, 1, 40, '1e-2'),
    (10, '1.5', 0, '1e-3'), (10, '1.5', 40, '1e-3'), (10, '1.5', -30, '1e-3'), (10, 6, 0, '1e-3'),
    (10, '1.0000001', 25, '1e-3'), (4, 3, 100, '1e-4'),
]


def settling(omega, zeta, v0, eps):
    w, z, v, e = mp.mpf(omega), mp.mpf(zeta), mp.mpf(v0), mp.mpf(eps)
    f = mp.odefun(lambda t, y: [y[1], -2 * z * w * y[1] - w * w * y[0]], 0, [mp.mpf(-1), v])
    u = lambda t: f(t)[0]
    du = lambda t: f(t)[1]
    step = 2 * mp.pi / w / 200
    extrema, quiet, t, previous = [], 0, mp.mpf(0), du(0)
    if previous == 0:
        extrema.append(mp.mpf(0))
    while quiet < 400:
        t += step
        d = du(t)
        if previous != 0 and d != 0 and (d > 0) != (previous > 0):
            extrema.append(mp.findroot(du, (t - step, t), solver='anderson'))
        previous = d
        quiet = quiet + 1 if abs(u(t)) < e / 100 and abs(d) / w < e / 100 else 0
    end = t
    above = [x for x in extrema if abs(u(x)) > e]
    if above:
        lo = above[-1]
        later = [x for x in extrema if x > lo]
        hi = later[0] if later else end
    else:
        lo, hi = mp.mpf(0), (extrema[0] if extrema else end)
    g = lambda t: abs(u(t)) - e
    assert g(lo) > 0 >= g(hi)
    for _ in range(140):
        m = (lo + hi) / 2
        if g(m) > 0:
            lo = m
        else:
            hi = m
    return hi


def main():
    path = os.path.join(HERE, 'spring-settling.csv')
    with open(path, 'w', newline='') as out:
        w = csv.writer(out, lineterminator='\n')
        w.writerow(['omega', 'zeta', 'v0', 'epsilon', 'settling'])
        for omega, zeta, v0, eps in CASES:
            w.writerow([omega, zeta, v0, eps, mp.nstr(settling(omega, zeta, v0, eps), 25)])
            out.flush()


if __name__ == '__main__':
    main()
