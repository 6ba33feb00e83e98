"""numpy peer: naive broadcasting and the best form (one BLAS matrix product).
usage: numpy_peer.py WORKLOAD SAMPLES REFERENCE REPEATS THREADS
THREADS is reported; the caller sets OPENBLAS_NUM_THREADS before Python starts."""
import sys

import numpy as np

from common import fnv1a64, load, row, time_it

workload, samples, reference_path, repeats, threads = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
raw, control, t = load(workload, samples)
checksum = f"{fnv1a64(raw):016x}"
reference = np.fromfile(reference_path, dtype="<f8")
n, m = control.shape[0], t.size
s = 1 - t
basis = np.stack([s**3, 3 * s * s * t, 3 * s * t * t, t**3])  # 4 × m Bernstein basis

if threads == 1:
    def naive():
        # (n, 1, 4, 2) · (1, m, 4, 1) summed over the control points → (n, m, 2)
        return (control[:, None, :, :] * basis.T[None, :, :, None]).sum(axis=2)

    out = naive()
    row("numpy", "naive broadcasting", threads, time_it(naive, repeats), n * m, out, reference, checksum)

# Best form: the 2n × 4 coordinate matrix (x rows, y rows) times the 4 × m basis, one dgemm,
# written straight into the interleaved (n, m, 2) layout through a strided view.
coords = np.ascontiguousarray(control.transpose(0, 2, 1)).reshape(2 * n, 4)  # rows: x of curve i, y of curve i
out = np.empty((n, m, 2))
view = out.transpose(0, 2, 1)  # (n, 2, m) view of the interleaved output


def best():
    np.matmul(coords.reshape(n, 2, 4), basis, out=view)


best()
row("numpy", "best form (matrix product)", threads, time_it(best, repeats), n * m, out, reference, checksum)


# The textbook BLAS form: one dgemm of the 2n × 4 coordinate matrix by the 4 × m basis into a
# 2n × m matrix (x rows and y rows, not interleaved: it writes the same 16 bytes per point but
# skips the interleaving). This one uses OpenBLAS's threads; the batched matmul above does not
# reach BLAS for 2 × 4 blocks and runs on one thread whatever THREADS says.
planar = np.empty((2 * n, m))


def blas():
    np.dot(coords, basis, out=planar)


blas()
row("numpy", "one BLAS dgemm (planar output)", threads, time_it(blas, repeats), n * m,
    planar.reshape(n, 2, m).transpose(0, 2, 1), reference, checksum)
