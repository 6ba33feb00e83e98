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
    /// `kernel` chooses the method (see `CubicEvaluationKernel`; all agree with de Casteljau
    /// within 16·ε·max|Pᵢ|), `threads` how many cores share the curves (contiguous blocks of
    /// curves per thread, so the output does not depend on the thread count). No heap
    /// allocation. `output` must hold exactly `outputCount(parameterCount:)` values and
    /// `threads` must be ≥ 1 (programmer errors otherwise).
    ///
    /// Threads pay off only for large batches: on Linux, `DispatchQueue.concurrentPerform`
    /// takes about 1–2 ms to bring a second worker in (measured on this project's machine:
    /// Benchmarks/README.md), which is the time of several million points here.
    public func evaluate(at parameters: UnsafeBufferPointer<Double>,
                         into output: UnsafeMutableBufferPointer<Double>,
                         kernel: CubicEvaluationKernel = .simd, threads: Int = 1) {
        checkEvaluation(parameterCount: parameters.count, outputSize: output.count, threads: threads)
        coordinates.withUnsafeBufferPointer { c in
            let job = CubicEvaluationJob(coordinates: c, count: count, parameters: parameters, output: output)
            job.run(kernel: kernel, threads: threads)
        }
    }

    /// Single-precision evaluation (`SIMD8<Float>`, four points per vector): the coefficients are
    /// formed in Double and rounded to Float, the polynomial evaluated in Float. Agrees with
    /// de Casteljau in Double within 16·ε_Float·max|Pᵢ|. Same layout and rules as the Double form.
    public func evaluate(at parameters: UnsafeBufferPointer<Float>,
                         into output: UnsafeMutableBufferPointer<Float>,
                         streaming: Bool = false, threads: Int = 1) {
        checkEvaluation(parameterCount: parameters.count, outputSize: output.count, threads: threads)
        coordinates.withUnsafeBufferPointer { c in
            let job = CubicEvaluationJobFloat(coordinates: c, count: count, parameters: parameters, output: output)
            job.run(streaming: streaming, threads: threads)
        }
    }

    /// The programmer errors of both `evaluate` forms: an output of the wrong size, fewer than one
    /// thread.
    private func checkEvaluation(parameterCount m: Int, outputSize: Int, threads: Int) {
        precondition(outputSize == outputCount(parameterCount: m),
                     "CubicBatch.evaluate: output holds \(outputSize) values, needs \(outputCount(parameterCount: m))")
        precondition(threads >= 1, "CubicBatch.evaluate: threads must be at least 1")
    }

    /// Safe-array form of `evaluate(at:into:kernel:threads:)`: `output` is resized only when its
    /// count differs, so a caller reusing one buffer allocates once.
    public func evaluate(at parameters: [Double], into output: inout [Double],
                         kernel: CubicEvaluationKernel = .simd, threads: Int = 1) {
        let needed = outputCount(parameterCount: parameters.count)
        if output.count != needed { output = [Double](repeating: 0, count: needed) }
        parameters.withUnsafeBufferPointer { t in
            output.withUnsafeMutableBufferPointer { out in
                evaluate(at: t, into: out, kernel: kernel, threads: threads)
            }
        }
    }
}
