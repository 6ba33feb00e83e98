import Geometry

extension BernsteinQuintic {
    /// The largest coefficient: an upper bound of the polynomial on [0, 1].
    var maximum: Double { Swift.max(c0, c1, c2, c3, c4, c5) }
    /// The smallest coefficient: a lower bound of the polynomial on [0, 1].
    var minimum: Double { Swift.min(c0, c1, c2, c3, c4, c5) }
}
