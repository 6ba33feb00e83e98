import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `frames` and `fit-profile` write a whole folder: a second run into a folder holding the first
/// run's files and a file of the user's, interrupted (SIGINT, SIGTERM) at several points — early,
/// while it stages its files, while it replaces them — leaves the folder exactly as the first run
/// left it (every entry's type, inode, permission bits and bytes) or, when the signal came too
/// late to matter, exactly as a complete second run leaves it; the user's file is untouched
/// either way, and no temporary or backup file remains.
@Suite("beztune: interrupted folder outputs", .serialized)
struct FolderInterruptionTests {
    /// When the signal is sent.
    enum Moment: CustomStringConvertible {
        /// After this many seconds.
        case after(Double)
        /// As soon as a temporary file of ours (`.NAME.tmp-…`) appears in the folder.
        case staging
        /// As soon as a backup (`.NAME.bak-…`) appears: the commit is replacing files.
        case replacing

        var description: String {
            switch self {
            case .after(let s): "after \(s) s"
            case .staging: "while staging"
            case .replacing: "while replacing"
            }
        }
    }

    static let moments: [(Int32, Moment)] = [(SIGINT, .after(0.05)), (SIGTERM, .staging), (SIGINT, .replacing),
                                             (SIGTERM, .replacing), (SIGINT, .staging)]

    /// Runs `first` to completion in a folder holding `notes.txt` (the user's), then `second`
    /// interrupted at each of ``moments``, and checks the folder after each; `reference` is the
    /// folder a complete `second` run leaves (made once, in a folder of its own).
    func check(first: [String], second: [String], folderName: String, prepare: (URL) throws -> Void) throws {
        let reference = try TemporaryFolder()
        try prepare(reference.url)
        for arguments in [first, second] {
            let r = try BinaryRunner.run(arguments, in: reference.url)
            try #require(r.status == 0, "\(r.stderr)")
        }
        let complete = contents(of: reference.file(folderName))

        var reached = 0
        for (signal, moment) in Self.moments {
            let scratch = try TemporaryFolder()
            try prepare(scratch.url)
            let out = scratch.file(folderName)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try Data("the user's notes\n".utf8).write(to: out.appendingPathComponent("notes.txt"))
            let done = try BinaryRunner.run(first, in: scratch.url)
            try #require(done.status == 0, "\(done.stderr)")
            let before = OutputSafetyTable.snapshot(out)
            let notes = before["notes.txt"]

            let run = try RunningBinary(second, in: scratch.url)
            let deadline = Date().addingTimeInterval(120)
            let start = Date()
            waiting: while run.isRunning && Date() < deadline {
                switch moment {
                case .after(let seconds):
                    if Date().timeIntervalSince(start) >= seconds { break waiting }
                case .staging, .replacing:
                    let marker = if case .staging = moment { ".tmp-" } else { ".bak-" }
                    if hiddenNames(in: out).contains(where: { $0.contains(marker) }) { break waiting }
                }
                usleep(100)
            }
            let wasRunning = run.isRunning
            let outcome = run.interrupt(signal)
            let after = OutputSafetyTable.snapshot(out)
            #expect(after["notes.txt"] == notes, "\(moment): the user's file changed")
            #expect(!after.keys.contains { $0.contains(".tmp-") || $0.contains(".bak-") || $0.contains("probe") },
                    "\(moment): left \(after.keys.sorted())")
            var now = contents(of: out)
            now["notes.txt"] = nil
            // A run that reported its files ("wrote … to DIR") kept them: the report and the
            // last undoable step are one step (OutputTransaction.commit).
            if outcome.stdout.contains("wrote") {
                #expect(Self.sameButRecord(now, complete), "\(moment): reported '\(outcome.stdout.prefix(200))' but the folder was put back")
            }
            if wasRunning && outcome.signal == signal {
                reached += 1
                // Put back, or — a signal after the commit's last undoable step — complete; then
                // the record may still list the first run's files too (it is rewritten with this
                // run's alone last, see OutputTransaction), which only makes it allow more.
                #expect(after == before || Self.sameButRecord(now, complete),
                        "\(moment), signal \(signal): \(OutputSafetyTable.changes(before, after)); differs from a complete run in \(Set(now.keys).union(complete.keys).filter { now[$0] != complete[$0] }.sorted())")
            } else {
                // The run had finished before the signal: complete.
                #expect(outcome.status == 0, "\(moment): \(outcome.stderr)")
                #expect(Self.sameButRecord(now, complete), "\(moment): neither the first run's folder nor a complete second run's")
            }
        }
        // The points are chosen so that most interruptions land inside the run.
        #expect(reached >= 3, "only \(reached) of \(Self.moments.count) signals arrived while the run was running")
    }

    /// True when `a` and `b` hold the same files, except that `a`'s record may list more names.
    static func sameButRecord(_ a: [String: Data], _ b: [String: Data]) -> Bool {
        let record = ".beztune-outputs"
        var (x, y) = (a, b)
        (x[record], y[record]) = (nil, nil)
        func names(_ data: Data?) -> Set<Substring> {
            Set(String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") })
        }
        return x == y && names(a[record]).isSuperset(of: names(b[record]))
    }

    /// The hidden entries of `folder` and of its subfolders (temporary and backup files).
    func hiddenNames(in folder: URL) -> [String] {
        var names: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            if name.hasPrefix(".") { names.append(name) }
            var isFolder: ObjCBool = false
            let child = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue {
                names += hiddenNames(in: child)
            }
        }
        return names
    }

    /// The bytes of every file under `folder`, by relative path (folders as empty entries).
    func contents(of folder: URL) -> [String: Data] {
        OutputSafetyTable.snapshot(folder).reduce(into: [:]) { out, entry in
            out[entry.key] = (try? Data(contentsOf: folder.appendingPathComponent(entry.key))) ?? Data()
        }
    }

    @Test("frames: the second run interrupted at five points (SIGINT, SIGTERM)")
    func frames() throws {
        try check(first: ["frames", "--model", "ball", "--count", "30", "--size", "96x96", "--out", "anim"],
                  second: ["frames", "--model", "ball", "--set", "yFactor=0.7", "--count", "24", "--size", "320x320",
                           "--guides", "--out", "anim"],
                  folderName: "anim", prepare: { _ in })
    }

    @Test("fit-profile: the second run interrupted at five points (SIGINT, SIGTERM)")
    func fitProfile() throws {
        // Keyframes drawn by the ball itself, squashed through a cubic-bezier timing.
        func prepare(_ folder: URL) throws {
            var manifest = "progress,file\n"
            for i in 0...6 {
                let x = Double(i) / 6
                let r = try BinaryRunner.run(["model", "--name", "ball", "--set", "yFactor=0.8", "--set", "topYFactor=0.6",
                                              "--timing", "cubic-bezier(0.3,0.1,0.2,1)", "--progress", String(x)])
                try #require(r.status == 0, "\(r.stderr)")
                try r.stdout.write(to: folder.appendingPathComponent("k\(i).path"), atomically: true, encoding: .utf8)
                manifest += "\(x),k\(i).path\n"
            }
            try manifest.write(to: folder.appendingPathComponent("keys.csv"), atomically: true, encoding: .utf8)
        }
        let common = ["fit-profile", "--keyframes", "keys.csv", "--model", "ball", "--free", "yFactor,topYFactor",
                      "--samples", "60", "--out", "profile"]
        try check(first: common + ["--timing", "keyframes", "--size", "96x96"],
                  second: common + ["--timing", "cubic-bezier", "--joint", "--size", "320x320"],
                  folderName: "profile", prepare: prepare)
    }
}
