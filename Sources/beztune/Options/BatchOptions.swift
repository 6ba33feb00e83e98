import _ArgumentParser
import _Support

/// The options every batch shares (`sweep`, `fit --targets`, `fit-profile --profiles`): which
/// shard to do, whether to resume from the rows already in the CSV file, and how often to write
/// them.
struct BatchOptions {
    var shard = Shard.whole
    var resume = false
    /// Seconds between checkpoints of the CSV file (0: after every item).
    var checkpoint = 5.0

    /// `--shard I/N`.
    static var shard: Option<BatchOptions> { Shard.option(\.shard) }

    /// `--resume`.
    static var resume: Option<BatchOptions> {
        .flag(\.resume, "resume",
              help: "Keep the rows an interrupted run of the same batch left in the --csv FILE (checked against the manifest) and do the rest; without FILE, start afresh.")
    }

    /// `--checkpoint SECONDS`.
    static var checkpoint: Option<BatchOptions> {
        .value(\.checkpoint, "checkpoint", "SECONDS",
               help: "Rewrite the --csv FILE with the items finished so far at most every SECONDS (default 5; 0: after every item); each write is atomic.",
               parse: OptionValue.nonNegative("seconds"))
    }

    /// `--shard`, `--resume` and `--checkpoint` of the batch fits, in the order the help lists
    /// them, bound to the batch options at `path` (out of the usage line).
    static func options<Values>(_ path: WritableKeyPath<Values, BatchOptions>) -> [Option<Values>] {
        [shard, resume, checkpoint].map { $0.inUsage(false).embedded(in: path) }
    }

    /// `--shard`, `--resume` and `--checkpoint` (of the batch options at `path`) only for a batch
    /// (the option `batch`, `what` it is), and `--resume` and `--checkpoint` only with the CSV
    /// file option `csv`.
    static func rules<Values>(_ path: WritableKeyPath<Values, BatchOptions>, batch: PartialKeyPath<Values>, _ what: String,
                              csv: PartialKeyPath<Values>) -> [OptionRule<Values>] {
        let shard: PartialKeyPath<Values> = path.appending(path: \.shard)
        let checkpoint: PartialKeyPath<Values> = path.appending(path: \.checkpoint)
        let resume: PartialKeyPath<Values> = path.appending(path: \.resume)
        return [.requires([shard, checkpoint, resume], option: batch, reason: what),
                .requires([resume, checkpoint], option: csv, reason: "the batch's rows are kept there")]
    }
}
