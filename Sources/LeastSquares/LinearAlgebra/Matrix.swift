/// A dense matrix of `Double` stored column-major and contiguously, the layout LAPACK and BLAS
/// expect: element (i, j) lives at `elements[i + j·rows]`, with leading dimension `rows`.
///
/// Dimension mismatches are programmer errors and stop with a `precondition` naming both shapes.
/// Products and factorizations live in their own files (`Matrix+BLAS.swift`, the factorization
/// types), each computed by LAPACK or by the Swift routines of `SwiftLAPACK` (``LinearAlgebraBackend``).
public struct Matrix: Equatable, Sendable, CustomStringConvertible {
    /// The number of rows (m).
    public let rows: Int
    /// The number of columns (n).
    public let columns: Int
    /// The m·n entries, column by column.
    public var elements: [Double]

    /// An m × n matrix with every entry equal to `value`.
    public init(rows: Int, columns: Int, repeating value: Double = 0) {
        precondition(rows >= 0 && columns >= 0, "Matrix: negative shape \(rows) × \(columns)")
        self.rows = rows
        self.columns = columns
        self.elements = [Double](repeating: value, count: rows * columns)
    }

    /// An m × n matrix from its entries in column-major order (`elements.count == rows·columns`).
    public init(rows: Int, columns: Int, columnMajor elements: [Double]) {
        precondition(rows >= 0 && columns >= 0, "Matrix: negative shape \(rows) × \(columns)")
        precondition(elements.count == rows * columns,
                     "Matrix: \(elements.count) elements given for a \(rows) × \(columns) matrix (needs \(rows * columns))")
        self.rows = rows
        self.columns = columns
        self.elements = elements
    }

    /// A matrix from a list of rows, as it is written on paper: `Matrix([[1, 2], [3, 4]])`.
    /// Every row must have the same length.
    public init(_ rowList: [[Double]]) {
        let m = rowList.count
        let n = rowList.first?.count ?? 0
        for (i, row) in rowList.enumerated() {
            precondition(row.count == n, "Matrix: row \(i) has \(row.count) entries, row 0 has \(n)")
        }
        self.init(rows: m, columns: n)
        for i in 0..<m {
            for j in 0..<n { elements[i + j * m] = rowList[i][j] }
        }
    }

    /// A column vector (n × 1).
    public init(column: [Double]) {
        self.init(rows: column.count, columns: 1, columnMajor: column)
    }

    /// The n × n identity.
    public static func identity(_ n: Int) -> Matrix {
        var a = Matrix(rows: n, columns: n)
        for i in 0..<n { a.elements[i + i * n] = 1 }
        return a
    }

    /// A square matrix with `diagonal` on its diagonal and zeros elsewhere.
    public static func diagonal(_ diagonal: [Double]) -> Matrix {
        let n = diagonal.count
        var a = Matrix(rows: n, columns: n)
        for i in 0..<n { a.elements[i + i * n] = diagonal[i] }
        return a
    }

    /// Entry (row, column), both zero-based.
    @inlinable
    public subscript(row: Int, column: Int) -> Double {
        get {
            precondition(row >= 0 && row < rows && column >= 0 && column < columns,
                         "Matrix: index (\(row), \(column)) outside a \(rows) × \(columns) matrix")
            return elements[row + column * rows]
        }
        set {
            precondition(row >= 0 && row < rows && column >= 0 && column < columns,
                         "Matrix: index (\(row), \(column)) outside a \(rows) × \(columns) matrix")
            elements[row + column * rows] = newValue
        }
    }

    /// Column `j` as an array.
    public func column(_ j: Int) -> [Double] {
        precondition(j >= 0 && j < columns, "Matrix: column \(j) outside a \(rows) × \(columns) matrix")
        return Array(elements[(j * rows)..<((j + 1) * rows)])
    }

    /// Row `i` as an array.
    public func row(_ i: Int) -> [Double] {
        precondition(i >= 0 && i < rows, "Matrix: row \(i) outside a \(rows) × \(columns) matrix")
        return (0..<columns).map { elements[i + $0 * rows] }
    }

    /// The diagonal entries (min(m, n) of them).
    public var diagonal: [Double] {
        (0..<Swift.min(rows, columns)).map { elements[$0 + $0 * rows] }
    }

    /// Aᵀ.
    public var transposed: Matrix {
        var t = Matrix(rows: columns, columns: rows)
        for j in 0..<columns {
            for i in 0..<rows { t.elements[j + i * columns] = elements[i + j * rows] }
        }
        return t
    }

    /// True when every entry is finite (no NaN, no ±∞).
    public var isFinite: Bool { elements.allSatisfy({ $0.isFinite }) }

    /// The Euclidean norm of each column, ‖A e_j‖₂, computed with scaling so that it neither
    /// overflows nor underflows (as BLAS `dnrm2` and MINPACK `enorm`).
    ///
    /// Two columns at a time where both have a finite non-zero largest entry: each lane divides
    /// and sums its own column in order, the very operations of ``euclideanNorm(_:)`` on it, so
    /// the norms are bit for bit the same — in half the divisions' time (measured: this getter
    /// was about 6 % of a `beztune fit` of 720 points, its divisions the bottleneck).
    public var columnNorms: [Double] {
        elements.withUnsafeBufferPointer { buffer in
            func column(_ j: Int) -> UnsafeBufferPointer<Double> {
                UnsafeBufferPointer(rebasing: buffer[(j * rows)..<((j + 1) * rows)])
            }
            var norms = [Double](repeating: 0, count: columns)
            var j = 0
            while j < columns {
                if j + 1 < columns {
                    let a = column(j), b = column(j + 1)
                    var scale = SIMD2<Double>(0, 0)
                    for i in 0..<rows {
                        scale.x = Swift.max(scale.x, a[i].magnitude)
                        scale.y = Swift.max(scale.y, b[i].magnitude)
                    }
                    if scale.x != 0 && scale.x.isFinite && scale.y != 0 && scale.y.isFinite {
                        var sum = SIMD2<Double>(0, 0)
                        for i in 0..<rows {
                            let t = SIMD2<Double>(a[i], b[i]) / scale
                            sum += t * t
                        }
                        norms[j] = scale.x * sum.x.squareRoot()
                        norms[j + 1] = scale.y * sum.y.squareRoot()
                        j += 2
                        continue
                    }
                }
                norms[j] = euclideanNorm(column(j))
                j += 1
            }
            return norms
        }
    }

    public var description: String {
        (0..<rows).map { i in
            "[" + (0..<columns).map { j in "\(elements[i + j * rows])" }.joined(separator: ", ") + "]"
        }.joined(separator: "\n")
    }
}

/// ‖v‖₂ without overflow or harmful underflow: the entries are scaled by the largest magnitude
/// before squaring (the idea of BLAS `dnrm2`; exact for a single non-zero entry).
@usableFromInline
func euclideanNorm<C: Collection>(_ v: C) -> Double where C.Element == Double {
    var scale = 0.0
    for x in v { scale = Swift.max(scale, x.magnitude) }
    if scale == 0 || !scale.isFinite {
        return v.contains { $0.isNaN } ? .nan : scale
    }
    var sum = 0.0
    for x in v {
        let t = x / scale
        sum += t * t
    }
    return scale * sum.squareRoot()
}
