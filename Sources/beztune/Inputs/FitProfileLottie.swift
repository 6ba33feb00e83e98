import DataFiles
import Fitting
import Foundation
import Interchange

/// `fit-profile --lottie FILE [--layer NAME|N] [--frames A:B:STEP]`: the keyframes of a profile
/// fit from a Lottie layer's outline at a sequence of frames (`LottieKeyframeSequence`). A layer
/// that does not exist or must be chosen and frames outside the layer's are usage errors (exit
/// 2); a file that cannot be read or an outline that cannot be fitted is a runtime failure.
enum FitProfileLottie {
    static func sequence(file: String, layer: String?, frames: FrameSteps?) throws(CLIError) -> LottieKeyframeSequence {
        let text: String
        do throws(FileReadError) {
            text = try TextFile.read(URL(fileURLWithPath: file), kind: "Lottie file")
        } catch {
            throw .runtime(error)
        }
        let shapeLayer: LottieShapeLayer
        do throws(LottieError) {
            let document = try LottieDocument(parsing: Array(text.utf8), source: file)
            shapeLayer = try document.shapeLayer(layer.map(LottieLayerSelection.init(argument:)))
        } catch {
            throw [.noSuchLayer, .layerChoiceNeeded, .frameOutOfRange].contains(error.kind) ? .usage(error.description) : .runtime(error.description)
        }
        do throws(LottieSequenceError) {
            return try LottieKeyframeSequence(layer: shapeLayer, from: frames?.from, to: frames?.to, step: frames?.step ?? 1)
        } catch {
            throw .usage(error.description)
        }
    }

    static func keyframes(_ sequence: LottieKeyframeSequence, _ settings: FitProfileSettings) throws(CLIError) -> [ProfileKeyframe] {
        let keyframes: [ProfileKeyframe]
        do throws(LottieSequenceError) {
            keyframes = try sequence.keyframes(sampleCount: settings.fit.samples ?? TargetOutline.defaultSampleCount,
                                               orientation: settings.fit.orientation)
        } catch {
            throw .runtime(error.description)
        }
        do throws(ProfileError) {
            try ProfileFitter.validate(progress: keyframes.map(\.progress), labels: keyframes.map { $0.label ?? "" },
                                       timing: settings.timing)
        } catch {
            throw .usage("\(sequence.layer.source): \(error.commandLineMessage)")
        }
        return keyframes
    }
}

/// `--frames A:B:STEP` (or `A:B`, step 1): finite frames, A ≤ B, a positive step.
struct FrameSteps: Equatable {
    var from: Double
    var to: Double
    var step: Double

    static func parse(_ text: String) throws(OptionValueError) -> FrameSteps {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0.trimmingWhitespace) }
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }) else {
            throw OptionValueError("expected A:B or A:B:STEP (frame numbers, e.g. 0:60:2)")
        }
        let values = parts.compactMap { $0 }
        guard values.allSatisfy(\.isFinite) else { throw OptionValueError("expected finite frame numbers") }
        let steps = FrameSteps(from: values[0], to: values[1], step: values.count == 3 ? values[2] : 1)
        guard steps.step > 0 else { throw OptionValueError("the step must be positive") }
        guard steps.to >= steps.from else { throw OptionValueError("the frames run backwards (B < A)") }
        return steps
    }
}
