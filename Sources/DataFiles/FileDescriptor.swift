import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loops POSIX leaves to every caller of `read(2)` and `write(2)` on an open descriptor,
/// written once: a call interrupted by a signal before it moved any byte fails with `EINTR` and
/// is made again, and a write that took only some of the bytes is continued with the rest.
package enum FileDescriptor {
    /// Writes every byte of `bytes` to `fd`, looping on partial writes and retrying on `EINTR`.
    /// Returns nil when all were written, else the `errno` of the `write(2)` that failed — `EIO`
    /// for one that wrote nothing and reported no error, so a caller never loops forever.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            // Not reached for an empty buffer (offset < count), so baseAddress is not nil.
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return written == 0 ? EIO : errno
            }
        }
        return nil
    }

    /// Writes every byte of `bytes` (a `Data`, a `[UInt8]`) as the raw-buffer `writeAll(_:to:)` does.
    package static func writeAll(_ bytes: some ContiguousBytes, to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// One `read(2)` of at most `buffer.count` bytes into `buffer`, made again on `EINTR`: the
    /// number of bytes read (0 at the end of the file, or of a pipe whose writers have all
    /// gone), or -1 with `errno` saying why.
    package static func readChunk(from fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count >= 0 || errno != EINTR { return count }
        }
    }
}
