"""The 18 Moré–Garbow–Hillstrom least-squares problems of MINPACK's test driver, for the scipy peer.

Written from Moré, Garbow & Hillstrom, "Testing unconstrained optimization software", ACM TOMS 7
(1981) 17-41 (problem numbers as in MINPACK's driver: 1 linear full rank ... 18 Osborne 2), the
same definitions as Sources/LeastSquaresTestProblems/MGH/MGHProblem.swift. `residuals` works on
float64 with numpy (`Ops()`) and on mpmath numbers (`Ops(mpmath)`) for the reference minima.
"""
import numpy as np

NAMES = {1: "linear_full_rank", 2: "linear_rank1", 3: "linear_rank1_zero", 4: "rosenbrock",
         5: "helical_valley", 6: "powell_singular", 7: "freudenstein_roth", 8: "bard",
         9: "kowalik_osborne", 10: "meyer", 11: "watson", 12: "box_3d", 13: "jennrich_sampson",
         14: "brown_dennis", 15: "chebyquad", 16: "brown_almost_linear", 17: "osborne1", 18: "osborne2"}

# (problem, n, m, number of starts x0, 10·x0, 100·x0): MINPACK's driver, 53 runs.
RUNS = [(1, 5, 10, 1), (1, 5, 50, 1), (2, 5, 10, 1), (2, 5, 50, 1), (3, 5, 10, 1), (3, 5, 50, 1),
        (4, 2, 2, 3), (5, 3, 3, 3), (6, 4, 4, 3), (7, 2, 2, 3), (8, 3, 15, 3), (9, 4, 11, 3),
        (10, 3, 16, 2), (11, 6, 31, 3), (11, 9, 31, 3), (11, 12, 31, 3), (12, 3, 10, 1),
        (13, 2, 10, 1), (14, 4, 20, 3), (15, 1, 8, 3), (15, 8, 8, 1), (15, 9, 9, 1),
        (15, 10, 10, 1), (16, 10, 10, 3), (16, 30, 30, 1), (16, 40, 40, 1), (17, 5, 33, 1),
        (18, 11, 65, 1)]

Y_BARD = [0.14, 0.18, 0.22, 0.25, 0.29, 0.32, 0.35, 0.39, 0.37, 0.58, 0.73, 0.96, 1.34, 2.10, 4.39]
U_KO = [4.0, 2.0, 1.0, 0.5, 0.25, 0.167, 0.125, 0.1, 0.0833, 0.0714, 0.0625]
Y_KO = [0.1957, 0.1947, 0.1735, 0.1600, 0.0844, 0.0627, 0.0456, 0.0342, 0.0323, 0.0235, 0.0246]
Y_MEYER = [34780, 28610, 23650, 19630, 16370, 13720, 11540, 9744, 8261, 7030, 6005, 5147, 4427,
           3820, 3307, 2872]
Y_OSBORNE1 = [0.844, 0.908, 0.932, 0.936, 0.925, 0.908, 0.881, 0.850, 0.818, 0.784, 0.751, 0.718,
              0.685, 0.658, 0.628, 0.603, 0.580, 0.558, 0.538, 0.522, 0.506, 0.490, 0.478, 0.467,
              0.457, 0.448, 0.438, 0.431, 0.424, 0.420, 0.414, 0.411, 0.406]
Y_OSBORNE2 = [1.366, 1.191, 1.112, 1.013, 0.991, 0.885, 0.831, 0.847, 0.786, 0.725, 0.746, 0.679,
              0.608, 0.655, 0.616, 0.606, 0.602, 0.626, 0.651, 0.724, 0.649, 0.649, 0.694, 0.644,
              0.624, 0.661, 0.612, 0.558, 0.533, 0.495, 0.500, 0.423, 0.395, 0.375, 0.372, 0.391,
              0.396, 0.405, 0.428, 0.429, 0.523, 0.562, 0.607, 0.653, 0.672, 0.708, 0.633, 0.668,
              0.645, 0.632, 0.591, 0.559, 0.597, 0.625, 0.739, 0.710, 0.729, 0.720, 0.636, 0.581,
              0.428, 0.292, 0.162, 0.098, 0.054]


