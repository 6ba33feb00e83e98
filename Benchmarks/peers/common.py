"""Shared by the Python peers: workload reading, checksum, timing, the CSV row."""
import statistics
import sys
import time

import numpy as np


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def load(workload_path: str, samples: int):
    raw = open(workload_path, "rb").read()
    control = np.frombuffer(raw, dtype="<f8").reshape(-1, 4, 2)  # curve, point, xy
    t = np.zeros(1) if samples == 1 else np.arange(samples) / (samples - 1)
    return raw, control, t


def time_it(body, repeats: int):
    body()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    times.sort()
    return statistics.median(times), times[0], times[-1]


def row(peer, variant, threads, timing, points, out, reference, checksum_hex):
    """One CSV row: max |Δ| over the reference curves' points, interleaved layout."""
    median, lo, hi = timing
    flat = np.asarray(out, dtype=np.float64).reshape(-1)[: reference.size]
    diff = float(np.max(np.abs(flat - reference))) if reference.size else 0.0
    print(f"{peer},{variant},{threads},{median:.9g},{lo:.9g},{hi:.9g},{points / median:.9g},{diff:.3g},{checksum_hex}")
    sys.stdout.flush()
