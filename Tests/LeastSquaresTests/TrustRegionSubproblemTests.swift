@testable import LeastSquares
import Foundation
import Testing
import _TestSupport

/// The fast path (one SVD, every λ) against its slow, obviously correct twin: a QR solve (dgels)
/// of the augmented system [J; √λ·D] p ≈ [−f; 0] for each λ.
@Suite("Trust-region subproblem")
struct TrustRegionSubproblemTests {
    static func setup(seed: UInt64) throws -> (j: Matrix, f: [Double], d: [Double], svd: SingularValueDecomposition, sub: TrustRegionSubproblem) {
        var rng = SplitMix64(seed: seed)
        let (m, n) = (12, 4)
        var j = Matrix(rows: m, columns: n, columnMajor: (0..<(m * n)).map { _ in rng.uniform(-1, 1) })
        for i in 0..<m { j[i, 2] *= 1e3 }  // badly scaled column
        let f = (0..<m).map { _ in rng.uniform(-1, 1) }
        let d = j.columnNorms
        var scaled = j
        for c in 0..<n { for i in 0..<m { scaled[i, c] /= d[c] } }
        let svd = try SingularValueDecomposition(scaled)
        let sub = TrustRegionSubproblem(singularValues: svd.singularValues,
                                        projectedResiduals: svd.u.multiplied(by: f, transposing: true),
                                        parameterCount: n, relativeCutoff: 1e-14)
        return (j, f, d, svd, sub)
    }

    /// p(λ) = −D⁻¹·V·c(λ).
    static func step(_ c: [Double], _ svd: SingularValueDecomposition, _ d: [Double]) -> [Double] {
        zip(svd.vt.multiplied(by: c, transposing: true), d).map { -$0 / $1 }
    }

    /// The least-squares solution of the augmented system [J; √λ·D]·p ≈ [−b; 0], by QR: the
    /// reference for p(λ) with right-hand side b.
    static func augmentedSolution(_ j: Matrix, _ d: [Double], lambda: Double, _ b: [Double]) throws -> [Double] {
        let (m, n) = (j.rows, j.columns)
        var augmented = Matrix(rows: m + n, columns: n)
        for c in 0..<n {
            for i in 0..<m { augmented[i, c] = j[i, c] }
            augmented[m + c, c] = lambda.squareRoot() * d[c]
        }
        return try LinearLeastSquares.solveQR(augmented, b.map { -$0 } + [Double](repeating: 0, count: n))
    }

    @Test("p(λ) from the SVD equals the QR solution of the augmented system", arguments: [0.0, 1e-3, 0.5, 40])
    func augmentedSystem(lambda: Double) throws {
        let (j, f, d, svd, sub) = try Self.setup(seed: 11)
        let p = Self.step(sub.coefficients(lambda), svd, d)
        let reference = try Self.augmentedSolution(j, d, lambda: lambda, f)
        for (a, b) in zip(p, reference) { #expect(abs(a - b) <= 1e-12 * max(1, abs(b)), "λ = \(lambda)") }
    }

    @Test("the secular equation: ‖D p‖ within 10 % of Δ when the Gauss–Newton step is longer")
    func radius() throws {
        let (_, _, d, svd, sub) = try Self.setup(seed: 12)
        let gaussNewton = Self.step(sub.coefficients(0), svd, d)
        let full = zip(d, gaussNewton).map { $0 * $1 }.reduce(0) { $0 + $1 * $1 }.squareRoot()
        for fraction in [0.9, 0.5, 0.1, 1e-3] {
            let delta = fraction * full
            let (lambda, c) = sub.solve(radius: delta, initialLambda: 0)
            let p = Self.step(c, svd, d)
            let length = zip(d, p).map { $0 * $1 }.reduce(0) { $0 + $1 * $1 }.squareRoot()
            #expect(lambda > 0 && abs(length - delta) <= 0.1 * delta, "Δ = \(fraction)·‖D p_GN‖")
        }
        let (lambda, c) = sub.solve(radius: 2 * full, initialLambda: 0.3)
        #expect(lambda == 0 && c == sub.coefficients(0))
    }

    @Test("another right-hand side (the geodesic acceleration's r″): the same augmented solution", arguments: [0.0, 0.5])
    func otherRightHandSide(lambda: Double) throws {
        let (j, _, d, svd, sub) = try Self.setup(seed: 13)
        let b = (0..<j.rows).map { sin(Double($0) + 0.3) }
        let a = Self.step(sub.coefficients(lambda, projected: svd.u.multiplied(by: b, transposing: true)), svd, d)
        let reference = try Self.augmentedSolution(j, d, lambda: lambda, b)
        for (x, y) in zip(a, reference) { #expect(abs(x - y) <= 1e-12 * max(1, abs(y)), "λ = \(lambda)") }
    }
}
