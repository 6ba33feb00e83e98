import DataFiles
import Foundation
import Testing
import _TestSupport

/// `fit`, `fit-profile` and `path-info` on design files: SVG documents read as they are drawn
/// (selection by id or number), Lottie animations at a frame or as a keyframe sequence, the
/// `select` column of manifests, the mirrored-fit warning of CSV targets, and the tool's own SVG
/// outputs read back.
@Suite("beztune: design files (SVG documents, Lottie)")
struct DesignFileCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let svgFolder = root.appendingPathComponent("Tests/InterchangeTests/Resources/svg")
    static let lottieSquash = root.appendingPathComponent("examples/designer/squash.json").path
    static let lottiePose = ["--set", "tx=256", "--set", "ty=-400", "--set", "k=0.5555555555555556"]

    /// The rows of `path-info`'s table as name → value.
    func table(_ text: String) -> [String: String] {
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let cells = line.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count == 2 { rows[cells[0]] = cells[1] }
        }
        return rows
    }

    @Test("path-info --svg-file equals path-info --path of the outline the svgelements-checked cases expect")
    func svgDocumentsAgainstTheCheckedOutlines() throws {
        let data = try Data(contentsOf: Self.svgFolder.appendingPathComponent("cases.json"))
        let cases = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let documents = try #require(cases["documents"] as? [[String: Any]])
        var compared = 0
        for document in documents {
            let file = Self.svgFolder.appendingPathComponent(try #require(document["file"] as? String)).path
            for outline in document["outlines"] as? [[String: Any]] ?? [] {
                let pieces = outline["expected"] as? [[String: Any]] ?? []
                // Pieces given untransformed: their path data is the outline (in user units).
                guard let select = outline["select"] as? String, !pieces.isEmpty,
                      pieces.allSatisfy({ ($0["transforms"] as? [Any])?.isEmpty == true }) else { continue }
                let d = pieces.compactMap { $0["d"] as? String }.joined(separator: " ")
                let read = try BinaryRunner.run(["path-info", "--svg-file", file, "--select", select, "--y-up"])
                let expected = try BinaryRunner.run(["path-info", "--path", d, "--y-up"])
                #expect(read.status == 0 && expected.status == 0, "\(file) --select \(select): \(read.stderr)\(expected.stderr)")
                let (a, b) = (table(read.stdout), table(expected.stdout))
                #expect(a["segments"] == b["segments"], "\(file) --select \(select)")
                let size = max(1, abs(Double(b["max_x"] ?? "") ?? 1) + abs(Double(b["max_y"] ?? "") ?? 1))
                for key in ["min_x", "min_y", "max_x", "max_y", "length"] {
                    let (x, y) = (Double(a[key] ?? "") ?? .nan, Double(b[key] ?? "") ?? .nan)
                    #expect(abs(x - y) <= 1e-9 * size, "\(file) --select \(select): \(key) \(x) against \(y)")
                }
                compared += 1
            }
        }
        #expect(compared >= 8)
    }

    @Test("path-info --svg-file: the outer viewBox, width and height after the usual rows; the CSV row as for --path")
    func pathInfoDocumentRows() throws {
        let file = Self.svgFolder.appendingPathComponent("several-candidates.svg").path
        let r = try BinaryRunner.run(["path-info", "--svg-file", file, "--select", "ball"])
        #expect(r.status == 0, "\(r.stderr)")
        let keys = r.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(keys == ["segments", "min_x", "min_y", "max_x", "max_y", "length", "viewbox", "width", "height"])
        #expect(table(r.stdout)["viewbox"] == "0 0 200 200" && table(r.stdout)["width"] == "200")
        let csv = try BinaryRunner.run(["path-info", "--svg-file", file, "--select", "ball", "--format", "csv"])
        let ball = "M100 180 C127.6 180 150 157.6 150 130 C150 102.4 127.6 80 100 80 C72.4 80 50 102.4 50 130 C50 157.6 72.4 180 100 180 Z"
        let direct = try BinaryRunner.run(["path-info", "--path", ball, "--format", "csv"])
        #expect(csv.stdout == direct.stdout && csv.stdout.hasPrefix("segments,min_x,min_y,max_x,max_y,length\n"))
        // An all-digit id is matched as an id first: shape 4 has id "3".
        let byID = try BinaryRunner.run(["path-info", "--svg-file", file, "--select", "3", "--format", "csv"])
        let direct3 = try BinaryRunner.run(["path-info", "--path", "M 10 10 L 30 10 L 20 30 Z", "--format", "csv"])
        #expect(byID.stdout == direct3.stdout)
        let number2 = try BinaryRunner.run(["path-info", "--svg-file", file, "--select", "2", "--format", "csv"])
        #expect(number2.stdout == direct.stdout)
    }

    @Test("fit --select: the same fit as the element's path data given as --path; without it, the candidates listed")
    func fitSelect() throws {
        let file = Self.svgFolder.appendingPathComponent("several-candidates.svg").path
        let ball = "M100 180 C127.6 180 150 157.6 150 130 C150 102.4 127.6 80 100 80 C72.4 80 50 102.4 50 130 C50 157.6 72.4 180 100 180 Z"
        let folder = try TemporaryFolder()
        let free = ["--free", "xFactor,yFactor,tx,ty"]
        let a = try BinaryRunner.run(["fit", "--target", file, "--select", "ball", "--csv", folder.file("a.csv").path] + free)
        let b = try BinaryRunner.run(["fit", "--path", ball, "--csv", folder.file("b.csv").path] + free)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        let (ta, tb) = (try CSVTable(contentsOf: folder.file("a.csv")), try CSVTable(contentsOf: folder.file("b.csv")))
        #expect(ta.header == tb.header)
        for column in ta.header where column != "seconds" {
            let i = try ta.columnIndex(column)
            #expect(ta.string(row: 0, column: i) == tb.string(row: 0, column: i), "\(column)")
        }
        let none = try BinaryRunner.run(["fit", "--target", file] + free)
        expectFailure(none, status: 1, mentioning: ["several-candidates.svg", "4 shapes are drawn", "1 <ellipse id=\"shadow\"> line 3",
                                                     "2 <path id=\"ball\"> line 4", "4 <path id=\"3\"> line 6"])
    }

    @Test("a document of 12 drawn shapes lists the first 10 and how many more")
    func candidateListIsCut() throws {
        let folder = try TemporaryFolder()
        var svg = "<svg xmlns='http://www.w3.org/2000/svg'>\n"
        for i in 1...12 { svg += "<rect id='r\(i)' x='\(i * 10)' y='0' width='5' height='5'/>\n" }
        svg += "</svg>\n"
        try svg.write(to: folder.file("many.svg"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["fit", "--target", folder.file("many.svg").path])
        expectFailure(r, status: 1, mentioning: ["12 shapes are drawn", "10 <rect id=\"r10\"> line 11", "… and 2 more"])
        #expect(!r.stderr.contains("r11"))
    }

    /// y(x) of cubic-bezier(x1, 0, x2, 1) (``ReferenceEasing/cubicBezier(x1:y1:x2:y2:at:)``).
    static func cubicBezier(x1: Double, x2: Double, at x: Double) -> Double {
        ReferenceEasing.cubicBezier(x1: x1, y1: 0, x2: x2, y2: 1, at: x)
    }

    @Test("fit --target anim.json --frame F: the eased squash, x 1 + 0.2·y and y 1 − 0.2·y at y = cubic-bezier(0.33, 0, 0.2, 1)(F/30)")
    func lottieFrame() throws {
        let folder = try TemporaryFolder()
        for frame in [0.0, 7.5, 15, 30] {
            let r = try BinaryRunner.run(["fit", "--target", Self.lottieSquash, "--frame", "\(frame)", "--free", "xFactor,yFactor",
                                          "--csv", folder.file("f.csv").path] + Self.lottiePose)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
            let t = try CSVTable(contentsOf: folder.file("f.csv"))
            let y = Self.cubicBezier(x1: 0.33, x2: 0.2, at: frame / 30)
            #expect(abs(try t.double(row: 0, column: t.columnIndex("xFactor")) - (1 + 0.2 * y)) < 1e-9, "frame \(frame)")
            #expect(abs(try t.double(row: 0, column: t.columnIndex("yFactor")) - (1 - 0.2 * y)) < 1e-9, "frame \(frame)")
            #expect(try t.double(row: 0, column: t.columnIndex("rms")) < 1e-9)
        }
        // By layer name and by position: the same layer.
        for layer in ["Ball", "0"] {
            let r = try BinaryRunner.run(["fit", "--target", Self.lottieSquash, "--frame", "15", "--layer", layer, "--free", "xFactor,yFactor"] + Self.lottiePose)
            #expect(r.status == 0, "\(r.stderr)")
        }
    }

    @Test("fit-profile --lottie recovers the file's cubic-bezier (0.33, 0, 0.2, 1) to 1e-6; --frames A:B:STEP gives frame f progress f/30")
    func lottieProfile() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["fit-profile", "--lottie", Self.lottieSquash, "--free", "xFactor,yFactor",
                                      "--out", folder.file("p").path] + Self.lottiePose)
        #expect(r.status == 0, "\(r.stderr)")
        let timing = try CSVTable(contentsOf: folder.file("p/timing.csv"))
        #expect(timing.rows.count == 2)
        for row in timing.rows.indices {
            for (name, value) in [("x1", 0.33), ("y1", 0.0), ("x2", 0.2), ("y2", 1.0)] {
                #expect(abs(try timing.double(row: row, column: timing.columnIndex(name)) - value) < 1e-6, "\(name)")
            }
        }
        let steps = try BinaryRunner.run(["fit-profile", "--lottie", Self.lottieSquash, "--frames", "0:30:5", "--timing", "keyframes",
                                          "--free", "xFactor,yFactor", "--out", folder.file("q").path] + Self.lottiePose)
        #expect(steps.status == 0, "\(steps.stderr)")
        let profile = try CSVTable(contentsOf: folder.file("q/profile.csv"))
        let progress = try profile.rows.indices.map { try profile.double(row: $0, column: profile.columnIndex("progress")) }
        #expect(progress == [0, 5, 10, 15, 20, 25, 30].map { $0 / 30 })
        for row in profile.rows.indices {
            let y = Self.cubicBezier(x1: 0.33, x2: 0.2, at: progress[row])
            #expect(abs(try profile.double(row: row, column: profile.columnIndex("xFactor")) - (1 + 0.2 * y)) < 1e-9)
        }
        #expect(profile.string(row: 3, column: try profile.columnIndex("file")).hasSuffix("squash.json frame 15"))
    }

    /// A ball drawn by the model (x 1.2, y 0.7, top y 0.6), sampled 25 times per cubic, as y-down
    /// screen points (y negated and moved down by 300).
    func screenPoints() throws -> String {
        let r = try BinaryRunner.run(["model", "--name", "ball", "--set", "xFactor=1.2", "--set", "yFactor=0.7",
                                      "--set", "topYFactor=0.6", "--format", "csv"])
        let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        let p = rows.map { (Double($0[1])!, Double($0[2])!) }
        var csv = "x,y\n"
        for s in stride(from: 0, to: p.count - 1, by: 3) {
            for i in 0..<25 {
                let t = Double(i) / 25, u = 1 - t
                let x = u * u * u * p[s].0 + 3 * u * u * t * p[s + 1].0 + 3 * u * t * t * p[s + 2].0 + t * t * t * p[s + 3].0
                let y = u * u * u * p[s].1 + 3 * u * u * t * p[s + 1].1 + 3 * u * t * t * p[s + 2].1 + t * t * t * p[s + 3].1
                csv += "\(x),\(300 - y)\n"
            }
        }
        return csv
    }

    @Test("a CSV of y-down points fitted as y-up: one warning naming --y-down, exit 0; with --y-down none, and the model's values")
    func mirroredWarning() throws {
        let folder = try TemporaryFolder()
        try screenPoints().write(to: folder.file("screen.csv"), atomically: true, encoding: .utf8)
        let free = ["--free", "xFactor,yFactor,topYFactor,tx,ty"]
        let wrong = try BinaryRunner.run(["fit", "--target", folder.file("screen.csv").path] + free)
        #expect(wrong.status == 0)
        #expect(wrong.errorLines.count == 1 && wrong.stderr.contains("warning: the points fit much better mirrored upside down")
                && wrong.stderr.contains("pass --y-down"), "\(wrong.stderr)")
        let right = try BinaryRunner.run(["fit", "--target", folder.file("screen.csv").path, "--y-down",
                                          "--csv", folder.file("fit.csv").path] + free)
        #expect(right.status == 0 && right.stderr.isEmpty, "\(right.stderr)")
        let t = try CSVTable(contentsOf: folder.file("fit.csv"))
        for (name, value) in [("xFactor", 1.2), ("yFactor", 0.7), ("topYFactor", 0.6), ("ty", -300.0)] {
            #expect(abs(try t.double(row: 0, column: t.columnIndex(name)) - value) < 1e-6, "\(name)")
        }
        // In a batch: the row's warning on stderr, the CSV as without it.
        try "file\nscreen.csv\n".write(to: folder.file("targets.csv"), atomically: true, encoding: .utf8)
        let batch = try BinaryRunner.run(["fit", "--targets", folder.file("targets.csv").path] + free)
        #expect(batch.status == 0)
        #expect(batch.errorLines.filter { $0.contains("warning:") } == batch.errorLines.filter { $0.contains("targets.csv line 2 (screen.csv): the points fit much better mirrored") })
        #expect(batch.errorLines.filter { $0.contains("warning:") }.count == 1, "\(batch.stderr)")
        // The squash membrane's points, the right way up: no warning (its mirror fits 2× better,
        // not 4×).
        let squash = try BinaryRunner.run(["fit", "--target", Self.root.appendingPathComponent("examples/squash-0.5-points.csv").path,
                                           "--free", "xFactor,yFactor,topYFactor,k"])
        #expect(squash.status == 0 && squash.stderr.isEmpty, "\(squash.stderr)")
    }

    @Test("manifests: a select column chooses each row's shape (fit --targets and fit-profile --keyframes), --select the rest")
    func selectColumn() throws {
        let folder = try TemporaryFolder()
        var manifest = "progress,file,select\n"
        var plain = "progress,file\n"
        for (i, name) in ["squash-0.25", "squash-0.5", "squash-0.75", "squash-1"].enumerated() {
            let text = try String(contentsOf: Self.root.appendingPathComponent("examples/\(name).svg"), encoding: .utf8)
            // A shadow drawn before the squash: two shapes, so the row must select one.
            let shadowed = text.replacingOccurrences(of: "<path id=\"squash\"", with: "<ellipse id=\"shadow\" cx=\"0\" cy=\"3\" rx=\"40\" ry=\"3\"/>\n  <path id=\"squash\"")
            try shadowed.write(to: folder.file("\(name).svg"), atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("examples/\(name).svg"), to: folder.file("plain-\(name).svg"))
            manifest += "\(Double(i) / 3),\(name).svg,\(i == 0 ? "" : i == 1 ? "2" : "squash")\n"
            plain += "\(Double(i) / 3),plain-\(name).svg\n"
        }
        try manifest.write(to: folder.file("keys.csv"), atomically: true, encoding: .utf8)
        try plain.write(to: folder.file("plain.csv"), atomically: true, encoding: .utf8)
        let free = ["--free", "xFactor,yFactor,topYFactor", "--timing", "linear"]
        let a = try BinaryRunner.run(["fit-profile", "--keyframes", folder.file("keys.csv").path, "--select", "squash",
                                      "--out", folder.file("a").path] + free)
        let b = try BinaryRunner.run(["fit-profile", "--keyframes", folder.file("plain.csv").path, "--out", folder.file("b").path] + free)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(try String(contentsOf: folder.file("a/timing.csv"), encoding: .utf8)
                == String(contentsOf: folder.file("b/timing.csv"), encoding: .utf8))
        // Without --select the first row (empty cell) has two shapes.
        let missing = try BinaryRunner.run(["fit-profile", "--keyframes", folder.file("keys.csv").path, "--out", folder.file("c").path] + free)
        expectFailure(missing, status: 1, mentioning: ["keys.csv line 2 (squash-0.25.svg)", "2 shapes are drawn"])

        try manifest.replacingOccurrences(of: "progress,", with: "p,").write(to: folder.file("targets.csv"), atomically: true, encoding: .utf8)
        let batch = try BinaryRunner.run(["fit", "--targets", folder.file("targets.csv").path, "--select", "squash",
                                          "--free", "xFactor,yFactor,topYFactor,k"])
        #expect(batch.status == 0, "\(batch.stderr)")
        let single = try BinaryRunner.run(["fit", "--target", folder.file("plain-squash-0.5.svg").path, "--free", "xFactor,yFactor,topYFactor,k",
                                           "--csv", folder.file("single.csv").path])
        #expect(single.status == 0)
        let rows = batch.stdout.split(separator: "\n").map(String.init)
        let singleRow = try String(contentsOf: folder.file("single.csv"), encoding: .utf8).split(separator: "\n")[1]
        // The fields up to the status, then (after the wall time, and the batch's message) the setup's
        // model, radius and held values.
        let fields = { (s: Substring) in s.split(separator: ",", omittingEmptySubsequences: false) }
        let (batchRow, one) = (fields(Substring(rows.count > 2 ? rows[2] : "")), fields(singleRow))
        // The pixel columns (last four) follow the same figures, so they agree too.
        #expect(rows.count == 5 && batchRow.dropLast(9).suffix(one.count - 8) == one.dropLast(8)
                && batchRow.dropLast(4).suffix(3) == one.dropLast(4).suffix(3) && batchRow.suffix(4) == one.suffix(4),
                "\(batchRow) vs \(one)")
    }

    /// The numbers of path data, in order.
    func numbers(_ d: String) -> [Double] {
        d.split(whereSeparator: { " ,MCLZ\n".contains($0) }).compactMap { Double($0) }
    }

    /// cairo (1.16) keeps path coordinates in 24.8 fixed point and writes them so: an SVG
    /// picture's points are its pixels rounded to 1/256 px.
    static let cairoResolution = 1.0 / 256

    @Test("fit --png x.svg reads back with --select fit to the fitted outline in the picture's pixels (within cairo's 1/256 px)")
    func fitPictureReadBack() throws {
        let folder = try TemporaryFolder()
        let squash = Self.root.appendingPathComponent("examples/squash-0.5.svg").path
        let r = try BinaryRunner.run(["fit", "--target", squash, "--free", "xFactor,yFactor,topYFactor,k", "--png", folder.file("fit.svg").path,
                                      "--size", "300x300", "--csv", folder.file("fit.csv").path])
        #expect(r.status == 0, "\(r.stderr)")
        let t = try CSVTable(contentsOf: folder.file("fit.csv"))
        var set: [String] = []
        for name in ["xFactor", "yFactor", "topYFactor", "k"] { set += ["--set", "\(name)=\(t.string(row: 0, column: try t.columnIndex(name)))"] }
        let model = numbers(try BinaryRunner.run(["model", "--name", "ball", "--y-up"] + set).stdout)
        let read = try BinaryRunner.run(["path-info", "--svg-file", folder.file("fit.svg").path, "--select", "fit", "--y-up", "--format", "svg"])
        #expect(read.status == 0, "\(read.stderr)")
        // cairo ends a closed path with a move back to its start ("Z M x y"): no segment.
        let pixels = numbers(String(read.stdout.prefix { $0 != "Z" }))
        try #require(pixels.count == model.count && model.count == 26)
        // The picture maps model space by x ↦ e + s·x, y ↦ f − s·y: s, e, f by least squares over
        // the 13 points, then every point within one fixed-point step (1/256 px) of its image.
        let n = Double(model.count / 2)
        var (sx, sy, sxx, sxp, syp, spx, spy) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for i in stride(from: 0, to: model.count, by: 2) {
            sx += model[i]; sy += model[i + 1]; sxx += model[i] * model[i] + model[i + 1] * model[i + 1]
            sxp += model[i] * pixels[i]; syp += model[i + 1] * pixels[i + 1]; spx += pixels[i]; spy += pixels[i + 1]
        }
        // Minimise Σ (e + s·x − X)² + (f − s·y − Y)²: normal equations in e, f, s.
        let s = ((sxp - syp) - (sx * spx - sy * spy) / n) / (sxx - (sx * sx + sy * sy) / n)
        let (e, f) = ((spx - s * sx) / n, (spy + s * sy) / n)
        #expect(s > 0)
        for i in stride(from: 0, to: model.count, by: 2) {
            #expect(abs(pixels[i] - (e + s * model[i])) <= Self.cairoResolution
                    && abs(pixels[i + 1] - (f - s * model[i + 1])) <= Self.cairoResolution, "point \(i / 2)")
        }
        // The target outline is the element "target".
        let target = try BinaryRunner.run(["path-info", "--svg-file", folder.file("fit.svg").path, "--select", "target"])
        #expect(target.status == 0, "\(target.stderr)")
    }

    @Test("frames --format svg reads back with --select (number or id \"outline\") to the outline cairo wrote, to the digit")
    func framesReadBack() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["frames", "--model", "ball", "--out", folder.file("f").path, "--count", "2",
                                      "--format", "svg", "--size", "200x200"])
        #expect(r.status == 0, "\(r.stderr)")
        let file = folder.file("f/frame_0000.svg").path
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        // The outline cairo wrote: the second drawn element, after the background <rect>.
        let d = try #require(svg.firstMatch(of: /<path id="outline" style="fill-rule:nonzero;[^"]*" d="([^"]+)"/)?.output.1)
        let numbers = d.split(whereSeparator: { " MCZ".contains($0) }).compactMap { Double($0) }
        let read = try BinaryRunner.run(["path-info", "--svg-file", file, "--select", "2", "--y-up", "--format", "svg"])
        #expect(read.status == 0, "\(read.stderr)")
        let back = read.stdout.split(whereSeparator: { " MCZ\n".contains($0) }).compactMap { Double($0) }
        // cairo writes 6 decimals, path-info every digit: equal to the 6th.
        #expect(back.count == numbers.count && zip(back, numbers).allSatisfy { abs($0 - $1) <= 5e-7 })
        // The glyph definitions in <defs> are not shapes: the outline is shape 2 of the drawn ones,
        // and the element with id "outline" (with --guides too).
        let byID = try BinaryRunner.run(["path-info", "--svg-file", file, "--select", "outline", "--y-up", "--format", "svg"])
        #expect(byID.stdout == read.stdout)
        let guides = try BinaryRunner.run(["frames", "--model", "ball", "--out", folder.file("g").path, "--count", "2", "--guides",
                                           "--format", "svg", "--size", "200x200"])
        #expect(guides.status == 0, "\(guides.stderr)")
        let withGuides = try BinaryRunner.run(["path-info", "--svg-file", folder.file("g/frame_0000.svg").path, "--select", "outline",
                                               "--y-up", "--format", "svg"])
        #expect(withGuides.stdout == read.stdout, "\(withGuides.stderr)")
        let info = table(try BinaryRunner.run(["path-info", "--svg-file", file, "--select", "2", "--y-up"]).stdout)
        // The unit ball (radius 50, bottom at the origin) drawn 1.36 px per unit about the centre.
        for (key, value) in [("min_x", 32.0), ("max_x", 168.0), ("min_y", 32.0), ("max_y", 168.0)] {
            #expect(abs((Double(info[key] ?? "") ?? .nan) - value) <= 1e-6, "\(key)")
        }
    }
}
