import LeastSquares

/// The residuals f(x) of one ``MGHProblem`` for given n and m, as a ``ResidualModel`` (exact
/// Jacobians by ``AutomaticJacobian``). The definitions are MGH's (see each ``MGHProblem`` case);
/// two are rewritten into a form that one generic formula can carry:
///
/// - Helical valley: θ = ψ/(2π) + ¼ with ψ = 2·arctan(−x₁/(√(x₁² + x₂²) + x₂)), the half-angle form
///   of atan2(−x₁, x₂). It equals MGH's piecewise arctan(x₂/x₁)/(2π) (+½ for x₁ < 0) everywhere
///   off the branch cut {x₁ = 0, x₂ < 0}, where both jump (there it is NaN, a failed step).
/// - Chebyquad: Tᵢ(xⱼ) by the three-term recurrence T₀ = 1, T₁ = y, Tₖ₊₁ = 2yTₖ − Tₖ₋₁, y = 2xⱼ − 1.
public struct MGHResiduals: ResidualModel, Sendable {
    public let problem: MGHProblem
    public let parameterCount: Int
    public let residualCount: Int

    public init(problem: MGHProblem, parameterCount n: Int, residualCount m: Int) {
        precondition(n >= 1 && m >= n, "MGHResiduals: needs 1 ≤ n ≤ m, got n = \(n), m = \(m)")
        let fixed: [MGHProblem: (n: Int, m: Int)] = [
            .rosenbrock: (2, 2), .helicalValley: (3, 3), .powellSingular: (4, 4), .freudensteinRoth: (2, 2),
            .bard: (3, 15), .kowalikOsborne: (4, 11), .meyer: (3, 16), .osborne1: (5, 33), .osborne2: (11, 65),
        ]
        if let shape = fixed[problem] {
            precondition(shape == (n, m), "MGHResiduals: \(problem.name) has n = \(shape.n), m = \(shape.m), got \(n), \(m)")
        }
        switch problem {
        case .watson: precondition(m == 31 && n <= 31, "MGHResiduals: watson has m = 31 and n ≤ 31, got n = \(n), m = \(m)")
        case .box3D: precondition(n == 3, "MGHResiduals: box_3d has n = 3, got \(n)")
        case .jennrichSampson: precondition(n == 2, "MGHResiduals: jennrich_sampson has n = 2, got \(n)")
        case .brownDennis: precondition(n == 4, "MGHResiduals: brown_dennis has n = 4, got \(n)")
        case .brownAlmostLinear: precondition(m == n, "MGHResiduals: brown_almost_linear has m = n, got n = \(n), m = \(m)")
        default: break
        }
        self.problem = problem
        self.parameterCount = n
        self.residualCount = m
    }

