import Foundation
import Geometry
import Interchange
import Testing
import _TestSupport

/// The `transform` attribute: grammar, each function's matrix, and seeded properties — random
/// lists against an independent 3×3 matrix product, and format → parse round trips.
@Suite struct SVGTransformListTests {
    /// A 3×3 homogeneous matrix, row-major, for the independent product (not `AffineTransform`).
    struct Matrix3: Equatable {
        var m: [[Double]]

        static let identity = Matrix3(m: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

        /// The textbook matrix of one function, from its definition in SVG 1.1 §7.4 (angles in
        /// degrees converted with Foundation's `sin`, `cos`, `tan` of a·π/180).
        init(_ f: SVGTransformList.Function) {
            func r(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
            switch f {
            case let .matrix(a, b, c, d, e, ff): m = [[a, c, e], [b, d, ff], [0, 0, 1]]
            case let .translate(x, y): m = [[1, 0, x], [0, 1, y ?? 0], [0, 0, 1]]
            case let .scale(x, y): m = [[x, 0, 0], [0, y ?? x, 0], [0, 0, 1]]
            case let .rotate(a, center):
                let rotation = Matrix3(m: [[cos(r(a)), -sin(r(a)), 0], [sin(r(a)), cos(r(a)), 0], [0, 0, 1]])
                if let c = center {
                    self = Matrix3(.translate(x: c.x, y: c.y)) * rotation * Matrix3(.translate(x: -c.x, y: -c.y))
                } else {
                    self = rotation
                }
            case let .skewX(a): m = [[1, tan(r(a)), 0], [0, 1, 0], [0, 0, 1]]
            case let .skewY(a): m = [[1, 0, 0], [tan(r(a)), 1, 0], [0, 0, 1]]
            }
        }

        init(m: [[Double]]) { self.m = m }

        static func * (p: Matrix3, q: Matrix3) -> Matrix3 {
            var out = [[Double]](repeating: [0, 0, 0], count: 3)
            for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { out[i][j] += p.m[i][k] * q.m[k][j] } } }
            return Matrix3(m: out)
        }

        func apply(_ p: Point) -> Point {
            Point(m[0][0] * p.x + m[0][1] * p.y + m[0][2], m[1][0] * p.x + m[1][1] * p.y + m[1][2])
        }
    }

    static func randomFunction(_ rng: inout SplitMix64) -> SVGTransformList.Function {
        func v() -> Double { rng.uniform(-100, 100) }
        func angle() -> Double { rng.uniform(-400, 400) }
        switch Int.random(in: 0..<9, using: &rng) {
        case 0: return .matrix(a: rng.uniform(-3, 3), b: rng.uniform(-3, 3), c: rng.uniform(-3, 3), d: rng.uniform(-3, 3), e: v(), f: v())
        case 1: return .translate(x: v(), y: v())
        case 2: return .translate(x: v(), y: nil)
        case 3: return .scale(x: rng.uniform(-4, 4), y: rng.uniform(-4, 4))
        case 4: return .scale(x: rng.uniform(-4, 4), y: nil)
        case 5: return .rotate(degrees: angle(), center: nil)
        case 6: return .rotate(degrees: angle(), center: Point(v(), v()))
        case 7: return .skewX(degrees: rng.uniform(-80, 80))
        default: return .skewY(degrees: rng.uniform(-80, 80))
        }
    }

    @Test func eachFunctionParsesToItsMatrix() throws {
        func m(_ text: String) throws -> Geometry.AffineTransform { try SVGTransformList(parsing: text).transform }
        #expect(try m("") == .identity)
        #expect(try m("  \n ") == .identity)
        #expect(try m("matrix(1 2 3 4 5 6)") == Geometry.AffineTransform(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6))
        #expect(try m("translate(7)") == Geometry.AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 7, f: 0))
        #expect(try m("translate(7,-8)") == Geometry.AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 7, f: -8))
        #expect(try m("scale(2)") == Geometry.AffineTransform(a: 2, b: 0, c: 0, d: 2, e: 0, f: 0))
        #expect(try m("scale(2 -3)") == Geometry.AffineTransform(a: 2, b: 0, c: 0, d: -3, e: 0, f: 0))
        // Multiples of 90° and skews of 45° are exact.
        #expect(try m("rotate(90)") == Geometry.AffineTransform(a: 0, b: 1, c: -1, d: 0, e: 0, f: 0))
        #expect(try m("rotate(-90)") == Geometry.AffineTransform(a: 0, b: -1, c: 1, d: 0, e: 0, f: 0))
        #expect(try m("rotate(540)") == Geometry.AffineTransform(a: -1, b: 0, c: 0, d: -1, e: 0, f: 0))
        #expect(try m("skewX(45)") == Geometry.AffineTransform(a: 1, b: 0, c: 1, d: 1, e: 0, f: 0))
        #expect(try m("skewY(-45)") == Geometry.AffineTransform(a: 1, b: -1, c: 0, d: 1, e: 0, f: 0))
        // rotate(a cx cy) keeps (cx, cy) fixed: rotate(90 10 20) maps (11, 20) to (10, 21).
        let r = try m("rotate(90 10 20)")
        #expect(r.apply(to: Point(10, 20)) == Point(10, 20))
        #expect(r.apply(to: Point(11, 20)) == Point(10, 21))
        // Reduced modulo 360 before the sine: 720.5° and 0.5° alike, bit for bit.
        #expect(try m("rotate(720.5)") == m("rotate(0.5)"))
        #expect(try m("rotate(-0)") == m("rotate(0)"))
    }

