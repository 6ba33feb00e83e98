import Fitting
import Foundation
import Geometry
import Testing

@Suite("Targets: SVG, path data, point lists; arc-length resampling")
struct TargetOutlineTests {
    @Test("a circle sampled by arc length: equal spacing, every sample on the circle")
    func circleSamples() throws {
        let path = try circle(radius: 10, centre: Point(3, 4))
        let t = try TargetOutline(path: path, sampleCount: 90)
        #expect(t.points.count == 90 && t.source == .path)
        #expect(t.points[0] == Point(13, 4))
        var chords: [Double] = []
        for i in 0..<90 {
            // The arcs are cubics (radial error ≤ 2.8e-4·r); the samples are on them.
            #expect(abs(t.points[i].distance(to: Point(3, 4)) - 10) < 3e-3)
            chords.append(t.points[i].distance(to: t.points[(i + 1) % 90]))
        }
        #expect(chords.max()! - chords.min()! < 1e-3 * chords.max()!)
    }

    @Test("a polygon resampled: exact linear interpolation, spacing L/n")
    func polygon() {
        let square = [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]
        let p = ArcLengthResampling.points(alongClosedPolygon: square, count: 8)
        #expect(p == [Point(0, 0), Point(5, 0), Point(10, 0), Point(10, 5), Point(10, 10), Point(5, 10), Point(0, 10), Point(0, 5)])
    }

    @Test("SVG: the one shape drawn (an empty <path> draws none), flipped into y-up unless yUp")
    func svg() throws {
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg"><path d=""/><path id="a" d="M0 0 L10 0 L10 -10 Z"/></svg>
            """
        let flipped = try TargetOutline(svgDocument: text, sampleCount: 30)
        #expect(flipped.outline.boundingBox == Rect(minX: 0, minY: 0, maxX: 10, maxY: 10))
        let asWritten = try TargetOutline(svgDocument: text, sampleCount: 30, orientation: .yUp)
        #expect(asWritten.outline.boundingBox == Rect(minX: 0, minY: -10, maxX: 10, maxY: 0))
    }

    @Test("the examples are readable targets")
    func examples() throws {
        for name in ["squash-0.25.svg", "squash-0.5.svg", "squash-0.75.svg", "squash-1.svg"] {
            let text = try String(contentsOf: examplesFolder.appendingPathComponent(name), encoding: .utf8)
            let t = try TargetOutline(svgDocument: text, sampleCount: 100)
            #expect(abs(t.boundingBox.minY) < 1e-9 && t.boundingBox.maxY > 60)
        }
    }

    @Test("refused inputs, each with its own message")
    func refused() {
        #expect { try TargetOutline(svgDocument: "<svg><rect/></svg>", sampleCount: 10) } throws: { "\($0)".contains("no shape is drawn") }
        #expect { try TargetOutline(svgDocument: "<html/>", sampleCount: 10) } throws: { "\($0)".contains("not an SVG document") }
        #expect { try TargetOutline(svgDocument: "<svg><g transform='scale(2'>\n<path d='M0 0 L1 0 L0 1Z'/></g></svg>", sampleCount: 10) } throws: {
            "\($0)".hasPrefix("line 1: <g>") && "\($0)".contains("transform")
        }
        #expect { try TargetOutline(pathData: "M0 0 L", sampleCount: 10) } throws: { "\($0)".contains("invalid path data") }
        #expect(throws: TargetError.severalSubpaths(2)) { try TargetOutline(pathData: "M0 0 L1 0 L0 1 Z M5 5 L6 5 L5 6 Z", sampleCount: 10) }
        #expect(throws: TargetError.emptyOutline) { try TargetOutline(pathData: "M3 3", sampleCount: 10) }
        #expect(throws: TargetError.emptyOutline) { try TargetOutline(pathData: "M3 3 L3 3 Z", sampleCount: 10) }
        #expect(throws: TargetError.tooFewPoints(count: 2, minimum: 3)) { try TargetOutline(points: [Point(0, 0), Point(1, 1)]) }
        #expect(throws: TargetError.nonFinite(index: 1)) { try TargetOutline(points: [Point(0, 0), Point(.nan, 1), Point(2, 0)]) }
        #expect(throws: TargetError.coincidentPoints) { try TargetOutline(points: [Point(2, 2), Point(2, 2), Point(2, 2), Point(2, 2)]) }
        #expect(throws: TargetError.collinearPoints) { try TargetOutline(points: [Point(0, 0), Point(1, 1), Point(3, 3), Point(2, 2)]) }
        // Coordinates near ±1.8e308: the extent or the perimeter overflows (found by FuzzTargetOutline;
        // the resampled list came back empty and `boundingBox` trapped).
        let huge = [Point(3e18, 0), Point(-1e308, 1e308), Point(0, -1e308), Point(5, 5)]
        #expect(throws: TargetError.outlineTooLarge) { try TargetOutline(points: huge) }
        #expect(throws: TargetError.outlineTooLarge) { try TargetOutline(points: huge, resampledTo: 7) }
        let wide = [Point(-1.7e308, 0), Point(1.7e308, 0), Point(0, 1)]  // finite, but 3.4e308 wide
        #expect(throws: TargetError.outlineTooLarge) { try TargetOutline(points: wide) }
        // Extent finite (1.5e308), perimeter not (≈ 3·1.5e308): only the resampling sees it.
        let long = [Point(0, 0), Point(1.5e308, 0), Point(0, 1e300)]
        #expect((try? TargetOutline(points: long)) != nil)
        #expect(throws: TargetError.outlineTooLarge) { try TargetOutline(points: long, resampledTo: 12) }
        #expect(throws: TargetError.outlineTooLarge) { try TargetOutline(pathData: "M-1e308 0 L1e308 0 L0 1e308 Z", sampleCount: 10) }
        for e in [TargetError.invalidSVG("line 3: no shape"), .coincidentPoints, .collinearPoints, .tooFewPoints(count: 1, minimum: 3),
                  .outlineTooLarge] {
            #expect(!e.description.contains("\n") && !e.description.isEmpty)
        }
    }
}
