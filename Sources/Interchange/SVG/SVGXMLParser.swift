/// The XML of an SVG document as a flat list of elements in document order (XML 1.0 Fifth
/// Edition, Namespaces in XML 1.0), parsed without an XML library.
///
/// What is read: the XML declaration, processing instructions, comments, a DOCTYPE with an
/// internal subset whose general entities (`<!ENTITY name "value">`, as Illustrator declares its
/// namespace URIs) are expanded; elements with their attributes (both quote styles; literal
/// tabs and line breaks in values normalised to spaces, XML §3.3.3), namespace declarations and
/// prefixes resolved; the five predefined entities and numeric character references; CDATA
/// sections. Character data is kept only inside `style` elements (the only text the reader
/// needs).
///
/// Well-formedness is checked where it decides what the document means: tags must nest and
/// match, attribute names must not repeat, every prefix must be declared, entities must be
/// defined, and there is exactly one root element. Entity replacement text is expanded one
/// level (a declared entity may not refer to another declared entity), so no "billion laughs".
/// Nesting deeper than `maximumDepth` elements, more than `maximumElementCount` elements, or
/// more than `maximumByteCount` bytes of input is refused before the limit is passed.
struct SVGXMLDocument {
    struct Attribute {
        /// The name as written, e.g. `xlink:href`.
        var name: String
        var localName: String
        /// The namespace URI for a prefixed name; nil for an unprefixed one (XML Namespaces §6.3).
        var namespace: String?
        var value: String
    }

    struct Element {
        /// The name as written, e.g. `svg:path` or `sodipodi:namedview`.
        var name: String
        var localName: String
        /// The namespace URI, or nil when the name has no prefix and no default namespace is
        /// declared.
        var namespace: String?
        var attributes: [Attribute]
        var parent: Int?
        var children: [Int] = []
        /// 1-based line of the start tag's `<`.
        var line: Int
        /// Character data (text and CDATA), for `style` elements only.
        var text = ""
        /// 1-based line where `text` starts.
        var textLine = 0

        /// The value of the attribute with this local name and no namespace.
        func attribute(_ localName: String) -> String? {
            attributes.first { $0.namespace == nil && $0.localName == localName }?.value
        }
    }

    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    var elements: [Element] = []
    /// Index of the root element (0 once parsed).
    var root = 0
}

struct SVGXMLParser {
    private let bytes: [UInt8]
    private let byteCount: Int
    private let limits: SVGReadLimits
    private var i = 0
    /// Byte offsets at which lines 2, 3, … start.
    private var lines = LineTable([])
    private var entities: [String: String] = [:]
    private var document = SVGXMLDocument()
    /// Open elements with the prefixes each declared ("" is the default namespace).
    private var open: [(element: Int, declared: [String])] = []
    /// The namespace bindings in scope: for each prefix, the URIs its open declarations give,
    /// innermost last (Namespaces in XML §6.1: a declaration holds in its element and that
    /// element's content unless redeclared). A look-up is one hash, however many elements are
    /// open or how many declarations an element makes.
    private var bindings: [String: [String]] = [:]
    private var expandedBytes = 0

    /// Nothing is copied or scanned when the text is over the size limit (`parse` refuses it).
    init(text: String, limits: SVGReadLimits) {
        self.limits = limits
        self.byteCount = text.utf8.count
        guard byteCount <= limits.maximumByteCount else {
            self.bytes = []
            return
        }
        self.bytes = Array(text.utf8)
        lines = LineTable(bytes)
    }

    /// 1-based line of the byte at `offset`.
    func line(at offset: Int) -> Int {
        lines.lineFeeds(before: offset) + 1
    }

    private func failure(_ message: String, at offset: Int) -> SVGReadError {
        SVGReadError(line: line(at: offset), element: nil, reason: message)
    }

