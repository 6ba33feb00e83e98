import Foundation
import Geometry
import Render
import Testing

@Suite("SVG pictures: ids on marked shapes")
struct SVGElementIDTests {
    func frame(ids: Bool) -> Frame {
        var frame = Frame(width: 120, height: 90)
        let square = Path.polyline([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true)
        let triangle = Path.polyline([Point(2, 2), Point(8, 2), Point(5, 7)], closed: true)
        frame.layers = [
            .shape(square, ShapeStyle(fill: Color.palette[0].withAlpha(0.2), stroke: Color.palette[0], width: 2, id: ids ? "square" : nil)),
            .shape(triangle, ShapeStyle(stroke: .black, width: 1, dash: [3, 2], id: ids ? "a\"<b" : nil)),
        ]
        return frame
    }

    @Test("each marked stroke's element carries its id (escaped), cairo's miter limit 10 is restored, nothing else changes")
    func ids() throws {
        let marked = String(decoding: try frame(ids: true).render(.svg), as: UTF8.self)
        let plain = String(decoding: try frame(ids: false).render(.svg), as: UTF8.self)
        #expect(marked.components(separatedBy: "<path id=\"square\" ").count == 2)
        #expect(marked.components(separatedBy: "<path id=\"a&quot;&lt;b\" ").count == 2)
        #expect(!marked.contains("stroke-miterlimit:11") && !marked.contains("stroke-miterlimit:12"))
        let stripped = marked.replacingOccurrences(of: "<path id=\"square\" ", with: "<path ")
            .replacingOccurrences(of: "<path id=\"a&quot;&lt;b\" ", with: "<path ")
        #expect(stripped == plain)
    }

    @Test("ids change nothing in a PNG")
    func png() throws {
        #expect(try frame(ids: true).render(.png) == frame(ids: false).render(.png))
    }
}
