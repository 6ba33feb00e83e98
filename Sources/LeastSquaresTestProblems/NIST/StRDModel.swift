import LeastSquares

/// The model functions of the 27 NIST StRD nonlinear regression problems, each written once,
/// generically over ``Real``, so that one definition gives both values and (through ``Dual``)
/// exact Jacobians. Equations as printed in the NIST files (`b1` is `b[0]`); several datasets
/// share a model (see ``StRDProblem``).
///
/// Source: NIST Statistical Reference Datasets, nonlinear regression,
/// <https://www.itl.nist.gov/div898/strd/nls/nls_main.shtml>.
public enum StRDModel: String, Sendable, CaseIterable {
    /// y = b1·(1 − exp(−b2·x)) — Misra1a and BoxBOD.
    case misra1a
    /// y = exp(−b1·x)/(b2 + b3·x) — Chwirut1, Chwirut2.
    case chwirut
    /// y = b1·exp(−b2·x) + b3·exp(−b4·x) + b5·exp(−b6·x) — Lanczos1–3.
    case lanczos
    /// y = b1·exp(−b2·x) + b3·exp(−(x − b4)²/b5²) + b6·exp(−(x − b7)²/b8²) — Gauss1–3.
    case gauss
    /// y = b1·x^b2.
    case danWood
    /// y = b1·(1 − (1 + b2·x/2)⁻²).
    case misra1b
    /// y = (b1 + b2·x + b3·x²)/(1 + b4·x + b5·x²).
    case kirby2
    /// y = (b1 + b2·x + b3·x² + b4·x³)/(1 + b5·x + b6·x² + b7·x³) — Hahn1, Thurber.
    case rationalCubic
    /// log y = b1 − b2·x1·exp(−b3·x2) (the response is log y; two predictors).
    case nelson
    /// y = b1 + b2·exp(−x·b4) + b3·exp(−x·b5).
    case mgh17
    /// y = b1·(1 − (1 + 2·b2·x)^(−1/2)).
    case misra1c
    /// y = b1·b2·x·(1 + b2·x)⁻¹.
    case misra1d
    /// y = b1 − b2·x − arctan(b3/(x − b4))/π — arctan of the quotient, not atan2 (which would
    /// land on b1 + 1).
    case roszman1
    /// y = b1 + b2·cos(2πx/12) + b3·sin(2πx/12) + b5·cos(2πx/b4) + b6·sin(2πx/b4)
    ///       + b8·cos(2πx/b7) + b9·sin(2πx/b7).
    case enso
    /// y = b1·(x² + x·b2)/(x² + x·b3 + b4).
    case mgh09
    /// y = b1/(1 + exp(b2 − b3·x)).
    case rat42
    /// y = b1·exp(b2/(x + b3)).
    case mgh10
    /// y = (b1/b2)·exp(−½((x − b3)/b2)²).
    case eckerle4
    /// y = b1/(1 + exp(b2 − b3·x))^(1/b4).
    case rat43
    /// y = b1·(b2 + x)^(−1/b3).
    case bennett5

    /// The number of parameters p.
    public var parameterCount: Int {
        switch self {
        case .misra1a, .danWood, .misra1b, .misra1c, .misra1d: 2
        case .chwirut, .nelson, .rat42, .mgh10, .eckerle4, .bennett5: 3
        case .roszman1, .mgh09, .rat43: 4
        case .kirby2, .mgh17: 5
        case .lanczos: 6
        case .rationalCubic: 7
        case .gauss: 8
        case .enso: 9
        }
    }

    /// The number of predictor variables (Nelson has two: time and temperature).
    public var predictorCount: Int { self == .nelson ? 2 : 1 }

    /// The quantity the model predicts from an observed response y: log y for Nelson, else y.
    public func transformedResponse(_ y: Double) -> Double {
        self == .nelson ? Double.log(y) : y
    }

    /// The model value f(x; b) for parameters `b` (``parameterCount`` of them) and predictors `x`
    /// (``predictorCount`` of them).
    public func value<T: Real>(_ b: [T], _ x: [Double]) -> T {
        let t = T(x[0])
        switch self {
        case .misra1a:
            return b[0] * (1 - T.exp(-b[1] * t))
        case .chwirut:
            return T.exp(-b[0] * t) / (b[1] + b[2] * t)
        case .lanczos:
            return b[0] * T.exp(-b[1] * t) + b[2] * T.exp(-b[3] * t) + b[4] * T.exp(-b[5] * t)
        case .gauss:
            let u = t - b[3]
            let v = t - b[6]
            return b[0] * T.exp(-b[1] * t) + b[2] * T.exp(-(u * u) / (b[4] * b[4]))
                + b[5] * T.exp(-(v * v) / (b[7] * b[7]))
        case .danWood:
            return b[0] * T.pow(t, b[1])
        case .misra1b:
            let u = 1 + b[1] * t / 2
            return b[0] * (1 - 1 / (u * u))
        case .kirby2:
            return (b[0] + b[1] * t + b[2] * t * t) / (1 + b[3] * t + b[4] * t * t)
        case .rationalCubic:
            let t2 = t * t
            let t3 = t2 * t
            return (b[0] + b[1] * t + b[2] * t2 + b[3] * t3) / (1 + b[4] * t + b[5] * t2 + b[6] * t3)
        case .nelson:
            return b[0] - b[1] * t * T.exp(-b[2] * T(x[1]))
        case .mgh17:
            return b[0] + b[1] * T.exp(-t * b[3]) + b[2] * T.exp(-t * b[4])
        case .misra1c:
            return b[0] * (1 - T.pow(1 + 2 * b[1] * t, T(-0.5)))
        case .misra1d:
            return b[0] * b[1] * t / (1 + b[1] * t)
        case .roszman1:
            return b[0] - b[1] * t - T.atan(b[2] / (t - b[3])) / T(Double.pi)
        case .enso:
            let w = T(2 * Double.pi) * t
            return b[0] + b[1] * T.cos(w / 12) + b[2] * T.sin(w / 12)
                + b[4] * T.cos(w / b[3]) + b[5] * T.sin(w / b[3])
                + b[7] * T.cos(w / b[6]) + b[8] * T.sin(w / b[6])
        case .mgh09:
            return b[0] * (t * t + t * b[1]) / (t * t + t * b[2] + b[3])
        case .rat42:
            return b[0] / (1 + T.exp(b[1] - b[2] * t))
        case .mgh10:
            return b[0] * T.exp(b[1] / (t + b[2]))
        case .eckerle4:
            let u = (t - b[2]) / b[1]
            return b[0] / b[1] * T.exp(-0.5 * u * u)
        case .rat43:
            return b[0] / T.pow(1 + T.exp(b[1] - b[2] * t), 1 / b[3])
        case .bennett5:
            return b[0] * T.pow(b[1] + t, -1 / b[2])
        }
    }
}
