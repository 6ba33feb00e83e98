import ArcError
import Foundation
import Testing

/// The handle-factor language (`--k`): values against the same arithmetic written in Swift, and
/// every failure a one-line error naming the text.
@Suite("handle factors")
struct HandleFactorTests {
    @Test("expressions evaluate as the same arithmetic in Swift", arguments: [(String, Double)]([
        ("1/1.8", 1 / 1.8), ("0.5523", 0.5523), ("4/3*(sqrt(2)-1)", 4.0 / 3.0 * (2.0.squareRoot() - 1)),
        ("4/3*tan(pi/8)", 4.0 / 3.0 * tan(Double.pi / 8)), ("-2^2", -4), ("2^3^2", 512), ("1e-3", 1e-3),
        (" 2 * ( 3 + 4 ) ", 14), ("sin(pi/6)+cos(0)", sin(Double.pi / 6) + 1), ("+.5", 0.5),
    ]))
    func values(_ text: String, _ expected: Double) throws {
        #expect(try HandleExpression.evaluate(text) == expected)
    }

    @Test("malformed expressions name what was expected and the offset", arguments: [
        ("4/3*(sqrt(2)-1", "expected ')' at offset 14"), ("", "expected a number at offset 0"),
        ("0.5 0.6", "unexpected '0' at offset 4"), ("4/3*foo(2)", "unknown name 'foo' (known: pi, sqrt, tan, sin, cos) at offset 4"),
        ("0\n5", "unexpected U+000A at offset 1"), ("sqrt 2", "expected '(' after 'sqrt' at offset 5"),
    ])
    func parseErrors(_ text: String, _ expected: String) {
        #expect(throws: HandleExpression.ParseError.self) { try HandleExpression.evaluate(text) }
        do { _ = try HandleExpression.evaluate(text) } catch { #expect(error.description == expected) }
    }

    @Test("deep nesting is an error, not a stack overflow")
    func depth() {
        let text = String(repeating: "(", count: 100_000) + "1"
        do { _ = try HandleExpression.evaluate(text) } catch {
            #expect(error.reason == "expression nested more than 100 levels deep")
            return
        }
        Issue.record("100 000 parentheses parsed")
    }

    @Test("a criterion name resolves per segment count; a value is the same for every n")
    func resolution() throws {
        #expect(try HandleFactor(parsing: " minimax ") == .criterion(.minimax))
        #expect(try HandleFactor(parsing: "minimax").handle(segments: 4) == 0.5519150244935106)
        #expect(try HandleFactor(parsing: "midpoint").handle(segments: 8) == HandleCriterion.midpoint.handle(segments: 8))
        #expect(try HandleFactor(parsing: "1/1.8") == .value(1 / 1.8))
        #expect(try HandleFactor(parsing: "0.5").handle(segments: 7) == 0.5)
    }

    @Test("values outside (0, 10] are refused with the text and the reason", arguments: [
        ("0", "'0': the handle factor must be positive (got 0.0)"),
        ("-0.5", "'-0.5': the handle factor must be positive (got -0.5)"),
        ("11", "'11': the handle factor must be at most 10 radii (got 11.0)"),
        ("1/0", "'1/0': the value is not a finite number"), ("1e400", "'1e400': the value is not a finite number"),
        ("nan", "'nan': unknown name 'nan' (known: pi, sqrt, tan, sin, cos) at offset 0 (a number, an expression such as 4/3*tan(pi/8), or one of midpoint, minimax, l2, area, arclength, curvature, lottie-web, lottie-ios, lottie-android)"),
    ])
    func refused(_ text: String, _ expected: String) {
        do {
            _ = try HandleFactor(parsing: text)
            Issue.record("'\(text)' accepted")
        } catch {
            #expect(error.description == expected)
            #expect(error.text == text)
        }
    }
}
