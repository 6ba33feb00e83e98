import Geometry
import Interchange
import Testing

/// The XML the reader accepts as design tools write it: declarations, DOCTYPE entities,
/// namespaces and prefixes, references, CDATA, line numbers.
@Suite struct SVGXMLTests {
    @Test func prologDoctypeEntitiesAndNamespaces() throws {
        let text = """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!-- comment -->
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
          <!ENTITY ns_svg "http://www.w3.org/2000/svg">
          <!ENTITY ns_xlink 'http://www.w3.org/1999/xlink'>
          <!ENTITY w "1&#48;">
          <!ELEMENT svg ANY> <!ATTLIST svg x CDATA #IMPLIED> <?pi inside?> <!-- and a comment -->
        ]>
        <s:svg xmlns:s="&ns_svg;" xmlns:l="&ns_xlink;" xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/">
          <s:defs><s:rect id="r" width="&w;" height="5&#x30;"/></s:defs>
          <s:use l:href="#r" x="&#49;"/>
          <i:pgf><s:rect width="99" height="99"/></i:pgf>
          <rect xmlns="http://example.com/other" width="99" height="99"/>
        </s:svg>
        """
        let d = try SVGDrawing(parsing: text)
        // Only the use of the svg:rect: the one inside Illustrator's i:pgf and the one in another
        // default namespace are not SVG. width "1&#48;" is 10, height "5&#x30;" is 50, x 1.
        #expect(d.shapes.count == 1)
        #expect(d.shapes.first?.boundingBox == Rect(minX: 1, minY: 0, maxX: 11, maxY: 50))
        #expect(d.shapes.first?.line == 10)
    }

    @Test func attributeValuesAreNormalisedAndDecoded() throws {
        // A line break inside d is a space (XML §3.3.3); &lt; and &#x9; decode.
        let d = try SVGDrawing(parsing: "<svg>\n<path id=\"a&lt;b\" d=\"M0 0\n L10&#x9;0\r\n L10 10 Z\"/></svg>")
        #expect(d.shapes.first?.id == "a<b")
        #expect(d.shapes.first?.path.svgPathData == "M0 0 L10 0 L10 10 Z")
        #expect(d.shapes.first?.line == 2)
    }

    @Test func entitiesThatCouldExplodeOrHideMarkupAreRefused() {
        func message(_ text: String) -> String? {
            do { _ = try SVGDrawing(parsing: text); return nil } catch { return error.description }
        }
        #expect(message("<!DOCTYPE svg [<!ENTITY a \"x\"><!ENTITY b \"&a;&a;\">]><svg/>") == "line 1: entity value refers to entity '&a;' (nested entities are not supported)")
        #expect(message("<!DOCTYPE svg [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><svg id=\"&e;\"/>") == "line 1: entity '&e;' is external or holds markup, which is not supported")
        #expect(message("<!DOCTYPE svg [<!ENTITY m \"<rect/>\">]><svg id=\"&m;\"/>") == "line 1: entity '&m;' is external or holds markup, which is not supported")
        #expect(message("<svg id=\"&#0;\"/>") == "line 1: '&#0;' is not a valid character reference")
        #expect(message("<svg id=\"&#xD800;\"/>") == "line 1: '&#xD800;' is not a valid character reference")
        #expect(message("<svg>\n<svg:rect/></svg>") == "line 2: namespace prefix 'svg' of <svg:rect> is not declared")
        #expect(message("<svg><rect l:href=\"#a\"/></svg>") == "line 1: namespace prefix 'l' of attribute 'l:href' is not declared")
        #expect(message("<svg>\n\n<rect></svg>") == "line 3: end tag </svg> does not match <rect> of line 3")
        #expect(message("<svg><rect x=\"1\"y=\"2\"/></svg>") == "line 1: expected a space, '>' or '/>' in <rect>, found 'y'")
        #expect(message("<svg><![CDATA[ x </svg>") == "line 1: a CDATA section is never closed")
    }
}
