import Geometry
import _TestSupport

/// Helpers shared by the SVG path data and elliptical arc tests (names kept specific so they
/// cannot clash with the other GeometryTests helpers).
enum SVGFixtures {
    /// A path built with the `Path` API, the reference the parser is compared against.
    static func path(_ build: (inout Path) -> Void) -> Path {
        var p = Path()
        build(&p)
        return p
    }

    /// Parses, turning an error into nil (for `#expect` on the result).
    static func parse(_ data: String) -> Path? {
        try? Path(svgPathData: data)
    }

    /// The error the parser throws, or nil when it parses.
    static func error(_ data: String) -> SVGPathError? {
        do {
            _ = try Path(svgPathData: data)
            return nil
        } catch {
            return error
        }
    }

    /// Verbs equal and every coordinate bit-identical (so −0 and +0 differ, unlike `==`).
    static func identical(_ a: Path, _ b: Path) -> Bool {
        a.verbs == b.verbs
            && a.xs.map(\.bitPattern) == b.xs.map(\.bitPattern)
            && a.ys.map(\.bitPattern) == b.ys.map(\.bitPattern)
    }

    /// The arc of `svgArcSegments` appended to a path that is at `start`.
    static func appendArc(to p: inout Path, from start: Point, to end: Point, rx: Double, ry: Double,
                          rotation: Double, largeArc: Bool, sweep: Bool) {
        for s in EllipticalArc.svgArcSegments(from: start, to: end, radiusX: rx, radiusY: ry,
                                              xAxisRotationDegrees: rotation,
                                              largeArc: largeArc, sweep: sweep) {
            p.append(s)
        }
    }
}

extension SplitMix64 {
    /// A finite coordinate of mixed magnitude: zeros of both signs, extremes (1e±300,
    /// subnormals, the largest finite value), random bit patterns, small integers, ordinary values.
    mutating func svgTestCoordinate() -> Double {
        switch Int.random(in: 0..<10, using: &self) {
        case 0:
            return Bool.random(using: &self) ? 0.0 : -0.0
        case 1:
            let extremes = [1e-300, 1e300, Double.leastNonzeroMagnitude, Double.leastNormalMagnitude,
                            Double.greatestFiniteMagnitude, 0.1, 1.0 / 3.0, 123456789012345680]
            let x = extremes[Int.random(in: 0..<extremes.count, using: &self)]
            return Bool.random(using: &self) ? x : -x
        case 2:
            while true {
                let x = Double(bitPattern: next())
                if x.isFinite { return x }
            }
        case 3:
            return Double(Int.random(in: -20...20, using: &self))
        case 4:
            return uniform(-1, 1)
        default:
            return uniform(-1000, 1000)
        }
    }

    mutating func svgTestPoint() -> Point { Point(svgTestCoordinate(), svgTestCoordinate()) }

    /// A point on the integer grid [−r, r]², where relative ↔ absolute conversion is exact.
    mutating func svgGridPoint(_ r: Int = 20) -> Point {
        Point(Double(Int.random(in: -r...r, using: &self)), Double(Int.random(in: -r...r, using: &self)))
    }
}
