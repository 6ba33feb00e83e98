import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an output path names, found before any work, and so how it will be written. Nothing is
/// ever replaced that is not a regular file:
///
/// | the path                                          | written                                 |
/// |---------------------------------------------------|-----------------------------------------|
/// | `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N` | to that open descriptor, in place |
/// | a symbolic link                                   | its target, like any path (followed)    |
/// | a regular file, or nothing yet                    | replaced atomically (``OutputTransaction``) |
/// | a character device (a terminal, a null device)    | opened and written in place             |
/// | a FIFO                                            | opened (waiting for a reader) and written in place |
///
/// and refused, with one line (``FileWriteError``): an empty name; a name ending with `/`; a
/// folder; a regular file without write permission (mode bits, for root too: a read-only file
/// says "do not replace me"); a block device or a socket; a descriptor that is not open for
/// writing or that the process was not given (one it opened itself, close-on-exec); a folder
/// that does not exist or is not a folder; more than 40 symbolic links in a row.
///
/// Descriptor names are recognised by their spelling, before any file-system lookup, at every
/// step of a chain of links (`/dev/stdout` is a link to `/proc/self/fd/1`), so the system's
/// `/dev/stdout` itself is never examined as a file, let alone replaced.
package struct OutputDestination: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// A regular file to replace atomically; `existing` is the identity of the file there now.
        case regularFile(existing: FileIdentity?)
        /// An open descriptor of the process, written in place.
        case descriptor(Int32)
        /// An existing character device, opened and written in place.
        case characterDevice
        /// An existing FIFO, opened and written in place.
        case fifo
    }

    /// The path as the user gave it, for messages.
    package let path: String
    /// The path written: absolute, with every symbolic link at the end of the path followed
    /// (the descriptor's `/dev/fd/N` for a descriptor).
    package let resolvedPath: String
    package let kind: Kind

    /// True when the output is replaced atomically (a regular file).
    package var isRegularFile: Bool {
        if case .regularFile = kind { return true }
        return false
    }

    /// The folder a regular file is replaced in (the resolved path's).
    var folder: String { parentFolder(of: resolvedPath) }

    /// The folder as the user sees it, for messages: the given path's folder, or the resolved
    /// one when a link took the path elsewhere.
    var displayFolder: String {
        resolvedPath == absolutePath(path) ? parentFolder(of: path) : folder
    }

    /// The identity of what is there now (nil for a file that does not exist yet).
    var identity: FileIdentity? {
        switch kind {
        case .regularFile(let existing): existing
        case .descriptor(let fd): FileIdentity(descriptor: fd)
        case .characterDevice, .fifo: FileIdentity(path: resolvedPath)
        }
    }

    /// The descriptor `path` names by its spelling (`/dev/stdout` 1, `/dev/stderr` 2,
    /// `/dev/stdin` 0, `/dev/fd/N`, `/proc/self/fd/N`), or nil.
    package static func descriptor(named path: String) -> Int32? { descriptorNumber(path) }

    /// Examines `path` (relative paths from the current folder) and decides how it is written,
    /// or refuses it (see the type's documentation); the messages name `program`.
    package init(path: String, program: ProgramIdentity) throws(FileWriteError) {
        self.path = path
        func refuse(_ kind: FileWriteError.Kind, _ reason: String) -> FileWriteError {
            FileWriteError(kind, path: path, reason: reason)
        }
        guard !path.isEmpty else { throw refuse(.invalidName, "the file name is empty") }
        guard !path.hasSuffix("/") else {
            throw refuse(.invalidName, "a file name cannot end with '/' (that names a folder)")
        }
        var current = absolutePath(path)
        for _ in 0...40 {
            if let fd = descriptorNumber(current) {
                try Self.checkDescriptor(fd, path: path, program: program)
                (resolvedPath, kind) = ("/dev/fd/\(fd)", .descriptor(fd))
                return
            }
            var info = stat()
            if lstat(current, &info) != 0 {
                let code = errno
                let folderDisplay = current == absolutePath(path) ? parentFolder(of: path) : parentFolder(of: current)
                guard code == ENOENT else {
                    throw FileWriteError(code: code, call: "lstat", path: path, folder: folderDisplay)
                }
                try Self.checkFolder(parentFolder(of: current), display: folderDisplay, path: path)
                (resolvedPath, kind) = (current, .regularFile(existing: nil))
                return
            }
            switch UInt32(info.st_mode) & UInt32(S_IFMT) {
            case UInt32(S_IFLNK):
                current = try Self.linkTarget(current, path: path)
                continue
            case UInt32(S_IFREG):
                if UInt32(info.st_mode) & 0o222 == 0 {
                    let mode = String(UInt32(info.st_mode) & 0o7777, radix: 8)
                    throw refuse(.readOnlyFile, "the file is read-only (mode 0\(mode)); \(program.name) does not replace it")
                }
                if access(current, W_OK) != 0 {
                    throw FileWriteError(code: errno, call: "access", path: path, folder: parentFolder(of: current))
                }
                (resolvedPath, kind) = (current, .regularFile(existing: FileIdentity(info)))
                return
            case UInt32(S_IFDIR):
                throw refuse(.isDirectory, "it is an existing directory")
            case UInt32(S_IFCHR):
                if access(current, W_OK) != 0 {
                    throw FileWriteError(code: errno, call: "access", path: path, folder: parentFolder(of: current))
                }
                (resolvedPath, kind) = (current, .characterDevice)
                return
            case UInt32(S_IFIFO):
                if access(current, W_OK) != 0 {
                    throw FileWriteError(code: errno, call: "access", path: path, folder: parentFolder(of: current))
                }
                (resolvedPath, kind) = (current, .fifo)
                return
            case UInt32(S_IFBLK):
                throw refuse(.unsupportedFileType, "it is a block device; \(program.name) writes regular files, FIFOs and character devices only")
            default:
                throw refuse(.unsupportedFileType, "it is a socket; \(program.name) writes regular files, FIFOs and character devices only")
            }
        }
        throw refuse(.invalidName, "too many levels of symbolic links")
    }

    /// The target of the link `link`, absolute (a relative target is relative to the link's folder).
    private static func linkTarget(_ link: String, path: String) throws(FileWriteError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else {
            throw FileWriteError(code: errno, call: "readlink", path: path, folder: parentFolder(of: link))
        }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !target.isEmpty else {
            throw FileWriteError(.invalidName, path: path, reason: "it is a symbolic link to an empty name")
        }
        return target.hasPrefix("/") ? target : parentFolder(of: link) + "/" + target
    }

    /// Checks that `folder` exists and is a folder.
    private static func checkFolder(_ folder: String, display: String, path: String) throws(FileWriteError) {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw FileWriteError(code: errno, call: "stat", path: path, folder: display)
        }
        guard UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
            throw FileWriteError(code: ENOTDIR, call: "stat", path: path, folder: display)
        }
    }

    /// Checks that `fd` is open for writing and was given to the process (not close-on-exec:
    /// every descriptor the process inherited is, by definition, open across exec; those it
    /// opened itself are close-on-exec and are not outputs).
    private static func checkDescriptor(_ fd: Int32, path: String, program: ProgramIdentity) throws(FileWriteError) {
        let name = fd == 1 ? "standard output" : fd == 2 ? "standard error" : "descriptor \(fd)"
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, StandardStreams.isReserved(fd) == false else {
            throw FileWriteError(.descriptorNotWritable, path: path, reason: "\(name) is not open")
        }
        let access = flags & O_ACCMODE
        guard access == O_WRONLY || access == O_RDWR else {
            throw FileWriteError(.descriptorNotWritable, path: path, reason: "\(name) is not open for writing")
        }
        if fd > 2, fcntl(fd, F_GETFD) & FD_CLOEXEC != 0 {
            throw FileWriteError(.descriptorNotWritable, path: path,
                                 reason: "descriptor \(fd) was not given to \(program.name) (it is one of its own)")
        }
    }
}

extension OutputDestination {
    /// A file of a folder output: a regular file at `absolute` (the folder output checked it).
    init(folderFile absolute: String, given: String) {
        var info = stat()
        let existing = lstat(absolute, &info) == 0 ? FileIdentity(info) : nil
        self.init(path: given, resolvedPath: absolute, kind: .regularFile(existing: existing))
    }

    init(path: String, resolvedPath: String, kind: Kind) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.kind = kind
    }
}
