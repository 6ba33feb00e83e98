/// One of the 53 runs of MINPACK's least-squares test driver: an ``MGHProblem`` with its n and
/// m, started from factor·x₀ (factor 1, 10 or 100), and the minimum sum of squares ‖f‖² that run
/// is checked against.
///
/// The reference is the published minimum MINPACK `lmder1` reaches from that start in its own
/// test output (*User Guide for MINPACK-1*, ANL-80-74, ch. 4): mostly the global minimum, but for
/// Freudenstein–Roth the local minimum 48.9842…, and for Bard (10x₀, 100x₀) and Kowalik–Osborne
/// (10x₀) the infimum MGH list at infinity, approached as parameters diverge. The values are
/// MGH's (1981), there given to 6 digits; the digits beyond them are derived
/// (`Benchmarks/peers/scipy_mgh_reference.py`: Newton's method on the gradient in 50-digit
/// arithmetic, closed forms for the linear problems, the reduced models for the limits at
/// infinity) and agree with NIST's certified RSS for MGH09 (Kowalik–Osborne, 3.0750560385E-04),
/// MGH10 (Meyer, 8.7945855171E+01) and MGH17 (Osborne 1, 5.4648946975E-05) to all 11 digits.
public struct MGHRun: Sendable {
    /// What kind of minimum the reference is.
    public enum ReferenceKind: String, Sendable {
        /// The global minimum.
        case global
        /// A published local minimum.
        case local
        /// A published infimum approached as some parameters go to ±∞.
        case atInfinity = "at_infinity"
    }

    public let problem: MGHProblem
    /// n.
    public let parameterCount: Int
    /// m.
    public let residualCount: Int
    /// 1, 10 or 100: the start is factor·x₀ (see ``MGHProblem/start(parameterCount:factor:)``).
    public let factor: Double
    /// The minimum ‖f‖² this run is checked against.
    public let reference: Double
    public let referenceKind: ReferenceKind
    /// Why MINPACK itself does not solve this run, or nil when it does (its final ‖f‖² matches
    /// the reference to its tolerance √ε).
    public let minpackFailure: String?

    /// factor·x₀.
    public var start: [Double] { problem.start(parameterCount: parameterCount, factor: factor) }

    /// f(x) for this run's n and m.
    public var residuals: MGHResiduals { problem.residuals(parameterCount: parameterCount, residualCount: residualCount) }

    /// "meyer n=3 m=16 10x0": a label for messages.
    public var label: String {
        "\(problem.name) n=\(parameterCount) m=\(residualCount) \(factor == 1 ? "" : String(Int(factor)))x0"
    }

    /// The 53 runs in MINPACK's order (problem, n, m; factors 1, 10, 100 as many as the driver uses).
    public static let all: [MGHRun] = {
        var runs: [MGHRun] = []
        func add(_ p: MGHProblem, _ n: Int, _ m: Int, _ references: [(Double, ReferenceKind, String?)]) {
            for (k, r) in references.enumerated() {
                runs.append(MGHRun(problem: p, parameterCount: n, residualCount: m, factor: [1.0, 10, 100][k],
                                   reference: r.0, referenceKind: r.1, minpackFailure: r.2))
            }
        }
        let g = ReferenceKind.global
        add(.linearFullRank, 5, 10, [(5, g, nil)])
        add(.linearFullRank, 5, 50, [(45, g, nil)])
        add(.linearRank1, 5, 10, [(90.0 / 42, g, nil)])
        add(.linearRank1, 5, 50, [(2450.0 / 202, g, nil)])
        add(.linearRank1ZeroColumnsAndRows, 5, 10, [(124.0 / 34, g, nil)])
        add(.linearRank1ZeroColumnsAndRows, 5, 50, [(2644.0 / 194, g, nil)])
        add(.rosenbrock, 2, 2, [(0, g, nil), (0, g, nil), (0, g, nil)])
        add(.helicalValley, 3, 3, [(0, g, nil), (0, g, nil), (0, g, nil)])
        add(.powellSingular, 4, 4, [(0, g, nil), (0, g, nil), (0, g, nil)])
        let freudenstein = 48.98425367924002
        add(.freudensteinRoth, 2, 2, [(freudenstein, .local, nil), (freudenstein, .local, nil), (freudenstein, .local, nil)])
        let bardInfinity = 17.428693333333333
        add(.bard, 3, 15, [(8.214877306578975e-3, g, nil), (bardInfinity, .atInfinity, nil), (bardInfinity, .atInfinity, nil)])
        let kowalik = 3.0750560384923742e-4
        add(.kowalikOsborne, 4, 11, [(kowalik, g, nil), (1.0273430486954578e-3, .atInfinity, nil), (kowalik, g, nil)])
        let meyer = 87.945855170851121
        add(.meyer, 3, 16, [(meyer, g, nil),
                            (meyer, g, "stops on its evaluation budget (info 5) at ‖f‖² = 6.32e5 with x₁ → 0, x₂, x₃ growing along a valley")])
        add(.watson, 6, 31, [(2.2876700535524362e-3, g, nil), (2.2876700535524362e-3, g, nil), (2.2876700535524362e-3, g, nil)])
        add(.watson, 9, 31, [(1.3997601380990199e-6, g, nil), (1.3997601380990199e-6, g, nil), (1.3997601380990199e-6, g, nil)])
        add(.watson, 12, 31, [(4.7223811058917574e-10, g, nil), (4.7223811058917574e-10, g, nil), (4.7223811058917574e-10, g, nil)])
        add(.box3D, 3, 10, [(0, g, nil)])
        add(.jennrichSampson, 2, 10, [(124.36218235561485, g, nil)])
        let brownDennis = 85822.201626356345
        add(.brownDennis, 4, 20, [(brownDennis, g, nil), (brownDennis, g, nil), (brownDennis, g, nil)])
        let chebyquad1 = 3.5503912976757252
        add(.chebyquad, 1, 8, [(chebyquad1, g, "x₀ = ½ is a stationary point (Jᵀf = 0 by symmetry): stops at once (info 4) with ‖f‖² = 3.5579"),
                               (chebyquad1, g, nil), (chebyquad1, g, nil)])
        add(.chebyquad, 8, 8, [(3.5168737256779317e-3, g, nil)])
        add(.chebyquad, 9, 9, [(0, g, nil)])
        add(.chebyquad, 10, 10, [(6.5039548008823061e-3, g, nil)])
        add(.brownAlmostLinear, 10, 10, [(0, g, nil), (0, g, nil), (0, g, nil)])
        add(.brownAlmostLinear, 30, 30, [(0, g, nil)])
        add(.brownAlmostLinear, 40, 40, [(0, g, nil)])
        add(.osborne1, 5, 33, [(5.4648946974829064e-5, g, nil)])
        add(.osborne2, 11, 65, [(4.0137736293547738e-2, g, nil)])
        return runs
    }()
}
