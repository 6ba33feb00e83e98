@testable import LeastSquares
import Foundation
import Testing
import _TestSupport

@Suite("Robust losses")
struct RobustLossTests {
    static let losses: [RobustLoss] = [.huber(scale: 1.5), .softL1(scale: 1.5), .cauchy(scale: 1.5), .arctan(scale: 1.5)]

    @Test("ρ′ and ρ″ agree with central differences of ρ and ρ′; ρ(s) ≈ s for s ≪ a²", arguments: losses)
    func derivatives(loss: RobustLoss) {
        for s in [0.01, 0.3, 1.9, 2.5, 7.0, 40.0] where abs(s - 2.25) > 0.05 {  // Huber's kink at a² = 2.25
            let h = 1e-5 * s
            let (v, d1, d2) = loss.evaluate(s)
            let numeric1 = (loss.evaluate(s + h).value - loss.evaluate(s - h).value) / (2 * h)
            let numeric2 = (loss.evaluate(s + h).first - loss.evaluate(s - h).first) / (2 * h)
            #expect(abs(d1 - numeric1) <= 1e-8 * max(1, abs(d1)), "\(loss) ρ′(\(s))")
            #expect(abs(d2 - numeric2) <= 1e-6 * max(1e-3, abs(d2)), "\(loss) ρ″(\(s))")
            #expect(v <= s + 1e-15 && d1 > 0 && d1 <= 1 && d2 <= 0, "\(loss) at \(s)")
        }
        let small = loss.evaluate(1e-8)
        #expect(abs(small.value - 1e-8) < 1e-15 && abs(small.first - 1) < 1e-8)
    }

    @Test("Ceres' closed forms at a = 2, s = 9")
    func closedForms() {
        // Huber: 2a√s − a² = 8, ρ′ = a/√s; soft-L1: 2a²(√(1 + s/a²) − 1); Cauchy: a²·log(1 + s/a²);
        // arctan: a²·atan(s/a²) (Ceres' ArctanLoss(a²)).
        #expect(RobustLoss.huber(scale: 2).evaluate(9).value == 8 && RobustLoss.huber(scale: 2).evaluate(9).first == 2.0 / 3)
        #expect(abs(RobustLoss.softL1(scale: 2).evaluate(9).value - 8 * ((1 + 9.0 / 4).squareRoot() - 1)) < 1e-14)
        #expect(abs(RobustLoss.cauchy(scale: 2).evaluate(9).value - 4 * log(1 + 9.0 / 4)) < 1e-14)
        #expect(abs(RobustLoss.arctan(scale: 2).evaluate(9).value - 4 * atan(9.0 / 4)) < 1e-14)
        #expect(RobustLoss.trivial.evaluate(9) == (9, 1, 0))
    }

    @Test("the Triggs corrector: gradient ρ′Jᵀr kept, Hessian ρ′(1 + 2sρ″/ρ′)JᵀJ when ρ″ > 0")
    func corrector() {
        // A made-up loss state with positive curvature (the α branch), and one with ρ″ < 0.
        let r = 0.8, s = r * r, j = [1.5, -0.4]
        let rho = (value: 0.7, first: 0.6, second: 0.2)
        let c = RobustCorrector(squaredNorm: s, loss: rho)
        let rt = c.residualScaling * r
        let jt = j.map { c.jacobianScaling(residual: r) * $0 }
        for k in 0..<2 {
            #expect(abs(jt[k] * rt - rho.first * j[k] * r) < 1e-15)
            for l in 0..<2 {
                let expected = rho.first * (1 + 2 * s * rho.second / rho.first) * j[k] * j[l]
                #expect(abs(jt[k] * jt[l] - expected) < 1e-15)
            }
        }
        let concave = RobustCorrector(squaredNorm: s, loss: (0.5, 0.25, -0.1))
        #expect(concave.residualScaling == 0.5 && concave.jacobianScaling(residual: r) == 0.5)
    }

