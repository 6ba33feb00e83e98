import _Support
import _CLibc
import Geometry
import _Support

/// The value of SVG's `transform` attribute: a list of transform functions, applied right to
/// left (SVG 1.1 §7.6; SVG 2 §8.5 by reference to CSS Transforms 1 §7.1):
///
///     transform="T₁ T₂ … Tₙ"   maps a point p to T₁·T₂·…·Tₙ·p,
///
/// the matrix product of the functions in the order written (so the last one is applied first),
/// each in the `matrix(a b c d e f)` convention of `AffineTransform`:
/// - `matrix(a b c d e f)`;
/// - `translate(tx [ty])`, ty = 0 when omitted;
/// - `scale(sx [sy])`, sy = sx when omitted;
/// - `rotate(a [cx cy])`: a degrees, [cos a, sin a, −sin a, cos a, 0, 0], about (cx, cy) as
///   translate(cx cy)·rotate(a)·translate(−cx −cy);
/// - `skewX(a)`: [1, 0, tan a, 1, 0, 0]; `skewY(a)`: [1, tan a, 0, 1, 0, 0].
///
/// Grammar (SVG 1.1 §7.6's BNF; the separator between functions as SVG 2 and browsers read it,
/// and as resvg's svgtypes parses it): wsp* (function (wsp* ","? wsp* function)*)? wsp*, where a
/// function is its name (case-sensitive), wsp*, "(", wsp*, its numbers separated by comma-wsp,
/// wsp*, ")". Numbers are SVG numbers (`SVGNumberScanner`): `nan`, `inf` and overflowing values
/// are errors. An empty or all-whitespace value is the empty list (the identity).
///
/// Angles are reduced modulo 360° exactly (`truncatingRemainder`) before their sine and cosine
/// are taken, so `rotate(720.5)` equals `rotate(0.5)` bit for bit; multiples of 90° give exact
/// 0 and ±1, and skews of 0° and ±45° give exact tangents 0 and ±1. A skew of ±90° (an infinite
/// tangent) is an error.
public struct SVGTransformList: Hashable, Sendable, CustomStringConvertible {
    /// One transform function with its arguments as written (angles in degrees).
    public enum Function: Hashable, Sendable {
        case matrix(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)
        case translate(x: Double, y: Double?)
        case scale(x: Double, y: Double?)
        /// `rotate(a)` when `center` is nil, `rotate(a cx cy)` otherwise.
        case rotate(degrees: Double, center: Point?)
        case skewX(degrees: Double)
        case skewY(degrees: Double)

        /// The function's matrix (see the type's documentation for each formula).
        /// Precondition: a skew angle is not ≡ 90° mod 180° (the parser refuses those).
        public var transform: AffineTransform {
            switch self {
            case let .matrix(a, b, c, d, e, f):
                return AffineTransform(a: a, b: b, c: c, d: d, e: e, f: f)
            case let .translate(x, y):
                return .translation(x: x, y: y ?? 0)
            case let .scale(x, y):
                return .scale(x: x, y: y ?? x)
            case let .rotate(degrees, center):
                let (s, co) = Self.sineCosine(degrees: degrees)
                let r = AffineTransform(a: co, b: s, c: -s, d: co, e: 0, f: 0)
                guard let center else { return r }
                // translate(c)·R·translate(−c): x′ = R(x − c) + c.
                return AffineTransform.translation(x: -center.x, y: -center.y)
                    .concatenating(r).concatenating(.translation(x: center.x, y: center.y))
            case let .skewX(degrees):
                let t = Self.tangent(degrees: degrees)
                precondition(t.isFinite, "SVGTransformList: skewX of ±90° has no matrix")
                return AffineTransform(a: 1, b: 0, c: t, d: 1, e: 0, f: 0)
            case let .skewY(degrees):
                let t = Self.tangent(degrees: degrees)
                precondition(t.isFinite, "SVGTransformList: skewY of ±90° has no matrix")
                return AffineTransform(a: 1, b: t, c: 0, d: 1, e: 0, f: 0)
            }
        }

        /// The function as SVG writes it, numbers in `ShortestDecimal` form (so it reads back
        /// to the same Doubles): `translate(10 -2.5)`, `rotate(30 5 5)`, `matrix(1 0 0 1 0 0)`.
        public var description: String {
            func n(_ v: Double) -> String { ShortestDecimal.format(v) }
            switch self {
            case let .matrix(a, b, c, d, e, f): return "matrix(\(n(a)) \(n(b)) \(n(c)) \(n(d)) \(n(e)) \(n(f)))"
            case let .translate(x, y): return y.map { "translate(\(n(x)) \(n($0)))" } ?? "translate(\(n(x)))"
            case let .scale(x, y): return y.map { "scale(\(n(x)) \(n($0)))" } ?? "scale(\(n(x)))"
            case let .rotate(a, c): return c.map { "rotate(\(n(a)) \(n($0.x)) \(n($0.y)))" } ?? "rotate(\(n(a)))"
            case let .skewX(a): return "skewX(\(n(a)))"
            case let .skewY(a): return "skewY(\(n(a)))"
            }
        }

