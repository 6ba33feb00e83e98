import Geometry
import _Support

/// A length as SVG attributes write it: a number and a unit (SVG 1.1 §4.2 "length"; CSS Values
/// 3 §6 for the absolute units).
///
/// In user units (CSS px, 96 per inch): px and no unit 1, in 96, cm 96/2.54, mm 96/25.4,
/// pt 96/72, pc 96/6 (the factors resvg's usvg `units.rs` uses at its default 96 dpi). A
/// percentage is of the nearest viewport: its width for x-like attributes, its height for
/// y-like ones, and √((w² + h²)/2) for the rest (SVG 1.1 §7.10 "Units"). `em` and `ex` depend
/// on the font size, which this reader does not compute, so they are refused where a length
/// is needed.
public struct SVGLength: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        case none = "", px, `in`, cm, mm, pt, pc, em, ex, percent = "%"
    }

    public var value: Double
    public var unit: Unit

    public init(_ value: Double, _ unit: Unit = .none) {
        self.value = value
        self.unit = unit
    }

    /// The length as SVG writes it, e.g. `210mm`, `100%`, `640` (number in `ShortestDecimal`).
    public var description: String { ShortestDecimal.format(value) + unit.rawValue }

    /// Parses wsp* number unit? wsp* (units ASCII case-insensitive).
    init(parsing text: String) throws(SVGValueError) {
        var s = SVGNumberScanner(text)
        s.skipWhitespace()
        let number = try s.number()
        var unit = Unit.none
        if s.current == UInt8(ascii: "%") {
            s.position += 1
            unit = .percent
        } else {
            let letters = s.letters().lowercased()
            if !letters.isEmpty {
                guard let u = Unit(rawValue: letters), u != .percent else {
                    throw SVGValueError("unknown unit '\(SVGText.shortened(letters))' (expected px, in, cm, mm, pt, pc or %)")
                }
                unit = u
            }
        }
        s.skipWhitespace()
        guard s.atEnd else { throw SVGValueError("unexpected \(s.found(at: s.position)) after the length") }
        self.init(number, unit)
    }

    /// Which viewport dimension a percentage refers to.
    enum Axis { case horizontal, vertical, other }

    /// The length in user units, with `viewport` (width, height) for percentages.
    func userUnits(axis: Axis, viewport: SVGViewportSize) throws(SVGValueError) -> Double {
        let v: Double
        switch unit {
        case .none, .px: v = value
        case .in: v = value * 96
        case .cm: v = value * (96 / 2.54)
        case .mm: v = value * (96 / 25.4)
        case .pt: v = value * (96.0 / 72.0)
        case .pc: v = value * (96.0 / 6.0)
        case .em, .ex: throw SVGValueError("'\(description)': em and ex units depend on the font size, which is not supported")
        case .percent:
            let base: Double
            switch axis {
            case .horizontal: base = viewport.width
            case .vertical: base = viewport.height
            case .other: base = ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
            }
            guard !base.isNaN else {
                throw SVGValueError("'\(description)' needs the size of the viewport, which the document does not give (no viewBox, no width and height)")
            }
            v = value / 100 * base
        }
        guard v.isFinite else { throw SVGValueError("'\(description)' is out of range in user units") }
        return v
    }
}

/// The size, in the current user units, of the viewport that percentages refer to.
struct SVGViewportSize: Hashable {
    var width: Double
    var height: Double
}

extension SVGDrawing {
    /// The `viewBox` attribute: min-x, min-y, width, height in user units (SVG 1.1 §7.7).
    public struct ViewBox: Hashable, Sendable, CustomStringConvertible {
        public var minX, minY, width, height: Double

        public init(minX: Double, minY: Double, width: Double, height: Double) {
            (self.minX, self.minY, self.width, self.height) = (minX, minY, width, height)
        }

        /// `min-x min-y width height`, numbers in `ShortestDecimal`.
        public var description: String {
            [minX, minY, width, height].map(ShortestDecimal.format).joined(separator: " ")
        }

        /// Four numbers separated by comma-wsp. A negative width or height is an error (SVG 1.1
        /// §7.7); zero is allowed here and disables rendering where it is used.
        init(parsing text: String) throws(SVGValueError) {
            var s = SVGNumberScanner(text)
            s.skipWhitespace()
            var numbers: [Double] = []
            while numbers.count < 4 {
                if !numbers.isEmpty { s.skipCommaWhitespace() }
                numbers.append(try s.number())
            }
            s.skipWhitespace()
            guard s.atEnd else { throw SVGValueError("expected four numbers, found \(s.found(at: s.position)) after them") }
            guard numbers[2] >= 0, numbers[3] >= 0 else { throw SVGValueError("a negative width or height") }
            self.init(minX: numbers[0], minY: numbers[1], width: numbers[2], height: numbers[3])
        }

        /// True when the box has no area, which disables rendering of the element (SVG 1.1 §7.7).
        var isEmpty: Bool { width == 0 || height == 0 }
    }
}

/// `preserveAspectRatio`: how a viewBox is fitted into a viewport (SVG 1.1 §7.8).
struct SVGPreserveAspectRatio: Hashable {
    enum Align: String, CaseIterable {
        case none, xMinYMin, xMidYMin, xMaxYMin, xMinYMid, xMidYMid, xMaxYMid, xMinYMax, xMidYMax, xMaxYMax
    }

    var align: Align = .xMidYMid
    var slice = false

    init() {}

    /// wsp* ("defer" wsp+)? align (wsp+ ("meet" | "slice"))? wsp*.
    init(parsing text: String) throws(SVGValueError) {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).map(String.init)
        if words.first == "defer" { words.removeFirst() }
        guard let first = words.first, let align = Align(rawValue: first), words.count <= 2 else {
            throw SVGValueError("expected none or xMinYMin … xMaxYMax, optionally followed by meet or slice")
        }
        self.align = align
        if words.count == 2 {
            switch words[1] {
            case "meet": slice = false
            case "slice": slice = true
            default: throw SVGValueError("expected meet or slice after \(first), found '\(SVGText.shortened(words[1]))'")
            }
        }
    }

    /// The map from viewBox user units into a viewport of size `width` × `height` placed at the
    /// origin (SVG 1.1 §7.8; SVG 2 §8.2 "The equivalent transform of an SVG viewport"):
    /// sx = width/vb.width, sy = height/vb.height, both replaced by min(sx, sy) for meet or
    /// max(sx, sy) for slice unless align is none; then the box is translated by −vb.min·s and
    /// aligned in the free space (xMin: 0, xMid: half, xMax: all of width − vb.width·s, and the
    /// same for y). Precondition: the box has positive width and height.
    func transform(viewBox vb: SVGDrawing.ViewBox, width: Double, height: Double) -> AffineTransform {
        var sx = width / vb.width, sy = height / vb.height
        if align != .none {
            let s = slice ? max(sx, sy) : min(sx, sy)
            (sx, sy) = (s, s)
        }
        var tx = -vb.minX * sx, ty = -vb.minY * sy
        let freeX = width - vb.width * sx, freeY = height - vb.height * sy
        let name = align.rawValue
        if name.includes("xMid") { tx += freeX / 2 } else if name.includes("xMax") { tx += freeX }
        if name.includes("YMid") { ty += freeY / 2 } else if name.includes("YMax") { ty += freeY }
        return AffineTransform(a: sx, b: 0, c: 0, d: sy, e: tx, f: ty)
    }
}
