import Foundation
import Testing
import _TestSupport

/// End-to-end tests of the arc-error commands: error, error-curve, optimize, sweep, segments-for.
@Suite("beztune arc-error commands")
struct ArcErrorCommandTests {
    static let contractColumns = ["k", "segments", "max_radial_error", "t_at_max", "min_radial_error", "t_at_min",
                                  "max_abs_radial_error", "rms_radial_error", "rms_radial_error_angle", "area_error",
                                  "arc_length_error", "max_tangent_error_deg", "max_curvature_error"]

    /// A CSV file as a header and rows of fields (the files hold no quoted commas).
    func readCSV(_ url: URL) throws -> (header: [String], rows: [[String]]) {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let split = { (l: String) in l.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return (split(lines[0]), lines.dropFirst().map(split))
    }

    func column(_ name: String, _ csv: (header: [String], rows: [[String]])) -> [Double] {
        let j = csv.header.firstIndex(of: name)!
        return csv.rows.map { Double($0[j])! }
    }

    @Test("error: one row per k, the contract's columns first, exact known values")
    func error() throws {
        let folder = try TemporaryFolder()
        let csvURL = folder.file("e.csv")
        let r = try BinaryRunner.run(["error", "--k", "1/1.8", "--k", "0.5523", "--k", "minimax", "--k", "4/3*(sqrt(2)-1)",
                                      "--segments", "4", "--csv", csvURL.path])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 5)
        #expect(r.stdout.contains("minimax") && r.stdout.contains("1/1.8"))
        let csv = try readCSV(csvURL)
        #expect(Array(csv.header.prefix(13)) == ArcErrorCommandTests.contractColumns)
        #expect(csv.header.last == "k_input" && csv.rows.count == 4)
        let k = column("k", csv), maxE = column("max_radial_error", csv), minE = column("min_radial_error", csv)
        #expect(k[0] == 1 / 1.8 && k[1] == 0.5523)
        // The published minimax double (Spencer Mortensen), which is also the exact factor rounded
        // to nearest; at it max + min is what one half-ulp step of k makes of it (≈ 0.35·5.6e-17).
        #expect(k[2] == 0.5519150244935106)
        #expect(abs(maxE[2] + minE[2]) < 2.5e-17 && (maxE[2] * 1e8).rounded() == 19608)
        #expect((maxE[3] * 1e8).rounded() == 27253 && abs(column("t_at_max", csv)[3] - 0.21132486540518713) < 1e-12)
        // r/1.8 puts the curve up to 0.17 % outside the circle, about six times 0.5523's error (DESIGN.md).
        #expect((maxE[0] * 1e4).rounded() == 17 && (maxE[0] / maxE[3]).rounded() == 6)
        #expect(csv.rows.allSatisfy { $0[1] == "4" })
    }

    @Test("error: --radius adds *_abs columns, --sx/--sy the ellipse distance")
    func absoluteAndSquash() throws {
        let folder = try TemporaryFolder()
        let plain = folder.file("plain.csv"), scaled = folder.file("scaled.csv")
        _ = try BinaryRunner.run(["error", "--k", "0.55", "--segments", "6", "--csv", plain.path])
        let r = try BinaryRunner.run(["error", "--k", "0.55", "--segments", "6", "--radius", "50",
                                      "--sx", "1.2", "--sy", "0.8", "--csv", scaled.path])
        #expect(r.status == 0, "\(r.stderr)")
        let a = try readCSV(plain), b = try readCSV(scaled)
        for name in ["max_radial_error", "min_radial_error", "max_abs_radial_error", "rms_radial_error", "rms_radial_error_angle"] {
            #expect(column(name + "_abs", b)[0] == column(name, a)[0] * 50)
        }
        let theta = 2 * Double.pi / 6
        #expect(abs(column("area_error_abs", b)[0] - column("area_error", a)[0] * 2500 * theta / 2) < 1e-12)
        #expect(abs(column("arc_length_error_abs", b)[0] - column("arc_length_error", a)[0] * 50 * theta) < 1e-12)
        #expect(column("max_curvature_error_abs", b)[0] == column("max_curvature_error", a)[0] / 50)
        let d = column("ellipse_max_distance", b)[0]
        #expect(d > 0 && column("ellipse_max_distance_abs", b)[0] == d * 50)
    }

    @Test("error: the expression forms of the midpoint factor agree with the criterion")
    func expressions() throws {
        let folder = try TemporaryFolder()
        let csvURL = folder.file("x.csv")
        _ = try BinaryRunner.run(["error", "--k", "4/3*(sqrt(2)-1)", "--k", "4/3*tan(pi/8)", "--k", "midpoint",
                                  "--k", "2^-1 + 0.05", "--k", " 1e-1*5.5 ", "--segments", "4", "--csv", csvURL.path])
        let k = column("k", try readCSV(csvURL))
        #expect(abs(k[0] - k[2]) < 2e-16 && abs(k[1] - k[2]) < 2e-16)
        #expect(k[3] == 0.55 && k[4] == 0.55)
    }

