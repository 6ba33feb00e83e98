/// Building a path from its structure-of-arrays parts (a model's fixed verbs and the points it
/// computed).
extension Path {
    /// The path with the given verbs and stored points (`xs`, `ys` in `Path` order; their count
    /// must match what the verbs consume — a programmer error otherwise).
    public init(verbs: [Verb], xs: [Double], ys: [Double]) {
        precondition(xs.count == ys.count && xs.count == verbs.reduce(0) { $0 + $1.pointCount },
                     "Path(verbs:xs:ys:): point count does not match the verbs")
        self.init()
        var k = 0
        for verb in verbs {
            switch verb {
            case .move: move(to: Point(xs[k], ys[k]))
            case .line: line(to: Point(xs[k], ys[k]))
            case .quadratic: quadratic(to: Point(xs[k + 1], ys[k + 1]), control: Point(xs[k], ys[k]))
            case .cubic:
                cubic(to: Point(xs[k + 2], ys[k + 2]), control1: Point(xs[k], ys[k]),
                      control2: Point(xs[k + 1], ys[k + 1]))
            case .close: close()
            }
            k += verb.pointCount
        }
    }
}
