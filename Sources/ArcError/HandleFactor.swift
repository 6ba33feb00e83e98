import Geometry
import _Support

/// A handle factor as a user writes it: a criterion's name (`minimax`, resolved for each segment
/// count), a player's constant (`lottie-web` = 0.5519, `lottie-ios` = `lottie-android` = 0.55228,
/// ``PlayerHandleConstant``) or a number or expression (`0.5523`, `1/1.8`, `4/3*(sqrt(2)-1)`, see
/// ``HandleExpression``), with the range every analysis accepts, 0 < k ≤ ``maximum``.
public enum HandleFactor: Sendable, Equatable {
    /// The criterion's factor for the segment count at hand.
    case criterion(HandleCriterion)
    /// A fixed factor (handle length / radius).
    case value(Double)

    /// The largest accepted handle factor: 10 radii (the exact factors are below 4/3 for n ≥ 2;
    /// anything longer is a typo, not a study).
    public static let maximum = 10.0

    /// The criterion names, in ``HandleCriterion`` order, for messages and help.
    public static let criterionNames = HandleCriterion.allCases.map({ $0.rawValue })

    /// `text` without surrounding whitespace: a criterion name, a player's constant (its value,
    /// ``PlayerHandleConstant``), else an expression whose value is finite and in (0, ``maximum``].
    public init(parsing text: String) throws(HandleFactorError) {
        let trimmed = text.trimmingWhitespace
        if let criterion = HandleCriterion(rawValue: String(trimmed)) {
            self = .criterion(criterion)
            return
        }
        if let player = PlayerHandleConstant(rawValue: String(trimmed)) {
            self = .value(player.value)
            return
        }
        let value: Double
        do throws(HandleExpression.ParseError) {
            value = try HandleExpression.evaluate(text)
        } catch {
            throw HandleFactorError(text: text, problem: .syntax(error))
        }
        try Self.check(value, text: text)
        self = .value(value)
    }

    /// Fails unless `value` (read from `text`) is a usable factor (``problem(with:)``).
    public static func check(_ value: Double, text: String) throws(HandleFactorError) {
        if let problem = problem(with: value) { throw HandleFactorError(text: text, problem: problem) }
    }

    /// What makes `value` unusable as a factor — not finite, not positive, above ``maximum`` —
    /// or nil.
    public static func problem(with value: Double) -> HandleFactorError.Problem? {
        guard value.isFinite else { return .notFinite }
        guard value > 0 else { return .notPositive(value) }
        guard value <= maximum else { return .tooLarge(value) }
        return nil
    }

    /// The factor for one of `segments` equal segments of a circle.
    public func handle(segments: Int) -> Double {
        switch self {
        case .criterion(let criterion): criterion.handle(segments: segments)
        case .value(let value): value
        }
    }
}

/// Why a text is not a usable handle factor. ``description`` names the text and the problem on
/// one line, e.g. `'4/3*(sqrt(2)-1': expected ')' at offset 14 (a number, …)`; a caller adds
/// where the text came from.
public struct HandleFactorError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// Neither a criterion name nor an expression.
        case syntax(HandleExpression.ParseError)
        /// The expression's value is NaN or infinite (`1/0`, `1e400`).
        case notFinite
        /// Zero or negative.
        case notPositive(Double)
        /// Above ``HandleFactor/maximum``.
        case tooLarge(Double)

        /// What is wrong, e.g. `the handle factor must be positive (got 0.0)`.
        public var reason: String {
            switch self {
            case .syntax(let error):
                "\(error.description) (a number, an expression such as 4/3*tan(pi/8), or one of \((HandleFactor.criterionNames + PlayerHandleConstant.names).joined(separator: ", ")))"
            case .notFinite: "the value is not a finite number"
            case .notPositive(let value): "the handle factor must be positive (got \(value))"
            case .tooLarge(let value): "the handle factor must be at most \(Int(HandleFactor.maximum)) radii (got \(value))"
            }
        }
    }

    /// The text as given.
    public var text: String
    public var problem: Problem

    public init(text: String, problem: Problem) {
        (self.text, self.problem) = (text, problem)
    }

    /// What is wrong, without the text.
    public var reason: String { problem.reason }

    /// `'text': reason`.
    public var description: String { "\(MessageText.quoted(text)): \(reason)" }
}

extension HandleFactorError: ReportableError {}
