import Dispatch
import Foundation

/// Splitting a loop over independent items into chunks run on all processors.
enum Parallel {
    /// The processors available, read once (Foundation reads the cgroup files on every call).
    static let processors = ProcessInfo.processInfo.activeProcessorCount

    /// Calls `body` on consecutive ranges covering 0..<count: one range when count is below
    /// 2·`minimumChunk` or there is one processor, else about one per processor (each at least
    /// `minimumChunk` long), run concurrently. `body` must only touch its own range's outputs.
    static func forEachChunk(count: Int, minimumChunk: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let chunks = Swift.max(1, Swift.min(processors, count / Swift.max(1, minimumChunk)))
        guard chunks > 1 else {
            body(0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            body((c * count / chunks)..<((c + 1) * count / chunks))
        }
    }
}
