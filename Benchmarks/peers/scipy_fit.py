#!/usr/bin/env python3
"""scipy.optimize.least_squares (methods 'lm' and 'trf') against `beztune fit` on the same target
outlines with the same residual definition, in one run, into one CSV: both sides' time per fit
and final rms, and the ratios.

usage: Benchmarks/peers/scipy_fit.py [--csv FILE] [--rounds N] [--repeats R] [--our-repeats K] [--samples N] [--no-build]

Problem (both sides): the ball model, radius 50, free xFactor, yFactor, topYFactor, k, started
from the rest shape (1, 1, 1, 4/3(sqrt 2 - 1)); residual i = the signed orthogonal distance from
target point i to the model's four cubics (positive on the left of the curve); rms =
sqrt(mean(d_i^2)), unweighted. Targets, each with N = 720 points:
  squash-0.5   examples/squash-0.5.svg sampled uniformly by arc length (a membrane squash, not
               the ball model: the best fit keeps a residual);
  ball-noisy   the ball at xFactor 1.15, yFactor 0.85, topYFactor 0.7, k 0.56 sampled by arc
               length, plus seeded N(0, 0.25^2) noise on each coordinate.
The points come from `beztune fit --residuals` (columns x, y), so both sides fit the very same
numbers.

scipy side: the nearest point of each target point by dense sampling (32 parameters per cubic,
argmin over all 128) refined by 5 clamped Newton steps (quadratic convergence from a 1/32 grid) on (B - q).B' = 0 — vectorised numpy,
the usual way to write it; jac = '2-point' (scipy's default) and, as a second run, the analytic
Jacobian -n.dB/dp (the envelope theorem, as ours). Tolerances are scipy's defaults (1e-8).
Time: the best of R repeats of `least_squares` alone.
Our side: `beztune fit --repeat K` (release build, K = 200 by default: a fit takes well under a
millisecond, so the first ones still pay for cold caches), its `seconds` column: the fastest of K
fits, certified nearest points, exact Jacobian, library defaults — once with `--serial` (the
nearest-point searches on one thread: threads = 1) and once as by default (split over every
processor: threads = the processors this process may use, 2 on the project's machine).

Rounds: the whole comparison runs N times (default 5) in alternation — in each round ours at 1
and at every thread, then scipy's four configurations, per target — and every time reported is
the median over the rounds of that round's figure, with the rounds' minimum and maximum beside
it (a shared machine: the load average at the start and the end is printed too). The speed-ups
are ratios of those medians, measured side by side.

The CSV has one row per target, method, Jacobian and our thread count: peer_seconds,
our_seconds, speedup = peer_seconds / our_seconds, peer_rms, our_rms (ours as reported;
our_rms_by_peer is our parameters under the peer's distance function, a cross-check of the
residual definition), threads, thread_speedup (ours at 1 thread over ours at `threads`), the
rounds' spreads and the load averages.

Creates .build/peers-venv (numpy, scipy from requirements-scipy.txt) when missing and re-runs
itself there.
"""
import argparse
import csv
import math
import os
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
venv = os.path.join(root, ".build", "peers-venv")
venv_python = os.path.join(venv, "bin", "python")

RADIUS = 50.0
KAPPA = 4.0 / 3.0 * (math.sqrt(2.0) - 1.0)
FREE = ["xFactor", "yFactor", "topYFactor", "k"]
START = [1.0, 1.0, 1.0, KAPPA]
TRUTH = [1.15, 0.85, 0.7, 0.56]
SIGMA = 0.25
SAMPLES_PER_CUBIC = 32
NEWTON_STEPS = 5

COLUMNS = ["target", "points", "parameters", "peer", "jacobian", "peer_seconds", "our_seconds", "speedup",
           "peer_rms", "our_rms", "our_rms_by_peer", "rms_difference", "peer_nfev", "peer_njev",
           "our_evaluations", "our_iterations", "peer_status", "our_status", "peer_parameters",
           "our_parameters", "threads", "thread_speedup", "rounds", "peer_seconds_min", "peer_seconds_max",
           "our_seconds_min", "our_seconds_max", "load_start", "load_end"]


