import _Support

/// Why a call of the API cannot be answered: the one line `beztune` prints for the same input,
/// without its `beztune CMD: ` prefix, file name and usage hint (`invalid --k '1/0': the value
/// is not a finite number`), and whether the caller's arguments are at fault (the command line's
/// usage error, exit 2) or the input's content (a runtime failure, exit 1).
package struct APIError: ReportableError, Equatable {
    package var message: String
    package var isUsageMistake: Bool

    package static func usage(_ message: String) -> APIError { APIError(message: message, isUsageMistake: true) }
    package static func runtime(_ message: String) -> APIError { APIError(message: message, isUsageMistake: false) }

    /// `invalid --OPTION 'TEXT': REASON` for a value its parser refused — TEXT the part the
    /// problem names, or else the whole value — as the command line words it.
    package static func invalid(_ option: String, _ text: String, _ problem: OptionValueError) -> APIError {
        .usage("invalid --\(option) \(MessageText.quoted(problem.text ?? text)): \(problem.reason)")
    }

    package var description: String { message }
}
