import Foundation

/// A batch CSV on its way to FILE, written as its rows are finished: when FILE is a regular file
/// the bytes go to FILE's staged temporary (``AppendedFile``, planned in the run's
/// ``OutputTransaction``), so the run holds one block in memory, not the whole file; FILE itself is
/// replaced only at checkpoints (``checkpoint(_:)``: what is done, copied into a transaction of
/// its own with the record) and at the final commit (the temporary renamed into place). A CSV
/// that is a stream (standard output, a FIFO, a device) is kept in memory and written once at
/// commit: what is written there cannot be taken back, and there is nothing to resume from, so
/// it has no checkpoints.
package final class StreamedCSV {
    private let file: AppendedFile?
    private var kept: [UInt8] = []

    /// Plans the streamed file of `csv` in `outputs`: the record is staged (empty) before the
    /// CSV's temporary, so that the commit renames it first (see ``CheckpointRecord``).
    package init(_ csv: CheckpointedCSV, in outputs: OutputTransaction) throws(FileWriteError) {
        guard let recordPath = csv.recordPath else {
            file = nil
            return
        }
        try outputs.stage("", for: recordPath)
        let temporary = try outputs.temporaryPath(for: csv.file)
        file = try AppendedFile(path: temporary, display: csv.file)
    }

    /// Appends finished rows (whole lines).
    package func append(_ bytes: [UInt8]) throws(FileWriteError) {
        guard let file else {
            kept += bytes
            return
        }
        try file.append(bytes)
    }

    package func append(_ text: String) throws(FileWriteError) { try append(Array(text.utf8)) }

    /// A checkpoint: FILE and the record replaced by what is done, in one transaction.
    package func checkpoint(_ csv: CheckpointedCSV) throws(FileWriteError) {
        guard let file else { return }
        try csv.write(copying: file)
    }

    /// The end of the run: the record staged with every row's digest, the temporary closed (the
    /// commit fsyncs it and renames it into place); a stream's bytes staged.
    package func stage(_ csv: CheckpointedCSV, in outputs: OutputTransaction) throws(FileWriteError) {
        guard let file else {
            try csv.stage(String(decoding: kept, as: UTF8.self), in: outputs)
            return
        }
        file.close()
        if let recordPath = csv.recordPath { try outputs.stage(csv.recordText, for: recordPath) }
    }
}
