#!/usr/bin/env python3
"""Derives the reference minima ||f||^2 of the MGH runs to 20+ digits (mpmath, 50 digits).

Each minimiser is found in double precision (scipy least_squares, lm) and then polished by
Newton's method on the gradient J^T f in 50-digit arithmetic (J and the Hessian by central
differences at that precision); the sum of squares is evaluated there. Closed forms where the
paper gives them (linear problems); the limits of the minima at infinity (Bard, Kowalik-Osborne)
from the reduced models they tend to. The printed values are the `reference` column of
Sources/LeastSquaresTestProblems/MGH/MGHRun.swift.

usage: .build/peers-venv/bin/python Benchmarks/peers/scipy_mgh_reference.py
"""
import mpmath as mp
import numpy as np
from scipy.optimize import least_squares

import scipy_mgh as g

mp.mp.dps = 50
O = g.Ops(mp)


def newton(fun, x, iterations=12):
    """Newton's method on grad(1/2 ||f||^2) in mpmath; returns (x, ||f(x)||^2)."""
    x = [mp.mpf(v) for v in x]
    n = len(x)

    def jac(x, h=mp.mpf("1e-22")):
        cols = []
        for j in range(n):
            xp, xm = list(x), list(x)
            d = h * max(1, abs(x[j]))
            xp[j] += d
            xm[j] -= d
            cols.append([(a - b) / (2 * d) for a, b in zip(fun(xp), fun(xm))])
        return mp.matrix(cols).T

    def grad(x):
        return jac(x).T * mp.matrix(list(fun(x)))

    for _ in range(iterations):
        gx = grad(x)
        hess = mp.matrix(n, n)
        for j in range(n):
            xp, xm = list(x), list(x)
            d = mp.mpf("1e-12") * max(1, abs(x[j]))
            xp[j] += d
            xm[j] -= d
            col = (grad(xp) - grad(xm)) / (2 * d)
            for i in range(n):
                hess[i, j] = col[i]
        step = mp.lu_solve(hess, gx)
        x = [a - b for a, b in zip(x, step)]
    f = fun(x)
    return x, mp.fsum(v * v for v in f)


def double_fit(p, n, m, x0):
    r = least_squares(lambda x: g.residuals(p, x, m), x0, method="lm", ftol=1e-15, xtol=1e-15,
                      gtol=1e-15, max_nfev=100000)
    return r.x


def show(label, value):
    print(f"{label:36s} {mp.nstr(value, 20)}")


def main():
    for m, n in ((10, 5), (50, 5)):
        show(f"1 linear full rank m={m}", mp.mpf(m - n))
        show(f"2 linear rank 1 m={m}", mp.mpf(m * (m - 1)) / (2 * (2 * m + 1)))
        show(f"3 linear rank 1 zero m={m}", mp.mpf(m * m + 3 * m - 6) / (2 * (2 * m - 3)))
    cases = [(7, 2, 2, [11.41, -0.8968], "7 Freudenstein-Roth local"),
             (8, 3, 15, None, "8 Bard"), (9, 4, 11, None, "9 Kowalik-Osborne"),
             (10, 3, 16, None, "10 Meyer"), (11, 6, 31, None, "11 Watson n=6"),
             (11, 9, 31, None, "11 Watson n=9"), (11, 12, 31, None, "11 Watson n=12"),
             (13, 2, 10, None, "13 Jennrich-Sampson"), (14, 4, 20, None, "14 Brown-Dennis"),
             (15, 1, 8, [0.98], "15 Chebyquad n=1 m=8"), (15, 8, 8, None, "15 Chebyquad n=8"),
             (15, 10, 10, None, "15 Chebyquad n=10"), (17, 5, 33, None, "17 Osborne 1"),
             (18, 11, 65, None, "18 Osborne 2")]
    for p, n, m, guess, label in cases:
        x = double_fit(p, n, m, guess if guess is not None else g.start(p, n))
        _, f = newton(lambda v: g.residuals(p, v, m, O), x)
        show(label, f)
    # Bard at x2, x3 -> -infinity: f -> y - x1, minimised by the mean.
    y = [mp.mpf(str(v)) for v in g.Y_BARD]
    mean = mp.fsum(y) / len(y)
    show("8 Bard at infinity", mp.fsum((v - mean) ** 2 for v in y))
    # Kowalik-Osborne with x1, x3, x4 -> infinity, x1/x4 -> A, x3/x4 -> C:
    # model -> A u (u + x2) / (1 + C u).
    u = [mp.mpf(str(v)) for v in g.U_KO]
    yk = [mp.mpf(str(v)) for v in g.Y_KO]

    def reduced(v):
        a, b, c = v
        return np.array([yi - a * ui * (ui + b) / (1 + c * ui) for ui, yi in zip(u, yk)], dtype=object)

    r = least_squares(lambda v: np.array([float(t) for t in reduced(v)]), [-0.035, -14.07, 1.6],
                      method="lm", ftol=1e-15, xtol=1e-15, gtol=1e-15)
    _, f = newton(reduced, r.x)
    show("9 Kowalik-Osborne at infinity", f)


if __name__ == "__main__":
    main()
