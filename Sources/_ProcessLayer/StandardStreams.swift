import DataFiles
import _Support
import Foundation
import _Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error as an executable should treat them: every write checked,
/// a failure an error (never a trap, never a silent loss), and a closed stream never confused
/// with a file the process opens later.
///
/// ``install()`` (once, first thing in `main`, like ``InterruptCleanup/install()``):
/// 1. **Closed standard descriptors are reserved.** A process started with descriptor 0, 1 or 2
///    closed (`2>&-`) would get that number back from its next `open`, and its diagnostics would
///    land in an output file. Each closed one is filled with the read end of an empty pipe, on
///    which every write fails with EBADF — as on the closed descriptor.
/// 2. **SIGPIPE and SIGXFSZ are ignored**, so a write to a pipe whose reader has gone fails with
///    EPIPE, and a write past the file-size limit (`ulimit -f`) with EFBIG, instead of killing
///    the process before it can put its outputs back (``OutputTransaction``). Whether SIGPIPE
///    was ignored when the process started is remembered (``brokenPipeExitsQuietly``).
///
/// A write that fails throws ``StreamWriteError``. The convention this supports (the
/// executable's to apply): a broken pipe on standard output ends the run as the shell expects
/// of a filter (`PROGRAM … | head -1`): silently, by SIGPIPE (status 141), after the run's
/// outputs are put back — unless SIGPIPE was already ignored when the process started, in which
/// case it is an ordinary error (one line, status 1). Every other failure is an ordinary error.
package enum StandardStreams {
    /// Reserves closed standard descriptors and ignores SIGPIPE and SIGXFSZ (see the type's
    /// documentation); later calls do nothing.
    package static func install() {
        state.withLock { state in
            guard !state.installed else { return }
            state.installed = true
            for fd in Int32(0)...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { continue }
                // The read end goes to `fd` (dup2 unless pipe already chose it); the write end is
                // closed, so reads see end-of-file and writes fail with EBADF.
                if ends[0] != fd {
                    _ = dup2(ends[0], fd)
                    close(ends[0])
                }
                if ends[1] != fd { close(ends[1]) }
                state.reserved.insert(fd)
            }
            let previous = signal(SIGPIPE, SIG_IGN)
            state.brokenPipeIgnoredAtStart =
                unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            _ = signal(SIGXFSZ, SIG_IGN)
        }
    }

    /// True when `fd` (0, 1 or 2) was closed when the process started and is only reserved.
    package static func isReserved(_ fd: Int32) -> Bool {
        state.withLock { $0.reserved.contains(fd) }
    }

    /// False when SIGPIPE had its default action at start (the shell's convention applies: a
    /// broken pipe on standard output ends the run by SIGPIPE, silently), true when the parent
    /// had it ignored (a broken pipe is then an ordinary error).
    package static var brokenPipeExitsQuietly: Bool {
        state.withLock { $0.installed && !$0.brokenPipeIgnoredAtStart }
    }

    /// Ends the process by SIGPIPE with its default action, as a filter whose reader has gone
    /// dies (status 141 in a shell). Call it after the run's outputs are put back.
    package static func endByBrokenPipe() -> Never {
        DefaultSignalAction.end(by: SIGPIPE)
    }

    /// Writes every byte of `data` to the open descriptor `fd`, looping on partial writes and
    /// retrying on EINTR.
    package static func write(_ data: Data, to fd: Int32) throws(StreamWriteError) {
        if let code = FileDescriptor.writeAll(data, to: fd) { throw StreamWriteError(descriptor: fd, code: code) }
    }

    /// Writes `text` as UTF-8 to the open descriptor `fd`.
    package static func write(_ text: String, to fd: Int32) throws(StreamWriteError) {
        try write(Data(text.utf8), to: fd)
    }

    private struct State {
        var installed = false
        var reserved: Set<Int32> = []
        var brokenPipeIgnoredAtStart = false
    }

    private static let state = Locked(State())
}
