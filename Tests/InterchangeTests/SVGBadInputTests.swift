import Foundation
import Geometry
import Interchange
import Testing
import _TestSupport

/// Bad documents: one error, one line, naming the line and element — never a trap and never a
/// silently wrong outline.
@Suite struct SVGBadInputTests {
    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"

    static func message(_ text: String, options: SVGDrawing.Options = .init()) -> String? {
        do throws(SVGReadError) {
            _ = try SVGDrawing(parsing: text, options: options)
            return nil
        } catch {
            return error.description
        }
    }

    /// Each document (the SVG start tag is line 1) and its exact message.
    static let table: [(String, String)] = [
        // Transforms.
        ("\n<rect id=\"r\" width=\"1\" height=\"1\" transform=\"scale(2,\"/>",
         "line 2: <rect id=\"r\">: attribute transform 'scale(2,': offset 8: expected a number, found the end in scale(…)"),
        ("\n<g transform=\"rotate(45 1)\"><path d=\"M0 0 L1 1\"/></g>",
         "line 2: <g>: attribute transform 'rotate(45 1)': offset 0: rotate takes 1 or 3 numbers, found 2"),
        ("\n<g transform=\"skewX(90)\"/>", "line 2: <g>: attribute transform 'skewX(90)': offset 0: skewX(90) is infinite (a skew of 90°)"),
        ("\n\n<rect width=\"1\" height=\"1\" transform=\"scale(1e200) scale(1e200)\"/>",
         "line 3: <rect>: the transforms overflow (a matrix entry is not finite)"),
        ("\n<path d=\"M 0 0 L 1e300 0\" transform=\"scale(1e10)\"/>", "line 2: <path>: its coordinates overflow after the transforms"),
        ("\n<rect width=\"1\" height=\"1\" transform-origin=\"center\"/>",
         "line 2: <rect>: attribute transform-origin 'center': is not supported (renderers differ on its reference box); fold it into transform"),
        ("\n<rect width=\"1\" height=\"1\" style=\"transform: rotate(45deg)\"/>",
         "line 2: <rect>: attribute style 'transform: rotate(45deg)': 'transform' is not supported in CSS (use the attribute)"),
        // NaN, infinity and malformed numbers in attributes.
        ("\n<circle r=\"NaN\"/>", "line 2: <circle>: attribute r 'NaN': expected a number, found 'N'"),
        ("\n<circle cx=\"1e400\" r=\"1\"/>", "line 2: <circle>: attribute cx '1e400': number out of range '1e400'"),
        ("\n<rect width=\"inf\" height=\"1\"/>", "line 2: <rect>: attribute width 'inf': expected a number, found 'i'"),
        ("\n<rect width=\"5 px\" height=\"1\"/>", "line 2: <rect>: attribute width '5 px': unexpected 'p' after the length"),
        ("\n<rect width=\"5furlongs\" height=\"1\"/>", "line 2: <rect>: attribute width '5furlongs': unknown unit 'furlongs' (expected px, in, cm, mm, pt, pc or %)"),
        ("\n<circle r=\"2em\"/>", "line 2: <circle>: attribute r '2em': '2em': em and ex units depend on the font size, which is not supported"),
        ("\n<circle r=\"-3\"/>", "line 2: <circle>: attribute r '-3': is negative"),
        ("\n<polygon points=\"0,0 1,1 2\"/>", "line 2: <polygon>: attribute points '0,0 1,1 2': has an odd number of coordinates (5)"),
        ("\n<polyline points=\"0,0 1,x\"/>", "line 2: <polyline>: attribute points '0,0 1,x': at offset 6: expected a number, found 'x'"),
        ("\n<path id=\"p\" d=\"M 0 0 L x\"/>", "line 2: <path id=\"p\">: attribute d: offset 8: expected a number, found 'x'"),
        ("\n<svg width=\"5\" height=\"5\" viewBox=\"0 0 -1 1\"/>", "line 2: <svg>: attribute viewBox '0 0 -1 1': a negative width or height"),
        ("\n<svg width=\"5\" height=\"5\" viewBox=\"0 0 1\"/>", "line 2: <svg>: attribute viewBox '0 0 1': expected a number, found the end"),
        ("\n<svg width=\"10\" height=\"10\" viewBox=\"0 0 1 1\" preserveAspectRatio=\"xMidYMid stretch\"/>",
         "line 2: <svg>: attribute preserveAspectRatio 'xMidYMid stretch': expected meet or slice after xMidYMid, found 'stretch'"),
        // use.
        ("\n<g id=\"a\">\n<use href=\"#a\"/></g>", "line 3: <use>: use cycle: <g id=\"a\"> on line 2 contains this <use>, which draws it again"),
        ("\n<use id=\"u\" href=\"#u\"/>", "line 2: <use id=\"u\">: use cycle: <use id=\"u\"> on line 2 contains this <use>, which draws it again"),
        ("\n<use id=\"a\" href=\"#b\"/>\n<use id=\"b\" xlink:href=\"#a\"/>", "line 3: <use id=\"b\">: use cycle: <use id=\"a\"> on line 2 contains this <use>, which draws it again"),
        ("\n<use href=\"#nope\"/>", "line 2: <use>: attribute href '#nope': no element has id 'nope'"),
        ("\n<use href=\"other.svg#ball\"/>", "line 2: <use>: attribute href 'other.svg#ball': only references to an element of this document (#id) are read"),
        ("\n<use href=\"#\"/>", "line 2: <use>: attribute href '#': only references to an element of this document (#id) are read"),
        ("\n<symbol id=\"s\" x=\"5\"><rect width=\"1\" height=\"1\"/></symbol><use href=\"#s\"/>",
         "line 2: <symbol id=\"s\">: attribute x '5': SVG 2's symbol geometry is not supported (renderers differ); set it on the <use>"),
        // CSS that could hide a shape but cannot be evaluated here.
        ("\n<style>\n.a { fill: red }\ng > rect { display: none }\n</style>",
         "line 4: <style>: the rule 'g > rect' sets display, and its selector 'g > rect' cannot be evaluated here (only type, *, .class and #id selectors and comma lists of them)"),
        ("\n<style>.a, rect:first-child { visibility: hidden }</style>",
         "line 2: <style>: the rule '.a, rect:first-child' sets visibility, and its selector 'rect:first-child' cannot be evaluated here (only type, *, .class and #id selectors and comma lists of them)"),
        ("\n<style>\n@media print { .a { display: none } }</style>", "line 3: <style>: @media holds a rule that sets display, and its condition cannot be evaluated here"),
        ("\n<style>@import url(more.css);</style>", "line 2: <style>: @import: an imported style sheet could hide shapes and is not read"),
        ("\n<style>.a { cx: 5 }</style><circle class=\"a\" r=\"1\"/>", "line 2: <circle>: a <style> rule sets 'cx', which is not supported in CSS (use the attribute)"),
        // The document itself.
        ("\n<g transform=\"scale(2)\"></svg>", "line 2: end tag </svg> does not match <g> of line 2"),
        ("\n<g>", "line 3: end tag </svg> does not match <g> of line 2"),
        ("\n<rect width=\"1\" width=\"2\"/>", "line 2: attribute 'width' appears twice in <rect>"),
        ("\n<rect width=\"1\" height=\"1\" fill=\"a&b\"/>", "line 2: '&' that does not start an entity or character reference (write &amp;)"),
        ("\n<rect id=\"&nbsp;\"/>", "line 2: undefined entity '&nbsp;'"),
        ("\n<x:rect/>", "line 2: namespace prefix 'x' of <x:rect> is not declared"),
        ("\n<rect width=1/>", "line 2: attribute 'width' of <rect> needs a quoted value"),
        ("\n<!-- open", "line 2: a comment '<!--' is never closed"),
    ]