    public func residuals<T: Real>(_ x: [T]) -> [T] {
        let n = parameterCount
        let m = residualCount
        switch problem {
        case .linearFullRank:
            var sum: T = 0
            for v in x { sum = sum + v }
            let t = T(2 / Double(m)) * sum + 1
            return (0..<m).map { i in i < n ? x[i] - t : -t }
        case .linearRank1:
            var sum: T = 0
            for j in 0..<n { sum = sum + T(Double(j + 1)) * x[j] }
            return (1...m).map { i in T(Double(i)) * sum - 1 }
        case .linearRank1ZeroColumnsAndRows:
            var sum: T = 0
            if n >= 3 { for j in 1..<(n - 1) { sum = sum + T(Double(j + 1)) * x[j] } }
            return (1...m).map { i in i == m ? -1 : T(Double(i - 1)) * sum - 1 }
        case .rosenbrock:
            return [10 * (x[1] - x[0] * x[0]), 1 - x[0]]
        case .helicalValley:
            let r = T.sqrt(x[0] * x[0] + x[1] * x[1])
            let psi = 2 * T.atan(-x[0] / (r + x[1]))
            let theta = psi / T(2 * Double.pi) + 0.25
            return [10 * (x[2] - 10 * theta), 10 * (r - 1), x[2]]
        case .powellSingular:
            let a = x[1] - 2 * x[2]
            let b = x[0] - x[3]
            return [x[0] + 10 * x[1], T(5.0.squareRoot()) * (x[2] - x[3]), a * a, T(10.0.squareRoot()) * b * b]
        case .freudensteinRoth:
            return [-13 + x[0] + ((5 - x[1]) * x[1] - 2) * x[1],
                    -29 + x[0] + ((x[1] + 1) * x[1] - 14) * x[1]]
        case .bard:
            return (1...15).map { i in
                let (u, v) = (Double(i), Double(16 - i))
                return T(MGHData.bardY[i - 1]) - (x[0] + T(u) / (T(v) * x[1] + T(Swift.min(u, v)) * x[2]))
            }
        case .kowalikOsborne:
            return (0..<11).map { i in
                let u = MGHData.kowalikOsborneU[i]
                return T(MGHData.kowalikOsborneY[i]) - x[0] * (T(u * u) + T(u) * x[1]) / (T(u * u) + T(u) * x[2] + x[3])
            }
        case .meyer:
            return (1...16).map { i in
                x[0] * T.exp(x[1] / (T(45 + 5 * Double(i)) + x[2])) - T(MGHData.meyerY[i - 1])
            }
        case .watson:
            var f: [T] = []
            f.reserveCapacity(31)
            for i in 1...29 {
                let t = Double(i) / 29
                var s1: T = 0
                var power = 1.0
                if n >= 2 {
                    for j in 2...n {
                        s1 = s1 + T(Double(j - 1) * power) * x[j - 1]
                        power *= t
                    }
                }
                var s2: T = 0
                power = 1
                for j in 1...n {
                    s2 = s2 + T(power) * x[j - 1]
                    power *= t
                }
                f.append(s1 - s2 * s2 - 1)
            }
            f.append(x[0])
            f.append(x[1] - x[0] * x[0] - 1)
            return f
        case .box3D:
            return (1...m).map { i in
                let t = Double(i) / 10
                return T.exp(T(-t) * x[0]) - T.exp(T(-t) * x[1]) - x[2] * T(Double.exp(-t) - Double.exp(-10 * t))
            }
        case .jennrichSampson:
            return (1...m).map { i in
                let k = Double(i)
                return T(2 + 2 * k) - (T.exp(T(k) * x[0]) + T.exp(T(k) * x[1]))
            }
        case .brownDennis:
            return (1...m).map { i in
                let t = Double(i) / 5
                let a = x[0] + T(t) * x[1] - T(Double.exp(t))
                let b = x[2] + x[3] * T(Double.sin(t)) - T(Double.cos(t))
                return a * a + b * b
            }
        case .chebyquad:
            var f = [T](repeating: 0, count: m)
            for j in 0..<n {
                let y = 2 * x[j] - 1
                var previous: T = 1
                var current = y
                for i in 0..<m {
                    f[i] = f[i] + current
                    let next = 2 * y * current - previous
                    previous = current
                    current = next
                }
            }
            return (0..<m).map { i in
                let k = i + 1
                let integral = k % 2 == 0 ? -1 / Double(k * k - 1) : 0
                return f[i] / T(Double(n)) - T(integral)
            }
        case .brownAlmostLinear:
            var sum = T(-Double(n + 1))
            var product: T = 1
            for v in x {
                sum = sum + v
                product = product * v
            }
            return (0..<n).map { i in i < n - 1 ? x[i] + sum : product - 1 }
        case .osborne1:
            return (0..<33).map { i in
                let t = T(10 * Double(i))
                return T(MGHData.osborne1Y[i]) - (x[0] + x[1] * T.exp(-t * x[3]) + x[2] * T.exp(-t * x[4]))
            }
        case .osborne2:
            return (0..<65).map { i in
                let t = T(Double(i) / 10)
                let d9 = t - x[8], d10 = t - x[9], d11 = t - x[10]
                let model = x[0] * T.exp(-t * x[4]) + x[1] * T.exp(-d9 * d9 * x[5])
                    + x[2] * T.exp(-d10 * d10 * x[6]) + x[3] * T.exp(-d11 * d11 * x[7])
                return T(MGHData.osborne2Y[i]) - model
            }
        }
    }
}
