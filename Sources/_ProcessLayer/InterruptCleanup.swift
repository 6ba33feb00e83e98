import DataFiles
import Foundation
import _Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files of writes in flight when the process is interrupted (SIGINT,
/// SIGTERM, SIGHUP), then lets the signal end the process as it would have.
///
/// ``AtomicFile`` writes `.<name>.tmp-XXXXXX` next to the destination and renames it into place,
/// so an interrupted run never leaves a truncated output; without this, it could leave the
/// temporary file. With ``install()`` called once by an executable:
/// 1. the signal handler only writes the signal number into a pipe (`write(2)` is
///    async-signal-safe; `errno` is preserved), whichever thread receives it;
/// 2. a dedicated thread reads the pipe, takes the registry's lock — and keeps it, so no write
///    can create or rename a temporary file any more — and unlinks every registered path;
/// 3. it restores the signal's default action and re-raises it: the process dies of that signal
///    (exit status 128 + n in a shell), exactly as without the handler.
///
/// Each output file is therefore complete (renamed before the signal was handled) or absent,
/// and no temporary file remains. ``AtomicFile`` registers its temporary file under the same lock
/// that creates it, and unregisters it under the lock that renames it, so there is no window in
/// which a temporary file exists unregistered. A signal that was ignored when ``install()`` ran
/// (`nohup`, a background job of a non-interactive shell) stays ignored; a handled signal that
/// was inherited blocked is unblocked (call ``install()`` first thing in `main`, before other
/// threads start, so they inherit that). SIGKILL and a power cut
/// cannot be handled: temporary files may then remain (never a partial destination).
///
/// A library never calls ``install()``: handling signals is a decision for the whole process.
package enum InterruptCleanup {
    /// The signals ``install()`` handles.
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers and starts the cleanup thread; later calls do nothing.
    package static func install() {
        installation.withLock { installed in
            guard !installed else { return }
            installed = true
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return }  // without a pipe, signals keep their defaults
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            interruptPipeWriteEnd = fds[1]
            let readEnd = fds[0]
            let thread = Thread { waitForSignal(readEnd) }
            thread.name = "InterruptCleanup"
            thread.start()
            var handled = sigset_t()
            sigemptyset(&handled)
            for number in signals {
                let previous = signal(number, interruptHandler)
                // Keep an inherited "ignore": the parent asked for it.
                if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                    _ = signal(number, SIG_IGN)
                } else {
                    sigaddset(&handled, number)
                }
            }
            // A blocked mask survives exec, and some launchers leak theirs (a process started
            // from a Swift concurrency or Dispatch thread inherits nearly every signal blocked):
            // the signals would then stay pending and Ctrl-C would do nothing. Unblock the
            // handled ones in this thread, whose mask the threads it starts later inherit.
            pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        }
    }

    /// What to undo on interruption, each under the token that unregisters it.
    struct Registry {
        /// One thing to undo.
        enum Action {
            /// Unlink a file we created (a temporary file, or a new output renamed into place).
            case remove(String)
            /// Remove a folder we created (`rmdir`: only when empty, which the reverse order of
            /// the undo makes it).
            case removeFolder(String)
            /// Rename `backup` (a hard link to, or the old file itself) back over `destination`:
            /// the file a committed output replaced comes back, with its inode.
            case restore(backup: String, destination: String)
            /// A child process that writes one of our outputs: send it the signal, wait for it.
            case stop(pid: Int32)
        }

        private var actions: [Int: Action] = [:]
        private var next = 0

        /// Registers removing `path` and returns its token.
        mutating func add(_ path: String) -> Int { add(.remove(path)) }

        /// Registers `action` and returns its token.
        mutating func add(_ action: Action) -> Int {
            next += 1
            actions[next] = action
            return next
        }

        mutating func remove(_ token: Int) { actions[token] = nil }

        /// Runs the action registered under `token` now (a child is only forgotten) and forgets it.
        mutating func perform(_ token: Int) {
            if let action = actions.removeValue(forKey: token) { Self.run(action) }
        }

        /// Runs the undo actions of `tokens`, in the order given, and forgets them.
        mutating func undo(_ tokens: [Int]) {
            for token in tokens { perform(token) }
        }

        /// Undoes everything registered, as the cleanup thread does for `signal`: child processes
        /// are signalled and waited for first (so they close what they write), then every other
        /// action runs in reverse order of registration (a folder after the files in it, an
        /// output's restore after later steps).
        mutating func undoAll(signal number: Int32) {
            let ordered = actions.sorted { $0.key > $1.key }.map(\.value)
            for case .stop(let pid) in ordered { stopChild(pid, number) }
            for action in ordered { Self.run(action) }
            actions.removeAll()
        }

        /// Undoes one file-system step (a child process is stopped by ``undoAll(signal:)`` only).
        private static func run(_ action: Action) {
            switch action {
            case .remove(let path): unlink(path)
            case .removeFolder(let path): rmdir(path)
            case .restore(let backup, let destination): rename(backup, destination)
            case .stop: break
            }
        }

        /// Sends `number` to the child `pid`, waits up to two seconds for it to end, then kills it.
        private func stopChild(_ pid: Int32, _ number: Int32) {
            guard pid > 0 else { return }
            kill(pid, number)
            for _ in 0..<200 {
                var status: Int32 = 0
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid || (reaped < 0 && errno == ECHILD) { return }
                if kill(pid, 0) != 0 && errno == ESRCH { return }
                usleep(10_000)
            }
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }

    /// Runs `body` with the registry locked. Creating a temporary file and registering it (and
    /// renaming it and unregistering it) happen in one such call, so the cleanup sees both or
    /// neither. Once the cleanup holds the lock it keeps it, so `body` never runs again.
    static func withRegistry<T>(_ body: (inout Registry) -> T) -> T {
        registry.withLock { registry in body(&registry) }
    }

    /// Registers a file that is not written through ``AtomicFile`` (such as a partial output
    /// another program writes), for removal on interruption until ``unregister(_:)``.
    package static func removeOnInterrupt(_ path: String) -> Int {
        withRegistry { $0.add(path) }
    }

    /// Registers a child process (such as an encoder writing one of the outputs) to be sent the
    /// interrupting signal and waited for (two seconds at most, then SIGKILL) before the files
    /// are removed, until ``unregister(_:)``: no child outlives an interrupted run.
    package static func stopOnInterrupt(process pid: Int32) -> Int {
        withRegistry { $0.add(.stop(pid: pid)) }
    }

    /// Forgets the file or process registered under `token`.
    package static func unregister(_ token: Int) {
        withRegistry { $0.remove(token) }
    }

    // MARK: Implementation

    private static let installation = Locked(false)
    private static let registry = Locked(Registry())

    /// The cleanup thread: waits for a signal number from the handler, then removes every
    /// registered file and re-raises the signal with its default action.
    private static func waitForSignal(_ fd: Int32) {
        var byte: UInt8 = 0
        let count = withUnsafeMutableBytes(of: &byte) { FileDescriptor.readChunk(from: fd, into: $0) }
        guard count == 1 else { return }  // the pipe is gone: nothing more to do
        let number = Int32(byte)
        registry.withLock { actions in
            actions.undoAll(signal: number)
            DefaultSignalAction.end(by: number)
        }
    }
}

/// The pipe the handler writes to; set once by `install()` before any handler is installed.
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1

/// The signal handler: async-signal-safe (one `write(2)` of a local byte; `errno` restored).
private func interruptHandler(_ signal: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(interruptPipeWriteEnd, &byte, 1)
    errno = saved
}
