import ArcError
import BeztuneAPI
import Foundation
import Geometry
import _ArgumentParser
import _Support

/// A `--k` value: a ``HandleFactor`` (a criterion name or a number or expression) with the text
/// as given (trimmed), for labels.
struct HandleArgument: Equatable {
    var text: String
    var factor: HandleFactor

    /// `--k TEXT`; the reason names the problem (`expected ')' at offset 14 (…)`).
    static func parse(_ text: String) throws(OptionValueError) -> HandleArgument {
        HandleArgument(text: String(text.trimmingWhitespace), factor: try HandleFactorValue.parse(text))
    }

    /// The factor for `segments` equal segments.
    func value(segments: Int) -> Double { factor.handle(segments: segments) }

    /// `k TEXT` for a legend or title, with the value when the text is not the number itself
    /// (`1/1.8 = 0.555556`).
    func label(segments: Int) -> String {
        let v = value(segments: segments)
        return text == ShortestDecimal.format(v) ? text : "\(text) = \(String(format: "%.6g", v))"
    }
}