    @Test("error-curve: S samples from t = 0 to 1, bounded by the exact extremes")
    func errorCurve() throws {
        let folder = try TemporaryFolder()
        let curve = folder.file("c.csv"), summary = folder.file("s.csv")
        let r = try BinaryRunner.run(["error-curve", "--k", "1/1.8", "--segments", "4", "--samples", "201", "--csv", curve.path])
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
        let c = try readCSV(curve)
        #expect(c.header == ["t", "angle_deg", "radial_error"] && c.rows.count == 201)
        let t = column("t", c), angle = column("angle_deg", c), e = column("radial_error", c)
        #expect(t.first == 0 && t.last == 1 && angle.first == 0 && angle.last == 90 && e.first == 0 && abs(e.last!) < 1e-16)
        #expect(zip(angle, angle.dropFirst()).allSatisfy { $0 < $1 })
        _ = try BinaryRunner.run(["error", "--k", "1/1.8", "--segments", "4", "--csv", summary.path])
        let exactMax = column("max_radial_error", try readCSV(summary))[0]
        #expect(e.max()! <= exactMax && e[100] == exactMax)  // r/1.8 peaks at t = ½
        // Without --csv the curve goes to stdout.
        let out = try BinaryRunner.run(["error-curve", "--k", "midpoint", "--samples", "3"])
        #expect(out.stdout.split(separator: "\n").count == 4)
    }

    @Test("optimize: one row per criterion with its factor and figures")
    func optimize() throws {
        let folder = try TemporaryFolder()
        let csvURL = folder.file("o.csv")
        let r = try BinaryRunner.run(["optimize", "--segments", "4", "--csv", csvURL.path])
        #expect(r.status == 0, "\(r.stderr)")
        let csv = try readCSV(csvURL)
        #expect(csv.header[0] == "criterion" && Array(csv.header[1...13]) == ArcErrorCommandTests.contractColumns)
        #expect(csv.rows.map { $0[0] } == ["midpoint", "minimax", "l2", "area", "arclength", "curvature"])
        let k = column("k", csv), maxAbs = column("max_abs_radial_error", csv)
        #expect(abs(k[0] - 0.55228474983079339840) < 1.2e-16 && abs(k[5] - (7.0.squareRoot() - 1) / 3) < 2e-16)
        #expect(maxAbs[1] == maxAbs.min()!)  // minimax is best at its own game
        #expect(abs(column("area_error", csv)[3]) < 1e-15 && abs(column("arc_length_error", csv)[4]) < 1e-15)
        #expect(r.stdout.contains("arclength"))
    }

    @Test("sweep: inclusive grid, relative k, deterministic output")
    func sweep() throws {
        let folder = try TemporaryFolder()
        let a = folder.file("a.csv"), b = folder.file("b.csv"), rel = folder.file("r.csv")
        let r = try BinaryRunner.run(["sweep", "--k-range", "0.50:0.60:0.01", "--segments", "2:4", "--csv", a.path])
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(r.stderr)")
        let csv = try readCSV(a)
        #expect(Array(csv.header.prefix(13)) == ArcErrorCommandTests.contractColumns && csv.rows.count == 33)
        let k = column("k", csv)
        #expect(k.first == 0.5 && abs(k[10] - 0.6) < 1e-15 && column("segments", csv).last == 4)
        _ = try BinaryRunner.run(["sweep", "--k-range", "0.50:0.60:0.01", "--segments", "2:4", "--csv", b.path])
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
        // The same row as 'error' for the same (k, n).
        let single = folder.file("s.csv")
        _ = try BinaryRunner.run(["error", "--k", "0.5", "--segments", "3", "--csv", single.path])
        let one = try readCSV(single)
        #expect(Array(one.rows[0].prefix(16)) == Array(csv.rows[11].prefix(16)))
        // --k-relative: multiples of each n's midpoint factor; 1 gives it exactly.
        _ = try BinaryRunner.run(["sweep", "--k-range", "0.99:1.01:0.01", "--segments", "8", "--k-relative", "--csv", rel.path])
        let relative = try readCSV(rel)
        #expect(relative.header.last == "k_relative" && relative.rows.count == 3)
        #expect(abs(column("k", relative)[1] - 4.0 / 3.0 * tan(Double.pi / 16)) < 1e-16)
        #expect(abs(column("max_radial_error", relative)[1] - column("max_abs_radial_error", relative)[1]) == 0)
    }

