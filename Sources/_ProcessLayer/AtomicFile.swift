import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one whole file at a time, all or nothing: a reader of the destination sees either the
/// old content or the complete new content, never a partial file, and a failed write leaves
/// the destination as it was and nothing else behind.
///
/// A one-output ``OutputTransaction``: what is at the destination decides how it is written
/// (``OutputDestination``). A regular file (or a new one) is replaced by the classic
/// write-to-temporary-then-rename sequence (POSIX `rename(2)` replaces the destination atomically
/// within one file system):
/// 1. `mkstemp` creates `.<name>.tmp-XXXXXX` in the destination's own folder (so the rename
///    never crosses file systems);
/// 2. the file gets the destination's current permission bits, or `0666 & ~umask` for a new
///    file (umask read from `/proc/self/status`, never changed; 022 if unavailable);
/// 3. all bytes are written, looping on partial writes and retrying on `EINTR`;
/// 4. `fsync` puts the data on disk, then `close`;
/// 5. `rename` replaces the destination; the folder is then `fsync`ed so that the rename itself
///    survives a crash.
/// A symbolic link is followed: its target is replaced, the link stays. `/dev/stdout`,
/// `/dev/fd/N`, a character device or a FIFO is written in place; a read-only file, a folder, a
/// block device or a socket is refused (``FileWriteError``). The temporary file is registered
/// with ``InterruptCleanup`` from its creation to its rename, so an executable that installs it
/// leaves no temporary file behind when interrupted either.
///
/// Replacing means a new inode: the owner becomes the writing user, and other hard links to the
/// old file keep the old content.
package enum AtomicFile {
    /// Writes `data` to `url` (see ``AtomicFile``); the messages name `program`.
    package static func write(_ data: Data, to url: URL, program: ProgramIdentity) throws(FileWriteError) {
        try OutputTransaction.write(data, to: givenPath(url), program: program)
    }

    /// Checks, without writing anything, that a later ``write(_:to:program:)`` to `url` can succeed as
    /// far as can be known now (``OutputPlan``): the destination can be written (not a folder,
    /// not read-only, …) and its folder takes a new file (a temporary file is created there and
    /// removed at once). Long jobs call this before their work, so that they fail in a second
    /// rather than after an hour.
    package static func checkWritable(_ url: URL, program: ProgramIdentity) throws(FileWriteError) {
        _ = try OutputPlan(files: [givenPath(url)], program: program)
    }

    /// Writes `string` as UTF-8 (no byte-order mark) to `url` atomically.
    package static func write(_ string: String, to url: URL, program: ProgramIdentity) throws(FileWriteError) {
        try write(Data(string.utf8), to: url, program: program)
    }

    /// The path as the user gave it when `url` is a plain file URL relative to the current
    /// folder, else the absolute path; with its trailing `/` when the URL says it names a folder
    /// and nothing is there (so that the write is refused, not made to a file of that name).
    static func givenPath(_ url: URL) -> String {
        var path = url.path == absolutePath(url.relativePath) ? url.relativePath : url.path
        if url.hasDirectoryPath, !path.hasSuffix("/"), !FileManager.default.fileExists(atPath: url.path) {
            path += "/"
        }
        return path
    }
}
