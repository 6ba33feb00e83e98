import LeastSquares
import Testing
import _TestSupport

@Suite("LAPACK wrappers")
struct LinearAlgebraTests {
    /// A seeded m × n matrix with entries in [−1, 1).
    static func random(_ m: Int, _ n: Int, seed: UInt64) -> Matrix {
        var rng = SplitMix64(seed: seed)
        return Matrix(rows: m, columns: n, columnMajor: (0..<(m * n)).map { _ in rng.uniform(-1, 1) })
    }

    @Test("dgels fits a line exactly and solves a random overdetermined system")
    func qrLeastSquares() throws {
        let a = Matrix([[1, 0], [1, 1], [1, 2], [1, 3]])
        let x = try LinearLeastSquares.solveQR(a, [1, 3, 5, 7])
        #expect(abs(x[0] - 1) < 1e-14 && abs(x[1] - 2) < 1e-14)

        // The residual of the solution is orthogonal to the columns: Aᵀ(Ax − b) = 0.
        let b = Self.random(30, 4, seed: 1)
        let rhs = Self.random(30, 1, seed: 2).elements
        let solution = try LinearLeastSquares.solveQR(b, rhs)
        let residual = zip(b * solution, rhs).map { $0 - $1 }
        let normal = b.multiplied(by: residual, transposing: true)
        #expect(normal.allSatisfy { abs($0) < 1e-13 })
    }

    @Test("dgelsd gives the finite minimum-norm solution of a rank-deficient system")
    func svdLeastSquares() throws {
        // Columns 1 and 2 are equal: x₁ + x₂ is determined, the minimum norm splits it evenly.
        let a = Matrix([[1, 1, 0], [1, 1, 1], [1, 1, 2], [1, 1, 3]])
        let s = try LinearLeastSquares.solveSVD(a, [1, 3, 5, 7], relativeCutoff: 1e-12)
        #expect(s.rank == 2)
        #expect(s.solution.allSatisfy { $0.isFinite })
        #expect(abs(s.solution[0] - 0.5) < 1e-13 && abs(s.solution[1] - 0.5) < 1e-13)
        #expect(abs(s.solution[2] - 2) < 1e-13)
        #expect(s.singularValues.count == 3 && s.singularValues[2] < 1e-14 * s.singularValues[0])
        // dgels assumes full rank; an exactly zero pivot is a LAPACK error with its meaning.
        let zeroColumn = Matrix([[1, 0], [1, 0], [1, 0]])
        let error = #expect(throws: LAPACKError.self) { try LinearLeastSquares.solveQR(zeroColumn, [1, 2, 3]) }
        #expect(error?.description == "dgels failed (info 2): diagonal element 2 of the triangular factor of A is zero, so A does not have full rank; use the SVD solver (dgelsd)")
        let svd = try LinearLeastSquares.solveSVD(zeroColumn, [1, 2, 3])
        #expect(svd.rank == 1 && svd.solution == [2, 0])
    }

    @Test("dgesdd: U Σ Vᵀ reconstructs A, singular values sorted")
    func svd() throws {
        let a = Self.random(7, 4, seed: 3)
        let svd = try SingularValueDecomposition(a)
        #expect(svd.u.rows == 7 && svd.u.columns == 4 && svd.vt.rows == 4 && svd.vt.columns == 4)
        #expect(svd.singularValues == svd.singularValues.sorted(by: >))
        let rebuilt = svd.u * Matrix.diagonal(svd.singularValues) * svd.vt
        for (x, y) in zip(rebuilt.elements, a.elements) { #expect(abs(x - y) < 1e-14) }
        #expect(svd.rank(relativeTolerance: 1e-12) == 4)
    }

    @Test("dgeqp3: pivoting orders |Rᵢᵢ| and reveals the rank")
    func pivotedQR() throws {
        var a = Self.random(6, 4, seed: 4)
        for i in 0..<6 { a[i, 3] = a[i, 0] + 2 * a[i, 1] }  // column 3 depends on 0 and 1
        let qr = try PivotedQR(a)
        let d = qr.r.diagonal.map(\.magnitude)
        #expect(d == d.sorted(by: >))
        #expect(qr.rank(relativeTolerance: 1e-12) == 3)
        #expect(qr.permutation.sorted() == [0, 1, 2, 3])
        // RᵀR = (AP)ᵀ(AP) since Q is orthogonal.
        var ap = Matrix(rows: 6, columns: 4)
        for j in 0..<4 { for i in 0..<6 { ap[i, j] = a[i, qr.permutation[j]] } }
        let rtr = Matrix.product(qr.r, transposingA: true, qr.r)
        let gram = Matrix.product(ap, transposingA: true, ap)
        for (x, y) in zip(rtr.elements, gram.elements) { #expect(abs(x - y) < 1e-13) }
    }

    @Test("dpotrf/dpotrs solve an SPD system; dtrtrs solves with the factor")
    func choleskyAndTriangular() throws {
        let b = Self.random(8, 3, seed: 5)
        let spd = Matrix.product(b, transposingA: true, b)
        let chol = try Cholesky(spd)
        let x = try chol.solve([1, 2, 3])
        let back = spd * x
        #expect(abs(back[0] - 1) < 1e-12 && abs(back[1] - 2) < 1e-12 && abs(back[2] - 3) < 1e-12)
        // RᵀR y = b by two triangular solves gives the same x.
        let y = try chol.factor.solveTriangular([1, 2, 3], transposing: true)
        let z = try chol.factor.solveTriangular(y)
        for (p, q) in zip(x, z) { #expect(abs(p - q) < 1e-12) }
    }

    @Test("LAPACK info ≠ 0 becomes an error that says what it means")
    func errors() {
        do {
            _ = try Cholesky(Matrix([[1, 2], [2, 1]]))
            Issue.record("an indefinite matrix was factorized")
        } catch {
            #expect(error.routine == "dpotrf" && error.info == 2)
            #expect(error.description == "dpotrf failed (info 2): the leading minor of order 2 is not positive definite, so the factorization could not be completed")
        }
        do {
            _ = try Matrix([[1, 1], [0, 0]]).solveTriangular([1, 1])
            Issue.record("a singular triangle was solved")
        } catch {
            #expect(error.routine == "dtrtrs" && error.info == 2 && error.meaning.contains("singular"))
        }
        do {
            _ = try SingularValueDecomposition(Matrix([[1, .nan], [0, 1]]))
            Issue.record("NaN input was decomposed")
        } catch {
            #expect(error.info < 0 && error.meaning.contains("illegal value"))
        }
    }
}
