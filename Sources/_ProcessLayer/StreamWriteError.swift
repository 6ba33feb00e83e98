import DataFiles
import _Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why standard output or standard error (or another open descriptor) could not take a write:
/// one line, e.g. `standard output: cannot write: broken pipe (the reader has gone)`.
package struct StreamWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The descriptor written to.
    package var descriptor: Int32
    /// The `errno` of the failed `write(2)`.
    package var code: Int32

    package init(descriptor: Int32, code: Int32) {
        (self.descriptor, self.code) = (descriptor, code)
    }

    /// True when the reader of a pipe went away (EPIPE).
    package var isBrokenPipe: Bool { code == EPIPE }

    package var description: String {
        let name = descriptor == 1 ? "standard output" : descriptor == 2 ? "standard error" : "descriptor \(descriptor)"
        let reason: String
        switch code {
        case EPIPE: reason = "broken pipe (the reader has gone)"
        case ENOSPC: reason = "no space left on device (disk full)"
        case EBADF: reason = "it is closed"
        case EFBIG: reason = "file too large (the file-size limit, ulimit -f, was reached)"
        default: reason = MessageText.systemError(code)
        }
        return "\(name): cannot write: \(reason)"
    }
}

extension StreamWriteError: ReportableError {}
