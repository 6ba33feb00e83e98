/// The outcome of an arc-length computation: the value, an estimate of its absolute error and
/// whether the requested accuracy was reached before the subdivision limit.
public struct ArcLengthResult: Sendable, Equatable {
    public var length: Double
    /// Estimated absolute error, the sum over accepted intervals of |G₁₆(whole) − G₁₆(halves)|.
    public var errorEstimate: Double
    /// False when some interval hit the depth limit without meeting its share of the accuracy.
    public var converged: Bool
}

/// Arc length L = ∫₀¹ |B′(t)| dt by adaptive Gauss–Legendre quadrature.
///
/// Each interval is integrated by the 16-point rule, whole and as two halves; when the two
/// estimates differ by at most the interval's share of `accuracy` (halved at every split) the
/// halves are accepted, otherwise both halves are refined, to at most `maxDepth` levels. The
/// speed |B′| is smooth except where B′ vanishes (a cusp), where it has a kink that the
/// subdivision isolates. A plain, robust method; the accuracy is an absolute tolerance in the
/// curve's length units.
///
/// Termination: an interval is also accepted when the difference is below the rounding noise of
/// the sum, 32ε·|left + right| (an accuracy finer than Double can hold; reported as not
/// converged), and at `maxDepth`; so the work is bounded on every input, including curves with
/// coordinates near 1e300 and requested accuracies below one ulp of the length.
public struct AdaptiveArcLength: Sendable {
    public var accuracy: Double
    public var maxDepth: Int
    private var rule: GaussLegendre { .sixteenPoint }

    public init(accuracy: Double = 1e-9, maxDepth: Int = 40) {
        precondition(accuracy > 0, "arc-length accuracy must be positive")
        self.accuracy = accuracy
        self.maxDepth = maxDepth
    }

    /// The arc length of `curve` over [0, 1].
    public func length<C: ParametricCurve>(of curve: C) -> ArcLengthResult {
        let speed = { (t: Double) in curve.derivative(at: t).length }
        var result = ArcLengthResult(length: 0, errorEstimate: 0, converged: true)
        // Explicit stack of (a, b, whole, tolerance, depth): no recursion depth concerns.
        var stack: [(Double, Double, Double, Double, Int)] = [
            (0, 1, rule.integrate(from: 0, to: 1, speed), accuracy, 0)
        ]
        while let (a, b, whole, tol, depth) = stack.popLast() {
            let m = 0.5 * (a + b)
            let left = rule.integrate(from: a, to: m, speed)
            let right = rule.integrate(from: m, to: b, speed)
            let difference = abs(whole - (left + right))
            let roundingNoise = 32 * Double.ulpOfOne * abs(left + right)
            if difference <= max(tol, roundingNoise) || depth >= maxDepth || !difference.isFinite {
                result.length += left + right
                result.errorEstimate += difference
                if difference > tol || !difference.isFinite { result.converged = false }
            } else {
                stack.append((m, b, right, 0.5 * tol, depth + 1))
                stack.append((a, m, left, 0.5 * tol, depth + 1))
            }
        }
        return result
    }
}

extension LineSegment {
    /// The exact length, with zero error.
    public func arcLength(accuracy: Double = 1e-9) -> ArcLengthResult {
        ArcLengthResult(length: length, errorEstimate: 0, converged: true)
    }
}

extension PathSegment {
    /// Arc length of the segment: exact for lines, adaptive Gauss–Legendre otherwise.
    public func arcLength(accuracy: Double = 1e-9) -> ArcLengthResult {
        switch self {
        case .line(let s): s.arcLength(accuracy: accuracy)
        case .quadratic(let s): AdaptiveArcLength(accuracy: accuracy).length(of: s)
        case .cubic(let s): AdaptiveArcLength(accuracy: accuracy).length(of: s)
        }
    }
}

extension Path {
    /// Total arc length of all drawing segments, the accuracy shared out over the segments.
    public func arcLength(accuracy: Double = 1e-9) -> ArcLengthResult {
        let n = Swift.max(1, segmentCount)
        var total = ArcLengthResult(length: 0, errorEstimate: 0, converged: true)
        for s in segments {
            let r = s.arcLength(accuracy: accuracy / Double(n))
            total.length += r.length
            total.errorEstimate += r.errorEstimate
            total.converged = total.converged && r.converged
        }
        return total
    }
}
