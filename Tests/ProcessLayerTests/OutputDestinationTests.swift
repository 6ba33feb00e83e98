import Foundation
import Testing
import _TestSupport
@testable import _ProcessLayer

#if canImport(Glibc)
import Glibc
#endif

/// What is at an output path decides how it is written, and nothing that is not a regular file
/// is ever replaced. Device nodes are made with `mknod` in each test's own scratch folder (root
/// only: elsewhere those tests are skipped, saying so); the system's /dev entries are never
/// opened, examined or written.
@Suite("Output destinations: what is there decides how it is written")
struct OutputDestinationTests {
    static let isRoot = geteuid() == 0

    private func write(_ text: String, to url: URL) throws(FileWriteError) {
        try OutputTransaction.write(Data(text.utf8), to: url.path, program: beztune)
    }

    @Test("a new file is created, an existing one replaced by a new inode with its permission bits")
    func regularFiles() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("out.csv")
        try write("a\n", to: url)
        #expect(FileSnapshot(url).content == Data("a\n".utf8))
        chmod(url.path, 0o640)
        let before = FileSnapshot(url)
        try write("b\n", to: url)
        let after = FileSnapshot(url)
        #expect(after.type == .regular && after.content == Data("b\n".utf8) && after.mode == 0o640)
        #expect(after.inode != before.inode, "replaced by rename, not rewritten in place")
        #expect(try folder.contents() == ["out.csv"])
    }

    @Test("a symbolic link is followed: its target is replaced, the link stays; a dangling link's target is created")
    func symbolicLinks() throws {
        let folder = try TemporaryFolder()
        let target = folder.file("real.csv"), link = folder.file("link.csv")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.csv")
        let linkBefore = FileSnapshot(link)
        try write("new\n", to: link)
        #expect(FileSnapshot(link) == linkBefore)
        #expect(FileSnapshot(target).content == Data("new\n".utf8))

        let dangling = folder.file("dangling.csv")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "sub/../made.csv")
        try FileManager.default.createDirectory(at: folder.file("sub"), withIntermediateDirectories: false)
        try write("x\n", to: dangling)
        #expect(FileSnapshot(dangling).type == .symlink)
        #expect(FileSnapshot(folder.file("made.csv")).content == Data("x\n".utf8))

        // A chain of two links, then a loop.
        let second = folder.file("second.csv")
        try FileManager.default.createSymbolicLink(atPath: second.path, withDestinationPath: "link.csv")
        try write("chain\n", to: second)
        #expect(FileSnapshot(target).content == Data("chain\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop1").path, withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop2").path, withDestinationPath: "loop1")
        let loop = errorMessage(FileWriteError.self) { try write("x", to: folder.file("loop1")) }
        #expect(loop == "\(folder.file("loop1").path): cannot write: too many levels of symbolic links")
    }

    @Test("refused before anything is written: read-only file, folder, empty name, trailing slash, missing folder")
    func refusals() throws {
        let folder = try TemporaryFolder()
        let readOnly = try readOnlyFile(in: folder)
        let before = FileSnapshot(readOnly)
        let error = try #require(throws: FileWriteError.self) { try write("x", to: readOnly) }
        #expect(error.kind == .readOnlyFile)
        #expect(error.description == "\(readOnly.path): cannot write: the file is read-only (mode 0444); beztune does not replace it")
        #expect(FileSnapshot(readOnly) == before)

        try FileManager.default.createDirectory(at: folder.file("dir"), withIntermediateDirectories: false)
        #expect(errorMessage(FileWriteError.self) { try write("x", to: folder.file("dir")) }
                == "\(folder.file("dir").path): cannot write: it is an existing directory")
        #expect(errorMessage(FileWriteError.self) { try OutputTransaction.write(Data(), to: "", program: beztune) }
                == "'': cannot write: the file name is empty")
        let slash = folder.file("x.csv").path + "/"
        #expect(errorMessage(FileWriteError.self) { try OutputTransaction.write(Data(), to: slash, program: beztune) }
                == "\(slash): cannot write: a file name cannot end with '/' (that names a folder)")
        // The URL interface: a URL that says it names a folder where nothing is.
        let url = URL(fileURLWithPath: folder.file("y.csv").path, isDirectory: true)
        #expect(throws: FileWriteError.self) { try AtomicFile.write("x", to: url, program: beztune) }
        let missing = folder.file("nope/out.csv")
        #expect(errorMessage(FileWriteError.self) { try write("x", to: missing) }
                == "\(missing.path): cannot write: folder '\(folder.file("nope").path)' does not exist")
        #expect(try folder.contents() == ["dir", "ro.csv"])
    }

    @Test("a FIFO is written in place: the reader gets the bytes, the FIFO stays")
    func fifo() throws {
        let folder = try TemporaryFolder()
        let fifo = try SpecialFiles.fifo(folder.file("pipe"))
        let before = FileSnapshot(fifo)
        let received = Locked(Data())
        let reader = Thread {
            let fd = open(fifo.path, O_RDONLY)
            let data = readToEnd(fd)
            close(fd)
            received.withLock { $0 = data }
        }
        reader.start()
        try write("through the fifo\n", to: fifo)
        while received.withLock({ $0.isEmpty }) { usleep(1000) }
        #expect(received.withLock { $0 } == Data("through the fifo\n".utf8))
        #expect(FileSnapshot(fifo) == before)
        #expect(try folder.contents() == ["pipe"])
    }

    @Test("character devices are written in place, never replaced: a null device, a full device (ENOSPC), a link to one",
          .enabled(if: isRoot, "not root: mknod cannot make device nodes"))
    func characterDevices() throws {
        let folder = try TemporaryFolder()
        let null = try #require(SpecialFiles.nullDevice(folder.file("null")))
        let full = try #require(SpecialFiles.fullDevice(folder.file("full")))
        try FileManager.default.createSymbolicLink(atPath: folder.file("to-null").path, withDestinationPath: "null")
        let snapshots = [null, full, folder.file("to-null")].map(FileSnapshot.init)
        try write("discarded\n", to: null)
        try write("discarded\n", to: folder.file("to-null"))
        let error = try #require(throws: FileWriteError.self) { try write("x\n", to: full) }
        #expect(error.kind == .diskFull)
        #expect(error.description == "\(full.path): cannot write: no space left on device (disk full)")
        #expect([null, full, folder.file("to-null")].map(FileSnapshot.init) == snapshots)
        #expect(try folder.contents() == ["full", "null", "to-null"])
    }

    @Test("a block device and a socket are refused without being opened",
          .enabled(if: isRoot, "not root: mknod cannot make device nodes"))
    func blockDeviceAndSocket() throws {
        let folder = try TemporaryFolder()
        let block = try #require(SpecialFiles.blockDevice(folder.file("disk"), major: 7, minor: 250))
        let before = FileSnapshot(block)
        let error = try #require(throws: FileWriteError.self) { try write("x", to: block) }
        #expect(error.kind == .unsupportedFileType)
        #expect(error.description.hasSuffix("cannot write: it is a block device; beztune writes regular files, FIFOs and character devices only"))
        #expect(FileSnapshot(block) == before)

        let socket = try SpecialFiles.socket(folder.file("sock"))
        defer { close(socket) }
        let socketBefore = FileSnapshot(folder.file("sock"))
        #expect(errorMessage(FileWriteError.self) { try write("x", to: folder.file("sock")) }?
            .hasSuffix("cannot write: it is a socket; beztune writes regular files, FIFOs and character devices only") == true)
        #expect(FileSnapshot(folder.file("sock")) == socketBefore)
    }

    @Test("/dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N are recognised by their spelling")
    func descriptorNames() {
        #expect(descriptorNumber("/dev/stdout") == 1)
        #expect(descriptorNumber("/dev/stderr") == 2)
        #expect(descriptorNumber("/dev/stdin") == 0)
        #expect(descriptorNumber("/dev/fd/7") == 7)
        #expect(descriptorNumber("/proc/self/fd/12") == 12)
        #expect(descriptorNumber("/dev/fd/") == nil)
        #expect(descriptorNumber("/dev/fd/1x") == nil)
        #expect(descriptorNumber("/dev/fd/-1") == nil)
        #expect(descriptorNumber("/dev/stdout.csv") == nil)
        #expect(descriptorNumber("/proc/1/fd/1") == nil)
    }

    @Test("a descriptor given to the process is written in place; closed, read-only or internal ones are refused")
    func descriptors() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        for path in ["/dev/fd/\(writeEnd)", "/proc/self/fd/\(writeEnd)"] {
            #expect(try OutputDestination(path: path, program: beztune).kind == .descriptor(writeEnd))
            try OutputTransaction.write(Data("via \(path)\n".utf8), to: path, program: beztune)
        }
        close(writeEnd)
        let received = readToEnd(readEnd)
        #expect(String(decoding: received, as: UTF8.self) == "via /dev/fd/\(writeEnd)\nvia /proc/self/fd/\(writeEnd)\n")

        // The read end: open, but not for writing.
        #expect(errorMessage(FileWriteError.self) { _ = try OutputDestination(path: "/dev/fd/\(readEnd)", program: beztune) }
                == "/dev/fd/\(readEnd): cannot write: descriptor \(readEnd) is not open for writing")
        // One of the process's own (close-on-exec) descriptors.
        let own = open(FileManager.default.temporaryDirectory.path, O_RDONLY | O_CLOEXEC)
        defer { close(own) }
        var more: [Int32] = [-1, -1]
        #expect(pipe(&more) == 0)
        defer { close(more[0]); close(more[1]) }
        _ = fcntl(more[1], F_SETFD, FD_CLOEXEC)
        #expect(errorMessage(FileWriteError.self) { _ = try OutputDestination(path: "/dev/fd/\(more[1])", program: beztune) }
                == "/dev/fd/\(more[1]): cannot write: descriptor \(more[1]) was not given to beztune (it is one of its own)")
        // A number far above any open descriptor.
        #expect(errorMessage(FileWriteError.self) { _ = try OutputDestination(path: "/dev/fd/999999", program: beztune) }
                == "/dev/fd/999999: cannot write: descriptor 999999 is not open")
    }
}
