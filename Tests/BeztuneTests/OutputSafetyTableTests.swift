import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Outputs that must not destroy what is not ours, streams that fail, limits that bite: each row
/// runs the `beztune` binary through bash (for redirections, `ulimit -f`, `trap '' PIPE` and
/// pipes) in a fresh folder and checks
///
/// - the exit status (2 usage, 1 runtime, 141 for a broken pipe by SIGPIPE, 0 for a write in
///   place that works),
/// - stderr: exactly one line containing each fragment, no stack trace (or nothing, where the
///   row says so),
/// - that nothing in the folder changed but the row's own outputs: every entry's type, device,
///   inode, permission bits and content (a regular file's bytes, a link's target) — so a device,
///   a FIFO or a link that was replaced shows, even with the same content.
///
/// Device nodes are made with `mknod` in the row's own folder (the numbers of the null device,
/// 1 3, and of the full device, 1 7); rows that need one run only as root and are skipped,
/// saying so, elsewhere. The system's /dev entries are never touched: standard output and error
/// are redirected to files, pipes or nodes of the row's folder, or closed.
@Suite("beztune: outputs, streams and limits, one line each")
struct OutputSafetyTableTests {
    static let isRoot = geteuid() == 0

    @Test("each row: exit status, one line, and nothing outside the run's own outputs changed",
          arguments: OutputSafetyTable.rows)
    func row(_ row: OutputCase) throws {
        try OutputSafetyTable.check(row)
    }

