import ArcError
import BeztuneAPI
import Interchange
import Testing
import _Support

/// The API's plumbing: arguments read as the command line reads option texts, messages worded as
/// its, answers written so JavaScript reads back the same doubles (NaN and ±∞ included).
struct APICallTests {
    private func answer(_ name: String, _ arguments: String) throws -> JSONValue {
        switch APICall.answer(name, arguments: arguments) {
        case .success(let text): return try JSONReader().parse(text.replacingEvery("\"\\u0000NaN\"", with: "null"))
        case .failure(let e): throw e
        }
    }

    private func message(_ name: String, _ arguments: String) -> String? {
        if case .failure(let e) = APICall.answer(name, arguments: arguments) { return e.message }
        return nil
    }

    @Test func errorTableRowsAreKeyedByTheCSVColumnsWithTheInputLast() throws {
        let rows = try #require(try answer("errorTable", #"{"k": ["1/1.8", 0.5523], "segments": 4}"#).array)
        #expect(rows.count == 2)
        let first = try #require(rows[0].object)
        #expect(first.keys.first == "k" && first.keys.last == "k_input")
        #expect(first["k_input"] == .string("1/1.8"))
        // k = 1/1.8 exactly as the handle parser evaluates it. Above the midpoint criterion's k the
        // largest radial error of the quarter arc (1,0)…(0,1) is at t = ½, where
        // B(½) = (P0 + 3P1 + 3P2 + P3)/8 = ((4 + 3k)/8, (4 + 3k)/8): |B(½)| − 1 = √2(4 + 3k)/8 − 1.
        let k = 1 / 1.8
        #expect(first["k"]?.number == k)
        let closedForm: Double = 2.0.squareRoot() * (4 + 3 * k) / 8 - 1
        let reported = try #require(first["max_radial_error"]?.number)
        #expect(abs(reported - closedForm) < 1e-15)
        #expect(rows[1]["k_input"] == .string("0.5523"))
    }

    @Test func refusalsAreTheCommandLinesMessages() {
        #expect(message("errorTable", #"{"k": "1/0"}"#) == "invalid --k '1/0': the value is not a finite number")
        #expect(message("errorTable", #"{"k": 0.5, "radius": "NaN"}"#) == "invalid --radius 'NaN': expected a finite number")
        #expect(message("errorTable", #"{"k": 0.5, "pixelsPerUnit": 2}"#) == "--pixels-per-unit goes with --radius R (the pixel figures are the absolute ones × S)")
        #expect(message("errorTable", #"{"k": 0.5, "sx": 2}"#) == "--sx and --sy go together: give both")
        #expect(message("errorTable", #"{"k": 0.5, "segmentz": 2}"#) == "unknown option '--segmentz'")
        #expect(message("errorTable", #"{}"#) == "missing --k K")
        #expect(message("errorTable", #"[1]"#) == "expected the arguments as an object, not an array")
        #expect(message("errorTable", #"{"k": 0.5"#)?.hasPrefix("the arguments are not JSON: ") == true)
        #expect(message("noSuchCall", "{}")?.hasPrefix("unknown function 'noSuchCall'") == true)
    }

    @Test func nonFiniteNumbersAreMarkedForTheReviver() {
        let text = ResultText.json(.array([.number(.nan), .number(.infinity), .number(-.infinity), .number(0.1), .string("a\"\n\u{1}")]))
        #expect(text == #"["\u0000NaN","\u0000Infinity","\u0000-Infinity",0.1,"a\"\n\u0001"]"#)
    }

    @Test func optionNamesAreTheLongOptionsInKebabCase() {
        #expect(OptionName.longOption("pixelsPerUnit") == "pixels-per-unit")
        #expect(OptionName.longOption("yUp") == "y-up")
        #expect(OptionName.longOption("k") == "k")
    }
}
