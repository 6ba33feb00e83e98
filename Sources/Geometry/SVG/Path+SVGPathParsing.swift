import _Support

extension Path {
    /// Parses SVG path data (the `d` attribute) into a path, in SVG's own coordinates (no y flip).
    ///
    /// Grammar: SVG 2 §9.3.9 "The grammar for path data" (the SVG 1.1 §8.3.9 BNF with numbers
    /// harmonised with CSS). Commands M m Z z L l H h V v C c S s Q q T t A a; a command letter
    /// may be left out when the same command repeats, and extra coordinate pairs after M/m are
    /// L/l line-tos. Relative (lower-case) coordinates are offsets from the current point at the
    /// start of each segment; after Z/z the current point is the subpath's start, and a drawing
    /// command there starts a new subpath at that point (an explicit move-to is stored).
    /// S/s reflects the previous C/c/S/s segment's second control point about the current point,
    /// (2·cur − old), and T/t the previous Q/q/T/t control point; otherwise the missing control
    /// point is the current point. Arcs become cubics via `EllipticalArc.svgArcSegments` (SVG 1.1
    /// F.6.2: equal end points omit the arc, a zero radius draws a line, negative radii are made
    /// positive, too-small radii are scaled up).
    ///
    /// Lexical rules, longest match first: wsp is U+0009, U+000A, U+000C, U+000D, U+0020;
    /// comma-wsp is (wsp+ ","? wsp*) | ("," wsp*) and optional between numbers and between
    /// argument groups (so "M1,,2" and a trailing "M1 2," are errors, and only wsp may separate
    /// a command letter from its first number or from the next command); a number is
    /// sign? (digit* "." digit+ | digit+ "."?) (("e" | "E") sign? digit+)? — so "-5.5.5" is −5.5
    /// then .5, "1E1" is 10, and, as in SVG 1.1 and browsers, "1." is 1 and "1.e2" is 100 (SVG 2's
    /// BNF dropped the trailing point; accepting it reads more files). Every number, arc radii and rotation included, may carry a sign. Arc flags are the
    /// single characters 0 and 1 and need no separator ("a5,5 0 10 10,0" has flags 1 and 0, then
    /// the end point (10, 0)). Each number is converted by Swift's correctly rounded
    /// `Double(Substring)`; a value that overflows to ±∞ ("1e999") is an error, one that
    /// underflows becomes (signed) zero or a subnormal. `nan` and `inf` are not numbers here.
    ///
    /// Empty or whitespace-only data gives an empty path. Anything else must start with a
    /// move-to. Runs in time linear in the UTF-8 length of `svgPathData` and never traps.
    ///
    /// - Parameter arcHandleFactor: The handle factor for the cubics that approximate arcs.
    /// - Throws: `SVGPathError` at the first byte that does not fit the grammar.
    public init(svgPathData: String, arcHandleFactor: ArcHandleFactor = .midpointExact)
        throws(SVGPathError)
    {
        var parser = SVGPathParser(text: svgPathData, arcs: .quarterTurns(arcHandleFactor))
        self = try parser.parse()
    }

    /// `init(svgPathData:)` with each arc approximated as `arcs` asks, e.g. `.tolerance(1e-9)`
    /// for cubics within 1e-9 units of every exact arc.
    public init(svgPathData: String, arcs: SVGArcApproximation) throws(SVGPathError) {
        if case .tolerance(let t) = arcs { precondition(t > 0, "Path(svgPathData:arcs:) needs a positive tolerance") }
        var parser = SVGPathParser(text: svgPathData, arcs: arcs)
        self = try parser.parse()
    }
}

/// The single-pass scanner behind `Path(svgPathData:)`: it reads the UTF-8 bytes once, left to
/// right, building the path as it goes (no token list, no recursion).
struct SVGPathParser {
    private let text: String
    private let bytes: [UInt8]
    private let arcs: SVGArcApproximation
    private var position = 0

    private var path = Path()
    private var current = Point.zero
    private var subpathStart = Point.zero
    /// True after Z/z until the next move-to or drawing command.
    private var subpathClosed = false
    /// The second control point of the previous segment when it came from C/c/S/s.
    private var lastCubicControl: Point?
    /// The control point of the previous segment when it came from Q/q/T/t.
    private var lastQuadraticControl: Point?
    /// The explicit segments appended so far (closing lines not counted), for `arcRuns`.
    private var segmentCount = 0
    /// Each arc drawn as cubics, with the segments that approximate it.
    private(set) var arcRuns: [ExactPath.ArcRun] = []

    init(text: String, arcs: SVGArcApproximation) {
        self.text = text
        self.bytes = Array(text.utf8)
        self.arcs = arcs
    }

