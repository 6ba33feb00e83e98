import Deform
import Geometry
import _Numerics
import _Support

/// A CSS `linear()` easing function (CSS Easing Functions Level 2, §3 "linear easing
/// functions"): stops (xₖ, yₖ) with x₀ = 0 < x₁ < … < xₙ = 1, the easing the piecewise-linear
/// interpolation y(x) = yₖ + (yₖ₊₁ − yₖ)·(x − xₖ)/(xₖ₊₁ − xₖ) between them.
///
/// ``init(approximating:tolerance:)`` puts the stops on a timing function's curve (yₖ = T(xₖ)) so
/// that the polyline stays within `tolerance` of T in y at every x — the vertical distance,
/// which is what an easing's error means (a flattening that bounds the distance normal to each
/// chord, as Geometry's `Flattening` does for outlines, allows √(1 + slope²) times more here).
/// Each chord [xₖ, xₖ₊₁] is as long as it can be, greedily from x = 0: the far end is found by
/// bisection (40 steps) on the largest x whose chord still keeps the error within tolerance,
/// with the error measured by ``chordError(_:from:to:)``. A chord's error grows with its length
/// on any arc without an inflection, so on such arcs the greedy choice gives the fewest stops
/// with vertices on the curve; across an inflection it can be one more than the minimum. The
/// count approaches ∫√(|T″|/(8·tol)) dx, the asymptotic optimum for interpolating chords
/// (a chord of width h over curvature T″ deviates |T″|h²/8).
public struct LinearEasing: Hashable, Sendable, CustomStringConvertible {
    /// The stops (x, y), x increasing from 0 to 1.
    public let stops: [(x: Double, y: Double)]

    /// The default tolerance in y: 1e-3.
    public static let defaultTolerance = 1e-3

    public static func == (a: LinearEasing, b: LinearEasing) -> Bool {
        a.stops.elementsEqual(b.stops) { $0.x == $1.x && $0.y == $1.y }
    }

    public func hash(into hasher: inout Hasher) {
        for s in stops {
            hasher.combine(s.x)
            hasher.combine(s.y)
        }
    }

    /// The fewest stops on `timing`'s curve within `tolerance` (> 0) of it in y (see the type's
    /// documentation). Steps are discontinuous and have no such approximation: a precondition.
    public init(approximating timing: TimingFunction, tolerance: Double = LinearEasing.defaultTolerance) {
        precondition(tolerance > 0 && tolerance.isFinite, "LinearEasing: tolerance must be positive")
        if case .steps = timing { preconditionFailure("LinearEasing: steps are not continuous") }
        let y = { (x: Double) in timing.value(at: x) }
        let feasible = { (a: Double, b: Double) in Self.chordError(y, from: a, to: b) <= tolerance }
        var stops = [(x: 0.0, y: y(0))]
        var a = 0.0
        var step = 1.0
        while a < 1 {
            var b = 1.0
            if !feasible(a, 1) {
                // lo feasible, hi not: grow from the last step's length, then bisect.
                var lo = a, hi = 1.0
                var guess = min(1, a + step)
                while guess < hi {
                    if feasible(a, guess) {
                        lo = guess
                        guess = min(hi, a + 2 * (guess - a))
                    } else {
                        hi = guess
                    }
                }
                for _ in 0..<40 {
                    let m = 0.5 * (lo + hi)
                    if feasible(a, m) { lo = m } else { hi = m }
                }
                b = lo > a ? lo : hi
            }
            stops.append((b, y(b)))
            step = b - a
            a = b
        }
        self.stops = stops
    }

    /// The largest |T(x) − chord(x)| for x in [a, b], chord through (a, T(a)) and (b, T(b)):
    /// 64 evenly spaced samples, then golden-section search (40 steps) around the largest one.
    /// A measurement, exact to about 1e-9 of the chord width for smooth T.
    public static func chordError(_ y: (Double) -> Double, from a: Double, to b: Double) -> Double {
        let ya = y(a), yb = y(b)
        func err(_ x: Double) -> Double { abs(y(x) - (ya + (yb - ya) * (x - a) / (b - a))) }
        let n = 64
        var best = (value: 0.0, k: 0)
        for k in 1..<n {
            let e = err(a + (b - a) * Double(k) / Double(n))
            if e > best.value { best = (e, k) }
        }
        guard best.k > 0 else { return 0 }
        let lo = a + (b - a) * Double(best.k - 1) / Double(n), hi = a + (b - a) * Double(best.k + 1) / Double(n)
        return max(best.value, GoldenSection.maximum(of: err, from: lo, to: hi, steps: 40).value)
    }

    /// y(x) by linear interpolation between the stops (clamped to the first and last stop).
    public func value(at x: Double) -> Double {
        PiecewiseLookup.evaluate(stops, at: x, position: { $0.x }, value: { $0.y }) { lo, hi in
            let a = stops[lo], b = stops[hi]
            return a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
        }
    }

    /// The CSS text: `linear(y₀ x₀%, y₁ x₁%, …)`, every stop with its input percentage.
    public var description: String {
        "linear(" + stops.map { "\(ShortestDecimal.format($0.y)) \(ShortestDecimal.format($0.x * 100))%" }
            .joined(separator: ", ") + ")"
    }
}
