import Geometry
import Testing
import _TestSupport

@Suite("SVG documents: finding path elements")
struct SVGDocumentTests {
    @Test("paths with ids, both quote styles, entities, comments and CDATA skipped")
    func typical() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
              <!-- <path d="M9 9 L9 9"/> is a comment -->
              <style><![CDATA[ path { fill: none } <path d="nope"/> ]]></style>
              <path id="ball" d="M0 0 L10 0 L10 10 Z"/>
              <g transform="translate(5,5)">
                <path id='moved' d='M1 1 L2 2'></path>
              </g>
              <svg:path d="M3 3 L4 4 &#x4C;5 5 &amp;"/>
            </svg>
            """
        let doc = try SVGDocument(parsing: text)
        #expect(doc.paths.map(\.id) == ["ball", "moved", nil])
        #expect(doc.paths[0].data == "M0 0 L10 0 L10 10 Z" && !doc.paths[0].hasTransform && doc.paths[0].line == 6)
        #expect(doc.paths[1].data == "M1 1 L2 2" && doc.paths[1].hasTransform)
        #expect(doc.paths[2].data == "M3 3 L4 4 L5 5 &" && !doc.paths[2].hasTransform)
        let path = try Path(svgPathData: doc.paths[0].data)
        #expect(path.segmentCount == 3)
    }

    @Test("not SVG, or malformed tags: errors naming the line")
    func errors() {
        #expect(throws: SVGDocumentError.self) { try SVGDocument(parsing: "x,y\n1,2\n") }
        do {
            _ = try SVGDocument(parsing: "<svg>\n\n<path d=\"M0 0 L1 1\n")
            Issue.record("should throw")
        } catch {
            #expect(error.description.hasPrefix("line 3:"), "\(error)")
        }
        #expect(throws: SVGDocumentError.self) { try SVGDocument(parsing: "<svg><path d=M0></svg>") }
        #expect(throws: SVGDocumentError.self) { try SVGDocument(parsing: "<svg><!-- never closed") }
    }

    @Test("an SVG without paths has none; random bytes never crash")
    func robustness() throws {
        #expect(try SVGDocument(parsing: "<svg><rect/></svg>").paths.isEmpty)
        var rng = SplitMix64(seed: 51)
        let alphabet = Array("<>/=\"' svgpathd!-[]CDATA?\n&#;xM0 1".utf8)
        for _ in 0..<3000 {
            let n = Int.random(in: 0..<80, using: &rng)
            let bytes = (0..<n).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
            _ = try? SVGDocument(parsing: "<svg>" + String(decoding: bytes, as: UTF8.self))
        }
    }
}
