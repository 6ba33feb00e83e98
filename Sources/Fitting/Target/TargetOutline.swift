import Geometry

/// The outline a designer wants the model to match, in model space (y-up, see DESIGN.md):
/// the points the fit measures distances from, and the closed curve they describe.
///
/// Two sources:
/// - a path (SVG `d`): ``outline`` is the path itself, closed (an open path is closed by the
///   straight line back to its start); ``points`` are ``sampleCount`` points spaced uniformly by
///   arc length along it (``ArcLengthResampling``), starting at the path's start;
/// - a point list (CSV `x,y`): ``points`` are the points as given (or resampled uniformly by arc
///   length along their polygon), and ``outline`` is the closed polygon through them in order.
///
/// The fit's residuals are the orthogonal distances from ``points`` to the model; the Hausdorff
/// distance and the area of the symmetric difference compare the model with ``outline``.
///
/// Validation (``TargetError``): at least 3 points, every coordinate finite, not all points equal,
/// not all on one line (the outline must enclose area), one subpath that draws.
public struct TargetOutline: Sendable {
    /// Where the target came from.
    public enum Source: Sendable, Equatable {
        /// A path, sampled uniformly by arc length.
        case path
        /// A list of points (possibly resampled).
        case points
    }

    /// The points whose distances to the model are fitted (model space).
    public let points: [Point]
    /// The closed outline: the path, or the polygon through the given points.
    public let outline: Path
    public let source: Source

    /// The bounding box of ``points``.
    /// Audit: every initializer ends with at least 3 points (validated, or resampled to a count
    /// ≥ 3 with an empty result rejected), so the box exists.
    public var boundingBox: Rect { Rect(enclosing: points)! }

    /// The length of the bounding box's diagonal: the target's size, the unit the fitter's
    /// relative tolerances refer to.
    public var size: Double {
        let b = boundingBox
        return Point(b.width, b.height).length
    }

    /// The most points a target may have, given or sampled: 2,000,000. A fit's cost and memory
    /// grow with the points — about 1 s and 1 GB per million for a CSV target on one core of the
    /// machine the project is measured on, reading included — and this keeps a typing slip
    /// (`1e7` for `1e3`) from running for minutes and tens of gigabytes.
    public static let maximumPointCount = 2_000_000

    /// The number of points a path target is sampled with when no count is given.
    public static let defaultSampleCount = 720

    /// A target from a list of points (model space), with the closed polygon through them as the
    /// outline. `resampledTo`, when given, replaces the points by that many points spaced
    /// uniformly by arc length along the polygon (the polygon stays the outline).
    public init(points given: [Point], resampledTo count: Int? = nil) throws(TargetError) {
        for n in [given.count] + (count.map { [$0] } ?? []) where n > Self.maximumPointCount {
            throw .tooManyPoints(count: n, maximum: Self.maximumPointCount)
        }
        try Self.validate(given)
        let polygon = Path.polyline(given, closed: true)
        if let count {
            precondition(count >= 3, "TargetOutline: resample to at least 3 points")
            // Empty only when the polygon's length overflows (it is finite, not all one point).
            let samples = ArcLengthResampling.points(alongClosedPolygon: given, count: count)
            guard !samples.isEmpty else { throw .outlineTooLarge }
            points = samples
        } else {
            points = given
        }
        outline = polygon
        source = .points
    }

    /// A target from a path (model space): `sampleCount` ≥ 3 points spaced uniformly by arc
    /// length along it (closed). The path must have exactly one subpath that draws.
    public init(path: Path, sampleCount: Int) throws(TargetError) {
        precondition(sampleCount >= 3, "TargetOutline: at least 3 samples")
        guard sampleCount <= Self.maximumPointCount else {
            throw .tooManyPoints(count: sampleCount, maximum: Self.maximumPointCount)
        }
        let drawing = path.subpaths.filter { !$0.segments.isEmpty }
        guard !drawing.isEmpty else { throw .emptyOutline }
        guard drawing.count == 1 else { throw .severalSubpaths(drawing.count) }
        var sub = drawing[0]
        sub.closed = true
        guard Path(segments: sub.segments, closed: false).isFinite, sub.start.isFinite else {
            throw .nonFinite(index: 0)
        }
        let closed = Path(subpath: sub)
        let samples = ArcLengthResampling.points(alongClosed: sub, count: sampleCount)
        guard !samples.isEmpty else {
            // No length: every segment is a point — or a length that overflows.
            let huge = sub.segments.contains { Self.largestCoordinate($0) >= 1e300 }
            throw huge ? .outlineTooLarge : .emptyOutline
        }
        try Self.validate(samples)
        points = samples
        outline = closed
        source = .path
    }

    /// The parts as they are (the exact-path reader has validated them).
    init(samples: [Point], outline: Path, source: Source) {
        self.points = samples
        self.outline = outline
        self.source = source
    }

    /// max |coordinate| over a segment's control points.
    static func largestCoordinate(_ segment: PathSegment) -> Double {
        let points: [Point]
        switch segment {
        case .line(let l): points = [l.start, l.end]
        case .quadratic(let q): points = [q.p0, q.p1, q.p2]
        case .cubic(let c): points = [c.p0, c.p1, c.p2, c.p3]
        }
        return points.reduce(0) { Swift.max($0, abs($1.x), abs($1.y)) }
    }

    /// Checks a point list: count ≥ 3, finite, a finite extent (width, height and diagonal of
    /// the bounding box), not coincident, not collinear.
    static func validate(_ points: [Point]) throws(TargetError) {
        guard points.count >= 3 else { throw .tooFewPoints(count: points.count, minimum: 3) }
        if let bad = points.firstIndex(where: { !$0.isFinite }) { throw .nonFinite(index: bad) }
        var low = points[0], high = points[0]
        for p in points {
            low = Point(Swift.min(low.x, p.x), Swift.min(low.y, p.y))
            high = Point(Swift.max(high.x, p.x), Swift.max(high.y, p.y))
        }
        guard Point(high.x - low.x, high.y - low.y).length.isFinite else { throw .outlineTooLarge }
        let first = points[0]
        guard points.contains(where: { $0 != first }) else { throw .coincidentPoints }
        // Collinear: every cross product (pᵢ − p₀) × (p_far − p₀) vanishes relative to the sizes.
        let far = points.max { ($0 - first).lengthSquared < ($1 - first).lengthSquared }!
        let axis = far - first
        let axisLength = axis.length
        var spread = 0.0
        for p in points { spread = Swift.max(spread, abs(axis.cross(p - first)) / axisLength) }
        guard spread > 1e-12 * axisLength else { throw .collinearPoints }
    }
}

extension Path {
    /// The path drawing one subpath (closed when `subpath.closed`).
    init(subpath: Path.Subpath) {
        self.init()
        move(to: subpath.start)
        for s in subpath.segments { append(s) }
        if subpath.closed { close() }
    }
}
