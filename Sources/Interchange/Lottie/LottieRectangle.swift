import Geometry

/// lottie-web's rectangle (`rc`), `RectShapeProperty.convertRectToPath` in
/// `player/js/utils/shapes/ShapeProperty.js`: centre p = (p₀, p₁), half sizes v₀ = s₀/2,
/// v₁ = s₁/2, corner radius ρ = min(v₀, v₁, r) (`bmMin`), and corner handles that end
/// ρ·(1 − 0.5519) from each corner, i.e. 0.5519·ρ long — the same `roundCorner = 0.5519` of
/// `player/js/utils/common.js` as the ellipse. (python-lottie makes its handles ρ/2 long and
/// does not clamp ρ, so for rounded rectangles this closed form is the reference.)
///
/// Direction: `d` = 1 or 2 runs clockwise on screen from the right edge's top end
/// (p₀ + v₀, p₁ − v₁ + ρ) down the right edge; any other `d` (3, or none) runs the other way
/// from the same point — lottie-web's test is `this.d === 2 || this.d === 1`. With ρ = 0 the
/// rectangle has four vertices (corners, control points on them), otherwise eight (the
/// ends of the four straight edges), joined alternately by straight cubics (control points on
/// the ends) and corner cubics.
enum LottieRectangle {
    static func bezier(position p: [Double], size s: [Double], roundness r: Double, clockwise: Bool) -> LottieBezier {
        let (p0, p1) = (p[0], p[1])
        let (v0, v1) = (s[0] / 2, s[1] / 2)
        let round = min(v0, v1, r)
        let c = round * (1 - LottieEllipse.handleFactor)
        // lottie-web's setTripleAt(vX, vY, oX, oY, iX, iY): vertex, out point, in point.
        var triples: [(Double, Double, Double, Double, Double, Double)] = []
        if clockwise {
            triples.append((p0 + v0, p1 - v1 + round, p0 + v0, p1 - v1 + round, p0 + v0, p1 - v1 + c))
            triples.append((p0 + v0, p1 + v1 - round, p0 + v0, p1 + v1 - c, p0 + v0, p1 + v1 - round))
            if round != 0 {
                triples.append((p0 + v0 - round, p1 + v1, p0 + v0 - round, p1 + v1, p0 + v0 - c, p1 + v1))
                triples.append((p0 - v0 + round, p1 + v1, p0 - v0 + c, p1 + v1, p0 - v0 + round, p1 + v1))
                triples.append((p0 - v0, p1 + v1 - round, p0 - v0, p1 + v1 - round, p0 - v0, p1 + v1 - c))
                triples.append((p0 - v0, p1 - v1 + round, p0 - v0, p1 - v1 + c, p0 - v0, p1 - v1 + round))
                triples.append((p0 - v0 + round, p1 - v1, p0 - v0 + round, p1 - v1, p0 - v0 + c, p1 - v1))
                triples.append((p0 + v0 - round, p1 - v1, p0 + v0 - c, p1 - v1, p0 + v0 - round, p1 - v1))
            } else {
                triples.append((p0 - v0, p1 + v1, p0 - v0 + c, p1 + v1, p0 - v0, p1 + v1))
                triples.append((p0 - v0, p1 - v1, p0 - v0, p1 - v1 + c, p0 - v0, p1 - v1))
            }
        } else {
            triples.append((p0 + v0, p1 - v1 + round, p0 + v0, p1 - v1 + c, p0 + v0, p1 - v1 + round))
            if round != 0 {
                triples.append((p0 + v0 - round, p1 - v1, p0 + v0 - round, p1 - v1, p0 + v0 - c, p1 - v1))
                triples.append((p0 - v0 + round, p1 - v1, p0 - v0 + c, p1 - v1, p0 - v0 + round, p1 - v1))
                triples.append((p0 - v0, p1 - v1 + round, p0 - v0, p1 - v1 + round, p0 - v0, p1 - v1 + c))
                triples.append((p0 - v0, p1 + v1 - round, p0 - v0, p1 + v1 - c, p0 - v0, p1 + v1 - round))
                triples.append((p0 - v0 + round, p1 + v1, p0 - v0 + round, p1 + v1, p0 - v0 + c, p1 + v1))
                triples.append((p0 + v0 - round, p1 + v1, p0 + v0 - c, p1 + v1, p0 + v0 - round, p1 + v1))
                triples.append((p0 + v0, p1 + v1 - round, p0 + v0, p1 + v1 - round, p0 + v0, p1 + v1 - c))
            } else {
                triples.append((p0 - v0, p1 - v1, p0 - v0 + c, p1 - v1, p0 - v0, p1 - v1))
                triples.append((p0 - v0, p1 + v1, p0 - v0, p1 + v1 - c, p0 - v0, p1 + v1))
                triples.append((p0 + v0, p1 + v1, p0 + v0 - c, p1 + v1, p0 + v0, p1 + v1))
            }
        }
        return LottieBezier(vertices: triples.map { Point($0.0, $0.1) },
                            inPoints: triples.map { Point($0.4, $0.5) },
                            outPoints: triples.map { Point($0.2, $0.3) },
                            closed: true)
    }
}
