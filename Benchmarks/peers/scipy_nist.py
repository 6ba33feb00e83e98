"""The 27 NIST StRD nonlinear regression models in numpy and a reader of the original .dat files,
for the scipy peer. Same definitions as Sources/LeastSquaresTestProblems/NIST/StRDModel.swift
(NIST's equations; b1 is b[0]); Nelson fits log(y)."""
import os
import re

import numpy as np

PROBLEMS = ["Misra1a", "Chwirut2", "Chwirut1", "Lanczos3", "Gauss1", "Gauss2", "DanWood", "Misra1b",
            "Kirby2", "Hahn1", "Nelson", "MGH17", "Lanczos1", "Lanczos2", "Gauss3", "Misra1c", "Misra1d",
            "Roszman1", "ENSO", "MGH09", "Thurber", "BoxBOD", "Rat42", "MGH10", "Eckerle4", "Rat43",
            "Bennett5"]


def model(name, b, x):
    """f(x; b) for dataset `name`; x is (n,) or, for Nelson, (n, 2)."""
    e = np.exp
    if name in ("Misra1a", "BoxBOD"):
        return b[0] * (1 - e(-b[1] * x))
    if name in ("Chwirut1", "Chwirut2"):
        return e(-b[0] * x) / (b[1] + b[2] * x)
    if name.startswith("Lanczos"):
        return b[0] * e(-b[1] * x) + b[2] * e(-b[3] * x) + b[4] * e(-b[5] * x)
    if name.startswith("Gauss"):
        return (b[0] * e(-b[1] * x) + b[2] * e(-(x - b[3]) ** 2 / b[4] ** 2)
                + b[5] * e(-(x - b[6]) ** 2 / b[7] ** 2))
    if name == "DanWood":
        return b[0] * x ** b[1]
    if name == "Misra1b":
        return b[0] * (1 - (1 + b[1] * x / 2) ** (-2))
    if name == "Kirby2":
        return (b[0] + b[1] * x + b[2] * x ** 2) / (1 + b[3] * x + b[4] * x ** 2)
    if name in ("Hahn1", "Thurber"):
        return ((b[0] + b[1] * x + b[2] * x ** 2 + b[3] * x ** 3)
                / (1 + b[4] * x + b[5] * x ** 2 + b[6] * x ** 3))
    if name == "Nelson":
        return b[0] - b[1] * x[:, 0] * e(-b[2] * x[:, 1])
    if name == "MGH17":
        return b[0] + b[1] * e(-x * b[3]) + b[2] * e(-x * b[4])
    if name == "Misra1c":
        return b[0] * (1 - (1 + 2 * b[1] * x) ** (-0.5))
    if name == "Misra1d":
        return b[0] * b[1] * x * (1 + b[1] * x) ** (-1)
    if name == "Roszman1":
        return b[0] - b[1] * x - np.arctan(b[2] / (x - b[3])) / np.pi
    if name == "ENSO":
        w = 2 * np.pi * x
        return (b[0] + b[1] * np.cos(w / 12) + b[2] * np.sin(w / 12) + b[4] * np.cos(w / b[3])
                + b[5] * np.sin(w / b[3]) + b[7] * np.cos(w / b[6]) + b[8] * np.sin(w / b[6]))
    if name == "MGH09":
        return b[0] * (x ** 2 + x * b[1]) / (x ** 2 + x * b[2] + b[3])
    if name == "Rat42":
        return b[0] / (1 + e(b[1] - b[2] * x))
    if name == "MGH10":
        return b[0] * e(b[1] / (x + b[2]))
    if name == "Eckerle4":
        return (b[0] / b[1]) * e(-0.5 * ((x - b[2]) / b[1]) ** 2)
    if name == "Rat43":
        return b[0] / (1 + e(b[1] - b[2] * x)) ** (1 / b[3])
    if name == "Bennett5":
        return b[0] * (b[1] + x) ** (-1 / b[2])
    raise ValueError(name)


def read(folder, name):
    """(starts [2][p], certified [p], y, x) from `folder`/`name`.dat, line ranges read from the file."""
    with open(os.path.join(folder, name + ".dat"), encoding="ascii") as f:
        lines = [line.rstrip("\r\n") for line in f]

    def lines_of(label):
        for line in lines[:12]:
            match = re.match(re.escape(label) + r"\s+\(lines\s+(\d+)\s+to\s+(\d+)\)", line.strip())
            if match:
                return int(match.group(1)), int(match.group(2))
        raise ValueError(f"{name}: no {label}")

    s0, s1 = lines_of("Starting Values")
    d0, d1 = lines_of("Data")
    starts, certified = [[], []], []
    for line in lines[s0 - 1:s1]:
        w = line.split()
        starts[0].append(float(w[2]))
        starts[1].append(float(w[3]))
        certified.append(float(w[4]))
    data = np.array([[float(v) for v in line.split()] for line in lines[d0 - 1:d1]])
    y = data[:, 0]
    x = data[:, 1:] if data.shape[1] > 2 else data[:, 1]
    if name == "Nelson":
        y = np.log(y)
    return starts, certified, y, x


def lre(computed, certified):
    """min over the parameters of -log10(|x - c|/|c|), clamped to [0, 11]; 0 for non-finite."""
    worst = 11.0
    for x, c in zip(computed, certified):
        if not np.isfinite(x):
            return 0.0
        if x == c:
            continue
        err = abs(x - c) / abs(c) if c != 0 else abs(x)
        worst = min(worst, max(0.0, min(11.0, -np.log10(err))))
    return worst
