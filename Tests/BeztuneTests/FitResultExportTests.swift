import DataFiles
import Foundation
import Testing
import _TestSupport

/// `beztune fit --csv` records what the fit was (model, radius, held values, pose), and
/// `beztune export --fit` draws it from the file alone; a flag that contradicts the file is
/// refused; a file written before the record still works with the fit's flags.
@Suite("beztune fit --csv records its setup; export --fit needs no repeated flag")
struct FitResultExportTests {
    func run(_ arguments: [String], in folder: TemporaryFolder) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: folder.url)
    }

    /// The numbers of SVG path data, in order.
    func numbers(_ pathData: some StringProtocol) -> [Double] {
        pathData.split(whereSeparator: { " ,MCLZmclz".contains($0) }).compactMap { Double($0) }
    }

    /// The `d` of `<path id="outline">` in an exported SVG file.
    func outline(_ file: URL) throws -> [Double] {
        let svg = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(svg.range(of: "<path id=\"outline\" d=\""))
        return numbers(svg[start.upperBound...].prefix { $0 != "\"" })
    }

    /// (min x, max x, min y, max y) of the points of path-data numbers (x, y pairs).
    func box(_ n: [Double]) -> [Double] {
        let xs = stride(from: 0, to: n.count, by: 2).map { n[$0] }, ys = stride(from: 1, to: n.count, by: 2).map { n[$0] }
        return [xs.min()!, xs.max()!, ys.min()!, ys.max()!]
    }

    /// `beztune model --name ball` with `set` (NAME=VALUE each), as path-data numbers.
    func model(_ set: [String], in folder: TemporaryFolder) throws -> (text: String, numbers: [Double]) {
        let r = try run(["model", "--name", "ball"] + set.flatMap { ["--set", $0] }, in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        let text = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return (text, numbers(text))
    }

    /// The fitted values of a one-row fit CSV's parameter columns, as NAME=VALUE with every digit.
    func fitted(_ file: URL, _ names: [String]) throws -> [String] {
        let csv = try CSVTable(contentsOf: file)
        return try names.map { "\($0)=\(csv.string(row: 0, column: try csv.columnIndex($0)))" }
    }

    @Test("fit --radius 40, then export --fit alone: the fitted outline at radius 40; a contradicting flag refused")
    func radius40() throws {
        let folder = try TemporaryFolder()
        let target = try model(["radius=40", "xFactor=1.1", "yFactor=0.8", "topYFactor=0.7", "k=0.56"], in: folder)
        try target.text.write(to: folder.file("ball.path"), atomically: true, encoding: .utf8)
        let f = try run(["fit", "--target", "ball.path", "--radius", "40", "--samples", "200", "--csv", "fit.csv"], in: folder)
        #expect(f.status == 0, "\(f.stderr)")
        let csv = try CSVTable(contentsOf: folder.file("fit.csv"))
        let free = ["xFactor", "yFactor", "topYFactor", "k"]
        #expect(csv.header == free + free.map { $0 + "_stderr" } + ["rms", "max_distance", "hausdorff", "area_difference",
                "iterations", "evaluations", "status", "seconds", "model", "radius", "held",
                "pixels_per_unit", "rms_px", "max_distance_px", "hausdorff_px"])
        #expect(csv.rows[0].dropLast(4).suffix(3) == ["ball", "40", "radius=40"])

        let e = try run(["export", "--fit", "fit.csv", "--format", "svg", "--out", "fit.svg"], in: folder)
        #expect(e.status == 0 && e.stdout == "wrote fit.svg (svg, one outline, 1 s)\n", "\(e.stderr)")
        let drawn = try outline(folder.file("fit.svg"))
        let values = try fitted(folder.file("fit.csv"), free)
        let reference = try model(["radius=40"] + values, in: folder).numbers
        // model's path data is y-down as the export's: the same outline, within 1e-6 of the size.
        let (a, b) = (box(drawn), box(reference))
        let size = max(b[1] - b[0], b[3] - b[2])
        #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 * size }, "\(a) against \(b)")
        #expect(drawn.count == reference.count && zip(drawn, reference).allSatisfy { abs($0 - $1) <= 1e-6 * size })
        // The width is 2·radius·xFactor: radius 40, not the default 50.
        let xFactor = try #require(Double(values[0].dropFirst("xFactor=".count)))
        #expect(abs((a[1] - a[0]) - 80 * xFactor) <= 1e-9 * size)

        // Flags that agree are fine; one that contradicts the file is refused: one line, nothing written.
        let agree = try run(["export", "--fit", "fit.csv", "--model", "ball", "--radius", "40", "--free", free.joined(separator: ","),
                             "--set", "radius=40", "--format", "svg", "--out", "agree.svg"], in: folder)
        #expect(agree.status == 0, "\(agree.stderr)")
        #expect(try outline(folder.file("agree.svg")) == drawn)
        for (flags, message) in [(["--radius", "50"], "fit.csv line 2: --radius 50 but the fit's radius is 40"),
                                 (["--model", "loading"], "fit.csv line 2: --model loading but the fit's model is ball"),
                                 (["--free", "xFactor,yFactor"], "fit.csv line 2: --free xFactor,yFactor but the fit's free parameters are xFactor,yFactor,topYFactor,k"),
                                 (["--set", "tx=5"], "fit.csv line 2: --set tx=5 but the fit's tx is 0"),
                                 (["--set", "bottomLeftHandleFactor=2"], "fit.csv line 2: --set bottomLeftHandleFactor=2 but the fit's bottomLeftHandleFactor is 1")] {
            let r = try run(["export", "--fit", "fit.csv"] + flags + ["--format", "svg", "--out", "bad.svg"], in: folder)
            expectFailure(r, status: 1, mentioning: [message])
            #expect(!FileManager.default.fileExists(atPath: folder.file("bad.svg").path))
        }
    }

    @Test("a posed fit with a held scale: export --fit alone draws it at its pose")
    func posed() throws {
        let folder = try TemporaryFolder()
        let target = try model(["radius=40", "yFactor=0.8", "tx=10", "ty=-5", "scale=1.5"], in: folder)
        try target.text.write(to: folder.file("ball.path"), atomically: true, encoding: .utf8)
        let f = try run(["fit", "--target", "ball.path", "--radius", "40", "--free", "xFactor,yFactor,tx,ty", "--set", "scale=1.5",
                         "--samples", "200", "--csv", "fit.csv"], in: folder)
        #expect(f.status == 0, "\(f.stderr)")
        let csv = try CSVTable(contentsOf: folder.file("fit.csv"))
        #expect(Array(csv.header.dropLast(4).suffix(7)) == ["model", "radius", "held", "pose_tx", "pose_ty", "pose_scale", "pose_rotation"])
        let values = try fitted(folder.file("fit.csv"), ["xFactor", "yFactor", "tx", "ty"])
        let pose: [String] = [values[2], values[3]].map { String($0.split(separator: "=")[1]) }
        let expected: [String] = ["ball", "40", "radius=40;scale=1.5"] + pose + ["1.5", "0"]
        #expect(Array(csv.rows[0].dropLast(4).suffix(7)) == expected)
        let e = try run(["export", "--fit", "fit.csv", "--format", "svg", "--out", "fit.svg"], in: folder)
        #expect(e.status == 0, "\(e.stderr)")
        let reference = try model(["radius=40", "scale=1.5"] + values, in: folder).numbers
        #expect(try outline(folder.file("fit.svg")) == reference)
    }

    @Test("a batch: the setup's columns after message, on failed rows too; export --fit needs --row, then nothing more")
    func batch() throws {
        let folder = try TemporaryFolder()
        let target = try model(["radius=40", "xFactor=1.1", "yFactor=0.8"], in: folder)
        try target.text.write(to: folder.file("a.path"), atomically: true, encoding: .utf8)
        try "file,note\na.path,first\nmissing.path,second\n".write(to: folder.file("manifest.csv"), atomically: true, encoding: .utf8)
        let f = try run(["fit", "--targets", "manifest.csv", "--radius", "40", "--free", "xFactor,yFactor", "--samples", "100",
                         "--csv", "batch.csv"], in: folder)
        #expect(f.status == 0, "\(f.stderr)")
        let csv = try CSVTable(contentsOf: folder.file("batch.csv"))
        #expect(Array(csv.header.dropLast(4).suffix(5)) == ["seconds", "message", "model", "radius", "held"])
        #expect(Array(csv.rows[1].dropLast(4).suffix(3)) == ["ball", "40", "radius=40"])
        #expect(Array(csv.rows[1].suffix(4)) == ["1", "", "", ""])
        #expect(csv.rows[1][try csv.columnIndex("status")] == "error")

        expectFailure(try run(["export", "--fit", "batch.csv", "--format", "svg", "--out", "x.svg"], in: folder),
                      status: 1, mentioning: ["batch.csv: 2 data rows (a batch): choose one with --row N"])
        expectFailure(try run(["export", "--fit", "batch.csv", "--row", "2", "--format", "svg", "--out", "x.svg"], in: folder),
                      status: 1, mentioning: ["batch.csv line 3: that fit failed (status error): ", "missing.path"])
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.svg").path))
        let e = try run(["export", "--fit", "batch.csv", "--row", "1", "--format", "svg", "--out", "a.svg"], in: folder)
        #expect(e.status == 0, "\(e.stderr)")
        let xFactor = try #require(Double(csv.rows[0][try csv.columnIndex("xFactor")]))
        let drawn = try outline(folder.file("a.svg"))
        #expect(abs((box(drawn)[1] - box(drawn)[0]) - 80 * xFactor) <= 1e-9)
    }

    @Test("a fit CSV written before the record: the fit's flags still say what it was, as before")
    func olderFile() throws {
        let folder = try TemporaryFolder()
        try "xFactor,yFactor,xFactor_stderr,yFactor_stderr,rms,status\n1.1,0.8,0.01,0.02,0.5,converged_ftol\n"
            .write(to: folder.file("old.csv"), atomically: true, encoding: .utf8)
        let r = try run(["export", "--fit", "old.csv", "--model", "ball", "--free", "xFactor,yFactor", "--radius", "40", "--set", "k=0.56",
                         "--format", "svg", "--out", "old.svg"], in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try outline(folder.file("old.svg")) == model(["radius=40", "k=0.56", "xFactor=1.1", "yFactor=0.8"], in: folder).numbers)
        // Without --radius: the default radius, as before.
        let d = try run(["export", "--fit", "old.csv", "--free", "xFactor,yFactor", "--format", "svg", "--out", "default.svg"], in: folder)
        #expect(d.status == 0, "\(d.stderr)")
        #expect(try outline(folder.file("default.svg")) == model(["xFactor=1.1", "yFactor=0.8"], in: folder).numbers)
        // Without --free: the model's default free parameters are not the file's columns.
        expectFailure(try run(["export", "--fit", "old.csv", "--format", "svg", "--out", "x.svg"], in: folder), status: 1,
                      mentioning: ["old.csv: its parameter columns (xFactor, yFactor) are not the free parameters of model ball",
                                   "give the fit's --model, --free, --radius and --set"])
    }

    static let recorded = "xFactor,yFactor,xFactor_stderr,yFactor_stderr,status,model,radius,held\n"

    @Test("bad fit records: one line naming the file, line and column; nothing written", arguments: [
        BadInput("export: a fit's radius cell that its held values contradict", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", recorded + "1.1,0.9,0,0,converged_ftol,ball,50,radius=40\n")], status: 1,
                 mentions: ["fit.csv line 2, column 'radius': 50 but the row's model, values and held values give 40"]),
        BadInput("export: an unknown model in a fit's record", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", recorded + "1.1,0.9,0,0,converged_ftol,blob,40,radius=40\n")], status: 1,
                 mentions: ["fit.csv line 2, column 'model': unknown model 'blob'"]),
        BadInput("export: an unknown held parameter", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", recorded + "1.1,0.9,0,0,converged_ftol,ball,40,radius=40;wobble=2\n")], status: 1,
                 mentions: ["fit.csv line 2: the fit's model, free parameters and held values do not make a fit", "wobble"]),
        BadInput("export: a malformed held cell", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", recorded + "1.1,0.9,0,0,converged_ftol,ball,40,radius=0x28\n")], status: 1,
                 mentions: ["fit.csv line 2, column 'held': '0x28' for radius is not a finite decimal number"]),
        BadInput("export: a record without its held column", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", "xFactor,xFactor_stderr,model,radius\n1.1,0,ball,50\n")], status: 1,
                 mentions: ["fit.csv: missing column 'held'"]),
        BadInput("export: a recorded batch without --row", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", recorded + "1.1,0.9,0,0,converged_ftol,ball,40,radius=40\n1.2,0.9,0,0,converged_ftol,ball,40,radius=40\n")],
                 status: 1, mentions: ["fit.csv: 2 data rows (a batch): choose one with --row N"]),
        BadInput("export: --radius against a recorded fit", ["export", "--fit", "fit.csv", "--radius", "50", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", recorded + "1.1,0.9,0,0,converged_ftol,ball,40,radius=40\n")], status: 1,
                 mentions: ["fit.csv line 2: --radius 50 but the fit's radius is 40"]),
        BadInput("export: --set of a free parameter against a recorded fit", ["export", "--fit", "fit.csv", "--set", "yFactor=0.8", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", recorded + "1.1,0.9,0,0,converged_ftol,ball,40,radius=40\n")], status: 1,
                 mentions: ["fit.csv line 2: --set yFactor=0.8 but the fit's yFactor is 0.9 (fitted: it was free)"]),
    ])
    func badRecord(_ row: BadInput) throws {
        try BadInputTable.check(row)
    }
}
