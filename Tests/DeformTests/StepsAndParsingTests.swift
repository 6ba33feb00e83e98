import Deform
import Foundation
import Testing

@Suite("steps, parsing and keyframe tracks")
struct StepsAndParsingTests {
    @Test("steps follow CSS Easing §2.3 for every jump position")
    func steps() throws {
        let end = try StepsTiming(count: 4)
        #expect([0, 0.2, 0.25, 0.5, 0.99, 1].map(end.value(at:)) == [0, 0, 0.25, 0.5, 0.75, 1])
        let start = try StepsTiming(count: 4, position: .jumpStart)
        #expect([0, 0.2, 0.25, 0.99, 1].map(start.value(at:)) == [0.25, 0.25, 0.5, 1, 1])
        let none = try StepsTiming(count: 5, position: .jumpNone)
        #expect([0, 0.19, 0.2, 0.5, 0.99, 1].map(none.value(at:)) == [0, 0, 0.25, 0.5, 1, 1])
        let both = try StepsTiming(count: 3, position: .jumpBoth)
        #expect([0, 0.34, 0.67, 0.99, 1].map(both.value(at:)) == [0.25, 0.5, 0.75, 0.75, 1])
        #expect(throws: TimingError.self) { try StepsTiming(count: 1, position: .jumpNone) }
        #expect(throws: TimingError.self) { try StepsTiming(count: 0) }
    }

    @Test("timing functions read from text, and print back in the same form")
    func parsing() throws {
        #expect(try TimingFunction(parsing: "linear") == .linear)
        #expect(try TimingFunction(parsing: "default") == .default)
        #expect(try TimingFunction(parsing: "ease") == .ease)
        #expect(try TimingFunction(parsing: "easeIn") == .easeIn)
        #expect(try TimingFunction(parsing: "ease-out") == .easeOut)
        #expect(try TimingFunction(parsing: "easeInEaseOut") == .easeInEaseOut)
        #expect(try TimingFunction(parsing: " cubic-bezier(0.42, 0, 0.58, 1) ") == .easeInEaseOut)
        #expect(try TimingFunction(parsing: "spring(20, 0.5)") == .spring(try SpringTiming(omega: 20, zeta: 0.5)))
        #expect(try TimingFunction(parsing: "steps(3, start)") == .steps(try StepsTiming(count: 3, position: .jumpStart)))
        #expect(try TimingFunction(parsing: "step-end") == .steps(try StepsTiming(count: 1)))
        for t in [TimingFunction.linear, .ease, .spring(try SpringTiming(omega: 12.5, zeta: 1, initialVelocity: -2)),
                  .steps(try StepsTiming(count: 5, position: .jumpBoth))] {
            #expect(try TimingFunction(parsing: t.description) == t)
        }
        #expect(TimingFunction.ease.description == "cubic-bezier(0.25,0.1,0.25,1)")
        for bad in ["bounce", "cubic-bezier(0.1,0.2,0.3)", "cubic-bezier(1.1,0,1,1)", "spring(0,1)",
                    "spring(10,-1)", "steps(2.5)", "steps(2,middle)", "cubic-bezier(a,0,1,1)", "spring(10,nan)"] {
            let error = #expect(throws: TimingError.self) { try TimingFunction(parsing: bad) }
            #expect(error.map { !$0.description.contains("\n") } == true)
        }
        let unknown = #expect(throws: TimingError.self) { try TimingFunction(parsing: "bounce") }
        #expect(unknown?.description.contains("cubic-bezier(x1,y1,x2,y2)") == true)
    }

    @Test("keyframe tracks: values at key times exactly, per-interval timing in between, held outside")
    func keyframes() throws {
        let track = try KeyframeTrack([(0, 1), (0.4, 0.8), (1, 1.1)], timings: [.easeIn, .linear])
        #expect(track.value(at: 0) == 1 && track.value(at: 0.4) == 0.8 && track.value(at: 1) == 1.1)
        #expect(abs(track.value(at: 0.2) - (1 - 0.2 * TimingFunction.easeIn.value(at: 0.5))) < 1e-15)
        #expect(abs(track.value(at: 0.7) - 0.95) < 1e-15)
        #expect(throws: TimingError.self) {
            try KeyframeTrack([(0, 1), (0, 2)])
        }
        #expect(throws: TimingError.self) {
            try KeyframeTrack([(0, 1), (1.5, 2)])
        }
        #expect(throws: TimingError.self) {
            try KeyframeTrack([(0, 1), (0.5, 2), (1, 3)], timings: [.linear, .ease, .easeIn])
        }
        #expect(throws: TimingError.self) { try KeyframeTrack(keyframes: []) }
    }
}
