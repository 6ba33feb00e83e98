import BeztuneAPI
import Interchange
import Testing
import _Support

/// `timingCurve` and the per-interval keys the model calls take: sampled values against the
/// timing functions' own definitions solved here independently (CSS cubic-bezier by bisection on
/// x(s), the damped spring's closed form), and the keyed track against its piecewise formula.
struct TimingCurveTests {
    private func answer(_ name: String, _ arguments: String) throws -> JSONObject {
        switch APICall.answer(name, arguments: arguments) {
        case .success(let text): return try #require(try JSONReader().parse(text).object)
        case .failure(let e): throw e
        }
    }

    private func message(_ name: String, _ arguments: String) -> String? {
        if case .failure(let e) = APICall.answer(name, arguments: arguments) { return e.message }
        return nil
    }

    private func numbers(_ o: JSONObject, _ key: String) throws -> [Double] {
        try #require(o[key]?.array).map { try #require($0.number) }
    }

    /// CSS's cubic-bezier(x1, y1, x2, y2) at x: the parameter s with x(s) = x by bisection
    /// (x(s) increases for x1, x2 in [0, 1]), then y(s).
    private func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func b(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return b(y1, y2, (lo + hi) / 2)
    }

    @Test func cubicBezierSamplesAreTheCurvesValues() throws {
        let o = try answer("timingCurve", #"{"timing": "cubic-bezier(0.3,1.6,0.7,-0.4)", "samples": 41}"#)
        let t = try numbers(o, "time"), v = try numbers(o, "value")
        #expect(t.count == 41 && t.first == 0 && t.last == 1)
        for (x, y) in zip(t, v) {
            #expect(abs(y - cubicBezier(0.3, 1.6, 0.7, -0.4, at: x)) < 1e-12)
        }
        #expect(o["kind"] == .string("cubic-bezier"))
        #expect(try numbers(o, "points") == [0.3, 1.6, 0.7, -0.4])
        #expect(o["text"] == .string("cubic-bezier(0.3,1.6,0.7,-0.4)"))
    }

    @Test func springSamplesAreTheClosedForm() throws {
        // ω = 20, ζ = 0.5 per unit of progress: 1 − e^(−ζωt)(cos ω_d t + ζω/ω_d sin ω_d t).
        let o = try answer("timingCurve", #"{"timing": "spring(20,0.5)", "samples": 21}"#)
        let wd = 20 * (0.75).squareRoot()
        for (t, v) in zip(try numbers(o, "time"), try numbers(o, "value")) {
            let exact = 1 - Double.exp(-10 * t) * (Double.cos(wd * t) + 10 / wd * Double.sin(wd * t))
            #expect(abs(v - exact) < 1e-12)
        }
        #expect(o["kind"] == .string("spring"))
    }

    @Test func keysFollowThePiecewiseFormula() throws {
        let o = try answer("timingCurve", #"""
            {"keys": [{"time": 0.1, "value": 0, "timing": "cubic-bezier(0.3,1.6,0.7,-0.4)"}, {"time": 0.6, "value": 1.2},
                      {"time": 0.9, "value": 1}], "samples": 101}
            """#)
        for (t, v) in zip(try numbers(o, "time"), try numbers(o, "value")) {
            let exact = t <= 0.1 ? 0 : t <= 0.6 ? 1.2 * cubicBezier(0.3, 1.6, 0.7, -0.4, at: (t - 0.1) / 0.5)
                : t <= 0.9 ? 1.2 - 0.2 * (t - 0.6) / 0.3 : 1
            #expect(abs(v - exact) < 1e-12, "t = \(t)")
        }
        #expect(o["text"] == nil && o["kind"] == nil)
    }

    @Test func twoKeysAreTheTimingItself() throws {
        for p in [0.0, 0.25, 0.5, 0.8, 1] {
            let keyed = APICall.answer("modelPath", arguments: #"""
                {"model": "ball", "set": {"yFactor": 0.7, "topYFactor": 0.5}, "progress": \#(p),
                 "keys": [{"time": 0, "value": 0, "timing": "ease-in-out"}, {"time": 1, "value": 1}]}
                """#)
            let timed = APICall.answer("modelPath", arguments: #"""
                {"model": "ball", "set": {"yFactor": 0.7, "topYFactor": 0.5}, "progress": \#(p), "timing": "ease-in-out"}
                """#)
            #expect(try keyed.get() == timed.get())
        }
    }

    @Test func aKeysChangeIsTheShapeAtThatProgressOfALinearChange() throws {
        let keyed = APICall.answer("modelPath", arguments: #"""
            {"model": "ball", "set": {"yFactor": 0.7}, "progress": 0.5,
             "keys": [{"time": 0, "value": 0}, {"time": 0.5, "value": 0.25}, {"time": 1, "value": 1}]}
            """#)
        let linear = APICall.answer("modelPath", arguments: #"{"model": "ball", "set": {"yFactor": 0.7}, "progress": 0.25}"#)
        #expect(try keyed.get() == linear.get())
    }

    @Test func badKeysAreRefusedWithOneLine() {
        #expect(message("timingCurve", #"{"keys": []}"#) == "invalid --keys: expected an array of 1 to 1000 keys ({time, value, timing?})")
        #expect(message("timingCurve", #"{"keys": [{"time": 0.5, "value": 0}, {"time": 0.5, "value": 1}]}"#)
                == "invalid --keys: key 2's time 0.5 does not follow 0.5 (times must increase)")
        #expect(message("timingCurve", #"{"keys": [{"time": 1.5, "value": 0}]}"#) == "invalid --keys: key 1's time 1.5 is outside [0, 1]")
        #expect(message("timingCurve", #"{"keys": [{"time": 0, "value": "NaN"}]}"#)
                == "invalid --keys: key 1's value must be a finite number, not 'NaN'")
        #expect(message("timingCurve", #"{"keys": [{"time": 0, "value": 0, "ease": 1}]}"#)
                == "invalid --keys: key 1 has an unknown member 'ease' (members: time, value, timing)")
        #expect(message("timingCurve", #"{"timing": "ease", "keys": [{"time": 0, "value": 0}]}"#) == "timing and keys exclude each other: give one")
        #expect(message("modelPath", #"{"model": "loading", "keys": [{"time": 0, "value": 0}]}"#)?.hasPrefix("keys time a plain model") == true)
        // A key that takes a parameter outside its bounds is refused as the bounds are.
        #expect(message("modelPath", #"{"model": "ball", "set": {"yFactor": 0.5}, "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 3}]}"#) != nil)
        #expect(message("timingCurve", #"{"timing": "ease", "samples": 1}"#)?.hasPrefix("invalid --samples '1'") == true)
    }
}
