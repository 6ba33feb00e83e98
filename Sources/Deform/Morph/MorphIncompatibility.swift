import Geometry

/// The direction a closed subpath runs, from the sign of its area in y-up model space.
public enum Orientation: Hashable, Sendable, CustomStringConvertible {
    case counterClockwise, clockwise

    public var description: String { self == .counterClockwise ? "counter-clockwise" : "clockwise" }
}

/// Why two paths cannot be morphed into each other by interpolating their control points.
///
/// Every `description` starts with the index of the first incompatible element (an index into
/// `Path.verbs`; for orientation and closure, the subpath's move-to), then says why, e.g.
/// `element 2: cubic vs line; element counts differ, 6 vs 8`.
public enum MorphIncompatibility: Error, Hashable, Sendable, CustomStringConvertible {
    /// The paths have different numbers of subpaths; `element` is where they first diverge.
    case subpathCount(first: Int, second: Int, element: Int)
    /// The element counts differ; `element` is where the paths first diverge and the kinds
    /// there (nil where a path has already ended).
    case elementCount(first: Int, second: Int, element: Int, firstKind: Path.Verb?, secondKind: Path.Verb?)
    /// Same counts, but element `element` is of a different kind (`line` vs `cubic`, or a close
    /// where the other path draws on).
    case elementKind(element: Int, first: Path.Verb, second: Path.Verb)
    /// Closed subpath `subpath` (whose move-to is `element`) runs the other way round in one
    /// path: the in-between would pass through a shape of zero area.
    case orientation(subpath: Int, element: Int, first: Orientation, second: Orientation)
    /// Subpath `subpath` is closed in one path and open in the other (``PathMorph/align(_:_:accuracy:)``
    /// cannot change that).
    case closure(subpath: Int, element: Int, firstClosed: Bool)
    /// Curved element `element` (of kind `kind`) bends one way in the first path and the other
    /// way in the second (see ``PathMorph/segmentTurning(_:)``): the in-between straightens it.
    /// Reported only when the caller asks (`checkingSegmentTurning`).
    case segmentTurning(element: Int, kind: Path.Verb, first: Orientation, second: Orientation)

    /// The index of the first incompatible element.
    public var element: Int {
        switch self {
        case .subpathCount(_, _, let e), .elementCount(_, _, let e, _, _), .elementKind(let e, _, _),
             .orientation(_, let e, _, _), .closure(_, let e, _), .segmentTurning(let e, _, _, _):
            e
        }
    }

    static func name(_ verb: Path.Verb?) -> String {
        guard let verb else { return "none" }
        return switch verb {
        case .move: "move"
        case .line: "line"
        case .quadratic: "quadratic"
        case .cubic: "cubic"
        case .close: "close"
        }
    }

    public var description: String {
        switch self {
        case .subpathCount(let a, let b, let e):
            "element \(e): subpath counts differ, \(a) vs \(b)"
        case .elementCount(let a, let b, let e, let ka, let kb):
            "element \(e): \(Self.name(ka)) vs \(Self.name(kb)); element counts differ, \(a) vs \(b)"
        case .elementKind(let e, let ka, let kb):
            "element \(e): \(Self.name(ka)) vs \(Self.name(kb))"
        case .orientation(let s, let e, let oa, let ob):
            "element \(e): subpath \(s) runs \(oa) in the first path and \(ob) in the second"
        case .closure(let s, let e, let closed):
            "element \(e): subpath \(s) is \(closed ? "closed" : "open") in the first path and \(closed ? "open" : "closed") in the second"
        case .segmentTurning(let e, let kind, let oa, let ob):
            "element \(e): \(Self.name(kind)) turns \(oa) in the first path and \(ob) in the second (the in-between straightens it)"
        }
    }
}
