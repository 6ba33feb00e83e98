import Geometry

/// The stored points of a path in order, as `beztune model --format csv` lists them: a 0-based
/// index, x, y, and whether the point is an anchor (a move-to or segment end point) or a handle
/// (a control point).
package enum ControlPoints {
    package static func of(_ path: Path) -> [(index: Int, x: Double, y: Double, isAnchor: Bool)] {
        var points: [(index: Int, x: Double, y: Double, isAnchor: Bool)] = []
        var k = 0
        for verb in path.verbs {
            for j in 0..<verb.pointCount {
                points.append((k, path.xs[k], path.ys[k], j == verb.pointCount - 1))
                k += 1
            }
        }
        return points
    }
}
