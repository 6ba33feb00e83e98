import Geometry
import Testing
import _TestSupport

@Suite("CubicBatch")
struct CubicBatchTests {
    /// Random curves of mixed scale plus the awkward families, and parameters with an odd count.
    func workload(seed: UInt64) -> (CubicBatch, [CubicBezier], [Double]) {
        var rng = SplitMix64(seed: seed)
        let curves = (0..<1500).map { _ in rng.cubic(scale: Double.random(in: 1...1e4, using: &rng)) }
            + [CubicBezier(Point(1e300, -1e300), Point(-1e300, 1e300), Point(1e300, 1e300), Point(0, 0)),
               CubicBezier(.zero, .zero, .zero, .zero)]
        let ts = (0..<17).map { Double($0) / 16 } + [0.3333, 1e-9, 1 - 1e-12]
        return (CubicBatch(curves), curves, ts)
    }

    /// How many output points differ from de Casteljau by more than 16·ε·max|Pᵢ|.
    func disagreements(_ out: [Double], _ curves: [CubicBezier], _ ts: [Double], epsilon: Double) -> Int {
        var failures = 0
        for (i, c) in curves.enumerated() {
            for (j, t) in ts.enumerated() {
                let k = 2 * (i * ts.count + j)
                let p = c.deCasteljauPoint(at: t)
                if maxDifference(Point(out[k], out[k + 1]), p) > 16 * epsilon * c.magnitude { failures += 1 }
            }
        }
        return failures
    }

    func expectAgreement(_ out: [Double], _ curves: [CubicBezier], _ ts: [Double], epsilon: Double,
                         _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let failures = disagreements(out, curves, ts, epsilon: epsilon)
        #expect(failures == 0, "\(label): \(failures) points beyond 16·ε·max|P|", sourceLocation: sourceLocation)
    }

    @Test("every Double kernel, 1 and 2 threads, agrees with scalar de Casteljau within 16·ε·max|Pᵢ|",
          arguments: CubicEvaluationKernel.allCases)
    func kernelsAgree(kernel: CubicEvaluationKernel) {
        let (batch, curves, ts) = workload(seed: 31)
        for threads in [1, 2] {
            var out: [Double] = []
            batch.evaluate(at: ts, into: &out, kernel: kernel, threads: threads)
            #expect(out.count == batch.outputCount(parameterCount: ts.count))
            expectAgreement(out, curves, ts, epsilon: Double.ulpOfOne, "\(kernel) × \(threads)")
        }
        #expect(batch[7] == curves[7])
    }

    @Test("streaming stores into an aligned buffer with an even count of parameters")
    func streamingAligned() {
        let (batch, curves, ts0) = workload(seed: 32)
        let ts = Array(ts0.prefix(16))
        let n = batch.outputCount(parameterCount: ts.count)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: n * 8, alignment: 64)
        defer { raw.deallocate() }
        let out = UnsafeMutableBufferPointer(start: raw.bindMemory(to: Double.self, capacity: n), count: n)
        out.initialize(repeating: .nan)
        ts.withUnsafeBufferPointer { batch.evaluate(at: $0, into: out, kernel: .simdStreaming, threads: 2) }
        expectAgreement(Array(out), curves, ts, epsilon: Double.ulpOfOne, "streaming")
    }

    @Test("Float kernels agree with de Casteljau in Double within 16·ε_Float·max|Pᵢ|")
    func floatKernel() {
        var rng = SplitMix64(seed: 33)
        let curves = (0..<1000).map { _ in rng.cubic(scale: Double.random(in: 1...1e4, using: &rng)) }
        let batch = CubicBatch(curves)
        for ts in [(0..<16).map { Double($0) / 15 }, [0, 0.1, 0.5, 0.77, 1]] {
            let tf = ts.map(Float.init)
            let n = batch.outputCount(parameterCount: ts.count)
            let raw = UnsafeMutableRawPointer.allocate(byteCount: n * 4, alignment: 64)
            defer { raw.deallocate() }
            let out = UnsafeMutableBufferPointer(start: raw.bindMemory(to: Float.self, capacity: n), count: n)
            for streaming in [false, true] {
                out.initialize(repeating: .nan)
                tf.withUnsafeBufferPointer { batch.evaluate(at: $0, into: out, streaming: streaming, threads: 2) }
                // The parameters themselves round to Float: compare at the rounded t.
                expectAgreement(out.map(Double.init), curves, tf.map(Double.init), epsilon: Double(Float.ulpOfOne),
                                "float, streaming \(streaming)")
            }
        }
    }

    @Test("a planted error is caught by the agreement check")
    func checkCanFail() {
        let (batch, curves, ts) = workload(seed: 34)
        var out: [Double] = []
        batch.evaluate(at: ts, into: &out, kernel: .simd)
        #expect(disagreements(out, curves, ts, epsilon: Double.ulpOfOne) == 0)
        out[2 * (5 * ts.count + 3)] += 1e-9 * max(1, curves[5].magnitude)
        #expect(disagreements(out, curves, ts, epsilon: Double.ulpOfOne) == 1)
    }

    @Test("an empty batch writes nothing")
    func empty() {
        var out = [1.0]
        CubicBatch([CubicBezier]()).evaluate(at: [0.5], into: &out)
        #expect(out.isEmpty)
    }
}
