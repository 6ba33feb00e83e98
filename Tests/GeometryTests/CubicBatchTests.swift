import Geometry
import Testing
import _TestSupport

@Suite("CubicBatch")
struct CubicBatchTests {
    @Test("batch evaluation agrees with scalar de Casteljau within 16·ε·max|Pᵢ|")
    func agreesWithScalar() {
        var rng = SplitMix64(seed: 31)
        let curves = (0..<2000).map { _ in rng.cubic(scale: Double.random(in: 1...1e4, using: &rng)) }
        let batch = CubicBatch(curves)
        let ts = (0..<17).map { Double($0) / 16 } + [0.3333, 1e-9]
        var out: [Double] = []
        batch.evaluate(at: ts, into: &out)
        #expect(out.count == batch.outputCount(parameterCount: ts.count))
        for (i, c) in curves.enumerated() {
            #expect(batch[i] == c)
            for (j, t) in ts.enumerated() {
                let k = 2 * (i * ts.count + j)
                let p = c.deCasteljauPoint(at: t)
                #expect(maxDifference(Point(out[k], out[k + 1]), p) <= 16 * Double.ulpOfOne * c.magnitude)
            }
        }
    }

    @Test("an empty batch writes nothing")
    func empty() {
        var out = [1.0]
        CubicBatch([CubicBezier]()).evaluate(at: [0.5], into: &out)
        #expect(out.isEmpty)
    }
}
