import Foundation

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
public enum InterruptCleanup {
    /// The signals ``install()`` handles.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers and starts the cleanup thread; later calls do nothing.
    public static func install() {
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

    /// The paths to remove on interruption, each under the token that unregisters it.
    struct Registry {
        private var paths: [Int: String] = [:]
        private var next = 0

        /// Registers `path` and returns its token.
        mutating func add(_ path: String) -> Int {
            next += 1
            paths[next] = path
            return next
        }

        mutating func remove(_ token: Int) { paths[token] = nil }

        /// Unlinks every registered path and forgets them.
        mutating func unlinkAll() {
            for path in paths.values { unlink(path) }
            paths.removeAll()
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
    public static func removeOnInterrupt(_ path: String) -> Int {
        withRegistry { $0.add(path) }
    }

    /// Forgets the file registered under `token`.
    public static func unregister(_ token: Int) {
        withRegistry { $0.remove(token) }
    }

    // MARK: Implementation

    private static let installation = Locked(false)
    private static let registry = Locked(Registry())

    /// The cleanup thread: waits for a signal number from the handler, then removes every
    /// registered file and re-raises the signal with its default action.
    private static func waitForSignal(_ fd: Int32) {
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n == 1 { break }
            if n < 0 && errno == EINTR { continue }
            return  // the pipe is gone: nothing more to do
        }
        let number = Int32(byte)
        registry.withLock { paths in
            paths.unlinkAll()
            _ = signal(number, SIG_DFL)
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, number)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            raise(number)
            _exit(128 + number)  // not reached: the default action ends the process
        }
    }
}

/// A value behind Foundation's `NSLock`, which every platform has (`Synchronization.Mutex` needs
/// macOS 15 / iOS 18). A `withLock` body that never returns (the cleanup's) keeps the lock.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
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