    private func startsWith(_ s: StaticString, at k: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard k + n <= bytes.count else { return false }
        return s.withUTF8Buffer { u in
            for j in 0..<n where bytes[k + j] != u[j] { return false }
            return true
        }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private mutating func skipSpaces() {
        while i < bytes.count && Self.isSpace(bytes[i]) { i += 1 }
    }

    /// Moves past the next `terminator`, or fails naming what was left open at `start`.
    private mutating func skip(past terminator: StaticString, opened what: String, at start: Int) throws(SVGReadError) {
        while i < bytes.count && !startsWith(terminator, at: i) { i += 1 }
        guard i < bytes.count else { throw failure("\(what) is never closed", at: start) }
        i += terminator.utf8CodeUnitCount
    }

    // MARK: Document

    mutating func parse() throws(SVGReadError) -> SVGXMLDocument {
        guard byteCount <= limits.maximumByteCount else {
            throw SVGReadError(line: nil, element: nil,
                               reason: "the document is \(byteCount) bytes, more than the limit of \(limits.maximumByteCount) bytes")
        }
        if startsWith("\u{FEFF}", at: 0) { i = 3 }
        var sawRoot = false
        while i < bytes.count {
            let start = i
            if bytes[i] != UInt8(ascii: "<") {
                // Character data: only whitespace outside the root; inside it, kept for <style>.
                let textStart = i
                while i < bytes.count && bytes[i] != UInt8(ascii: "<") { i += 1 }
                if open.isEmpty {
                    if let first = bytes[textStart..<i].firstIndex(where: { !Self.isSpace($0) }) {
                        throw failure(sawRoot ? "text after the root element" : "text before the root element (not an XML document)", at: first)
                    }
                } else if keepsText {
                    try appendText(decoding: textStart..<i)
                }
                continue
            }
            if startsWith("<!--", at: i) {
                try skip(past: "-->", opened: "a comment '<!--'", at: start)
            } else if startsWith("<![CDATA[", at: i) {
                guard !open.isEmpty else { throw failure("a CDATA section outside the root element", at: start) }
                i += 9
                let from = i
                try skip(past: "]]>", opened: "a CDATA section", at: start)
                if keepsText { appendText(raw: from..<(i - 3)) }
            } else if startsWith("<?", at: i) {
                try skip(past: "?>", opened: "a processing instruction '<?'", at: start)
            } else if startsWith("<!DOCTYPE", at: i) {
                guard !sawRoot, open.isEmpty else { throw failure("a DOCTYPE inside the document", at: start) }
                try doctype()
            } else if startsWith("<!", at: i) {
                throw failure("unexpected '<!' markup", at: start)
            } else if startsWith("</", at: i) {
                try endTag()
            } else {
                guard !(sawRoot && open.isEmpty) else { throw failure("a second root element", at: start) }
                try startTag()
                sawRoot = true
            }
        }
        if let last = open.last {
            let e = document.elements[last.element]
            throw SVGReadError(line: e.line, element: nil, reason: "<\(e.name)> is never closed")
        }
        guard sawRoot else { throw SVGReadError(line: nil, element: nil, reason: "no root element (not an XML document)") }
        return document
    }

    /// True when the innermost open element keeps its character data.
    private var keepsText: Bool {
        guard let top = open.last else { return false }
        return document.elements[top.element].localName == "style"
    }

    private mutating func appendText(decoding range: Range<Int>) throws(SVGReadError) {
        let decoded = try decodeReferences(range, normalizeSpaces: false)
        appendTextValue(decoded, at: range.lowerBound)
    }

    private mutating func appendText(raw range: Range<Int>) {
        appendTextValue(String(decoding: bytes[range], as: UTF8.self), at: range.lowerBound)
    }

    private mutating func appendTextValue(_ value: String, at offset: Int) {
        guard let top = open.last else { return }
        if document.elements[top.element].text.isEmpty { document.elements[top.element].textLine = line(at: offset) }
        document.elements[top.element].text += value
    }

    // MARK: Tags

    /// XML name characters, loosely: anything but whitespace and the markup delimiters.
    private static func isNameByte(_ b: UInt8) -> Bool {
        !isSpace(b) && b != UInt8(ascii: "/") && b != UInt8(ascii: ">") && b != UInt8(ascii: "=")
            && b != UInt8(ascii: "<") && b != UInt8(ascii: "\"") && b != UInt8(ascii: "'")
            && b != UInt8(ascii: "&") && b != UInt8(ascii: ";")
    }

    private mutating func name(after what: String, at start: Int) throws(SVGReadError) -> String {
        let from = i
        while i < bytes.count && Self.isNameByte(bytes[i]) { i += 1 }
        guard i > from else { throw failure("expected a name after '\(what)'", at: start) }
        let first = bytes[from]
        guard !(SVGNumberScanner.isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")) else {
            throw failure("'\(SVGText.shortened(String(decoding: bytes[from..<i], as: UTF8.self)))' is not an XML name", at: from)
        }
        return String(decoding: bytes[from..<i], as: UTF8.self)
    }

    private mutating func startTag() throws(SVGReadError) {
        let start = i
        i += 1
        let qualified = try name(after: "<", at: start)
        var raw: [(name: String, value: String)] = []
        // The names so far, so a repeated one is found by a hash, not a scan of the others.
        var seen: Set<String> = []
        var selfClosing = false
        while true {
            let beforeSpace = i
            skipSpaces()
            guard i < bytes.count else { throw failure("<\(SVGText.shortened(qualified))> tag is never closed", at: start) }
            if bytes[i] == UInt8(ascii: ">") { i += 1; break }
            if startsWith("/>", at: i) { i += 2; selfClosing = true; break }
            guard i > beforeSpace else {
                throw failure("expected a space, '>' or '/>' in <\(SVGText.shortened(qualified))>, found \(SVGNumberScanner(String(decoding: bytes[i..<min(i + 4, bytes.count)], as: UTF8.self)).found(at: 0))", at: i)
            }
            let attrStart = i
            let attr = try name(after: "<\(SVGText.shortened(qualified)) ", at: attrStart)
            skipSpaces()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                throw failure("attribute '\(SVGText.shortened(attr))' of <\(SVGText.shortened(qualified))> has no '=' and value", at: attrStart)
            }
            i += 1
            skipSpaces()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw failure("attribute '\(SVGText.shortened(attr))' of <\(SVGText.shortened(qualified))> needs a quoted value", at: i)
            }
            let quote = bytes[i]
            let valueStart = i + 1
            i = valueStart
            while i < bytes.count && bytes[i] != quote {
                if bytes[i] == UInt8(ascii: "<") {
                    throw failure("'<' in the value of attribute '\(SVGText.shortened(attr))'", at: i)
                }
                i += 1
            }
            guard i < bytes.count else {
                throw failure("the value of attribute '\(SVGText.shortened(attr))' of <\(SVGText.shortened(qualified))> is never closed", at: valueStart - 1)
            }
            let value = try decodeReferences(valueStart..<i, normalizeSpaces: true)
            i += 1
            guard seen.insert(attr).inserted else {
                throw failure("attribute '\(SVGText.shortened(attr))' appears twice in <\(SVGText.shortened(qualified))>", at: attrStart)
            }
            raw.append((attr, value))
        }

