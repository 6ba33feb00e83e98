import _Support

/// `--pixels-per-unit S`: device pixels per model (or length) unit — 3 for a shape drawn at its
/// design size on an @3x screen — by which the distance figures are multiplied into their `_px`
/// twins (a distance d units is S·d device pixels). Not the pose parameter `scale`, which sizes
/// the model's shape before it is compared: S only restates the figures in pixels.
///
/// A value is a finite number > 0 (NaN, ±∞, 0 and negatives are refused, naming the value);
/// `error` takes a comma list `1,2,3`, one row per scale.
package enum PixelsPerUnit {
    /// The help's wording, shared by the commands.
    package static let meaning = "device pixels per unit (e.g. 3 for @3x); the *_px figures are the distances × S. Not the pose parameter 'scale'"

    /// One scale: a finite number > 0.
    package static func parse(_ text: String) throws(OptionValueError) -> Double {
        try OptionValue.refuseHexadecimal(text)
        guard let value = Double(text.trimmingWhitespace), value.isFinite, value > 0 else {
            throw OptionValueError("expected a finite number of pixels per unit > 0")
        }
        return value
    }

    /// `S,S,…`: each a finite number > 0; the first bad one is named.
    package static func parseList(_ text: String) throws(OptionValueError) -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return [try parse(text)] }
        var scales: [Double] = []
        for item in parts {
            guard !item.trimmingWhitespace.isEmpty else { throw OptionValueError("expected S,S,… without empty items") }
            do throws(OptionValueError) {
                scales.append(try parse(item))
            } catch {
                throw OptionValueError(error.reason + " (in S,S,…)", text: String(item.trimmingWhitespace))
            }
        }
        return scales
    }
}
