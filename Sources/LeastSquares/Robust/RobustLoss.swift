import _CLibc

/// A robust loss ρ applied to each squared residual s = rᵢ², so that ``LevenbergMarquardt``
/// minimises ½ Σᵢ ρ(rᵢ²) instead of ½ Σᵢ rᵢ²: large residuals (outliers) count less than
/// quadratically.
///
/// Definitions as in Ceres Solver (`include/ceres/loss_function.h`), with the scale a > 0 in
/// units of the residual: each loss is ρₐ(s) = a²·ρ(s/a²) of a unit loss ρ with ρ(s) ≈ s for
/// s ≪ 1, so residuals well below a are treated as in plain least squares and those above it are
/// damped. (This is also scipy `least_squares`' `f_scale` convention. Ceres' `ArctanLoss(b)` takes
/// b = a², the scale on s rather than on r.)
///
/// | loss | ρₐ(s) | ρ′ₐ(s) | ρ″ₐ(s) |
/// |---|---|---|---|
/// | trivial | s | 1 | 0 |
/// | Huber | s for s ≤ a², else 2a√s − a² | 1, else a/√s | 0, else −ρ′/(2s) |
/// | soft-L1 | 2a²(√(1 + s/a²) − 1) | 1/√(1 + s/a²) | −ρ′/(2a²(1 + s/a²)) |
/// | Cauchy | a²·log(1 + s/a²) | 1/(1 + s/a²) | −ρ′²/a² |
/// | arctan | a²·atan(s/a²) | 1/(1 + s²/a⁴) | −2s·ρ′²/a⁴ |
///
/// As in Ceres, ρ′ is clamped below at the smallest normal double so the corrector's √ρ′ stays
/// positive. Every ρ′ ∈ (0, 1] and every ρ″ ≤ 0 here: residuals are only ever down-weighted. The
/// influence of a residual r on the gradient is ψ(r) = r·ρ′(r²): unbounded for the trivial loss,
/// bounded by a for Huber and soft-L1, redescending (→ 0 as |r| → ∞) for Cauchy and arctan.
public enum RobustLoss: Sendable, Equatable {
    /// ρ(s) = s: ordinary least squares (the default; no correction is applied at all).
    case trivial
    /// Huber's loss, quadratic up to |r| = scale and linear beyond.
    case huber(scale: Double)
    /// The smooth "soft L1" (pseudo-Huber) loss, ≈ s near 0 and ≈ 2a|r| for |r| ≫ a.
    case softL1(scale: Double)
    /// Cauchy's (Lorentzian) loss, logarithmic growth: a redescending M-estimator.
    case cauchy(scale: Double)
    /// The arctangent loss, bounded by a²·π/2: the most outlier-blind of the four.
    case arctan(scale: Double)

    /// The scale a (1 for the trivial loss).
    public var scale: Double {
        switch self {
        case .trivial: 1
        case .huber(let a), .softL1(let a), .cauchy(let a), .arctan(let a): a
        }
    }

    /// The loss's name: `trivial`, `huber`, `soft-l1`, `cauchy` or `arctan` (``names``), as
    /// messages, settings and the command line write it.
    public var name: String {
        switch self {
        case .trivial: "trivial"
        case .huber: "huber"
        case .softL1: "soft-l1"
        case .cauchy: "cauchy"
        case .arctan: "arctan"
        }
    }

    /// Every loss's ``name``, the trivial one first.
    public static let names = ["trivial", "huber", "soft-l1", "cauchy", "arctan"]

    /// The loss called `name` (one of ``names``) at scale `a` (ignored by the trivial loss); nil
    /// for another name.
    public init?(named name: String, scale a: Double) {
        switch name {
        case "trivial": self = .trivial
        case "huber": self = .huber(scale: a)
        case "soft-l1": self = .softL1(scale: a)
        case "cauchy": self = .cauchy(scale: a)
        case "arctan": self = .arctan(scale: a)
        default: return nil
        }
    }

    /// (ρ(s), ρ′(s), ρ″(s)) at s ≥ 0 (see the table in ``RobustLoss``).
    public func evaluate(_ s: Double) -> (value: Double, first: Double, second: Double) {
        let tiny = Double.leastNormalMagnitude
        switch self {
        case .trivial:
            return (s, 1, 0)
        case .huber(let a):
            let b = a * a
            if s > b {
                let r = s.squareRoot()
                let first = Swift.max(tiny, a / r)
                return (2 * a * r - b, first, -first / (2 * s))
            }
            return (s, 1, 0)
        case .softL1(let a):
            let b = a * a
            let sum = 1 + s / b
            let root = sum.squareRoot()
            let first = Swift.max(tiny, 1 / root)
            return (2 * b * (root - 1), first, -first / (2 * b * sum))
        case .cauchy(let a):
            let b = a * a
            let sum = 1 + s / b
            let inverse = 1 / sum
            return (b * log1p(s / b), Swift.max(tiny, inverse), -inverse * inverse / b)
        case .arctan(let a):
            let b = a * a
            let inverse = 1 / (1 + (s / b) * (s / b))
            return (b * atan(s / b), Swift.max(tiny, inverse), -2 * s * inverse * inverse / (b * b))
        }
    }

    /// Σᵢ ρ(rᵢ²), twice the robust cost.
    public func sum(of residuals: [Double]) -> Double {
        if self == .trivial { return residuals.reduce(0) { $0 + $1 * $1 } }
        return residuals.reduce(0) { $0 + evaluate($1 * $1).value }
    }
}
