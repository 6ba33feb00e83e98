/// The CSS of an SVG document's `<style>` elements and `style` attributes, as far as it decides
/// which shapes are drawn: the properties `display`, `visibility`, `fill` and `stroke`.
///
/// Selectors evaluated (CSS Selectors 3 §6): a type selector or `*`, then any number of
/// `.class` and `#id`, in one compound (`path`, `.st0`, `#ball`, `g.layer`, `.a.b`), and comma
/// lists of those. Matching looks at the element alone, so it holds for the original element and
/// for its copies drawn by `<use>` (SVG 2 §5.6: style rules apply to the referenced element's
/// copies as they match the element itself). Specificity and order decide between rules, as in
/// CSS Cascade 3 §6.4: (ids, classes, type) compared in order, then the later rule;
/// `!important` declarations win over normal ones.
///
/// A rule whose selector uses anything else (combinators, attribute selectors, pseudo-classes,
/// namespaces, escapes) cannot be evaluated here. When such a rule declares `display`,
/// `visibility`, `fill` or `stroke` (any of which can decide whether a shape is drawn) the
/// document is refused with the rule's line; otherwise the rule is ignored (it only styles what
/// is drawn). The same holds for at-rules: `@media`, `@supports` and unknown ones are refused
/// when their block declares one of those properties; `@import` is always refused (its rules
/// cannot be read); `@font-face`, `@keyframes`, `@page`, `@charset` and `@namespace` do not
/// change a static drawing and are ignored. resvg's usvg reads the same sheets with the
/// simplecss crate (`svgtree/parse.rs`), which evaluates more selectors but none that this
/// reader evaluates differently.
///
/// Declarations that change shapes' geometry through CSS (`transform`, `transform-origin`, and
/// the SVG 2 geometry properties `x`, `y`, `width`, `height`, `cx`, `cy`, `r`, `rx`, `ry`, `d`)
/// are refused where they would apply (`SVGDrawingWalker.cssChangesGeometry`), and count as
/// deciding what is drawn in a rule that cannot be evaluated; use the attributes.
///
/// At-rule blocks nested more than `maximumDepth` deep (`SVGReadLimits.maximumDepth`) are
/// refused with the line of the first one too deep: each level is read by a recursive call.
///
/// Cost: reading is linear in the text, except that each at-rule block is scanned once more
/// for each at-rule around it (so at most `maximumDepth` + 1 times). Matching looks only at the
/// rules indexed under the element's type, id or one of its classes and the rules without any
/// (`*`, `.a` is indexed under `a`, `g.a#b` under `b`): each element costs the rules that could
/// match it, not every rule of the sheet.
struct SVGStyleSheet {
    /// One simple compound selector.
    struct Selector: Equatable {
        var type: String?
        var ids: [String] = []
        var classes: [String] = []

        /// (ids, classes, types) of CSS Selectors 3 §9.
        var specificity: Int { ids.count << 20 | classes.count << 10 | (type == nil ? 0 : 1) }

        func matches(localName: String, id: String?, classes elementClasses: Set<Substring>) -> Bool {
            if let type, type != localName { return false }
            for i in ids where i != id { return false }
            for c in classes where !elementClasses.contains(Substring(c)) { return false }
            return true
        }

        /// Where the rule is indexed: an element can match only if it has this id, else this
        /// class, else this type; nil for a selector any element may match (`*`).
        var key: SVGStyleRuleIndex.Key? {
            if let id = ids.first { return .id(id) }
            if let c = classes.first { return .class(c) }
            if let type { return .type(type) }
            return nil
        }
    }

    struct Declaration: Equatable {
        var property: String
        var value: String
        var important: Bool
    }

    struct Rule {
        var selectors: [Selector]
        var declarations: [Declaration]
        /// Position among all rules of the document, for the cascade's order.
        var order: Int
    }

    private(set) var rules: [Rule] = []
    /// The rules (their positions in `rules`, increasing) each key could match.
    private var index = SVGStyleRuleIndex()

