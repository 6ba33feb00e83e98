@testable import beztune
import _ProcessLayer
import DataFiles
import Deform
import Fitting
import Geometry
import Interchange
import Testing
import _ArgumentParser
import _Support

/// The one place where errors become lines and exit statuses: a library error says whether it
/// is a usage mistake, a context names where it happened, an error before the run began is a
/// usage error whatever its type, and the command line's own words are added to the fit errors
/// an option fixes.
@Suite("errors become one line and a status in one place")
struct DiagnosisTests {
    @Test("a library error while running: its own line, and its own kind")
    func libraryErrors() {
        let csv = CSVError(.value, source: "t.csv", line: 3, columnName: "x", reason: "'a' is not a number")
        let d = Diagnosis(csv, stage: .running)
        #expect(d.message == "t.csv line 3, column 'x': 'a' is not a number" && !d.isUsage)
        let layer = LottieError(.noSuchLayer, source: "a.json", "no layer is called 'Ball'")
        let l = Diagnosis(layer, stage: .running)
        #expect(l.message == "a.json: no layer is called 'Ball'" && l.isUsage)
        let broken = LottieError(.invalid, source: "a.json", path: "layers[0].ks", "expected an object")
        #expect(!Diagnosis(broken, stage: .running).isUsage)
        #expect(Diagnosis(ModelInputError.unknownModel(name: "cube", valid: ["ball"]), stage: .running).isUsage)
        #expect(!Diagnosis(FitError.tooFewPoints(points: 2, free: 3), stage: .running).isUsage)
        #expect(Diagnosis(FitError.duplicateFree("k"), stage: .running).isUsage)
        #expect(Diagnosis(ProfileError.keyframeFit(keyframe: "row 2", .nothingFree), stage: .running).isUsage)
    }

    @Test("before the run began every error is a usage error")
    func stages() {
        let csv = CSVError(.file, source: "t.csv", reason: "no such file")
        #expect(Diagnosis(csv, stage: .validating).isUsage && Diagnosis(csv, stage: .parsing).isUsage)
        #expect(!Diagnosis(csv, stage: .running).isUsage)
        #expect(Diagnosis(CLIError.usage("x"), stage: .running).isUsage && !Diagnosis(CLIError.runtime("x"), stage: .running).isUsage)
    }

    @Test("the command line's words: flags for the fit errors an option fixes, path data named")
    func commandLineWords() {
        #expect(Diagnosis.message(FitError.nothingFree) == "no parameter is free: name at least one with --free")
        #expect(Diagnosis.message(ProfileError.keyframeFit(keyframe: "k.svg", .nothingFree))
                == "k.svg: no parameter is free: name at least one with --free")
        let far = FitError.farFromModel(target: Rect(minX: 0, minY: 0, maxX: 1, maxY: 1), model: Rect(minX: 5, minY: 5, maxX: 6, maxY: 6))
        #expect(Diagnosis.message(far).hasSuffix("free the pose (--free …,tx,ty), check the y axis (--y-up / --y-down) or the size (--radius)"))
        #expect(!far.description.contains("--"))
    }

    @Test("a context names where the error happened; it is the context's content, not a usage mistake, unless said")
    func contexts() throws {
        do {
            _ = try inContext("ball.path") { () throws(SVGPathError) in try Path(svgPathData: "M0 0 C") }
            Issue.record("path data 'M0 0 C' was read")
        } catch {
            let d = Diagnosis(error, stage: .running)
            #expect(d.message.hasPrefix("ball.path: invalid path data: ") && !d.isUsage)
        }
        let usage = ErrorInContext("a.json", ProfileError.jointNeedsParametricTiming(.keyframes), usage: true)
        #expect(Diagnosis(usage, stage: .running).isUsage)
        let data = ErrorInContext("a.json", ModelInputError.progressOutOfRange(2))
        #expect(!Diagnosis(data, stage: .running).isUsage)
    }

    @Test("an option's value: its text, or the part of it at fault, and the parser's reason")
    func optionValues() {
        let part = InvalidOptionValue(option: "segments", text: "4:x", problem: OptionValueError("expected a whole number", text: "x"))
        #expect(Diagnosis.message(part) == "invalid --segments 'x': expected a whole number")
        let whole = InvalidOptionValue(option: "timing", text: "bounce", problem: TimingError("unknown timing 'bounce'"))
        #expect(Diagnosis.message(whole) == "invalid --timing 'bounce': unknown timing 'bounce'")
    }
}
