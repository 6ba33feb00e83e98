import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension URL {
    /// The path as the user gave it (relative paths stay relative), for messages.
    var displayPath: String { relativePath }

    /// The absolute file-system path, for system calls.
    var systemPath: String { path }
}

/// `strerror(code)`, e.g. "No such file or directory", followed by `(errno N)`.
func systemErrorMessage(_ code: Int32) -> String {
    "\(String(cString: strerror(code))) (errno \(code))"
}
