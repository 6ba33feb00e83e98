import Foundation
import Testing
import DataFiles
import _Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole-write and interrupted-read loops against the file they wrote, read back by
/// Foundation, and the errors of a descriptor that is not open.
@Suite("FileDescriptor: every byte written, reads made again on EINTR")
struct FileDescriptorTests {
    /// A new empty file in the temporary folder, open for reading and writing, and its path.
    func temporaryFile() throws -> (fd: Int32, path: String) {
        var template = Array("\(NSTemporaryDirectory())/file-descriptor-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        return (fd, template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    @Test("3 MB written in one call arrive whole; read back in chunks, then 0 at the end")
    func roundTrip() throws {
        let (fd, path) = try temporaryFile()
        defer { close(fd); unlink(path) }
        var random = SplitMix64(seed: 31)
        let bytes = (0..<3_000_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        #expect(FileDescriptor.writeAll(bytes, to: fd) == nil)
        #expect(FileDescriptor.writeAll(Data(), to: fd) == nil, "nothing to write is no error")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))

        #expect(lseek(fd, 0, SEEK_SET) == 0)
        var read: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { FileDescriptor.readChunk(from: fd, into: $0) }
            try #require(count >= 0)
            if count == 0 { break }
            read += chunk[..<count]
        }
        #expect(read == bytes)
    }

    @Test("a descriptor that is not open: EBADF from both")
    func closedDescriptor() throws {
        let (fd, path) = try temporaryFile()
        close(fd)
        unlink(path)
        #expect(FileDescriptor.writeAll([1, 2, 3], to: fd) == EBADF)
        var byte: UInt8 = 0
        let count = withUnsafeMutableBytes(of: &byte) { FileDescriptor.readChunk(from: fd, into: $0) }
        #expect(count == -1 && errno == EBADF)
    }

    @Test("a system error in a message: strerror's text and the number")
    func systemError() {
        #expect(MessageText.systemError(ENOENT) == "No such file or directory (errno \(ENOENT))")
        #expect(MessageText.systemError(EACCES) == "Permission denied (errno \(EACCES))")
    }
}
