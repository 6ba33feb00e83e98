import Foundation
import Render
import Testing
import _TestSupport

/// `--shard I/N`: N shards' CSV files, concatenated in order without their repeated headers,
/// are the unsharded run's CSV row for row (timing columns aside).
@Suite("--shard I/N")
struct ShardTests {
    /// The rows of a CSV file with the timing column blanked.
    func rows(_ url: URL, dropping timing: String = "seconds") throws -> (header: [String], rows: [[String]]) {
        let table = try CSVTable(contentsOf: url)
        let t = table.header.firstIndex(of: timing)
        return (table.header, table.rows.map { row in row.enumerated().map { t == $0.offset ? "" : $0.element } })
    }

    var manifest: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/squash-manifest.csv").path
    }

    @Test("fit --targets: three shards concatenate into the whole batch")
    func fitTargets() throws {
        let folder = try TemporaryFolder()
        let whole = try BinaryRunner.run(["fit", "--targets", manifest, "--radius", "50", "--csv", folder.file("whole.csv").path])
        #expect(whole.status == 0, "\(whole.stderr)")
        var header: [String] = [], concatenated: [[String]] = []
        for i in 1...3 {
            let r = try BinaryRunner.run(["fit", "--targets", manifest, "--radius", "50", "--shard", "\(i)/3",
                                          "--csv", folder.file("shard\(i).csv").path])
            #expect(r.status == 0, "\(r.stderr)")
            let part = try rows(folder.file("shard\(i).csv"))
            header = part.header
            concatenated += part.rows
        }
        let expected = try rows(folder.file("whole.csv"))
        #expect(header == expected.header)
        #expect(concatenated == expected.rows)
        #expect(expected.rows.count == 4)
    }

    @Test("bad shards are usage errors")
    func badShard() throws {
        for bad in ["0/3", "4/3", "1/0", "a/b", "2", "-1/2"] {
            expectFailure(try BinaryRunner.run(["fit", "--targets", manifest, "--shard", bad]), status: 2, mentioning: ["--shard"])
        }
    }
}
