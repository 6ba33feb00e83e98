import _Support
/// The `<path>` elements of an SVG document, read without an XML library: enough of XML to find
/// each `path` start tag and its `d`, `id` and `transform` attributes (both quote styles, the five
/// predefined entities and numeric character references, comments and CDATA skipped).
///
/// Transforms are not applied: a `<path>` with a `transform` attribute, or inside a `<g>` that
/// has one, is reported with `hasTransform` so a caller can refuse it rather than fit the wrong
/// coordinates.
public struct SVGDocument: Sendable {
    /// One `<path>` element.
    public struct PathElement: Sendable, Equatable {
        public var id: String?
        public var data: String
        /// True when the element or an enclosing group carries a `transform` attribute.
        public var hasTransform: Bool
        /// 1-based line of the element's start tag.
        public var line: Int
    }

    public let paths: [PathElement]

    /// Scans `text` for `<path>` elements. Throws when the text is not SVG (no `<svg` element),
    /// or a path tag is malformed (unterminated tag or attribute value); the error names the line.
    public init(parsing text: String) throws(SVGDocumentError) {
        var s = SVGScanner(bytes: Array(text.utf8))
        var sawSVG = false
        var groupTransforms: [Bool] = []  // one entry per open <g>
        var paths: [PathElement] = []

        while s.i < s.bytes.count {
            guard s.bytes[s.i] == UInt8(ascii: "<") else { s.advance(1); continue }
            if s.startsWith("<!--", at: s.i) { try s.skipPast("-->"); continue }
            if s.startsWith("<![CDATA[", at: s.i) { try s.skipPast("]]>"); continue }
            if s.startsWith("<?", at: s.i) { try s.skipPast("?>"); continue }
            if s.startsWith("<!", at: s.i) { try s.skipPast(">"); continue }
            let tagLine = s.line
            let closing = s.startsWith("</", at: s.i)
            s.advance(closing ? 2 : 1)
            let nameStart = s.i
            while s.i < s.bytes.count, !Self.isSpace(s.bytes[s.i]), s.bytes[s.i] != UInt8(ascii: ">"), s.bytes[s.i] != UInt8(ascii: "/") {
                s.advance(1)
            }
            let name = String(decoding: s.bytes[nameStart..<s.i], as: UTF8.self)
            let local = name.split(separator: ":").last.map(String.init) ?? name
            var attributes: [String: String] = [:]
            var selfClosing = false
            while true {
                while s.i < s.bytes.count, Self.isSpace(s.bytes[s.i]) { s.advance(1) }
                guard s.i < s.bytes.count else { throw SVGDocumentError(line: tagLine, reason: "unterminated <\(name)> tag") }
                if s.bytes[s.i] == UInt8(ascii: ">") { s.advance(1); break }
                if s.startsWith("/>", at: s.i) { selfClosing = true; s.advance(2); break }
                let attrStart = s.i
                while s.i < s.bytes.count, !Self.isSpace(s.bytes[s.i]), s.bytes[s.i] != UInt8(ascii: "="),
                      s.bytes[s.i] != UInt8(ascii: ">"), !s.startsWith("/>", at: s.i) {
                    s.advance(1)
                }
                let attr = String(decoding: s.bytes[attrStart..<s.i], as: UTF8.self)
                while s.i < s.bytes.count, Self.isSpace(s.bytes[s.i]) { s.advance(1) }
                guard s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: "=") else {
                    if attr.isEmpty { s.advance(1) }  // stray character: skip it
                    attributes[attr] = ""
                    continue
                }
                s.advance(1)
                while s.i < s.bytes.count, Self.isSpace(s.bytes[s.i]) { s.advance(1) }
                guard s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: "\"") || s.bytes[s.i] == UInt8(ascii: "'") else {
                    throw SVGDocumentError(line: s.line, reason: "attribute '\(attr)' of <\(name)> needs a quoted value")
                }
                let quote = s.bytes[s.i]
                // Taken before the advance: with -O, Swift 6.3.1 read `s.i` right after this
                // advance as its old value here (every value began with its quote); the same code
                // in a small program compiles correctly. The release end-to-end run in `make test`
                // guards against this class of bug.
                let valueStart = s.i + 1
                s.advance(1)
                while s.i < s.bytes.count, s.bytes[s.i] != quote { s.advance(1) }
                guard s.i < s.bytes.count else {
                    throw SVGDocumentError(line: tagLine, reason: "unterminated value of attribute '\(attr)' in <\(name)>")
                }
                attributes[attr] = Self.decodingEntities(String(decoding: s.bytes[valueStart..<s.i], as: UTF8.self))
                s.advance(1)
            }
            if closing {
                if local == "g", !groupTransforms.isEmpty { groupTransforms.removeLast() }
                continue
            }
            switch local {
            case "svg": sawSVG = true
            case "g": if !selfClosing { groupTransforms.append(attributes["transform"] != nil) }
            case "path":
                let transformed = attributes["transform"] != nil || groupTransforms.contains(true)
                paths.append(PathElement(id: attributes["id"], data: attributes["d"] ?? "", hasTransform: transformed, line: tagLine))
            default: break
            }
        }
        guard sawSVG else { throw SVGDocumentError(line: nil, reason: "not an SVG document (no <svg> element)") }
        self.paths = paths
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// `&amp; &lt; &gt; &quot; &apos;` and `&#NN;`/`&#xNN;` decoded; anything else kept as is.
    static func decodingEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = s[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            guard let semi = rest.firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: amp)..<semi]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let v = named[String(name)] {
                out += v
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16), let u = Unicode.Scalar(code) {
                out.unicodeScalars.append(u)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let u = Unicode.Scalar(code) {
                out.unicodeScalars.append(u)
            } else {
                out += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}

/// A byte cursor over an SVG document that counts lines as it moves.
struct SVGScanner {
    let bytes: [UInt8]
    var i = 0
    /// 1-based line of the byte at `i`.
    var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func advance(_ n: Int) {
        let end = min(bytes.count, i + n)
        for k in i..<end where bytes[k] == UInt8(ascii: "\n") { line += 1 }
        i = end
    }

    func startsWith(_ s: String, at k: Int) -> Bool {
        let u = Array(s.utf8)
        guard k + u.count <= bytes.count else { return false }
        for j in 0..<u.count where bytes[k + j] != u[j] { return false }
        return true
    }

    mutating func skipPast(_ terminator: String) throws(SVGDocumentError) {
        let start = line
        while i < bytes.count && !startsWith(terminator, at: i) { advance(1) }
        guard i < bytes.count else { throw SVGDocumentError(line: start, reason: "unterminated '\(terminator)'") }
        advance(terminator.utf8.count)
    }
}

/// A malformed SVG document; `description` is one line naming the line when known.
public struct SVGDocumentError: Error, CustomStringConvertible, Equatable, Sendable {
    public var line: Int?
    public var reason: String
    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}

extension SVGDocumentError: ReportableError {}
