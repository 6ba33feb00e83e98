import DataFiles
import _ProcessLayer
import _Support

/// The CSV of a batch (`fit --targets`, `fit-profile --profiles`) on its way: a header, one or
/// more rows per item (each item's own fields first), written to FILE at checkpoints and at the
/// end with the checkpoint record beside it (``CheckpointedCSV``), or to standard output at the
/// end when there is no FILE. With `--resume` the rows an interrupted run of the same batch left
/// in FILE are kept (``BatchResume``) and the batch goes on after them.
struct BatchCSV {
    /// FILE, nil for standard output.
    let file: String?
    private(set) var writer: CSVWriter
    private(set) var checkpointed: CheckpointedCSV?
    private var checkpoint: CSVCheckpoint
    /// The items of this run (its shard's), each item's own fields.
    private let items: [[String]]

    /// A batch of `items` (this run's, each item's own fields) into `file` with `header`;
    /// `rows` are the manifest rows of this run (`--shard`), `interval` the checkpoint spacing.
    init(file: String?, header: [String], items: [[String]], rows: Range<Int>, interval: Double) {
        self.file = file
        self.items = items
        writer = CSVWriter(header: header)
        checkpointed = file.map {
            CheckpointedCSV(file: $0, fingerprint: BatchResume.fingerprint(header: header, items: items, rows: rows),
                            program: RunOutputs.program)
        }
        checkpoint = CSVCheckpoint(interval: interval)
    }

    /// The files a run plans for the batch (nil: standard output).
    var outputs: [String?] { checkpointed?.outputs ?? [nil] }

    /// With FILE, the rows already there kept (``BatchResume/rowsDone(in:header:items:rowCount:csv:recompute:)``):
    /// the number of items they complete, reported on standard error as `PREFIX: resuming after
    /// N of M NOUN already in FILE` when there are any; 0 without FILE.
    mutating func resume(rowCount: ([String]) -> Int, recompute: (Int) throws -> [[CSVField]],
                         console: Console, prefix: String, noun: String) throws -> Int {
        guard let file, var resumed = checkpointed else { return 0 }
        let kept = try BatchResume.rowsDone(in: file, header: writer.header, items: items, rowCount: rowCount,
                                            csv: &resumed, recompute: recompute)
        checkpointed = resumed
        for row in kept.rows { writer.appendRow(row.map(CSVField.text)) }
        if kept.items > 0 { console.printError("\(prefix): resuming after \(kept.items) of \(items.count) \(noun) already in \(file)") }
        return kept.items
    }

    /// An item's rows, then a checkpoint of FILE when its spacing has passed (none after the
    /// `last` item: the end writes FILE).
    mutating func append(_ rows: [[CSVField]], last: Bool) throws(FileWriteError) {
        for row in rows {
            writer.appendRow(row)
            checkpointed?.append(row)
        }
        if let checkpointed, !last { try checkpoint.reached(text: writer.text, to: checkpointed) }
    }

    /// The end: FILE and its record staged in `outputs` and `summary` printed, or the CSV
    /// written to standard output.
    func stage(in outputs: RunOutputs, summary: @autoclosure () -> String) throws(FileWriteError) {
        if let checkpointed {
            try checkpointed.stage(writer.text, in: outputs.transaction)
            outputs.print(summary())
        } else {
            outputs.write(writer.text)
        }
    }

    /// After the run committed: FILE is complete, its record goes (``CheckpointedCSV/finish()``).
    func finish() { checkpointed?.finish() }
}