    @Test func aListIsTheProductInTheOrderWrittenTheLastAppliedFirst() throws {
        // translate(10) scale(2): a point is scaled first, then moved.
        let t = try SVGTransformList(parsing: "translate(10) scale(2)").transform
        #expect(t.apply(to: Point(1, 1)) == Point(12, 2))
        let u = try SVGTransformList(parsing: "scale(2) translate(10)").transform
        #expect(u.apply(to: Point(1, 1)) == Point(22, 2))
    }

    @Test func separatorsAndNumbersAsBrowsersReadThem() throws {
        let forms = [
            "translate(1,2)scale(3)", "translate(1 2) , scale(3)", "translate( 1 , 2 )\n\tscale(3)",
            "translate(1-0)translate(0 2)scale(3)", "translate(1e0,.2e1)scale(30e-1)", "translate(+1 2.)scale(3.0)",
        ]
        let expected = Geometry.AffineTransform(a: 3, b: 0, c: 0, d: 3, e: 1, f: 2)
        for text in forms { #expect(try SVGTransformList(parsing: text).transform == expected, "\(text)") }
        #expect(try SVGTransformList(parsing: "rotate(30 5 5)").functions == [.rotate(degrees: 30, center: Point(5, 5))])
    }

    @Test func malformedListsNameTheOffsetAndWhatWasExpected() {
        let cases: [(String, String)] = [
            ("translate(1", "offset 11: expected a number, found the end in translate(…)"),
            ("translate()", "offset 10: expected a number, found ')' in translate(…)"),
            ("scale(1,2,3)", "offset 10: expected ')' after 2 numbers of scale, found '3'"),
            ("rotate(1 2)", "offset 0: rotate takes 1 or 3 numbers, found 2"),
            ("matrix(1 2 3 4 5)", "offset 0: matrix takes 6 numbers, found 5"),
            ("spin(3)", "offset 0: expected matrix, translate, scale, rotate, skewX or skewY, found 'spin'"),
            ("Scale(2)", "offset 0: expected matrix, translate, scale, rotate, skewX or skewY, found 'Scale'"),
            ("scale 2", "offset 6: expected '(' after scale, found '2'"),
            ("scale(2),", "offset 8: expected a transform function after ','"),
            ("scale(2),,scale(2)", "offset 9: expected matrix, translate, scale, rotate, skewX or skewY, found ','"),
            ("scale(nan)", "offset 6: expected a number, found 'n' in scale(…)"),
            ("scale(inf)", "offset 6: expected a number, found 'i' in scale(…)"),
            ("translate(1e999)", "offset 10: number out of range '1e999' in translate(…)"),
            ("skewX(90)", "offset 0: skewX(90) is infinite (a skew of 90°)"),
            ("skewY(-270)", "offset 0: skewY(-270) is infinite (a skew of 90°)"),
            ("scale(2)\u{2028}x", "offset 8: expected matrix, translate, scale, rotate, skewX or skewY, found U+2028"),
        ]
        for (text, message) in cases {
            #expect(throws: SVGTransformError.self, "\(text)") { try SVGTransformList(parsing: text) }
            do throws(SVGTransformError) {
                _ = try SVGTransformList(parsing: text)
            } catch {
                #expect(error.description == message, "\(text)")
                #expect(error.offset >= 0 && error.offset <= text.utf8.count)
            }
        }
    }

    /// 2,000 random lists of 1–6 functions: the parsed product equals the independent 3×3 product
    /// of the textbook matrices (to 1e-12 of the matrix's size), on the matrix and on points.
    @Test func randomListsEqualTheProductOfTheirMatrices() throws {
        var rng = SplitMix64(seed: 0x5EED_7A15)
        for _ in 0..<2_000 {
            let functions = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Self.randomFunction(&rng) }
            let text = functions.map(\.description).joined(separator: Bool.random(using: &rng) ? " " : ",")
            let parsed = try SVGTransformList(parsing: text)
            #expect(parsed.functions == functions)
            let reference = functions.reduce(Matrix3.identity) { $0 * Matrix3($1) }
            let t = parsed.transform
            let ours = [t.a, t.b, t.c, t.d, t.e, t.f]
            let theirs = [reference.m[0][0], reference.m[1][0], reference.m[0][1], reference.m[1][1], reference.m[0][2], reference.m[1][2]]
            let scale = max(1, theirs.map(abs).max() ?? 1)
            for (x, y) in zip(ours, theirs) { #expect(abs(x - y) <= 1e-12 * scale, "\(text)") }
            let p = Point(rng.uniform(-50, 50), rng.uniform(-50, 50))
            #expect((t.apply(to: p) - reference.apply(p)).length <= 1e-12 * scale * max(1, p.length), "\(text)")
        }
    }

    /// Formatting writes each number in shortest round-trip form, so parsing the description
    /// gives the same functions bit for bit (including −0 and extreme magnitudes).
    @Test func formattedListsParseBackIdentically() throws {
        var rng = SplitMix64(seed: 0xF0_4A77)
        let specials: [Double] = [-0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude, 0.1, 1.0 / 3.0]
        for n in 0..<2_000 {
            var functions = (0..<Int.random(in: 0...5, using: &rng)).map { _ in Self.randomFunction(&rng) }
            if n % 10 == 0 {
                let s = specials[n / 10 % specials.count]
                functions.append(.matrix(a: s, b: -s, c: 1, d: s, e: s, f: 0))
                functions.append(.translate(x: s, y: nil))
            }
            let list = SVGTransformList(functions)
            let again = try SVGTransformList(parsing: list.description)
            #expect(again == list, "\(list.description)")
            #expect(again.description == list.description)
        }
        #expect(SVGTransformList([.rotate(degrees: 30, center: Point(5, -0.0)), .scale(x: 2, y: nil)]).description == "rotate(30 5 -0) scale(2)")
    }
}
