@testable import beztune
import DataFiles
import Fitting
import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("Target files and keyframe manifests: formats, one orientation rule, messages")
struct TargetFileTests {
    /// A right triangle written y-down (SVG) or y-up (CSV): legs 30 along x and 40 along y.
    static let triangleData = "M0 0 L30 0 L0 40 Z"
    static let triangleCSV = "x,y,label\n0,0,a\n30,0,b\n0,40,c\n"

    @Test("each format's default orientation: SVG and path data y-down, CSV points y-up")
    func defaults() {
        #expect(TargetFormat.svgDocument.defaultOrientation == .yDown)
        #expect(TargetFormat.pathData.defaultOrientation == .yDown)
        #expect(TargetFormat.csvPoints.defaultOrientation == .yUp)
        #expect(TargetFormat(fileName: "a/B.CSV") == .csvPoints && TargetFormat(fileName: "x.svg") == .svgDocument)
        #expect(TargetFormat(fileName: "x.path") == nil)
        #expect(TargetFormat(fileName: "x.txt", text: "<?xml?>\n<svg>") == .svgDocument)
        #expect(TargetFormat(fileName: "x.txt", text: "M0 0 L1 1") == .pathData)
        #expect(TargetFormat(fileName: "x.csv", text: "<svg>") == .csvPoints)
        // A name that says nothing (a process substitution's /dev/fd/63): CSV by its text.
        #expect(TargetFormat(fileName: "/dev/fd/63", text: "x,y\n0,0\n") == .csvPoints)
        #expect(TargetFormat(fileName: "/dev/fd/63", text: "  M0,0 L1,1") == .pathData)
        #expect(TargetFormat(fileName: "/dev/fd/63", text: "m0 0 l1,1") == .pathData)
        #expect(TargetFormat(fileName: "/dev/fd/63", text: "C0 0") == .pathData)
    }

    @Test("the one flip: y ↦ −y on points (exact negation) and on paths, identity for y-up")
    func flip() throws {
        let points = [Point(1.5, 2), Point(-3, -0.25), Point(0x1p-1074, 1e308)]
        #expect(TargetOrientation.yUp.modelSpace(points) == points)
        #expect(TargetOrientation.yDown.modelSpace(points) == [Point(1.5, -2), Point(-3, 0.25), Point(0x1p-1074, -1e308)])
        let path = try Path(svgPathData: Self.triangleData)
        #expect(TargetOrientation.yUp.modelSpace(path).boundingBox == Rect(minX: 0, minY: 0, maxX: 30, maxY: 40))
        #expect(TargetOrientation.yDown.modelSpace(path).boundingBox == Rect(minX: 0, minY: -40, maxX: 30, maxY: 0))
    }

