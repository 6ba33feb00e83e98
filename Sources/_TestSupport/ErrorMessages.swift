/// True when `text` has no line break of any kind (LF, CR, NEL, U+2028, …): every message of the
/// package is one line.
public func isOneLine(_ text: String) -> Bool {
    !text.contains { $0.isNewline }
}

/// The `description` of the error `body` throws, nil if it throws none; an error of another type
/// than `E` is described as such, so the comparison with the expected message fails.
public func errorMessage<E: Error & CustomStringConvertible>(_ type: E.Type, _ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as E {
        return error.description
    } catch {
        return "unexpected error type: \(error)"
    }
}
