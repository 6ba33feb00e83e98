import _Support

/// `--frames A:B:STEP` (or `A:B`, step 1): finite frames, A ≤ B, a positive step.
package struct FrameSteps: Equatable {
    package var from: Double
    package var to: Double
    package var step: Double

    package init(from: Double, to: Double, step: Double) { (self.from, self.to, self.step) = (from, to, step) }

    package static func parse(_ text: String) throws(OptionValueError) -> FrameSteps {
        try OptionValue.refuseHexadecimal(text)
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0.trimmingWhitespace) }
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }) else {
            throw OptionValueError("expected A:B or A:B:STEP (frame numbers, e.g. 0:60:2)")
        }
        let values = parts.compactMap { $0 }
        guard values.allSatisfy({ $0.isFinite }) else { throw OptionValueError("expected finite frame numbers") }
        let steps = FrameSteps(from: values[0], to: values[1], step: values.count == 3 ? values[2] : 1)
        guard steps.step > 0 else { throw OptionValueError("the step must be positive") }
        guard steps.to >= steps.from else { throw OptionValueError("the frames run backwards (B < A)") }
        return steps
    }
}
