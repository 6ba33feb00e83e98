import Foundation
import Testing
import _TestSupport
@testable import _ProcessLayer

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
                _ = try OutputPlan(files: [output], inputs: [input.path], program: beztune)
            }
            #expect(error.kind == .sameAsInput)
            #expect(error.description == "\(output): cannot write: it is the input '\(input.path)' of this run (the same file); beztune does not overwrite its input")
        }
        // The input named through its link, the output by its own name.
        #expect(throws: FileWriteError.self) { _ = try OutputPlan(files: [input.path], inputs: [folder.file("soft.csv").path], program: beztune) }
        #expect(FileSnapshot(input) == before)
        // Another file is fine, and so is an input that does not exist (its reader reports it).
        _ = try OutputPlan(files: [folder.file("other.csv").path], inputs: [input.path, folder.file("missing").path], program: beztune)
    }

    @Test("an input given as a pipe (/dev/fd/N, as <(…) gives it) is never the same file as an output")
    func processSubstitution() throws {
        let folder = try TemporaryFolder()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = try OutputPlan(files: [folder.file("out.csv").path], inputs: ["/dev/fd/\(ends[0])"], program: beztune)
    }

    @Test("two outputs that are one file are refused: same name, same new name by two spellings, a link to the other")
    func duplicateOutputs() throws {
        let folder = try TemporaryFolder()
        let a = folder.file("o.csv").path
        for pair in [[a, a], [a, folder.url.path + "/./o.csv"]] {
            let error = try #require(throws: FileWriteError.self) { _ = try OutputPlan(files: pair, program: beztune) }
            #expect(error.kind == .sameAsOtherOutput)
            #expect(error.description == "\(pair[1]): cannot write: it is also the output '\(pair[0])' of this run (the same file)")
        }
        try Data("old".utf8).write(to: folder.file("o.csv"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("l.csv").path, withDestinationPath: "o.csv")
        #expect(throws: FileWriteError.self) { _ = try OutputPlan(files: [a, folder.file("l.csv").path], program: beztune) }
        #expect(FileSnapshot(folder.file("o.csv")).content == Data("old".utf8))
        // Distinct files are fine.
        _ = try OutputPlan(files: [a, folder.file("p.csv").path], program: beztune)
    }

    @Test("a character device may take several outputs (a null device discards them all)",
          .enabled(if: geteuid() == 0, "not root: mknod cannot make device nodes"))
    func sharedDevice() throws {
        let folder = try TemporaryFolder()
        let null = try #require(SpecialFiles.nullDevice(folder.file("null")))
        let plan = try OutputPlan(files: [null.path, null.path], program: beztune)
        #expect(plan.files.map(\.kind) == [.characterDevice, .characterDevice])
    }

    @Test("a folder that does not take new files is refused at planning (root ignores permission bits: skipped)",
          .enabled(if: geteuid() != 0, "running as root: permission bits do not stop root"))
    func unwritableFolder() throws {
        let folder = try TemporaryFolder()
        chmod(folder.url.path, 0o555)
        defer { chmod(folder.url.path, 0o755) }
        let error = try #require(throws: FileWriteError.self) { _ = try OutputPlan(files: [folder.file("a.csv").path], program: beztune) }
        #expect(error.kind == .permissionDenied)
    }

    @Test("staged outputs change nothing until commit; an abandoned transaction leaves no trace")
    func stagingAndAbandon() throws {
        let folder = try TemporaryFolder()
        try Data("old a\n".utf8).write(to: folder.file("a.csv"))
        let before = FileSnapshot(folder.file("a.csv"))
        do {
            let transaction = OutputTransaction(try OutputPlan(files: [folder.file("a.csv").path, folder.file("b.csv").path], program: beztune))
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
        let transaction = OutputTransaction(try OutputPlan(files: [folder.file("a.csv").path, folder.file("b.csv").path], program: beztune))
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
        let transaction = OutputTransaction(try OutputPlan(files: [folder.file("a.csv").path, folder.file("b.csv").path, full.path], program: beztune))
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
        let transaction = OutputTransaction(try OutputPlan(files: [path, folder.file("b.csv").path], program: beztune))
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
