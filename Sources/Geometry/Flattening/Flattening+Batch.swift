import _Support

/// One curve's polyline as `Flattening.forEachFlattened` hands it to its body: the buffers are
/// the kernel's workspace, reused for later curves, and valid only during the call (copy what
/// you keep).
public struct FlattenedCurveView {
    /// The curve's index in the collection flattened.
    public let index: Int
    /// The vertices B(tₖ), the ends P₀ and P₃ exactly.
    public let points: UnsafeBufferPointer<Point>
    /// The parameters tₖ (t₀ = 0 < … < tₙ = 1) when `withParameters` was requested; else empty.
    public let parameters: UnsafeBufferPointer<Double>
    public let status: FlattenedCurve.Status
    /// As `FlattenedCurve.deviationBound`.
    public let deviationBound: Double

    /// Number of line segments, points.count − 1.
    public var segmentCount: Int { points.count - 1 }
}

/// Many curves flattened at once (`Flattening.flatten(_:threads:)`), in curve order: curve i's
/// vertices are `points[offsets[i] ..< offsets[i + 1]]`.
public struct FlattenedBatch: Sendable, Equatable {
    public var points: [Point]
    /// count + 1 offsets into `points`, starting at 0.
    public var offsets: [Int]
    public var statuses: [FlattenedCurve.Status]
    public var deviationBounds: [Double]

    /// Number of curves.
    public var count: Int { statuses.count }
    /// Curve i's vertices.
    public subscript(i: Int) -> ArraySlice<Point> { points[offsets[i]..<offsets[i + 1]] }
    /// Total line segments over all curves.
    public var segmentCount: Int { points.count - count }
}

extension Flattening {
    /// Flattens `curves` with `FlatteningKernel`, one curve after another into one reused
    /// workspace (SIMD across each curve's pieces), with the same arithmetic as
    /// `flatten(_: CubicBezier)`, so the same polylines. Calls `body` once per curve, in index
    /// order, with its index. No allocation per curve (the uniform method and the kernel's
    /// fallbacks run in the same workspace), except when a curve needs more room than any before
    /// it (the workspace grows).
    public func forEachFlattened(_ curves: ArraySlice<CubicBezier>, withParameters: Bool = false,
                                 _ body: (FlattenedCurveView) -> Void) {
        curves.withUnsafeBufferPointer { buffer in
            let base = curves.startIndex
            forEach(BufferCurveSource(buffer: buffer), withParameters: withParameters) { view in
                body(FlattenedCurveView(index: base + view.index, points: view.points, parameters: view.parameters,
                                        status: view.status, deviationBound: view.deviationBound))
            }
        }
    }

    /// `forEachFlattened` over a whole array.
    public func forEachFlattened(_ curves: [CubicBezier], withParameters: Bool = false,
                                 _ body: (FlattenedCurveView) -> Void) {
        forEachFlattened(curves[...], withParameters: withParameters, body)
    }

    /// `forEachFlattened` over the curves `range` of a structure-of-arrays batch.
    public func forEachFlattened(_ batch: CubicBatch, range: Range<Int>? = nil, withParameters: Bool = false,
                                 _ body: (FlattenedCurveView) -> Void) {
        let r = range ?? 0..<batch.count
        precondition(r.lowerBound >= 0 && r.upperBound <= batch.count, "forEachFlattened: range out of bounds")
        batch.coordinates.withUnsafeBufferPointer { c in
            let source = BatchCurveSource(coordinates: c, total: batch.count, lower: r.lowerBound, count: r.count)
            forEach(source, withParameters: withParameters) { view in
                body(FlattenedCurveView(index: r.lowerBound + view.index, points: view.points, parameters: view.parameters,
                                        status: view.status, deviationBound: view.deviationBound))
            }
        }
    }

