/// The options every batch fit shares (`fit --targets`, `fit-profile --profiles`): which shard
/// to do, whether to resume from the rows already in `--csv FILE`, and how often to write them.
struct BatchOptions {
    var shard: Shard
    var resume: Bool
    /// Seconds between checkpoints of `--csv FILE` (0: after every item).
    var checkpoint: Double

    init(_ arguments: ParsedArguments) throws(CLIError) {
        shard = try Shard.parse(arguments)
        resume = arguments.flag("resume")
        checkpoint = try arguments.double("checkpoint") ?? 5
        guard checkpoint >= 0 else {
            throw arguments.usage("invalid value '\(arguments.string("checkpoint") ?? "")' for '--checkpoint': expected seconds ≥ 0")
        }
        if (resume || arguments.string("checkpoint") != nil) && arguments.string("csv") == nil {
            throw arguments.usage("--resume and --checkpoint need --csv FILE (the batch's rows are kept there)")
        }
    }

    /// `--shard`, `--resume` and `--checkpoint`, in the order the help lists them.
    static let options: [CommandSpec.Option] = [
        Shard.option,
        .init(name: "resume", arity: .flag,
              help: "Keep the rows an interrupted run of the same batch left in the --csv FILE (checked against the manifest) and do the rest; without FILE, start afresh."),
        .init(name: "checkpoint", arity: .single(valueName: "SECONDS"),
              help: "Rewrite the --csv FILE with the items finished so far at most every SECONDS (default 5; 0: after every item); each write is atomic."),
    ]
}
