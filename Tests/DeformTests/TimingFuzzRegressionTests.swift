import Deform
import Testing

/// What FuzzTimingFunction (Fuzz/) checks, for the forms it found: every parsed function reads
/// back from its description, and y(0) = 0 except for steps that jump at the start.
@Suite("timing functions: fuzzing regressions")
struct TimingFuzzRegressionTests {
    /// FuzzTimingFunction's one finding: `step-start` has y(0) = 1 — as CSS defines it; the
    /// documentation claimed y(0) = 0 for every kind, and now names the exceptions.
    @Test("steps that jump at the start have y(0) = 1/jumps; everything else y(0) = 0",
          arguments: ["step-start", "steps(3,jump-start)", "steps(3,jump-both)", "steps(3)", "step-end",
                      "linear", "ease", "cubic-bezier(0,1.5,1,-0.5)", "spring(10,0.5)", "spring(1e100,0)",
                      "spring(4,1e100)", "spring(1e-300,1e100,-1e100)", "spring(1e100,1,1e100)"])
    func valueAtZero(text: String) throws {
        let f = try TimingFunction(parsing: text)
        #expect(try TimingFunction(parsing: f.description) == f)
        switch text {
        case "step-start": #expect(f.value(at: 0) == 1)
        case "steps(3,jump-start)": #expect(f.value(at: 0) == 1.0 / 3)
        case "steps(3,jump-both)": #expect(f.value(at: 0) == 0.25)
        default: #expect(f.value(at: 0) == 0)
        }
        for i in 0...16 { #expect(f.value(at: Double(i) / 16).isFinite, "\(text) at \(i)/16") }
    }

    /// FuzzTimingFunction's second finding: spring(4,12e223) was NaN for every x > 0 — ζ² and
    /// then ζω·γ overflowed. Springs beyond 1e100 are now refused; γ no longer squares ζ.
    @Test("springs with parameters beyond 1e100 are refused with one line; huge ζ stays finite")
    func springLimits() throws {
        for text in ["spring(4,12e223)", "spring(1e300,0)", "spring(1,0,-1e101)"] {
            #expect(throws: TimingError.self) { try TimingFunction(parsing: text) }
        }
        let stiff = try TimingFunction(parsing: "spring(4,1e50)")
        for i in 0...16 { #expect(stiff.value(at: Double(i) / 16).isFinite) }
    }
}
