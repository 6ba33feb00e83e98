import Deform
import Geometry
import Interchange
import Testing

/// Large generated inputs — many attributes on one element, many namespace declarations, many
/// style rules against many elements, many at-rules, deep at-rule nesting, long parent chains,
/// long keyframe tracks — read with their meaning checked. Each is sized so the linear readers
/// take well under two seconds in a debug build, while a reader that scans every earlier item
/// per item (the quadratic versions these replaced) takes minutes: the tests state what must be
/// read, the reader benchmark (`beztune-bench --workload readers`) how fast.
@Suite struct ReaderScalingTests {
    static let svg = "http://www.w3.org/2000/svg"

    static func message(_ text: String) -> String? {
        do { _ = try SVGDrawing(parsing: text); return nil } catch { return error.description }
    }

    // MARK: Attributes

    @Test func manyAttributesOnOneElementAreReadAndARepeatedOneIsNamed() throws {
        let n = 40_000
        let many = (0..<n).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        // The attribute that decides is the last of 40,001: it must be found.
        let text = """
        <svg xmlns="\(Self.svg)">
        <rect id="kept" width="1" height="1" \(many)/>
        <rect id="hidden" width="1" height="1" \(many) display="none"/>
        </svg>
        """
        #expect(try SVGDrawing(parsing: text).shapes.map(\.id) == ["kept"])

        // The repeated name is reported at its second occurrence, on the element's line.
        let repeated = "<svg xmlns=\"\(Self.svg)\">\n\n<rect width=\"1\" height=\"1\" \(many) a\(n / 2)=\"again\"/></svg>"
        #expect(Self.message(repeated) == "line 3: attribute 'a\(n / 2)' appears twice in <rect>")
    }

    // MARK: Namespaces

    @Test func manyNamespaceDeclarationsResolveWithTheirScopes() throws {
        let n = 30_000
        let declarations = (0..<n).map { "xmlns:p\($0)=\"urn:x-\($0)\"" }.joined(separator: " ")
        let text = """
        <svg xmlns="\(Self.svg)" xmlns:s="\(Self.svg)" xmlns:xlink="http://www.w3.org/1999/xlink" \(declarations)>
        <p\(n - 1):rect id="foreign" width="1" height="1"/>
        <g xmlns:p7="\(Self.svg)"><p7:rect id="inner" width="1" height="1"/></g>
        <p7:rect id="after" width="1" height="1"/>
        <s:rect id="s" width="2" height="2" p\(n / 2):note="x"/>
        <use id="u" xlink:href="#s" x="5"/>
        </svg>
        """
        // p7 is SVG only inside the <g> that redeclares it; a use's xlink:href resolves among
        // 30,003 declarations.
        #expect(try SVGDrawing(parsing: text).shapes.map(\.id) == ["inner", "s", "s"])
        let undeclared = text.replacingOccurrences(of: "<p7:rect id=\"after\"", with: "<q:rect id=\"after\"")
        #expect(Self.message(undeclared) == "line 4: namespace prefix 'q' of <q:rect> is not declared")
    }