def ensure_venv():
    try:
        import numpy  # noqa: F401
        import scipy  # noqa: F401
        return
    except ImportError:
        pass
    requirements = os.path.join(here, "requirements-scipy.txt")
    if os.path.realpath(sys.executable) == os.path.realpath(venv_python):
        subprocess.run([venv_python, "-m", "pip", "install", "-q", "-r", requirements], check=True)
        return
    if not os.path.exists(venv_python):
        if subprocess.run([sys.executable, "-m", "venv", venv]).returncode != 0:
            sys.exit("scipy_fit: cannot create .build/peers-venv; install python3-venv "
                     "(apt-get install python3-venv, or run scripts/setup-peers.sh)")
    subprocess.run([venv_python, "-m", "pip", "install", "-q", "-r", requirements], check=True)
    os.execv(venv_python, [venv_python] + sys.argv)


class BallDistance:
    """The ball's four cubics for (xFactor, yFactor, topYFactor, k) and the signed orthogonal
    distances of the target points to them, with the analytic Jacobian."""

    # Anchors bottom, right, top, left on the unit circle with the bottom at the origin; each
    # segment's control points as (anchor, handle direction or None).
    ANCHORS = [(0.0, 0.0), (1.0, 1.0), (0.0, 2.0), (-1.0, 1.0)]
    SEGMENTS = [
        [(0, None), (0, (1, 0)), (1, (0, -1)), (1, None)],
        [(1, None), (1, (0, 1)), (2, (1, 0)), (2, None)],
        [(2, None), (2, (-1, 0)), (3, (0, 1)), (3, None)],
        [(3, None), (3, (0, -1)), (0, (-1, 0)), (0, None)],
    ]

    def __init__(self, np, targets):
        self.np = np
        self.q = np.asarray(targets, dtype=float)
        self.ts = (np.arange(SAMPLES_PER_CUBIC) + 0.5) / SAMPLES_PER_CUBIC
        self.weights = self.bernstein(np, self.ts)  # (S, 4)
        self.POWER = np.array([[-1.0, 3, -3, 1], [3, -6, 3, 0], [-3, 3, 0, 0], [1, 0, 0, 0]])
        # Per control point: its unsquashed position for unit k (anchor, handle direction) and
        # which y factor it uses (top anchor: topYFactor).
        self.anchor = np.array([[self.ANCHORS[a] for a, _ in seg] for seg in self.SEGMENTS])  # (4,4,2)
        self.direction = np.array([[d if d else (0, 0) for _, d in seg] for seg in self.SEGMENTS], dtype=float)
        self.top = np.array([[a == 2 for a, _ in seg] for seg in self.SEGMENTS])

    def control_points(self, p):
        np = self.np
        xf, yf, tf, k = p
        u = RADIUS * (self.anchor + k * self.direction)  # (4,4,2) unsquashed
        sy = np.where(self.top, tf, yf)
        return np.stack([xf * u[..., 0], sy * u[..., 1]], axis=-1), u

    @staticmethod
    def bernstein(np, t):
        s = 1 - t
        return np.stack([s * s * s, 3 * t * s * s, 3 * t * t * s, t * t * t], axis=-1)

    def nearest(self, P):
        """(segment, t, B, B') of the nearest point of every target point: the closest of the
        dense samples, then Newton steps on f(t) = (B - q).B' with the power-basis coefficients
        B(t) = ((a t + b) t + c) t + d, clamped to [0, 1]."""
        np = self.np
        qx, qy = self.q[:, 0], self.q[:, 1]
        samples = np.einsum("sj,cjd->csd", self.weights, P).reshape(-1, 2)  # (4S, 2)
        d2 = (qx[:, None] - samples[None, :, 0]) ** 2 + (qy[:, None] - samples[None, :, 1]) ** 2
        best = d2.argmin(axis=1)
        seg, j = np.divmod(best, SAMPLES_PER_CUBIC)
        t = self.ts[j]
        # Power basis per segment: a = -P0 + 3P1 - 3P2 + P3, b = 3P0 - 6P1 + 3P2, c = 3(P1 - P0), d = P0.
        power = np.einsum("ij,cjd->cid", self.POWER, P)[seg]  # (n, 4, 2)
        ax, bx, cx, dx = power[:, 0, 0], power[:, 1, 0], power[:, 2, 0], power[:, 3, 0]
        ay, by, cy, dy = power[:, 0, 1], power[:, 1, 1], power[:, 2, 1], power[:, 3, 1]
        for _ in range(NEWTON_STEPS):
            ex = ((ax * t + bx) * t + cx) * t + dx - qx
            ey = ((ay * t + by) * t + cy) * t + dy - qy
            px = (3 * ax * t + 2 * bx) * t + cx
            py = (3 * ay * t + 2 * by) * t + cy
            f = ex * px + ey * py
            fp = px * px + py * py + ex * (6 * ax * t + 2 * bx) + ey * (6 * ay * t + 2 * by)
            t = np.clip(t - np.where(fp > 0, f / np.where(fp > 0, fp, 1.0), 0.0), 0.0, 1.0)
        B = np.stack([((ax * t + bx) * t + cx) * t + dx, ((ay * t + by) * t + cy) * t + dy], -1)
        Bp = np.stack([(3 * ax * t + 2 * bx) * t + cx, (3 * ay * t + 2 * by) * t + cy], -1)
        return seg, t, B, Bp

    def residuals(self, p):
        P, _ = self.control_points(p)
        _, _, B, Bp = self.nearest(P)
        off = self.q - B
        side = np.sign(Bp[:, 0] * off[:, 1] - Bp[:, 1] * off[:, 0])
        side = self.np.where(side == 0, 1.0, side)
        return side * self.np.hypot(off[:, 0], off[:, 1])

    def jacobian(self, p):
        np = self.np
        P, u = self.control_points(p)
        seg, t, B, Bp = self.nearest(P)
        off = self.q - B
        d = np.hypot(off[:, 0], off[:, 1])
        side = np.sign(Bp[:, 0] * off[:, 1] - Bp[:, 1] * off[:, 0])
        side = np.where(side == 0, 1.0, side)
        tangent = Bp / np.maximum(np.hypot(Bp[:, 0], Bp[:, 1]), 1e-300)[:, None]
        normal = np.where((d > 0)[:, None], side[:, None] * off / np.maximum(d, 1e-300)[:, None],
                          np.stack([-tangent[:, 1], tangent[:, 0]], -1))
        xf, yf, tf, k = p
        top = self.top[seg]  # (n,4)
        ucp = u[seg]  # (n,4,2)
        dirs = self.direction[seg]
        w = self.bernstein(np, t)  # (n,4)
        sy = np.where(top, tf, yf)
        # d(control point)/dp, per point (n,4,2) for each parameter.
        dx = np.stack([ucp[..., 0], np.zeros_like(sy)], -1)
        dy = np.stack([np.zeros_like(sy), np.where(top, 0.0, ucp[..., 1])], -1)
        dt = np.stack([np.zeros_like(sy), np.where(top, ucp[..., 1], 0.0)], -1)
        dk = np.stack([xf * RADIUS * dirs[..., 0], sy * RADIUS * dirs[..., 1]], -1)
        cols = []
        for dP in (dx, dy, dt, dk):
            dB = (w[..., None] * dP).sum(1)
            cols.append(-(normal * dB).sum(-1))
        return np.stack(cols, axis=1)