    @Test("CSV point lists: columns x and y in any order, model space unless y-down")
    func csvPoints() throws {
        let table = try CSVTable(parsing: "label,y,x\na,1,2\nb,-4,0.5\n", source: "p.csv")
        #expect(try TargetOutline.points(in: table) == [Point(2, 1), Point(0.5, -4)])
        #expect(try TargetOutline.points(in: table, orientation: .yUp) == [Point(2, 1), Point(0.5, -4)])
        #expect(try TargetOutline.points(in: table, orientation: .yDown) == [Point(2, -1), Point(0.5, 4)])
        let bad = try CSVTable(parsing: "x,y\n1,2\nabc,3\n", source: "p.csv")
        #expect(throws: CSVError(.value, source: "p.csv", line: 3, columnName: "x", reason: "'abc' is not a number")) {
            try TargetOutline.points(in: bad)
        }
        let missing = try CSVTable(parsing: "x,z\n1,2\n", source: "p.csv")
        #expect(message { _ = try TargetOutline.points(in: missing) } == "p.csv: missing column 'y' (columns: x, z)")
    }

    @Test("a target file by its format: the same outline from SVG, path data and CSV")
    func files() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try "<svg xmlns='http://www.w3.org/2000/svg'><path d='\(Self.triangleData)'/></svg>".write(to: folder.file("t.svg"), atomically: true, encoding: .utf8)
        try Self.triangleData.write(to: folder.file("t.path"), atomically: true, encoding: .utf8)
        try "<svg><path d='\(Self.triangleData)'/></svg>".write(to: folder.file("t.txt"), atomically: true, encoding: .utf8)
        // The CSV holds the y-up triangle (SVG's, flipped): y negated by hand.
        try "x,y\n0,0\n30,0\n0,-40\n".write(to: folder.file("t.csv"), atomically: true, encoding: .utf8)
        let flipped = Rect(minX: 0, minY: -40, maxX: 30, maxY: 0)
        for name in ["t.svg", "t.path", "t.txt", "t.csv"] {
            let target = try TargetOutline(contentsOfFile: folder.file(name).path, sampleCount: 12)
            #expect(target.outline.boundingBox == flipped, "\(name)")
            #expect(target.points.count == 12, "\(name)")
        }
        // An orientation given applies to every format: y-up keeps SVG as written, y-down flips CSV.
        let svgUp = try TargetOutline(contentsOfFile: folder.file("t.svg").path, orientation: .yUp)
        #expect(svgUp.outline.boundingBox == Rect(minX: 0, minY: 0, maxX: 30, maxY: 40))
        #expect(svgUp.points.count == TargetOutline.defaultSampleCount && TargetOutline.defaultSampleCount == 720)
        let svgDown = try TargetOutline(contentsOfFile: folder.file("t.svg").path, sampleCount: 12, orientation: .yDown)
        #expect(svgDown.points == (try TargetOutline(contentsOfFile: folder.file("t.svg").path, sampleCount: 12)).points)
        let csvDown = try TargetOutline(contentsOfFile: folder.file("t.csv").path, orientation: .yDown)
        #expect(csvDown.points == [Point(0, -0.0), Point(30, -0.0), Point(0, 40)] && csvDown.source == .points)
    }

    @Test("target file messages name the file as given, and the line and column in a CSV")
    func fileMessages() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let dir = folder.url.path
        try "x,y\n1,2\n3,nan\n".write(to: folder.file("nan.csv"), atomically: true, encoding: .utf8)
        try "x,y\n1,2\n".write(to: folder.file("one.csv"), atomically: true, encoding: .utf8)
        try "M0 0 L1 ".write(to: folder.file("bad.path"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.file("d.svg"), withIntermediateDirectories: false)
        func read(_ name: String) -> String? {
            message { _ = try TargetOutline(contentsOfFile: "\(dir)/\(name)") }
        }
        #expect(read("missing.svg") == "\(dir)/missing.svg: no such file")
        #expect(read("d.svg") == "\(dir)/d.svg: is a directory, expected a SVG file")
        #expect(read("nan.csv") == "\(dir)/nan.csv line 3, column 'y': 'nan' is not a finite number")
        #expect(read("one.csv") == "\(dir)/one.csv: the target has 1 point; at least 3 are needed")
        #expect(read("bad.path")?.hasPrefix("\(dir)/bad.path: invalid path data: ") == true)
    }

    @Test("keyframe manifests: rows, files found, progress checked, targets labelled by row")
    func keyframeManifest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["a.path", "b.path", "c.path"] {
            try Self.triangleData.write(to: folder.file(name), atomically: true, encoding: .utf8)
        }
        try "x,y\n1,2\n".write(to: folder.file("one.csv"), atomically: true, encoding: .utf8)
        let manifest = folder.file("keys.csv").path
        func write(_ text: String) throws { try text.write(toFile: manifest, atomically: true, encoding: .utf8) }

        try write("progress,file,note\n0, a.path ,x\n0.5,b.path,\n1,\(folder.file("c.path").path),\n")
        let m = try KeyframeManifest(contentsOfFile: manifest, timing: .linear)
        #expect(m.rows.map(\.line) == [2, 3, 4] && m.rows.map(\.progress) == [0, 0.5, 1])
        #expect(m.rows.map(\.file) == ["a.path", "b.path", folder.file("c.path").path])
        #expect(m.rows.map(\.path) == ["a.path", "b.path", "c.path"].map { folder.file($0).path })
        #expect(m.rows[0].label == "\(manifest) line 2 (a.path)")
        let keyframes = try m.keyframes(sampleCount: 9, orientation: .yUp)
        #expect(keyframes.map(\.label) == m.rows.map(\.label) && keyframes.map(\.progress) == [0, 0.5, 1])
        #expect(keyframes[1].target.outline.boundingBox == Rect(minX: 0, minY: 0, maxX: 30, maxY: 40))
        #expect(keyframes.allSatisfy { $0.target.points.count == 9 })

        func failure(_ text: String, timing: ProfileTimingKind = .linear) throws -> String? {
            try write(text)
            return message { _ = try KeyframeManifest(contentsOfFile: manifest, timing: timing) }
        }
        #expect(try failure("progress,file\n0,a.path\n0.5,gone.path\n")
                == "\(manifest) line 3, column 'file': keyframe file 'gone.path' does not exist (looked for \(folder.file("gone.path").path))")
        #expect(try failure("progress,file\n0,a.path\nx,b.path\n") == "\(manifest) line 3, column 'progress': 'x' is not a number")
        #expect(try failure("progress,file\n0,a.path\n1,\" \"\n") == "\(manifest) line 3, column 'file': empty file name")
        #expect(try failure("progress,file\n0,a.path\n0,b.path\n")
                == "\(manifest) line 3 (b.path): progress 0 repeats that of \(manifest) line 2 (a.path); every keyframe needs its own progress")
        #expect(try failure("progress,file\n0,a.path\n")
                == "\(manifest): 1 keyframe but the linear timing has 2 unknowns per parameter (start, end): give at least 2 keyframes")
        try write("progress,file\n0,a.path\n1,one.csv\n")
        let withPoint = try KeyframeManifest(contentsOfFile: manifest, timing: .linear)
        #expect(message { _ = try withPoint.keyframes() }
                == "\(manifest) line 3 (one.csv): \(folder.file("one.csv").path): the target has 1 point; at least 3 are needed")
    }

    @Test("the text-to-rows step alone: trimmed names, no control characters")
    func entries() throws {
        let table = try CSVTable(parsing: "file,progress\n\" a.svg\t\",0.25\n\"b\nc.svg\",1\n", source: "m.csv")
        #expect(message { _ = try KeyframeManifest.entries(in: table) }
                == "m.csv line 3, column 'file': the file name contains a line break or control character")
        let good = try CSVTable(parsing: "file,progress\n\" a.svg\t\",0.25\nb.svg,nan\n", source: "m.csv")
        let rows = try KeyframeManifest.entries(in: good)
        #expect(rows.count == 2 && rows[0] == KeyframeManifest.Entry(line: 2, progress: 0.25, file: "a.svg"))
        #expect(rows[1].line == 3 && rows[1].progress.isNaN && rows[1].file == "b.svg")
        #expect(KeyframeManifest.isControl("\u{85}") && KeyframeManifest.isControl("\u{2028}") && !KeyframeManifest.isControl("é"))
    }

    /// The description of the error `body` throws, nil if none.
    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
