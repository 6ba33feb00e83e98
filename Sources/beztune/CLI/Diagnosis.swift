import _ProcessLayer
import ArcError
import BeztuneAPI
import Fitting
import Foundation
import Geometry
import _ArgumentParser
import _Support

/// The one place where an error that ends a run becomes what `beztune` says: one line, and
/// whether it is a usage error (exit 2, followed by the command's usage line) or a runtime
/// failure (exit 1).
///
/// The libraries' errors state their own line and whether they are the user's usage mistake
/// (`ReportableError`); an error before the run began — while the arguments were parsed or
/// checked together — is a usage error whatever its type. The libraries' messages name values,
/// files and lines, never a command-line flag; where the command line's own words help (which
/// flag to change), they are added here, and nowhere else.
struct Diagnosis: Equatable {
    var message: String
    var isUsage: Bool

    init(_ error: any Error, stage: Command.Stage) {
        message = Self.message(error)
        isUsage = stage != .running || ((error as? any ReportableError)?.isUsageMistake ?? false)
    }

    /// The one line that reports `error`.
    static func message(_ error: any Error) -> String {
        switch error {
        case let e as InvalidOptionValue:
            let (text, reason) = valueProblem(e.problem)
            return "invalid --\(e.option) \(MessageText.quoted(text ?? e.text)): \(reason)"
        case let e as ErrorInContext:
            return "\(e.context): \(message(e.underlying))"
        case let e as FitError:
            return FitMessages.message(e)
        case let e as ProfileError:
            if case .keyframeFit(let keyframe, let fit) = e { return "\(keyframe): \(message(fit))" }
            return e.description
        case let e as SVGPathError:
            return "invalid path data: \(e.description)"
        case let e as any ReportableError:
            return e.description
        default:
            return error.localizedDescription
        }
    }

    /// What is wrong with an option's value: the part of it at fault (nil: the whole value) and
    /// the reason, from the error its parser threw.
    static func valueProblem(_ error: any Error) -> (text: String?, reason: String) {
        switch error {
        case let e as OptionValueError: (e.text, e.reason)
        case let e as SweepGridError: (e.text, e.reason)
        case let e as HandleFactorError: (nil, e.reason)
        default: (nil, message(error))
        }
    }
}
