import Foundation
import DataFiles
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

    /// The N shard files of a sweep, concatenated without their repeated header lines.
    func concatenatedSweep(_ arguments: [String], shards: Int, in folder: TemporaryFolder) throws -> String {
        var text = ""
        for i in 1...shards {
            let file = folder.file("sweep\(i)of\(shards).csv")
            let r = try BinaryRunner.run(arguments + ["--shard", "\(i)/\(shards)", "--csv", file.path])
            #expect(r.status == 0, "\(r.stderr)")
            let part = try String(contentsOf: file, encoding: .utf8)
            text += i == 1 ? part : String(part.drop { $0 != "\n" }.dropFirst())
        }
        return text
    }

    @Test("sweep: 1, 3, 7 and 40 shards concatenate into the whole grid byte for byte",
          arguments: [1, 3, 7, 40])
    func sweep(shards: Int) throws {
        let folder = try TemporaryFolder()
        // 11 factors × 3 segment counts = 33 pairs: 40 shards leave some empty (header only).
        let arguments = ["sweep", "--k-range", "0.50:0.60:0.01", "--segments", "3:5", "--k-relative"]
        let whole = try BinaryRunner.run(arguments + ["--csv", folder.file("whole.csv").path])
        #expect(whole.status == 0, "\(whole.stderr)")
        let expected = try String(contentsOf: folder.file("whole.csv"), encoding: .utf8)
        #expect(expected.split(separator: "\n").count == 34)
        #expect(try concatenatedSweep(arguments, shards: shards, in: folder) == expected)
        // The README's concatenation script gives the same file.
        let script = URL(fileURLWithPath: manifest).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/cluster/concat-shards.sh").path
        let files = (1...shards).map { folder.file("sweep\($0)of\(shards).csv").path }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }

    @Test("sweep --resume on a shard: a cut shard file is finished into the uncut one; another shard's rows are refused")
    func sweepResume() throws {
        let folder = try TemporaryFolder()
        let arguments = ["sweep", "--k-range", "0.50:0.60:0.01", "--segments", "4:6", "--shard", "2/3"]
        let file = folder.file("shard.csv")
        #expect(try BinaryRunner.run(arguments + ["--csv", file.path]).status == 0)
        let full = try String(contentsOf: file, encoding: .utf8)
        let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 13)  // header, 11 rows, the empty piece after the last break
        try (lines.prefix(4).joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let resumed = try BinaryRunner.run(arguments + ["--csv", file.path, "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == full)
        // The same cut file resumed as shard 1: its rows are not shard 1's.
        try (lines.prefix(4).joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        var other = arguments
        other[other.count - 1] = "1/3"
        let refused = try BinaryRunner.run(other + ["--csv", file.path, "--resume"])
        expectFailure(refused, status: 1, mentioning: ["line 2", "cannot resume", "--shard"])
    }

    @Test("fit-profile --profiles: two shards concatenate into the whole summary; a broken profile is an error row, the rest go on")
    func fitProfiles() throws {
        let folder = try TemporaryFolder()
        let examples = URL(fileURLWithPath: manifest).deletingLastPathComponent()
        // The bundled list plus a row naming a manifest that does not exist.
        let list = try String(contentsOf: examples.appendingPathComponent("squash-profiles.csv"), encoding: .utf8)
            .replacingOccurrences(of: "squash-keyframes", with: examples.path + "/squash-keyframes")
            + "broken,\(folder.file("missing.csv").path),no such manifest\n"
        try list.write(to: folder.file("profiles.csv"), atomically: true, encoding: .utf8)
        let options = ["fit-profile", "--profiles", folder.file("profiles.csv").path, "--free", "yFactor,topYFactor,xFactor",
                       "--timing", "linear", "--size", "64x64"]
        let whole = try BinaryRunner.run(options + ["--out", folder.file("whole").path, "--csv", folder.file("whole.csv").path])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stderr.contains("1 of 3 profiles could not be fitted"))
        var concatenated = ""
        for i in 1...2 {
            let file = folder.file("part\(i).csv")
            let r = try BinaryRunner.run(options + ["--out", folder.file("sharded").path, "--shard", "\(i)/2", "--csv", file.path])
            #expect(r.status == 0, "\(r.stderr)")
            let part = try String(contentsOf: file, encoding: .utf8)
            concatenated += i == 1 ? part : String(part.drop { $0 != "\n" }.dropFirst())
        }
        let expected = try String(contentsOf: folder.file("whole.csv"), encoding: .utf8)
        #expect(concatenated == expected)
        let table = try CSVTable(contentsOf: folder.file("whole.csv"))
        let status = try table.columnIndex("status"), profile = try table.columnIndex("profile")
        #expect(table.rows.map { $0[profile] } == ["press", "press", "press", "press-coarse", "press-coarse", "press-coarse", "broken"])
        #expect(table.rows.last?[status] == "error")
        #expect(table.rows.dropLast().allSatisfy { $0[status].hasPrefix("converged") })
        // Each fitted profile has its own folder, the same whether sharded or not.
        for name in ["press", "press-coarse"] {
            for run in ["whole", "sharded"] {
                let timing = folder.url.appendingPathComponent("\(run)/\(name)/timing.csv")
                #expect(FileManager.default.fileExists(atPath: timing.path), "\(run)/\(name)/timing.csv")
            }
            #expect(try Data(contentsOf: folder.url.appendingPathComponent("whole/\(name)/profile.csv"))
                    == Data(contentsOf: folder.url.appendingPathComponent("sharded/\(name)/profile.csv")))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("whole/broken").path))
    }

    @Test("bad shards are usage errors")
    func badShard() throws {
        for bad in ["0/3", "4/3", "1/0", "a/b", "2", "-1/2"] {
            expectFailure(try BinaryRunner.run(["fit", "--targets", manifest, "--shard", bad]), status: 2, mentioning: ["--shard"])
            expectFailure(try BinaryRunner.run(["sweep", "--k-range", "0.5:0.6:0.1", "--segments", "4", "--csv", "x.csv", "--shard", bad]),
                          status: 2, mentioning: ["--shard"])
        }
    }
}
