import DataFiles
import Foundation
import _Support

/// A batch's CSV and its ``CheckpointRecord`` (`.<name>.checkpoint` beside it): every
/// checkpoint and the final write put both in place in one transaction, so that `--resume` can
/// check every row it keeps — without recomputing any — against what this batch wrote there;
/// once the run is complete the record is removed (``finish()``).
///
/// A CSV that is not a regular file (standard output, a FIFO, a device) gets no record: there is
/// nothing to resume from.
package struct CheckpointedCSV {
    package let file: String
    /// The program that writes the batch: the record's comment and messages name it.
    package let program: ProgramIdentity
    /// The record's path, nil when the CSV is not a regular file.
    package let recordPath: String?
    private(set) var record: CheckpointRecord

    /// `fingerprint`: what the rows depend on besides the options the resume checks by
    /// recomputing (the header, the items, the shard).
    package init(file: String, fingerprint: UInt64, program: ProgramIdentity) {
        self.file = file
        self.program = program
        let destination = try? OutputDestination(path: file, program: program)
        recordPath = destination?.isRegularFile == true ? CheckpointRecord.path(for: file) : nil
        record = CheckpointRecord(fingerprint: fingerprint)
    }

    /// The files a run plans for it: the record first (staged first, see ``CheckpointRecord``).
    package var outputs: [String?] { [recordPath, file] }

    /// Records the next data row (its fields as a reader gives them back).
    package mutating func append<S: StringProtocol>(fields: [S]) { record.append(fields: fields) }

    /// Records the next data rows by their digests (``CheckpointRecord/digest(line:index:)``).
    package mutating func append(digests: [UInt64]) {
        for d in digests { record.append(digest: d) }
    }

    package mutating func append(_ row: [CSVField]) { record.append(fields: row.map(\.rawText)) }

    /// The record's text.
    package var recordText: String { record.text(forFile: lastComponent(of: file), writtenBy: program) }

    /// Stages the CSV's `text` and the record in the run's `transaction` (planned with
    /// ``outputs``).
    package func stage(_ text: String, in transaction: OutputTransaction) throws(FileWriteError) {
        if let recordPath { try transaction.stage(recordText, for: recordPath) }
        try transaction.stage(text, for: file)
    }

    /// After the final commit: the record goes — the CSV is complete, no longer a checkpoint (it
    /// was committed with the CSV, so a crash before this leaves a record that matches the CSV).
    /// A later `--resume` on the complete file keeps its rows (checked as a file without a
    /// record is) and computes nothing.
    package func finish() {
        if let recordPath { try? FileManager.default.removeItem(atPath: recordPath) }
    }

    /// A checkpoint: the CSV's `text` and the record, written together, all or nothing.
    package func write(_ text: String) throws(FileWriteError) {
        let transaction = OutputTransaction(try OutputPlan(files: [recordPath, file].compactMap { $0 }, program: program))
        if let recordPath { try transaction.stage(recordText, for: recordPath) }
        try transaction.stage(text, for: file)
        try transaction.commit()
    }

    /// A checkpoint of a streamed CSV (``StreamedCSV``): the bytes appended to `streamed` so
    /// far, copied into a staged temporary, and the record, put in place together, all or nothing.
    package func write(copying streamed: AppendedFile) throws(FileWriteError) {
        let transaction = OutputTransaction(try OutputPlan(files: [recordPath, file].compactMap { $0 }, program: program))
        if let recordPath { try transaction.stage(recordText, for: recordPath) }
        try streamed.copy(to: try transaction.temporaryPath(for: file))
        try transaction.commit()
    }

    /// Checks the rows a resume keeps (`rows[i]` is data row i, its fields as read; `line(i)` its
    /// line in the file) against the record beside the file, when there is one: a record of other
    /// arguments, or a row that is not the one recorded at its place, is refused naming the
    /// first such line. Without a record (a file cut by hand, or written by an older version)
    /// nothing is checked here. Returns whether a record vouched for the rows.
    package func verify<Rows: Sequence, S: StringProtocol>(_ rows: Rows, line: (Int) -> Int) throws -> Bool
        where Rows.Element == [S] {
        guard let recordPath, FileManager.default.fileExists(atPath: recordPath) else { return false }
        func failure(_ line: Int?, _ reason: String) -> ResumeError { ResumeError(file: file, line: line, reason) }
        let text = try inContext("cannot resume") { () throws(FileReadError) in
            try TextFile.read(URL(fileURLWithPath: recordPath), kind: "checkpoint record")
        }
        guard let found = CheckpointRecord(parsing: text) else {
            throw failure(nil, "\(recordPath) is not a checkpoint record \(program.name) wrote (damaged?); remove both files to start afresh")
        }
        guard found.fingerprint == record.fingerprint else {
            throw failure(nil, "\(recordPath) says the rows were written by a batch with other arguments (same manifest or grid, --shard and options as before?)")
        }
        if let i = found.firstMismatch(rows) {
            let reason = i < found.count
                ? "row \(i + 1) is not the row this batch wrote there (edited after the checkpoint?)"
                : "row \(i + 1) was not written by this batch (\(recordPath) records \(found.count) rows)"
            throw failure(line(i), reason)
        }
        return true
    }
}