    /// y = b₁·e^(−b₂t) + b₃ at 100 points t ∈ [0, 5), Gaussian noise σ = 0.01.
    struct Decay: ResidualModel {
        let t: [Double], y: [Double]
        var parameterCount: Int { 3 }
        var residualCount: Int { t.count }
        func residuals<T: Real>(_ b: [T]) -> [T] {
            zip(t, y).map { t, y in b[0] * T.exp(-b[1] * T(t)) + b[2] - T(y) }
        }
    }

    @Test("5 % gross outliers: every robust loss recovers the clean fit within its standard errors; plain least squares does not")
    func outliers() throws {
        var rng = SplitMix64(seed: 2024)
        let m = 100
        let t = (0..<m).map { 5 * Double($0) / Double(m) }
        func gaussian() -> Double {  // Box–Muller
            let u = rng.uniform(Double.ulpOfOne, 1), v = rng.uniform(0, 1)
            return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
        }
        let clean = t.map { 2.5 * exp(-1.3 * $0) + 0.5 + 0.01 * gaussian() }
        var dirty = clean
        var planted: Set<Int> = []
        while planted.count < 5 { planted.insert(Int(rng.next() % UInt64(m))) }
        // Sorted: a Set iterates in a per-process random order, which made the data differ per run.
        for i in planted.sorted() { dirty[i] += (rng.next() % 2 == 0 ? 1 : -1) * rng.uniform(0.5, 2) }

        let start = [1.0, 1.0, 0.0]
        let reference = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Decay(t: t, y: clean)), from: start)
        let se = reference.standardErrors
        #expect(reference.status.isConverged && se.allSatisfy { $0 > 0 && $0 < 0.05 })
        func within(_ fit: LeastSquaresFit) -> Bool {
            (0..<3).allSatisfy { abs(fit.parameters[$0] - reference.parameters[$0]) <= se[$0] }
        }
        let plain = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Decay(t: t, y: dirty)), from: start)
        #expect(!within(plain), "plain least squares should be dragged by the outliers: \(plain.parameters)")
        for loss in [RobustLoss.huber(scale: 0.02), .softL1(scale: 0.02), .cauchy(scale: 0.02), .arctan(scale: 0.02)] {
            var options = LevenbergMarquardt.Options()
            options.loss = loss
            let fit = LevenbergMarquardt(options: options).minimize(LeastSquaresProblem(model: Decay(t: t, y: dirty)), from: start)
            #expect(fit.status.isConverged, "\(loss.name): \(fit.status)")
            #expect(within(fit), "\(loss.name): \(fit.parameters) vs clean \(reference.parameters) ± \(se)")
            // The cost is ½Σρ, below the plain ½‖r‖² at the same point.
            #expect(fit.cost < fit.residualSumOfSquares / 2 && fit.cost == loss.sum(of: fit.residuals) / 2)
            #expect(fit.standardErrors.allSatisfy { $0 > 0 && $0.isFinite })
        }
    }

    @Test("the trivial loss is bit-identical to no loss at all")
    func trivial() {
        var options = LevenbergMarquardt.Options()
        options.loss = .trivial
        let a = LevenbergMarquardt(options: options).minimize(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 1])
        let b = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 1])
        #expect(a.parameters == b.parameters && a.evaluations == b.evaluations && a.cost == b.residualSumOfSquares / 2)
    }

    @Test("every loss by its name and back, the scale kept; soft-l1 spelled as the command line spells it")
    func names() {
        #expect(RobustLoss.names.count == 5 && Set(RobustLoss.names).count == 5)
        for name in RobustLoss.names {
            let loss = RobustLoss(named: name, scale: 2)
            #expect(loss?.name == name)
            #expect(loss?.scale == (name == "trivial" ? 1 : 2))
        }
        #expect(RobustLoss.softL1(scale: 1).name == "soft-l1" && RobustLoss(named: "soft_l1", scale: 1) == nil)
    }
}
