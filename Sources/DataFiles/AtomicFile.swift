import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files atomically: a reader of the destination sees either the old content or
/// the complete new content, never a partial file, and a failed write leaves nothing behind.
///
/// The classic write-to-temporary-then-rename sequence (POSIX `rename(2)` replaces the
/// destination atomically within one file system):
/// 1. `mkstemp` creates `.<name>.tmp-XXXXXX` in the destination's own folder (so the rename
///    never crosses file systems);
/// 2. the file gets the destination's current permission bits, or `0666 & ~umask` for a new
///    file (umask read from `/proc/self/status`, never changed; 022 if unavailable);
/// 3. all bytes are written, looping on partial writes and retrying on `EINTR`;
/// 4. `fsync` puts the data on disk, then `close`;
/// 5. `rename` replaces the destination; the folder is then `fsync`ed (best effort) so that
///    the rename itself survives a crash.
/// If any step fails the temporary file is closed and removed and a ``FileWriteError`` is
/// thrown; the destination keeps its previous content. The temporary file is registered with
/// ``InterruptCleanup`` from its creation to its rename, so an executable that installs it
/// leaves no temporary file behind when interrupted either.
///
/// Replacing means a new inode: a symbolic link at the destination is replaced by a regular
/// file, and the owner becomes the writing user.
public enum AtomicFile {
    /// Writes `data` to `url` atomically (see ``AtomicFile``).
    public static func write(_ data: Data, to url: URL) throws(FileWriteError) {
        let path = url.systemPath
        let folderURL = url.deletingLastPathComponent()
        let folder = folderURL.systemPath
        func failure(_ code: Int32, _ call: String) -> FileWriteError {
            FileWriteError(code: code, call: call, path: url.displayPath,
                           folder: folderURL.displayPath)
        }

        // NAME_MAX is 255 bytes: shorten long names in the temporary name only.
        let name = String(decoding: url.lastPathComponent.utf8.prefix(200), as: UTF8.self)
        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        // Created and registered under one lock (see InterruptCleanup). The buffers are never
        // empty (the template holds at least its terminating NUL), so baseAddress is not nil.
        let (fd, code, token) = InterruptCleanup.withRegistry { registry -> (Int32, Int32, Int) in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return (fd, errno, 0) }
            return (fd, 0, registry.add(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        guard fd >= 0 else { throw failure(code, "mkstemp") }
        let temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // not inherited by child processes

        var isOpen = true
        do throws(FileWriteError) {
            _ = fchmod(fd, permissions(replacing: path))  // best effort: some file systems refuse
            if let code = writeAll(data, to: fd) { throw failure(code, "write") }
            if fsync(fd) != 0 { throw failure(errno, "fsync") }
            isOpen = false
            // On Linux the descriptor is released even when close fails with EINTR.
            if close(fd) != 0, errno != EINTR { throw failure(errno, "close") }
            let renameError = InterruptCleanup.withRegistry { registry -> Int32 in
                guard rename(temporaryPath, path) == 0 else { return errno }
                registry.remove(token)
                return 0
            }
            if renameError != 0 { throw failure(renameError, "rename") }
        } catch {
            if isOpen { close(fd) }
            InterruptCleanup.withRegistry { registry in
                unlink(temporaryPath)
                registry.remove(token)
            }
            throw error
        }

        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
    }

    /// Checks, without writing anything, that a later ``write(_:to:)`` to `url` can succeed as
    /// far as can be known now: the folder exists and takes a new file (a temporary file is
    /// created there and removed at once, under the same lock as a write's), and the destination
    /// is not a folder. Long jobs call this before their work, so that they fail in a second
    /// rather than after an hour.
    public static func checkWritable(_ url: URL) throws(FileWriteError) {
        let folderURL = url.deletingLastPathComponent()
        func failure(_ code: Int32, _ call: String) -> FileWriteError {
            FileWriteError(code: code, call: call, path: url.displayPath, folder: folderURL.displayPath)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.systemPath, isDirectory: &isDirectory), isDirectory.boolValue {
            throw failure(EISDIR, "rename")
        }
        let name = String(decoding: url.lastPathComponent.utf8.prefix(200), as: UTF8.self)
        var template = Array("\(folderURL.systemPath)/.\(name).tmp-XXXXXX".utf8CString)
        // Never empty (the terminating NUL at least), so baseAddress is not nil.
        let code = InterruptCleanup.withRegistry { _ -> Int32 in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return errno }
            close(fd)
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            return 0
        }
        if code != 0 { throw failure(code, "mkstemp") }
    }

    /// Writes `string` as UTF-8 (no byte-order mark) to `url` atomically.
    public static func write(_ string: String, to url: URL) throws(FileWriteError) {
        try write(Data(string.utf8), to: url)
    }

    /// The permission bits for the new file: those of the file it replaces, else `0666 & ~umask`.
    private static func permissions(replacing path: String) -> mode_t {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & 0o777 }
        var mask: mode_t = 0o022
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) {
            mask = value
        }
        return 0o666 & ~mask
    }
}

/// Writes every byte, looping on partial writes and retrying on `EINTR`; the `errno` of the
/// failure, or nil.
private func writeAll(_ data: Data, to fd: Int32) -> Int32? {
    data.withUnsafeBytes { buffer -> Int32? in
        var offset = 0
        while offset < buffer.count {
            // Not reached for an empty buffer (offset < count), so baseAddress is not nil.
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
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
}