    @Test func eachBadDocumentGetsOneLineNamingTheLineAndElement() {
        for (body, expected) in Self.table {
            let text = body.contains("</svg>") ? Self.svg + body : Self.svg + body + "\n</svg>"
            let got = Self.message(text)
            #expect(got == expected, "\(body)")
            #expect(got.map { !$0.contains("\n") } == true)
        }
    }

    @Test func documentsThatAreNotSVGOrNotXML() {
        #expect(Self.message("") == "no root element (not an XML document)")
        #expect(Self.message(Self.svg + "\n<g>") == "line 2: <g> is never closed")
        #expect(Self.message("x,y\n1,2\n") == "line 1: text before the root element (not an XML document)")
        #expect(Self.message("<html><body/></html>") == "line 1: not an SVG document: the root element is <html>")
        #expect(Self.message("<svg xmlns=\"http://example.com/\"/>") == "line 1: not an SVG document: the root element is <svg> in namespace 'http://example.com/'")
        #expect(Self.message("<svg/>\n<svg/>") == "line 2: a second root element")
        #expect(Self.message("<svg/>\ntrailing") == "line 2: text after the root element")
        #expect(Self.message("<svg transform=\"scale(2)\"/>") == "line 1: <svg>: a transform on the outermost <svg> is not supported (renderers disagree on whether it applies inside or outside the viewBox)")
        #expect(Self.message("<svg width=\"-5\"/>") == "line 1: <svg>: attribute width '-5': is negative")
        #expect(Self.message("<svg><svg><rect width=\"1\" height=\"1\"/></svg></svg>") == "line 1: <svg>: its size is 100% of a viewport whose size the document does not give (set width and height)")
        #expect(Self.message("<svg><rect width=\"50%\" height=\"1\"/></svg>") == "line 1: <rect>: attribute width '50%': '50%' needs the size of the viewport, which the document does not give (no viewBox, no width and height)")
    }

