import Geometry

extension TargetOutline {
    /// The accuracy, relative to the target's size (its bounding-box diagonal), of the cubic
    /// ``outline`` drawn for an exact path's arcs (the Hausdorff distance and the symmetric
    /// difference compare the model with it).
    public static let exactOutlineRelativeTolerance = 1e-10

    /// A target from a path whose arcs are exact (model space): `sampleCount` ≥ 3 points spaced
    /// uniformly by arc length along it (closed), each point of an arc on the exact ellipse
    /// (``ArcLengthResampling/points(alongClosed:count:relativeAccuracy:)-(ExactPath.Subpath,_,_)``).
    /// ``outline`` is the path with each arc as the fewest midpoint-exact cubics within
    /// ``exactOutlineRelativeTolerance`` of the target's size. A path without arcs gives the
    /// target ``init(path:sampleCount:)`` gives its `Path`. The path must have exactly one
    /// subpath that draws.
    public init(exactPath: ExactPath, sampleCount: Int) throws(TargetError) {
        precondition(sampleCount >= 3, "TargetOutline: at least 3 samples")
        guard exactPath.hasArcs else {
            try self.init(path: exactPath.path(tolerance: 1), sampleCount: sampleCount)
            return
        }
        guard sampleCount <= Self.maximumPointCount else {
            throw .tooManyPoints(count: sampleCount, maximum: Self.maximumPointCount)
        }
        let drawing = exactPath.subpaths.filter { !$0.pieces.isEmpty }
        guard !drawing.isEmpty else { throw .emptyOutline }
        guard drawing.count == 1 else { throw .severalSubpaths(drawing.count) }
        var sub = drawing[0]
        sub.closed = true
        let numbers = sub.pieces.flatMap { piece -> [Double] in
            switch piece {
            case .segment(let s): [s.start.x, s.start.y, s.end.x, s.end.y, s.boundingBox.minX, s.boundingBox.maxX,
                                   s.boundingBox.minY, s.boundingBox.maxY]
            case .arc(let a): [a.map.a, a.map.b, a.map.c, a.map.d, a.map.e, a.map.f, a.startAngle, a.sweepAngle]
            }
        }
        guard sub.start.isFinite, numbers.allSatisfy({ $0.isFinite }) else { throw .nonFinite(index: 0) }
        let samples = ArcLengthResampling.points(alongClosed: sub, count: sampleCount)
        guard !samples.isEmpty else {
            let huge = numbers.contains { abs($0) >= 1e300 }
            throw huge ? .outlineTooLarge : .emptyOutline
        }
        try Self.validate(samples)
        let exact = ExactPath(subpaths: [sub])
        let box = exact.boundingBox ?? Rect(point: sub.start)
        let size = Point(box.width, box.height).length
        guard size.isFinite, size > 0 else { throw .outlineTooLarge }
        self.init(samples: samples, outline: exact.path(tolerance: Self.exactOutlineRelativeTolerance * size), source: .path)
    }
}
