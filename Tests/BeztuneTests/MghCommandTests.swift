import Foundation
import Testing
import _TestSupport

/// End-to-end tests of `beztune mgh` (no data files: the problems are built in).
@Suite("beztune mgh")
struct MghCommandTests {
    @Test("--help names the options and the columns; the overview lists the command")
    func help() throws {
        let r = try BinaryRunner.run(["mgh", "--help"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        for fragment in ["USAGE: beztune mgh", "--problem", "--geodesic", "--csv", "sum_sq", "reference", "meyer"] {
            #expect(r.stdout.contains(fragment), "\(fragment)")
        }
        #expect(try BinaryRunner.run(["--help"]).stdout.contains("mgh"))
    }

    @Test("Meyer from x₀ and 10·x₀: the table, the summary and the CSV")
    func meyer() throws {
        let folder = try TemporaryFolder()
        let csv = folder.file("mgh.csv")
        let r = try BinaryRunner.run(["mgh", "--problem", "meyer", "--csv", csv.path])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4 && lines[1].hasPrefix("meyer") && lines[2].hasPrefix("meyer"))
        #expect(lines[3] == "solved 2 of 2 runs to 1e-8 (MINPACK's own test output: 1 of 2)", "\(lines[3])")
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 3)
        let header = rows[0]
        #expect(header.prefix(6) == ["problem", "number", "n", "m", "factor", "sum_sq"])
        for row in rows.dropFirst() {
            let field = Dictionary(uniqueKeysWithValues: zip(header, row))
            #expect(field["number"] == "10" && field["n"] == "3" && field["m"] == "16" && field["solved"] == "yes")
            #expect(abs(Double(field["sum_sq"]!)! / 87.9458551708511 - 1) < 1e-8)
            #expect(Double(field["seconds"]!)! >= 0 && Int(field["evaluations"]!)! > 0)
        }
        #expect(rows[2][rows[0].firstIndex(of: "minpack")!] == "fails")
        // With acceleration: fewer evaluations on both runs.
        let accelerated = folder.file("geo.csv")
        #expect(try BinaryRunner.run(["mgh", "--problem", "10", "--geodesic", "--csv", accelerated.path]).status == 0)
        let fast = try String(contentsOf: accelerated, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",").map(String.init) }
        let column = header.firstIndex(of: "evaluations")!
        for (a, b) in zip(rows.dropFirst(), fast) { #expect(Int(b[column])! < Int(a[column])!) }
    }

    @Test("the whole suite: 53 runs, 50 solved")
    func suite() throws {
        let r = try BinaryRunner.run(["mgh"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").last == "solved 50 of 53 runs to 1e-8 (MINPACK's own test output: 51 of 53)")
    }

    @Test("bad input: one line on stderr, exit 2")
    func badInput() throws {
        expectFailure(try BinaryRunner.run(["mgh", "--problem", "nosuch"]), status: 2,
                      mentioning: ["'nosuch'", "--problem", "meyer"])
        expectFailure(try BinaryRunner.run(["mgh", "--problem", "19"]), status: 2, mentioning: ["'19'"])
        expectFailure(try BinaryRunner.run(["mgh", "--geodesic=yes"]), status: 2, mentioning: ["takes no value"])
        let folder = try TemporaryFolder()
        expectFailure(try BinaryRunner.run(["mgh", "--problem", "rosenbrock", "--csv", folder.file("no/such/x.csv").path]),
                      status: 1, mentioning: ["no/such"])
    }
}
