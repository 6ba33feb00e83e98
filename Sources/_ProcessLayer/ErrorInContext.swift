import _Support

/// An error with where it happened: `CONTEXT: message`, the context a file (`anim.json`), a file
/// and line (`fit.csv line 3`) or a step (`cannot resume`) that the code which failed did not
/// know.
///
/// An error in a context is about that context's content, so it is not a usage mistake unless
/// the caller says so (`usage: true`: the context is a choice the caller made, such as the frames
/// of an animation that a command line asked for).
package struct ErrorInContext: ReportableError {
    package var context: String
    package var underlying: any Error
    package var isUsageMistake: Bool

    package init(_ context: String, _ underlying: any Error, usage: Bool = false) {
        (self.context, self.underlying, isUsageMistake) = (context, underlying, usage)
    }

    /// `CONTEXT: ` and the underlying error's description.
    package var description: String { "\(context): \(underlying)" }
}

/// `body`'s result; an error it throws, in `context` (``ErrorInContext``).
package func inContext<T, E: Error>(_ context: String, usage: Bool = false,
                                    _ body: () throws(E) -> T) throws(ErrorInContext) -> T {
    do {
        return try body()
    } catch {
        throw ErrorInContext(context, error, usage: usage)
    }
}
