import Foundation
import LeastSquares
import Testing
import _TestSupport

/// The solver's backend choice (``LevenbergMarquardt/Options/linearAlgebra``): LAPACK by default
/// where it exists, and the pure-Swift routines giving the same fits — with bounds, a robust
/// loss, geodesic acceleration and rank deficiency, the paths the NIST and MGH suites do not take.
@Suite("Levenberg–Marquardt on either linear-algebra backend")
struct SolverBackendTests {
    /// The same fit through both backends.
    static func both(_ problem: LeastSquaresProblem, from start: [Double], bounds: Bounds? = nil,
                     options: LevenbergMarquardt.Options = LevenbergMarquardt.Options())
        -> (lapack: LeastSquaresFit, pure: LeastSquaresFit) {
        var lapack = options, pure = options
        lapack.linearAlgebra = .lapack
        pure.linearAlgebra = .pureSwift
        return (LevenbergMarquardt(options: lapack).minimize(problem, from: start, bounds: bounds),
                LevenbergMarquardt(options: pure).minimize(problem, from: start, bounds: bounds))
    }

    /// |x − y| ≤ tolerance·max(1, |y|) entry by entry.
    static func close(_ x: [Double], _ y: [Double], _ tolerance: Double) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { ($0 - $1).magnitude <= tolerance * Swift.max(1, $1.magnitude) }
    }

    @Test("the default is LAPACK where CLapack exists; every case is a value of the options")
    func defaults() {
        #expect(LinearAlgebraBackend.platformDefault == .lapack)
        #expect(LevenbergMarquardt.Options().linearAlgebra == .lapack)
        #expect(LinearAlgebraBackend.allCases == [.lapack, .pureSwift])
        var options = LevenbergMarquardt.Options()
        options.linearAlgebra = .pureSwift
        #expect(options != LevenbergMarquardt.Options())
    }

    @Test("bounds: Rosenbrock with x₁ ≤ 0.5 ends exactly on the bound on both, at the same point")
    func bounded() throws {
        let bounds = try Bounds(lower: [-2, -.infinity], upper: [0.5, .infinity])
        let (lapack, pure) = Self.both(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 1], bounds: bounds)
        #expect(lapack.status.isConverged && pure.status.isConverged, "\(lapack.status) \(pure.status)")
        #expect(pure.parameters[0] == 0.5 && pure.activeBounds == [.upper, nil])
        #expect(Self.close(pure.parameters, lapack.parameters, 1e-13))
    }

    @Test("a robust loss with geodesic acceleration: the same parameters and standard errors")
    func robustAccelerated() {
        var rng = SplitMix64(seed: 77)
        let t = (0..<60).map { 4 * Double($0) / 60 }
        var y = t.map { 2.5 * exp(-1.3 * $0) + 0.5 + 0.01 * rng.uniform(-1, 1) }
        for i in [7, 23, 41] { y[i] += 1.5 }
        let problem = LeastSquaresProblem(residualCount: t.count, parameterCount: 3) { b in
            zip(t, y).map { t, y in b[0] * exp(-b[1] * t) + b[2] - y }
        }
        var options = LevenbergMarquardt.Options()
        options.loss = .cauchy(scale: 0.02)
        options.geodesicAcceleration = GeodesicAcceleration()
        let (lapack, pure) = Self.both(problem, from: [1, 1, 0], options: options)
        #expect(lapack.status.isConverged && pure.status.isConverged, "\(lapack.status) \(pure.status)")
        #expect(Self.close(pure.parameters, lapack.parameters, 1e-8), "\(pure.parameters) vs \(lapack.parameters)")
        #expect(Self.close(pure.standardErrors, lapack.standardErrors, 1e-5))
        #expect(pure.acceleratedSteps > 0)
    }

    @Test("rank deficiency: the same fitted values and covariance rank")
    func rankDeficient() {
        let t: [Double] = [0, 1, 2, 3, 4, 5]
        let a = Matrix(t.map { [1, $0, 1 + $0] })  // column 2 = column 0 + column 1
        let b = t.map { 2 + 3 * $0 + 0.1 * sin($0) }
        let problem = LeastSquaresProblem(residualCount: 6, parameterCount: 3,
                                          residuals: { x in zip(a * x, b).map { $0 - $1 } }, jacobian: { _ in a })
        let (lapack, pure) = Self.both(problem, from: [0, 0, 0])
        #expect(pure.status.isConverged && pure.parameters.allSatisfy { $0.isFinite }, "\(pure.status)")
        #expect(Self.close(a * pure.parameters, a * lapack.parameters, 1e-10))
        #expect(pure.covariance?.rank == 2 && lapack.covariance?.rank == 2)
    }
}
