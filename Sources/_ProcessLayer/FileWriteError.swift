import DataFiles
import _Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output could not be written, or was refused before any work. ``description`` is one
/// line naming the path as the user gave it:
///
///     out/fit.csv: cannot write: folder 'out' does not exist
///     out/fit.csv: cannot write: it is an existing directory
///     out/fit.csv: cannot write: permission denied
///     out/fit.csv: cannot write: no space left on device (disk full)
///     out/fit.csv: cannot write: the file is read-only (mode 0444); <program> does not replace it
///     x.csv/: cannot write: a file name cannot end with '/'
///     '': cannot write: the file name is empty
///     m.csv: cannot write: it is the input 'm.csv' of this run (the same file)
///     out/fit.csv: cannot write: fsync failed: Input/output error (errno 5)
package struct FileWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    package enum Kind: Sendable, Equatable {
        case folderNotFound, notAFolder, isDirectory, permissionDenied, readOnlyFileSystem
        case diskFull
        /// The file-size limit (`ulimit -f`, EFBIG) stopped the write.
        case fileTooLarge
        /// The reader of a pipe or FIFO went away (EPIPE).
        case brokenPipe
        /// The destination is a regular file without write permission.
        case readOnlyFile
        /// The destination is a block device or a socket: never written, never replaced.
        case unsupportedFileType
        /// `/dev/fd/N` (or `/dev/stdout`, …) names a descriptor that is not open for writing or
        /// was not given to the process.
        case descriptorNotWritable
        /// The path is empty, ends with `/`, or loops through symbolic links.
        case invalidName
        /// The output is the same file as an input of the run.
        case sameAsInput
        /// Two outputs of the run are the same file.
        case sameAsOtherOutput
        /// A file in an output folder that the previous run there did not write.
        case notOurs
        /// A file in an output folder that another command of the program wrote (its record
        /// says so): that command's to replace or remove, not this one's.
        case otherCommand
        /// Another run of the program holds the output folder's lock (``FolderLock``).
        case folderBusy
        case other
    }

    package var kind: Kind
    /// The destination path as given.
    package var path: String
    /// The `errno` value of the failed call (0 for a refusal that is not a system error).
    package var code: Int32
    /// What is wrong, without the path.
    package var reason: String

    package var description: String { "\(path.isEmpty ? "''" : path): cannot write: \(reason)" }

    /// A refusal or failure with its own reason.
    init(_ kind: Kind, path: String, reason: String, code: Int32 = 0) {
        (self.kind, self.path, self.reason, self.code) = (kind, path, reason, code)
    }

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
        case EFBIG: (kind, reason) = (.fileTooLarge, "file too large (the file-size limit, ulimit -f, was reached)")
        case EPIPE: (kind, reason) = (.brokenPipe, "broken pipe (the reader has gone)")
        case ELOOP: (kind, reason) = (.invalidName, "too many levels of symbolic links")
        case ENAMETOOLONG: (kind, reason) = (.invalidName, "the file name is too long")
        case EBADF: (kind, reason) = (.descriptorNotWritable, "the descriptor is not open for writing")
        default: (kind, reason) = (.other, "\(call) failed: \(MessageText.systemError(code))")
        }
    }
}

extension FileWriteError: ReportableError {}
