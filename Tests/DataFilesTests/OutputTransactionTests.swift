import Foundation
import Testing
import _TestSupport
@testable import DataFiles

#if canImport(Glibc)
import Glibc
#endif

/// A run's outputs are planned before any work and written all or nothing.
@Suite("Output plans and transactions: checked first, written all or nothing")
struct OutputTransactionTests {
    @Test("an output that is an input is refused by identity: the same name, another spelling, a hard or symbolic link")
    func outputIsInput() throws {
        let folder = try TemporaryFolder()
        let input = folder.file("m.csv")
        try Data("x,y\n".utf8).write(to: input)
        try FileManager.default.linkItem(atPath: input.path, toPath: folder.file("hard.csv").path)
        try FileManager.default.createSymbolicLink(atPath: folder.file("soft.csv").path, withDestinationPath: "m.csv")
        let before = FileSnapshot(input)
        for output in [input.path, folder.url.path + "/./m.csv", folder.file("hard.csv").path, folder.file("soft.csv").path] {
            let error = try #require(throws: FileWriteError.self) {
                _ = try OutputPlan(files: [output], inputs: [input.path])
            }
            #expect(error.kind == .sameAsInput)
            #expect(error.description == "\(output): cannot write: it is the input '\(input.path)' of this run (the same file); beztune does not overwrite its input")
        }
        // The input named through its link, the output by its own name.
        #expect(throws: FileWriteError.self) { _ = try OutputPlan(files: [input.path], inputs: [folder.file("soft.csv").path]) }
        #expect(FileSnapshot(input) == before)
        // Another file is fine, and so is an input that does not exist (its reader reports it).
        _ = try OutputPlan(files: [folder.file("other.csv").path], inputs: [input.path, folder.file("missing").path])
    }

    @Test("an input given as a pipe (/dev/fd/N, as <(…) gives it) is never the same file as an output")
    func processSubstitution() throws {
        let folder = try TemporaryFolder()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = try OutputPlan(files: [folder.file("out.csv").path], inputs: ["/dev/fd/\(ends[0])"])
    }

    @Test("two outputs that are one file are refused: same name, same new name by two spellings, a link to the other")
    func duplicateOutputs() throws {
        let folder = try TemporaryFolder()
        let a = folder.file("o.csv").path
        for pair in [[a, a], [a, folder.url.path + "/./o.csv"]] {
            let error = try #require(throws: FileWriteError.self) { _ = try OutputPlan(files: pair) }
            #expect(error.kind == .sameAsOtherOutput)
            #expect(error.description == "\(pair[1]): cannot write: it is also the output '\(pair[0])' of this run (the same file)")
        }
        try Data("old".utf8).write(to: folder.file("o.csv"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("l.csv").path, withDestinationPath: "o.csv")
        #expect(throws: FileWriteError.self) { _ = try OutputPlan(files: [a, folder.file("l.csv").path]) }
        #expect(FileSnapshot(folder.file("o.csv")).content == Data("old".utf8))
        // Distinct files are fine.
        _ = try OutputPlan(files: [a, folder.file("p.csv").path])
    }

    @Test("a character device may take several outputs (a null device discards them all)",
          .enabled(if: geteuid() == 0, "not root: mknod cannot make device nodes"))
    func sharedDevice() throws {
        let folder = try TemporaryFolder()
        let null = try #require(SpecialFiles.nullDevice(folder.file("null")))
        let plan = try OutputPlan(files: [null.path, null.path])
        #expect(plan.files.map(\.kind) == [.characterDevice, .characterDevice])
    }

    @Test("a folder that does not take new files is refused at planning (root ignores permission bits: skipped)",
          .enabled(if: geteuid() != 0, "running as root: permission bits do not stop root"))
    func unwritableFolder() throws {
        let folder = try TemporaryFolder()
        chmod(folder.url.path, 0o555)
        defer { chmod(folder.url.path, 0o755) }
        let error = try #require(throws: FileWriteError.self) { _ = try OutputPlan(files: [folder.file("a.csv").path]) }
        #expect(error.kind == .permissionDenied)
    }

    @Test("staged outputs change nothing until commit; an abandoned transaction leaves no trace")
    func stagingAndAbandon() throws {
        let folder = try TemporaryFolder()
        try Data("old a\n".utf8).write(to: folder.file("a.csv"))
        let before = FileSnapshot(folder.file("a.csv"))
        do {
            let transaction = OutputTransaction(try OutputPlan(files: [folder.file("a.csv").path, folder.file("b.csv").path]))
            try transaction.stage("new a\n", for: folder.file("a.csv").path)
            try transaction.stage("new b\n", for: folder.file("b.csv").path)
            #expect(FileSnapshot(folder.file("a.csv")) == before)
            #expect(FileSnapshot(folder.file("b.csv")).type == .missing)
            #expect(try folder.contents().filter { $0.contains(".tmp-") }.count == 2)
            // Dropped without commit.
        }
        #expect(try folder.contents() == ["a.csv"])
        #expect(FileSnapshot(folder.file("a.csv")) == before)
    }

    @Test("commit puts every output in place and leaves no backup or temporary file")
    func commit() throws {
        let folder = try TemporaryFolder()
        try Data("old a\n".utf8).write(to: folder.file("a.csv"))
        let transaction = OutputTransaction(try OutputPlan(files: [folder.file("a.csv").path, folder.file("b.csv").path]))
        try transaction.stage("new a\n", for: folder.file("a.csv").path)
        try transaction.stage("new b\n", for: folder.file("b.csv").path)
        try transaction.commit()
        #expect(FileSnapshot(folder.file("a.csv")).content == Data("new a\n".utf8))
        #expect(FileSnapshot(folder.file("b.csv")).content == Data("new b\n".utf8))
        #expect(try folder.contents() == ["a.csv", "b.csv"])
    }

    @Test("a stream that fails at commit puts back every file already renamed: same inode, same content",
          .enabled(if: geteuid() == 0, "not root: mknod cannot make the full device"))
    func rollBackOnStreamFailure() throws {
        let folder = try TemporaryFolder()
        let full = try #require(SpecialFiles.fullDevice(folder.file("full")))
        try Data("old a\n".utf8).write(to: folder.file("a.csv"))
        let before = [FileSnapshot(folder.file("a.csv")), FileSnapshot(full)]
        let transaction = OutputTransaction(try OutputPlan(files: [folder.file("a.csv").path, folder.file("b.csv").path, full.path]))
        try transaction.stage("new a\n", for: folder.file("a.csv").path)
        try transaction.stage("new b\n", for: folder.file("b.csv").path)
        try transaction.stage("lost\n", for: full.path)
        let error = try #require(throws: FileWriteError.self) { try transaction.commit() }
        #expect(error.kind == .diskFull)
        #expect([FileSnapshot(folder.file("a.csv")), FileSnapshot(full)] == before)
        #expect(try folder.contents() == ["a.csv", "full"])
    }

    @Test("a destination that became something else between plan and commit is not replaced")
    func changedUnderfoot() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a.csv").path
        let transaction = OutputTransaction(try OutputPlan(files: [path, folder.file("b.csv").path]))
        try transaction.stage("a\n", for: path)
        try transaction.stage("b\n", for: folder.file("b.csv").path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: FileWriteError.self) { try transaction.commit() }
        #expect(FileSnapshot(path: path).type == .directory)
        #expect(try folder.contents() == ["a.csv"])
    }

    @Test("the undo registered during a commit restores every replaced file, as the cleanup thread does on a signal")
    func undoAsOnInterrupt() throws {
        let folder = try TemporaryFolder()
        try Data("old\n".utf8).write(to: folder.file("a.csv"))
        let before = FileSnapshot(folder.file("a.csv"))
        // What commit registers for a replaced file and a new one, undone in reverse order.
        var registry = InterruptCleanup.Registry()
        let backup = folder.file(".a.csv.bak-TEST").path
        #expect(link(folder.file("a.csv").path, backup) == 0)
        try Data("new\n".utf8).write(to: folder.file(".a.tmp"))
        #expect(rename(folder.file(".a.tmp").path, folder.file("a.csv").path) == 0)
        _ = registry.add(.restore(backup: backup, destination: folder.file("a.csv").path))
        try Data("b\n".utf8).write(to: folder.file("b.csv"))
        _ = registry.add(.remove(folder.file("b.csv").path))
        registry.undoAll(signal: SIGTERM)
        #expect(FileSnapshot(folder.file("a.csv")) == before)
        #expect(try folder.contents() == ["a.csv"])
    }
}

