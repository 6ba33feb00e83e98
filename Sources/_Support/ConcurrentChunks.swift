#if canImport(Dispatch) && !hasFeature(Embedded)
import Dispatch
#endif
#if !hasFeature(Embedded) && canImport(Glibc)
import Glibc
#elseif !hasFeature(Embedded) && canImport(Darwin)
import Darwin
#endif

/// A loop over independent items split into contiguous chunks run on all cores.
///
/// Chunk c of `chunks` covers [c·count/chunks, (c+1)·count/chunks): the boundaries depend only on
/// the counts, never on thread timing, so a computation that combines the chunks' results in
/// chunk order is deterministic.
///
/// The package's one seam to threads: where Dispatch exists (Linux, Apple platforms) the chunks
/// run with `DispatchQueue.concurrentPerform`; where it does not (WebAssembly, Embedded Swift)
/// they run one after another on the calling thread, in chunk order — the same chunks, so the
/// same results.
package enum ConcurrentChunks {
    /// The processors online, read once: `sysconf(_SC_NPROCESSORS_ONLN)` where there are threads
    /// (what `nproc` prints unless an affinity mask narrows it; a cgroup CPU quota is not read),
    /// 1 where there are none.
    package static let processorCount: Int = onlineProcessors()

    private static func onlineProcessors() -> Int {
        #if canImport(Dispatch) && !hasFeature(Embedded) && canImport(Glibc)
        return Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #elseif canImport(Dispatch) && !hasFeature(Embedded) && canImport(Darwin)
        return Swift.max(1, Int(sysconf(_SC_NPROCESSORS_ONLN)))
        #else
        return 1
        #endif
    }

    /// The chunk count for `count` items, one per processor (or `limit`) and each at least
    /// `minimumChunk` items long: max(1, min(processors, count / minimumChunk)).
    package static func chunkCount(_ count: Int, minimumChunk: Int = 1, limit: Int = processorCount) -> Int {
        Swift.max(1, Swift.min(limit, count / Swift.max(1, minimumChunk)))
    }

    /// Chunk c's range of 0..<count split into `chunks` parts.
    package static func range(_ c: Int, of count: Int, chunks: Int) -> Range<Int> {
        (c * count / chunks)..<((c + 1) * count / chunks)
    }

    /// Calls `body(range, c)` for every chunk c of 0..<count split into `chunks` parts (at most
    /// `count`, at least 1): on the calling thread when there is one chunk, else concurrently.
    /// `body` must touch only its own chunk's outputs.
    package static func forEach(count: Int, chunks: Int, _ body: @Sendable (_ range: Range<Int>, _ chunk: Int) -> Void) {
        let n = Swift.max(1, Swift.min(chunks, count))
        guard n > 1 else {
            body(0..<count, 0)
            return
        }
        runChunks(n) { c in body(range(c, of: count, chunks: n), c) }
    }

    /// `body` of every chunk (as ``forEach(count:chunks:_:)``), the results in chunk order.
    package static func map<T>(count: Int, chunks: Int, _ body: @Sendable (_ range: Range<Int>) -> T) -> [T] {
        let n = Swift.max(1, Swift.min(chunks, count))
        guard n > 1 else { return [body(0..<count)] }
        let slots = Slots<T>(count: n)
        defer { slots.release() }
        runChunks(n) { c in slots.store(body(range(c, of: count, chunks: n)), at: c) }
        return slots.values
    }

    /// `body(c)` for every c in 0..<n: concurrently where Dispatch exists, else in order.
    private static func runChunks(_ n: Int, _ body: @Sendable (Int) -> Void) {
        #if canImport(Dispatch) && !hasFeature(Embedded)
        DispatchQueue.concurrentPerform(iterations: n, execute: body)
        #else
        for c in 0..<n { body(c) }
        #endif
    }
}

/// One slot per chunk. Each chunk writes only its own slot, and the
/// slots are read after all iterations have returned: that is what makes the unsynchronised
/// sharing sound.
private struct Slots<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    func store(_ value: T, at index: Int) { buffer[index] = value }

    /// Every slot's value; each is set once every chunk has returned.
    var values: [T] {
        buffer.map { value in
            guard let value else { preconditionFailure("ConcurrentChunks: a chunk stored no result") }
            return value
        }
    }

    func release() {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
