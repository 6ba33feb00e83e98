import ArcError
import Foundation
import Geometry
import Testing

/// The figures at a radius R against the scaled curve itself: radial error sampled on R·B(t),
/// the area by Green's theorem over R·B and the radii, the length by quadrature of R·B.
@Suite("absolute errors at a radius")
struct AbsoluteArcErrorsTests {
    @Test("radial, area and length errors of R·B match the scaled curve", arguments: [(4, 0.5523, 3.0), (6, 0.3, 250.0), (3, 0.7, 1e-3)])
    func scaledCurve(_ segments: Int, _ k: Double, _ radius: Double) {
        let report = ArcErrorReport(CircularArc(segments: segments, handle: k))
        let a = report.scaled(toRadius: radius)
        let b = report.arc.bezier
        let scaled = CubicBezier(b.p0 * radius, b.p1 * radius, b.p2 * radius, b.p3 * radius)
        // Radial: max over a dense sampling of |R·B(t)| − R, which lies below the exact maximum.
        var sampled = -Double.infinity
        for i in 0...20_000 {
            let p = scaled.point(at: Double(i) / 20_000)
            sampled = max(sampled, (p.x * p.x + p.y * p.y).squareRoot() - radius)
        }
        #expect(sampled <= a.maximumRadialError + 1e-15 * radius)
        #expect(a.maximumRadialError - sampled <= 1e-9 * abs(a.maximumRadialError) + 1e-15 * radius)
        // Area: the region bounded by the radii to the ends and R·B, by Green's theorem (½∮x dy − y dx;
        // the radii add nothing, x dy − y dx vanishing along a ray), against the sector R²θ/2.
        let theta = report.arc.angle
        let area = SignedArea.of(scaled)
        #expect(abs((area - radius * radius * theta / 2) - a.areaError) <= 1e-12 * radius * radius)
        // Length: Gauss–Legendre of R·B against Rθ.
        let length = AdaptiveArcLength(accuracy: 1e-14 * radius).length(of: scaled).length
        #expect(abs((length - radius * theta) - a.arcLengthError) <= 1e-12 * radius)
        // Curvature errors divide by R.
        #expect(a.maximumCurvatureError == report.curvature.maximum / radius)
        #expect(a.endCurvatureError == report.curvature.atStart / radius)
    }
}