    @Test("segments-for: the fewest segments, relative or absolute")
    func segmentsFor() throws {
        let r = try BinaryRunner.run(["segments-for", "--tolerance", "2e-4"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("segments") && r.stdout.split(separator: "\n").contains { $0.hasPrefix("segments") && $0.hasSuffix(" 4") })
        // 0.01 px at radius 100 px is 1e-4 relative: five minimax segments, six midpoint ones.
        let px = try BinaryRunner.run(["segments-for", "--tolerance", "0.01", "--radius", "100"])
        #expect(px.stdout.split(separator: "\n").contains { $0.hasPrefix("segments") && $0.hasSuffix(" 5") })
        let mid = try BinaryRunner.run(["segments-for", "--tolerance", "0.01", "--radius", "100", "--criterion", "midpoint"])
        #expect(mid.stdout.split(separator: "\n").contains { $0.hasPrefix("segments") && $0.hasSuffix(" 5") })
        #expect(px.stdout.contains("max_abs_radial_error_abs"))
    }

    @Test("bad input: one line on stderr, exit status 2, nothing written")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let csv = folder.file("out.csv").path
        expectFailure(try BinaryRunner.run(["error", "--k", "0", "--csv", csv]), status: 2, mentioning: ["--k", "positive"])
        expectFailure(try BinaryRunner.run(["error", "--k", "-0.5", "--csv", csv]), status: 2, mentioning: ["positive"])
        expectFailure(try BinaryRunner.run(["error", "--k", "nan", "--csv", csv]), status: 2, mentioning: ["'nan'"])
        expectFailure(try BinaryRunner.run(["error", "--k", "1/0"]), status: 2, mentioning: ["finite"])
        expectFailure(try BinaryRunner.run(["error", "--k", "11"]), status: 2, mentioning: ["at most 10"])
        expectFailure(try BinaryRunner.run(["error", "--k", "4/3*(sqrt(2)-1", "--csv", csv]), status: 2,
                      mentioning: ["invalid --k '4/3*(sqrt(2)-1': expected ')' at offset 14"])
        expectFailure(try BinaryRunner.run(["error", "--k", "4/3*foo(2)"]), status: 2, mentioning: ["unknown name 'foo'", "offset 4"])
        expectFailure(try BinaryRunner.run(["error", "--k", "0.5 0.6"]), status: 2, mentioning: ["unexpected '0'", "offset 4"])
        expectFailure(try BinaryRunner.run(["error", "--k", ""]), status: 2, mentioning: ["expected a number"])
        expectFailure(try BinaryRunner.run(["error", "--k", "0.55", "--segments", "1"]), status: 2, mentioning: ["at least 2"])
        expectFailure(try BinaryRunner.run(["error", "--k", "0.55", "--segments", "4.5"]), status: 2, mentioning: ["whole number"])
        expectFailure(try BinaryRunner.run(["error", "--k", "0.55", "--sx", "1.2"]), status: 2, mentioning: ["--sx and --sy"])
        expectFailure(try BinaryRunner.run(["error"]), status: 2, mentioning: ["missing --k", "usage:"])
        expectFailure(try BinaryRunner.run(["error-curve", "--k", "0.55", "--samples", "1"]), status: 2, mentioning: ["--samples"])
        expectFailure(try BinaryRunner.run(["optimize"]), status: 2, mentioning: ["missing --segments"])
        expectFailure(try BinaryRunner.run(["optimize", "--segments", "0"]), status: 2, mentioning: ["at least 2"])
        expectFailure(try BinaryRunner.run(["sweep", "--k-range", "0.6:0.5:0.01", "--segments", "4", "--csv", csv]),
                      status: 2, mentioning: ["reversed"])
        expectFailure(try BinaryRunner.run(["sweep", "--k-range", "", "--segments", "4", "--csv", csv]),
                      status: 2, mentioning: ["expected A:B:STEP"])
        expectFailure(try BinaryRunner.run(["sweep", "--k-range", "0.5:0.6:0", "--segments", "4", "--csv", csv]),
                      status: 2, mentioning: ["step must be positive"])
        expectFailure(try BinaryRunner.run(["sweep", "--k-range", "0.5:0.6:x", "--segments", "4", "--csv", csv]),
                      status: 2, mentioning: ["step", "offset 0"])
        expectFailure(try BinaryRunner.run(["sweep", "--k-range", "0:0.6:0.1", "--segments", "4", "--csv", csv]),
                      status: 2, mentioning: ["positive"])
        expectFailure(try BinaryRunner.run(["sweep", "--k-range", "0.5:0.6:0.1", "--segments", "16:2", "--csv", csv]),
                      status: 2, mentioning: ["reversed"])
        expectFailure(try BinaryRunner.run(["sweep", "--k-range", "0.5:0.6:0.1", "--segments", "4"]),
                      status: 2, mentioning: ["missing --csv"])
        expectFailure(try BinaryRunner.run(["segments-for", "--tolerance", "-1"]), status: 2, mentioning: ["positive"])
        expectFailure(try BinaryRunner.run(["segments-for", "--tolerance", "1e-20"]), status: 2, mentioning: ["below 1e-13"])
        expectFailure(try BinaryRunner.run(["segments-for", "--tolerance", "1e-3", "--criterion", "best"]),
                      status: 2, mentioning: ["'best'", "minimax"])
        #expect(try folder.contents().isEmpty, "no output file after a failure")
        // A folder that does not exist: a runtime error.
        expectFailure(try BinaryRunner.run(["error", "--k", "0.55", "--csv", folder.file("no/such/e.csv").path]),
                      status: 1, mentioning: ["no/such"])
    }
}
