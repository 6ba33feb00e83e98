#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a fuzz target receives from libFuzzer, and how it reports a broken invariant.
///
/// Every parser here takes a `String`, so the raw bytes are decoded as UTF-8 with each
/// ill-formed sequence replaced by U+FFFD — exactly what a file read through `String(decoding:)`
/// or a command-line argument gives the program. (`TextFile.read` rejects ill-formed UTF-8 before
/// any parser sees it; the replacement characters still reach the parsers' non-ASCII paths.)
public enum FuzzInput {
    /// The bytes libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    }

    /// The bytes as a String (ill-formed UTF-8 replaced by U+FFFD).
    public static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
        String(decoding: bytes(data, size), as: UTF8.self)
    }
}

/// Stops the run as a crash when `condition` is false: the message goes to stderr and the
/// process aborts, which libFuzzer reports as a deadly signal and saves the input as `crash-…`.
///
/// `precondition` is not used because an optimised build drops its message.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    if condition() { return }
    let text = "fuzz invariant broken at \(file):\(line): \(message())\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    abort()
}

/// True when `text` is one line: no LF, CR, U+2028 or U+2029 (a diagnostic must stay on one line).
public func isOneLine(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }
}
