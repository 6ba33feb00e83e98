import Deform
import Foundation
import Geometry
import Interchange
import Testing

@Suite("json document: a hand-written document needs only format, model and each track's keyframes")
struct AnimationDocumentDefaultsTests {
    /// Every format's output for `a` (or its error), so two animations can be compared whole.
    func exports(_ a: ShapeAnimation) -> [String] {
        ExportFormat.allCases.map { format in
            do throws(ExportError) { return try format.render(a) } catch { return "error: \(error.message)" }
        }
    }

    func read(_ text: String) throws -> ShapeAnimation { try AnimationDocument(parsing: text).animation }

    /// The message `text` is refused with (nil when accepted).
    func refusal(_ text: String) -> String? {
        do { _ = try AnimationDocument(parsing: text); return nil } catch { return error.message }
    }

    @Test("a minimal still shape exports the same as the full document the json export writes")
    func minimalStill() throws {
        let full = try ShapeAnimation(model: CatalogModel.ball, parameters: ExportFixtures.ball(["yFactor": 0.8]))
        let fullText = try ExportFormat.json.render(full)
        #expect(fullText.contains("\"standardErrors\"") && fullText.contains("\"keyframeTimes\""))
        let minimal = try read(#"{"format": "beztune-animation", "model": "ball", "parameters": {"yFactor": 0.8}}"#)
        #expect(exports(minimal) == exports(full))
        #expect(exports(try read(fullText)) == exports(full))
        // Nothing but the required keys: the model at rest.
        let rest = try read(#"{"format": "beztune-animation", "model": "ball"}"#)
        #expect(exports(rest) == exports(try ShapeAnimation(model: CatalogModel.ball, parameters: CatalogModel.ball.defaultParameters)))
    }

    @Test("a minimal animation: keyframes alone (linear, 1 s), then a timing and a duration, export as the full document")
    func minimalAnimation() throws {
        let start = ExportFixtures.ball(), end = ExportFixtures.ball(["yFactor": 0.8, "xFactor": 1.2])
        let linear = try ShapeAnimation(model: CatalogModel.ball, profile: ProgressProfile(start: start, end: end, timing: .linear))
        let minimal = try read("""
            {"format": "beztune-animation", "model": "ball",
             "timings": {"yFactor": {"keyframes": [[0, 1], [1, 0.8]]}, "xFactor": {"keyframes": [[0, 1], [1, 1.2]]}}}
            """)
        #expect(minimal.duration == 1 && minimal.keyframeTimes == [0, 1] && minimal.standardErrors.isEmpty)
        #expect(minimal.profile == linear.profile)
        #expect(exports(minimal) == exports(linear))

        let eased = try ShapeAnimation(model: CatalogModel.ball, profile: ProgressProfile(start: start, end: end, timing: .easeOut),
                                       duration: 0.3)
        let handWritten = try read("""
            {"format": "beztune-animation", "model": "ball", "duration": 0.3,
             "timings": {"yFactor": {"keyframes": [[0, 1], [1, 0.8]], "timings": ["ease-out"]},
                         "xFactor": {"keyframes": [[0, 1], [1, 1.2]], "timings": ["cubic-bezier(0, 0, 0.58, 1)"]}}}
            """)
        #expect(exports(handWritten) == exports(eased))
        #expect(exports(try read(try ExportFormat.json.render(eased))) == exports(eased))
    }

    @Test("springs in seconds in a document play over their interval's seconds: duration × the interval's share of progress")
    func springsInSeconds() throws {
        // duration 2 s, interval [0, 0.5]: 1 s, so ca-spring(stiffness:100,damping:10) is
        // ω = √100·1 = 10, ζ = 10/(2√100) = 0.5; interval [0.5, 1] is 1 s too.
        let written = try read("""
            {"format": "beztune-animation", "model": "ball", "duration": 2,
             "timings": {"yFactor": {"keyframes": [[0, 1], [0.5, 0.8], [1, 1]], "timings": ["ca-spring(stiffness:100,damping:10)"]},
                         "xFactor": {"keyframes": [[0, 1], [0.25, 1.2]], "timings": ["swiftui-spring(response:0.25,dampingFraction:1)"]}}}
            """)
        let spring = TimingFunction.spring(try SpringTiming(omega: 10, zeta: 0.5))
        let yTrack = try KeyframeTrack(keyframes: [.init(time: 0, value: 1), .init(time: 0.5, value: 0.8), .init(time: 1, value: 1)],
                                       timings: [spring])
        // xFactor: interval [0, 0.25] of 2 s is 0.5 s; ω = (2π/0.25)·0.5 = 4π, ζ = 1.
        let xTrack = try KeyframeTrack(keyframes: [.init(time: 0, value: 1), .init(time: 0.25, value: 1.2)],
                                       timings: [.spring(try SpringTiming(omega: 4 * Double.pi, zeta: 1))])
        let expected = try ShapeAnimation(model: CatalogModel.ball, profile: ProgressProfile(base: ExportFixtures.ball(),
                                                                                       tracks: ["yFactor": yTrack, "xFactor": xTrack]),
                                          duration: 2)
        #expect(written.profile == expected.profile)
        #expect(exports(written) == exports(expected))
        // Seconds a spring would refuse: keyframes at the same time are refused as keyframes first.
        let same = refusal("""
            {"format": "beztune-animation", "model": "ball",
             "timings": {"yFactor": {"keyframes": [[0, 1], [0, 0.8]], "timings": ["ca-spring(stiffness:100,damping:10)"]}}}
            """)
        #expect(same?.hasPrefix("$.timings.yFactor: keyframe 1") == true, "\(same ?? "accepted")")
    }

    @Test("each missing required key, and each optional key of the wrong type: one line naming its JSON path")
    func missingAndWrong() throws {
        let head = #""format": "beztune-animation""#
        let rows: [(String, String)] = [
            (#"{"model": "ball"}"#, #"$: no "format" key"#),
            ("{\(head)}", "$.model: missing (a model name: ball"),
            ("{\(head), \"model\": 3}", "$.model: expected a model name (a string), found a number"),
            ("{\(head), \"model\": \"ball\", \"timings\": {\"yFactor\": {\"timings\": [\"linear\"]}}}",
             "$.timings.yFactor.keyframes: missing"),
            ("{\(head), \"model\": \"ball\", \"timings\": {\"yFactor\": 3}}", "$.timings.yFactor: expected an object"),
            ("{\(head), \"model\": \"ball\", \"timings\": {\"yFactor\": {\"keyframes\": [[0, 1], [1, 0.8]], \"timings\": \"linear\"}}}",
             "$.timings.yFactor.timings: expected an array"),
            ("{\(head), \"model\": \"ball\", \"timings\": {\"yFactor\": {\"keyframes\": [[0, 1], [1, 0.8]], \"timings\": [\"ca-spring(stiffness:100)\"]}}}",
             "$.timings.yFactor.timings[0]: ca-spring(…): missing 'damping:'"),
            ("{\(head), \"model\": \"ball\", \"duration\": \"1\"}", "$.duration: expected a number"),
            ("{\(head), \"model\": \"ball\", \"duration\": -1}", "$.duration: the duration must be a positive finite number of seconds"),
            ("{\(head), \"model\": \"ball\", \"version\": \"1\"}", "$.version: expected a number"),
            ("{\(head), \"model\": \"ball\", \"parameters\": []}", "$.parameters: expected an object"),
            ("{\(head), \"model\": \"ball\", \"timings\": []}", "$.timings: expected an object"),
            ("{\(head), \"model\": \"ball\", \"keyframeTimes\": 0.5}", "$.keyframeTimes: expected an array of numbers"),
            ("{\(head), \"model\": \"ball\", \"keyframeTimes\": [0.5, \"x\"]}", "$.keyframeTimes[1]: expected a number"),
            ("{\(head), \"model\": \"ball\", \"standardErrors\": \"none\"}", "$.standardErrors: expected an object"),
            ("{\(head), \"model\": \"ball\", \"pose\": 1}", "$.pose: expected an object or null"),
        ]
        for (text, expected) in rows {
            let message = refusal(text)
            #expect(message?.hasPrefix(expected) == true, "\(text): \(message ?? "accepted")")
            #expect(message.map { !$0.contains("\n") } == true)
        }
    }
}
