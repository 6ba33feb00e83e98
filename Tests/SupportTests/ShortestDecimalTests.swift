import Foundation
import Testing
import _Support

@Suite("ShortestDecimal: the shortest text that reads back to the same bits")
struct ShortestDecimalTests {
    @Test("examples", arguments: [
        (0.1, "0.1"), (1e-05, "1e-05"), (5e+20, "5e+20"), (3.0, "3"), (-42.0, "-42"),
        (0.0, "0"), (-0.0, "-0"), (2.5, "2.5"), (-0.375, "-0.375"),
        (1e15, "1000000000000000"), (9_007_199_254_740_991, "9007199254740991"),
        (0x1p53, "9007199254740992"), (-0x1p53, "-9007199254740992"),
        (0x1p53 + 2, "9.007199254740994e+15"), (1e16, "1e+16"),
        (123456.0, "123456"), (0.1 + 0.2, "0.30000000000000004"),
        (.leastNonzeroMagnitude, "5e-324"), (2.2250738585072014e-308, "2.2250738585072014e-308"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (1.0 / 3.0, "0.3333333333333333"),
    ])
    func examples(value: Double, expected: String) {
        #expect(ShortestDecimal.format(value) == expected)
    }

    @Test func nonFinite() {
        #expect(ShortestDecimal.format(.nan) == "nan")
        #expect(ShortestDecimal.format(-.nan) == "nan")
        #expect(ShortestDecimal.format(.signalingNaN) == "nan")
        #expect(ShortestDecimal.format(.infinity) == "inf")
        #expect(ShortestDecimal.format(-.infinity) == "-inf")
        #expect(Double("nan")!.isNaN && Double("inf") == .infinity && Double("-inf") == -.infinity)
    }

    /// Every finite output must parse back to the same bits, and must use only the plain
    /// decimal grammar that Python's `float()` and every other reader accepts.
    @Test func roundTripsRandomBitPatterns() throws {
        let grammar = try Regex("^-?[0-9]+(\\.[0-9]+)?(e[+-][0-9]+)?$")
        var random = SplitMix64(seed: 0x5EED_CAFE)
        var checked = 0
        var subnormals = 0
        var integral = 0
        while checked < 120_000 {
            // Mix uniform bit patterns (mostly huge and tiny exponents) with values near 1,
            // subnormals and integers, so each formatting branch is exercised.
            let bits = random.next()
            let value: Double
            switch checked % 4 {
            case 0: value = Double(bitPattern: bits)
            case 1: value = Double(bitPattern: bits & 0x800F_FFFF_FFFF_FFFF)  // subnormal or ±0
            case 2: value = Double(Int64(bitPattern: bits) >> Int64(bits % 60))
            default: value = Double(bitPattern: bits) .truncatingRemainder(dividingBy: 1e6)
            }
            guard value.isFinite else { continue }
            let text = ShortestDecimal.format(value)
            let parsed = try #require(Double(text), "\(text) does not parse")
            #expect(parsed.bitPattern == value.bitPattern, "\(text) ← \(value.bitPattern)")
            #expect(strtod(text, nil).bitPattern == value.bitPattern, "strtod \(text)")
            #expect(text.wholeMatch(of: grammar) != nil, "\(text) is not plain decimal")
            #expect(!text.hasSuffix(".0"), "\(text) has a needless .0")
            if value.isSubnormal { subnormals += 1 }
            if value.rounded() == value && value.magnitude < 1e15 { integral += 1 }
            checked += 1
        }
        #expect(subnormals > 10_000)
        #expect(integral > 10_000)
    }
}
