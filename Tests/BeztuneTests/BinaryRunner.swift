import Foundation
import Testing
import _TestSupport

/// Runs the built `beztune` binary as a user would and captures what it does.
struct BinaryRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The stderr lines, without the final empty line.
        var errorLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// The binary next to the test bundle (SwiftPM builds both into one products folder), or
    /// `BEZTUNE_BINARY` when set.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["BEZTUNE_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("beztune")
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        try capture(binary, arguments, in: directory)
    }

    /// Runs another program (a reference script) the way ``run(_:in:)`` runs the binary.
    static func runTool(_ executable: String, _ arguments: [String]) throws -> Result {
        try capture(URL(fileURLWithPath: executable), arguments)
    }

    /// Runs `executable` with `arguments` (in `directory` when given) to its end and returns its
    /// exit status and what it wrote.
    static func capture(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        // Capture into files rather than pipes: nothing can block, whatever the output size.
        let capture = try TemporaryFolder()
        _ = FileManager.default.createFile(atPath: capture.file("out").path, contents: nil)
        _ = FileManager.default.createFile(atPath: capture.file("err").path, contents: nil)
        let out = try FileHandle(forWritingTo: capture.file("out"))
        let err = try FileHandle(forWritingTo: capture.file("err"))
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: capture.file("out"))
        let errData = try Data(contentsOf: capture.file("err"))
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Asserts a failed run: the exit status, exactly one line on stderr containing each fragment,
/// no stack trace and nothing on stdout.
func expectFailure(_ r: BinaryRunner.Result, status: Int32, mentioning fragments: [String],
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(r.status == status, "exit status; stderr: \(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.errorLines.count == 1, "one line on stderr, got: \(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.stdout.isEmpty, "stdout: \(r.stdout)", sourceLocation: sourceLocation)
    for f in fragments {
        #expect(r.stderr.contains(f), "stderr should mention '\(f)': \(r.stderr)", sourceLocation: sourceLocation)
    }
    #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"), sourceLocation: sourceLocation)
}