        /// (sin a°, cos a°) with a reduced mod 360 exactly; exact at multiples of 90°.
        static func sineCosine(degrees: Double) -> (Double, Double) {
            var r = degrees.truncatingRemainder(dividingBy: 360) + 0  // + 0: −0 becomes +0
            if r < 0 { r += 360 }
            switch r {
            case 0: return (0, 1)
            case 90: return (1, 0)
            case 180: return (0, -1)
            case 270: return (-1, 0)
            default:
                let radians = r * (Double.pi / 180)
                return (sin(radians), cos(radians))
            }
        }

        /// tan a° with a reduced mod 180 exactly; exact 0 and ±1 at 0° and ±45°, +∞ at 90°.
        static func tangent(degrees: Double) -> Double {
            var r = degrees.truncatingRemainder(dividingBy: 180) + 0
            if r < 0 { r += 180 }
            switch r {
            case 0: return 0
            case 45: return 1
            case 90: return .infinity
            case 135: return -1
            default: return tan(r * (Double.pi / 180))
            }
        }
    }

    /// The functions in the order written.
    public var functions: [Function]

    public init(_ functions: [Function] = []) {
        self.functions = functions
    }

    /// The product T₁·T₂·…·Tₙ (Tₙ applied first): the identity for an empty list.
    public var transform: AffineTransform {
        // concatenating(next) applies self first, so fold from the right-most function.
        functions.reversed().reduce(AffineTransform.identity) { $0.concatenating($1.transform) }
    }

    /// The list as SVG writes it: the functions' descriptions separated by single spaces
    /// ("" for the empty list). `SVGTransformList(parsing: list.description)` equals `list`.
    public var description: String { functions.map({ $0.description }).joined(separator: " ") }

    /// Parses a `transform` attribute value.
    /// - Throws: `SVGTransformError` naming the byte offset and what was expected there.
    public init(parsing text: String) throws(SVGTransformError) {
        var s = SVGNumberScanner(text)
        var functions: [Function] = []
        s.skipWhitespace()
        while !s.atEnd {
            if !functions.isEmpty {
                let before = s.position
                s.skipCommaWhitespace()
                if s.atEnd {
                    // A trailing comma ("scale(2),") is not in the grammar.
                    throw SVGTransformError(offset: before, message: "expected a transform function after ','")
                }
            }
            functions.append(try Self.function(&s))
            s.skipWhitespace()
        }
        self.functions = functions
    }

    /// name wsp* "(" wsp* numbers wsp* ")".
    private static func function(_ s: inout SVGNumberScanner) throws(SVGTransformError) -> Function {
        let nameStart = s.position
        let name = s.letters()
        let arity: ClosedRange<Int>
        switch name {
        case "matrix": arity = 6...6
        case "translate", "scale": arity = 1...2
        case "rotate": arity = 1...3
        case "skewX", "skewY": arity = 1...1
        default:
            let what = name.isEmpty ? s.found(at: nameStart) : "'\(SVGText.shortened(name))'"
            throw SVGTransformError(offset: nameStart, message: "expected matrix, translate, scale, rotate, skewX or skewY, found \(what)")
        }
        s.skipWhitespace()
        guard s.current == UInt8(ascii: "(") else {
            throw SVGTransformError(offset: s.position, message: "expected '(' after \(name), found \(s.found(at: s.position))")
        }
        s.position += 1
        s.skipWhitespace()
        var arguments: [Double] = []
        while true {
            if s.current == UInt8(ascii: ")"), !arguments.isEmpty { break }
            if !arguments.isEmpty {
                s.skipCommaWhitespace()
            }
            let at = s.position
            if arguments.count == arity.upperBound {
                throw SVGTransformError(offset: at, message: "expected ')' after \(arity.upperBound) numbers of \(name), found \(s.found(at: at))")
            }
            do throws(SVGValueError) {
                arguments.append(try s.number())
            } catch {
                throw SVGTransformError(offset: at, message: "\(error.message) in \(name)(…)")
            }
            s.skipWhitespace()
        }
        s.position += 1  // ")"
        guard arity.contains(arguments.count), !(name == "rotate" && arguments.count == 2) else {
            let expected = name == "rotate" ? "1 or 3" : arity.count == 1 ? "\(arity.lowerBound)" : "1 or 2"
            throw SVGTransformError(offset: nameStart, message: "\(name) takes \(expected) numbers, found \(arguments.count)")
        }
        let a = arguments
        switch name {
        case "matrix": return .matrix(a: a[0], b: a[1], c: a[2], d: a[3], e: a[4], f: a[5])
        case "translate": return .translate(x: a[0], y: a.count > 1 ? a[1] : nil)
        case "scale": return .scale(x: a[0], y: a.count > 1 ? a[1] : nil)
        case "rotate": return .rotate(degrees: a[0], center: a.count == 3 ? Point(a[1], a[2]) : nil)
        default:
            guard Function.tangent(degrees: a[0]).isFinite else {
                throw SVGTransformError(offset: nameStart, message: "\(name)(\(ShortestDecimal.format(a[0]))) is infinite (a skew of 90°)")
            }
            return name == "skewX" ? .skewX(degrees: a[0]) : .skewY(degrees: a[0])
        }
    }
}

/// Why a transform list could not be parsed: Geometry's error for SVG path data, whose shape it
/// shares: `offset N: message`, N the 0-based UTF-8 byte offset into the attribute value.
public typealias SVGTransformError = SVGPathError