@Suite("Folder outputs: only our own files, by the folder's record")
struct FolderOutputTests {
    private func commit(_ output: FolderOutput, _ contents: [String: String]) throws {
        let transaction = OutputTransaction(try OutputPlan(files: [], folders: [output]))
        for name in output.names { try transaction.stage(contents[name] ?? name, for: output.path(of: name)) }
        try transaction.commit()
    }

    @Test("a second run replaces its files, removes the ones it no longer writes, and keeps the user's")
    func secondRun() throws {
        let folder = try TemporaryFolder()
        try Data("mine".utf8).write(to: folder.file("notes.txt"))
        try Data("mine too".utf8).write(to: folder.file("frame_9999.png"))
        let user = [FileSnapshot(folder.file("notes.txt")), FileSnapshot(folder.file("frame_9999.png"))]
        let first = try FolderOutput(folder: folder.url.path, names: ["frame_0000.png", "frame_0001.png", "frames.csv"])
        #expect(first.stale.isEmpty)
        try commit(first, [:])
        #expect(try folder.contents() == [FolderOutput.recordName, "frame_0000.png", "frame_0001.png", "frame_9999.png", "frames.csv", "notes.txt"])
        let record = try String(contentsOf: folder.file(FolderOutput.recordName), encoding: .utf8)
        #expect(record.hasSuffix("frame_0000.png\nframe_0001.png\nframes.csv\n"))

        let second = try FolderOutput(folder: folder.url.path, names: ["frame_0000.png", "frames.csv"])
        #expect(second.stale == ["frame_0001.png"])
        try commit(second, ["frame_0000.png": "second"])
        #expect(try folder.contents() == [FolderOutput.recordName, "frame_0000.png", "frame_9999.png", "frames.csv", "notes.txt"])
        #expect(FileSnapshot(folder.file("frame_0000.png")).content == Data("second".utf8))
        #expect([FileSnapshot(folder.file("notes.txt")), FileSnapshot(folder.file("frame_9999.png"))] == user)
    }

