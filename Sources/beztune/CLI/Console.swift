import Foundation
import _ProcessLayer

/// Where a command writes its standard output and its diagnostics. The real console writes to the
/// process's stdout and stderr, checking every write; tests can pass closures that collect the
/// text.
struct Console: Sendable {
    var writeOutput: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void
    /// The first write to standard output or standard error that failed, if any.
    var failure: @Sendable () -> StreamWriteError? = { nil }
    /// The first write to standard output that failed, if any: the run's report is lost. (A
    /// failed write to standard error loses progress and diagnostics only, which are optional:
    /// the work goes on.)
    var outputFailure: @Sendable () -> StreamWriteError? = { nil }
    /// The run's command and command line, as the records of its output folders name them
    /// (``FolderCommand``); ``Beztune/main(_:commands:console:)`` sets it.
    var invocation = FolderCommand(name: Beztune.program, program: RunOutputs.program, arguments: [])

    /// The process's standard output and standard error. A failed write (a closed stream, a
    /// broken pipe, a full disk) is remembered (``failure``), never a trap; after it, that stream
    /// takes no more writes.
    static var standard: Console {
        let streams = CheckedStreams()
        return Console(writeOutput: { streams.write($0, to: 1) }, writeError: { streams.write($0, to: 2) },
                       failure: { streams.firstFailure }, outputFailure: { streams.failure(of: 1) })
    }

    /// Writes `text` and a line break to standard output.
    func print(_ text: String) { writeOutput(text.hasSuffix("\n") ? text : text + "\n") }

    /// Writes one diagnostic line to standard error.
    func printError(_ text: String) { writeError(text.hasSuffix("\n") ? text : text + "\n") }

    /// The exit status of a run of `command` that ended with `status`, given the writes that
    /// failed: a broken pipe on standard output ends the process by SIGPIPE, silently, as a
    /// filter's reader expects (status 141) — unless SIGPIPE was ignored when beztune started;
    /// any other failed write to standard output is reported on standard error (one line) and
    /// makes the status 1; a failed write to standard error (a closed one, say) leaves the status
    /// as it is: progress lines and diagnostics are optional, the work and its outputs are not.
    func exitStatus(_ status: Int32, command: String?) -> Int32 {
        guard let failure = outputFailure() else { return status }
        // A failed run has reported its error already (one line); a run that succeeded but for
        // this write reports it now.
        if failure.descriptor == 1 && status == 0 {
            if failure.isBrokenPipe && StandardStreams.brokenPipeExitsQuietly { StandardStreams.endByBrokenPipe() }
            printError("beztune\(command.map { " \($0)" } ?? ""): \(failure.description)")
        }
        return status == 0 ? 1 : status
    }
}

/// Standard output and standard error with every write checked (``StandardStreams/write(_:to:)``)
/// and the first failure kept.
private final class CheckedStreams: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [Int32: StreamWriteError] = [:]
    private var first: StreamWriteError?

    var firstFailure: StreamWriteError? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }

    /// The failed write to descriptor `fd`, if any.
    func failure(of fd: Int32) -> StreamWriteError? {
        lock.lock()
        defer { lock.unlock() }
        return failures[fd]
    }

    func write(_ text: String, to fd: Int32) {
        lock.lock()
        defer { lock.unlock() }
        guard failures[fd] == nil else { return }
        do throws(StreamWriteError) {
            try StandardStreams.write(text, to: fd)
        } catch {
            failures[fd] = error
            if first == nil { first = error }
        }
    }
}
