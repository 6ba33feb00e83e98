import LeastSquares
import Testing
import _TestSupport

@Suite("Matrix and BLAS products")
struct MatrixTests {
    @Test("column-major storage, rows literal, transpose, diagonal")
    func layout() {
        let a = Matrix([[1, 2, 3], [4, 5, 6]])
        #expect(a.rows == 2 && a.columns == 3)
        #expect(a.elements == [1, 4, 2, 5, 3, 6])
        #expect(a[1, 2] == 6 && a[0, 1] == 2)
        #expect(a.column(1) == [2, 5] && a.row(1) == [4, 5, 6])
        #expect(a.transposed == Matrix([[1, 4], [2, 5], [3, 6]]))
        #expect(a.diagonal == [1, 5])
        #expect(Matrix.identity(2) == Matrix([[1, 0], [0, 1]]))
        #expect(Matrix.diagonal([2, 3]) == Matrix([[2, 0], [0, 3]]))
    }

    @Test("column norms neither overflow nor underflow")
    func columnNorms() {
        let a = Matrix([[3e200, 3e-200], [4e200, 4e-200]])
        let norms = a.columnNorms
        #expect(abs(norms[0] / 5e200 - 1) < 1e-15)
        #expect(abs(norms[1] / 5e-200 - 1) < 1e-15)
    }

    @Test("column norms two at a time are bit for bit the one-column norms (odd counts, zero and non-finite columns)")
    func columnNormsPaired() {
        var rng = SplitMix64(seed: 11)
        for (rows, columns) in [(1, 1), (3, 2), (720, 4), (37, 5), (8, 7)] {
            var values = (0..<(rows * columns)).map { _ in rng.uniform(-1, 1) * 1e3 }
            if columns >= 5 {
                for i in 0..<rows { values[i + 2 * rows] = 0 }  // a zero column beside a finite one
                values[4 * rows] = .infinity                      // an infinite column
            }
            if columns == 7 { values[6 * rows + rows / 2] = .nan }
            let a = Matrix(rows: rows, columns: columns, columnMajor: values)
            let norms = a.columnNorms
            for j in 0..<columns {
                var scale = 0.0, sum = 0.0
                let column = values[(j * rows)..<((j + 1) * rows)]
                for x in column { scale = Swift.max(scale, x.magnitude) }
                let expected: Double
                if scale == 0 || !scale.isFinite {
                    expected = column.contains { $0.isNaN } ? .nan : scale
                } else {
                    for x in column { sum += (x / scale) * (x / scale) }
                    expected = scale * sum.squareRoot()
                }
                #expect(norms[j].bitPattern == expected.bitPattern || (norms[j].isNaN && expected.isNaN),
                        "\(rows)×\(columns) column \(j): \(norms[j]) vs \(expected)")
            }
        }
    }

    @Test("dgemm and dgemv agree with the textbook triple loop")
    func products() {
        var rng = SplitMix64(seed: 7)
        let a = Matrix(rows: 5, columns: 3, columnMajor: (0..<15).map { _ in rng.uniform(-1, 1) })
        let b = Matrix(rows: 3, columns: 4, columnMajor: (0..<12).map { _ in rng.uniform(-1, 1) })
        let c = a * b
        for i in 0..<5 {
            for j in 0..<4 {
                let naive = (0..<3).reduce(0.0) { $0 + a[i, $1] * b[$1, j] }
                #expect(abs(c[i, j] - naive) < 1e-15)
            }
        }
        let atb = Matrix.product(a, transposingA: true, a)
        #expect(atb.rows == 3 && atb.columns == 3)
        for i in 0..<3 {
            for j in 0..<3 {
                let naive = (0..<5).reduce(0.0) { $0 + a[$1, i] * a[$1, j] }
                #expect(abs(atb[i, j] - naive) < 1e-15)
            }
        }
        let x = [1.0, -2.0, 0.5]
        let y = a * x
        for i in 0..<5 {
            #expect(abs(y[i] - (a[i, 0] - 2 * a[i, 1] + 0.5 * a[i, 2])) < 1e-15)
        }
        let z = a.multiplied(by: [1, 1, 1, 1, 1], transposing: true)
        for j in 0..<3 { #expect(abs(z[j] - a.column(j).reduce(0, +)) < 1e-15) }
    }

    @Test("mismatched shapes stop with a message naming both")
    func mismatchedShapes() async {
        let product = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Matrix(rows: 2, columns: 3) * Matrix(rows: 2, columns: 2)
        }
        let message = String(decoding: product?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("op(A) is 2 × 3 but op(B) is 2 × 2"), "\(message)")
        let elements = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Matrix(rows: 2, columns: 2, columnMajor: [1, 2, 3])
        }
        let text = String(decoding: elements?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("3 elements given for a 2 × 2 matrix"), "\(text)")
    }
}
