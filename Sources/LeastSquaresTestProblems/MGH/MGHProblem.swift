/// The 18 least-squares test problems of MINPACK's test driver, from Moré, Garbow & Hillstrom,
/// "Testing unconstrained optimization software", ACM Transactions on Mathematical Software 7
/// (1981) 17–41 (MGH). The raw values are the problem numbers of MINPACK's driver (`ssqfcn`,
/// `initpt`, `lmddrv`; Moré, Garbow & Hillstrom, *User Guide for MINPACK-1*, ANL-80-74, 1980);
/// the MGH paper numbers them differently (its number is in each case's comment).
///
/// Each residual vector f(x) ∈ ℝᵐ is written once, generically over ``Real`` (``MGHResiduals``),
/// so Jacobians are exact forward-mode derivatives; the sum of squares the paper tabulates is
/// ‖f‖² (not ½‖f‖²). Data tables (Bard, Kowalik–Osborne, Meyer, Osborne 1 and 2) are the paper's.
public enum MGHProblem: Int, CaseIterable, Sendable {
    /// MGH 32: fᵢ = xᵢ − (2/m)Σxⱼ − 1 (i ≤ n), −(2/m)Σxⱼ − 1 (i > n). Minimum m − n.
    case linearFullRank = 1
    /// MGH 33: fᵢ = i·Σⱼ j·xⱼ − 1. Minimum m(m − 1)/(2(2m + 1)).
    case linearRank1
    /// MGH 34: f₁ = fₘ = −1, fᵢ = (i − 1)·Σⱼ₌₂ⁿ⁻¹ j·xⱼ − 1. Minimum (m² + 3m − 6)/(2(2m − 3)).
    case linearRank1ZeroColumnsAndRows
    /// MGH 1: f = (10(x₂ − x₁²), 1 − x₁). Minimum 0 at (1, 1).
    case rosenbrock
    /// MGH 7: f = (10(x₃ − 10θ), 10(√(x₁² + x₂²) − 1), x₃), 2πθ = arctan(x₂/x₁) (+π for x₁ < 0).
    /// Minimum 0 at (1, 0, 0).
    case helicalValley
    /// MGH 13: f = (x₁ + 10x₂, √5(x₃ − x₄), (x₂ − 2x₃)², √10(x₁ − x₄)²). Minimum 0 at 0 (J singular there).
    case powellSingular
    /// MGH 2: f₁ = −13 + x₁ + ((5 − x₂)x₂ − 2)x₂, f₂ = −29 + x₁ + ((x₂ + 1)x₂ − 14)x₂. Minimum 0 at
    /// (5, 4); local minimum 48.9842… at (11.41…, −0.8968…).
    case freudensteinRoth
    /// MGH 8: fᵢ = yᵢ − (x₁ + uᵢ/(vᵢx₂ + wᵢx₃)), uᵢ = i, vᵢ = 16 − i, wᵢ = min(uᵢ, vᵢ). Minimum
    /// 8.21487…·10⁻³; 17.4286… at (0.8406…, −∞, −∞).
    case bard
    /// MGH 15: fᵢ = yᵢ − x₁(uᵢ² + uᵢx₂)/(uᵢ² + uᵢx₃ + x₄). Minimum 3.07505…·10⁻⁴; 1.02734…·10⁻³
    /// at (+∞, −14.07…, −∞, −∞). (NIST's MGH09 is this problem.)
    case kowalikOsborne
    /// MGH 10: fᵢ = x₁·exp(x₂/(tᵢ + x₃)) − yᵢ, tᵢ = 45 + 5i. Minimum 87.9458… (NIST's MGH10).
    case meyer
    /// MGH 20: fᵢ = Σⱼ₌₂ⁿ (j − 1)xⱼtᵢʲ⁻² − (Σⱼ₌₁ⁿ xⱼtᵢʲ⁻¹)² − 1, tᵢ = i/29 (i ≤ 29), f₃₀ = x₁,
    /// f₃₁ = x₂ − x₁² − 1. Minima 2.28767…·10⁻³ (n = 6), 1.39976…·10⁻⁶ (9), 4.72238…·10⁻¹⁰ (12).
    case watson
    /// MGH 12: fᵢ = e^(−tᵢx₁) − e^(−tᵢx₂) − x₃(e^(−tᵢ) − e^(−10tᵢ)), tᵢ = 0.1i. Minimum 0 at (1, 10, 1).
    case box3D
    /// MGH 6: fᵢ = 2 + 2i − (e^(ix₁) + e^(ix₂)). Minimum 124.362… (m = 10).
    case jennrichSampson
    /// MGH 16: fᵢ = (x₁ + tᵢx₂ − e^(tᵢ))² + (x₃ + x₄ sin tᵢ − cos tᵢ)², tᵢ = i/5. Minimum 85822.2… (m = 20).
    case brownDennis
    /// MGH 35: fᵢ = (1/n)Σⱼ Tᵢ(xⱼ) − ∫₀¹Tᵢ, Tᵢ the Chebyshev polynomials shifted to [0, 1]
    /// (∫₀¹Tᵢ = −1/(i² − 1) for even i, 0 for odd). Minimum 0 (m = n ≤ 7, n = 9), 3.51687…·10⁻³
    /// (n = 8), 6.50395…·10⁻³ (n = 10).
    case chebyquad
    /// MGH 27: fᵢ = xᵢ + Σxⱼ − (n + 1) (i < n), fₙ = Πxⱼ − 1. Minimum 0 at (α, …, α, α¹⁻ⁿ);
    /// 1 at (0, …, 0, n + 1).
    case brownAlmostLinear
    /// MGH 17: fᵢ = yᵢ − (x₁ + x₂e^(−tᵢx₄) + x₃e^(−tᵢx₅)), tᵢ = 10(i − 1). Minimum 5.46489…·10⁻⁵
    /// (NIST's MGH17).
    case osborne1
    /// MGH 19: fᵢ = yᵢ − (x₁e^(−tᵢx₅) + x₂e^(−(tᵢ − x₉)²x₆) + x₃e^(−(tᵢ − x₁₀)²x₇) + x₄e^(−(tᵢ − x₁₁)²x₈)),
    /// tᵢ = (i − 1)/10. Minimum 4.01377…·10⁻².
    case osborne2

