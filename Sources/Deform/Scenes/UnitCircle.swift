/// The four-cubic circle of radius 1 centred at the origin, drawn as the ball is: from the
/// bottom (0, −1) counter-clockwise through (1, 0), (0, 1), (−1, 0), handles k long along the
/// tangents. Its 13 stored points are ``BallGeometry``'s for radius 1 moved down by 1; an oval
/// of semi-axes (a, b) about a centre c is c + (a·x, b·y) of them.
enum UnitCircle {
    /// Stored point `i` (0 ..< 13) for handle factor `k`: Âₐ − (0, 1) for an anchor a,
    /// Âₐ − (0, 1) + k·ôₕ for a handle h (``BallAnchor/unitPosition``, ``BallHandle/unitDirection``).
    static func point(_ i: Int, k: Double) -> (x: Double, y: Double) {
        // Audit: BallGeometry.pointAnchor/pointHandle are constant tables of valid raw values (handle −1 = none,
        // checked before use), so these rawValue lookups cannot fail; no user input reaches the index.
        let a = BallAnchor(rawValue: BallGeometry.pointAnchor[i])!.unitPosition
        let h = BallGeometry.pointHandle[i]
        guard h >= 0 else { return (a.x, a.y - 1) }
        let o = BallHandle(rawValue: h)!.unitDirection
        return (a.x + k * o.x, a.y - 1 + k * o.y)
    }

    /// The 13 points for k = 4/3·(√2 − 1), the factor Core Graphics draws ellipses with.
    static let midpointExact: [(x: Double, y: Double)] = (0..<13).map { point($0, k: BallModel.midpointExactK) }

    static let verbs = BallGeometry.verbs
    static let pointCount = BallGeometry.pointCount
}
