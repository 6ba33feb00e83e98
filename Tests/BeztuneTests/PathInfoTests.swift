import Foundation
import Testing
import _TestSupport

@Suite("beztune path-info")
struct PathInfoTests {
    /// The CSV the command writes, as header and one row of fields.
    func readCSV(_ url: URL) throws -> (header: [String], row: [String]) {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        return (lines[0].split(separator: ",").map(String.init), lines[1].split(separator: ",").map(String.init))
    }

    @Test("a triangle of lines: exact box and length, y flipped into model space")
    func triangle() throws {
        let r = try BinaryRunner.run(["path-info", "--path", "M0 0 L3 4 L3 0 Z", "--format", "csv"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        // SVG y-down → model y-up: the box [0,3]×[0,4] becomes [0,3]×[−4,0]; perimeter 3+4+5.
        #expect(r.stdout == "segments,min_x,min_y,max_x,max_y,length\n3,0,-4,3,0,12\n")
        let up = try BinaryRunner.run(["path-info", "--path", "M0 0 L3 4 L3 0 Z", "--format", "csv", "--y-up"])
        #expect(up.stdout == "segments,min_x,min_y,max_x,max_y,length\n3,0,0,3,4,12\n")
    }

    @Test("a parabola: box and arc length against the closed form")
    func parabola() throws {
        // y = x² for x ∈ [−1, 1] as a quadratic Bézier, kept y-up: L = √5 + asinh(2)/2.
        let folder = try TemporaryFolder()
        let csv = folder.file("p.csv")
        let r = try BinaryRunner.run(["path-info", "--path", "M-1 1 Q0 -1 1 1", "--y-up", "--csv", csv.path])
        #expect(r.status == 0)
        let (header, row) = try readCSV(csv)
        #expect(header == ["segments", "min_x", "min_y", "max_x", "max_y", "length"])
        #expect(row[0] == "1")
        #expect(Double(row[1]) == -1 && Double(row[3]) == 1 && Double(row[4]) == 1)
        #expect(abs(Double(row[2])!) < 1e-15)  // vertex at y = 0
        let exact = 5.0.squareRoot() + asinh(2) / 2
        #expect(abs(Double(row[5])! - exact) < 1e-9)
        // The table on stdout shows the same numbers.
        #expect(r.stdout.contains("segments") && r.stdout.contains(row[5]))
    }

    @Test("the seed ball: four cubics, box [−r, r] × [0, 2r] in model space")
    func seedBall() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("examples/seed-ball.path")
        let r = try BinaryRunner.run(["path-info", "--path-file", file.path, "--format", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let row = r.stdout.split(separator: "\n")[1].split(separator: ",").map { Double($0)! }
        #expect(Array(row[0..<5]) == [4, -50, 0, 50, 100])
        // A circle of radius 50 has perimeter 100π; r/1.8 handles bulge slightly outside it.
        #expect(row[5] > 100 * Double.pi && row[5] < 100 * Double.pi * 1.002)
    }

    @Test("--flatten TOL adds flattened_points: each subpath's vertices once")
    func flatten() throws {
        // Lines flatten to themselves: a closed triangle has 3 vertices, an open one 3 too, and
        // two subpaths add up (a lone move-to draws nothing and adds nothing).
        let closed = try BinaryRunner.run(["path-info", "--path", "M0 0 L3 4 L3 0 Z", "--flatten", "0.1", "--format", "csv"])
        #expect(closed.status == 0 && closed.stderr.isEmpty)
        #expect(closed.stdout == "segments,min_x,min_y,max_x,max_y,length,flattened_points\n3,0,-4,3,0,12,3\n")
        let open = try BinaryRunner.run(["path-info", "--path", "M0 0 L3 4 L3 0", "--flatten=0.1", "--format", "csv"])
        #expect(open.stdout.hasSuffix(",3\n"))
        let two = try BinaryRunner.run(["path-info", "--path", "M0 0 L3 4 L3 0 Z M10 10 L20 10 M50 50", "--flatten", "1", "--format", "csv"])
        #expect(two.stdout.hasSuffix(",5\n"))
        // Without --flatten the column is absent.
        let plain = try BinaryRunner.run(["path-info", "--path", "M0 0 L3 4", "--format", "csv"])
        #expect(!plain.stdout.contains("flattened_points"))
        // The table shows it too, and the help documents it.
        let table = try BinaryRunner.run(["path-info", "--path", "M0 0 L3 4 L3 0 Z", "--flatten", "0.1"])
        #expect(table.stdout.contains("flattened_points  3"))
        let help = try BinaryRunner.run(["path-info", "--help"])
        #expect(help.stdout.contains("--flatten TOL") && help.stdout.contains("flattened_points"))
    }

    @Test("--flatten on the seed ball: more points for a finer tolerance, about √10 per decade")
    func flattenSeedBall() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("examples/seed-ball.path").path
        func points(_ tolerance: String) throws -> Int {
            let folder = try TemporaryFolder()
            let csv = folder.file("f.csv")
            let r = try BinaryRunner.run(["path-info", "--path-file", file, "--flatten", tolerance, "--csv", csv.path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("flattened_points"))
            let (header, row) = try readCSV(csv)
            #expect(header.last == "flattened_points")
            return try #require(Int(row.last ?? ""))
        }
        let coarse = try points("0.1"), fine = try points("0.01"), finer = try points("0.001")
        #expect(coarse >= 4 && coarse < fine && fine < finer)
        // A circle of radius 50 needs about 2π·√(r/(8·tol)) chords; ±20 %.
        for (n, tol) in [(fine, 0.01), (finer, 0.001)] {
            let ideal = 2 * Double.pi * (50 / (8 * tol)).squareRoot()
            #expect(Double(n) > 0.8 * ideal && Double(n) < 1.2 * ideal, "\(n) vs \(ideal)")
        }
    }

    @Test("--flatten errors: a non-positive or non-finite tolerance is a usage error")
    func flattenErrors() throws {
        for bad in ["0", "-1", "nan", "inf", "abc"] {
            expectFailure(try BinaryRunner.run(["path-info", "--path", "M0 0 L1 1", "--flatten", bad]),
                          status: 2, mentioning: ["--flatten", "'\(bad)'"])
        }
        // A tolerance absurdly fine for the coordinates is a runtime failure, not a hang.
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M1e300 0 C0 1e300 -1e300 0 0 -1e300",
                                            "--accuracy", "1e290", "--flatten", "1e-3"]),
                      status: 1, mentioning: ["cannot flatten within"])
    }

