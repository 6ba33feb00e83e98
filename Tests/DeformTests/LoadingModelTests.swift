import Deform
import Foundation
import Geometry
import Testing

@Suite("scene: the loading sequence")
struct LoadingModelTests {
    let model = LoadingModel()
    /// Stored points: circle 0…12 (anchors 0 bottom, 3 right, 6 top, 9 left), triangle 13 left,
    /// 14 right, 15 top, borders 16…20 and 21…25, water 26…31.
    let triangle = 13, border1 = 16, border2 = 21, waterPoint = 26

    func expectCircle(_ path: Path, rx: Double, ry: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, (x, y)) in [(0, (0.0, -ry)), (3, (rx, 0.0)), (6, (0.0, ry)), (9, (-rx, 0.0))] {
            expectPoint(path, i, x, y, tolerance: 1e-12, "circle anchor", sourceLocation: sourceLocation)
        }
        let k = BallModel.midpointExactK
        expectPoint(path, 4, rx, k * ry, tolerance: 1e-12, "right anchor's upper handle", sourceLocation: sourceLocation)
    }

    /// Corner `c` (0 left, 1 right, 2 top) at distance d from the centre, direction θ + φ.
    func expectCorner(_ path: Path, _ c: Int, distance d: Double, rotation phi: Double = 0,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let theta = [7 * Double.pi / 6, -Double.pi / 6, Double.pi / 2][c] + phi
        expectPoint(path, triangle + c, d * cos(theta), d * sin(theta), tolerance: 1e-9, "corner \(c)",
                    sourceLocation: sourceLocation)
    }

    func expectWater(_ path: Path, width w: Double, height h: Double, line y: Double, wave1: Double, wave2: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, y), (w / 6, y + wave2), (-w / 6, y + wave1), (-w / 2, y)]
        for (n, (x, yy)) in expected.enumerated() {
            expectPoint(path, waterPoint + n, x, yy, tolerance: 1e-9, "water \(n)", sourceLocation: sourceLocation)
        }
    }

    @Test("structure: circle, triangle, two border passes, water")
    func structure() {
        #expect(model.pointCount == 32 && model.parameters.count == 19)
        #expect(model.verbs.filter { $0 == .move }.count == model.subpathPaints.count)
        #expect(model.subpathPaints == [.filled, .filled, .stroked, .stroked, .filled])
    }

    @Test("progress 0: nothing drawn yet — circle and triangle at the centre, borders at their start, water flat on the bottom")
    func progressZero() throws {
        let path = try model.seedPath(atProgress: 0)
        for i in 0..<16 { expectPoint(path, i, 0, 0, tolerance: 0) }
        for i in border1..<(border2 + 5) { expectPoint(path, i, -50, -50, tolerance: 0) }
        expectWater(path, width: 100, height: 100, line: -50, wave1: 0, wave2: 0)
        #expect(try model.seedParameters(atProgress: 0) == model.defaultParameters)
    }

    @Test("the circle grows to radius 50, then x and then y stretch by 10 % and come back")
    func circle() throws {
        expectCircle(try model.seedPath(atProgress: 0.10), rx: 50, ry: 50)
        expectCircle(try model.seedPath(atProgress: 0.14), rx: 55, ry: 50)
        expectCircle(try model.seedPath(atProgress: 0.18), rx: 50, ry: 50)
        expectCircle(try model.seedPath(atProgress: 0.22), rx: 50, ry: 55)
        // Half-way up the stretch (ease-in-ease-out is symmetric: ½ ↦ ½): 52.5.
        expectCircle(try model.seedPath(atProgress: 0.20), rx: 50, ry: 52.5)
        // Half-way through growing (ease-out at ½).
        let g = eased(.easeOut, 0.5)
        expectCircle(try model.seedPath(atProgress: 0.05), rx: 50 * g, ry: 50 * g)
    }

    @Test("the triangle's corners lie at 0.75·r = 37.5 from the centre and grow one after the other to 1.2× (45)")
    func triangleCorners() throws {
        let appeared = try model.seedPath(atProgress: 0.27)
        for c in 0..<3 { expectCorner(appeared, c, distance: 37.5) }
        // 0.30: the left corner 3/5 of its way, 1 + 0.6·0.2 = 1.12 → 42; the others still 37.5.
        let growing = try model.seedPath(atProgress: 0.30)
        expectCorner(growing, 0, distance: 42)
        expectCorner(growing, 1, distance: 37.5)
        expectCorner(growing, 2, distance: 37.5)
        // The left corner by hand: 42·(cos 210°, sin 210°) = (−21√3, −21).
        expectPoint(growing, triangle, -21 * 3.0.squareRoot(), -21, tolerance: 1e-12)
        let second = try model.seedPath(atProgress: 0.345)
        expectCorner(second, 0, distance: 45)
        expectCorner(second, 1, distance: 37.5 * 1.1)
        expectCorner(second, 2, distance: 37.5)
        let grown = try model.seedPath(atProgress: 0.42)
        for c in 0..<3 { expectCorner(grown, c, distance: 45) }
        // Equilateral: every side 45·√3.
        let pts = (0..<3).map { Point(grown.xs[triangle + $0], grown.ys[triangle + $0]) }
        for c in 0..<3 { #expect(abs(pts[c].distance(to: pts[(c + 1) % 3]) - 45 * 3.0.squareRoot()) < 1e-9) }
        #expect(SignedArea.of(grown.subpaths[1]) > 0, "left → right → top is counter-clockwise")
    }

    @Test("the triangle spins a full turn (half-way: upside down), then circle and triangle contract to nothing")
    func spinAndContract() throws {
        let spinning = try model.seedPath(atProgress: 0.47)
        let phi = 2 * Double.pi * eased(.easeInEaseOut, 0.5)
        #expect(abs(phi - Double.pi) < 1e-9)
        for c in 0..<3 { expectCorner(spinning, c, distance: 45, rotation: phi) }
        expectPoint(spinning, triangle + 2, 0, -45, tolerance: 1e-9, "the top corner points down")
        let gone = try model.seedPath(atProgress: 0.56)
        for i in 0..<16 { expectPoint(gone, i, 0, 0, tolerance: 1e-12) }
    }

    @Test("the border is drawn by its stroke end, twice, the second pass after a delay")
    func border() throws {
        // 0.60: first pass at e = 0.5, σ = 200 of 400 — exactly the top-right corner.
        let half = try model.seedPath(atProgress: 0.60)
        for (n, (x, y)) in [(-50.0, -50.0), (-50, 50), (50, 50), (50, 50), (50, 50)].enumerated() {
            expectPoint(half, border1 + n, x, y, tolerance: 1e-9, "first pass")
        }
        for n in 0..<5 { expectPoint(half, border2 + n, -50, -50, tolerance: 0, "second pass not started") }
        // 0.61: e = 0.625, σ = 250: half-way down the right side.
        let more = try model.seedPath(atProgress: 0.61)
        expectPoint(more, border1 + 3, 50, 0, tolerance: 1e-9)
        expectPoint(more, border1 + 4, 50, 0, tolerance: 1e-9)
        // 0.65: the first pass is complete, the second waits (delay 0.64 … 0.66).
        let waiting = try model.seedPath(atProgress: 0.65)
        for (n, (x, y)) in [(-50.0, -50.0), (-50, 50), (50, 50), (50, -50), (-50, -50)].enumerated() {
            expectPoint(waiting, border1 + n, x, y, tolerance: 1e-12)
            expectPoint(waiting, border2 + n, -50, -50, tolerance: 0)
        }
        // 0.68: second pass at e = 0.25, σ = 100: the top-left corner.
        let second = try model.seedPath(atProgress: 0.68)
        for n in 1..<5 { expectPoint(second, border2 + n, -50, 50, tolerance: 1e-9) }
        let drawn = Array(second.subpaths[3].segments).map { $0.arcLength().length }
        #expect(abs(drawn.reduce(0, +) - 100) < 1e-9)
    }

    @Test("the water rises in ten steps of 0.1 with its two control points alternating above and below the line")
    func water() throws {
        func at(_ j: Int) throws -> Path {
            try model.seedPath(atProgress: LoadingModel.waterStart + Double(j) * LoadingModel.waterStep)
        }
        expectWater(try at(0), width: 100, height: 100, line: -50, wave1: 0, wave2: 0)
        // Step 5: level ½ → the line at y = 0; odd step: left control point above, right below.
        expectWater(try at(5), width: 100, height: 100, line: 0, wave1: 10, wave2: -10)
        // Step 4: level 0.4 → y = −10; even step: the other way round.
        expectWater(try at(4), width: 100, height: 100, line: -10, wave1: -10, wave2: 10)
        for j in 1...9 {
            let path = try at(j)
            let line = -50 + 10 * Double(j)
            let sign = j % 2 == 1 ? 1.0 : -1.0
            expectWater(path, width: 100, height: 100, line: line, wave1: 10 * sign, wave2: -10 * sign)
        }
        // Full and flat.
        expectWater(try at(10), width: 100, height: 100, line: 50, wave1: 0, wave2: 0)
        // Between steps 5 and 6 (linear): line 5, both control points on the line.
        let between = try model.seedPath(atProgress: LoadingModel.waterStart + 5.5 * LoadingModel.waterStep)
        expectWater(between, width: 100, height: 100, line: 5, wave1: 0, wave2: 0)
    }

    @Test("progress 1: the water-filled rectangle has expanded to the 300 × 300 frame")
    func expansion() throws {
        let end = try model.seedPath(atProgress: 1)
        expectWater(end, width: 300, height: 300, line: 150, wave1: 0, wave2: 0)
        for (n, (x, y)) in [(-150.0, -150.0), (-150, 150), (150, 150), (150, -150), (-150, -150)].enumerated() {
            expectPoint(end, border1 + n, x, y, tolerance: 1e-12)
            expectPoint(end, border2 + n, x, y, tolerance: 1e-12)
        }
        for i in 0..<16 { expectPoint(end, i, 0, 0, tolerance: 1e-12) }
        // Half-way through the expansion (ease-in).
        let size = 100 + 200 * eased(.easeIn, 0.5)
        expectWater(try model.seedPath(atProgress: 0.97), width: size, height: size, line: size / 2, wave1: 0, wave2: 0)
    }
}
