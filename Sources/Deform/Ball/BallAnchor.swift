/// The four anchors of the Bézier ball, in drawing order.
///
/// On the undeformed circle of radius r with its bottom point at the origin (model space, y-up):
/// bottom (0, 0), right (r, r), top (0, 2r), left (−r, r). The path starts at the bottom and
/// runs counter-clockwise (bottom → right → top → left → bottom), positive signed area.
public enum BallAnchor: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case bottom, right, top, left

    /// The anchor on the circle of radius 1: bottom (0, 0), right (1, 1), top (0, 2), left (−1, 1).
    public var unitPosition: (x: Double, y: Double) {
        switch self {
        case .bottom: (0, 0)
        case .right: (1, 1)
        case .top: (0, 2)
        case .left: (-1, 1)
        }
    }

    public var description: String {
        switch self {
        case .bottom: "bottom"
        case .right: "right"
        case .top: "top"
        case .left: "left"
        }
    }
}

/// The eight handles of the Bézier ball, in the order their control points are stored
/// (segment bottom→right: `bottomRight`, `rightLower`; right→top: `rightUpper`, `topRight`;
/// top→left: `topLeft`, `leftUpper`; left→bottom: `leftLower`, `bottomLeft`).
///
/// A handle is named by its anchor and the side of the anchor it lies on: `bottomRight` is the
/// bottom anchor's handle pointing right, `rightLower` the right anchor's handle pointing down.
public enum BallHandle: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case bottomRight, rightLower, rightUpper, topRight, topLeft, leftUpper, leftLower, bottomLeft

    /// The anchor the handle belongs to (and moves with).
    public var anchor: BallAnchor {
        switch self {
        case .bottomRight, .bottomLeft: .bottom
        case .rightLower, .rightUpper: .right
        case .topRight, .topLeft: .top
        case .leftUpper, .leftLower: .left
        }
    }

    /// The unit direction of the handle from its anchor on the undeformed circle (the tangent,
    /// pointing along or against the drawing direction).
    public var unitDirection: (x: Double, y: Double) {
        switch self {
        case .bottomRight, .topRight: (1, 0)
        case .bottomLeft, .topLeft: (-1, 0)
        case .rightUpper, .leftUpper: (0, 1)
        case .rightLower, .leftLower: (0, -1)
        }
    }

    /// The index of the handle's control point in the ball's `Path.xs`/`ys`: 1 + 3·segment +
    /// (0 for a segment's first control point, 1 for its second).
    public var pointIndex: Int { 1 + 3 * (rawValue / 2) + rawValue % 2 }

    public var description: String {
        switch self {
        case .bottomRight: "bottomRight"
        case .rightLower: "rightLower"
        case .rightUpper: "rightUpper"
        case .topRight: "topRight"
        case .topLeft: "topLeft"
        case .leftUpper: "leftUpper"
        case .leftLower: "leftLower"
        case .bottomLeft: "bottomLeft"
        }
    }
}