class Ops:
    """Elementwise functions on arrays: numpy's, or mpmath's mapped over object arrays."""

    def __init__(self, mp=None):
        self.mp = mp
        if mp is None:
            self.exp, self.sin, self.cos, self.atan, self.sqrt = np.exp, np.sin, np.cos, np.arctan, np.sqrt
            self.num = lambda v: np.atleast_1d(np.asarray(v, dtype=float))
            self.pi = np.pi
        else:
            f = lambda g: np.frompyfunc(g, 1, 1)
            self.exp, self.sin, self.cos, self.atan, self.sqrt = (f(mp.exp), f(mp.sin), f(mp.cos),
                                                                  f(mp.atan), f(mp.sqrt))
            self.num = lambda v: np.array([mp.mpf(str(a)) if isinstance(a, float) else mp.mpf(a)
                                           for a in np.atleast_1d(v)], dtype=object)
            self.pi = mp.pi


def start(p, n, factor=1.0):
    """x0 times `factor` (Watson: every entry = factor when factor != 1, as MINPACK's initpt)."""
    x0 = {4: [-1.2, 1.0], 5: [-1.0, 0.0, 0.0], 6: [3.0, -1.0, 0.0, 1.0], 7: [0.5, -2.0],
          8: [1.0, 1.0, 1.0], 9: [0.25, 0.39, 0.415, 0.39], 10: [0.02, 4000.0, 250.0],
          12: [0.0, 10.0, 20.0], 13: [0.3, 0.4], 14: [25.0, 5.0, -5.0, -1.0],
          17: [0.5, 1.5, -1.0, 0.01, 0.02],
          18: [1.3, 0.65, 0.65, 0.7, 0.6, 3.0, 5.0, 7.0, 2.0, 4.5, 5.5]}.get(p)
    if p in (1, 2, 3):
        x0 = [1.0] * n
    elif p == 11:
        x0 = [0.0] * n
    elif p == 15:
        x0 = [(j + 1) / (n + 1) for j in range(n)]
    elif p == 16:
        x0 = [0.5] * n
    if factor != 1 and p == 11:
        return [factor] * n
    return [factor * v for v in x0]


