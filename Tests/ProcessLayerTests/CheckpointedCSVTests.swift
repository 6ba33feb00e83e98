import Foundation
import Testing
import _TestSupport
@testable import _ProcessLayer

/// A batch's CSV and its record written together at a checkpoint, every kept row vouched for by
/// the record, anything else refused with one line naming the file and the line; a stream gets
/// no record.
@Suite("Checkpointed CSV: the file and its record together, and the rows a resume may keep")
struct CheckpointedCSVTests {
    let header = "k,segments\n"
    let rows = [["0.5", "4"], ["0.51", "4"]]

    func written(in folder: TemporaryFolder, fingerprint: UInt64 = 3) throws -> CheckpointedCSV {
        var csv = CheckpointedCSV(file: folder.file("grid.csv").path, fingerprint: fingerprint, program: beztune)
        for row in rows { csv.append(fields: row) }
        try csv.write(header + rows.map { $0.joined(separator: ",") + "\n" }.joined())
        return csv
    }

    @Test("a checkpoint writes the CSV and its record; the record vouches for its rows and any prefix of them")
    func vouches() throws {
        let folder = try TemporaryFolder()
        let csv = try written(in: folder)
        #expect(try folder.contents() == [".grid.csv.checkpoint", "grid.csv"])
        #expect(try csv.verify(rows, line: { $0 + 2 }))
        #expect(try csv.verify(Array(rows.prefix(1)), line: { $0 + 2 }))
        csv.finish()
        #expect(try folder.contents() == ["grid.csv"])
        #expect(try !csv.verify(rows, line: { $0 + 2 }), "without a record nothing vouches, nothing is refused")
    }

    @Test("an edited row, another batch's record or a damaged record: one line naming the file, the line and the program")
    func refuses() throws {
        let folder = try TemporaryFolder()
        let csv = try written(in: folder)
        let path = folder.file("grid.csv").path
        #expect(throws: ResumeError(file: path, line: 3, "row 2 is not the row this batch wrote there (edited after the checkpoint?)")) {
            try csv.verify([["0.5", "4"], ["0.51", "5"]], line: { $0 + 2 })
        }
        let other = CheckpointedCSV(file: path, fingerprint: 4, program: beztune)
        #expect(throws: ResumeError.self) { try other.verify(rows, line: { $0 + 2 }) }
        try "not a record\n".write(to: folder.file(".grid.csv.checkpoint"), atomically: true, encoding: .utf8)
        let error = try #require(throws: ResumeError.self) { try csv.verify(rows, line: { $0 + 2 }) }
        #expect(error.description == "\(path): cannot resume: \(path.replacingOccurrences(of: "grid.csv", with: ".grid.csv.checkpoint")) is not a checkpoint record beztune wrote (damaged?); remove both files to start afresh")
    }

    @Test("a CSV that is a stream (a FIFO of the test's own folder) gets no record")
    func streams() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("rows.csv").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let csv = CheckpointedCSV(file: fifo, fingerprint: 1, program: beztune)
        #expect(csv.recordPath == nil && csv.outputs == [nil, fifo])
    }
}
