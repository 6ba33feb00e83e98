import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// An interrupted long command leaves each output whole or absent — never truncated, and no
/// temporary file — and `sweep --resume` finishes what an interrupted sweep started, to the same
/// bytes as an uninterrupted run.
@Suite("beztune: interrupted runs", .serialized)
struct InterruptionTests {
    /// The release binary (`BEZTUNE_BINARY`, as `make test` runs it) streams a sweep fast enough
    /// that 150 001 pairs end before they can be interrupted; it gets 1 000 010 pairs.
    static let releaseBinary = ProcessInfo.processInfo.environment["BEZTUNE_BINARY"] != nil
    /// 150 001 pairs (1 000 010 for the release binary): a few seconds, many checkpoints with
    /// `--checkpoint 0`.
    static let sweep = releaseBinary
        ? ["sweep", "--k-range", "0.5:0.6:0.000001", "--segments", "4:13", "--csv", "grid.csv"]
        : ["sweep", "--k-range", "0.5:0.6:6.666666666666667e-7", "--segments", "4", "--csv", "grid.csv"]
    static let pairs = releaseBinary ? 1_000_010 : 150_001

    @Test("SIGINT during a checkpoint: a whole CSV (a prefix of the grid), no temporary file; --resume completes it byte for byte")
    func interruptAndResume() throws {
        let reference = try TemporaryFolder()
        let full = try BinaryRunner.run(Self.sweep, in: reference.url)
        #expect(full.status == 0, "\(full.stderr)")
        let expected = try String(contentsOf: reference.file("grid.csv"), encoding: .utf8)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(expectedLines.count == Self.pairs + 1)

        // Interrupt while a checkpoint's temporary file exists if we can catch one (after the
        // first checkpoint put grid.csv in place), else half a second after grid.csv appears
        // (its first checkpoint's commit, which an interrupt undoes as a whole, is over by then).
        let folder = try TemporaryFolder()
        let run = try RunningBinary(Self.sweep + ["--checkpoint", "0"], in: folder.url)
        var caughtTemporary = false
        var firstCheckpoint: Date?
        let deadline = Date().addingTimeInterval(60)
        while run.isRunning && Date() < deadline {
            let names = (try? folder.contents()) ?? []
            if names.contains("grid.csv") {
                let seen = firstCheckpoint ?? Date()
                firstCheckpoint = seen
                // The streamed rows are one temporary file for the whole run; a checkpoint's copy
                // is a second one, made only after the previous checkpoint's commit finished.
                caughtTemporary = names.filter { $0.hasPrefix(".grid.csv.tmp-") }.count >= 2
                if caughtTemporary || Date().timeIntervalSince(seen) > 0.5 { break }
            }
            usleep(200)
        }
        try #require(run.isRunning, "the sweep ended before it could be interrupted; make the grid larger")
        let outcome = run.interrupt(SIGINT)
        #expect(outcome.signal == SIGINT, "ended by signal \(outcome.signal), status \(outcome.status): \(outcome.stderr)")
        let left = try folder.contents()
        // The checkpoint and its record (every row's digest, for --resume), nothing else.
        #expect(left == [".grid.csv.checkpoint", "grid.csv"], "left: \(left); caught a temporary file: \(caughtTemporary)")

        // Whole: every line complete, the header, then the grid's first rows exactly.
        let partial = try String(contentsOf: folder.file("grid.csv"), encoding: .utf8)
        #expect(partial.hasSuffix("\n"))
        let lines = partial.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count >= 2 && lines.count < expectedLines.count, "\(lines.count) lines")
        #expect(Array(lines) == Array(expectedLines.prefix(lines.count)), "not a prefix of the uninterrupted run")
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            #expect(fields.count == 16 && fields.allSatisfy { Double($0) != nil }, "incomplete row: \(line)")
        }

        // An edited row of the checkpoint is found, whichever it is, without recomputing it.
        let original = try Data(contentsOf: folder.file("grid.csv"))
        var edited = lines
        let middle = lines.count / 2
        var fields = edited[middle].split(separator: ",", omittingEmptySubsequences: false)
        fields[4] = "0.25"
        edited[middle] = fields.joined(separator: ",")[...]
        try Data((edited.joined(separator: "\n") + "\n").utf8).write(to: folder.file("grid.csv"))
        let refused = try BinaryRunner.run(Self.sweep + ["--resume"], in: folder.url)
        expectFailure(refused, status: 1, mentioning: ["grid.csv line \(middle + 1)", "cannot resume", "row \(middle)"])
        try original.write(to: folder.file("grid.csv"))

        let resumed = try BinaryRunner.run(Self.sweep + ["--resume"], in: folder.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try String(contentsOf: folder.file("grid.csv"), encoding: .utf8) == expected)
        #expect(try folder.contents() == ["grid.csv"])
    }

    @Test("SIGTERM before the first checkpoint: no file at all, and --resume without a file starts afresh")
    func terminateEarly() throws {
        let folder = try TemporaryFolder()
        let small = ["sweep", "--k-range", "0.5:0.6:0.0001", "--segments", "4:400", "--csv", "grid.csv", "--checkpoint", "1000"]
        let run = try RunningBinary(small, in: folder.url)
        usleep(300_000)
        try #require(run.isRunning, "the sweep ended within 0.3 s; make the grid larger")
        let outcome = run.interrupt(SIGTERM)
        #expect(outcome.signal == SIGTERM, "status \(outcome.status): \(outcome.stderr)")
        let left = try folder.contents()
        #expect(left.isEmpty, "left: \(left)")

        let fresh = try BinaryRunner.run(["sweep", "--k-range", "0.5:0.6:0.05", "--segments", "4", "--csv", "grid.csv", "--resume"],
                                         in: folder.url)
        #expect(fresh.status == 0 && fresh.stderr.isEmpty, "\(fresh.stderr)")
        #expect(try String(contentsOf: folder.file("grid.csv"), encoding: .utf8).split(separator: "\n").count == 4)
    }
}

/// The `beztune` binary running in the background, to be interrupted.
final class RunningBinary {
    let process = Process()
    private let capture: TemporaryFolder

    init(_ arguments: [String], in directory: URL) throws {
        capture = try TemporaryFolder()
        process.executableURL = BinaryRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        _ = FileManager.default.createFile(atPath: capture.file("err").path, contents: nil)
        _ = FileManager.default.createFile(atPath: capture.file("out").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: capture.file("out"))
        process.standardError = try FileHandle(forWritingTo: capture.file("err"))
        try process.run()
    }

    var isRunning: Bool { process.isRunning }

    /// Sends `signal`, waits for the end and returns how it ended: the signal that ended it (0
    /// when it exited), the exit status, and what it wrote on standard error and output.
    func interrupt(_ signal: Int32) -> (signal: Int32, status: Int32, stderr: String, stdout: String) {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: capture.file("err"), encoding: .utf8)) ?? ""
        let stdout = (try? String(contentsOf: capture.file("out"), encoding: .utf8)) ?? ""
        let killed = process.terminationReason == .uncaughtSignal
        return (killed ? process.terminationStatus : 0, killed ? 0 : process.terminationStatus, stderr, stdout)
    }
}
