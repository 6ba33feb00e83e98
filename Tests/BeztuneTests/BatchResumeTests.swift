import Foundation
import DataFiles
import Testing
import _TestSupport

/// `--resume` for the batch fits: a CSV cut after its first items (as a checkpoint leaves it) is
/// finished into the uninterrupted run's result — the kept rows verbatim, the rest computed —
/// and a CSV of another batch is refused.
@Suite("batch fits: --resume")
struct BatchResumeTests {
    var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
    }

    /// The first `lines` lines of `file` (header included), as a checkpoint would have left it.
    func cut(_ file: URL, keeping lines: Int) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines)
        try (kept.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    }

    /// The table with column `timing` blanked.
    func rows(_ url: URL, blanking timing: String?) throws -> [[String]] {
        let table = try CSVTable(contentsOf: url)
        let t = timing.flatMap { table.header.firstIndex(of: $0) }
        return [table.header] + table.rows.map { row in row.enumerated().map { t == $0.offset ? "" : $0.element } }
    }

    @Test("fit --targets: cut after 2 of 4 targets, resumed: the 2 kept rows verbatim, the rest as an uninterrupted run")
    func fitTargets() throws {
        let folder = try TemporaryFolder()
        let manifest = examples.appendingPathComponent("squash-manifest.csv").path
        let whole = folder.file("whole.csv"), resumed = folder.file("resumed.csv")
        let options = ["fit", "--targets", manifest, "--radius", "50", "--checkpoint", "0"]
        #expect(try BinaryRunner.run(options + ["--csv", whole.path]).status == 0)
        try FileManager.default.copyItem(at: whole, to: resumed)
        try cut(resumed, keeping: 3)
        let keptText = try String(contentsOf: resumed, encoding: .utf8)
        let r = try BinaryRunner.run(options + ["--csv", resumed.path, "--resume"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("resuming after 2 of 4 targets"))
        #expect(r.stdout.contains("fitted 2 of 2 targets (2 kept from before)"))
        let final = try String(contentsOf: resumed, encoding: .utf8)
        #expect(final.hasPrefix(keptText), "the kept rows must stay as they were, timing included")
        #expect(try rows(resumed, blanking: "seconds") == rows(whole, blanking: "seconds"))
        #expect(try rows(resumed, blanking: "seconds").count == 5)

        // Resuming a finished file computes nothing and changes nothing.
        let again = try BinaryRunner.run(options + ["--csv", resumed.path, "--resume"])
        #expect(again.status == 0 && again.stdout.contains("fitted 0 of 0 targets (4 kept from before)"), "\(again.stdout) \(again.stderr)")
        #expect(try String(contentsOf: resumed, encoding: .utf8) == final)
    }

    @Test("fit --targets --resume refuses another batch's CSV, naming the file and line")
    func refuseOtherBatch() throws {
        let folder = try TemporaryFolder()
        let manifest = examples.appendingPathComponent("squash-manifest.csv").path
        let file = folder.file("fit.csv")
        #expect(try BinaryRunner.run(["fit", "--targets", manifest, "--radius", "50", "--shard", "2/2", "--csv", file.path]).status == 0)
        // Shard 2's rows are not shard 1's items.
        let other = try BinaryRunner.run(["fit", "--targets", manifest, "--radius", "50", "--shard", "1/2", "--csv", file.path, "--resume"])
        expectFailure(other, status: 1, mentioning: [file.path + " line 2", "cannot resume", "squash-0.75.svg", "squash-0.25.svg"])
        // Another set of free parameters writes another header.
        let free = try BinaryRunner.run(["fit", "--targets", manifest, "--radius", "50", "--free", "yFactor", "--shard", "2/2",
                                         "--csv", file.path, "--resume"])
        expectFailure(free, status: 1, mentioning: [file.path + " line 1", "the header is not this batch's"])
        expectFailure(try BinaryRunner.run(["fit", "--targets", manifest, "--resume"]), status: 2, mentioning: ["--resume", "--csv"])
    }

    @Test("--resume with options that change the results (another radius; another timing or free list) is refused")
    func refuseOtherOptions() throws {
        let folder = try TemporaryFolder()
        let manifest = examples.appendingPathComponent("squash-manifest.csv").path
        let file = folder.file("fit.csv")
        #expect(try BinaryRunner.run(["fit", "--targets", manifest, "--radius", "50", "--csv", file.path]).status == 0)
        try cut(file, keeping: 3)
        let other = try BinaryRunner.run(["fit", "--targets", manifest, "--radius", "80", "--csv", file.path, "--resume"])
        expectFailure(other, status: 1, mentioning: [file.path + " line 3", "cannot resume", "computed again", "other options"])
        // The same options resume fine (the recomputed last item agrees).
        #expect(try BinaryRunner.run(["fit", "--targets", manifest, "--radius", "50", "--csv", file.path, "--resume"]).status == 0)

        let list = examples.appendingPathComponent("squash-profiles.csv").path
        let summary = folder.file("profiles.csv")
        let base = ["fit-profile", "--profiles", list, "--size", "64x64", "--out", folder.file("profiles").path]
        #expect(try BinaryRunner.run(base + ["--free", "yFactor,topYFactor", "--timing", "linear", "--csv", summary.path]).status == 0)
        try cut(summary, keeping: 3)  // the header and the two rows of 'press'
        // Same row count per profile (2 parameters), another timing: refused.
        let timing = try BinaryRunner.run(base + ["--free", "yFactor,topYFactor", "--timing", "cubic-bezier", "--csv", summary.path, "--resume"])
        expectFailure(timing, status: 1, mentioning: [summary.path + " line 2", "cannot resume"])
        // Another pair of free parameters: refused.
        let free = try BinaryRunner.run(base + ["--free", "yFactor,xFactor", "--timing", "linear", "--csv", summary.path, "--resume"])
        expectFailure(free, status: 1, mentioning: [summary.path + " line 2", "cannot resume"])
    }

    @Test("a batch whose --csv cannot be written fails before any work, leaving nothing behind")
    func unwritableCSV() throws {
        let folder = try TemporaryFolder()
        let list = examples.appendingPathComponent("squash-profiles.csv").path
        let r = try BinaryRunner.run(["fit-profile", "--profiles", list, "--out", "profiles", "--csv", "nowhere/summary.csv"], in: folder.url)
        expectFailure(r, status: 1, mentioning: ["nowhere/summary.csv", "does not exist"])
        #expect(!r.stderr.contains("fit-profile 1/"), "it started fitting: \(r.stderr)")
        #expect(try folder.contents().isEmpty)
        let manifest = examples.appendingPathComponent("squash-manifest.csv").path
        let f = try BinaryRunner.run(["fit", "--targets", manifest, "--csv", "nowhere/fit.csv"], in: folder.url)
        expectFailure(f, status: 1, mentioning: ["nowhere/fit.csv", "does not exist"])
        #expect(try folder.contents().isEmpty)
    }

    @Test("fit-profile --profiles: cut after the first profile, resumed: the same summary byte for byte")
    func fitProfiles() throws {
        let folder = try TemporaryFolder()
        let list = examples.appendingPathComponent("squash-profiles.csv").path
        let options = ["fit-profile", "--profiles", list, "--free", "yFactor,topYFactor,xFactor", "--timing", "linear",
                       "--size", "64x64", "--out", folder.file("profiles").path, "--checkpoint", "0"]
        let whole = folder.file("whole.csv"), resumed = folder.file("resumed.csv")
        #expect(try BinaryRunner.run(options + ["--csv", whole.path]).status == 0)
        try FileManager.default.copyItem(at: whole, to: resumed)
        try cut(resumed, keeping: 4)  // the header and the three rows of 'press'
        let r = try BinaryRunner.run(options + ["--csv", resumed.path, "--resume"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("resuming after 1 of 2 profiles"))
        #expect(try Data(contentsOf: resumed) == Data(contentsOf: whole))
        // A cut inside a profile's rows is not a checkpoint: refused.
        try cut(resumed, keeping: 3)
        expectFailure(try BinaryRunner.run(options + ["--csv", resumed.path, "--resume"]), status: 1, mentioning: ["cannot resume"])
    }
}
