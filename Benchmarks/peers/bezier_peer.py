"""The `bezier` package from PyPI: one Curve.evaluate_multi call per curve.
usage: bezier_peer.py WORKLOAD SAMPLES REFERENCE REPEATS"""
import sys

import bezier
import numpy as np

from common import fnv1a64, load, row, time_it

workload, samples, reference_path, repeats = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
raw, control, t = load(workload, samples)
checksum = f"{fnv1a64(raw):016x}"
reference = np.fromfile(reference_path, dtype="<f8")
n, m = control.shape[0], t.size
curves = [bezier.Curve(np.array(c.T, order="F"), degree=3, copy=False) for c in control]
out = np.empty((n, m, 2))


def run():
    for i, c in enumerate(curves):
        out[i] = c.evaluate_multi(t).T


run()
row("bezier (PyPI)", "evaluate_multi per curve", 1, time_it(run, repeats), n * m, out, reference, checksum)
