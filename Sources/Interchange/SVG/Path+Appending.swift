import Geometry

extension Path {
    /// Appends every subpath of `other` as it is (its move-tos, segments and closes).
    mutating func append(contentsOf other: Path) {
        var k = 0
        for verb in other.verbs {
            let p = { (j: Int) in Point(other.xs[k + j], other.ys[k + j]) }
            switch verb {
            case .move: move(to: p(0))
            case .line: line(to: p(0))
            case .quadratic: quadratic(to: p(1), control: p(0))
            case .cubic: cubic(to: p(2), control1: p(0), control2: p(1))
            case .close: close()
            }
            k += verb.pointCount
        }
    }
}
