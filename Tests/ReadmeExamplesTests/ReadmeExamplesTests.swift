// The library examples of README.md, compiled and run: the README test checks that each
// ```swift block of the README appears verbatim in this file.
import Testing

// README example 1 begin
import ArcError

func example1() -> Double {
    // Exact radial error of the iOS animation's r/1.8 handles, four segments per circle.
    let arc = CircularArc(segments: 4, handle: 1 / 1.8)
    let report = ArcErrorReport(arc)
    return report.radial.maximum  // 0.0017346…, at t = 0.5
}
// README example 1 end

// README example 2 begin
import Geometry

func example2() throws -> (distance: Double, points: Int) {
    // Parse SVG path data, find the nearest point, flatten within 0.01.
    let path = try Path(svgPathData: "M0 0 C30 60 70 -60 100 0")
    let nearest = path.nearestPoint(to: Point(50, 10))
    let flat = Flattening(tolerance: 0.01).flatten(path)
    return (nearest?.distance ?? .nan, flat.pointCount)
}
// README example 2 end

// README example 3 begin
import Deform

func example3() throws -> String {
    // The ball squashed to 80 % height with the top pressed to 60 %, halfway, eased.
    let ball = BallModel()
    var end = ball.defaultParameters
    try end.set("yFactor", to: 0.8)
    try end.set("topYFactor", to: 0.6)
    let profile = ProgressProfile(start: ball.defaultParameters, end: end, timing: .easeInEaseOut)
    return ball.path(parameters: try profile.parameters(at: 0.5)).svgPathData
}
// README example 3 end

@Suite("README library examples")
struct ReadmeExamplesTests {
    @Test("example 1: the exact maximum error of r/1.8 equals the closed form at t = ½")
    func one() {
        // |B(½)|² − 1 = (1/16)(c₀ − C/4), c₀ = 9k² + 6k − 6, C = 2(3k − 2)² (REFERENCES.md).
        let k = 1 / 1.8, c0 = 9 * k * k + 6 * k - 6, c = 2 * (3 * k - 2) * (3 * k - 2)
        let closedForm = (1 + (c0 - c / 4) / 16).squareRoot() - 1
        #expect(abs(example1() - closedForm) < 1e-15)
    }

    @Test("example 2: nearest point and flattening run")
    func two() throws {
        let (distance, points) = try example2()
        #expect(distance > 0 && distance < 20 && points > 10)
    }

    @Test("example 3: the top anchor sits at 80 % of the diameter (yFactor 0.8 ... topYFactor 0.6, halfway)")
    func three() throws {
        let path = try Path(svgPathData: try example3())
        // Halfway with a symmetric easing, topYFactor is 0.8: the top anchor (the end of the
        // second segment, bottom → right → top) is at y = 0.8·2r = 80; the right anchor at
        // yFactor 0.9 · r = 45.
        let segments = path.subpaths[0].segments
        #expect(segments[1].end == Point(0, 80))
        #expect(abs(segments[0].end.y - 45) < 1e-12 && segments[0].end.x == 50)
    }
}