    /// Every curve flattened, collected in curve order; `threads` cores share contiguous blocks
    /// of curves (the result does not depend on the thread count).
    public func flatten(_ curves: [CubicBezier], withParameters: Bool = false, threads: Int = 1) -> FlattenedBatch {
        precondition(threads >= 1, "Flattening.flatten: threads must be at least 1")
        let n = curves.count
        let parts = ConcurrentChunks.map(count: n, chunks: threads) { block -> FlattenedBatch in
            let (lo, hi) = (block.lowerBound, block.upperBound)
            var points: [Point] = []
            points.reserveCapacity(64 * (hi - lo))
            var starts = [Int](repeating: 0, count: hi - lo), counts = starts
            var statuses = [FlattenedCurve.Status](repeating: .guaranteed, count: hi - lo)
            var bounds = [Double](repeating: 0, count: hi - lo)
            self.forEachFlattened(curves[lo..<hi]) { v in
                let j = v.index - lo
                starts[j] = points.count
                counts[j] = v.points.count
                statuses[j] = v.status
                bounds[j] = v.deviationBound
                points.append(contentsOf: v.points)
            }
            var ordered: [Point] = []
            ordered.reserveCapacity(points.count)
            var offsets = [0]
            offsets.reserveCapacity(hi - lo + 1)
            for j in 0..<(hi - lo) {
                ordered.append(contentsOf: points[starts[j]..<(starts[j] + counts[j])])
                offsets.append(ordered.count)
            }
            return FlattenedBatch(points: ordered, offsets: offsets, statuses: statuses, deviationBounds: bounds)
        }
        var result = FlattenedBatch(points: [], offsets: [0], statuses: [], deviationBounds: [])
        for part in parts {
            let base = result.points.count
            result.points += part.points
            result.offsets += part.offsets.dropFirst().map { $0 + base }
            result.statuses += part.statuses
            result.deviationBounds += part.deviationBounds
        }
        return result
    }

    /// The driver: curves 0..<count from `source`, each through the workspace (`run`), delivered
    /// to `body` in index order.
    @inline(__always)
    func forEach<Source: FlatteningCurveSource>(_ source: Source, withParameters: Bool,
                                                _ body: (FlattenedCurveView) -> Void) {
        guard source.count > 0 else { return }
        var kernel = FlatteningKernel()
        defer { kernel.deallocate() }
        for i in 0..<source.count {
            let c = source.curve(i)
            guard c.p0.isFinite, c.p1.isFinite, c.p2.isFinite, c.p3.isFinite else {
                deliver(i, chord(c), withParameters: withParameters, body)
                continue
            }
            let r = run(c, scaled(c), &kernel, storeParameters: withParameters)
            UnsafeRawPointer(kernel.vertices).withMemoryRebound(to: Point.self, capacity: r.count) { p in
                body(FlattenedCurveView(index: i, points: UnsafeBufferPointer(start: p, count: r.count),
                                        parameters: UnsafeBufferPointer(start: kernel.parameters, count: withParameters ? r.count : 0),
                                        status: r.status, deviationBound: r.bound))
            }
        }
    }

    /// A curve's arrays as a view.
    func deliver(_ i: Int, _ r: FlattenedCurve, withParameters: Bool, _ body: (FlattenedCurveView) -> Void) {
        r.points.withUnsafeBufferPointer { p in
            r.parameters.withUnsafeBufferPointer { t in
                body(FlattenedCurveView(index: i, points: p,
                                        parameters: UnsafeBufferPointer(start: t.baseAddress, count: withParameters ? t.count : 0),
                                        status: r.status, deviationBound: r.deviationBound))
            }
        }
    }
}

/// Curves by index, for `forEach`.
protocol FlatteningCurveSource {
    var count: Int { get }
    func curve(_ i: Int) -> CubicBezier
}

/// An array's (or slice's) storage.
struct BufferCurveSource: FlatteningCurveSource {
    let buffer: UnsafeBufferPointer<CubicBezier>
    var count: Int { buffer.count }
    @inline(__always) func curve(_ i: Int) -> CubicBezier { buffer[i] }
}

/// Curves `lower ..< lower + count` of a `CubicBatch`'s component runs.
struct BatchCurveSource: FlatteningCurveSource {
    let coordinates: UnsafeBufferPointer<Double>
    let total: Int, lower: Int, count: Int
    @inline(__always) func curve(_ j: Int) -> CubicBezier {
        let c = coordinates, n = total, i = lower + j
        return CubicBezier(Point(c[i], c[n + i]), Point(c[2 * n + i], c[3 * n + i]),
                           Point(c[4 * n + i], c[5 * n + i]), Point(c[6 * n + i], c[7 * n + i]))
    }
}
