import Foundation
import DataFiles
import Render
import Testing
import _TestSupport

@Suite("beztune frames")
struct FramesCommandTests {
    @Test("writes numbered frames, frames.csv with every parameter, and a contact sheet")
    func writesFrames() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("anim").path
        let r = try BinaryRunner.run(["frames", "--model", "ball", "--set", "yFactor=0.8", "--set", "topYFactor=0.6",
                                      "--timing", "easeInEaseOut", "--count", "5", "--size", "200x160", "--guides", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == [".beztune-outputs", "contact.png", "frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_0003.png",
                          "frame_0004.png", "frames.csv"])
        // The folder's record lists exactly what this run wrote.
        let record = try String(contentsOfFile: out + "/.beztune-outputs", encoding: .utf8)
        #expect(record.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init).sorted() == Array(names.dropFirst()))
        let frame = try RasterImage(png: Data(contentsOf: URL(fileURLWithPath: out + "/frame_0002.png")))
        #expect(frame.width == 200 && frame.height == 160)
        let table = try CSVTable(contentsOf: URL(fileURLWithPath: out + "/frames.csv"))
        #expect(Array(table.header.prefix(4)) == ["frame", "progress", "radius", "k"])
        #expect(table.header.contains("topYFactor") && table.rows.count == 5)
        // Progress evenly spaced with ends included; the timing maps 0.5 to 0.5 (easeInEaseOut is
        // symmetric), so at the middle frame topYFactor is halfway: 0.8; yFactor 0.9.
        let p = try table.columnIndex("progress"), top = try table.columnIndex("topYFactor"), y = try table.columnIndex("yFactor")
        #expect(try (0..<5).map { try table.double(row: $0, column: p) } == [0, 0.25, 0.5, 0.75, 1])
        #expect(abs(try table.double(row: 2, column: top) - 0.8) < 1e-12)
        #expect(abs(try table.double(row: 2, column: y) - 0.9) < 1e-12)
        #expect(try table.double(row: 4, column: top) == 0.6)
        let sheet = try RasterImage(png: Data(contentsOf: URL(fileURLWithPath: out + "/contact.png")))
        #expect(sheet.width > 3 * 150)
    }

    @Test("a second run with fewer frames into the same folder leaves only its own frames, and the user's files untouched")
    func staleFrames() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("anim").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // Files of the user's next to ours, some with names of the kind we write.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/frame_0042.png"))
        try FileManager.default.createDirectory(atPath: out + "/frame_0050.png", withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: out + "/frame_0050.png/notes.txt"))
        for count in ["4", "2"] {
            let r = try BinaryRunner.run(["frames", "--model", "ball", "--count", count, "--size", "32x32", "--out", out])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == [".beztune-outputs", "contact.png", "frame_0000.png", "frame_0001.png", "frame_0042.png",
                          "frame_0050.png", "frames.csv"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/frame_0042.png")) == Data("mine".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/frame_0050.png/notes.txt")) == Data("notes".utf8))
        // A run that would write over the user's file refuses before any work, naming it.
        expectFailure(try BinaryRunner.run(["frames", "--model", "ball", "--count", "43", "--size", "32x32", "--out", out]),
                      status: 1, mentioning: ["frame_0042.png", "did not write it"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == names)
    }

    @Test("frames are byte-identical across runs; SVG frames on request")
    func deterministic() throws {
        let folder = try TemporaryFolder()
        for name in ["a", "b"] {
            let r = try BinaryRunner.run(["frames", "--model", "ball", "--set", "xFactor=1.2", "--count", "2", "--out", folder.file(name).path])
            #expect(r.status == 0)
        }
        let a = try Data(contentsOf: folder.file("a/frame_0001.png")), b = try Data(contentsOf: folder.file("b/frame_0001.png"))
        #expect(a == b)
        let svg = try BinaryRunner.run(["frames", "--model", "ball", "--count", "1", "--format", "svg", "--out", folder.file("s").path])
        #expect(svg.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("s/frame_0000.svg").path))
    }

    @Test("bad input: one line, exit status, nothing written")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("o").path
        expectFailure(try BinaryRunner.run(["frames", "--model", "ball", "--count", "0", "--out", out]), status: 2, mentioning: ["--count"])
        expectFailure(try BinaryRunner.run(["frames", "--model", "ball", "--size", "0x0", "--out", out]), status: 2, mentioning: ["--size"])
        expectFailure(try BinaryRunner.run(["frames", "--model", "ball", "--size", "100000x100000", "--out", out]), status: 2, mentioning: ["--size"])
        expectFailure(try BinaryRunner.run(["frames", "--model", "cube", "--out", out]), status: 2, mentioning: ["cube", "ball"])
        expectFailure(try BinaryRunner.run(["frames", "--model", "ball", "--from", "1.5", "--out", out]), status: 2, mentioning: ["--from"])
        expectFailure(try BinaryRunner.run(["frames", "--model", "ball", "--set", "yFactor=-1", "--out", out]), status: 2, mentioning: ["yFactor"])
        expectFailure(try BinaryRunner.run(["frames", "--model", "ball"]), status: 2, mentioning: ["--out"])
        #expect(try folder.contents().isEmpty)
        let file = folder.file("plain")
        try Data("x".utf8).write(to: file)
        expectFailure(try BinaryRunner.run(["frames", "--model", "ball", "--count", "2", "--out", file.path]), status: 1, mentioning: ["not a folder"])
        #expect(try folder.contents() == ["plain"])
    }
}