    /// The properties the reader evaluates.
    static let evaluated: Set<String> = ["display", "visibility", "fill", "stroke"]
    /// Properties that would move or reshape geometry if set through CSS.
    static let geometric: Set<String> = ["transform", "transform-origin", "x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "d"]

    init() {}

    /// Adds the rules of one `<style>` element's text, which starts on line `line`; at-rule
    /// blocks may nest `maximumDepth` deep.
    mutating func add(css: String, line: Int, maximumDepth: Int) throws(SVGReadError) {
        var scanner = CSSScanner(Array(css.utf8), line: line, maximumDepth: maximumDepth)
        try scanner.rules(into: &self)
    }

    mutating func append(_ selectors: [Selector], _ declarations: [Declaration]) {
        let position = rules.count
        rules.append(Rule(selectors: selectors, declarations: declarations, order: position))
        for s in selectors { index.add(position, under: s.key) }
    }

    /// The declarations of the rules matching an element, most specific last (ties: later last),
    /// with their specificity.
    func matching(localName: String, id: String?, classAttribute: String?) -> [(specificity: Int, order: Int, declaration: Declaration)] {
        let classList = classAttribute.map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) } ?? []
        let classes = Set(classList)
        var out: [(specificity: Int, order: Int, declaration: Declaration)] = []
        for position in index.candidates(type: localName, id: id, classes: classes) {
            let rule = rules[position]
            var best = -1
            for s in rule.selectors where s.matches(localName: localName, id: id, classes: classes) {
                best = max(best, s.specificity)
            }
            if best >= 0 { for d in rule.declarations { out.append((best, rule.order, d)) } }
        }
        return out.sorted { $0.specificity != $1.specificity ? $0.specificity < $1.specificity : $0.order < $1.order }
    }

    /// The declarations of a `style` attribute (CSS Style Attributes §3): `name: value` pairs
    /// separated by semicolons.
    static func declarations(styleAttribute text: String) -> [Declaration] {
        var scanner = CSSScanner(Array(text.utf8), line: 0, maximumDepth: 0, countingLines: false)
        return scanner.declarationList(until: nil)
    }
}

/// A small CSS tokenizer over UTF-8 bytes: comments, strings and nested blocks skipped as CSS
/// Syntax 3 does; only what `SVGStyleSheet` needs.
private struct CSSScanner {
    /// The whole text; this scanner reads `bytes[i..<end]` (an at-rule's block is read by a
    /// scanner over the same bytes, not a copy).
    let bytes: [UInt8]
    var i: Int
    let end: Int
    /// Line of byte 0.
    let firstLine: Int
    /// The text's line feeds (empty when lines are not needed).
    let lines: LineTable
    /// How deep at-rule blocks may nest in the whole text, and still inside this scanner's.
    let maximumDepth: Int
    let remainingDepth: Int

    init(_ bytes: [UInt8], line: Int, maximumDepth: Int, countingLines: Bool = true) {
        self.bytes = bytes
        self.i = 0
        self.end = bytes.count
        self.firstLine = line
        self.lines = LineTable(bytes, counting: countingLines)
        self.maximumDepth = maximumDepth
        self.remainingDepth = maximumDepth
    }

    /// The scanner of the block `range` of `outer`'s text, one level deeper.
    private init(block range: Range<Int>, of outer: CSSScanner) {
        bytes = outer.bytes
        i = range.lowerBound
        end = range.upperBound
        firstLine = outer.firstLine
        lines = outer.lines
        maximumDepth = outer.maximumDepth
        remainingDepth = outer.remainingDepth - 1
    }

    /// The line of `offset`: the first line plus the line feeds before it (binary search).
    func line(at offset: Int) -> Int {
        firstLine + lines.lineFeeds(before: min(offset, end))
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    /// Skips whitespace and comments.
    mutating func skipTrivia() {
        while i < end {
            if Self.isSpace(bytes[i]) { i += 1; continue }
            if bytes[i] == UInt8(ascii: "/"), i + 1 < end, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < end && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(end, i + 2)  // an unterminated comment runs to the end (CSS Syntax §4.3.2)
                continue
            }
            // <!-- and --> are allowed around a style sheet (CSS Syntax §5.4.1).
            if starts("<!--", i) { i += 4; continue }
            if starts("-->", i) { i += 3; continue }
            break
        }
    }