        // Namespace declarations of this element (Namespaces in XML §3); attribute names are
        // unique, so each prefix is declared at most once here.
        var declared: [String] = []
        for (n, v) in raw {
            let prefix: String
            if n == "xmlns" { prefix = "" } else if n.hasPrefix("xmlns:") { prefix = String(n.dropFirst(6)) } else { continue }
            bindings[prefix, default: []].append(v)
            declared.append(prefix)
        }
        open.append((element: document.elements.count, declared: declared))
        let lineNumber = line(at: start)
        let bindings = self.bindings
        func resolve(_ prefix: String) -> String? {
            if prefix == "xml" { return SVGXMLDocument.xmlNamespace }
            if prefix == "xmlns" { return SVGXMLDocument.xmlnsNamespace }
            return bindings[prefix]?.last
        }
        /// The namespace of a declared `prefix` of `owner` (the element or attribute, as
        /// messages name it).
        func boundNamespace(_ prefix: String, of owner: @autoclosure () -> String) throws(SVGReadError) -> String {
            guard let uri = resolve(prefix) else {
                throw SVGReadError(line: lineNumber, element: nil, reason: "namespace prefix '\(SVGText.shortened(prefix))' of \(owner()) is not declared")
            }
            return uri
        }
        let (prefix, local) = Self.split(qualified)
        let namespace: String? = if let prefix {
            try boundNamespace(prefix, of: "<\(SVGText.shortened(qualified))>")
        } else {
            resolve("").flatMap { $0.isEmpty ? nil : $0 }
        }
        var attributes: [SVGXMLDocument.Attribute] = []
        attributes.reserveCapacity(raw.count)
        for (n, v) in raw {
            let (p, l) = Self.split(n)
            let uri: String? = if let p { try boundNamespace(p, of: "attribute '\(SVGText.shortened(n))'") } else { nil }
            attributes.append(.init(name: n, localName: l, namespace: uri, value: v))
        }
        guard document.elements.count < limits.maximumElementCount else {
            throw SVGReadError(line: lineNumber, element: nil, reason: "more than \(limits.maximumElementCount) elements")
        }
        let parent = open.count >= 2 ? open[open.count - 2].element : nil
        let index = document.elements.count
        document.elements.append(.init(name: qualified, localName: local, namespace: namespace,
                                       attributes: attributes, parent: parent, line: lineNumber))
        if let parent { document.elements[parent].children.append(index) }
        if selfClosing {
            closeInnermost()
        } else if open.count > limits.maximumDepth {
            throw SVGReadError(line: lineNumber, element: nil, reason: "elements nested more than \(limits.maximumDepth) deep")
        }
    }

    private mutating func endTag() throws(SVGReadError) {
        let start = i
        i += 2
        let qualified = try name(after: "</", at: start)
        skipSpaces()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else {
            throw failure("end tag </\(SVGText.shortened(qualified))> is not closed by '>'", at: start)
        }
        i += 1
        guard let top = open.last else {
            throw failure("end tag </\(SVGText.shortened(qualified))> without a start tag", at: start)
        }
        let e = document.elements[top.element]
        guard e.name == qualified else {
            throw failure("end tag </\(SVGText.shortened(qualified))> does not match <\(SVGText.shortened(e.name))> of line \(e.line)", at: start)
        }
        closeInnermost()
    }

    /// Closes the innermost open element, ending the scope of its namespace declarations.
    private mutating func closeInnermost() {
        for prefix in open.removeLast().declared {
            bindings[prefix]?.removeLast()
            if bindings[prefix]?.isEmpty == true { bindings[prefix] = nil }
        }
    }

    private static func split(_ qualified: String) -> (prefix: String?, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return (nil, qualified) }
        let prefix = String(qualified[..<colon])
        let local = String(qualified[qualified.index(after: colon)...])
        if prefix.isEmpty || local.isEmpty { return (nil, qualified) }
        return (prefix, local)
    }

    // MARK: DOCTYPE

    /// `<!DOCTYPE name ExternalID? ('[' intSubset ']')? '>'`: the internal subset's general
    /// entity declarations are recorded; everything else in it is skipped.
    private mutating func doctype() throws(SVGReadError) {
        let start = i
        i += 9
        while i < bytes.count && bytes[i] != UInt8(ascii: ">") && bytes[i] != UInt8(ascii: "[") {
            if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { try quoted(at: start) } else { i += 1 }
        }
        guard i < bytes.count else { throw failure("the DOCTYPE is never closed", at: start) }
        if bytes[i] == UInt8(ascii: "[") {
            i += 1
            while true {
                skipSpaces()
                guard i < bytes.count else { throw failure("the DOCTYPE's internal subset is never closed", at: start) }
                if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                let declStart = i
                if startsWith("<!--", at: i) {
                    try skip(past: "-->", opened: "a comment '<!--'", at: declStart)
                } else if startsWith("<?", at: i) {
                    try skip(past: "?>", opened: "a processing instruction '<?'", at: declStart)
                } else if startsWith("<!ENTITY", at: i) {
                    try entityDeclaration()
                } else if startsWith("<!", at: i) {
                    i += 2
                    while i < bytes.count && bytes[i] != UInt8(ascii: ">") {
                        if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { try quoted(at: declStart) } else { i += 1 }
                    }
                    guard i < bytes.count else { throw failure("a declaration in the DOCTYPE is never closed", at: declStart) }
                    i += 1
                } else if bytes[i] == UInt8(ascii: "%") {
                    // A parameter-entity reference: its declarations are not read.
                    while i < bytes.count && bytes[i] != UInt8(ascii: ";") { i += 1 }
                    i = min(bytes.count, i + 1)
                } else {
                    throw failure("unexpected \(SVGNumberScanner(String(decoding: bytes[i..<min(i + 4, bytes.count)], as: UTF8.self)).found(at: 0)) in the DOCTYPE", at: i)
                }
            }
            skipSpaces()
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw failure("the DOCTYPE is never closed", at: start) }
        i += 1
    }

    /// Skips a quoted literal at `i`.
    private mutating func quoted(at start: Int) throws(SVGReadError) {
        let quote = bytes[i]
        i += 1
        while i < bytes.count && bytes[i] != quote { i += 1 }
        guard i < bytes.count else { throw failure("a quoted literal in the DOCTYPE is never closed", at: start) }
        i += 1
    }

    /// `<!ENTITY name "value">` (recorded), `<!ENTITY % name …>` and external entities
    /// (`SYSTEM`/`PUBLIC`, recorded as unreadable).
    private mutating func entityDeclaration() throws(SVGReadError) {
        let start = i
        i += 8
        skipSpaces()
        var parameter = false
        if i < bytes.count && bytes[i] == UInt8(ascii: "%") { parameter = true; i += 1; skipSpaces() }
        let entity = try name(after: "<!ENTITY", at: start)
        skipSpaces()
        var value: String?
        if i < bytes.count && (bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'")) {
            let from = i + 1
            try quoted(at: start)
            let raw = from..<(i - 1)
            if bytes[raw].contains(UInt8(ascii: "<")) {
                value = nil  // markup in an entity: not supported, refused where it is used
            } else {
                value = try decodeReferences(raw, normalizeSpaces: false, allowDeclared: false)
            }
        }
        while i < bytes.count && bytes[i] != UInt8(ascii: ">") {
            if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { try quoted(at: start) } else { i += 1 }
        }
        guard i < bytes.count else { throw failure("the entity declaration is never closed", at: start) }
        i += 1
        // The first declaration of a name binds (XML §4.2).
        if !parameter && entities[entity] == nil && unreadable[entity] == nil {
            if let value { entities[entity] = value } else { unreadable[entity] = true }
        }
    }

    /// Declared entities that cannot be expanded here (external, or holding markup).
    private var unreadable: [String: Bool] = [:]

    // MARK: References

    /// The bytes of `range` with entity and character references replaced (and, for attribute
    /// values, literal tab, CR and LF replaced by spaces, XML §3.3.3).
    private mutating func decodeReferences(_ range: Range<Int>, normalizeSpaces: Bool,
                                           allowDeclared: Bool = true) throws(SVGReadError) -> String {
        let slice = bytes[range]
        if !slice.contains(UInt8(ascii: "&")) {
            if normalizeSpaces, slice.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                return String(decoding: slice.map { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
            }
            return String(decoding: slice, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var k = range.lowerBound
        while k < range.upperBound {
            let b = bytes[k]
            if b != UInt8(ascii: "&") {
                out.append(normalizeSpaces && (b == 0x09 || b == 0x0A || b == 0x0D) ? 0x20 : b)
                k += 1
                continue
            }
            var end = k + 1
            while end < range.upperBound && end - k <= 64 && bytes[end] != UInt8(ascii: ";") { end += 1 }
            guard end < range.upperBound, bytes[end] == UInt8(ascii: ";"), end > k + 1 else {
                throw failure("'&' that does not start an entity or character reference (write &amp;)", at: k)
            }
            let name = String(decoding: bytes[(k + 1)..<end], as: UTF8.self)
            let replacement: String
            switch name {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if name.hasPrefix("#") {
                    let hex = name.hasPrefix("#x")
                    let digits = name.dropFirst(hex ? 2 : 1)
                    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isHexDigit) }),
                          let code = UInt32(digits, radix: hex ? 16 : 10), code != 0,
                          let scalar = Unicode.Scalar(code) else {
                        throw failure("'&\(SVGText.shortened(name));' is not a valid character reference", at: k)
                    }
                    replacement = String(Character(scalar))
                } else if allowDeclared, let value = entities[name] {
                    replacement = value
                    expandedBytes += value.utf8.count
                    guard expandedBytes <= limits.maximumByteCount else {
                        throw failure("entity expansion makes the document larger than \(limits.maximumByteCount) bytes", at: k)
                    }
                } else if allowDeclared, unreadable[name] != nil {
                    throw failure("entity '&\(SVGText.shortened(name));' is external or holds markup, which is not supported", at: k)
                } else if !allowDeclared, entities[name] != nil || unreadable[name] != nil {
                    throw failure("entity value refers to entity '&\(SVGText.shortened(name));' (nested entities are not supported)", at: k)
                } else {
                    throw failure("undefined entity '&\(SVGText.shortened(name));'", at: k)
                }
            }
            out.append(contentsOf: replacement.utf8)
            k = end + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