    mutating func parse() throws(SVGPathError) -> Path {
        skipWhitespace()
        guard position < bytes.count else { return path }
        guard bytes[position] == UInt8(ascii: "M") || bytes[position] == UInt8(ascii: "m") else {
            throw failure(expected: "a move-to command (M or m)")
        }
        var afterClose = false
        while position < bytes.count {
            let letter = bytes[position]
            guard Self.isCommand(letter) else {
                throw failure(expected: afterClose ? "a command" : "a number or a command")
            }
            position += 1
            try command(letter)
            afterClose = letter == UInt8(ascii: "Z") || letter == UInt8(ascii: "z")
            skipWhitespace()
        }
        return path
    }

    // MARK: Commands

    /// One command letter (already consumed) with all its argument groups.
    private mutating func command(_ letter: UInt8) throws(SVGPathError) {
        if letter == UInt8(ascii: "Z") || letter == UInt8(ascii: "z") {
            path.close()
            current = subpathStart
            subpathClosed = true
            (lastCubicControl, lastQuadraticControl) = (nil, nil)
            return
        }
        skipWhitespace()
        var letter = letter
        while true {
            try argumentGroup(letter)
            if letter == UInt8(ascii: "M") { letter = UInt8(ascii: "L") }
            if letter == UInt8(ascii: "m") { letter = UInt8(ascii: "l") }
            let sawComma = skipCommaWhitespace()
            if !sawComma && !(position < bytes.count && Self.startsNumber(bytes[position])) { return }
        }
    }

    /// One argument group of `letter`, turned into path elements.
    private mutating func argumentGroup(_ letter: UInt8) throws(SVGPathError) {
        let relative = letter >= UInt8(ascii: "a")
        let upper = relative ? letter - 32 : letter
        var cubicControl: Point?, quadraticControl: Point?
        switch upper {
        case UInt8(ascii: "M"):
            let p = try pair(first: true)
            // A relative move-to that starts the path is absolute (SVG 1.1 §8.3.2).
            current = relative && !path.isEmpty ? current + p : p
            path.move(to: current)
            subpathStart = current
            subpathClosed = false
        case UInt8(ascii: "L"):
            lineTo(resolve(try pair(first: true), relative))
        case UInt8(ascii: "H"):
            let x = try number()
            lineTo(Point(relative ? current.x + x : x, current.y))
        case UInt8(ascii: "V"):
            let y = try number()
            lineTo(Point(current.x, relative ? current.y + y : y))
        case UInt8(ascii: "C"), UInt8(ascii: "S"):
            let c1 = try firstControl(given: upper == UInt8(ascii: "C"), relative, reflecting: lastCubicControl)
            let c2 = resolve(try pair(first: upper == UInt8(ascii: "S")), relative)
            let p = resolve(try pair(first: false), relative)
            beginSegment()
            path.cubic(to: p, control1: c1, control2: c2)
            segmentCount += 1
            current = p
            cubicControl = c2
        case UInt8(ascii: "Q"), UInt8(ascii: "T"):
            let c = try firstControl(given: upper == UInt8(ascii: "Q"), relative, reflecting: lastQuadraticControl)
            let p = resolve(try pair(first: upper == UInt8(ascii: "T")), relative)
            beginSegment()
            path.quadratic(to: p, control: c)
            segmentCount += 1
            current = p
            quadraticControl = c
        default:  // "A"
            let rx = try number()
            let ry = try nextNumber()
            let rotation = try nextNumber()
            let largeArc = try flag()
            let sweep = try flag()
            let p = resolve(try pair(first: false), relative)
            let segments = EllipticalArc.svgArcSegments(
                from: current, to: p, radiusX: rx, radiusY: ry, xAxisRotationDegrees: rotation,
                largeArc: largeArc, sweep: sweep, approximation: arcs)
            if !segments.isEmpty { beginSegment() }
            if case .cubic = segments.first,
               let arc = EllipticalArc(svgFrom: current, to: p, radiusX: rx, radiusY: ry, xAxisRotationDegrees: rotation,
                                       largeArc: largeArc, sweep: sweep) {
                arcRuns.append(ExactPath.ArcRun(first: segmentCount, count: segments.count, arc: AffineEllipticalArc(arc)))
            }
            segmentCount += segments.count
            for segment in segments {
                switch segment {
                case .line(let s): path.line(to: s.p1)
                case .quadratic(let s): path.quadratic(to: s.p2, control: s.p1)
                case .cubic(let s): path.cubic(to: s.p3, control1: s.p1, control2: s.p2)
                }
            }
            current = p
        }
        (lastCubicControl, lastQuadraticControl) = (cubicControl, quadraticControl)
    }

    private mutating func lineTo(_ p: Point) {
        beginSegment()
        path.line(to: p)
        segmentCount += 1
        current = p
    }

    /// After Z/z, a drawing command starts a new subpath at the closed one's start. The move-to
    /// is stored here, explicitly: `Path` would otherwise look the start up itself, which costs
    /// time proportional to the path's length for each such subpath.
    private mutating func beginSegment() {
        if subpathClosed {
            path.move(to: subpathStart)
            subpathClosed = false
        }
    }

