import ArcError
import Foundation
import Render
import _Support

/// A `--k` value: a ``HandleFactor`` resolved for the segment count, with the text as given
/// (trimmed) for labels.
struct HandleArgument {
    /// The text as given, for labels.
    var text: String
    var value: Double

    /// Resolves `text` for `segments` equal segments; usage errors name `--option`.
    static func parse(_ text: String, segments: Int, option: String, arguments: ParsedArguments) throws(CLIError) -> HandleArgument {
        do throws(HandleFactorError) {
            let factor = try HandleFactor(parsing: text)
            return HandleArgument(text: String(text.trimmingWhitespace), value: factor.handle(segments: segments))
        } catch {
            throw arguments.usage("invalid --\(option) \(error.description)")
        }
    }
}

/// Shared option parsing for the arc-error commands.
extension ParsedArguments {
    /// The largest segment count accepted.
    static let maximumSegments = 1 << 20

    /// `--name N`: an integer n with 2 ≤ n ≤ 2²⁰, or `fallback` when absent.
    func segmentCount(_ name: String, default fallback: Int?) throws(CLIError) -> Int {
        guard let text = string(name) else {
            guard let fallback else { throw usage("missing --\(name)") }
            return fallback
        }
        return try ParsedArguments.parseSegments(text, option: name, arguments: self)
    }

    static func parseSegments(_ text: String, option: String, arguments: ParsedArguments) throws(CLIError) -> Int {
        guard let n = Int(text.trimmingWhitespace) else {
            throw arguments.usage("invalid value \(MessageText.quoted(text)) for '--\(option)': expected a whole number of segments")
        }
        guard n >= 2 else {
            throw arguments.usage("invalid value \(MessageText.quoted(text)) for '--\(option)': at least 2 segments per circle")
        }
        guard n <= maximumSegments else {
            throw arguments.usage("invalid value \(MessageText.quoted(text)) for '--\(option)': at most \(maximumSegments) segments")
        }
        return n
    }

    /// Writes `text` to the `--csv` file if one was given (atomically).
    func writeCSVIfRequested(_ text: String, option: String = "csv") throws(CLIError) {
        guard let file = string(option) else { return }
        try OutputFiles.write(text, to: file)
    }
}
