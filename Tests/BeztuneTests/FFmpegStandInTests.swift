import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `frames --gif/--mp4` with a stand-in for ffmpeg on PATH (a shell script that copies its
/// standard input to its last argument, then waits when told to): the frames reach it on its
/// standard input and its output becomes frames.gif only when the run commits; an interrupted
/// run signals it, and leaves neither its partial file nor the stand-in running.
@Suite("beztune frames: the encoder as a child process", .serialized)
struct FFmpegStandInTests {
    /// A folder holding the stand-in `ffmpeg`, which records its process id in `pid` next to it.
    func standIn() throws -> TemporaryFolder {
        let bin = try TemporaryFolder()
        let script = """
            #!/bin/sh
            echo $$ > "$(dirname "$0")/pid"
            for last; do :; done
            cat > "$last"
            if [ -n "$STAND_IN_WAIT" ]; then exec sleep "$STAND_IN_WAIT"; fi
            """
        try Data((script + "\n").utf8).write(to: bin.file("ffmpeg"))
        _ = chmod(bin.file("ffmpeg").path, 0o755)
        return bin
    }

    func environment(_ bin: TemporaryFolder, wait: Int? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.url.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["STAND_IN_WAIT"] = wait.map(String.init)
        return environment
    }

    @Test("--gif: the encoder reads the frames, in order, on its standard input; its file is frames.gif")
    func assembles() throws {
        let bin = try standIn(), folder = try TemporaryFolder()
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["frames", "--model", "ball", "--count", "3", "--size", "32x32", "--gif", "--out", "anim"]
        process.currentDirectoryURL = folder.url
        process.environment = environment(bin)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let frames = try (0..<3).map { try Data(contentsOf: folder.file("anim/frame_000\($0).png")) }
        #expect(try Data(contentsOf: folder.file("anim/frames.gif")) == frames.reduce(Data(), +))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("anim").path).sorted()
        #expect(names == [".beztune-outputs", "contact.png", "frame_0000.png", "frame_0001.png", "frame_0002.png",
                          "frames.csv", "frames.gif"])
    }

    @Test("SIGTERM while the encoder runs: the encoder is signalled, the folder is as before, no partial file")
    func interrupted() throws {
        let bin = try standIn(), folder = try TemporaryFolder()
        let first = Process()
        first.executableURL = BinaryRunner.binary
        first.arguments = ["frames", "--model", "ball", "--count", "2", "--size", "32x32", "--out", "anim"]
        first.currentDirectoryURL = folder.url
        first.standardOutput = FileHandle.nullDevice
        try first.run()
        first.waitUntilExit()
        try #require(first.terminationStatus == 0)
        let before = OutputSafetyTable.snapshot(folder.file("anim"))

        let run = Process()
        run.executableURL = BinaryRunner.binary
        run.arguments = ["frames", "--model", "ball", "--count", "4", "--size", "32x32", "--gif", "--mp4", "--out", "anim"]
        run.currentDirectoryURL = folder.url
        run.environment = environment(bin, wait: 60)
        run.standardOutput = FileHandle.nullDevice
        run.standardError = FileHandle.nullDevice
        try run.run()
        // Wait until the stand-in has started (it writes its pid), then interrupt beztune alone.
        let deadline = Date().addingTimeInterval(60)
        var pid: Int32?
        while pid == nil && Date() < deadline && run.isRunning {
            pid = (try? String(contentsOf: bin.file("pid"), encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            usleep(10_000)
        }
        let child = try #require(pid, "the encoder never started")
        kill(run.processIdentifier, SIGTERM)
        run.waitUntilExit()
        #expect(run.terminationReason == .uncaughtSignal && run.terminationStatus == SIGTERM)
        // The stand-in was signalled and waited for: it is gone (kill(pid, 0) fails).
        #expect(kill(child, 0) != 0, "the encoder \(child) outlived the run")
        let after = OutputSafetyTable.snapshot(folder.file("anim"))
        #expect(after == before, "\(OutputSafetyTable.changes(before, after))")
    }
}
