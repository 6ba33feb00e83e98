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

    /// The `--shard` option, or the whole batch when absent.
    static func parse(_ arguments: ParsedArguments, option: String = "shard") throws(CLIError) -> Shard {
        guard let text = arguments.string(option) else { return .whole }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(String(parts[0]).trimmingWhitespace), let n = Int(String(parts[1]).trimmingWhitespace),
              n >= 1, n <= 1_000_000, i >= 1, i <= n else {
            throw arguments.usage("invalid value '\(text)' for '--\(option)': expected I/N with 1 ≤ I ≤ N (e.g. 3/8)")
        }
        return Shard(index: i, count: n)
    }

    static let option = CommandSpec.Option(name: "shard", arity: .single(valueName: "I/N"),
        help: "Do only the I-th of N contiguous blocks of rows (1 ≤ I ≤ N); the N CSV files, concatenated in order without repeated headers, equal the unsharded run's.")
}
