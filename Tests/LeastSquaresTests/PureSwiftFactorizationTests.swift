import LeastSquares
import Testing
import _TestSupport

/// The pure-Swift factorizations (``LinearAlgebraBackend/pureSwift``) against their defining
/// identities and against LAPACK: pivoted QR (`dgeqp3`) and the SVD (`dgesdd`).
@Suite("Pure-Swift factorizations: QR with pivoting and the Jacobi SVD")
struct PureSwiftFactorizationTests {
    /// Shapes from a scalar to the largest dense problem the pure path is written for, tall and wide.
    static let shapes: [(Int, Int)] = [(1, 1), (5, 1), (1, 5), (6, 4), (4, 6), (7, 7), (30, 16), (16, 30), (250, 9)]

    /// The largest |xᵢⱼ − yᵢⱼ|.
    static func distance(_ x: Matrix, _ y: Matrix) -> Double {
        precondition(x.rows == y.rows && x.columns == y.columns)
        return zip(x.elements, y.elements).reduce(0) { Swift.max($0, ($1.0 - $1.1).magnitude) }
    }

    /// max |QᵀQ − I|: how far the columns of Q are from orthonormal.
    static func orthogonalityError(_ q: Matrix) -> Double {
        distance(Matrix.product(q, transposingA: true, q, backend: .pureSwift), Matrix.identity(q.columns))
    }

    /// A with its columns permuted: column j of the result is column `permutation[j]` of `a`.
    static func permuted(_ a: Matrix, _ permutation: [Int]) -> Matrix {
        var ap = Matrix(rows: a.rows, columns: a.columns)
        for j in 0..<a.columns { for i in 0..<a.rows { ap[i, j] = a[i, permutation[j]] } }
        return ap
    }

    @Test("QR: A·P = Q·R, Q orthogonal, |Rᵢᵢ| non-increasing; R, τ and P as LAPACK's dgeqp3")
    func pivotedQR() throws {
        for (seed, (m, n)) in Self.shapes.enumerated() {
            let a = LinearAlgebraTests.random(m, n, seed: 100 + UInt64(seed))
            let qr = try PivotedQR(a, backend: .pureSwift)
            let q = qr.q
            #expect(Self.orthogonalityError(q) < 1e-14, "\(m)×\(n)")
            #expect(Self.distance(Matrix.product(q, qr.r, backend: .pureSwift), Self.permuted(a, qr.permutation)) < 1e-14,
                    "\(m)×\(n)")
            let d = qr.r.diagonal.map(\.magnitude)
            #expect(d == d.sorted(by: >), "\(m)×\(n): \(d)")
            let lapack = try PivotedQR(a, backend: .lapack)
            #expect(qr.permutation == lapack.permutation, "\(m)×\(n)")
            #expect(Self.distance(qr.r, lapack.r) < 1e-13, "\(m)×\(n)")
            #expect(Self.distance(q, lapack.q) < 1e-13, "\(m)×\(n)")
            for (x, y) in zip(qr.tau, lapack.tau) { #expect((x - y).magnitude < 1e-13, "\(m)×\(n) τ") }
        }
    }

    @Test("QR reveals the rank as LAPACK does: a dependent column, a zero column")
    func pivotedQRRank() throws {
        var a = LinearAlgebraTests.random(6, 4, seed: 4)
        for i in 0..<6 { a[i, 3] = a[i, 0] + 2 * a[i, 1] }
        let qr = try PivotedQR(a, backend: .pureSwift)
        #expect(qr.rank(relativeTolerance: 1e-12) == 3)
        #expect(qr.rank(relativeTolerance: 1e-12) == (try PivotedQR(a, backend: .lapack)).rank(relativeTolerance: 1e-12))
        var zero = LinearAlgebraTests.random(5, 3, seed: 5)
        for i in 0..<5 { zero[i, 1] = 0 }
        let z = try PivotedQR(zero, backend: .pureSwift)
        #expect(z.permutation.last == 1 && z.r[2, 2] == 0 && z.tau[2] == 0)
        #expect(z.rank(relativeTolerance: 1e-12) == 2)
        #expect(Self.orthogonalityError(z.q) < 1e-14)
    }

    @Test("SVD: U·Σ·Vᵀ = A, U and V orthonormal, σ sorted and equal to LAPACK's to 1e-13 relative")
    func svd() throws {
        for (seed, (m, n)) in Self.shapes.enumerated() {
            let a = LinearAlgebraTests.random(m, n, seed: 200 + UInt64(seed))
            let svd = try SingularValueDecomposition(a, backend: .pureSwift)
            let k = Swift.min(m, n)
            #expect(svd.u.rows == m && svd.u.columns == k && svd.vt.rows == k && svd.vt.columns == n)
            #expect(svd.singularValues == svd.singularValues.sorted(by: >))
            let rebuilt = Matrix.product(Matrix.product(svd.u, Matrix.diagonal(svd.singularValues), backend: .pureSwift),
                                         svd.vt, backend: .pureSwift)
            #expect(Self.distance(rebuilt, a) < 1e-14 * Double(Swift.max(m, n)), "\(m)×\(n)")
            #expect(Self.orthogonalityError(svd.u) < 1e-14, "\(m)×\(n) U")
            #expect(Self.orthogonalityError(svd.vt.transposed) < 1e-14, "\(m)×\(n) V")
            let lapack = try SingularValueDecomposition(a, backend: .lapack)
            for (x, y) in zip(svd.singularValues, lapack.singularValues) {
                #expect((x - y).magnitude <= 1e-13 * y, "\(m)×\(n): \(x) vs LAPACK \(y)")
            }
        }
    }

