import _Support

/// Why a `fit-profile` folder cannot be read or replayed: one line naming the folder, file, line
/// or cell at fault (the readers' own errors keep their locations). Always about the folder's
/// content or the fit it records, never a usage mistake (a command exits 1).
public struct ProfileFolderError: ReportableError, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }

    /// `error`'s line, in `context` (`CONTEXT: line`) when one is given.
    init<E: Error & CustomStringConvertible>(_ error: E, context: String? = nil) {
        description = context.map { "\($0): \(error.description)" } ?? error.description
    }

    /// `body`'s result; an error it throws, as a folder error in `context` when given.
    package static func reading<T, E: Error & CustomStringConvertible>(_ context: String? = nil, _ body: () throws(E) -> T) throws(ProfileFolderError) -> T {
        do {
            return try body()
        } catch {
            throw ProfileFolderError(error, context: context)
        }
    }
}
