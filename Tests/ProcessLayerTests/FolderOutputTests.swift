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
        let first = try FolderOutput(folder: folder.url.path, names: ["frame_0000.png", "frame_0001.png", "frames.csv"], command: framesRun, program: beztune)
        #expect(first.stale.isEmpty)
        try commit(first, [:])
        #expect(try folder.contents() == [beztune.folderRecordName, "frame_0000.png", "frame_0001.png", "frame_9999.png", "frames.csv", "notes.txt"])
        let record = try String(contentsOf: folder.file(beztune.folderRecordName), encoding: .utf8)
        #expect(record.hasSuffix("frame_0000.png\nframe_0001.png\nframes.csv\n"))

        let second = try FolderOutput(folder: folder.url.path, names: ["frame_0000.png", "frames.csv"], command: framesRun, program: beztune)
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
                _ = try FolderOutput(folder: folder.url.path, names: ["frame_0000.png", name], command: framesRun, program: beztune)
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
        let first = try FolderOutput(folder: folder.url.path, names: ["a.png", "b.png", "c.png"], command: framesRun, program: beztune)
        try commit(first, [:])
        try FileManager.default.removeItem(at: folder.file("b.png"))
        try FileManager.default.createDirectory(at: folder.file("b.png"), withIntermediateDirectories: false)
        try FileManager.default.removeItem(at: folder.file("c.png"))
        try Data("target".utf8).write(to: folder.file("elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("c.png").path, withDestinationPath: "elsewhere")
        let second = try FolderOutput(folder: folder.url.path, names: ["a.png"], command: framesRun, program: beztune)
        #expect(second.stale.isEmpty)
        try commit(second, [:])
        #expect(FileSnapshot(folder.file("b.png")).type == .directory)
        #expect(FileSnapshot(folder.file("c.png")).type == .symlink)
        // Lines of a damaged record that are not plain relative names are ignored.
        try Data("# comment\n#> frames | beztune frames --out x\n../outside\n/abs\na/./b\n\nz.png\n".utf8).write(to: folder.file(beztune.folderRecordName))
        try Data("z".utf8).write(to: folder.file("z.png"))
        let third = try FolderOutput(folder: folder.url.path, names: ["y.png"], command: framesRun, program: beztune)
        #expect(third.recorded == ["z.png"])
        #expect(third.stale == ["z.png"])
    }

    @Test("a failed run into a new folder removes the folders it made; a subfolder is made for nested names")
    func createdFolders() throws {
        let base = try TemporaryFolder()
        let out = base.file("profile").path
        do {
            let output = try FolderOutput(folder: out, names: ["frames/frame_0000.png", "profile.csv"], command: framesRun, program: beztune)
            let transaction = OutputTransaction(try OutputPlan(files: [], folders: [output], program: beztune))
            try transaction.stage("f", for: output.path(of: "frames/frame_0000.png"))
            #expect(FileSnapshot(path: out + "/frames").type == .directory)
        }
        #expect(try base.contents().isEmpty)

        let output = try FolderOutput(folder: out, names: ["frames/frame_0000.png", "profile.csv"], command: framesRun, program: beztune)
        try commit(output, [:])
        #expect(FileSnapshot(path: out + "/frames/frame_0000.png").type == .regular)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [beztune.folderRecordName, "frames", "profile.csv"])
    }

    @Test("something other than a folder at the folder's path is refused")
    func notAFolder() throws {
        let base = try TemporaryFolder()
        try Data("x".utf8).write(to: base.file("out"))
        #expect(errorMessage(FileWriteError.self) { _ = try FolderOutput(folder: base.file("out").path, names: ["a"], command: framesRun, program: beztune) }
                == "\(base.file("out").path): cannot write: it exists and is not a folder")
        #expect(errorMessage(FileWriteError.self) { _ = try FolderOutput(folder: "", names: ["a"], command: framesRun, program: beztune) }
                == "'': cannot write: the folder name is empty")
    }

    @Test("an input inside the folder that this run would replace or remove is refused")
    func inputInFolder() throws {
        let folder = try TemporaryFolder()
        try commit(try FolderOutput(folder: folder.url.path, names: ["a.csv", "b.csv"], command: framesRun, program: beztune), [:])
        for names in [["a.csv"], ["c.csv"]] {  // a.csv replaced; b.csv then a stale file
            let output = try FolderOutput(folder: folder.url.path, names: names, command: framesRun, program: beztune)
            #expect(throws: FileWriteError.self) {
                _ = try OutputPlan(files: [], folders: [output], inputs: [folder.file(names == ["a.csv"] ? "a.csv" : "b.csv").path], program: beztune)
            }
        }
    }

    @Test("another command's files are neither replaced nor removed; both commands' files stay listed")
    func otherCommand() throws {
        let folder = try TemporaryFolder()
        try commit(try FolderOutput(folder: folder.url.path, names: ["a.png", "b.png"], command: framesRun, program: beztune), [:])
        let profile = FolderCommand(name: "fit-profile", program: beztune, arguments: ["fit-profile", "--keyframes", "k.csv", "--out", "P"])
        let other = try FolderOutput(folder: folder.url.path, names: ["profile.csv"], command: profile, program: beztune)
        #expect(other.stale.isEmpty)
        try commit(other, [:])
        #expect(try folder.contents() == [beztune.folderRecordName, "a.png", "b.png", "profile.csv"])
        let record = FolderRecord(text: try String(contentsOf: folder.file(beztune.folderRecordName), encoding: .utf8),
                                  recordName: beztune.folderRecordName)
        #expect(record.groups == [FolderRecord.Group(command: framesRun, names: ["a.png", "b.png"]),
                                  FolderRecord.Group(command: profile, names: ["profile.csv"])])
        // Writing a name the other command wrote: refused, naming the folder and the command.
        let error = try #require(throws: FileWriteError.self) {
            _ = try FolderOutput(folder: folder.url.path, names: ["a.png"], command: profile, program: beztune)
        }
        #expect(error.kind == .otherCommand)
        #expect(error.description == "\(folder.file("a.png").path): cannot write: beztune frames wrote it (beztune frames --count 2 --out anim); beztune fit-profile replaces only its own files in \(folder.url.path): choose another folder, or remove \(folder.file("a.png").path) first")
        // The first command's next run removes its own stale file only.
        let again = try FolderOutput(folder: folder.url.path, names: ["a.png"], command: framesRun, program: beztune)
        #expect(again.stale == ["b.png"])
        try commit(again, [:])
        #expect(try folder.contents() == [beztune.folderRecordName, "a.png", "profile.csv"])
    }

    @Test("a symbolic link on the way to a name is refused for writing and never followed to remove")
    func linkedSubfolder() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("out").path
        try commit(try FolderOutput(folder: out, names: ["frames/f0.png", "frames/f1.png"], command: framesRun, program: beztune), [:])
        // The user replaces the subfolder by a link to a folder of theirs with a file of that name.
        try FileManager.default.createDirectory(at: folder.file("mine"), withIntermediateDirectories: false)
        try Data("user's".utf8).write(to: folder.file("mine/f1.png"))
        try FileManager.default.removeItem(atPath: out + "/frames")
        try FileManager.default.createSymbolicLink(atPath: out + "/frames", withDestinationPath: folder.file("mine").path)
        let error = try #require(throws: FileWriteError.self) {
            _ = try FolderOutput(folder: out, names: ["frames/f0.png"], command: framesRun, program: beztune)
        }
        #expect(error.description == "\(out)/frames/f0.png: cannot write: '\(out)/frames' is a symbolic link; beztune writes only into the folder itself")
        let next = try FolderOutput(folder: out, names: ["x.png"], command: framesRun, program: beztune)
        #expect(next.stale.isEmpty)
        try commit(next, [:])
        #expect(FileSnapshot(folder.file("mine/f1.png")).content == Data("user's".utf8))
    }

    @Test("one run at a time: a folder planned by a run that has not committed is refused to another")
    func lock() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("new").path
        let first = try FolderOutput(folder: out, names: ["a.png"], command: framesRun, program: beztune)
        #expect(FileSnapshot(path: out).type == .directory)  // made at planning, to be locked
        let error = try #require(throws: FileWriteError.self) {
            _ = try FolderOutput(folder: out, names: ["b.png"], command: framesRun, program: beztune)
        }
        #expect(error.kind == .folderBusy)
        #expect(error.description == "\(out): cannot write: another beztune run is writing this folder now; wait for it to end or choose another folder")
        try commit(first, [:])
        _ = try FolderOutput(folder: out, names: ["b.png"], command: framesRun, program: beztune)

        // The lock is flock(2) on the folder: another process holding it is seen too.
        let fd = open(out, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: FileWriteError.self) { _ = try FolderOutput(folder: out, names: ["b.png"], command: framesRun, program: beztune) }
        flock(fd, LOCK_UN)
        _ = try FolderOutput(folder: out, names: ["b.png"], command: framesRun, program: beztune)
    }

    @Test("names a record lists before any command line may be replaced by any command and are never removed")
    func legacyRecord() throws {
        let folder = try TemporaryFolder()
        try Data("# The files beztune wrote in this folder in its last run, one per line.\na.png\nb.png\n".utf8)
            .write(to: folder.file(beztune.folderRecordName))
        try Data("a".utf8).write(to: folder.file("a.png"))
        try Data("b".utf8).write(to: folder.file("b.png"))
        let output = try FolderOutput(folder: folder.url.path, names: ["a.png"], command: framesRun, program: beztune)
        #expect(output.stale.isEmpty)
        try commit(output, ["a.png": "new"])
        #expect(try folder.contents() == [beztune.folderRecordName, "a.png", "b.png"])
        let record = FolderRecord(text: try String(contentsOf: folder.file(beztune.folderRecordName), encoding: .utf8),
                                  recordName: beztune.folderRecordName)
        #expect(record.groups == [FolderRecord.Group(command: nil, names: ["b.png"]),
                                  FolderRecord.Group(command: framesRun, names: ["a.png"])])
    }

    @Test("a command line quotes what a shell would split and keeps the record's line whole")
    func invocation() {
        let command = FolderCommand(name: "fit", program: beztune,
                                    arguments: ["fit", "--target", "my ball.svg", "--select", "it's", "--set", "a\nb", "--out", ""])
        #expect(command.invocation == "beztune fit --target 'my ball.svg' --select 'it'\\''s' --set 'a\\nb' --out ''")
    }
}