    @Test("a name that exists and is not in the record is refused before any work, file or folder")
    func notOurs() throws {
        let folder = try TemporaryFolder()
        try Data("user's".utf8).write(to: folder.file("frame_0042.png"))
        try FileManager.default.createDirectory(at: folder.file("frame_0001.png"), withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: folder.file("frame_0001.png/keep"))
        let before = FileSnapshot(folder.file("frame_0042.png"))
        for name in ["frame_0042.png", "frame_0001.png"] {
            let error = try #require(throws: FileWriteError.self) {
                _ = try FolderOutput(folder: folder.url.path, names: ["frame_0000.png", name])
            }
            #expect(error.kind == .notOurs)
            #expect(error.description == "\(folder.file(name).path): cannot write: it exists and beztune did not write it (\(folder.url.path)/\(FolderOutput.recordName) does not list it); move it away or choose another folder")
        }
        #expect(FileSnapshot(folder.file("frame_0042.png")) == before)
        #expect(try folder.contents() == ["frame_0001.png", "frame_0042.png"])
    }

    @Test("a record naming files the user has replaced by folders or links never removes them")
    func recordIsNotTrustedBlindly() throws {
        let folder = try TemporaryFolder()
        let first = try FolderOutput(folder: folder.url.path, names: ["a.png", "b.png", "c.png"])
        try commit(first, [:])
        try FileManager.default.removeItem(at: folder.file("b.png"))
        try FileManager.default.createDirectory(at: folder.file("b.png"), withIntermediateDirectories: false)
        try FileManager.default.removeItem(at: folder.file("c.png"))
        try Data("target".utf8).write(to: folder.file("elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("c.png").path, withDestinationPath: "elsewhere")
        let second = try FolderOutput(folder: folder.url.path, names: ["a.png"])
        #expect(second.stale.isEmpty)
        try commit(second, [:])
        #expect(FileSnapshot(folder.file("b.png")).type == .directory)
        #expect(FileSnapshot(folder.file("c.png")).type == .symlink)
        // Lines of a damaged record that are not plain relative names are ignored.
        try Data("# comment\n../outside\n/abs\na/./b\n\nz.png\n".utf8).write(to: folder.file(FolderOutput.recordName))
        try Data("z".utf8).write(to: folder.file("z.png"))
        let third = try FolderOutput(folder: folder.url.path, names: ["y.png"])
        #expect(third.recorded == ["z.png"])
        #expect(third.stale == ["z.png"])
    }

    @Test("a failed run into a new folder removes the folders it made; a subfolder is made for nested names")
    func createdFolders() throws {
        let base = try TemporaryFolder()
        let out = base.file("profile").path
        do {
            let output = try FolderOutput(folder: out, names: ["frames/frame_0000.png", "profile.csv"])
            let transaction = OutputTransaction(try OutputPlan(files: [], folders: [output]))
            try transaction.stage("f", for: output.path(of: "frames/frame_0000.png"))
            #expect(FileSnapshot(path: out + "/frames").type == .directory)
        }
        #expect(try base.contents().isEmpty)

        let output = try FolderOutput(folder: out, names: ["frames/frame_0000.png", "profile.csv"])
        try commit(output, [:])
        #expect(FileSnapshot(path: out + "/frames/frame_0000.png").type == .regular)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [FolderOutput.recordName, "frames", "profile.csv"])
    }

    @Test("something other than a folder at the folder's path is refused")
    func notAFolder() throws {
        let base = try TemporaryFolder()
        try Data("x".utf8).write(to: base.file("out"))
        #expect(errorMessage(FileWriteError.self) { _ = try FolderOutput(folder: base.file("out").path, names: ["a"]) }
                == "\(base.file("out").path): cannot write: it exists and is not a folder")
        #expect(errorMessage(FileWriteError.self) { _ = try FolderOutput(folder: "", names: ["a"]) }
                == "'': cannot write: the folder name is empty")
    }

    @Test("an input inside the folder that this run would replace or remove is refused")
    func inputInFolder() throws {
        let folder = try TemporaryFolder()
        try commit(try FolderOutput(folder: folder.url.path, names: ["a.csv", "b.csv"]), [:])
        for names in [["a.csv"], ["c.csv"]] {  // a.csv replaced; b.csv then a stale file
            let output = try FolderOutput(folder: folder.url.path, names: names)
            #expect(throws: FileWriteError.self) {
                _ = try OutputPlan(files: [], folders: [output], inputs: [folder.file(names == ["a.csv"] ? "a.csv" : "b.csv").path])
            }
        }
    }
}

@Suite("Standard streams: every write checked")
struct StandardStreamsTests {
    @Test("a full device gives ENOSPC, a read-only descriptor EBADF, as errors with one line",
          .enabled(if: geteuid() == 0, "not root: mknod cannot make the full device"))
    func failures() throws {
        let folder = try TemporaryFolder()
        let full = try #require(SpecialFiles.fullDevice(folder.file("full")))
        let fd = open(full.path, O_WRONLY | O_CLOEXEC)
        #expect(fd >= 0)
        defer { close(fd) }
        let error = try #require(throws: StreamWriteError.self) { try StandardStreams.write("x\n", to: fd) }
        #expect(error.code == ENOSPC)
        #expect(error.description == "descriptor \(fd): cannot write: no space left on device (disk full)")

        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let closed = try #require(throws: StreamWriteError.self) { try StandardStreams.write("x", to: ends[0]) }
        #expect(closed.code == EBADF)
        #expect(StreamWriteError(descriptor: 1, code: EPIPE).description == "standard output: cannot write: broken pipe (the reader has gone)")
        #expect(StreamWriteError(descriptor: 2, code: EBADF).description == "standard error: cannot write: it is closed")
    }
}
