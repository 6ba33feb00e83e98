import Deform
import Foundation
import Geometry
import Testing

@Suite("progress profiles")
struct ProgressProfileTests {
    let model = BallModel()

    @Test("every parameter goes from the circle at 0 to its end value at 1 through the timing function")
    func twoKeyframes() throws {
        let end = try model.defaultParameters.setting(["xFactor": 1.2, "yFactor": 0.8, "topYFactor": 0.6])
        let profile = ProgressProfile(start: model.defaultParameters, end: end, timing: .easeInEaseOut)
        #expect(try profile.parameters(at: 0) == model.defaultParameters.settingOverride("topYFactor", 1))
        #expect(try profile.parameters(at: 1) == end)
        let mid = try profile.parameters(at: 0.3)
        let s = TimingFunction.easeInEaseOut.value(at: 0.3)
        #expect(abs(mid["yFactor"]! - (1 - 0.2 * s)) < 1e-15)
        #expect(abs(mid["topYFactor"]! - (1 - 0.4 * s)) < 1e-15)
        #expect(abs(mid["leftYFactor"]! - (1 - 0.2 * s)) < 1e-15, "unset overrides follow their parent")
        #expect(mid["radius"] == 50)
    }

    @Test("progress outside [0, 1] or NaN is an error naming the valid range")
    func badProgress() {
        let profile = ProgressProfile(start: model.defaultParameters, end: model.defaultParameters)
        for p in [-0.01, 1.0000001, .nan, .infinity] {
            let error = #expect(throws: ModelInputError.self) { try profile.parameters(at: p) }
            #expect(error?.description.contains("[0, 1]") == true)
        }
    }

    @Test("multi-keyframe tracks per parameter: a squash that overshoots and recovers")
    func tracks() throws {
        let y = try KeyframeTrack([(0, 1), (0.5, 0.8), (1, 1)], timings: [.easeOut, .easeIn])
        let top = try KeyframeTrack([(0, 1), (0.5, 0.6), (1, 1)])
        let profile = try ProgressProfile(base: model.defaultParameters, tracks: ["yFactor": y, "topYFactor": top])
        let mid = try profile.parameters(at: 0.5)
        #expect(mid["yFactor"] == 0.8 && mid["topYFactor"] == 0.6)
        let path = model.path(parameters: mid)
        #expect(path.ys[6] == 60 && path.ys[9] == 40)
        #expect(model.path(parameters: try profile.parameters(at: 1)) == model.path(parameters: model.defaultParameters))
        #expect(throws: ModelInputError.self) {
            try ProgressProfile(base: model.defaultParameters, tracks: ["wobble": y])
        }
        let tooFar = try KeyframeTrack([(0, 1), (1, 12)])
        #expect(throws: ModelInputError.outOfBounds(name: "xFactor", value: 12, lower: 0, upper: 10)) {
            try ProgressProfile(base: model.defaultParameters, tracks: ["xFactor": tooFar])
        }
    }
}

extension ParameterVector {
    /// A copy with override `name` set to `value`.
    func settingOverride(_ name: String, _ value: Double) -> ParameterVector {
        var p = self
        p.setValue(value, at: index(of: name)!)
        return p
    }
}
