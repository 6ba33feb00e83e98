import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output written as it is produced: a staged temporary file (``OutputTransaction/temporaryPath(for:)``)
/// that a long run appends its finished bytes to, so that what it holds in memory is one block,
/// not the whole output. The transaction keeps its guarantees: the temporary is removed on an
/// error or a signal and renamed into place, fsynced, only at commit.
///
/// A checkpoint of what is done so far is ``copy(to:)``: the bytes appended until now, copied
/// into another staged temporary, which a transaction of its own then renames over the destination.
///
/// Not thread-safe: one thread appends.
public final class AppendedFile {
    /// The temporary file's path.
    public let path: String
    /// The output as the user named it, for messages.
    public let display: String
    /// The bytes appended so far.
    public private(set) var size = 0
    private var fd: Int32

    /// Opens the (empty) staged temporary `path` of the output `display` for appending.
    public init(path: String, display: String) throws(FileWriteError) {
        (self.path, self.display) = (path, display)
        fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        if fd < 0 { throw FileWriteError(code: errno, call: "open", path: display, folder: parentFolder(of: display)) }
    }

    deinit { close() }

    /// Appends `bytes` (all of them, or an error: a full disk, the file-size limit).
    public func append(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        precondition(fd >= 0, "AppendedFile: appending after close")
        var offset = 0
        while offset < bytes.count {
            // Not reached for an empty buffer, so baseAddress is not nil.
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                throw FileWriteError(code: written == 0 ? EIO : errno, call: "write", path: display,
                                     folder: parentFolder(of: display))
            }
        }
        size += bytes.count
    }

    /// Appends `bytes`.
    public func append(_ bytes: [UInt8]) throws(FileWriteError) {
        let failure = bytes.withUnsafeBytes { buffer -> FileWriteError? in
            do throws(FileWriteError) {
                try append(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Copies the ``size`` bytes appended so far to the end of the file at `other` (an empty
    /// staged temporary): the checkpoint of a streamed output. Read and written in 1 MiB pieces
    /// (the page cache serves the reads: the bytes were just written).
    public func copy(to other: String) throws(FileWriteError) {
        func failure(_ code: Int32, _ call: String) -> FileWriteError {
            FileWriteError(code: code, call: call, path: display, folder: parentFolder(of: display))
        }
        let source = open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw failure(errno, "open") }
        defer { closeDescriptor(source) }
        let target = open(other, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard target >= 0 else { throw failure(errno, "open") }
        defer { closeDescriptor(target) }
        var copied = 0
        guard lseek(source, off_t(copied), SEEK_SET) >= 0 else { throw failure(errno, "lseek") }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while copied < size {
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, Swift.min($0.count, size - copied)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw failure(n == 0 ? EIO : errno, "read") }
            var offset = 0
            while offset < n {
                let w = buffer.withUnsafeBytes { write(target, $0.baseAddress! + offset, n - offset) }
                if w > 0 { offset += w } else if w < 0, errno == EINTR { continue } else {
                    throw failure(w == 0 ? EIO : errno, "write")
                }
            }
            copied += n
        }
    }

    /// Closes the descriptor (the transaction fsyncs and renames the file at commit); later
    /// calls do nothing.
    public func close() {
        if fd >= 0 { closeDescriptor(fd) }
        fd = -1
    }
}

/// close(2), out of the reach of ``AppendedFile/close()``'s name.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
