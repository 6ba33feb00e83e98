import Foundation
import Geometry
import _Support

/// The curve-algorithm workloads on the common random cubics: flattening (segments per curve and
/// the measured deviation), arc length (checked against a high-accuracy run) and nearest point
/// (random query points, checked against dense sampling refined by Newton).
///
/// Correctness is measured on a declared random subset (`--check-curves`, default 2000, seeded)
/// of the curves, after timing, and reported with the rates.
func runGeometryWorkloads(into results: inout Results) {
    for workload in options.workloads where ["flatten", "arclength", "nearest"].contains(workload) {
        for n in options.curves {
            let curves = Workload(curves: n, samples: 2).curves
            let checked = checkedSubset(count: n, size: options.checkCurves)
            for threads in options.threads {
                switch workload {
                case "flatten": flatten(curves, checked, threads: threads, into: &results)
                case "arclength": arcLength(curves, checked, threads: threads, into: &results)
                default: nearest(curves, checked, threads: threads, into: &results)
                }
            }
        }
    }
}

/// One query point per curve, uniform in [0, 100)², from the same seeded generator family.
func nearestQueries(count: Int) -> [Point] { Workload(curves: count, samples: 2, seed: 7).curves.map(\.p0) }

/// `size` distinct curve indices chosen by a seeded shuffle (all of them when size ≥ count).
func checkedSubset(count: Int, size: Int) -> [Int] {
    var generator = SplitMix64(seed: 0xC0FFEE)
    var indices = Array(0..<count)
    if size >= count { return indices }
    for i in 0..<size {  // partial Fisher–Yates
        let j = i + Int(generator.next() % UInt64(count - i))
        indices.swapAt(i, j)
    }
    return Array(indices[0..<size]).sorted()
}

/// Runs `body(i)` for every curve index, split in contiguous blocks over `threads`, and returns
/// the per-block sums of its result (deterministic: blocks depend only on the counts).
func sumOverCurves(_ n: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Double) -> Double {
    ConcurrentChunks.map(count: n, chunks: threads) { range in
        var s = 0.0
        for i in range { s += body(i) }
        return s
    }.reduce(0, +)
}

/// The flattening kernels: `adaptive-simd4` (the batch kernel, `Flattening.forEachFlattened`, four
/// curves per SIMD lane group, no allocation per curve), `adaptive` (the per-curve API returning
/// arrays, same polylines), `wang-uniform` (the baseline). Each run's polylines for the checked
/// subset are measured two-sided (`measuredDeviation`).
func flatten(_ curves: [CubicBezier], _ checked: [Int], threads: Int, into results: inout Results) {
    let names = ["adaptive-simd4", "adaptive", "wang-uniform"]
    for name in names where options.kernels == ["all"] || options.kernels.contains(name) {
        let f = Flattening(tolerance: options.tolerance, method: name == "wang-uniform" ? .uniformWang : .adaptive)
        var segments = 0.0
        let seconds: Measurement
        if name == "adaptive-simd4" {
            seconds = Measurement(repeats: options.repeats) {
                segments = sumOverBlocks(curves.count, threads: threads) { lo, hi in
                    var n = 0
                    f.forEachFlattened(curves[lo..<hi]) { n += $0.segmentCount }
                    return Double(n)
                }
            }
        } else {
            seconds = Measurement(repeats: options.repeats) {
                segments = sumOverCurves(curves.count, threads: threads) { i in Double(f.flatten(curves[i]).segmentCount) }
            }
        }
        // The polylines of the checked curves, from the same code path as timed.
        var polylines = [[Point]](repeating: [], count: curves.count)
        let wanted = Set(checked)
        if name == "adaptive-simd4" {
            f.forEachFlattened(curves) { v in if wanted.contains(v.index) { polylines[v.index] = Array(v.points) } }
        } else {
            for i in checked { polylines[i] = f.flatten(curves[i]).points }
        }
        let m = measurePolylines(checked.map { (curves[$0], polylines[$0]) }, tolerance: options.tolerance)
        results.add(workload: "flatten", kernel: name, precision: "double", threads: threads, curves: curves.count, samples: 0,
                    seconds: seconds, points: segments + Double(curves.count), bytesPerPoint: 16,
                    perCurve: (segments / Double(curves.count), m.worst, m.over, checked.count))
    }
}

/// Like `sumOverCurves`, but the body gets each block's whole index range.
func sumOverBlocks(_ n: Int, threads: Int, _ body: @escaping @Sendable (Int, Int) -> Double) -> Double {
    ConcurrentChunks.map(count: n, chunks: threads) { range in body(range.lowerBound, range.upperBound) }.reduce(0, +)
}

func arcLength(_ curves: [CubicBezier], _ checked: [Int], threads: Int, into results: inout Results) {
    let integrator = AdaptiveArcLength(accuracy: options.accuracy)
    let seconds = Measurement(repeats: options.repeats) {
        _ = sumOverCurves(curves.count, threads: threads) { i in integrator.length(of: curves[i]).length }
    }
    // Against a run 10⁴ times more accurate (floored at 1e-13): the error of each checked length.
    let reference = AdaptiveArcLength(accuracy: max(1e-13, options.accuracy * 1e-4))
    var worst = 0.0, over = 0
    for i in checked {
        let e = abs(integrator.length(of: curves[i]).length - reference.length(of: curves[i]).length)
        worst = max(worst, e)
        if e > options.accuracy { over += 1 }
    }
    results.add(workload: "arclength", kernel: "adaptive-gauss-legendre", precision: "double", threads: threads,
                curves: curves.count, samples: 0, seconds: seconds, points: Double(curves.count), bytesPerPoint: 8,
                perCurve: (0, worst, over, checked.count))
}

func nearest(_ curves: [CubicBezier], _ checked: [Int], threads: Int, into results: inout Results) {
    let queries = nearestQueries(count: curves.count)
    let seconds = Measurement(repeats: options.repeats) {
        _ = sumOverCurves(curves.count, threads: threads) { i in curves[i].nearestPoint(to: queries[i]).distance }
    }
    var worst = 0.0, over = 0
    for i in checked {
        let reference = nearestReference(curves[i], queries[i])
        let excess = curves[i].nearestPoint(to: queries[i]).distance - reference  // > 0: a farther answer
        worst = max(worst, excess)
        if excess > 1e-12 * max(1, reference) { over += 1 }
    }
    results.add(workload: "nearest", kernel: "bernstein-global", precision: "double", threads: threads,
                curves: curves.count, samples: 0, seconds: seconds, points: Double(curves.count), bytesPerPoint: 8,
                perCurve: (0, worst, over, checked.count))
}

/// The reference nearest distance for the check: the best of 10,001 uniform samples, refined by
/// Newton on (B − q)·B′ = 0 — independent of the global method it checks.
func nearestReference(_ c: CubicBezier, _ q: Point) -> Double {
    var bestT = 0.0, best = Double.infinity
    for k in 0...10_000 {
        let t = Double(k) / 10_000
        let d = (c.point(at: t) - q).lengthSquared
        if d < best { (best, bestT) = (d, t) }
    }
    var t = bestT
    for _ in 0..<20 {
        let p = c.point(at: t) - q, d1 = c.derivative(at: t), d2 = c.secondDerivative(at: t)
        let g = p.dot(d1), h = d1.dot(d1) + p.dot(d2)
        guard h > 0 else { break }
        t = min(1, max(0, t - g / h))
    }
    return min(best.squareRoot(), (c.point(at: t) - q).length)
}
