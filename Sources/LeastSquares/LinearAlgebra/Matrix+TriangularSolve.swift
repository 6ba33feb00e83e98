extension Matrix {
    /// Which triangle of a square matrix holds a triangular operand.
    public enum Triangle: Sendable { case upper, lower }

    /// X with op(T)·X = B for the triangular matrix T = `self` (only its `triangle` is read), by
    /// LAPACK `dtrtrs` or its Swift twin `SwiftLAPACK.trtrs` (substitution, Golub & Van Loan
    /// §3.1), as `backend` says. Throws when a diagonal entry is exactly zero (T singular).
    public func solveTriangular(_ b: Matrix, triangle: Triangle = .upper, transposing: Bool = false,
                                unitDiagonal: Bool = false,
                                backend: LinearAlgebraBackend = .platformDefault) throws(LAPACKError) -> Matrix {
        precondition(rows == columns, "solveTriangular: T must be square, got \(rows) × \(columns)")
        precondition(b.rows == rows, "solveTriangular: T is \(rows) × \(columns) but B has \(b.rows) rows")
        var x = b
        if rows > 0, b.columns > 0 {
            switch backend {
            #if canImport(CLapack)
            case .lapack:
                try LAPACK.trtrs(triangle: triangle, transposing: transposing, unitDiagonal: unitDiagonal,
                                 n: rows, nrhs: b.columns, t: elements, b: &x.elements)
            #endif
            case .pureSwift:
                try SwiftLAPACK.trtrs(triangle: triangle, transposing: transposing, unitDiagonal: unitDiagonal,
                                      n: rows, nrhs: b.columns, t: elements, b: &x.elements)
            }
        }
        return x
    }

    /// x with op(T)·x = b (see ``solveTriangular(_:triangle:transposing:unitDiagonal:backend:)-(Matrix,_,_,_,_)``).
    public func solveTriangular(_ b: [Double], triangle: Triangle = .upper, transposing: Bool = false,
                                unitDiagonal: Bool = false,
                                backend: LinearAlgebraBackend = .platformDefault) throws(LAPACKError) -> [Double] {
        try solveTriangular(Matrix(column: b), triangle: triangle, transposing: transposing,
                            unitDiagonal: unitDiagonal, backend: backend).elements
    }
}
