import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// One row per promise of the third reliability round, each run through the `beztune` binary:
///
/// - a folder's record names the command that wrote each file, and no command removes or
///   replaces another's files (refused, exit 1, naming the folder and the other command);
///   removing stale files never follows a symbolic link;
/// - one writer per folder: a held lock refuses a second run (exit 1, one line), and runs started
///   together leave a record listing exactly the files in the folder;
/// - every file a run reads is an input no output may replace (NIST data files of the whole
///   folder, a batch's keyframe files, a profile folder's CSVs, a document);
/// - limits by cost: a Lottie sequence too long refused (exit 1 from the file, 2 from
///   `--frames`), frames of too many pixels (exit 2), a document keyed at more times than an
///   export writes (exit 1);
/// - a long run prints a progress line at least every 5 s and stops cleanly on Ctrl-C;
/// - a FIFO input with no writer waits for one (the ordinary Unix behaviour) and Ctrl-C stops
///   the wait, leaving nothing behind.
@Suite("beztune: folders, inputs and limits")
struct FolderOwnershipTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let examples = root.appendingPathComponent("examples")
    static let busy = "another beztune run is writing this folder now"

    /// A copy of the examples (manifests, keyframe SVGs, the designer's Lottie file) in a
    /// scratch folder, so that refused runs can be shown to leave it unchanged.
    static func examplesCopy() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["squash-keyframes.csv", "squash-keyframes-coarse.csv", "squash-profiles.csv", "keyframes", "designer"] {
            try FileManager.default.copyItem(at: examples.appendingPathComponent(name), to: folder.file(name))
        }
        return folder
    }

    /// A fit-profile folder `P` of the five coarse keyframes (linear timing: two unknowns a
    /// parameter), in `folder`.
    static func profileFolder(in folder: TemporaryFolder, manifest: String = "squash-keyframes-coarse.csv") throws {
        let r = try BinaryRunner.run(["fit-profile", "--keyframes", manifest, "--timing", "linear", "--out", "P"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// The names a folder's record lists (every line but comments), and the files in the folder
    /// (recursively, but for the record itself).
    static func recordAndFiles(_ folder: URL) throws -> (record: [String], files: [String]) {
        let text = try String(contentsOf: folder.appendingPathComponent(".beztune-outputs"), encoding: .utf8)
        let record = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init).sorted()
        let files = OutputSafetyTable.snapshot(folder).filter { $0.value.type == .regular && $0.key != ".beztune-outputs" }
            .keys.sorted()
        return (record, files)
    }

    // MARK: one command never removes another's files

    @Test("frames into a fit-profile folder (or its frames/): refused, exit 1, the folder unchanged")
    func framesOnProfileFolder() throws {
        let folder = try Self.examplesCopy()
        try Self.profileFolder(in: folder)
        let before = OutputSafetyTable.snapshot(folder.url)
        let r = try BinaryRunner.run(["frames", "--model", "ball", "--count", "2", "--out", "P"], in: folder.url)
        expectFailure(r, status: 1, mentioning: ["P/contact.png", "beztune fit-profile wrote it", "beztune frames replaces only its own files in P"])
        let inside = try BinaryRunner.run(["frames", "--model", "ball", "--count", "2", "--out", "P/frames"], in: folder.url)
        expectFailure(inside, status: 1, mentioning: ["P/frames/frame_0000.png", "did not write it"])
        #expect(OutputSafetyTable.snapshot(folder.url) == before,
                "\(OutputSafetyTable.changes(before, OutputSafetyTable.snapshot(folder.url)))")
    }

    @Test("fit-profile over a frames folder: refused, exit 1, the frames kept")
    func profileOnFramesFolder() throws {
        let folder = try Self.examplesCopy()
        let frames = try BinaryRunner.run(["frames", "--model", "ball", "--count", "12", "--out", "F"], in: folder.url)
        #expect(frames.status == 0, "\(frames.stderr)")
        let before = OutputSafetyTable.snapshot(folder.url)
        let r = try BinaryRunner.run(["fit-profile", "--keyframes", "squash-keyframes-coarse.csv", "--timing", "linear", "--out", "F"], in: folder.url)
        expectFailure(r, status: 1, mentioning: ["F/contact.png", "beztune frames wrote it", "--count 12"])
        #expect(OutputSafetyTable.snapshot(folder.url) == before)
    }

    @Test("the record names the command line; a command replaces and removes its own files only")
    func recordNamesTheCommand() throws {
        let folder = try TemporaryFolder()
        for count in ["4", "2"] {
            let r = try BinaryRunner.run(["frames", "--model", "ball", "--count", count, "--out", "F"], in: folder.url)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let text = try String(contentsOf: folder.file("F/.beztune-outputs"), encoding: .utf8)
        #expect(text.contains("\n#> frames | beztune frames --model ball --count 2 --out F\n"), "\(text)")
        let (record, files) = try Self.recordAndFiles(folder.file("F"))
        #expect(files == ["contact.png", "frame_0000.png", "frame_0001.png", "frames.csv"])
        #expect(record == files)
    }

    @Test("stale files behind a symbolic link to the user's folder: refused, nothing removed there")
    func staleBehindLink() throws {
        let folder = try Self.examplesCopy()
        try Self.profileFolder(in: folder, manifest: "squash-keyframes.csv")
        // The frames moved to a folder of the user's, the profile's frames/ now a link to it.
        try FileManager.default.moveItem(at: folder.file("P/frames"), to: folder.file("mine"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("P/frames").path, withDestinationPath: "../mine")
        let before = OutputSafetyTable.snapshot(folder.url)
        #expect(before["mine/frame_0008.png"]?.type == .regular)
        // Five keyframes now: frames 5…8 of the nine would be stale.
        let r = try BinaryRunner.run(["fit-profile", "--keyframes", "squash-keyframes-coarse.csv", "--timing", "linear", "--out", "P"], in: folder.url)
        expectFailure(r, status: 1, mentioning: ["P/frames", "symbolic link"])
        #expect(OutputSafetyTable.snapshot(folder.url) == before,
                "\(OutputSafetyTable.changes(before, OutputSafetyTable.snapshot(folder.url)))")
    }

    // MARK: one writer per folder

    @Test("a folder locked by another run: refused, exit 1, one line naming it, nothing written")
    func lockedFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.file("L"), withIntermediateDirectories: false)
        let fd = open(folder.file("L").path, O_RDONLY | O_DIRECTORY)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX | LOCK_NB) == 0)
        let r = try BinaryRunner.run(["frames", "--model", "ball", "--count", "2", "--out", "L"], in: folder.url)
        expectFailure(r, status: 1, mentioning: ["L: cannot write", Self.busy])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("L").path).isEmpty)
    }

    @Test("four runs into one new folder at once: each wins or is refused as busy; the record lists exactly the folder's files")
    func concurrentRuns() throws {
        for _ in 0..<3 {
            let folder = try TemporaryFolder()
            let counts = [2, 3, 4, 5]
            let runs = try counts.map { try RunningBinary(["frames", "--model", "ball", "--count", "\($0)", "--out", "C/sub"], in: folder.url) }
            let ends = runs.map { $0.interrupt(0) }  // signal 0: wait only
            var won = 0
            for (count, end) in zip(counts, ends) {
                #expect(end.signal == 0)
                if end.status == 0 {
                    won += 1
                } else {
                    #expect(end.status == 1 && end.stderr.contains(Self.busy), "--count \(count): \(end.status) \(end.stderr)")
                }
            }
            #expect(won >= 1)
            let (record, files) = try Self.recordAndFiles(folder.file("C/sub"))
            #expect(record == files)
            #expect(files.filter { $0.hasPrefix("frame_") }.count >= 2)
        }
    }

    // MARK: every input protected

    @Test("nist --csv onto any problem's data file in --data, this run's or not: refused, the data unchanged")
    func nistDataFiles() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.file("d"), withIntermediateDirectories: false)
        try Data(NistCommandTests.syntheticMisra1a().utf8).write(to: folder.file("d/Misra1a.dat"))
        try Data("another problem's data\n".utf8).write(to: folder.file("d/MGH09.dat"))
        let before = OutputSafetyTable.snapshot(folder.url)
        for target in ["d/Misra1a.dat", "d/MGH09.dat"] {
            let r = try BinaryRunner.run(["nist", "--data", "d", "--problem", "Misra1a", "--csv", target], in: folder.url)
            expectFailure(r, status: 1, mentioning: [target, "input"])
        }
        #expect(OutputSafetyTable.snapshot(folder.url) == before)
    }

    @Test("a batch's keyframe file, a profile folder's CSVs and a document as outputs: refused, unchanged")
    func inputsAsOutputs() throws {
        let folder = try Self.examplesCopy()
        try Self.profileFolder(in: folder)
        let document = try BinaryRunner.run(["export", "--profile-dir", "P", "--format", "json", "--out", "doc.json"], in: folder.url)
        #expect(document.status == 0, "\(document.stderr)")
        let before = OutputSafetyTable.snapshot(folder.url)
        let rows: [([String], String)] = [
            (["fit-profile", "--profiles", "squash-profiles.csv", "--out", "batch", "--csv", "keyframes/press-4.svg"], "keyframes/press-4.svg"),
            (["fit-profile", "--profiles", "squash-profiles.csv", "--out", "batch", "--csv", "squash-keyframes-coarse.csv"], "squash-keyframes-coarse.csv"),
            (["export", "--profile-dir", "P", "--format", "css", "--out", "P/timing.csv"], "P/timing.csv"),
            (["export", "--profile-dir", "P", "--format", "css", "--out", "P/settings.csv"], "P/settings.csv"),
            (["export", "--document", "doc.json", "--format", "json", "--out", "doc.json"], "doc.json"),
        ]
        for (arguments, file) in rows {
            let r = try BinaryRunner.run(arguments, in: folder.url)
            expectFailure(r, status: 1, mentioning: [file, "input"])
        }
        #expect(OutputSafetyTable.snapshot(folder.url) == before,
                "\(OutputSafetyTable.changes(before, OutputSafetyTable.snapshot(folder.url)))")
    }

    // MARK: limits by cost

    @Test("a Lottie sequence of 20,001 frames: the file's limit (exit 1); asked for with --frames, a usage error (exit 2)")
    func longLottie() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOf: Self.examples.appendingPathComponent("designer/squash.json"), encoding: .utf8)
        let long = text.replacingOccurrences(of: "\"t\": 30", with: "\"t\": 20000")
            .replacingOccurrences(of: "\"op\": 30", with: "\"op\": 20001")
        #expect(long != text)
        try Data(long.utf8).write(to: folder.file("long.json"))
        let r = try BinaryRunner.run(["fit-profile", "--lottie", "long.json", "--out", "P"], in: folder.url)
        expectFailure(r, status: 1, mentioning: ["long.json", "0 to 20000 by 1 is more than 10000 frames"])
        let chosen = try BinaryRunner.run(["fit-profile", "--lottie", "long.json", "--frames", "0:20000", "--out", "P"], in: folder.url)
        #expect(chosen.status == 2)
        #expect(chosen.stderr.contains("more than 10000 frames"), "\(chosen.stderr)")
        let points = try BinaryRunner.run(["fit-profile", "--lottie", "long.json", "--frames", "0:9000", "--samples", "1000", "--out", "P"],
                                          in: folder.url)
        #expect(points.status == 2)
        #expect(points.stderr.contains("more than a profile fit takes"), "\(points.stderr)")
        #expect(try folder.contents() == ["long.json"])
    }

    @Test("frames of more than 4e9 pixels in all: exit 2 before any work")
    func framePixels() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["frames", "--model", "ball", "--count", "10000", "--size", "16384x16384", "--out", "F"], in: folder.url)
        #expect(r.status == 2)
        #expect(r.errorLines.count == 1 && r.stderr.contains("2684354560000 pixels"), "\(r.stderr)")
        #expect(try folder.contents().isEmpty)
    }

    @Test("export of a document keyed at 20,001 times: exit 1 at once (more than an export writes)")
    func documentKeyedTooOften() throws {
        let folder = try TemporaryFolder()
        let small = try BinaryRunner.run(["export", "--model", "ball", "--set", "yFactor=0.5", "--format", "json", "--out", "small.json"],
                                         in: folder.url)
        #expect(small.status == 0, "\(small.stderr)")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("small.json"))) as? [String: Any])
        let n = 20_001
        let keyframes = (0..<n).map { i -> [Double] in
            let x = Double(i) / Double(n - 1)
            return [x, 1 - 0.5 * x * x]
        }
        document["timings"] = ["yFactor": ["keyframes": keyframes, "timings": ["linear"]]]
        document["keyframeTimes"] = keyframes.map { $0[0] }
        try JSONSerialization.data(withJSONObject: document).write(to: folder.file("big.json"))
        for format in ["lottie", "css", "svg-animated"] {
            let r = try BinaryRunner.run(["export", "--document", "big.json", "--format", format, "--out", "out.\(format)"], in: folder.url)
            expectFailure(r, status: 1, mentioning: ["20001 keyframe times", "more than an export writes (20000)"])
        }
        #expect(try folder.contents() == ["big.json", "small.json"])
    }

    // MARK: long runs: progress and Ctrl-C

    @Test("a long frames run: a progress line within 5 s of the start and then at most 5 s apart, then 'done in'")
    func progressLines() throws {
        let folder = try TemporaryFolder()
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["frames", "--model", "ball", "--count", "400", "--out", "F"]
        process.currentDirectoryURL = folder.url
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        var lines: [(seconds: Double, text: String)] = []
        var pending = ""
        while true {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            pending += String(decoding: data, as: UTF8.self)
            while let end = pending.firstIndex(of: "\n") {
                lines.append((Date().timeIntervalSince(start), String(pending[..<end])))
                pending = String(pending[pending.index(after: end)...])
            }
        }
        process.waitUntilExit()
        let total = Date().timeIntervalSince(start)
        #expect(process.terminationStatus == 0)
        try #require(total > 4, "the run took \(total) s: too short to show progress; draw more frames")
        let progress = lines.filter { $0.text.hasPrefix("beztune frames: drawing") }
        #expect(!progress.isEmpty, "\(lines)")
        let times = [0] + lines.map(\.seconds)
        for (a, b) in zip(times, times.dropFirst()) {
            #expect(b - a <= 5, "a gap of \(b - a) s between progress lines: \(lines)")
        }
        for line in progress where line.text.contains(" of ") {
            #expect(line.text.range(of: #"^beztune frames: drawing frames: \d+ of 400 \(\d+%\), \d+ s$"#, options: .regularExpression) != nil,
                    "\(line.text)")
        }
        #expect(lines.last?.text.hasPrefix("beztune frames: done in ") == true, "\(lines)")
    }

    @Test("Ctrl-C during a long frames run: ended by SIGINT, no folder left")
    func interruptFrames() throws {
        let folder = try TemporaryFolder()
        let run = try RunningBinary(["frames", "--model", "ball", "--count", "3000", "--out", "F"], in: folder.url)
        usleep(1_500_000)
        try #require(run.isRunning)
        let end = run.interrupt(SIGINT)
        #expect(end.signal == SIGINT, "status \(end.status): \(end.stderr)")
        #expect(try folder.contents().isEmpty)
    }

    // MARK: FIFO inputs

    @Test("a FIFO input waits for its writer, as any Unix reader does; Ctrl-C ends the wait cleanly; a writer's text is read")
    func fifoInput() throws {
        let folder = try TemporaryFolder()
        try #require(mkfifo(folder.file("in.path").path, 0o600) == 0)
        let waiting = try RunningBinary(["path-info", "--path-file", "in.path", "--csv", "out.csv"], in: folder.url)
        usleep(700_000)
        #expect(waiting.isRunning, "a FIFO with no writer: the run waits")
        let end = waiting.interrupt(SIGINT)
        #expect(end.signal == SIGINT, "status \(end.status): \(end.stderr)")
        #expect(try folder.contents() == ["in.path"])
        #expect(OutputSafetyTable.snapshot(folder.url)["in.path"]?.type == .fifo)

        let reading = try RunningBinary(["path-info", "--path-file", "in.path", "--csv", "out.csv"], in: folder.url)
        // Opening for writing waits for the reader; then the path data goes through.
        let writer = try FileHandle(forWritingTo: folder.file("in.path"))
        try writer.write(contentsOf: Data("M0 0 L3 4".utf8))
        try writer.close()
        let done = reading.interrupt(0)
        #expect(done.signal == 0 && done.status == 0, "\(done.stderr)")
        #expect(try String(contentsOf: folder.file("out.csv"), encoding: .utf8) == "segments,min_x,min_y,max_x,max_y,length\n1,0,-4,3,0,5\n")
    }
}
