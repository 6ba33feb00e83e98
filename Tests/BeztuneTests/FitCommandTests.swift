import Foundation
import DataFiles
import Render
import Testing
import _TestSupport

@Suite("beztune fit")
struct FitCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let squash = root.appendingPathComponent("examples/squash-0.5.svg").path
    static let figures = ["rms", "max_distance", "hausdorff", "area_difference", "iterations", "evaluations", "status", "seconds"]
    /// The device-pixel columns, appended after the setup's.
    static let pixels = ["pixels_per_unit", "rms_px", "max_distance_px", "hausdorff_px"]

    /// The ball at xFactor 1.15, yFactor 0.85, topYFactor 0.7, k 0.56 as SVG path data (y-down).
    func ballData() throws -> String {
        let r = try BinaryRunner.run(["model", "--name", "ball", "--set", "xFactor=1.15", "--set", "yFactor=0.85",
                                      "--set", "topYFactor=0.7", "--set", "k=0.56"])
        #expect(r.status == 0)
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("an SVG target: the table, one CSV row with exactly the contract's columns, residuals, a picture")
    func svgTarget() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["fit", "--target", Self.squash, "--model", "ball", "--radius", "50",
                                      "--free", "xFactor,yFactor,topYFactor,k", "--csv", folder.file("fit.csv").path,
                                      "--residuals", folder.file("res.csv").path, "--png", folder.file("fit.png").path,
                                      "--size", "300x240"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        for line in ["parameter", "xFactor", "yFactor", "topYFactor", "k", "rms", "hausdorff", "area_difference", "status"] {
            #expect(r.stdout.contains(line))
        }
        let fit = try CSVTable(contentsOf: folder.file("fit.csv"))
        let names = ["xFactor", "yFactor", "topYFactor", "k"]
        #expect(fit.header == names + names.map { $0 + "_stderr" } + Self.figures + ["model", "radius", "held"] + Self.pixels)
        #expect(fit.rows.count == 1 && fit.rows[0].dropLast(4).suffix(3) == ["ball", "50", "radius=50"])
        #expect(fit.rows[0][try fit.columnIndex("pixels_per_unit")] == "1")
        let rms = try fit.double(row: 0, column: fit.columnIndex("rms"))
        let hausdorff = try fit.double(row: 0, column: fit.columnIndex("hausdorff"))
        let maxDistance = try fit.double(row: 0, column: fit.columnIndex("max_distance"))
        #expect(rms > 0.1 && rms < 3 && hausdorff >= maxDistance - 1e-9)
        #expect(fit.string(row: 0, column: try fit.columnIndex("status")).hasPrefix("converged"))
        let res = try CSVTable(contentsOf: folder.file("res.csv"))
        #expect(res.header == ["x", "y", "nearest_x", "nearest_y", "distance", "segment", "t"])
        #expect(res.rows.count == 720)
        // rms is the unweighted RMS of the residuals file's distances.
        let d = try (0..<720).map { try res.double(row: $0, column: 4) }
        #expect(abs((d.map { $0 * $0 }.reduce(0, +) / 720).squareRoot() - rms) < 1e-12 * rms)
        let image = try RasterImage(png: Data(contentsOf: folder.file("fit.png")))
        #expect(image.width == 300 && image.height == 240)
    }

    @Test("--serial (the searches on one thread) gives the very same fit, residuals and figures")
    func serialSameResult() throws {
        let folder = try TemporaryFolder()
        var outputs: [(String, String)] = []
        for (name, extra) in [("split", [String]()), ("serial", ["--serial"])] {
            let r = try BinaryRunner.run(["fit", "--target", Self.squash, "--model", "ball", "--radius", "50",
                                          "--samples", "1500", "--free", "xFactor,yFactor,topYFactor,k",
                                          "--csv", folder.file("\(name).csv").path,
                                          "--residuals", folder.file("\(name)-res.csv").path] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            let fit = try CSVTable(contentsOf: folder.file("\(name).csv"))
            let seconds = try fit.columnIndex("seconds")
            let row = (0..<fit.header.count).filter { $0 != seconds }.map { fit.string(row: 0, column: $0) }
            outputs.append((row.joined(separator: ","), try String(contentsOf: folder.file("\(name)-res.csv"), encoding: .utf8)))
        }
        #expect(outputs[0].0 == outputs[1].0)
        #expect(outputs[0].1 == outputs[1].1)
    }

    @Test("a target drawn by the ball itself (--path) is recovered to 1e-8; CSV points work the same")
    func recovery() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["fit", "--path", ballData(), "--csv", folder.file("fit.csv").path,
                                      "--residuals", folder.file("res.csv").path, "--samples", "300"])
        #expect(r.status == 0, "\(r.stderr)")
        let fit = try CSVTable(contentsOf: folder.file("fit.csv"))
        for (name, truth) in [("xFactor", 1.15), ("yFactor", 0.85), ("topYFactor", 0.7), ("k", 0.56)] {
            #expect(abs(try fit.double(row: 0, column: fit.columnIndex(name)) - truth) <= 1e-8)
        }
        // The residuals' x, y as a CSV point list (model space): the same answer.
        let points = try CSVTable(contentsOf: folder.file("res.csv"))
        var csv = CSVWriter(header: ["x", "y"])
        for row in points.rows { csv.appendRow([.text(row[0]), .text(row[1])]) }
        try csv.text.write(to: folder.file("points.csv"), atomically: true, encoding: .utf8)
        let again = try BinaryRunner.run(["fit", "--target", folder.file("points.csv").path, "--csv", folder.file("again.csv").path])
        #expect(again.status == 0, "\(again.stderr)")
        let second = try CSVTable(contentsOf: folder.file("again.csv"))
        #expect(abs(try second.double(row: 0, column: 0) - 1.15) <= 1e-8)
    }

    @Test("the pose: a ball drawn elsewhere gets tx,ty found; held by the user, a one-line hint; in a batch, refused")
    func pose() throws {
        let folder = try TemporaryFolder()
        var csv = "x,y\n"
        let data = try ballData()
        let r = try BinaryRunner.run(["fit", "--path", data, "--residuals", folder.file("res.csv").path])
        let table = try CSVTable(contentsOf: folder.file("res.csv"))
        #expect(r.status == 0)
        for row in table.rows { csv += "\(Double(row[0])! + 400),\(Double(row[1])! + 300)\n" }
        try csv.write(to: folder.file("moved.csv"), atomically: true, encoding: .utf8)
        // Found: the squash factors leave no room for a scale, so the translation alone.
        let found = try BinaryRunner.run(["fit", "--target", folder.file("moved.csv").path, "--csv", folder.file("found.csv").path])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("\npose_found       tx,ty\n"), "\(found.stdout)")
        let foundFit = try CSVTable(contentsOf: folder.file("found.csv"))
        #expect(foundFit.header.prefix(8) == ["xFactor", "yFactor", "topYFactor", "k", "tx", "ty", "xFactor_stderr", "yFactor_stderr"])
        #expect(abs(try foundFit.double(row: 0, column: foundFit.columnIndex("tx")) - 400) < 1e-8)
        #expect(abs(try foundFit.double(row: 0, column: foundFit.columnIndex("ty")) - 300) < 1e-8)
        // The user's own translation is kept: the library's reason, then the options that fix
        // it, composed by the CLI.
        let held = ["--set", "tx=0", "--set", "ty=0"]
        expectFailure(try BinaryRunner.run(["fit", "--target", folder.file("moved.csv").path] + held), status: 1,
                      mentioning: ["is far from anything the model reaches without a pose (x ",
                                   "; the ball's bottom point is the origin of y-up model space: free the pose (--free …,tx,ty), check the y axis (--y-up / --y-down) or the size (--radius)"])
        let moved = try BinaryRunner.run(["fit", "--target", folder.file("moved.csv").path,
                                          "--free", "xFactor,yFactor,topYFactor,k,tx,ty", "--csv", folder.file("fit.csv").path])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(!moved.stdout.contains("pose_found"))
        let fit = try CSVTable(contentsOf: folder.file("fit.csv"))
        #expect(fit.header == foundFit.header)
        #expect(abs(try fit.double(row: 0, column: fit.columnIndex("tx")) - 400) < 1e-8)
        // A batch keeps one set of columns: the far row is refused with the hint, the batch goes on.
        try "file\nmoved.csv\n".write(to: folder.file("targets.csv"), atomically: true, encoding: .utf8)
        _ = try BinaryRunner.run(["fit", "--targets", folder.file("targets.csv").path, "--csv", folder.file("batch.csv").path])
        let rows = try CSVTable(contentsOf: folder.file("batch.csv"))
        #expect(rows.rows[0][try rows.columnIndex("status")] == "error")
        #expect(rows.rows[0][try rows.columnIndex("message")].contains("far from anything"))
    }

    @Test("bad input: one line on stderr, the right exit status, no output file")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("out.csv").path
        func write(_ name: String, _ text: String) throws -> String {
            try text.write(to: folder.file(name), atomically: true, encoding: .utf8)
            return folder.file(name).path
        }
        let three = try write("three.csv", "x,y\n0,0\n10,5\n0,10\n")
        expectFailure(try BinaryRunner.run(["fit", "--target", three, "--csv", out]), status: 1, mentioning: ["3 points", "4 free"])
        let same = try write("same.csv", "x,y\n1,1\n1,1\n1,1\n1,1\n1,1\n1,1\n")
        expectFailure(try BinaryRunner.run(["fit", "--target", same, "--csv", out]), status: 1, mentioning: ["same point"])
        let nan = try write("nan.csv", "x,y\n0,0\n10,5\nnan,10\n0,10\n-3,3\n1,1\n")
        expectFailure(try BinaryRunner.run(["fit", "--target", nan, "--csv", out]), status: 1, mentioning: ["nan.csv line 4", "'x'"])
        let noShape = try write("empty.svg", "<svg xmlns='http://www.w3.org/2000/svg'><rect width='3' height='4' display='none'/></svg>")
        expectFailure(try BinaryRunner.run(["fit", "--target", noShape, "--csv", out]), status: 1, mentioning: ["empty.svg", "no shape is drawn"])
        expectFailure(try BinaryRunner.run(["fit", "--target", folder.file("missing.svg").path]), status: 1, mentioning: ["missing.svg", "no such file"])
        expectFailure(try BinaryRunner.run(["fit", "--target", Self.squash, "--free", "xFactor,topFactor"]), status: 2,
                      mentioning: ["unknown parameter 'topFactor'", "topYFactor"])
        expectFailure(try BinaryRunner.run(["fit", "--target", Self.squash, "--free", "radius,xFactor,yFactor"]), status: 2,
                      mentioning: ["cannot fit radius, xFactor, yFactor together"])
        expectFailure(try BinaryRunner.run(["fit", "--target", Self.squash, "--set", "k=nan"]), status: 2, mentioning: ["k"])
        expectFailure(try BinaryRunner.run(["fit", "--target", Self.squash, "--loss", "l2"]), status: 2, mentioning: ["--loss", "huber"])
        expectFailure(try BinaryRunner.run(["fit", "--free", "k"]), status: 2, mentioning: ["--target"])
        expectFailure(try BinaryRunner.run(["fit", "--target", Self.squash, "--targets", three]), status: 2, mentioning: ["cannot be used together"])
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("no convergence is a status, not a failure: the row is written with it")
    func nonConvergence() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["fit", "--target", Self.squash, "--max-evaluations", "2", "--csv", folder.file("fit.csv").path])
        #expect(r.status == 0)
        #expect(r.errorLines.count == 1 && r.stderr.contains("did not converge"))
        let fit = try CSVTable(contentsOf: folder.file("fit.csv"))
        #expect(fit.string(row: 0, column: try fit.columnIndex("status")) == "max_evaluations")
    }

    @Test("robust losses, multi-start and the symmetric term run; the rms column stays the plain RMS")
    func options() throws {
        let folder = try TemporaryFolder()
        for (i, extra) in [["--loss", "huber"], ["--loss", "soft-l1", "--loss-scale", "0.5"], ["--loss", "cauchy"],
                           ["--starts", "3", "--seed", "7"], ["--symmetric", "1"]].enumerated() {
            let csv = folder.file("f\(i).csv").path, res = folder.file("r\(i).csv").path
            let r = try BinaryRunner.run(["fit", "--target", Self.squash, "--samples", "200", "--csv", csv, "--residuals", res] + extra)
            #expect(r.status == 0, "\(extra): \(r.stderr)")
            let fit = try CSVTable(contentsOf: URL(fileURLWithPath: csv)), residuals = try CSVTable(contentsOf: URL(fileURLWithPath: res))
            let d = try (0..<residuals.rows.count).map { try residuals.double(row: $0, column: 4) }
            let rms = try fit.double(row: 0, column: fit.columnIndex("rms"))
            #expect(abs((d.map { $0 * $0 }.reduce(0, +) / Double(d.count)).squareRoot() - rms) < 1e-12 * rms)
        }
    }

    @Test("a batch: one row per target, manifest columns first, a failing target gets status error")
    func batch() throws {
        let folder = try TemporaryFolder()
        for name in ["squash-0.25.svg", "squash-0.5.svg"] {
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("examples/" + name), to: folder.file(name))
        }
        try "file,squash,note\nsquash-0.25.svg,0.25,\"a, b\"\nmissing.svg,0.4,x\nsquash-0.5.svg,0.5,y\n"
            .write(to: folder.file("manifest.csv"), atomically: true, encoding: .utf8)
        let out = folder.file("batch.csv")
        let r = try BinaryRunner.run(["fit", "--targets", folder.file("manifest.csv").path, "--samples", "200", "--csv", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("fit 1/3: squash-0.25.svg") && r.stderr.contains("fit 3/3: squash-0.5.svg"))
        #expect(r.stderr.contains("1 of 3 targets could not be fitted"))
        let table = try CSVTable(contentsOf: out)
        #expect(Array(table.header.prefix(7)) == ["file", "squash", "note", "xFactor", "yFactor", "topYFactor", "k"])
        #expect(Array(table.header.dropLast(4).suffix(4)) == ["message", "model", "radius", "held"] && table.rows.count == 3)
        #expect(Array(table.header.suffix(4)) == Self.pixels)
        // A target that failed still has the setup's columns: they describe the fit asked for.
        #expect(table.rows.map { Array($0.dropLast(4).suffix(3)) } == [[String]](repeating: ["ball", "50", ""], count: 3))
        let status = try table.columnIndex("status"), message = try table.columnIndex("message")
        #expect(table.rows.map { $0[status] }.map { $0.hasPrefix("converged") } == [true, false, true])
        #expect(table.rows[1][status] == "error" && table.rows[1][message].contains("no such file"))
        #expect(table.rows[0][2] == "a, b")
        expectFailure(try BinaryRunner.run(["fit", "--targets", folder.file("manifest.csv").path, "--png", folder.file("x.png").path]),
                      status: 2, mentioning: ["--png"])
        try "name\nx.svg\n".write(to: folder.file("bad.csv"), atomically: true, encoding: .utf8)
        expectFailure(try BinaryRunner.run(["fit", "--targets", folder.file("bad.csv").path]), status: 1, mentioning: ["file"])
    }
}