    @Test func namespacesDeclaredAtEveryLevelOfADeepDocument() throws {
        // 250 nested groups, each declaring its own prefix: a name in the innermost resolves
        // the outermost prefix, and each scope ends with its element.
        let depth = 250
        var text = "<svg xmlns=\"\(Self.svg)\" xmlns:top=\"\(Self.svg)\">"
        for k in 0..<depth { text += "<g xmlns:d\(k)=\"urn:level-\(k)\">" }
        text += "<top:rect id=\"deep\" width=\"1\" height=\"1\"/><d0:rect id=\"foreign\" width=\"1\" height=\"1\"/>"
        text += String(repeating: "</g>", count: depth)
        text += "<rect id=\"outside\" width=\"1\" height=\"1\"/></svg>"
        #expect(try SVGDrawing(parsing: text).shapes.map(\.id) == ["deep", "outside"])
        #expect(Self.message(text.replacingOccurrences(of: "<rect id=\"outside\"", with: "<d0:rect id=\"outside\""))
            == "line 1: namespace prefix 'd0' of <d0:rect> is not declared")
    }

    // MARK: Style sheets

    /// The rules and elements of `cascade(_:)`: for element i (`<rect id="r{i}" class="k c{i}">`)
    /// which rules set fill, and so whether it is drawn (stroke is none everywhere).
    static func cascadeDocument(_ n: Int) -> (text: String, drawn: [String]) {
        var css = "* { stroke: none } .k { fill: black }\n"
        var body = ""
        var drawn: [String] = []
        for i in 0..<n {
            // Before .c{i}: an id rule, which wins by specificity although it comes first.
            if i % 3 == 1 { css += "#r\(i) { fill: black }\n" }
            css += ".c\(i) { fill: none }\n"
            // After: type + class beats class; an equal-specificity later rule wins.
            if i % 3 == 2 { css += "rect.c\(i) { fill: blue }\n" }
            if i % 3 == 0 && i % 5 == 0 { css += ".c\(i) { fill: green }\n" }
            body += "<rect id=\"r\(i)\" class=\"k c\(i)\" width=\"1\" height=\"1\"/>\n"
            if i % 3 != 0 || i % 5 == 0 { drawn.append("r\(i)") }
        }
        return ("<svg xmlns=\"\(svg)\"><style>\n\(css)</style>\n\(body)</svg>", drawn)
    }

    @Test func manyClassRulesAgainstManyElementsKeepTheCascade() throws {
        let (text, drawn) = Self.cascadeDocument(6_000)
        #expect(try SVGDrawing(parsing: text).shapes.map { $0.id ?? "" } == drawn)
    }

    @Test func oneElementWithManyClassesMatchesEachOfTheirRules() throws {
        let n = 20_000
        let classes = (0..<n).map { "c\($0)" }.joined(separator: " ")
        // Every rule matches the one element; the last in source order decides.
        let rules = (0..<n).map { ".c\($0) { fill: \($0 == n - 1 ? "none" : "black") }" }.joined(separator: "\n")
        let text = "<svg xmlns=\"\(Self.svg)\"><style>\(rules)</style><rect class=\"\(classes)\" width=\"1\" height=\"1\"/></svg>"
        #expect(try SVGDrawing(parsing: text).shapes.isEmpty)
        let reversed = text.replacingOccurrences(of: ".c\(n - 1) { fill: none }", with: ".c\(n - 1) { fill: black }")
            .replacingOccurrences(of: ".c0 { fill: black }", with: ".c0 { fill: none }")
        #expect(try SVGDrawing(parsing: reversed).shapes.count == 1)
    }

    @Test func manyAtRulesKeepTheirLineNumbers() {
        let n = 20_000
        let fonts = (0..<n).map { "@font-face { font-family: f\($0) }" }.joined(separator: "\n")
        // The refused @media is on line 2 + n (the <style> starts on line 2).
        let text = "<svg xmlns=\"\(Self.svg)\">\n<style>\(fonts)\n@media print { .x { display: none } }</style></svg>"
        #expect(Self.message(text) == "line \(n + 2): <style>: @media holds a rule that sets display, and its condition cannot be evaluated here")
    }

    @Test func atRuleBlocksNestAtMostTheDepthLimit() throws {
        func nested(_ depth: Int, inner: String = ".a { color: red }") -> String {
            let open = (0..<depth).map { _ in "@media screen {\n" }.joined()
            return "<svg xmlns=\"\(Self.svg)\"><style>\n\(open)\(inner)\(String(repeating: "}", count: depth))</style><rect width=\"1\" height=\"1\"/></svg>"
        }
        // 256 levels (SVGReadLimits.maximumDepth) are read; the 257th is refused on its line
        // (the first @media is on line 2).
        #expect(try SVGDrawing(parsing: nested(256)).shapes.count == 1)
        #expect(Self.message(nested(257)) == "line 258: <style>: @media: at-rule blocks nested more than 256 deep")
        // Far deeper is refused the same way, without exhausting the stack.
        #expect(Self.message(nested(4000)) == "line 258: <style>: @media: at-rule blocks nested more than 256 deep")
        // Within the limit, a decisive rule is still found at the bottom.
        #expect(Self.message(nested(200, inner: ".a { display: none }")) == "line 201: <style>: @media holds a rule that sets display, and its condition cannot be evaluated here")
        var limits = SVGDrawing.Options()
        limits.limits.maximumDepth = 10
        #expect(throws: SVGReadError.self) { try SVGDrawing(parsing: nested(11), options: limits) }
    }

    // MARK: Lottie

    @Test func aLongParentChainIsFollowedToItsEnd() throws {
        // Layer 0 (the shape) has parent 1, layer j parent j + 1, up to layer n − 1; each parent
        // moves by (1, 0), so the outline moves by n − 1.
        let n = 20_000
        var layers = [LottieText.shapeLayer(LottieText.triangle, extra: #","parent":1"#).replacingOccurrences(of: #""ind":1"#, with: #""ind":0"#)]
        for j in 1..<n {
            let parent = j + 1 < n ? #","parent":\#(j + 1)"# : ""
            layers.append(#"{"ty":3,"ind":\#(j)\#(parent),"ip":0,"op":30,"ks":{"p":{"k":[1,0]}}}"#)
        }
        let document = try LottieText.read(LottieText.document(layers.joined(separator: ",")))
        let outline = try document.shapeLayer(.index(0)).outline(atFrame: 0)
        #expect(outline.xs.min() == Double(n - 1))
        #expect(outline.xs.max() == Double(n - 1 + 10))
    }

    @Test func aParentChainWithARepeatedIndIsAmbiguous() {
        let layers = [
            LottieText.shapeLayer(LottieText.triangle, extra: #","parent":5"#),
            #"{"ty":3,"ind":5,"ip":0,"op":30,"ks":{}}"#,
            #"{"ty":3,"ind":7,"ip":0,"op":30,"ks":{}}"#,
            #"{"ty":3,"ind":5,"ip":0,"op":30,"ks":{}}"#,
        ]
        #expect(throws: LottieError.self) {
            _ = try LottieText.read(LottieText.document(layers.joined(separator: ","))).shapeLayer(.index(0))
        }
        do {
            _ = try LottieText.read(LottieText.document(layers.joined(separator: ","))).shapeLayer(.index(0))
        } catch {
            #expect(error.description.contains("the parent 5 is ambiguous: layers[1], layers[3] all have ind 5"))
        }
    }

    @Test func manyLottieKeyframesAreReadAndEvaluated() throws {
        // The layer's position jumps (hold keyframes) every frame: x = frame mod 100.
        let n = 50_000
        let keyframes = (0..<n).map { #"{"t":\#($0),"s":[\#($0 % 100),0],"h":1}"# }.joined(separator: ",")
        let layer = LottieText.shapeLayer(LottieText.triangle, ks: #"{"p":{"a":1,"k":[\#(keyframes)]}}"#)
            .replacingOccurrences(of: #""op":30"#, with: #""op":\#(n)"#)
        let text = LottieText.document(layer, top: #""v":"5.7.0","fr":30,"ip":0,"op":\#(n),"w":512,"h":512"#)
        let shape = try LottieText.read(text).shapeLayer()
        #expect(shape.keyframeTimes.count == n)
        for frame in [0, 1, 99, 12_345, n - 1] {
            #expect(try shape.outline(atFrame: Double(frame) + 0.5 * (frame < n - 1 ? 1 : 0)).xs.min() == Double(frame % 100))
        }
    }

    // MARK: BezierTune documents

    @Test func aDocumentWithManyKeyedIntervalsExportsEachAsDrawn() throws {
        // 20,000 keyframes with one cubic-bezier each: every interval is keyed (its easing
        // found by the keyframe at its start), so the keyframe formats carry them as they are.
        let n = 20_000
        let pairs = (0..<n).map { "[\(Double($0) / Double(n - 1)), \($0 % 2 == 0 ? 1 : 0.7)]" }.joined(separator: ",")
        let text = """
        {"format": "beztune-animation", "model": "ball",
         "timings": {"yFactor": {"keyframes": [\(pairs)], "timings": ["cubic-bezier(0.4,0,0.2,1)"]}}}
        """
        let animation = try AnimationDocument(parsing: text).animation
        #expect(animation.keyframeTimes.count == n)
        let times = animation.keyframeTimes
        let expected = TimingFunction.cubicBezier(try CubicBezierTiming(x1: 0.4, y1: 0, x2: 0.2, y2: 1))
        // Every interval asked for, as the keyframe exports ask.
        let keyed = (0..<(n - 1)).filter { animation.keyedEasing(from: times[$0], to: times[$0 + 1]) == expected }
        #expect(keyed.count == n - 1)
        // Not consecutive keys, or not keys at all: no keyed easing.
        #expect(animation.keyedEasing(from: times[0], to: times[2]) == nil)
        #expect(animation.keyedEasing(from: 0.5 * (times[0] + times[1]), to: times[1]) == nil)
        #expect(animation.keyedEasing(from: .nan, to: times[1]) == nil)
    }
}
