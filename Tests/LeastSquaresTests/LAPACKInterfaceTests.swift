import LeastSquares
import Testing

/// What the one LAPACK/BLAS interface adds to the routines, on every platform: a NaN in an input
/// is refused before the call, as an illegal value of the reference routine's argument holding
/// it, and only where the routine reads (LAPACKE's checks: the whole block, or just the
/// triangle a triangular or symmetric routine uses, without a unit diagonal). The pure-Swift
/// backend makes the same checks and reports them the same way, so every test runs on both.
@Suite("LAPACK interface: NaN checks")
struct LAPACKInterfaceTests {
    /// The LAPACKError `body` throws, or nil (and an issue) when it returns or throws another.
    static func error(_ body: () throws -> Void) -> LAPACKError? {
        do {
            try body()
            Issue.record("no error thrown")
        } catch let error as LAPACKError {
            return error
        } catch {
            Issue.record("not a LAPACKError: \(error)")
        }
        return nil
    }

    @Test("a NaN in A or b is refused, numbered as the reference routine's argument",
          arguments: LinearAlgebraBackend.allCases)
    func numbering(backend: LinearAlgebraBackend) {
        let a = Matrix([[1, 0], [1, 1], [1, .nan]])
        let good = Matrix([[1, 0], [1, 1], [1, 2]])
        let cases: [(String, Int, () throws -> Void)] = [
            ("dgels", -5, { _ = try LinearLeastSquares.solveQR(a, [1, 2, 3], backend: backend) }),
            ("dgels", -7, { _ = try LinearLeastSquares.solveQR(good, [1, .nan, 3], backend: backend) }),
            ("dgelsd", -4, { _ = try LinearLeastSquares.solveSVD(a, [1, 2, 3], backend: backend) }),
            ("dgelsd", -6, { _ = try LinearLeastSquares.solveSVD(good, [.nan, 2, 3], backend: backend) }),
            ("dgelsd", -9, { _ = try LinearLeastSquares.solveSVD(good, [1, 2, 3], relativeCutoff: .nan, backend: backend) }),
            ("dgeqp3", -3, { _ = try PivotedQR(a, backend: backend) }),
            ("dgesdd", -4, { _ = try SingularValueDecomposition(a, backend: backend) }),
            ("dpotrf", -3, { _ = try Cholesky(Matrix([[4, .nan], [0, 9]]), backend: backend) }),
            ("dtrtrs", -6, { _ = try Matrix([[1, .nan], [0, 1]]).solveTriangular([1, 1], backend: backend) }),
            ("dtrtrs", -8, { _ = try Matrix([[1, 2], [0, 1]]).solveTriangular([1, .nan], backend: backend) }),
        ]
        for (routine, info, body) in cases {
            let error = Self.error(body)
            #expect(error?.routine == routine && error?.info == info, "\(backend) \(routine): \(String(describing: error))")
            #expect(error?.description == "\(routine) failed (info \(info)): argument \(-info) had an illegal value (NaN input is reported this way)")
        }
        let factor = try? Cholesky(Matrix([[4, 2], [2, 10]]), backend: backend)
        let error = Self.error { _ = try factor?.solve([1, .nan]) }
        #expect(error?.routine == "dpotrs" && error?.info == -6)
    }

    @Test("a NaN where the routine does not read is no error: the result is the NaN-free one",
          arguments: LinearAlgebraBackend.allCases)
    func unreadEntries(backend: LinearAlgebraBackend) throws {
        // dpotrf (upper) reads the upper triangle only: R of [[4, 2], [2, 10]] is [[2, 1], [0, 3]].
        let cholesky = try Cholesky(Matrix([[4, 2], [.nan, 10]]), backend: backend)
        #expect(cholesky.factor == Matrix([[2, 1], [0, 3]]))
        // dtrtrs reads one triangle, and not the diagonal when it is a unit diagonal.
        let upper = Matrix([[2, 1], [.nan, 4]])
        #expect(try upper.solveTriangular([4, 8], backend: backend) == [1, 2])
        let unit = Matrix([[.nan, 3], [0, .nan]])
        #expect(try unit.solveTriangular([7, 2], unitDiagonal: true, backend: backend) == [1, 2])
        let lower = Matrix([[2, .nan], [1, 4]])
        #expect(try lower.solveTriangular([2, 9], triangle: .lower, backend: backend) == [1, 2])
    }
}
