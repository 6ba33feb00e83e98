@testable import Geometry
import Testing
import _TestSupport

/// The fast decimal reading against the standard library's correctly rounded `Double(_:)`.
@Suite("Decimal fast path")
struct DecimalFastPathTests {
    /// A random literal of the SVG number grammar: optional sign, 0–21 integer digits, an
    /// optional point with 0–21 digits (at least one digit in all), an optional exponent.
    func randomLiteral(_ rng: inout SplitMix64) -> String {
        func digits(_ n: Int) -> String {
            String((0..<n).map { _ in Character(String(Int(rng.uniform(0, 10)) % 10)) })
        }
        var s = ["", "-", "+"][Int(rng.uniform(0, 3)) % 3]
        let integer = Int(rng.uniform(0, 22)) % 22, fraction = Int(rng.uniform(0, 22)) % 22
        s += digits(integer)
        if rng.uniform(0, 1) < 0.7 || integer == 0 {
            s += "." + digits(integer == 0 ? max(1, fraction) : fraction)
        }
        if rng.uniform(0, 1) < 0.4 {
            s += ["e", "E"][Int(rng.uniform(0, 2)) % 2] + ["", "-", "+"][Int(rng.uniform(0, 3)) % 3]
            s += String(Int(rng.uniform(0, 40)))
        }
        return s
    }

    @Test("200,000 random literals: the fast path, where it applies, gives exactly Double(_:)'s value")
    func agreesWithStandardLibrary() {
        var rng = SplitMix64(seed: 2026)
        var applied = 0
        for _ in 0..<200_000 {
            let s = randomLiteral(&rng)
            let bytes = Array(s.utf8)
            guard let expected = Double(s) else {
                Issue.record("Double(\"\(s)\") failed")
                continue
            }
            if let fast = DecimalFastPath.value(bytes, 0..<bytes.count) {
                applied += 1
                #expect(fast.bitPattern == expected.bitPattern, "\(s): \(fast) vs \(expected)")
            }
        }
        // It must apply to a good share of them, or this test checks nothing.
        #expect(applied > 60_000)
    }

    @Test("edges: signed zeros, 2⁵³, 10²², the forms the grammar allows; declines what it cannot do exactly")
    func edges() {
        func fast(_ s: String) -> Double? { DecimalFastPath.value(Array(s.utf8), 0..<s.utf8.count) }
        for s in ["0", "-0", "+0.000", "-0e5", "1.", ".5", "-.5e-3", "0.1", "123.456", "9007199254740992", "1e22",
                  "-1E-22", "00000000000000000000000012.5", "0.0000000000000000000000000001e20", "4.35", "1e0"] {
            #expect(fast(s)?.bitPattern == Double(s)?.bitPattern, "\(s)")
        }
        // 2⁵³ + 1, 20 significant digits, 10²³, 10⁻²³: left to the full conversion.
        for s in ["9007199254740993", "12345678901234567890", "1e23", "1e-23", "1e999999"] {
            #expect(fast(s) == nil, "\(s)")
        }
    }

    @Test("through the SVG path parser: coordinates read exactly as Double(_:) reads them")
    func throughParser() throws {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<2_000 {
            let x = randomLiteral(&rng), y = randomLiteral(&rng)
            guard let ex = Double(x), let ey = Double(y), ex.isFinite, ey.isFinite else { continue }
            let path = try Path(svgPathData: "M \(x) \(y)")
            guard let first = path.subpaths.first else {
                Issue.record("no subpath for M \(x) \(y)")
                continue
            }
            #expect(first.start.x.bitPattern == ex.bitPattern && first.start.y.bitPattern == ey.bitPattern, "M \(x) \(y)")
        }
    }
}