np = None


def run_ours(binary, target, samples, repeats, tmp, name, serial=False):
    csv_file = os.path.join(tmp, name + "-fit.csv")
    residuals = os.path.join(tmp, name + "-res.csv")
    args = [binary, "fit", "--target", target, "--model", "ball", "--radius", str(RADIUS),
            "--free", ",".join(FREE), "--csv", csv_file, "--residuals", residuals, "--repeat", str(repeats)]
    if serial:
        args.append("--serial")
    if not target.lower().endswith(".csv"):
        args += ["--samples", str(samples)]
    for n, v in zip(FREE, START):
        args += ["--set", f"{n}={v!r}"]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    row = next(csv.DictReader(open(csv_file)))
    points = [(float(r["x"]), float(r["y"])) for r in csv.DictReader(open(residuals))]
    return row, points


def peer_fit(model, method, jac, repeats):
    from scipy.optimize import least_squares
    best, result = math.inf, None
    for _ in range(repeats):
        t = time.perf_counter()
        result = least_squares(model.residuals, np.array(START), method=method,
                               jac=model.jacobian if jac == "analytic" else "2-point")
        best = min(best, time.perf_counter() - t)
    return result, best


def main():
    global np
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--csv", default=os.path.join(root, "out", "bench-fit.csv"))
    parser.add_argument("--rounds", type=int, default=5, help="the whole comparison this many times; medians")
    parser.add_argument("--repeats", type=int, default=5, help="scipy: best of this many fits per round")
    parser.add_argument("--our-repeats", type=int, default=200,
                        help="ours: best of this many fits per round (one fit takes well under a millisecond)")
    parser.add_argument("--samples", type=int, default=720)
    parser.add_argument("--no-build", action="store_true", help="use the existing release binary")
    a = parser.parse_args()
    ensure_venv()
    import numpy
    import scipy
    np = numpy

    binary = os.path.join(root, ".build", "release", "beztune")
    if not a.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "beztune"], cwd=root, check=True)
    tmp = tempfile.mkdtemp(prefix="beztune-fit-bench-")
    print(f"scipy {scipy.__version__}, numpy {np.__version__}; beztune {binary}", file=sys.stderr)

    # The ball-noisy target: the exact ball sampled by beztune (a fit of the ball's own path data),
    # then seeded noise.
    truth = subprocess.run([binary, "model", "--name", "ball", "--y-up"] +
                           sum([["--set", f"{n}={v}"] for n, v in zip(FREE, TRUTH)], []),
                           check=True, capture_output=True, text=True).stdout.strip()
    clean = os.path.join(tmp, "ball-clean.csv")
    subprocess.run([binary, "fit", "--path", truth, "--y-up", "--samples", str(a.samples), "--radius", str(RADIUS),
                    "--free", ",".join(FREE), "--residuals", clean], check=True, stdout=subprocess.DEVNULL)
    rng = np.random.default_rng(20240605)
    pts = np.array([(float(r["x"]), float(r["y"])) for r in csv.DictReader(open(clean))])
    pts = pts + rng.normal(0.0, SIGMA, pts.shape)
    noisy = os.path.join(tmp, "ball-noisy.csv")
    with open(noisy, "w") as f:
        f.write("x,y\n")
        for x, y in pts:
            f.write(f"{float(x)!r},{float(y)!r}\n")

    targets = [("squash-0.5", os.path.join(root, "examples", "squash-0.5.svg")), ("ball-noisy", noisy)]
    processors = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    thread_counts = [1] + ([processors] if processors > 1 else [])
    configs = [(method, jac) for method in ("lm", "trf") for jac in ("2-point", "analytic")]
    load_start = os.getloadavg()[0]
    ours = {}   # (target, threads) -> [row per round]
    peers = {}  # (target, method, jac) -> [(result, seconds) per round]
    points_of = {}
    for _ in range(a.rounds):
        for name, path in targets:
            for threads in thread_counts:
                row, points = run_ours(binary, path, a.samples, a.our_repeats, tmp, name, serial=threads == 1)
                ours.setdefault((name, threads), []).append(row)
                points_of[name] = points
            model = BallDistance(np, points_of[name])
            for method, jac in configs:
                peers.setdefault((name, method, jac), []).append(peer_fit(model, method, jac, a.repeats))
    load_end = os.getloadavg()[0]

    def median(values):
        v = sorted(values)
        n = len(v)
        return v[n // 2] if n % 2 else 0.5 * (v[n // 2 - 1] + v[n // 2])

    rows = []
    for name, _ in targets:
        model = BallDistance(np, points_of[name])
        first = ours[(name, 1)][0]
        our_params = [float(first[n]) for n in FREE]
        for row in ours[(name, 1)] + sum((ours[(name, t)] for t in thread_counts[1:]), []):
            if [float(row[n]) for n in FREE] != our_params or row["rms"] != first["rms"]:
                sys.exit(f"scipy_fit: our result on {name} differs between runs or thread counts")
        our_rms_by_peer = math.sqrt(float(np.mean(model.residuals(np.array(our_params)) ** 2)))
        one_thread = median([float(r["seconds"]) for r in ours[(name, 1)]])
        for method, jac in configs:
            runs = peers[(name, method, jac)]
            res = runs[-1][0]
            peer_times = [t for _, t in runs]
            seconds = median(peer_times)
            peer_rms = math.sqrt(float(np.mean(model.residuals(res.x) ** 2)))
            for threads in thread_counts:
                our_times = [float(r["seconds"]) for r in ours[(name, threads)]]
                our_seconds = median(our_times)
                rows.append({
                    "target": name, "points": len(points_of[name]), "parameters": len(FREE), "peer": "scipy_" + method,
                    "jacobian": jac, "peer_seconds": seconds, "our_seconds": our_seconds,
                    "speedup": seconds / our_seconds, "peer_rms": peer_rms, "our_rms": float(first["rms"]),
                    "our_rms_by_peer": our_rms_by_peer, "rms_difference": peer_rms - float(first["rms"]),
                    "peer_nfev": res.nfev, "peer_njev": res.njev if res.njev is not None else 0,
                    "our_evaluations": int(first["evaluations"]), "our_iterations": int(first["iterations"]),
                    "peer_status": res.status, "our_status": first["status"],
                    "peer_parameters": " ".join(repr(float(v)) for v in res.x),
                    "our_parameters": " ".join(repr(v) for v in our_params),
                    "threads": threads, "thread_speedup": one_thread / our_seconds, "rounds": a.rounds,
                    "peer_seconds_min": min(peer_times), "peer_seconds_max": max(peer_times),
                    "our_seconds_min": min(our_times), "our_seconds_max": max(our_times),
                    "load_start": load_start, "load_end": load_end,
                })
    os.makedirs(os.path.dirname(os.path.abspath(a.csv)), exist_ok=True)
    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        for row in rows:
            w.writerow({k: (repr(float(v)) if isinstance(v, (float, np.floating)) else
                            int(v) if isinstance(v, np.integer) else v) for k, v in row.items()})
    print(f"load average {load_start:.2f} at the start, {load_end:.2f} at the end; {a.rounds} rounds, medians "
          f"(min-max over the rounds); ours at threads {', '.join(map(str, thread_counts))}")
    print(f"{'target':11s} {'peer':9s} {'jacobian':8s} {'thr':>3s} {'peer ms':>22s} {'ours ms':>22s} {'speedup':>8s} "
          f"{'thr x':>6s} {'peer rms':>18s} {'our rms':>18s}")
    for r in rows:
        peer = f"{1e3 * r['peer_seconds']:.2f} ({1e3 * r['peer_seconds_min']:.2f}-{1e3 * r['peer_seconds_max']:.2f})"
        our = f"{1e3 * r['our_seconds']:.3f} ({1e3 * r['our_seconds_min']:.3f}-{1e3 * r['our_seconds_max']:.3f})"
        print(f"{r['target']:11s} {r['peer']:9s} {r['jacobian']:8s} {r['threads']:3d} {peer:>22s} {our:>22s} "
              f"{r['speedup']:7.1f}x {r['thread_speedup']:5.2f}x {r['peer_rms']:18.15f} {r['our_rms']:18.15f}")
    for name, _ in targets:
        best = min((r for r in rows if r["target"] == name), key=lambda r: r["peer_seconds"])
        for threads in thread_counts:
            r = next(x for x in rows if x["target"] == name and x["threads"] == threads
                     and x["peer"] == best["peer"] and x["jacobian"] == best["jacobian"])
            print(f"{name}: scipy's fastest, {best['peer']} {best['jacobian']} {1e3 * best['peer_seconds']:.2f} ms, "
                  f"over ours at {threads} thread{'s' if threads > 1 else ''} {1e3 * r['our_seconds']:.3f} ms: "
                  f"{r['speedup']:.1f}x")
    print(f"wrote {a.csv}")


if __name__ == "__main__":
    main()