    /// An absolute point from a coordinate pair: itself, or offset by the current point.
    private func resolve(_ p: Point, _ relative: Bool) -> Point {
        relative ? Point(current.x + p.x, current.y + p.y) : p
    }

    /// The reflection 2·cur − old of the previous control point about the current point, or the
    /// current point when the previous command was of another kind (SVG 2 §9.5.2).
    private func reflected(_ old: Point?) -> Point {
        guard let old else { return current }
        return Point(2 * current.x - old.x, 2 * current.y - old.y)
    }

    /// The first control point of a curve command: read from the arguments for C/c and Q/q
    /// (`given`), else — S/s, T/t — the reflection of the previous command's control point.
    private mutating func firstControl(given: Bool, _ relative: Bool,
                                       reflecting previous: Point?) throws(SVGPathError) -> Point {
        given ? resolve(try pair(first: true), relative) : reflected(previous)
    }

    // MARK: Arguments

    /// A coordinate pair; the first number of a group is not preceded by comma-wsp.
    private mutating func pair(first: Bool) throws(SVGPathError) -> Point {
        let x = first ? try number() : try nextNumber()
        return Point(x, try nextNumber())
    }

    /// comma-wsp? number.
    private mutating func nextNumber() throws(SVGPathError) -> Double {
        _ = skipCommaWhitespace()
        return try number()
    }

    /// comma-wsp? flag, where flag is the single character 0 or 1.
    private mutating func flag() throws(SVGPathError) -> Bool {
        _ = skipCommaWhitespace()
        guard position < bytes.count,
              bytes[position] == UInt8(ascii: "0") || bytes[position] == UInt8(ascii: "1") else {
            throw failure(expected: "an arc flag (0 or 1)")
        }
        position += 1
        return bytes[position - 1] == UInt8(ascii: "1")
    }

    /// sign? (digit* "." digit+ | digit+) (("e" | "E") sign? digit+)?, longest match, converted
    /// by `Double(Substring)` (correctly rounded).
    private mutating func number() throws(SVGPathError) -> Double {
        let start = position
        guard position < bytes.count, Self.startsNumber(bytes[position]) else {
            throw failure(expected: "a number")
        }
        if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerDigits = skipDigits()
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            // SVG 1.1's grammar (and browsers) accept a trailing point, `1.` = 1; SVG 2's BNF
            // dropped it. Accepting it costs nothing and reads more files.
            position += 1
            guard skipDigits() > 0 || integerDigits > 0 else { throw failure(expected: "a digit") }
        } else if integerDigits == 0 {
            throw failure(expected: "a digit")
        }
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            // Nothing else in the grammar starts with e/E, so this must be an exponent.
            position += 1
            if position < bytes.count
                && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
                position += 1
            }
            guard skipDigits() > 0 else { throw failure(expected: "a digit") }
        }
        if let value = DecimalFastPath.value(bytes, start..<position) { return value }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: position - start)
        // The lexeme matched the grammar, so Double(_:) cannot fail; nil is treated like ±∞.
        guard let value = Double(Substring(utf8[lower..<upper])), value.isFinite else {
            throw SVGPathError(offset: start, message: "number out of range '\(lexeme(start, position))'")
        }
        return value
    }

    // MARK: Scanning

    private static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    private static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    private static func startsNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }

    private static func isCommand(_ b: UInt8) -> Bool {
        switch b | 0x20 {  // ASCII lower case
        case UInt8(ascii: "m"), UInt8(ascii: "z"), UInt8(ascii: "l"), UInt8(ascii: "h"),
             UInt8(ascii: "v"), UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"),
             UInt8(ascii: "t"), UInt8(ascii: "a"):
            return true
        default:
            return false
        }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count && Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// comma-wsp?, i.e. wsp* ","? wsp*; true when the comma was there.
    private mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard position < bytes.count && bytes[position] == UInt8(ascii: ",") else { return false }
        position += 1
        skipWhitespace()
        return true
    }

    /// Skips a run of digits and returns its length.
    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count && Self.isDigit(bytes[position]) { position += 1 }
        return position - start
    }

    // MARK: Errors

    /// "expected …, found …" at the current position.
    private func failure(expected: String) -> SVGPathError {
        SVGPathError(offset: position, message: "expected \(expected), found \(found(at: position))")
    }

    /// What is at `offset`, on one line: 'c' for printable ASCII, U+XXXX for any other scalar,
    /// or "end of data" (``MessageText/found(atByte:of:end:)``, as the SVG document reader says it).
    private func found(at offset: Int) -> String {
        MessageText.found(atByte: offset, of: bytes, end: "end of data")
    }

    /// The bytes start..<end (ASCII, as they matched the number grammar), shortened to at most
    /// 40 characters for messages.
    private func lexeme(_ start: Int, _ end: Int) -> String {
        let limit = 40
        if end - start <= limit { return String(decoding: bytes[start..<end], as: UTF8.self) }
        return String(decoding: bytes[start..<(start + limit - 1)], as: UTF8.self) + "…"
    }
}