    @Test("SVD of rank-deficient matrices: the rank LAPACK sees, exact zeros, orthonormal U and V throughout")
    func svdRankDeficient() throws {
        var dependent = LinearAlgebraTests.random(7, 4, seed: 3)
        for i in 0..<7 { dependent[i, 3] = dependent[i, 0] + 2 * dependent[i, 1] }
        var zeroColumn = LinearAlgebraTests.random(6, 3, seed: 6)
        for i in 0..<6 { zeroColumn[i, 0] = 0 }
        // Entry (i, j) = (i + 1)·(j + 1).
        var rankOne = Matrix(rows: 5, columns: 4)
        for j in 0..<4 { for i in 0..<5 { rankOne[i, j] = Double((i + 1) * (j + 1)) } }
        let zero = Matrix(rows: 4, columns: 3)
        let cases: [(String, Matrix, Int)] = [("dependent", dependent, 3), ("zero column", zeroColumn, 2),
                                              ("rank one", rankOne, 1), ("zero", zero, 0),
                                              ("wide dependent", dependent.transposed, 3)]
        for (name, a, rank) in cases {
            let svd = try SingularValueDecomposition(a, backend: .pureSwift)
            let lapack = try SingularValueDecomposition(a, backend: .lapack)
            #expect(svd.rank(relativeTolerance: 1e-12) == rank, "\(name)")
            #expect(lapack.rank(relativeTolerance: 1e-12) == rank, "\(name)")
            let sigma1 = Swift.max(svd.singularValues.first ?? 0, 1)
            for (x, y) in zip(svd.singularValues, lapack.singularValues) {
                #expect((x - y).magnitude <= 1e-14 * sigma1, "\(name): \(x) vs LAPACK \(y)")
            }
            #expect(Self.orthogonalityError(svd.u) < 1e-14, "\(name) U")
            #expect(Self.orthogonalityError(svd.vt.transposed) < 1e-14, "\(name) V")
            let rebuilt = Matrix.product(Matrix.product(svd.u, Matrix.diagonal(svd.singularValues)), svd.vt)
            #expect(Self.distance(rebuilt, a) < 1e-14 * sigma1, "\(name)")
        }
        // An exactly zero column gives an exactly zero σ; a zero matrix all zeros.
        #expect(try SingularValueDecomposition(zeroColumn, backend: .pureSwift).singularValues.last == 0)
        #expect(try SingularValueDecomposition(zero, backend: .pureSwift).singularValues == [0, 0, 0])
    }

    @Test("SVD of a column-graded A = G·D: every σ to full relative accuracy (Π σᵢ(A) = Π σᵢ(G)·Π dⱼ)")
    func svdGraded() throws {
        // D = diag(2⁰, 2⁻²⁰, 2⁻⁴⁰, 2⁻⁶⁰): A = G·D exactly, σ₄(A) ≈ 1e-18·σ₁, below ε·σ₁.
        let g = LinearAlgebraTests.random(8, 4, seed: 9)
        let d = [1.0, 0x1p-20, 0x1p-40, 0x1p-60]
        var a = g
        for j in 0..<4 { for i in 0..<8 { a[i, j] *= d[j] } }
        let graded = try SingularValueDecomposition(a, backend: .pureSwift).singularValues
        let plain = try SingularValueDecomposition(g, backend: .pureSwift).singularValues
        // det(AᵀA) = det(GᵀG)·Π dⱼ², so the products agree; an absolute error of ε·σ₁ in σ₄ would not.
        let ratio = graded.reduce(1, *) / (plain.reduce(1, *) * d.reduce(1, *))
        #expect((ratio - 1).magnitude < 1e-13, "Π σ ratio \(ratio)")
        #expect(graded[3] < 1e-16 * graded[0])
    }

    @Test("SVD scaling: A·2^±600 gives σ·2^±600 bit for bit and the same U and V, without overflow or underflow")
    func svdScaling() throws {
        let a = LinearAlgebraTests.random(9, 5, seed: 12)
        let base = try SingularValueDecomposition(a, backend: .pureSwift)
        for e in [600, -600, 900, -900] {
            var scaled = a
            for i in scaled.elements.indices { scaled.elements[i] = Double(sign: .plus, exponent: e, significand: a.elements[i]) }
            let svd = try SingularValueDecomposition(scaled, backend: .pureSwift)
            #expect(svd.singularValues == base.singularValues.map { Double(sign: .plus, exponent: e, significand: $0) }, "2^\(e)")
            #expect(svd.u == base.u && svd.vt == base.vt, "2^\(e)")
        }
    }

    @Test("SVD refuses NaN (as dgesdd's argument 4, like LAPACK) and ±∞ (the same way; LAPACK's result is undefined there)")
    func svdNonFinite() {
        for bad in [Double.nan, .infinity, -.infinity] {
            do {
                _ = try SingularValueDecomposition(Matrix([[1, bad], [0, 1], [2, 3]]), backend: .pureSwift)
                Issue.record("\(bad) was decomposed")
            } catch {
                #expect(error.routine == "dgesdd" && error.info == -4, "\(bad): \(error)")
            }
        }
    }
}