    @Test("process substitution: --path-file <(…) and --target <(…) are read, and a pipe never counts as an output")
    func processSubstitution() throws {
        let folder = try TemporaryFolder()
        let script = """
            "$BINARY" path-info --path-file <(printf 'M0 0 L3 4') --format csv --csv out.csv > info.txt || exit 1
            "$BINARY" fit --target <(printf '%s' "$POINTS") --free tx,ty,scale --csv fit.csv > fit.txt
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "cd \"$FOLDER\" && " + script]
        var environment = ProcessInfo.processInfo.environment
        environment["FOLDER"] = folder.url.path
        environment["BINARY"] = BinaryRunner.binary.path
        environment["POINTS"] = OutputSafetyTable.points
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let info = try String(contentsOf: folder.file("out.csv"), encoding: .utf8)
        #expect(info == "segments,min_x,min_y,max_x,max_y,length\n1,0,-4,3,0,5\n")
        let fit = try String(contentsOf: folder.file("fit.csv"), encoding: .utf8)
        #expect(fit.hasPrefix("tx,") && fit.contains("converged"), "\(fit)")
    }

    @Test("rows with device nodes (mknod, root only)", .enabled(if: isRoot, "not root: mknod cannot make device nodes"),
          arguments: OutputSafetyTable.deviceRows)
    func deviceRow(_ row: OutputCase) throws {
        try OutputSafetyTable.check(row)
    }
}

/// One row: the files to make, the command line, how its streams are connected, what must come out.
struct OutputCase: Sendable, CustomTestStringConvertible {
    enum Fixture: Sendable {
        case text(String, String)
        case readOnly(String, String)
        case folder(String)
        case symlink(String, to: String)
        case hardLink(String, to: String)
        case fifo(String)
        /// A null device node (1, 3): writes vanish.
        case nullDevice(String)
        /// A full device node (1, 7): every write fails with ENOSPC.
        case fullDevice(String)
        /// A block device node, never opened.
        case blockDevice(String)
    }

    /// Where a standard stream goes.
    enum Stream: Sendable {
        /// A capture file outside the folder (checked for the one line).
        case captured
        /// Closed (`>&-`).
        case closed
        /// A file or node of the folder, by name.
        case fixture(String)
        /// Standard output into `head -1` (captured), which exits after one line.
        case headOne
    }

    var name: String
    var arguments: [String]
    var files: [Fixture] = []
    var stdout: Stream = .captured
    var stderr: Stream = .captured
    /// `ulimit -f` in 512-byte blocks.
    var fileSizeLimit: Int?
    /// `trap '' PIPE` before the run.
    var ignorePipe = false
    /// A background reader of this FIFO (its bytes are captured).
    var fifoReader: String?
    var status: Int32
    /// The one line's fragments; nil: nothing on stderr (a SIGPIPE end, a success).
    var mentions: [String]?
    /// Entries the run may change (its outputs, on success).
    var outputs: [String] = []
    /// What each named output must then hold.
    var expectContent: [String: String] = [:]

    var testDescription: String { name }
}

enum OutputSafetyTable {
    static let usage: Int32 = 2
    static let runtime: Int32 = 1
    static let error = ["error", "--k", "0.5"]
    /// A fit of the pose to `points` in t.csv.
    static let fitPoints = ["fit", "--target", "t.csv", "--free", "tx,ty,scale"]
    /// 24 points on a circle of radius 40 about (0, 50), as CSV.
    static let points = "x,y\n" + (0..<24).map { i -> String in
        let a = Double(i) * Double.pi / 12
        return "\(40 * cos(a)),\(50 + 40 * sin(a))\n"
    }.joined()

    static let rows: [OutputCase] = [
        // MARK: standard streams that fail
        OutputCase(name: "stdout closed (>&-)", arguments: error, stdout: .closed,
                   status: runtime, mentions: ["standard output", "closed"]),
        OutputCase(name: "stderr closed on a usage error: exit 2, no trap", arguments: ["error", "--k", "bogus"], stderr: .closed,
                   status: usage, mentions: nil),
        OutputCase(name: "stderr closed on a long sweep that prints progress: the work is done, exit 0 (progress is optional)",
                   arguments: ["sweep", "--k-range", "0.5:0.6:1e-4", "--segments", "4:6", "--csv", "grid.csv"], stderr: .closed,
                   status: 0, outputs: ["grid.csv"]),
        OutputCase(name: "a broken pipe on stdout (| head -1): ended by SIGPIPE, silently",
                   arguments: ["error-curve", "--k", "0.5", "--samples", "1000000"], stdout: .headOne,
                   status: 141, mentions: nil),
        OutputCase(name: "a broken pipe with SIGPIPE ignored (trap '' PIPE): exit 1, one line",
                   arguments: ["error-curve", "--k", "0.5", "--samples", "1000000"], stdout: .headOne, ignorePipe: true,
                   status: runtime, mentions: ["standard output", "broken pipe"]),

        // MARK: destinations that are not regular files
        OutputCase(name: "--csv a symbolic link: the target is replaced, the link stays",
                   arguments: error + ["--csv", "link.csv"], files: [.text("real.csv", "old\n"), .symlink("link.csv", to: "real.csv")],
                   status: 0, outputs: ["real.csv"]),
        OutputCase(name: "--csv a dangling symbolic link: its target is created",
                   arguments: error + ["--csv", "link.csv"], files: [.symlink("link.csv", to: "made.csv")],
                   status: 0, outputs: ["made.csv"]),
        OutputCase(name: "--csv a read-only file: refused, unchanged",
                   arguments: error + ["--csv", "ro.csv"], files: [.readOnly("ro.csv", "keep\n")],
                   status: runtime, mentions: ["ro.csv", "read-only"]),
        OutputCase(name: "--csv a FIFO: written in place to its reader, the FIFO stays",
                   arguments: error + ["--csv", "pipe"], files: [.fifo("pipe")], fifoReader: "pipe",
                   status: 0),
        OutputCase(name: "--csv with a trailing slash: refused, no x.csv",
                   arguments: error + ["--csv", "x.csv/"], status: runtime, mentions: ["x.csv/", "cannot end with '/'"]),
        OutputCase(name: "--csv '': refused with a message about the name",
                   arguments: error + ["--csv", ""], status: runtime, mentions: ["''", "file name is empty"]),
        OutputCase(name: "--csv a folder", arguments: error + ["--csv", "dir"], files: [.folder("dir")],
                   status: runtime, mentions: ["dir", "existing directory"]),

        // MARK: an output that is an input, or another output
        OutputCase(name: "fit --csv the target itself: refused before the fit, the target unchanged",
                   arguments: fitPoints + ["--csv", "t.csv"], files: [.text("t.csv", points)],
                   status: runtime, mentions: ["t.csv", "input"]),
        OutputCase(name: "fit --csv a hard link of the target (same file, other name): refused",
                   arguments: fitPoints + ["--csv", "alias.csv"], files: [.text("t.csv", points), .hardLink("alias.csv", to: "t.csv")],
                   status: runtime, mentions: ["alias.csv", "input"]),
        OutputCase(name: "fit --targets m.csv --csv m.csv: refused, the manifest unchanged",
                   arguments: ["fit", "--targets", "m.csv", "--free", "tx,ty,scale", "--csv", "m.csv"],
                   files: [.text("t.csv", points), .text("m.csv", "file\nt.csv\n")],
                   status: runtime, mentions: ["m.csv", "input"]),
        OutputCase(name: "fit --targets m.csv --csv t.csv (a target of the manifest): refused",
                   arguments: ["fit", "--targets", "m.csv", "--free", "tx,ty,scale", "--csv", "t.csv"],
                   files: [.text("t.csv", points), .text("m.csv", "file\nt.csv\n")],
                   status: runtime, mentions: ["t.csv", "input"]),
        OutputCase(name: "fit --target t.svg --png t.svg: refused",
                   arguments: ["fit", "--target", "t.svg", "--free", "tx,ty,scale", "--png", "t.svg"],
                   files: [.text("t.svg", "<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0 C 40 0 40 40 0 40 C -40 40 -40 0 0 0 Z'/></svg>\n")],
                   status: runtime, mentions: ["t.svg", "input"]),
        OutputCase(name: "path-info --path-file in.path --csv in.path: refused",
                   arguments: ["path-info", "--path-file", "in.path", "--csv", "in.path"], files: [.text("in.path", "M0 0 L3 4\n")],
                   status: runtime, mentions: ["in.path", "input"]),
        OutputCase(name: "path-info --csv a symbolic link to the input: refused",
                   arguments: ["path-info", "--path-file", "in.path", "--csv", "out.csv"],
                   files: [.text("in.path", "M0 0 L3 4\n"), .symlink("out.csv", to: "in.path")],
                   status: runtime, mentions: ["out.csv", "input"]),
        OutputCase(name: "fit --csv o.csv --residuals o.csv: two outputs, one file: refused",
                   arguments: fitPoints + ["--csv", "o.csv", "--residuals", "o.csv"], files: [.text("t.csv", points)],
                   status: runtime, mentions: ["o.csv", "also the output"]),
        OutputCase(name: "error-curve --csv same.png --png same.png: refused",
                   arguments: ["error-curve", "--k", "0.5", "--csv", "same.png", "--png", "same.png"],
                   status: runtime, mentions: ["same.png", "also the output"]),

        // MARK: a failed run leaves every output as it was
        OutputCase(name: "fit --csv ok.csv --residuals r.csv --png nodir/p.png: exit 1 before the fit, ok.csv and r.csv as they were",
                   arguments: fitPoints + ["--csv", "ok.csv", "--residuals", "r.csv", "--png", "nodir/p.png"],
                   files: [.text("t.csv", points), .text("ok.csv", "old\n")],
                   status: runtime, mentions: ["nodir/p.png"]),
        OutputCase(name: "frames --gif --format svg: a usage error before any frame is written",
                   arguments: ["frames", "--model", "ball", "--count", "3", "--gif", "--format", "svg", "--out", "anim"],
                   status: usage, mentions: ["--gif", "--format png"]),
        OutputCase(name: "frames --out . with a frame_0042.png of the user's: refused, nothing written",
                   arguments: ["frames", "--model", "ball", "--count", "50", "--size", "16x16", "--out", "."],
                   files: [.text("frame_0042.png", "mine\n"), .text("notes.txt", "keep\n")],
                   status: runtime, mentions: ["frame_0042.png", "did not write it"]),
        OutputCase(name: "frames --out DIR holding a folder named like a frame: refused, its contents kept",
                   arguments: ["frames", "--model", "ball", "--count", "3", "--size", "16x16", "--out", "anim"],
                   files: [.folder("anim/frame_0001.png"), .text("anim/frame_0001.png/inside.txt", "keep\n")],
                   status: runtime, mentions: ["frame_0001.png"]),

        // MARK: numbers are decimal everywhere
        OutputCase(name: "--k in hexadecimal: refused like a CSV cell", arguments: ["error", "--k", "0x1p-1", "--csv", "e.csv"],
                   status: usage, mentions: ["--k", "'0x1p-1'", "hexadecimal is not accepted"]),
        OutputCase(name: "--set in hexadecimal: refused", arguments: ["model", "--name", "ball", "--set", "yFactor=0x1"],
                   status: usage, mentions: ["--set", "'0x1'", "hexadecimal is not accepted"]),
        OutputCase(name: "--radius in hexadecimal: refused", arguments: ["error", "--k", "0.5", "--radius", "0x10"],
                   status: usage, mentions: ["--radius", "hexadecimal is not accepted"]),

        // MARK: files past the file-size limit
        OutputCase(name: "ulimit -f: the file is too large (EFBIG), the old file stays, no temporary file",
                   arguments: ["error-curve", "--k", "0.5", "--samples", "100000", "--csv", "curve.csv"],
                   files: [.text("curve.csv", "old\n")], fileSizeLimit: 64,
                   status: runtime, mentions: ["curve.csv", "file too large"]),
        OutputCase(name: "ulimit -f on frames: the file that does not fit fails the run, no frame, folder or temporary file stays",
                   arguments: ["frames", "--model", "ball", "--count", "40", "--size", "200x200", "--out", "anim/sub"],
                   fileSizeLimit: 8, status: runtime, mentions: ["anim/sub/", "file too large"]),
    ]

    static let deviceRows: [OutputCase] = [
        OutputCase(name: "stdout on a full device (ENOSPC): exit 1, one line", arguments: error, files: [.fullDevice("full")],
                   stdout: .fixture("full"), status: runtime, mentions: ["standard output", "no space left"]),
        OutputCase(name: "stderr on a full device, usage error: exit 2, no trap", arguments: ["error", "--k", "bogus"],
                   files: [.fullDevice("full")], stderr: .fixture("full"), status: usage, mentions: nil),
        OutputCase(name: "--csv a null device: written in place, the node stays",
                   arguments: error + ["--csv", "null"], files: [.nullDevice("null")], status: 0),
        OutputCase(name: "--csv a link to a null device: the node and the link stay",
                   arguments: error + ["--csv", "stdout-like"], files: [.nullDevice("null"), .symlink("stdout-like", to: "null")],
                   status: 0),
        OutputCase(name: "--csv a full device: refused by ENOSPC, the node stays",
                   arguments: error + ["--csv", "full"], files: [.fullDevice("full")], status: runtime,
                   mentions: ["full", "no space left"]),
        OutputCase(name: "--csv a block device: refused, never opened",
                   arguments: error + ["--csv", "disk"], files: [.blockDevice("disk")], status: runtime,
                   mentions: ["disk", "block device"]),
    ]

    /// Runs `row` and checks what the table promises.
    static func check(_ row: OutputCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TemporaryFolder()
        let capture = try TemporaryFolder()
        for fixture in row.files { try create(fixture, in: folder.url) }
        let before = snapshot(folder.url)

        var reader: Thread?
        let received = ReceivedBytes()
        if let fifo = row.fifoReader {
            let path = folder.file(fifo).path
            let thread = Thread {
                let fd = open(path, O_RDONLY)
                var buffer = [UInt8](repeating: 0, count: 4096)
                while fd >= 0 {
                    let n = read(fd, &buffer, buffer.count)
                    if n <= 0 { break }
                    received.append(buffer[..<n])
                }
                if fd >= 0 { close(fd) }
                received.finish()
            }
            thread.start()
            reader = thread
        }

        func redirect(_ stream: OutputCase.Stream, _ fd: Int, _ name: String) -> String {
            switch stream {
            case .captured, .headOne: "\(fd)>\"$CAPTURE/\(name)\""
            case .closed: "\(fd)>&-"
            case .fixture(let file): "\(fd)>\"\(file)\""
            }
        }
        var script = "cd \"$FOLDER\"\n"
        if let blocks = row.fileSizeLimit { script += "ulimit -f \(blocks)\n" }
        if row.ignorePipe { script += "trap '' PIPE\n" }
        if case .headOne = row.stdout {
            script += "\"$BINARY\" \"$@\" \(redirect(row.stderr, 2, "err")) | head -1 > \"$CAPTURE/out\"\n"
            script += "echo ${PIPESTATUS[0]} > \"$CAPTURE/status\"\n"
        } else {
            script += "\"$BINARY\" \"$@\" \(redirect(row.stdout, 1, "out")) \(redirect(row.stderr, 2, "err"))\n"
            script += "echo $? > \"$CAPTURE/status\"\n"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, "bash"] + row.arguments
        var environment = ProcessInfo.processInfo.environment
        environment["FOLDER"] = folder.url.path
        environment["CAPTURE"] = capture.url.path
        environment["BINARY"] = BinaryRunner.binary.path
        process.environment = environment
        _ = FileManager.default.createFile(atPath: capture.file("bash-err").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: capture.file("bash-err"))
        process.standardError = try FileHandle(forWritingTo: capture.file("bash-err"))
        try process.run()
        process.waitUntilExit()
        if reader != nil, let fifo = row.fifoReader {
            // If beztune never opened the FIFO, open it here so that the reader sees its end.
            if !received.isDone {
                let fd = open(folder.file(fifo).path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
            }
            received.wait()
        }

        let statusText = (try? String(contentsOf: capture.file("status"), encoding: .utf8)) ?? ""
        let status = Int32(statusText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let stderr = (try? String(contentsOf: capture.file("err"), encoding: .utf8)) ?? ""
        #expect(status == row.status, "exit status \(status), expected \(row.status); stderr: \(stderr)", sourceLocation: sourceLocation)
        for trace in ["Fatal error", "Stack dump", "Current stack trace", "Program crashed", "Backtracing", "Precondition failed"] {
            #expect(!stderr.contains(trace), "stack trace: \(stderr.prefix(400))", sourceLocation: sourceLocation)
        }
        if case .captured = row.stderr {
            if let mentions = row.mentions {
                let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(lines.count == 1 && stderr.hasSuffix("\n"), "one line on stderr, got: \(stderr)", sourceLocation: sourceLocation)
                for fragment in mentions {
                    #expect(stderr.contains(fragment), "stderr should mention '\(fragment)': \(stderr.prefix(400))", sourceLocation: sourceLocation)
                }
            } else {
                #expect(stderr.isEmpty, "stderr: \(stderr.prefix(400))", sourceLocation: sourceLocation)
            }
        }
        if row.fifoReader != nil {
            #expect(String(decoding: received.bytes, as: UTF8.self).hasPrefix("k,segments,"), "the FIFO's reader got: \(received.bytes.count) bytes",
                    sourceLocation: sourceLocation)
        }

        var after = snapshot(folder.url)
        for name in row.outputs where row.status == 0 {
            if let expected = row.expectContent[name] {
                #expect(after[name]?.content == Data(expected.utf8), sourceLocation: sourceLocation)
            } else {
                #expect(after[name]?.type == .regular, "\(name) should be written", sourceLocation: sourceLocation)
            }
            after[name] = before[name]
        }
        #expect(after == before, "the folder changed: \(changes(before, after))", sourceLocation: sourceLocation)
    }

    /// Each entry of `folder` (hidden ones too, one level deep and into folders), by relative path.
    static func snapshot(_ folder: URL) -> [String: FileSnapshot] {
        var out: [String: FileSnapshot] = [:]
        func walk(_ url: URL, _ prefix: String) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
                let child = url.appendingPathComponent(name)
                let snap = FileSnapshot(child)
                out[prefix + name] = snap
                if snap.type == .directory { walk(child, prefix + name + "/") }
            }
        }
        walk(folder, "")
        return out
    }

    static func changes(_ a: [String: FileSnapshot], _ b: [String: FileSnapshot]) -> String {
        let names = Set(a.keys).union(b.keys).sorted()
        return names.filter { a[$0] != b[$0] }.map { "\($0): \(a[$0]?.description ?? "absent") → \(b[$0]?.description ?? "absent")" }
            .joined(separator: "; ")
    }

    static func create(_ fixture: OutputCase.Fixture, in folder: URL) throws {
        let fm = FileManager.default
        func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
        switch fixture {
        case .text(let name, let text):
            try fm.createDirectory(at: url(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url(name))
        case .readOnly(let name, let text):
            try Data(text.utf8).write(to: url(name))
            _ = chmod(url(name).path, 0o444)
        case .folder(let name):
            try fm.createDirectory(at: url(name), withIntermediateDirectories: true)
        case .symlink(let name, let target):
            try fm.createSymbolicLink(atPath: url(name).path, withDestinationPath: target)
        case .hardLink(let name, let target):
            try fm.linkItem(at: url(target), to: url(name))
        case .fifo(let name):
            _ = try SpecialFiles.fifo(url(name))
        case .nullDevice(let name):
            _ = try #require(SpecialFiles.nullDevice(url(name)), "mknod failed")
        case .fullDevice(let name):
            _ = try #require(SpecialFiles.fullDevice(url(name)), "mknod failed")
        case .blockDevice(let name):
            _ = try #require(SpecialFiles.blockDevice(url(name), major: 7, minor: 250), "mknod failed")
        }
    }
}

/// The bytes a FIFO's reader thread received, and when it has finished.
final class ReceivedBytes: @unchecked Sendable {
    private let lock = NSCondition()
    private var data = Data()
    private var done = false

    func append(_ bytes: ArraySlice<UInt8>) {
        lock.lock()
        data.append(contentsOf: bytes)
        lock.unlock()
    }

    func finish() {
        lock.lock()
        done = true
        lock.broadcast()
        lock.unlock()
    }

    func wait() {
        lock.lock()
        while !done { lock.wait() }
        lock.unlock()
    }

    var isDone: Bool {
        lock.lock()
        defer { lock.unlock() }
        return done
    }

    var bytes: Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
