import Foundation
import Testing
import _TestSupport
@testable import _ProcessLayer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The layer has no name of its own: every message, record and record file names the program the
/// caller gives, and nothing of beztune's appears for another program.
@Suite("Program identity: the caller's name in every message and record")
struct ProgramIdentityTests {
    let tool = ProgramIdentity(name: "tool", folderRecordName: ".tool-files")
    var toolRun: FolderCommand { FolderCommand(name: "draw", program: tool, arguments: ["draw", "--out", "my out"]) }

    @Test("refusals name the program given")
    func messages() throws {
        let folder = try TemporaryFolder()
        let readOnly = try readOnlyFile(in: folder)
        #expect(errorMessage(FileWriteError.self) { _ = try OutputDestination(path: readOnly.path, program: tool) }
                == "\(readOnly.path): cannot write: the file is read-only (mode 0444); tool does not replace it")

        let input = folder.file("in.csv")
        try Data("x\n".utf8).write(to: input)
        #expect(errorMessage(FileWriteError.self) { _ = try OutputPlan(files: [input.path], inputs: [input.path], program: tool) }
                == "\(input.path): cannot write: it is the input '\(input.path)' of this run (the same file); tool does not overwrite its input")

        let mine = folder.file("out").appendingPathComponent("user.png")
        try FileManager.default.createDirectory(at: folder.file("out"), withIntermediateDirectories: false)
        try Data("user's".utf8).write(to: mine)
        #expect(errorMessage(FileWriteError.self) { _ = try FolderOutput(folder: folder.file("out").path, names: ["user.png"], command: toolRun, program: tool) }
                == "\(mine.path): cannot write: it exists and tool did not write it (\(folder.file("out").path)/.tool-files does not list it); move it away or choose another folder")
    }

    @Test("a folder's record is the program's file, with its name in the comment; a checkpoint record's first line too")
    func records() throws {
        let folder = try TemporaryFolder()
        let output = try FolderOutput(folder: folder.url.path, names: ["a.png"], command: toolRun, program: tool)
        #expect(output.recordName == ".tool-files")
        #expect(tool.probeTemplate(in: folder.url.path) == folder.url.path + "/.tool-probe.tmp-XXXXXX")
        let transaction = OutputTransaction(try OutputPlan(files: [], folders: [output], program: tool))
        try transaction.stage("a", for: output.path(of: "a.png"))
        try transaction.commit()
        #expect(try folder.contents() == [".tool-files", "a.png"])
        let record = try String(contentsOf: folder.file(".tool-files"), encoding: .utf8)
        #expect(record == "# The files tool wrote in this folder, under the command that wrote them (#> NAME | COMMAND LINE). A command replaces or removes only its own files.\n#> draw | tool draw --out 'my out'\na.png\n")

        // The next run of the same program knows the file; beztune's record would not list it.
        #expect(try FolderOutput(folder: folder.url.path, names: ["a.png"], command: toolRun, program: tool).stale.isEmpty)
        #expect(throws: FileWriteError.self) { _ = try FolderOutput(folder: folder.url.path, names: ["a.png"], command: framesRun, program: beztune) }

        let checkpoint = CheckpointRecord(fingerprint: 1).text(forFile: "grid.csv", writtenBy: tool)
        #expect(checkpoint == "# tool checkpoint record of grid.csv: do not edit\nfingerprint 0000000000000001\n")
    }
}
