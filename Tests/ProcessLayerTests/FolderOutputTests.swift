import Foundation
import Testing
import _TestSupport
@testable import _ProcessLayer

#if canImport(Glibc)
import Glibc
#endif

/// A folder output writes, replaces and removes only the files its record says a run of ours wrote.
@Suite("Folder outputs: only our own files, by the folder's record")
struct FolderOutputTests {
    private func commit(_ output: FolderOutput, _ contents: [String: String]) throws {
        let transaction = OutputTransaction(try OutputPlan(files: [], folders: [output], program: beztune))
        for name in output.names { try transaction.stage(contents[name] ?? name, for: output.path(of: name)) }
        try transaction.commit()
    }

    @Test("a second run replaces its files, removes the ones it no longer writes, and keeps the user's")
    func secondRun() throws {
        let folder = try TemporaryFolder()
        try Data("mine".utf8).write(to: folder.file("notes.txt"))
        try Data("mine too".utf8).write(to: folder.file("frame_9999.png"))
        let user = [FileSnapshot(folder.file("notes.txt")), FileSnapshot(folder.file("frame_9999.png"))]
        let first = try FolderOutput(folder: folder.url.path, names: ["frame_0000.png", "frame_0001.png", "frames.csv"], program: beztune)
        #expect(first.stale.isEmpty)
        try commit(first, [:])
        #expect(try folder.contents() == [beztune.folderRecordName, "frame_0000.png", "frame_0001.png", "frame_9999.png", "frames.csv", "notes.txt"])
        let record = try String(contentsOf: folder.file(beztune.folderRecordName), encoding: .utf8)
        #expect(record.hasSuffix("frame_0000.png\nframe_0001.png\nframes.csv\n"))

        let second = try FolderOutput(folder: folder.url.path, names: ["frame_0000.png", "frames.csv"], program: beztune)
        #expect(second.stale == ["frame_0001.png"])
        try commit(second, ["frame_0000.png": "second"])
        #expect(try folder.contents() == [beztune.folderRecordName, "frame_0000.png", "frame_9999.png", "frames.csv", "notes.txt"])
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
                _ = try FolderOutput(folder: folder.url.path, names: ["frame_0000.png", name], program: beztune)
            }
            #expect(error.kind == .notOurs)
            #expect(error.description == "\(folder.file(name).path): cannot write: it exists and beztune did not write it (\(folder.url.path)/\(beztune.folderRecordName) does not list it); move it away or choose another folder")
        }
        #expect(FileSnapshot(folder.file("frame_0042.png")) == before)
        #expect(try folder.contents() == ["frame_0001.png", "frame_0042.png"])
    }

    @Test("a record naming files the user has replaced by folders or links never removes them")
    func recordIsNotTrustedBlindly() throws {
        let folder = try TemporaryFolder()
        let first = try FolderOutput(folder: folder.url.path, names: ["a.png", "b.png", "c.png"], program: beztune)
        try commit(first, [:])
        try FileManager.default.removeItem(at: folder.file("b.png"))
        try FileManager.default.createDirectory(at: folder.file("b.png"), withIntermediateDirectories: false)
        try FileManager.default.removeItem(at: folder.file("c.png"))
        try Data("target".utf8).write(to: folder.file("elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("c.png").path, withDestinationPath: "elsewhere")
        let second = try FolderOutput(folder: folder.url.path, names: ["a.png"], program: beztune)
        #expect(second.stale.isEmpty)
        try commit(second, [:])
        #expect(FileSnapshot(folder.file("b.png")).type == .directory)
        #expect(FileSnapshot(folder.file("c.png")).type == .symlink)
        // Lines of a damaged record that are not plain relative names are ignored.
        try Data("# comment\n../outside\n/abs\na/./b\n\nz.png\n".utf8).write(to: folder.file(beztune.folderRecordName))
        try Data("z".utf8).write(to: folder.file("z.png"))
        let third = try FolderOutput(folder: folder.url.path, names: ["y.png"], program: beztune)
        #expect(third.recorded == ["z.png"])
        #expect(third.stale == ["z.png"])
    }

    @Test("a failed run into a new folder removes the folders it made; a subfolder is made for nested names")
    func createdFolders() throws {
        let base = try TemporaryFolder()
        let out = base.file("profile").path
        do {
            let output = try FolderOutput(folder: out, names: ["frames/frame_0000.png", "profile.csv"], program: beztune)
            let transaction = OutputTransaction(try OutputPlan(files: [], folders: [output], program: beztune))
            try transaction.stage("f", for: output.path(of: "frames/frame_0000.png"))
            #expect(FileSnapshot(path: out + "/frames").type == .directory)
        }
        #expect(try base.contents().isEmpty)

        let output = try FolderOutput(folder: out, names: ["frames/frame_0000.png", "profile.csv"], program: beztune)
        try commit(output, [:])
        #expect(FileSnapshot(path: out + "/frames/frame_0000.png").type == .regular)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [beztune.folderRecordName, "frames", "profile.csv"])
    }

    @Test("something other than a folder at the folder's path is refused")
    func notAFolder() throws {
        let base = try TemporaryFolder()
        try Data("x".utf8).write(to: base.file("out"))
        #expect(errorMessage(FileWriteError.self) { _ = try FolderOutput(folder: base.file("out").path, names: ["a"], program: beztune) }
                == "\(base.file("out").path): cannot write: it exists and is not a folder")
        #expect(errorMessage(FileWriteError.self) { _ = try FolderOutput(folder: "", names: ["a"], program: beztune) }
                == "'': cannot write: the folder name is empty")
    }

    @Test("an input inside the folder that this run would replace or remove is refused")
    func inputInFolder() throws {
        let folder = try TemporaryFolder()
        try commit(try FolderOutput(folder: folder.url.path, names: ["a.csv", "b.csv"], program: beztune), [:])
        for names in [["a.csv"], ["c.csv"]] {  // a.csv replaced; b.csv then a stale file
            let output = try FolderOutput(folder: folder.url.path, names: names, program: beztune)
            #expect(throws: FileWriteError.self) {
                _ = try OutputPlan(files: [], folders: [output], inputs: [folder.file(names == ["a.csv"] ? "a.csv" : "b.csv").path], program: beztune)
            }
        }
    }
}
