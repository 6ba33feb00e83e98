import Foundation
import Testing
import _TestSupport
@testable import _ProcessLayer

#if canImport(Glibc)
import Glibc
#endif

/// A failed write to a standard stream is an error with one line, never a trap or a silent loss.
@Suite("Standard streams: every write checked")
struct StandardStreamsTests {
    @Test("a full device gives ENOSPC, a read-only descriptor EBADF, as errors with one line",
          .enabled(if: geteuid() == 0, "not root: mknod cannot make the full device"))
    func failures() throws {
        let folder = try TemporaryFolder()
        let full = try #require(SpecialFiles.fullDevice(folder.file("full")))
        let fd = open(full.path, O_WRONLY | O_CLOEXEC)
        #expect(fd >= 0)
        defer { close(fd) }
        let error = try #require(throws: StreamWriteError.self) { try StandardStreams.write("x\n", to: fd) }
        #expect(error.code == ENOSPC)
        #expect(error.description == "descriptor \(fd): cannot write: no space left on device (disk full)")

        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let closed = try #require(throws: StreamWriteError.self) { try StandardStreams.write("x", to: ends[0]) }
        #expect(closed.code == EBADF)
        #expect(StreamWriteError(descriptor: 1, code: EPIPE).description == "standard output: cannot write: broken pipe (the reader has gone)")
        #expect(StreamWriteError(descriptor: 2, code: EBADF).description == "standard error: cannot write: it is closed")
    }
}
