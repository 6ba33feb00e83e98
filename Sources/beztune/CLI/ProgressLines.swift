import Dispatch
import Foundation

/// Progress lines on standard error while a long run works: a run that goes past
/// ``firstLine`` seconds says every ``interval`` seconds (at most 5) what it is doing and how far
/// it is — `beztune fit-profile: fitting keyframes: 412 of 2001 (20%), 10 s` — from a thread of its
/// own, so that a line comes even while one long step (one large fit, one big frame) runs. A run
/// that ends sooner prints nothing. The work reports its steps (``begin(_:total:)``,
/// ``advance(by:)``), from any thread; ``finish()`` stops the lines (and prints a last one when
/// any was printed): call it on every way out (`defer`), the thread keeps the object alive until
/// then. Ctrl-C ends the run as always (its outputs left as they were).
final class ProgressLines: @unchecked Sendable {
    /// Seconds before the first line.
    static let firstLine = 3.0
    /// Seconds between lines.
    static let interval = 4.0

    private struct State {
        var phase = ""
        var done = 0
        var total = 0
        var printed = false
        var finished = false
    }
    private let lock = NSLock()
    private var state = State()
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private let console: Console
    private let prefix: String
    private let start = DispatchTime.now()

    /// Starts the clock for a run of `command` (`fit-profile`), its lines written to `console`.
    init(command: String, console: Console) {
        self.console = console
        prefix = "\(Beztune.program) \(command)"
        let thread = Thread { [self] in self.run() }
        thread.start()
    }

    /// A new step of the run: `phase` (`fitting keyframes`) with `total` parts (0: not counted).
    func begin(_ phase: String, total: Int = 0) {
        lock.withLock { state.phase = phase; state.done = 0; state.total = total }
    }

    /// `count` more parts of the current step done.
    func advance(by count: Int = 1) {
        lock.withLock { state.done += count }
    }

    /// Stops the lines; after a run that printed any, one last line gives its time — `done in
    /// N s`, or `STEP done in N s` for `step`, one step of a run that goes on.
    func finish(step: String? = nil) {
        let running = lock.withLock { () -> Bool in
            defer { state.finished = true }
            return !state.finished
        }
        guard running else { return }
        wake.signal()
        stopped.wait()
        if lock.withLock({ state.printed }) {
            console.printError("\(prefix): \(step.map { "\($0) " } ?? "")done in \(Self.seconds(elapsed))")
        }
    }

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

    private func run() {
        var next = Self.firstLine
        while true {
            let wait = max(0, next - elapsed)
            _ = wake.wait(timeout: .now() + wait)
            let line = lock.withLock { () -> String? in
                guard !state.finished else { return nil }
                guard elapsed >= next else { return "" }
                state.printed = true
                return Self.line(state, elapsed: elapsed)
            }
            guard let line else { break }
            if line.isEmpty { continue }
            console.printError("\(prefix): \(line)")
            next += Self.interval
        }
        stopped.signal()
    }

    /// `fitting keyframes: 412 of 2001 (20%), 10 s`, or `writing files, 10 s` for a step not counted.
    private static func line(_ state: State, elapsed: Double) -> String {
        let phase = state.phase.isEmpty ? "working" : state.phase
        guard state.total > 0 else { return "\(phase), \(seconds(elapsed))" }
        let percent = Int((100 * Double(state.done) / Double(state.total)).rounded(.down))
        return "\(phase): \(state.done) of \(state.total) (\(percent)%), \(seconds(elapsed))"
    }

    /// Whole seconds: `10 s`.
    static func seconds(_ value: Double) -> String { "\(Int(value.rounded())) s" }
}