    @Test("the default accuracy is relative to the path's size: a circle of radius 10,000 measures, 10,000 times the unit circle's length; a given --accuracy stays absolute")
    func defaultAccuracyIsRelative() throws {
        func circle(_ r: Int) -> String {
            let d = String(2 * r), rr = String(r)
            return "M0 0 A\(rr) \(rr) 0 1 0 \(d) 0 A\(rr) \(rr) 0 1 0 0 0 Z"
        }
        let unit = try BinaryRunner.run(["path-info", "--path", circle(1), "--accuracy", "1e-12", "--format", "csv"])
        let big = try BinaryRunner.run(["path-info", "--path", circle(10_000), "--format", "csv"])
        #expect(unit.status == 0 && big.status == 0, "\(unit.stderr) \(big.stderr)")
        func length(_ r: BinaryRunner.Result) -> Double? {
            r.stdout.split(separator: "\n").last.flatMap { $0.split(separator: ",").last }.flatMap { Double($0) }
        }
        let (l1, l2) = try (#require(length(unit)), #require(length(big)))
        // Scaling the path scales its length: the arcs are measured exactly (2π·r), the two
        // lengths' bounds are 1e-12 and 6e-7.
        #expect(abs(l2 - 10_000 * l1) <= 1e-10 * l2, "\(l2) vs \(10_000 * l1)")
        #expect(abs(l1 - 2 * Double.pi) < 1e-14)
        // 1e-10 absolute is below the rounding of a length of 62,832 (64ε per unit of length).
        expectFailure(try BinaryRunner.run(["path-info", "--path", circle(10_000), "--accuracy", "1e-10"]),
                      status: 1, mentioning: ["did not reach accuracy 1e-", "--accuracy"])
    }

    @Test("--format svg prints normalised absolute path data, arcs as cubics")
    func svgFormat() throws {
        let r = try BinaryRunner.run(["path-info", "--path", "m1 2 h3 v4 z", "--format", "svg"])
        #expect(r.status == 0)
        #expect(r.stdout == "M1 2 L4 2 L4 6 Z\n")
        let arc = try BinaryRunner.run(["path-info", "--path", "M0 0 A5 5 0 0 1 10 0", "--format", "svg"])
        #expect(arc.stdout.hasPrefix("M0 0 C") && arc.stdout.components(separatedBy: "C").count == 3)
    }

    @Test("bad input: one line on stderr, the right exit status, no output file")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let csv = folder.file("out.csv").path
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M0 0 L1 x", "--csv", csv]),
                      status: 2, mentioning: ["--path", "offset 8", "expected a number"])
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M1e999 0 L1 1", "--csv", csv]),
                      status: 2, mentioning: ["out of range"])
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M0 0", "--csv", csv]),
                      status: 1, mentioning: ["no segments"])
        expectFailure(try BinaryRunner.run(["path-info", "--csv", csv]), status: 2, mentioning: ["missing input", "usage:"])
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M0 0 L1 1", "--path-file", "x"]),
                      status: 2, mentioning: ["--path and --path-file cannot be used together"])
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M0 0 L1 1", "--bogus"]),
                      status: 2, mentioning: ["unknown option '--bogus'"])
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M0 0 L1 1", "--accuracy", "nan"]),
                      status: 2, mentioning: ["'nan'", "--accuracy"])
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M0 0 L1 1", "--accuracy", "-1"]),
                      status: 2, mentioning: ["positive"])
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M0 0 L1 1", "--format", "pdf"]),
                      status: 2, mentioning: ["'pdf'", "table, csv, svg"])
        expectFailure(try BinaryRunner.run(["path-info", "--path"]), status: 2, mentioning: ["needs a value"])
        expectFailure(try BinaryRunner.run(["path-info", "--path-file", folder.file("missing.path").path, "--csv", csv]),
                      status: 1, mentioning: ["missing.path"])
        expectFailure(try BinaryRunner.run(["path-info", "--path-file", folder.url.path, "--csv", csv]),
                      status: 1, mentioning: ["directory"])
        let garbage = folder.file("garbage.path")
        try Data([0x4D, 0x00, 0xFF, 0xFE, 0x31]).write(to: garbage)
        expectFailure(try BinaryRunner.run(["path-info", "--path-file", garbage.path, "--csv", csv]),
                      status: 1, mentioning: ["garbage.path"])
        #expect(try folder.contents() == ["garbage.path"], "no output file after a failure")
        // An output into a folder that does not exist: runtime error, nothing written.
        expectFailure(try BinaryRunner.run(["path-info", "--path", "M0 0 L1 1", "--csv", folder.file("no/such/out.csv").path]),
                      status: 1, mentioning: ["no/such"])
    }
}