    func starts(_ s: StaticString, _ k: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard k + n <= end else { return false }
        return s.withUTF8Buffer { u in
            for j in 0..<n where bytes[k + j] != u[j] { return false }
            return true
        }
    }

    /// Text up to (not including) the first of `stops` at nesting depth 0, outside strings and
    /// comments; comments are dropped from the result. With `keeping` false, the same bytes are
    /// passed over and "" returned.
    @discardableResult
    mutating func text(until stops: Set<UInt8>, keeping: Bool = true) -> String {
        var out: [UInt8] = []
        var depth = 0
        while i < end {
            let b = bytes[i]
            if depth == 0 && stops.contains(b) { break }
            if b == UInt8(ascii: "/"), i + 1 < end, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < end && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(end, i + 2)
                if keeping { out.append(0x20) }
                continue
            }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                let start = i
                i += 1
                while i < end && bytes[i] != b && bytes[i] != 0x0A {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                    i += 1
                }
                i = min(end, i + 1)
                if keeping { out.append(contentsOf: bytes[start..<i]) }
                continue
            }
            if b == UInt8(ascii: "(") || b == UInt8(ascii: "[") || b == UInt8(ascii: "{") { depth += 1 }
            if (b == UInt8(ascii: ")") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}")) && depth > 0 { depth -= 1 }
            if keeping { out.append(b) }
            i += 1
        }
        return keeping ? String(decoding: out, as: UTF8.self) : ""
    }

    /// The rules of a style sheet, added to `sheet`.
    mutating func rules(into sheet: inout SVGStyleSheet) throws(SVGReadError) {
        while true {
            skipTrivia()
            guard i < end else { return }
            let start = i
            if bytes[i] == UInt8(ascii: "@") {
                try atRule(into: &sheet, start: start)
                continue
            }
            let prelude = text(until: [UInt8(ascii: "{")])
            guard i < end else { return }  // a rule without a block: dropped (CSS Syntax §5.4.3)
            i += 1
            let declarations = declarationList(until: UInt8(ascii: "}"))
            if i < end { i += 1 }
            let parts = Self.splitList(prelude)
            var selectors: [SVGStyleSheet.Selector] = []
            var unsupported: String?
            for part in parts {
                if let s = Self.selector(part) { selectors.append(s) } else { unsupported = unsupported ?? part }
            }
            if let unsupported {
                if let property = Self.decisive(declarations) {
                    throw SVGReadError(
                        line: line(at: start), element: "<style>",
                        reason: "the rule '\(SVGText.shortened(Self.collapse(prelude), limit: 60))' sets \(property), and its selector '\(SVGText.shortened(Self.collapse(unsupported)))' cannot be evaluated here (only type, *, .class and #id selectors and comma lists of them)")
                }
                continue  // styles only what is drawn
            }
            sheet.append(selectors, declarations)
        }
    }

    /// The first evaluated or geometric property among `declarations`, for messages.
    static func decisive(_ declarations: [SVGStyleSheet.Declaration]) -> String? {
        declarations.first { SVGStyleSheet.evaluated.contains($0.property) || SVGStyleSheet.geometric.contains($0.property) }?.property
    }

    private mutating func atRule(into sheet: inout SVGStyleSheet, start: Int) throws(SVGReadError) {
        i += 1
        var nameEnd = i
        while nameEnd < end, bytes[nameEnd] == UInt8(ascii: "-") || (bytes[nameEnd] | 0x20) >= UInt8(ascii: "a") && (bytes[nameEnd] | 0x20) <= UInt8(ascii: "z") {
            nameEnd += 1
        }
        let name = String(decoding: bytes[i..<nameEnd], as: UTF8.self).lowercased()
        i = nameEnd
        text(until: [UInt8(ascii: "{"), UInt8(ascii: ";")], keeping: false)
        let lineNumber = line(at: start)
        if name == "import" {
            throw SVGReadError(line: lineNumber, element: "<style>", reason: "@import: an imported style sheet could hide shapes and is not read")
        }
        guard i < end else { return }
        if bytes[i] == UInt8(ascii: ";") { i += 1; return }
        // A block: its text (nested blocks, strings and comments skipped), then what it could change.
        i += 1
        let blockStart = i
        text(until: [UInt8(ascii: "}")], keeping: false)
        let blockEnd = i
        if i < end { i += 1 }
        if ["font-face", "keyframes", "-webkit-keyframes", "-moz-keyframes", "page", "charset", "namespace", "counter-style", "property"].contains(name) {
            return
        }
        guard remainingDepth > 0 else {
            throw SVGReadError(line: lineNumber, element: "<style>",
                               reason: "@\(SVGText.shortened(name)): at-rule blocks nested more than \(maximumDepth) deep")
        }
        var inner = CSSScanner(block: blockStart..<blockEnd, of: self)
        var probe = SVGStyleSheet()
        // Rules inside are not evaluated (the condition is unknown); refuse if any could decide
        // what is drawn. An inner rule that cannot be evaluated and is decisive throws as well.
        try inner.rules(into: &probe)
        if let decisive = probe.rules.lazy.compactMap({ Self.decisive($0.declarations) }).first {
            throw SVGReadError(line: lineNumber, element: "<style>",
                               reason: "@\(SVGText.shortened(name)) holds a rule that sets \(decisive), and its condition cannot be evaluated here")
        }
    }

    /// `name: value [!important]` items up to `stop` (or the end), separated by semicolons.
    /// Names are ASCII-lowercased (CSS properties are case-insensitive); an item without a colon
    /// or with an empty name is dropped, as CSS does.
    mutating func declarationList(until stop: UInt8?) -> [SVGStyleSheet.Declaration] {
        var out: [SVGStyleSheet.Declaration] = []
        var stops: Set<UInt8> = [UInt8(ascii: ";")]
        if let stop { stops.insert(stop) }
        while i < end {
            if let stop, bytes[i] == stop { break }
            let item = text(until: stops)
            if i < end && bytes[i] == UInt8(ascii: ";") { i += 1 }
            guard let colon = item.firstIndex(of: ":") else { continue }
            let property = item[..<colon].trimmingCSSSpace.lowercased()
            var value = item[item.index(after: colon)...].trimmingCSSSpace
            var important = false
            if let bang = value.lastIndex(of: "!"),
               value[value.index(after: bang)...].trimmingCSSSpace.lowercased() == "important" {
                important = true
                value = value[..<bang].trimmingCSSSpace
            }
            guard !property.isEmpty else { continue }
            out.append(.init(property: property, value: String(value), important: important))
        }
        return out
    }

    /// Splits a selector list at top-level commas.
    static func splitList(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for ch in text {
            if ch == "(" || ch == "[" { depth += 1 }
            if (ch == ")" || ch == "]") && depth > 0 { depth -= 1 }
            if ch == "," && depth == 0 { parts.append(current); current = "" } else { current.append(ch) }
        }
        parts.append(current)
        return parts
    }

    /// A compound of type/`*`, `.class` and `#id`, or nil for anything else.
    static func selector(_ raw: String) -> SVGStyleSheet.Selector? {
        let text = Substring(raw).trimmingCSSSpace
        guard !text.isEmpty else { return nil }
        var s = SVGStyleSheet.Selector()
        var rest = text[...]
        func ident() -> String? {
            let end = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || !$0.isASCII) } ?? rest.endIndex
            let name = String(rest[..<end])
            rest = rest[end...]
            return name.isEmpty ? nil : name
        }
        if rest.first == "*" {
            rest = rest.dropFirst()
        } else if let first = rest.first, first != "." && first != "#" {
            guard let t = ident() else { return nil }
            s.type = t
        }
        while let first = rest.first {
            rest = rest.dropFirst()
            guard let name = ident() else { return nil }
            switch first {
            case ".": s.classes.append(name)
            case "#": s.ids.append(name)
            default: return nil
            }
        }
        return s
    }

    /// Runs of whitespace as single spaces, for messages.
    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

extension Substring {
    /// Without leading and trailing CSS whitespace.
    var trimmingCSSSpace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{0C}" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) }) ?? first
        return self[first...last]
    }
}
