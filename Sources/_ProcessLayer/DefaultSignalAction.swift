#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ending the process by a signal as if it had never been handled, ignored or blocked, so that
/// its parent sees what it expects: a shell reports status 128 + n (130 for SIGINT, 141 for
/// SIGPIPE) and `wait(2)` reports the signal, not an exit.
enum DefaultSignalAction {
    /// Restores the default action of signal `number`, unblocks it in the calling thread and
    /// raises it: the process ends by it. `_exit(128 + number)` follows for a signal whose
    /// default action does not end the process (never one of ours).
    static func end(by number: Int32) -> Never {
        _ = signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)  // not reached: the default action ends the process
    }
}
