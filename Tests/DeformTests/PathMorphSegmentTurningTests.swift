import Deform
import Foundation
import Geometry
import Testing

@Suite("path morphing: the opt-in segment-turning check")
struct PathMorphSegmentTurningTests {
    func path(_ d: String) throws -> Path { try Path(svgPathData: d) }

    @Test("how each element turns: arcs by their bend, lines and S-curves not judged")
    func turning() throws {
        let circle = BezierBall.circle.path  // counter-clockwise, four convex cubics
        #expect(PathMorph.segmentTurning(circle) == [nil, .counterClockwise, .counterClockwise, .counterClockwise, .counterClockwise, nil])
        #expect(PathMorph.segmentTurning(circle.reversed()).compactMap { $0 }.allSatisfy { $0 == .clockwise })
        let mixed = try path("M0 0 L10 0 Q15 0 15 5 C15 10 20 0 20 10 C20 20 20 20 30 20 Z")
        // line: nil; quadratic turning left: ccw; S-curve: nil; a cubic with a zero-length handle: nil.
        #expect(PathMorph.segmentTurning(mixed) == [nil, nil, .counterClockwise, nil, nil, nil])
    }

    @Test("off by default; on request a bump that becomes a dent is named by its element")
    func check() throws {
        let bump = try path("M0 0 L10 0 C10 10 20 10 20 0 L30 0 L30 -10 L0 -10 Z")
        let dent = try path("M0 0 L10 0 C10 -5 20 -5 20 0 L30 0 L30 -10 L0 -10 Z")
        #expect(PathMorph.compatibility(bump, dent) == nil)
        let problem = PathMorph.compatibility(bump, dent, checkingSegmentTurning: true)
        #expect(problem == .segmentTurning(element: 2, kind: .cubic, first: .clockwise, second: .counterClockwise))
        #expect(problem?.element == 2)
        #expect(PathMorph.compatibility(bump, dent, checkingOrientation: false, checkingSegmentTurning: true) == problem,
                "independent of the orientation check")
        // A wave whose S flips (the loading water's keyframes) is not judged.
        let waveUp = try path("M0 0 L0 5 C3 8 6 2 10 5 L10 0 Z"), waveDown = try path("M0 0 L0 5 C3 2 6 8 10 5 L10 0 Z")
        #expect(PathMorph.compatibility(waveUp, waveDown, checkingSegmentTurning: true) == nil)
        // Earlier problems are still reported first.
        let flat = try path("M0 0 L10 0 L20 0 L30 0 L30 -10 L0 -10 Z")
        #expect(PathMorph.compatibility(bump, flat, checkingSegmentTurning: true)?.element == 2)
        #expect(PathMorph.compatibility(BezierBall.circle.path, BezierBall.circle.path.reversed(), checkingSegmentTurning: true)
                == .orientation(subpath: 0, element: 0, first: .counterClockwise, second: .clockwise))
    }
}
