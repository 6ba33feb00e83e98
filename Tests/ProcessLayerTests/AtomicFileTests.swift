import Foundation
import Testing
import _TestSupport
@testable import _ProcessLayer

@Suite("Atomic file writes")
struct AtomicFileTests {
    private func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    private func permissions(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as! Int
    }

    @Test func writesAndReplaces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("out.csv")
        try AtomicFile.write("a,b\n1,2\n", to: url, program: beztune)
        #expect(try read(url) == "a,b\n1,2\n")
        try AtomicFile.write(Data("é\n".utf8), to: url, program: beztune)
        #expect(try read(url) == "é\n")
        try AtomicFile.write("", to: url, program: beztune)
        #expect(try Data(contentsOf: url).isEmpty)
        #expect(try folder.contents() == ["out.csv"])
    }

    @Test func largeWrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("big.bin")
        var random = SplitMix64(seed: 5)
        let data = Data((0..<3_000_000).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        try AtomicFile.write(data, to: url, program: beztune)
        #expect(try Data(contentsOf: url) == data)
    }

    @Test func permissionsOfNewAndReplacedFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fresh = folder.file("new.txt")
        try AtomicFile.write("x", to: fresh, program: beztune)
        // Not mkstemp's 0600: the umask decides, as for a file created by open(…, 0666).
        let reference = folder.file("reference.txt")
        let fd = open(reference.path, O_CREAT | O_WRONLY, 0o666)
        #expect(fd >= 0)
        close(fd)
        #expect(try permissions(fresh) == permissions(reference))

        let existing = folder.file("old.txt")
        try Data("x".utf8).write(to: existing)
        chmod(existing.path, 0o640)
        try AtomicFile.write("y", to: existing, program: beztune)
        #expect(try permissions(existing) == 0o640)
        #expect(try read(existing) == "y")
    }

    @Test func missingFolderThrowsAndCreatesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("nope").appendingPathComponent("out.csv")
        let error = try #require(throws: FileWriteError.self) { try AtomicFile.write("x", to: url, program: beztune) }
        #expect(error.kind == .folderNotFound)
        #expect(error.description == "\(url.path): cannot write: folder '\(folder.url.path)/nope' does not exist")
        #expect(try folder.contents().isEmpty)
    }

    @Test func folderThatIsAFileThrows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("x".utf8).write(to: folder.file("plain"))
        let url = folder.file("plain").appendingPathComponent("out.csv")
        let error = try #require(throws: FileWriteError.self) { try AtomicFile.write("x", to: url, program: beztune) }
        #expect(error.kind == .notAFolder)
        #expect(error.description == "\(url.path): cannot write: '\(folder.url.path)/plain' is not a folder")
        #expect(try folder.contents() == ["plain"])
    }

    @Test func destinationDirectoryIsLeftUntouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.file("out.csv")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: directory.appendingPathComponent("inside.txt"))

        let error = try #require(throws: FileWriteError.self) { try AtomicFile.write("x", to: directory, program: beztune) }
        #expect(error.kind == .isDirectory)
        #expect(error.description == "\(directory.path): cannot write: it is an existing directory")
        // The failure happens at the final rename: the temporary file must have been removed.
        #expect(try folder.contents() == ["out.csv"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["inside.txt"])
        #expect(try read(directory.appendingPathComponent("inside.txt")) == "keep")
    }

    @Test func readOnlyFolderKeepsPreviousContent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("out.csv")
        try AtomicFile.write("previous\n", to: url, program: beztune)
        chmod(folder.url.path, 0o555)
        defer { chmod(folder.url.path, 0o755) }

        let error = errorMessage(FileWriteError.self) { try AtomicFile.write("new\n", to: url, program: beztune) }
        if getuid() == 0 {
            // root ignores permission bits, so the write succeeds; only the no-leftovers part
            // of this test can be checked here.
            #expect(error == nil)
        } else {
            #expect(error == "\(url.path): cannot write: permission denied")
            #expect(try read(url) == "previous\n")
        }
        #expect(try folder.contents() == ["out.csv"])
    }

    @Test func longFileName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let name = String(repeating: "n", count: 250) + ".csv"  // 254 bytes, NAME_MAX is 255
        try AtomicFile.write("x", to: folder.file(name), program: beztune)
        #expect(try folder.contents() == [name])
    }

    @Test func errorsAreOneLine() throws {
        let url = URL(fileURLWithPath: "/proc/definitely/not/here.csv")
        let error = try #require(throws: FileWriteError.self) { try AtomicFile.write("x", to: url, program: beztune) }
        #expect(isOneLine(error.description))
        #expect(error.description.hasPrefix("/proc/definitely/not/here.csv: cannot write: "))
    }
}
