import _Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MessageText {
    /// A failed system call's `errno` for a message: `strerror(code)` followed by the number,
    /// e.g. `No such file or directory (errno 2)` — the text says what happened, the number
    /// finds it in `errno(3)` whatever the system's language.
    package static func systemError(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
