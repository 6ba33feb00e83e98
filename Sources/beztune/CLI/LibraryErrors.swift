import ArcError
import DataFiles
import Deform
import Fitting
import Geometry
import LeastSquaresTestProblems
import Render

/// The one place where the libraries' errors become what `beztune` says: a runtime failure
/// (exit 1) or a usage error (exit 2) with the error's one-line message, or the reason an option
/// value is refused (the parser adds `invalid --name 'text': `).
///
/// The libraries' messages name values, files and lines, never a command-line flag; where the
/// command line's own words help (which flag to change), they are added here.
protocol LibraryError: Error {
    /// The one line `beztune` prints for the error.
    var commandLineMessage: String { get }
}

extension CLIError {
    /// A runtime failure (exit 1) reporting `error`.
    static func runtime(_ error: some LibraryError) -> CLIError { .runtime(error.commandLineMessage) }

    /// A runtime failure in `context` (a file name, `cannot resume`): `CONTEXT: message`.
    static func runtime(_ error: some LibraryError, context: String) -> CLIError {
        .runtime("\(context): \(error.commandLineMessage)")
    }

    /// A usage error (exit 2) reporting `error`: the user's options cannot work together.
    static func usage(_ error: some LibraryError) -> CLIError { .usage(error.commandLineMessage) }
}

extension FileReadError: LibraryError { var commandLineMessage: String { description } }
extension FileWriteError: LibraryError { var commandLineMessage: String { description } }
extension RenderError: LibraryError { var commandLineMessage: String { description } }
extension CSVError: LibraryError { var commandLineMessage: String { description } }
extension SVGPathError: LibraryError { var commandLineMessage: String { "invalid path data: \(description)" } }
extension StRDFileError: LibraryError { var commandLineMessage: String { description } }
extension ModelInputError: LibraryError { var commandLineMessage: String { description } }
extension TargetError: LibraryError { var commandLineMessage: String { description } }
extension TargetFileError: LibraryError { var commandLineMessage: String { description } }
extension KeyframeManifestError: LibraryError { var commandLineMessage: String { description } }

extension FitError: LibraryError {
    /// The library's ``FitError/reason``, followed for the errors an option fixes by the options
    /// to change (the library's own description names parameters, never options).
    var commandLineMessage: String {
        switch self {
        case .nothingFree:
            "\(reason): name at least one with --free"
        case .farFromModel:
            "\(reason); the ball's bottom point is the origin of y-up model space: free the pose (--free …,tx,ty), check the y axis (--y-up / --y-down) or the size (--radius)"
        default:
            description
        }
    }
}

extension ProfileError: LibraryError {
    /// The library's description, with a keyframe's fit error as ``FitError/commandLineMessage``.
    var commandLineMessage: String {
        if case .keyframeFit(let keyframe, let error) = self { return "\(keyframe): \(error.commandLineMessage)" }
        return description
    }
}

extension OptionValueError {
    /// A handle factor's problem (the text is the option's).
    init(_ error: HandleFactorError) { self.init(error.reason) }

    /// A factor range's or segment count's problem, about the part of the value it names.
    init(_ error: SweepGridError) { self.init(error.reason, text: error.text) }

    /// A timing function's problem.
    init(_ error: TimingError) { self.init(error.description) }

    /// A model's or parameter's problem.
    init(_ error: ModelInputError) { self.init(error.description) }
}
