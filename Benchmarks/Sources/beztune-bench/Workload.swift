import Foundation
import Geometry
import _Support

/// The common benchmark workload: `curves` random cubics with control points uniform in
/// [0, 100)², from SplitMix64 with a fixed seed, evaluated at `samples` uniform t = j/(m − 1).
struct Workload {
    let curves: [CubicBezier]
    let samples: [Double]

    init(curves n: Int, samples m: Int, seed: UInt64 = 20261130) {
        var generator = SplitMix64(seed: seed)
        func next() -> Double { generator.unit() }
        var curves: [CubicBezier] = []
        curves.reserveCapacity(n)
        for _ in 0..<n {
            var p: [Point] = []
            for _ in 0..<4 { p.append(Point(100 * next(), 100 * next())) }
            curves.append(CubicBezier(p[0], p[1], p[2], p[3]))
        }
        self.curves = curves
        samples = m == 1 ? [0] : (0..<m).map { Double($0) / Double(m - 1) }
    }

    /// The workload as a binary file peers read: little-endian Float64, curve-major, 8 values
    /// per curve (x0 y0 x1 y1 x2 y2 x3 y3). The sample count is passed to peers separately.
    var fileData: Data {
        var values: [Double] = []
        values.reserveCapacity(8 * curves.count)
        for c in curves { values += [c.p0.x, c.p0.y, c.p1.x, c.p1.y, c.p2.x, c.p2.y, c.p3.x, c.p3.y] }
        return values.withUnsafeBytes { Data($0) }
    }
}
