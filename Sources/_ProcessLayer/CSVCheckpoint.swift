import DataFiles
import Dispatch

/// When a long batch (`sweep`, `fit --targets`, `fit-profile --profiles`) rewrites its CSV with
/// the rows finished so far, so an interruption costs at most that much work and `--resume`
/// continues from there.
///
/// Each checkpoint is a whole-file atomic write of the CSV and its record (``CheckpointedCSV``):
/// the file on disk is always a complete CSV of whole rows, never a truncated one. Rewriting grows with the file, so the
/// spacing between checkpoints is the requested interval or ten times the last write's duration,
/// whichever is longer: at most about a tenth of the run goes to checkpoints, however large the
/// grid.
package struct CSVCheckpoint {
    /// The requested spacing in seconds (0: after every block).
    package let interval: Double
    private var spacing: Double
    private var last = DispatchTime.now()

    package init(interval: Double) {
        self.interval = interval
        spacing = interval
    }

    /// Writes `text` and its record (``CheckpointedCSV``) when the spacing has passed since the
    /// last checkpoint (or the start).
    package mutating func reached(text: String, to csv: CheckpointedCSV) throws(FileWriteError) {
        try reached { () throws(FileWriteError) in try csv.write(text) }
    }

    /// Calls `write` (a checkpoint's writes) when the spacing has passed since the last
    /// checkpoint (or the start).
    package mutating func reached(writing write: () throws(FileWriteError) -> Void) throws(FileWriteError) {
        let now = DispatchTime.now()
        guard Self.seconds(from: last, to: now) >= spacing else { return }
        try write()
        last = DispatchTime.now()
        spacing = Swift.max(interval, 10 * Self.seconds(from: now, to: last))
    }

    private static func seconds(from a: DispatchTime, to b: DispatchTime) -> Double {
        Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e9
    }
}
