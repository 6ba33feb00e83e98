import _ArgumentParser
import _Support

/// `--shard I/N`: this run does the I-th of N contiguous blocks of a batch's rows (I from 1 to
/// N), so N independent runs (a Slurm job array, GNU parallel) split the work and their CSV files,
/// concatenated in shard order without the repeated header lines, are the unsharded run's CSV
/// row for row.
struct Shard: Equatable {
    var index: Int  // 1-based
    var count: Int

    static let whole = Shard(index: 1, count: 1)

    /// Block I of N over `total` rows: [(I−1)·total/N, I·total/N).
    func range(of total: Int) -> Range<Int> {
        ((index - 1) * total / count)..<(index * total / count)
    }

    /// `I/N` with 1 ≤ I ≤ N ≤ 10⁶.
    static func parse(_ text: String) throws(OptionValueError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0].trimmingWhitespace), let n = Int(parts[1].trimmingWhitespace),
              n >= 1, n <= 1_000_000, i >= 1, i <= n else {
            throw OptionValueError("expected I/N with 1 ≤ I ≤ N (e.g. 3/8)")
        }
        return Shard(index: i, count: n)
    }

    /// `--shard I/N`, bound to `path` (the whole batch when absent).
    static func option<Values>(_ path: WritableKeyPath<Values, Shard>, inUsage: Bool = true) -> Option<Values> {
        .value(path, "shard", "I/N", inUsage: inUsage,
               help: "Do only the I-th of N contiguous blocks of rows (1 ≤ I ≤ N); the N CSV files, concatenated in order without repeated headers, equal the unsharded run's.",
               parse: parse)
    }
}
