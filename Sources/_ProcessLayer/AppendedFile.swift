import DataFiles
import Foundation
import _Support

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
package final class AppendedFile {
    /// The temporary file's path.
    package let path: String
    /// The output as the user named it, for messages.
    package let display: String
    /// The bytes appended so far.
    package private(set) var size = 0
    private var fd: Int32

    /// Opens the (empty) staged temporary `path` of the output `display` for appending.
    package init(path: String, display: String) throws(FileWriteError) {
        (self.path, self.display) = (path, display)
        fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        if fd < 0 { throw FileWriteError(code: errno, call: "open", path: display, folder: parentFolder(of: display)) }
    }

    deinit { close() }

    /// Appends `bytes` (all of them, or an error: a full disk, the file-size limit).
    package func append(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        try appendAll(bytes)
    }

    /// Appends `bytes`.
    package func append(_ bytes: [UInt8]) throws(FileWriteError) {
        try appendAll(bytes)
    }

    /// Copies the ``size`` bytes appended so far to the end of the file at `other` (an empty
    /// staged temporary): the checkpoint of a streamed output. Read and written in 1 MiB pieces
    /// (the page cache serves the reads: the bytes were just written).
    package func copy(to other: String) throws(FileWriteError) {
        let source = open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw failure(errno, "open") }
        defer { closeDescriptor(source) }
        let target = open(other, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard target >= 0 else { throw failure(errno, "open") }
        defer { closeDescriptor(target) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var copied = 0
        while copied < size {
            let wanted = Swift.min(buffer.count, size - copied)
            let n = buffer.withUnsafeMutableBytes {
                FileDescriptor.readChunk(from: source, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]))
            }
            guard n > 0 else { throw failure(n == 0 ? EIO : errno, "read") }
            if let code = buffer.withUnsafeBytes({ FileDescriptor.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<n]), to: target) }) {
                throw failure(code, "write")
            }
            copied += n
        }
    }

    /// Closes the descriptor (the transaction fsyncs and renames the file at commit); later
    /// calls do nothing.
    package func close() {
        if fd >= 0 { closeDescriptor(fd) }
        fd = -1
    }

    /// Appends every byte, or throws the failed `write(2)`'s error.
    private func appendAll(_ bytes: some ContiguousBytes) throws(FileWriteError) {
        precondition(fd >= 0, "AppendedFile: appending after close")
        let count = bytes.withUnsafeBytes(\.count)
        if let code = FileDescriptor.writeAll(bytes, to: fd) { throw failure(code, "write") }
        size += count
    }

    /// The error of the system call `call` that failed with `code`, naming the output as the
    /// user did.
    private func failure(_ code: Int32, _ call: String) -> FileWriteError {
        FileWriteError(code: code, call: call, path: display, folder: parentFolder(of: display))
    }
}

/// close(2), out of the reach of ``AppendedFile/close()``'s name.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
