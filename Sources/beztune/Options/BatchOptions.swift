/// The options every batch shares (`sweep`, `fit --targets`, `fit-profile --profiles`): which
/// shard to do, whether to resume from the rows already in the CSV file, and how often to write
/// them.
struct BatchOptions {
    var shard = Shard.whole
    var resume = false
    /// Seconds between checkpoints of the CSV file (0: after every item).
    var checkpoint = 5.0

    /// `--shard`, `--resume` and `--checkpoint` of the batch fits, in the order the help lists
    /// them, bound to the batch options at `path`.
    static func options<Values>(_ path: WritableKeyPath<Values, BatchOptions>) -> [Option<Values>] {
        [
            Shard.option(path.appending(path: \.shard), inUsage: false),
            .flag(path.appending(path: \.resume), "resume", inUsage: false,
                  help: "Keep the rows an interrupted run of the same batch left in the --csv FILE (checked against the manifest) and do the rest; without FILE, start afresh."),
            .value(path.appending(path: \.checkpoint), "checkpoint", "SECONDS", inUsage: false,
                   help: "Rewrite the --csv FILE with the items finished so far at most every SECONDS (default 5; 0: after every item); each write is atomic.",
                   parse: OptionValue.nonNegative("seconds")),
        ]
    }

    /// `--shard`, `--resume` and `--checkpoint` only for a batch (`--option`, `what` it is), and
    /// `--resume` and `--checkpoint` only with `--csv FILE`.
    static func rules(batch option: String, _ what: String) -> [OptionRule] {
        [.requires(["shard", "checkpoint", "resume"], option: option, reason: what),
         .requires(["resume", "checkpoint"], option: "csv", reason: "the batch's rows are kept there")]
    }
}
