import _Support

/// One curve's polyline as `Flattening.forEachFlattened` hands it to its body: the buffers are
/// the kernel's lane buffers, reused for later curves, and valid only during the call (copy what
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
    /// Lane capacity (vertex slots per SIMD lane) of the batch kernel; the curves that could need
    /// more (Wang count above ≈ 710) are run together at the end in lanes of their size.
    static let batchCapacity = 1024

    /// Flattens `curves` with `FlatteningKernel` — eight curves in flight, two groups of four
    /// `SIMD4<Double>` lanes, each lane stepping its own curve — with the same arithmetic as
    /// `flatten(_: CubicBezier)`, so the same polylines. Calls `body` once per curve as soon as it
    /// is done — *completion order*, not index order; each view carries its index. No allocation
    /// per curve, except for the rare curves not handled by the kernel (non-finite,
    /// segment-limited, one Wang segment, the Wang fallback) and with `.uniformWang`, whose
    /// results are built as arrays; curves needing more room than the lanes have are run together
    /// at the end.
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

    /// The driver: curves 0..<count from `source`, each prepared (`prepare`), the kernel's ones
    /// run eight at a time, the rest delivered directly; the curves that need more lane slots than
    /// `batchCapacity` (Wang count above ≈ 710) are deferred and run together at the end in lanes
    /// of their size. `capacity` (at most `batchCapacity`) sizes the lanes; curves needing more
    /// are deferred.
    @inline(__always)
    func forEach<Source: FlatteningCurveSource>(_ source: Source, withParameters: Bool,
                                                capacity: Int = Flattening.batchCapacity,
                                                _ body: (FlattenedCurveView) -> Void) {
        guard source.count > 0 else { return }
        withoutActuallyEscaping(body) { body in
            var driver = BatchDriver(flattening: self, source: source, withParameters: withParameters,
                                     capacity: capacity, body: body)
            let kernel = FlatteningKernel(capacity: capacity, storeParameters: withParameters)
            kernel.run(&driver)
            kernel.deallocate()
            // The curves that need more room than the lanes have, together, in lanes of their size.
            if !driver.deferred.isEmpty {
                let large = FlatteningKernel(capacity: FlatteningKernel.slots(wang: driver.deferredWang),
                                             storeParameters: withParameters)
                driver.restart(with: driver.deferred)
                large.run(&driver)
                large.deallocate()
            }
            driver.deallocate()
        }
    }
}

/// Curves by index, for `BatchDriver`.
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

/// The kernel driver for many curves: prepares them in runs of `stageSize` (independent curves
/// back to back, so their divisions and square roots overlap), hands the kernel's ones out and
/// delivers every result to the body. The kernel's id for a curve is its index times 2, plus 1
/// when its status is `.roundingLimited`.
struct BatchDriver<Source: FlatteningCurveSource>: FlatteningDriver {
    static var stageSize: Int { 32 }
    let flattening: Flattening
    let source: Source
    let withParameters: Bool
    let body: (FlattenedCurveView) -> Void
    var largestWang: Double
    var index = 0
    /// When set, the curves to visit instead of 0..<source.count.
    var order: [Int]? = nil
    /// Curves too large for the lanes, and their largest Wang count.
    var deferred: [Int] = []
    var deferredWang = 0.0
    let stage: UnsafeMutablePointer<FlatteningKernel.Prepared>
    var staged = 0, taken = 0

    init(flattening: Flattening, source: Source, withParameters: Bool, capacity: Int,
         body: @escaping (FlattenedCurveView) -> Void) {
        (self.flattening, self.source, self.withParameters, self.body) = (flattening, source, withParameters, body)
        largestWang = FlatteningKernel.largestWang(capacity: capacity)
        stage = .allocate(capacity: BatchDriver.stageSize)
    }

    func deallocate() { stage.deallocate() }

    /// Visits `indices` next, with no size limit.
    mutating func restart(with indices: [Int]) {
        order = indices
        deferred = []
        index = 0
        largestWang = .infinity
    }

    func deliver(_ i: Int, _ r: FlattenedCurve) {
        r.points.withUnsafeBufferPointer { p in
            r.parameters.withUnsafeBufferPointer { t in
                body(FlattenedCurveView(index: i, points: p,
                                        parameters: UnsafeBufferPointer(start: t.baseAddress, count: withParameters ? t.count : 0),
                                        status: r.status, deviationBound: r.deviationBound))
            }
        }
    }

    mutating func next() -> UnsafePointer<FlatteningKernel.Prepared>? {
        if taken == staged {
            staged = 0
            taken = 0
            let end = order?.count ?? source.count
            while staged < BatchDriver.stageSize && index < end {
                let i = order?[index] ?? index
                index += 1
                let c = source.curve(i)
                if let (p, status) = flattening.prepare(c, id: 2 * i) {
                    if p.wang <= largestWang {
                        (stage + staged).initialize(to: p)
                        if status == .roundingLimited { stage[staged].id += 1 }
                        staged += 1
                    } else {
                        deferred.append(i)
                        deferredWang = Swift.max(deferredWang, p.wang)
                    }
                } else {
                    deliver(i, flattening.flattenDirectly(c))
                }
            }
            if staged == 0 { return nil }
        }
        taken += 1
        return UnsafePointer(stage + (taken - 1))
    }

    func finish(id: Int, vertices: UnsafePointer<Double>, parameters: UnsafePointer<Double>, count n: Int,
                outcome: FlatteningKernel.Outcome) {
        let i = id >> 1
        switch outcome {
        case .certified(let bound, let scale):
            // The ends exactly P₀ and P₃ (the kernel's P₀·s⁻¹·s is not P₀ when a coordinate is
            // subnormal, whose low bits the scaling by s⁻¹ drops).
            let c = source.curve(i), v = UnsafeMutablePointer(mutating: vertices)
            (v[0], v[1], v[2 * n - 2], v[2 * n - 1]) = (c.p0.x, c.p0.y, c.p3.x, c.p3.y)
            let allowance = Flattening.roundingAllowance * Double.ulpOfOne * scale
            UnsafeRawPointer(vertices).withMemoryRebound(to: Point.self, capacity: n) { p in
                body(FlattenedCurveView(index: i, points: UnsafeBufferPointer(start: p, count: n),
                                        parameters: UnsafeBufferPointer(start: parameters, count: withParameters ? n : 0),
                                        status: id & 1 == 1 ? .roundingLimited : .guaranteed,
                                        deviationBound: Swift.min(flattening.tolerance, bound + allowance)))
            }
        case .fallback:
            deliver(i, flattening.flatten(source.curve(i)))
        }
    }
}
