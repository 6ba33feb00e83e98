import LeastSquares
import Testing
import _TestSupport

/// The pure-Swift products and solves (``LinearAlgebraBackend/pureSwift``) against the textbook
/// definitions and against BLAS/LAPACK: `dgemm`, `dgemv`, `dtrtrs`, `dpotrf`/`dpotrs`, `dgels`,
/// `dgelsd`.
@Suite("Pure-Swift products and solves")
struct PureSwiftSolveTests {
    /// The largest |xᵢ − yᵢ|.
    static func distance(_ x: [Double], _ y: [Double]) -> Double {
        precondition(x.count == y.count)
        return zip(x, y).reduce(0) { Swift.max($0, ($1.0 - $1.1).magnitude) }
    }

    @Test("dgemm and dgemv: every transpose combination as the triple loop and as BLAS", arguments: [false, true])
    func products(transposingA: Bool) {
        let (m, n, k) = (7, 5, 4)
        for transposingB in [false, true] {
            let a = transposingA ? LinearAlgebraTests.random(k, m, seed: 1) : LinearAlgebraTests.random(m, k, seed: 1)
            let b = transposingB ? LinearAlgebraTests.random(n, k, seed: 2) : LinearAlgebraTests.random(k, n, seed: 2)
            let c = Matrix.product(a, transposingA: transposingA, b, transposingB: transposingB, scaledBy: -1.5,
                                   backend: .pureSwift)
            let blas = Matrix.product(a, transposingA: transposingA, b, transposingB: transposingB, scaledBy: -1.5,
                                      backend: .lapack)
            #expect(c.rows == m && c.columns == n)
            for i in 0..<m {
                for j in 0..<n {
                    let naive = (0..<k).reduce(0.0) {
                        $0 + (transposingA ? a[$1, i] : a[i, $1]) * (transposingB ? b[j, $1] : b[$1, j])
                    }
                    #expect((c[i, j] - -1.5 * naive).magnitude < 1e-14)
                }
            }
            #expect(Self.distance(c.elements, blas.elements) < 1e-14)
        }
        let a = LinearAlgebraTests.random(m, k, seed: 3)
        let x = LinearAlgebraTests.random(transposingA ? m : k, 1, seed: 4).elements
        let y = a.multiplied(by: x, transposing: transposingA, scaledBy: 2, backend: .pureSwift)
        let blas = a.multiplied(by: x, transposing: transposingA, scaledBy: 2, backend: .lapack)
        #expect(Self.distance(y, blas) < 1e-14)
        let naive = (0..<(transposingA ? k : m)).map { i in
            2 * (0..<x.count).reduce(0.0) { $0 + (transposingA ? a[$1, i] : a[i, $1]) * x[$1] }
        }
        #expect(Self.distance(y, naive) < 1e-14)
    }

    @Test("dgemv propagates NaN and ±∞ as BLAS does (no shortcut for zeros)")
    func productsPropagateNonFinite() {
        let a = Matrix([[.infinity, 1], [1, 1]])
        let y = a.multiplied(by: [0, 1], backend: .pureSwift)
        #expect(y[0].isNaN && y[1] == 1)
        #expect(a.multiplied(by: [0, 1], backend: .lapack)[0].isNaN)
    }

