#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ``AtomicFile`` could not write a file. ``description`` is one line naming the path:
///
///     out/fit.csv: cannot write: folder 'out' does not exist
///     out/fit.csv: cannot write: it is an existing directory
///     out/fit.csv: cannot write: permission denied
///     out/fit.csv: cannot write: no space left on device (disk full)
///     out/fit.csv: cannot write: fsync failed: Input/output error (errno 5)
public struct FileWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        case folderNotFound, notAFolder, isDirectory, permissionDenied, readOnlyFileSystem
        case diskFull, other
    }

    public var kind: Kind
    /// The destination path as given.
    public var path: String
    /// The `errno` value of the failed call.
    public var code: Int32
    /// What is wrong, without the path.
    public var reason: String

    public var description: String { "\(path): cannot write: \(reason)" }

    /// Classifies the `errno` `code` of the system call `call` that failed while writing `path`,
    /// whose folder is `folder` (both as the user gave them).
    init(code: Int32, call: String, path: String, folder: String) {
        (self.code, self.path) = (code, path)
        switch code {
        case ENOENT: (kind, reason) = (.folderNotFound, "folder '\(folder)' does not exist")
        case ENOTDIR: (kind, reason) = (.notAFolder, "'\(folder)' is not a folder")
        case EISDIR, ENOTEMPTY, EEXIST:
            (kind, reason) = (.isDirectory, "it is an existing directory")
        case EACCES, EPERM: (kind, reason) = (.permissionDenied, "permission denied")
        case EROFS: (kind, reason) = (.readOnlyFileSystem, "read-only file system")
        case ENOSPC: (kind, reason) = (.diskFull, "no space left on device (disk full)")
        case EDQUOT: (kind, reason) = (.diskFull, "disk quota exceeded")
        default: (kind, reason) = (.other, "\(call) failed: \(systemErrorMessage(code))")
        }
    }
}
