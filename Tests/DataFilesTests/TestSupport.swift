import Foundation

#if canImport(Glibc)
import Glibc
#endif


/// True when `text` has no line break of any kind (LF, CR, NEL, U+2028, …).
func isOneLine(_ text: String) -> Bool {
    !text.contains { $0.isNewline }
}

/// The `description` of the error `body` throws, nil if it throws none; an error of another type
/// than `E` is described as such, so the comparison with the expected message fails.
func errorMessage<E: Error & CustomStringConvertible>(_ type: E.Type, _ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as E {
        return error.description
    } catch {
        return "unexpected error type: \(error)"
    }
}

/// Everything `fd` delivers until end of file (or an error).
func readToEnd(_ fd: Int32) -> Data {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return received }
        received.append(contentsOf: buffer[..<n])
    }
}