    /// The snake_case name the CLI and CSV print.
    public var name: String {
        switch self {
        case .linearFullRank: "linear_full_rank"
        case .linearRank1: "linear_rank1"
        case .linearRank1ZeroColumnsAndRows: "linear_rank1_zero"
        case .rosenbrock: "rosenbrock"
        case .helicalValley: "helical_valley"
        case .powellSingular: "powell_singular"
        case .freudensteinRoth: "freudenstein_roth"
        case .bard: "bard"
        case .kowalikOsborne: "kowalik_osborne"
        case .meyer: "meyer"
        case .watson: "watson"
        case .box3D: "box_3d"
        case .jennrichSampson: "jennrich_sampson"
        case .brownDennis: "brown_dennis"
        case .chebyquad: "chebyquad"
        case .brownAlmostLinear: "brown_almost_linear"
        case .osborne1: "osborne1"
        case .osborne2: "osborne2"
        }
    }

    /// The problem called `name` (its ``name`` or its MINPACK number), case-insensitive.
    public static func named(_ name: String) -> MGHProblem? {
        if let number = Int(name) { return MGHProblem(rawValue: number) }
        let key = String(name.lowercased().map { $0 == "-" ? "_" : $0 })
        return allCases.first { $0.name == key }
    }

    /// The standard start x₀ for n parameters (MGH; MINPACK `initpt`).
    public func standardStart(parameterCount n: Int) -> [Double] {
        switch self {
        case .linearFullRank, .linearRank1, .linearRank1ZeroColumnsAndRows: [Double](repeating: 1, count: n)
        case .rosenbrock: [-1.2, 1]
        case .helicalValley: [-1, 0, 0]
        case .powellSingular: [3, -1, 0, 1]
        case .freudensteinRoth: [0.5, -2]
        case .bard: [1, 1, 1]
        case .kowalikOsborne: [0.25, 0.39, 0.415, 0.39]
        case .meyer: [0.02, 4000, 250]
        case .watson: [Double](repeating: 0, count: n)
        case .box3D: [0, 10, 20]
        case .jennrichSampson: [0.3, 0.4]
        case .brownDennis: [25, 5, -5, -1]
        case .chebyquad: (1...n).map { Double($0) / Double(n + 1) }
        case .brownAlmostLinear: [Double](repeating: 0.5, count: n)
        case .osborne1: [0.5, 1.5, -1, 0.01, 0.02]
        case .osborne2: [1.3, 0.65, 0.65, 0.7, 0.6, 3, 5, 7, 2, 4.5, 5.5]
        }
    }

    /// factor·x₀, as MINPACK's driver starts its runs (factor 1, 10, 100). Watson's x₀ is 0, so
    /// there every entry is `factor` when factor ≠ 1 (MINPACK `initpt`).
    public func start(parameterCount n: Int, factor: Double) -> [Double] {
        if factor != 1, self == .watson { return [Double](repeating: factor, count: n) }
        return standardStart(parameterCount: n).map { factor * $0 }
    }

    /// The residuals for n parameters and m residuals.
    public func residuals(parameterCount n: Int, residualCount m: Int) -> MGHResiduals {
        MGHResiduals(problem: self, parameterCount: n, residualCount: m)
    }
}
