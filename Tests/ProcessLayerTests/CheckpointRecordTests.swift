import Foundation
import Testing
import _TestSupport
@testable import _ProcessLayer

@Suite("Checkpoint records: every kept row checked without recomputing it")
struct CheckpointRecordTests {
    let rows: [[String]] = [["0.5", "4", "0.01"], ["0.51", "4", "a,b"], ["0.52", "4", "line\nbreak"]]

    func record(_ rows: [[String]], fingerprint: UInt64 = 7) -> CheckpointRecord {
        var r = CheckpointRecord(fingerprint: fingerprint)
        for row in rows { r.append(fields: row) }
        return r
    }

    @Test("the rows written match; an edited, moved, dropped-in or extra row is found at its index")
    func mismatches() {
        let r = record(rows)
        #expect(r.firstMismatch(rows) == nil)
        #expect(r.firstMismatch(Array(rows.prefix(2))) == nil, "a prefix (an earlier checkpoint) is fine")
        var edited = rows
        edited[1][2] = "a,c"
        #expect(r.firstMismatch(edited) == 1)
        #expect(r.firstMismatch([rows[1], rows[0], rows[2]]) == 0, "moved rows are found: the index is part of each digest")
        #expect(r.firstMismatch(rows + [["0.53", "4", "x"]]) == 3)
        #expect(r.firstMismatch([rows[0], rows[2]]) == 1, "a dropped row shifts the next one")
        // Fields, not text: ["a", "b"] is not ["a,b"].
        #expect(record([["a", "b"]]).digests != record([["a,b"]]).digests)
    }

    @Test("text round trip; a damaged record is no record")
    func text() throws {
        let r = record(rows, fingerprint: 0xDEAD_BEEF)
        let text = r.text(forFile: "grid.csv", writtenBy: beztune)
        #expect(text.hasPrefix("# beztune checkpoint record of grid.csv: do not edit\nfingerprint 00000000deadbeef\n"))
        #expect(CheckpointRecord(parsing: text) == r)
        #expect(CheckpointRecord(parsing: "") == nil)
        #expect(CheckpointRecord(parsing: "fingerprint zz\n") == nil)
        #expect(CheckpointRecord(parsing: text + "123\n") == nil)
        #expect(CheckpointRecord(parsing: "0123456789abcdef\nfingerprint 1\n") == nil)
        #expect(CheckpointRecord.path(for: "out/grid.csv") == "out/.grid.csv.checkpoint")
        #expect(CheckpointRecord.path(for: "grid.csv") == ".grid.csv.checkpoint")
    }

    @Test("FNV-1a 64 against its published test vectors")
    func fnv() {
        // Fowler–Noll–Vo reference values: "" → cbf29ce484222325, "a" → af63dc4c8601ec8c,
        // "foobar" → 85944171f73967e8.
        #expect(Fingerprint().value == 0xCBF2_9CE4_8422_2325)
        var a = Fingerprint()
        a.combine(bytes: Array("a".utf8))
        #expect(a.value == 0xAF63_DC4C_8601_EC8C)
        var foobar = Fingerprint()
        foobar.combine(bytes: Array("foobar".utf8))
        #expect(foobar.value == 0x8594_4171_F739_67E8)
    }
}