def residuals(p, x, m, o=Ops()):
    """f(x) of problem p with m residuals (n = len(x))."""
    x = o.num(x) if o.mp is not None else np.asarray(x, dtype=float)
    n = len(x)
    one = o.num(1.0)[0]
    if p == 1:
        s = 2 * sum(x) / m + one
        f = np.array([-s] * m, dtype=x.dtype)
        f[:n] = f[:n] + x
        return f
    if p == 2:
        s = sum((j + 1) * x[j] for j in range(n))
        return np.array([(i + 1) * s - one for i in range(m)], dtype=x.dtype)
    if p == 3:
        s = sum((j + 1) * x[j] for j in range(1, n - 1))
        f = np.array([i * s - one for i in range(m)], dtype=x.dtype)
        f[m - 1] = -one
        return f
    if p == 4:
        return np.array([10 * (x[1] - x[0] ** 2), one - x[0]], dtype=x.dtype)
    if p == 5:
        r = o.sqrt(o.num([x[0] ** 2 + x[1] ** 2]))[0]
        psi = 2 * o.atan(o.num([-x[0] / (r + x[1])]))[0]
        theta = psi / (2 * o.pi) + one / 4
        return np.array([10 * (x[2] - 10 * theta), 10 * (r - one), x[2]], dtype=x.dtype)
    if p == 6:
        s5, s10 = o.sqrt(o.num([5.0, 10.0]))
        return np.array([x[0] + 10 * x[1], s5 * (x[2] - x[3]), (x[1] - 2 * x[2]) ** 2,
                         s10 * (x[0] - x[3]) ** 2], dtype=x.dtype)
    if p == 7:
        return np.array([-13 + x[0] + ((5 - x[1]) * x[1] - 2) * x[1],
                         -29 + x[0] + ((x[1] + 1) * x[1] - 14) * x[1]], dtype=x.dtype)
    if p == 8:
        u = o.num([float(i) for i in range(1, 16)])
        v = o.num([float(16 - i) for i in range(1, 16)])
        w = o.num([float(min(i, 16 - i)) for i in range(1, 16)])
        return o.num(Y_BARD) - (x[0] + u / (v * x[1] + w * x[2]))
    if p == 9:
        u = o.num(U_KO)
        return o.num(Y_KO) - x[0] * (u * u + u * x[1]) / (u * u + u * x[2] + x[3])
    if p == 10:
        t = o.num([45.0 + 5 * i for i in range(1, 17)])
        return x[0] * o.exp(x[1] / (t + x[2])) - o.num([float(y) for y in Y_MEYER])
    if p == 11:
        f = []
        for i in range(1, 30):
            t = o.num([i / 29])[0] if o.mp is None else o.mp.mpf(i) / 29
            s1 = sum((j - 1) * x[j - 1] * t ** (j - 2) for j in range(2, n + 1))
            s2 = sum(x[j - 1] * t ** (j - 1) for j in range(1, n + 1))
            f.append(s1 - s2 * s2 - one)
        f += [x[0], x[1] - x[0] ** 2 - one]
        return np.array(f, dtype=x.dtype)
    if p == 12:
        t = o.num([0.1 * i for i in range(1, m + 1)]) if o.mp is None else \
            np.array([o.mp.mpf(i) / 10 for i in range(1, m + 1)], dtype=object)
        return o.exp(-t * x[0]) - o.exp(-t * x[1]) - x[2] * (o.exp(-t) - o.exp(-10 * t))
    if p == 13:
        i = o.num([float(k) for k in range(1, m + 1)])
        return 2 + 2 * i - (o.exp(i * x[0]) + o.exp(i * x[1]))
    if p == 14:
        t = o.num([k / 5 for k in range(1, m + 1)]) if o.mp is None else \
            np.array([o.mp.mpf(k) / 5 for k in range(1, m + 1)], dtype=object)
        a = x[0] + t * x[1] - o.exp(t)
        b = x[2] + x[3] * o.sin(t) - o.cos(t)
        return a * a + b * b
    if p == 15:
        f = []
        for i in range(1, m + 1):
            s = 0
            for j in range(n):
                y = 2 * x[j] - one
                t0, t1 = one, y
                for _ in range(i - 1):
                    t0, t1 = t1, 2 * y * t1 - t0
                s = s + t1
            s = s / n
            if i % 2 == 0:
                s = s + one / (i * i - 1)
            f.append(s)
        return np.array(f, dtype=x.dtype)
    if p == 16:
        total = sum(x) - (n + 1)
        prod = one
        for v in x:
            prod = prod * v
        f = [x[i] + total for i in range(n - 1)] + [prod - one]
        return np.array(f, dtype=x.dtype)
    if p == 17:
        t = o.num([10.0 * i for i in range(33)])
        return o.num(Y_OSBORNE1) - (x[0] + x[1] * o.exp(-t * x[3]) + x[2] * o.exp(-t * x[4]))
    if p == 18:
        t = o.num([i / 10 for i in range(65)]) if o.mp is None else \
            np.array([o.mp.mpf(i) / 10 for i in range(65)], dtype=object)
        return o.num(Y_OSBORNE2) - (x[0] * o.exp(-t * x[4]) + x[1] * o.exp(-(t - x[8]) ** 2 * x[5])
                                    + x[2] * o.exp(-(t - x[9]) ** 2 * x[6])
                                    + x[3] * o.exp(-(t - x[10]) ** 2 * x[7]))
    raise ValueError(f"no MGH problem {p}")


def runs():
    """The 53 runs as (problem, name, n, m, factor, x0)."""
    out = []
    for p, n, m, tries in RUNS:
        for k in range(tries):
            factor = 10.0 ** k
            out.append((p, NAMES[p], n, m, factor, start(p, n, factor)))
    return out
