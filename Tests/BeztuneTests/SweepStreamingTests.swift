@testable import beztune
import ArcError
import DataFiles
import Foundation
import Testing
import _TestSupport

/// `sweep` streams its rows to FILE's staged temporary block by block (formatted on all cores,
/// written in grid order, checkpoints copied from it): the file it leaves is, byte for byte, the
/// one the earlier implementation built in memory — one String of every row, each row's fields
/// formatted by `CSVField.format` and joined — for grids of one and of several blocks, with and
/// without checkpoints, per shard and after a resume across a block boundary.
@Suite("sweep: streamed rows equal the in-memory text")
struct SweepStreamingTests {
    /// The earlier in-memory implementation (before streaming): the header and every row of
    /// pairs `range`, built as one String.
    func inMemory(factors: String, segments: String, relative: Bool, radius: Double?, range: Range<Int>? = nil) throws -> String {
        let grid = try SweepGrid(factors: SweepGrid.factors(parsing: factors), segments: SweepGrid.segments(parsing: segments),
                                 relative: relative)
        let columns = try ErrorColumns(radius: radius)
        var text = (columns.header + (relative ? ["k_relative"] : [])).joined(separator: ",") + "\n"
        text += grid.reduceConcurrently(range ?? 0..<grid.count, into: "") { text, pair, report in
            for (j, x) in columns.values(report, segments: pair.segments).enumerated() {
                if j > 0 { text += "," }
                text += j == 1 ? String(pair.segments) : CSVField.format(x)
            }
            if grid.relative { text += "," + CSVField.format(pair.factor) }
            text += "\n"
        }.joined()
        return text
    }

    /// The sweep's arguments for a grid.
    func arguments(_ factors: String, _ segments: String, relative: Bool, radius: Double?) -> [String] {
        ["sweep", "--k-range", factors, "--segments", segments] + (relative ? ["--k-relative"] : [])
            + (radius.map { ["--radius", String($0)] } ?? [])
    }

    /// Nothing but `names` is left in the folder (no temporary, backup or record).
    func expectOnly(_ names: [String], in folder: TemporaryFolder) throws {
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(left == names.sorted(), "left in the folder: \(left)")
    }

    /// Grids of one block and of several (the block is 32768 pairs), checkpoints after every
    /// block (`--checkpoint 0`) or none.
    static let grids: [(factors: String, segments: String, relative: Bool, radius: Double?)] = [
        ("0.5:0.6:0.01", "3:5", false, nil),
        ("0.5:0.6:0.01", "3:5", true, 50),
        ("0.5:0.6:0.000005", "4:6", true, nil),
        ("0.54:0.56:0.000001", "4:7", false, 2.5),
    ]

    @Test("whole grids, with and without checkpoints", arguments: 0..<4)
    func wholeGrid(_ g: Int) throws {
        let (factors, segments, relative, radius) = Self.grids[g]
        let expected = try inMemory(factors: factors, segments: segments, relative: relative, radius: radius)
        let folder = try TemporaryFolder()
        for checkpoint in ["0", "5"] {
            let r = try BinaryRunner.run(arguments(factors, segments, relative: relative, radius: radius)
                                         + ["--csv", "grid.csv", "--checkpoint", checkpoint], in: folder.url)
            #expect(r.status == 0, "\(r.stderr)")
            let written = try Data(contentsOf: folder.file("grid.csv"))
            #expect(written == Data(expected.utf8), "grid \(g), --checkpoint \(checkpoint): \(written.count) bytes, expected \(expected.utf8.count)")
            try expectOnly(["grid.csv"], in: folder)
        }
    }

    @Test("each of 3 shards of a grid of several blocks is its block of the in-memory rows")
    func shards() throws {
        let (factors, segments, relative, radius) = Self.grids[3]
        let grid = try SweepGrid(factors: SweepGrid.factors(parsing: factors), segments: SweepGrid.segments(parsing: segments),
                                 relative: relative)
        let folder = try TemporaryFolder()
        for i in 1...3 {
            let range = Shard(index: i, count: 3).range(of: grid.count)
            let expected = try inMemory(factors: factors, segments: segments, relative: relative, radius: radius, range: range)
            let r = try BinaryRunner.run(arguments(factors, segments, relative: relative, radius: radius)
                                         + ["--csv", "s\(i).csv", "--shard", "\(i)/3", "--checkpoint", "0"], in: folder.url)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try Data(contentsOf: folder.file("s\(i).csv")) == Data(expected.utf8), "shard \(i)/3")
        }
        try expectOnly(["s1.csv", "s2.csv", "s3.csv"], in: folder)
    }

    @Test("a file cut after 40000 rows (inside the second block), resumed: the in-memory text")
    func resume() throws {
        let (factors, segments, relative, radius) = Self.grids[2]
        let expected = try inMemory(factors: factors, segments: segments, relative: relative, radius: radius)
        let folder = try TemporaryFolder()
        let lines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        try Data((lines.prefix(40_001).joined(separator: "\n") + "\n").utf8).write(to: folder.file("grid.csv"))
        let r = try BinaryRunner.run(arguments(factors, segments, relative: relative, radius: radius)
                                     + ["--csv", "grid.csv", "--resume", "--checkpoint", "0"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Data(contentsOf: folder.file("grid.csv")) == Data(expected.utf8))
        try expectOnly(["grid.csv"], in: folder)
    }
}