    @Test("dtrtrs: both triangles, transposed or not, unit diagonal or not, as LAPACK")
    func triangular() throws {
        let n = 6
        var t = LinearAlgebraTests.random(n, n, seed: 7)
        for i in 0..<n { t[i, i] += 3 }  // well conditioned
        let b = LinearAlgebraTests.random(n, 3, seed: 8)
        for triangle in [Matrix.Triangle.upper, .lower] {
            for transposing in [false, true] {
                for unitDiagonal in [false, true] {
                    let x = try t.solveTriangular(b, triangle: triangle, transposing: transposing,
                                                  unitDiagonal: unitDiagonal, backend: .pureSwift)
                    let lapack = try t.solveTriangular(b, triangle: triangle, transposing: transposing,
                                                       unitDiagonal: unitDiagonal, backend: .lapack)
                    #expect(Self.distance(x.elements, lapack.elements) < 1e-13,
                            "\(triangle) transposing \(transposing) unit \(unitDiagonal)")
                }
            }
        }
        do {
            _ = try Matrix([[1, 1, 1], [0, 2, 1], [0, 0, 0]]).solveTriangular([1, 1, 1], backend: .pureSwift)
            Issue.record("a singular triangle was solved")
        } catch {
            #expect(error.routine == "dtrtrs" && error.info == 3 && error.meaning.contains("singular"))
        }
    }

    @Test("Cholesky: R as LAPACK's, the solve, and the same error for an indefinite matrix")
    func cholesky() throws {
        let b = LinearAlgebraTests.random(12, 5, seed: 9)
        let spd = Matrix.product(b, transposingA: true, b)
        let chol = try Cholesky(spd, backend: .pureSwift)
        let lapack = try Cholesky(spd, backend: .lapack)
        #expect(chol.backend == .pureSwift)
        #expect(Self.distance(chol.factor.elements, lapack.factor.elements) < 1e-14)
        let rhs = [1.0, -2, 3, 0.5, 4]
        let x = try chol.solve(rhs)
        #expect(Self.distance(spd * x, rhs) < 1e-12)
        #expect(Self.distance(x, try lapack.solve(rhs)) < 1e-12)
        for matrix in [Matrix([[1, 2], [2, 1]]), Matrix([[4, 2, 0], [2, 1, 0], [0, 0, 1]]), Matrix([[-1]])] {
            let pure = Self.error { () throws(LAPACKError) in _ = try Cholesky(matrix, backend: .pureSwift) }
            let reference = Self.error { () throws(LAPACKError) in _ = try Cholesky(matrix, backend: .lapack) }
            #expect(pure != nil && pure == reference, "\(matrix)")
        }
    }

    @Test("dgels: overdetermined as LAPACK, underdetermined the minimum-norm solution, a zero pivot info = its index")
    func qrLeastSquares() throws {
        let a = LinearAlgebraTests.random(30, 6, seed: 10)
        let b = LinearAlgebraTests.random(30, 2, seed: 11)
        let x = try LinearLeastSquares.solveQR(a, b, backend: .pureSwift)
        #expect(Self.distance(x.elements, try LinearLeastSquares.solveQR(a, b, backend: .lapack).elements) < 1e-13)
        // Wide: A x = b exactly, and x in the row space of A (the minimum norm).
        let wide = a.transposed
        let rhs = LinearAlgebraTests.random(6, 1, seed: 12).elements
        let minimum = try LinearLeastSquares.solveQR(wide, rhs, backend: .pureSwift)
        #expect(Self.distance(wide * minimum, rhs) < 1e-13)
        #expect(Self.distance(minimum, try LinearLeastSquares.solveQR(wide, rhs, backend: .lapack)) < 1e-13)
        // The zero matrix is LAPACK's special case: x = 0, no error.
        #expect(try LinearLeastSquares.solveQR(Matrix(rows: 3, columns: 2), [1, 2, 3], backend: .pureSwift) == [0, 0])
        let zeroColumn = Matrix([[1, 0], [1, 0], [1, 0]])
        let pure = Self.error { () throws(LAPACKError) in
            _ = try LinearLeastSquares.solveQR(zeroColumn, [1, 2, 3], backend: .pureSwift)
        }
        #expect(pure?.description == "dgels failed (info 2): diagonal element 2 of the triangular factor of A is zero, so A does not have full rank; use the SVD solver (dgelsd)")
        let reference = Self.error { () throws(LAPACKError) in
            _ = try LinearLeastSquares.solveQR(zeroColumn, [1, 2, 3], backend: .lapack)
        }
        #expect(pure != nil && pure == reference)
    }

    @Test("dgelsd: the minimum-norm solution and the rank of rank-deficient, tall and wide systems, as LAPACK")
    func svdLeastSquares() throws {
        let dependent = Matrix([[1, 1, 0], [1, 1, 1], [1, 1, 2], [1, 1, 3]])
        var random = LinearAlgebraTests.random(9, 5, seed: 13)
        for i in 0..<9 { random[i, 4] = random[i, 0] - random[i, 2] }
        let cases: [(Matrix, [Double], Double)] = [
            (dependent, [1, 3, 5, 7], 1e-12),
            (Matrix([[1, 0], [1, 0], [1, 0]]), [1, 2, 3], -1),
            (random, LinearAlgebraTests.random(9, 1, seed: 14).elements, 1e-10),
            (random.transposed, LinearAlgebraTests.random(5, 1, seed: 15).elements, 1e-10),
            (Matrix(rows: 3, columns: 3), [1, 2, 3], -1),
        ]
        for (a, b, cutoff) in cases {
            let pure = try LinearLeastSquares.solveSVD(a, b, relativeCutoff: cutoff, backend: .pureSwift)
            let lapack = try LinearLeastSquares.solveSVD(a, b, relativeCutoff: cutoff, backend: .lapack)
            #expect(pure.rank == lapack.rank, "\(a.rows)×\(a.columns)")
            #expect(Self.distance(pure.solution, lapack.solution) < 1e-13, "\(a.rows)×\(a.columns)")
            #expect(Self.distance(pure.singularValues, lapack.singularValues) < 1e-13, "\(a.rows)×\(a.columns)")
        }
        let even = try LinearLeastSquares.solveSVD(dependent, [1, 3, 5, 7], relativeCutoff: 1e-12, backend: .pureSwift)
        #expect(even.rank == 2 && (even.solution[0] - 0.5).magnitude < 1e-13 && (even.solution[2] - 2).magnitude < 1e-13)
    }

    /// The LAPACKError `body` throws, or nil.
    static func error(_ body: () throws(LAPACKError) -> Void) -> LAPACKError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
