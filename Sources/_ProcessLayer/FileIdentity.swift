#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path or a descriptor reaches: its device and inode numbers (`st_dev`, `st_ino` of
/// `stat(2)`). Two names reach the same file exactly when their identities are equal, whatever
/// the names: hard links, symbolic links, `..`, `/dev/fd/N` of a file given as `<(…)` all
/// included. Only the files that exist have one.
package struct FileIdentity: Hashable, Sendable {
    package let device: UInt64
    package let inode: UInt64
    /// The file type bits (`st_mode & S_IFMT`), to tell a regular file from a device or a FIFO.
    let type: UInt32

    /// The identity of the file `path` reaches, following symbolic links; nil when it does not
    /// exist or cannot be examined.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of the file the open descriptor `fd` refers to; nil when it is not open.
    package init?(descriptor fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        type = UInt32(truncatingIfNeeded: info.st_mode) & UInt32(S_IFMT)
    }

    package static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.device == b.device && a.inode == b.inode
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(inode)
    }

    /// True for a regular file.
    var isRegularFile: Bool { type == UInt32(S_IFREG) }

    /// True for a character device (a terminal, a null device), which many outputs and inputs
    /// may share without harm.
    var isCharacterDevice: Bool { type == UInt32(S_IFCHR) }
}
