import Foundation
import Geometry
import _Numerics
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
            var curves = Workload(curves: n, samples: 2).curves
            if let path = options.curvesFile {
                guard let read = readWorkload(path), !read.isEmpty else {
                    FileHandle.standardError.write(Data("beztune-bench: cannot read the curves file \(path)\n".utf8))
                    exit(1)
                }
                curves = Array(read.prefix(n))
            }
            let checked = checkedSubset(count: curves.count, size: options.checkCurves)
            flatteningChecks = [:]
            let reference = workload == "flatten" && options.referenceCount
                ? referenceSegments(curves, tolerance: options.tolerance) : nil
            for threads in options.threads {
                switch workload {
                case "flatten": flatten(curves, checked, threads: threads, reference: reference, into: &results)
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

/// The flattening kernels: `adaptive-simd4` (the batch kernel, `Flattening.forEachFlattened`: one
/// reused workspace, SIMD across each curve's pieces, each polyline handed to the consumer, no
/// allocation per curve), `adaptive` (the per-curve API returning arrays, same polylines),
/// `wang-uniform` (Wang's uniform subdivision through `forEachFlattened`, the method of the shared
/// C reference). Each run's polylines for the checked curves (`--check-curves`, all of them when
/// it is at least the curve count) are measured two-sided (`measuredDeviation`).
func flatten(_ curves: [CubicBezier], _ checked: [Int], threads: Int, reference: Double?, into results: inout Results) {
    let names = ["adaptive-simd4", "adaptive", "wang-uniform"]
    for name in names where options.kernels == ["all"] || options.kernels.contains(name) {
        let f = Flattening(tolerance: options.tolerance, method: name == "wang-uniform" ? .uniformWang : .adaptive)
        var segments = 0.0
        let seconds: Measurement
        if name != "adaptive" {
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
        // The polylines of the checked curves, from the same code path as timed; measured once per
        // kernel (the thread count splits the curves into blocks, it does not change a polyline).
        let m: (worst: Double, over: Int, checked: Int)
        if let known = flatteningChecks[name] {
            m = known
        } else {
            var polylines = [[Point]](repeating: [], count: curves.count)
            let wanted = Set(checked)
            if name != "adaptive" {
                f.forEachFlattened(curves) { v in if wanted.contains(v.index) { polylines[v.index] = Array(v.points) } }
            } else {
                for i in checked { polylines[i] = f.flatten(curves[i]).points }
            }
            var measured = measurePolylines(checked.map { (curves[$0], polylines[$0]) }, tolerance: options.tolerance)
            var checkedCount = checked.count
            if options.checkAll {
                // Every curve, piece by piece (each piece against its own chord, the guaranteed quantity).
                let all = measurePieces(curves, f)
                measured.worst = max(measured.worst, all.worst)
                measured.over = max(measured.over, all.over)
                checkedCount = curves.count
            }
            m = (measured.worst, measured.over, checkedCount)
            flatteningChecks[name] = m
        }
        results.add(workload: "flatten" + (options.label.map { "-" + $0 } ?? ""), kernel: name, precision: "double",
                    threads: threads, curves: curves.count, samples: 0,
                    seconds: seconds, points: segments + Double(curves.count), bytesPerPoint: 16,
                    perCurve: (segments / Double(curves.count), m.worst, m.over, m.checked),
                    referenceSegments: reference)
    }
}

/// The flattening checks of the current workload by kernel (`flatten` measures each kernel once).
nonisolated(unsafe) var flatteningChecks: [String: (worst: Double, over: Int, checked: Int)] = [:]

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

/// The reference segment count, summed over `curves` (mean per curve returned): per
/// inflection-free piece (the curve split at the roots of B′ × B″ in (0, 1)), greedy furthest
/// reach — from each vertex the farthest parameter (bisection, 48 steps) whose sub-curve has
/// `ChordDeviation.bound` ≤ tolerance. For a predicate that holds on every sub-interval of an
/// interval where it holds, greedy furthest reach is the fewest pieces; so this is the fewest
/// segments among polylines with a vertex at every inflection whose pieces the certified bound
/// accepts — an upper bound of the true optimum (which need not put vertices at inflections and
/// is judged by the true distance, ≤ the bound). Computed, not timed; on all cores.
func referenceSegments(_ curves: [CubicBezier], tolerance: Double) -> Double {
    let total = sumOverCurves(curves.count, threads: ProcessInfo.processInfo.activeProcessorCount) { i in
        Double(referenceSegmentCount(curves[i], tolerance: tolerance))
    }
    return total / Double(max(1, curves.count))
}

/// `referenceSegments` for one curve.
func referenceSegmentCount(_ c: CubicBezier, tolerance: Double) -> Int {
    // With the differences d₁, d₂, d₃ of the control points, e₁ = d₂ − d₁ and f = d₃ − 2d₂ + d₁:
    // B′/3 = d₁ + 2t·e₁ + t²·f and B″/6 = e₁ + t·f, so
    // (B′ × B″)/18 = d₁ × e₁ + t·(d₁ × f) + t²·(e₁ × f).
    let d1 = c.p1 - c.p0, d2 = c.p2 - c.p1, d3 = c.p3 - c.p2
    let e1 = d2 - d1, f = (d3 - d2) - e1
    let roots = QuadraticRoots(a: e1.cross(f), b: d1.cross(f), c: d1.cross(e1))
    var breaks: [Double] = [0]
    for t in [roots.first, roots.second].prefix(roots.count).sorted() where t > 0 && t < 1 { breaks.append(t) }
    breaks.append(1)
    var count = 0
    for k in 0..<(breaks.count - 1) {
        var t = breaks[k]
        let end = breaks[k + 1]
        while t < end {
            count += 1
            if ChordDeviation.bound(c.subsegment(from: t, to: end)) <= tolerance { break }
            var lo = t, hi = end
            for _ in 0..<48 {
                let mid = 0.5 * (lo + hi)
                if ChordDeviation.bound(c.subsegment(from: t, to: mid)) <= tolerance { lo = mid } else { hi = mid }
            }
            guard lo > t else { return Int.max / 4 }  // cannot happen for a finite curve
            t = lo
        }
    }
    return count
}

/// Every curve's polyline from `forEachFlattened` measured piece by piece: the largest distance
/// from B([tₖ, tₖ₊₁]) to its chord (`PolylineDeviation.measurePiecewise`, 16 samples per piece
/// refined by golden-section search), the quantity the flattening guarantees, which is never
/// below the curve's distance to the whole polyline; the largest value and how many curves exceed
/// the tolerance. On all cores.
func measurePieces(_ curves: [CubicBezier], _ f: Flattening) -> (worst: Double, over: Int) {
    let n = curves.count
    let blocks = max(1, min(n, ProcessInfo.processInfo.activeProcessorCount))
    let worst = UnsafeMutableBufferPointer<Double>.allocate(capacity: blocks), over = UnsafeMutableBufferPointer<Int>.allocate(capacity: blocks)
    defer { worst.deallocate(); over.deallocate() }
    let w = UnsafeShared(value: worst), o = UnsafeShared(value: over)
    DispatchQueue.concurrentPerform(iterations: blocks) { b in
        var largest = 0.0, count = 0
        let lo = b * n / blocks, hi = (b + 1) * n / blocks
        f.forEachFlattened(curves[lo..<hi], withParameters: true) { v in
            let d = PolylineDeviation.measurePiecewise(curves[v.index], parameters: Array(v.parameters),
                                                       points: Array(v.points)).deviation
            if !(d <= largest) { largest = d }
            if !(d <= f.tolerance) { count += 1 }
        }
        w.value[b] = largest
        o.value[b] = count
    }
    return (worst.max() ?? 0, over.reduce(0, +))
}
