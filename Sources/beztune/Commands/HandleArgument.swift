import ArcError
import Foundation

/// A `--k` value: a criterion name resolved for the segment count, or a number or expression.
struct HandleArgument {
    /// The text as given, for labels.
    var text: String
    var criterion: HandleCriterion?
    var value: Double

    /// The largest accepted handle factor: 10 radii (the exact factors are below 4/3 for n ≥ 2;
    /// anything longer is a typo, not a study).
    static let maximum = 10.0

    static let criterionNames = HandleCriterion.allCases.map(\.rawValue)

    /// Resolves `text` for `segments` equal segments; usage errors name `--option`.
    static func parse(_ text: String, segments: Int, option: String, arguments: ParsedArguments) throws(CLIError) -> HandleArgument {
        let trimmed = String(text.trimmingWhitespace)
        if let criterion = HandleCriterion(rawValue: trimmed) {
            return HandleArgument(text: trimmed, criterion: criterion, value: criterion.handle(segments: segments))
        }
        let value: Double
        do throws(HandleExpression.ParseError) {
            value = try HandleExpression.evaluate(text)
        } catch {
            throw arguments.usage("invalid --\(option) \(text.quotedForMessage): \(error.description) (a number, an expression such as 4/3*tan(pi/8), or one of \(criterionNames.joined(separator: ", ")))")
        }
        try check(value, text: text, option: option, arguments: arguments)
        return HandleArgument(text: trimmed, criterion: nil, value: value)
    }

    static func check(_ value: Double, text: String, option: String, arguments: ParsedArguments) throws(CLIError) {
        guard value.isFinite else {
            throw arguments.usage("invalid --\(option) \(text.quotedForMessage): the value is not a finite number")
        }
        guard value > 0 else {
            throw arguments.usage("invalid --\(option) \(text.quotedForMessage): the handle factor must be positive (got \(value))")
        }
        guard value <= maximum else {
            throw arguments.usage("invalid --\(option) \(text.quotedForMessage): the handle factor must be at most \(Int(maximum)) radii (got \(value))")
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
            throw arguments.usage("invalid value \(text.quotedForMessage) for '--\(option)': expected a whole number of segments")
        }
        guard n >= 2 else {
            throw arguments.usage("invalid value \(text.quotedForMessage) for '--\(option)': at least 2 segments per circle")
        }
        guard n <= maximumSegments else {
            throw arguments.usage("invalid value \(text.quotedForMessage) for '--\(option)': at most \(maximumSegments) segments")
        }
        return n
    }

    /// Writes `text` to the `--csv` file if one was given (atomically).
    func writeCSVIfRequested(_ text: String, option: String = "csv") throws(CLIError) {
        guard let file = string(option) else { return }
        try OutputFiles.write(text, to: file)
    }
}
