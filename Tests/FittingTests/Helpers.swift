import Deform
import Fitting
import Foundation
import Geometry
import LeastSquares
import Testing
import _TestSupport

extension SplitMix64 {
    /// A standard normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
        let u = Swift.max(uniform(0, 1), 1e-300), v = uniform(0, 1)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}

/// The ball the recovery and coverage tests draw their targets from.
let trueSquash: [(name: String, value: Double)] = [("xFactor", 1.15), ("yFactor", 0.85), ("topYFactor", 0.7), ("k", 0.56)]
let squashNames = trueSquash.map(\.name)

/// Ball parameters with `values` set (radius 50 unless given).
func ball(_ values: [(name: String, value: Double)]) throws -> ParameterVector {
    var p = BallModel().defaultParameters
    for (n, v) in values { try p.set(n, to: v) }
    return p
}

/// The ball's path at `values`.
func ballPath(_ values: [(name: String, value: Double)] = trueSquash) throws -> Path {
    BallModel().path(parameters: try ball(values))
}

/// `count` points spaced by arc length along the true ball, with N(0, σ²) noise on each coordinate.
func noisyBallTarget(count: Int, sigma: Double, seed: UInt64, path: Path? = nil) throws -> TargetOutline {
    let clean = try TargetOutline(path: path ?? ballPath(), sampleCount: count)
    var rng = SplitMix64(seed: seed)
    let points = clean.points.map { Point($0.x + sigma * rng.gaussian(), $0.y + sigma * rng.gaussian()) }
    return try TargetOutline(points: points)
}

/// The repository's examples folder.
let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples")

/// A circle of radius r centred at c as four exact-ish cubic arcs (SVG arcs through the parser).
func circle(radius r: Double, centre c: Point = .zero) throws -> Path {
    try Path(svgPathData: "M\(c.x + r) \(c.y) A\(r) \(r) 0 0 1 \(c.x - r) \(c.y) A\(r) \(r) 0 0 1 \(c.x + r) \(c.y) Z")
}

/// Checks an analytic Jacobian of `residuals` at `x` against central differences, step
/// hₖ = 1e-6·max(1, |xₖ|) — the slow, obviously correct twin: the largest |analytic − numeric|
/// is at most 1e-6 of the largest |numeric|. `label` starts the message.
func expectCentralDifferences(_ analytic: Matrix, at x: [Double], _ label: String = "",
                              residuals: ([Double]) -> [Double], sourceLocation: SourceLocation = #_sourceLocation) {
    var worst = 0.0, scale = 0.0
    for k in x.indices {
        let h = 1e-6 * Swift.max(1, abs(x[k]))
        var plus = x, minus = x
        plus[k] += h
        minus[k] -= h
        let a = residuals(plus), b = residuals(minus)
        for i in a.indices {
            let numeric = (a[i] - b[i]) / (2 * h)
            worst = Swift.max(worst, abs(analytic[i, k] - numeric))
            scale = Swift.max(scale, abs(numeric))
        }
    }
    #expect(worst <= 1e-6 * scale, "\(label)max |analytic − numeric| = \(worst) (scale \(scale))", sourceLocation: sourceLocation)
}
