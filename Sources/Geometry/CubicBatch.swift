/// Many cubic Bézier curves in structure-of-arrays layout, for evaluation in bulk.
///
/// Component j ∈ {P₀x, P₀y, P₁x, P₁y, P₂x, P₂y, P₃x, P₃y} of curve i is stored at
/// `coordinates[j * count + i]`, so each component is one contiguous run — the layout SIMD
/// kernels over curves want.
public struct CubicBatch: Sendable {
    /// Number of curves.
    public let count: Int
    /// The eight component runs, each `count` long, in the order P₀x, P₀y, P₁x, P₁y, P₂x, P₂y,
    /// P₃x, P₃y.
    public private(set) var coordinates: [Double]

    public init<C: Collection>(_ curves: C) where C.Element == CubicBezier {
        let n = curves.count
        var storage = [Double](repeating: 0, count: 8 * n)
        for (i, c) in curves.enumerated() {
            storage[i] = c.p0.x; storage[n + i] = c.p0.y
            storage[2 * n + i] = c.p1.x; storage[3 * n + i] = c.p1.y
            storage[4 * n + i] = c.p2.x; storage[5 * n + i] = c.p2.y
            storage[6 * n + i] = c.p3.x; storage[7 * n + i] = c.p3.y
        }
        count = n
        coordinates = storage
    }

    /// Curve `i` as a value.
    public subscript(i: Int) -> CubicBezier {
        precondition(i >= 0 && i < count, "curve index \(i) out of range 0..<\(count)")
        let n = count
        return CubicBezier(Point(coordinates[i], coordinates[n + i]),
                           Point(coordinates[2 * n + i], coordinates[3 * n + i]),
                           Point(coordinates[4 * n + i], coordinates[5 * n + i]),
                           Point(coordinates[6 * n + i], coordinates[7 * n + i]))
    }

    /// Number of `Double`s `evaluate` writes for `parameterCount` values of t: 2·count·m.
    public func outputCount(parameterCount m: Int) -> Int { 2 * count * m }

    /// Evaluates every curve at every t of `parameters`, writing interleaved (x, y) pairs
    /// curve-major into `output`: curve i at parameters[j] goes to output[2(i·m + j)] and
    /// output[2(i·m + j) + 1], with m = parameters.count.
    ///
    /// Power basis by Horner's rule, B(t) = c₀ + t(c₁ + t(c₂ + t·c₃)) (see
    /// `CubicBezier.powerCoefficients`); no allocation. `output` must hold exactly
    /// `outputCount(parameterCount:)` values (a programmer error otherwise).
    public func evaluate(at parameters: UnsafeBufferPointer<Double>,
                         into output: UnsafeMutableBufferPointer<Double>) {
        let m = parameters.count
        precondition(output.count == outputCount(parameterCount: m),
                     "CubicBatch.evaluate: output holds \(output.count) values, needs \(outputCount(parameterCount: m))")
        let n = count
        coordinates.withUnsafeBufferPointer { c in
            for i in 0..<n {
                let x0 = c[i], y0 = c[n + i], x1 = c[2 * n + i], y1 = c[3 * n + i]
                let x2 = c[4 * n + i], y2 = c[5 * n + i], x3 = c[6 * n + i], y3 = c[7 * n + i]
                let ax = 3 * (x1 - x0), bx = 3 * (x2 - 2 * x1 + x0), cx = x3 - x0 + 3 * (x1 - x2)
                let ay = 3 * (y1 - y0), by = 3 * (y2 - 2 * y1 + y0), cy = y3 - y0 + 3 * (y1 - y2)
                var k = 2 * i * m
                for j in 0..<m {
                    let t = parameters[j]
                    output[k] = x0 + t * (ax + t * (bx + t * cx))
                    output[k + 1] = y0 + t * (ay + t * (by + t * cy))
                    k += 2
                }
            }
        }
    }

    /// Safe-array form of `evaluate(at:into:)`: `output` is resized only when its count differs,
    /// so a caller reusing one buffer allocates once.
    public func evaluate(at parameters: [Double], into output: inout [Double]) {
        let needed = outputCount(parameterCount: parameters.count)
        if output.count != needed { output = [Double](repeating: 0, count: needed) }
        parameters.withUnsafeBufferPointer { t in
            output.withUnsafeMutableBufferPointer { out in evaluate(at: t, into: out) }
        }
    }
}