    @Test func aDocumentOverTheSizeLimitIsRefusedBeforeParsing() {
        // 50 MB of comment: refused by the stated 20,000,000-byte limit, not parsed.
        let big = "<svg><!--" + String(repeating: "x", count: 50_000_000) + "--></svg>"
        #expect(Self.message(big) == "the document is 50000018 bytes, more than the limit of 20000000 bytes")
        var options = SVGDrawing.Options()
        options.limits.maximumByteCount = 100
        #expect(Self.message("<svg>" + String(repeating: " ", count: 100) + "</svg>", options: options)
                == "the document is 111 bytes, more than the limit of 100 bytes")
    }

    @Test func nestingAndExpansionLimits() {
        let deep = "<svg>" + String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300) + "</svg>"
        #expect(Self.message(deep) == "line 1: elements nested more than 256 deep")
        // <use> nested through each other past the depth limit.
        var chain = Self.svg + "<defs><rect id=\"u0\" width=\"1\" height=\"1\"/>"
        for k in 1...300 { chain += "<use id=\"u\(k)\" href=\"#u\(k - 1)\"/>" }
        chain += "</defs><use href=\"#u300\"/></svg>"
        #expect(Self.message(chain)?.hasSuffix("drawn more than 256 levels deep (through <use>)") == true)
        // Ten uses of ten uses of … (10⁷ copies): stopped at the instance limit (lowered here so
        // the test stays quick; the default is 1,000,000).
        var bomb = Self.svg + "<defs><rect id=\"b0\" width=\"1\" height=\"1\"/>"
        for k in 1...7 {
            bomb += "<g id=\"b\(k)\">" + String(repeating: "<use href=\"#b\(k - 1)\"/>", count: 10) + "</g>"
        }
        bomb += "</defs><use href=\"#b7\"/></svg>"
        var few = SVGDrawing.Options()
        few.limits.maximumInstanceCount = 20_000
        #expect(Self.message(bomb, options: few)?.hasSuffix("more than 20000 elements drawn (counting each <use> copy)") == true)
        #expect(SVGReadLimits().maximumInstanceCount == 1_000_000)
        var options = SVGDrawing.Options()
        options.limits.maximumPointCount = 100
        let points = Self.svg + String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 30) + "</svg>"
        #expect(Self.message(points, options: options) == "line 1: <rect>: the drawn shapes have more than 100 points")
    }

    /// Mutations of a valid document (seeded): never a trap, and every failure one line naming a
    /// line inside the text.
    @Test func mutatedDocumentsFailCleanly() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/svg")
        let seeds = try ["illustrator-symbols.svg", "hidden-layers.svg", "use-transforms.svg", "nested-svg-viewbox.svg"].map {
            Array(try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8).utf8)
        }
        var rng = SplitMix64(seed: 0xBAD_5A6)
        let alphabet = Array("<>/=\"'&;#:()., -0123456789eE%gsvuhrefxlinkusesymbolviewBoxtransformscalerotate".utf8)
        for n in 0..<1_500 {
            var bytes = seeds[n % seeds.count]
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[at] = alphabet.randomElement(using: &rng) ?? 0x20
                case 1: bytes.remove(at: at)
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...40, using: &rng))], at: at)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let lines = 1 + text.utf8.count { $0 == UInt8(ascii: "\n") }
            do throws(SVGReadError) {
                let d = try SVGDrawing(parsing: text)
                for s in d.shapes { #expect(s.path.isFinite && s.line >= 1 && s.line <= lines) }
            } catch {
                #expect(!error.description.contains("\n"))
                if let line = error.line { #expect(line >= 1 && line <= lines) }
            }
        }
    }
}
