import Interchange
import Testing

/// `<style>` sheets as far as they decide what is drawn: the selectors evaluated, the cascade,
/// and the rules the reader must refuse rather than ignore.
@Suite struct SVGStyleSheetTests {
    static func ids(_ css: String, _ body: String) throws -> [String?] {
        try SVGDrawing(parsing: "<svg xmlns=\"http://www.w3.org/2000/svg\"><style>\(css)</style>\(body)</svg>").shapes.map(\.id)
    }

    static let five = """
    <rect id="a" class="x" width="1" height="1"/><circle id="b" class="x y" r="1"/><rect id="c" class="y" width="1" height="1"/>
    <path id="d" d="M0 0 L1 1" stroke="black"/><ellipse id="e" class="z" rx="1" ry="1"/>
    """

    @Test func typeClassIdUniversalCompoundsAndLists() throws {
        #expect(try Self.ids(".x { display: none }", Self.five) == ["c", "d", "e"])
        #expect(try Self.ids(".x.y { display: none }", Self.five) == ["a", "c", "d", "e"])
        #expect(try Self.ids("rect.y, #e { display: none }", Self.five) == ["a", "b", "d"])
        #expect(try Self.ids("rect { display: none }", Self.five) == ["b", "d", "e"])
        #expect(try Self.ids("* { visibility: hidden } #d { visibility: visible }", Self.five) == ["d"])
        #expect(try Self.ids("path#d.q { display: none }", Self.five) == ["a", "b", "c", "d", "e"])
        // Class and id matching is case-sensitive (XML); property names are not.
        #expect(try Self.ids(".X { DISPLAY: NONE }", Self.five) == ["a", "b", "c", "d", "e"])
        #expect(try Self.ids(".x { DISPLAY: NONE }", Self.five) == ["c", "d", "e"])
    }

    @Test func specificityOrderAndImportance() throws {
        // #id (1,0,0) beats .class (0,1,0) beats type (0,0,1), whatever the order.
        #expect(try Self.ids("#a { display: inline } .x { display: none }", Self.five) == ["a", "c", "d", "e"])
        #expect(try Self.ids(".y { display: inline } rect { display: none }", Self.five) == ["b", "c", "d", "e"])
        // Equal specificity: the later rule wins.
        #expect(try Self.ids(".x { display: none } .y { display: inline }", Self.five) == ["b", "c", "d", "e"])
        // !important wins over specificity and over the style attribute.
        #expect(try Self.ids("rect { display: none !important } #a { display: inline }", Self.five) == ["b", "d", "e"])
        #expect(try Self.ids(".q { visibility: hidden !important }", "<rect class=\"q\" id=\"q\" width=\"1\" height=\"1\" style=\"visibility: visible\"/>") == [])
        // An invalid value is dropped, so the next declaration applies.
        #expect(try Self.ids(".x { visibility: hidden } #a { visibility: sometimes }", Self.five) == ["c", "d", "e"])
    }

    @Test func commentsCDATAAndIgnorableAtRules() throws {
        let css = "<![CDATA[ /* .x { display: none } */ @font-face { font-family: F; src: url(f.woff) } @keyframes k { from { visibility: hidden } } .z { display: none } ]]>"
        #expect(try Self.ids(css, Self.five) == ["a", "b", "c", "d"])
        // Unevaluable selectors that cannot hide anything are ignored.
        #expect(try Self.ids("g > rect { opacity: 0.5 } rect:hover { color: red } @media print { .x { color: red } }", Self.five) == ["a", "b", "c", "d", "e"])
        // A <style> of another type is not CSS.
        let other = try SVGDrawing(parsing: "<svg><style type=\"text/less\">rect { display: none }</style><rect width=\"1\" height=\"1\"/></svg>")
        #expect(other.shapes.count == 1)
        // Geometry properties in CSS are refused only where they would change a shape.
        let outerSize = try SVGDrawing(parsing: "<svg><style>svg { width: 100%; height: auto } g { x: 5 }</style><g><rect width=\"1\" height=\"1\"/></g></svg>")
        #expect(outerSize.shapes.count == 1)
        // A rule in a <style> inside <defs> still applies.
        let inDefs = try SVGDrawing(parsing: "<svg><defs><style>.h{display:none}</style></defs><rect class=\"h\" width=\"1\" height=\"1\"/></svg>")
        #expect(inDefs.shapes.isEmpty)
    }

    @Test func rulesThatCouldHideButCannotBeEvaluatedAreRefused() {
        func message(_ css: String) -> String? {
            do { _ = try SVGDrawing(parsing: "<svg><style>\(css)</style></svg>"); return nil } catch { return error.description }
        }
        for css in ["g rect { display: none }", "[id=a] { fill: none }", "rect:first-child { stroke: none }",
                    "svg|rect { visibility: hidden }", ".a\\:b { display: none }", "rect + rect { visibility: visible }"] {
            #expect(message(css)?.contains("cannot be evaluated here") == true, "\(css)")
        }
        #expect(message("@supports (display: grid) { rect { display: none } }") == "line 1: <style>: @supports holds a rule that sets display, and its condition cannot be evaluated here")
        #expect(message("@media screen { g > rect { display: none } }")?.contains("cannot be evaluated here") == true)
    }
}
