import Foundation
import Testing
import _TestSupport

/// End-to-end tests of `beztune nist`. The full-suite tests read the NIST files from
/// `BEZIERTUNE_NIST_DATA` (set by `.ci/run`); unset, they say they skip, except under CI
/// (`CI=true`), where they fail. The bad-input tests write their own files.
@Suite("beztune nist")
struct NistCommandTests {
    static let variable = "BEZIERTUNE_NIST_DATA"

    /// The data folder, or nil after saying that `test` skips.
    static func dataFolder(for test: String) -> String? {
        guard let folder = ProcessInfo.processInfo.environment[variable], !folder.isEmpty else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("\(test): CI=true but \(variable) is not set and ../shared/data/nist is missing; the NIST tests do not skip under CI")
                return nil
            }
            print("skipping \(test): \(variable) is not set (point it at the folder of NIST StRD .dat files)")
            return nil
        }
        return folder
    }

    static let requiredColumns = ["problem", "start", "lre_params", "lre_ssr", "lre_stderr",
                                  "iterations", "evaluations", "status"]
    /// The printed table: the CSV's first columns and the parameter with the smallest LRE.
    static let tableColumns = requiredColumns + ["worst_parameter"]

    /// A made-up dataset in the StRD layout for the Misra1a model (y = b1·(1 − e^(−b2·x)) exactly
    /// at the "certified" values), CRLF line ends.
    static func syntheticMisra1a(corrupt: (inout [String]) -> Void = { _ in }) -> String {
        let xs: [Double] = [77.6, 114.9, 141.1, 190.8, 239.9, 289.0]
        let ys = xs.map { 240 * (1 - exp(-5.5e-4 * $0)) }
        var lines = [String](repeating: "", count: 60 + xs.count)
        lines[0] = "NIST/ITL StRD"
        lines[1] = "Dataset Name:  Misra1a           (Misra1a.dat)"
        lines[4] = "               Starting Values   (lines 41 to 42)"
        lines[5] = "               Certified Values  (lines 41 to 47)"
        lines[6] = "               Data              (lines 61 to \(60 + xs.count))"
        lines[40] = "  b1 =   500         250           2.4000000000E+02  1.0000000000E+00"
        lines[41] = "  b2 =     0.0001      0.0005      5.5000000000E-04  1.0000000000E-05"
        lines[43] = "Residual Sum of Squares:                    1.0000000000E-01"
        lines[44] = "Residual Standard Deviation:                1.0000000000E-01"
        lines[45] = "Degrees of Freedom:                                 4"
        lines[46] = "Number of Observations:                             6"
        lines[59] = "Data:   y               x"
        for (i, (x, y)) in zip(xs, ys).enumerated() { lines[60 + i] = "  \(y)  \(x)" }
        corrupt(&lines)
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test("--help describes the options and the LRE")
    func help() throws {
        let r = try BinaryRunner.run(["nist", "--help"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        for fragment in ["USAGE: beztune nist --data DIR", "--problem", "--csv", "LRE", "lre_stderr"] {
            #expect(r.stdout.contains(fragment), "\(fragment)")
        }
        let top = try BinaryRunner.run(["--help"])
        #expect(top.stdout.contains("nist"))
    }

    @Test("one problem from a made-up file: the table, the summary line and the CSV")
    func syntheticRun() throws {
        let folder = try TemporaryFolder()
        try Self.syntheticMisra1a().write(to: folder.file("Misra1a.dat"), atomically: true, encoding: .utf8)
        let csv = folder.file("out.csv")
        let r = try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "misra1a", "--csv", csv.path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].split(separator: " ").map(String.init) == Self.tableColumns)
        #expect(lines[1].hasPrefix("Misra1a") && lines[2].hasPrefix("Misra1a"))
        #expect(lines[3].hasPrefix("mean LRE ") && lines[3].contains("of 2"))
        let table = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(table.count == 3)
        #expect(Array(table[0].prefix(8)) == Self.requiredColumns)
        for row in table.dropFirst() {
            #expect(row[0] == "Misra1a" && row.count == table[0].count)
            // The data are exact at b = (240, 5.5e-4): both starts find them to ~11 digits.
            #expect(Double(row[2])! >= 9, "\(row)")
            #expect(row[7].hasPrefix("converged"))
        }
    }

    @Test("bad input: one line on stderr naming the option, folder, file or line")
    func badInput() throws {
        let folder = try TemporaryFolder()
        expectFailure(try BinaryRunner.run(["nist"]), status: 2, mentioning: ["missing --data", "usage:"])
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "Misra9"]),
                      status: 2, mentioning: ["'Misra9'", "--problem", "Bennett5"])
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.file("nowhere").path]),
                      status: 1, mentioning: ["nowhere: no such folder"])
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path]),
                      status: 1, mentioning: [folder.url.path, "no .dat files"])

        // A folder with one (valid) file: the suite needs all 27, so the first missing is named.
        try Self.syntheticMisra1a().write(to: folder.file("Misra1a.dat"), atomically: true, encoding: .utf8)
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path]),
                      status: 1, mentioning: ["Chwirut2.dat", "no such file"])

        // Garbled files: file and line in the message; no CSV written.
        let csv = folder.file("out.csv").path
        try Self.syntheticMisra1a { $0[62] = "  1.2.3  141.1" }.write(to: folder.file("Misra1a.dat"), atomically: true, encoding: .utf8)
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "Misra1a", "--csv", csv]),
                      status: 1, mentioning: ["Misra1a.dat:63:", "'1.2.3' is not a finite number"])
        try Self.syntheticMisra1a { $0.removeLast(3) }.write(to: folder.file("Misra1a.dat"), atomically: true, encoding: .utf8)
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "Misra1a"]),
                      status: 1, mentioning: ["Misra1a.dat", "ends at line 63", "line 66"])
        try Data([0x4E, 0x49, 0x00, 0xFF]).write(to: folder.file("Misra1a.dat"))
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "Misra1a"]),
                      status: 1, mentioning: ["Misra1a.dat", "NUL"])
        #expect(!FileManager.default.fileExists(atPath: csv))

        // An output folder that does not exist.
        try Self.syntheticMisra1a().write(to: folder.file("Misra1a.dat"), atomically: true, encoding: .utf8)
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "Misra1a",
                                            "--csv", folder.file("no/such/out.csv").path]),
                      status: 1, mentioning: ["no/such"])
    }

    @Test("the whole suite from the NIST files: 54 runs, all with LRE ≥ 6")
    func fullSuite() throws {
        guard let data = Self.dataFolder(for: "fullSuite") else { return }
        let folder = try TemporaryFolder()
        let csv = folder.file("nist.csv")
        let r = try BinaryRunner.run(["nist", "--data", data, "--csv", csv.path])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 56)
        #expect(lines[0].split(separator: " ").map(String.init) == Self.tableColumns)
        #expect(lines.last!.contains("LRE >= 4 on 54 of 54; LRE >= 6 on 54 of 54"), "\(lines.last!)")

        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(Array(rows[0].prefix(8)) == Self.requiredColumns)
        #expect(rows.count == 55)
        var names: [String] = []
        for row in rows.dropFirst() {
            names.append(row[0])
            #expect(Double(row[2])! >= 6, "\(row)")
            #expect(row[7].hasPrefix("converged"), "\(row)")
            #expect(Int(row[5])! > 0 && Int(row[6])! > 0)
        }
        #expect(names.first == "Misra1a" && names.last == "Bennett5" && Set(names).count == 27)
    }

    /// Splits CSV text without quoting (the nist CSVs hold none) into rows of cells.
    static func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// NIST's certified parameter values in `file`, b1 first: the lines `  bJ = start1 start2
    /// certified stddev` (the third number after '=').
    static func certifiedParameters(_ file: String) throws -> [String: Double] {
        var out: [String: Double] = [:]
        for line in try String(contentsOfFile: file, encoding: .utf8).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            let numbers = parts[1].split(separator: " ").compactMap { Double(String($0)) }
            guard name.hasPrefix("b"), Int(name.dropFirst()) != nil, numbers.count == 4 else { continue }
            out[name] = numbers[2]
        }
        return out
    }

    @Test("--parameters-csv: each LRE recomputed from the value and NIST's certified value; each run's smallest is lre_params")
    func parametersCSV() throws {
        guard let data = Self.dataFolder(for: "parametersCSV") else { return }
        let folder = try TemporaryFolder()
        let csv = folder.file("runs.csv"), parameters = folder.file("parameters.csv")
        let problems = ["Misra1a", "Chwirut2", "MGH09"]
        let r = try BinaryRunner.run(["nist", "--data", data, "--csv", csv.path, "--parameters-csv", parameters.path]
                                     + problems.flatMap { ["--problem", $0] })
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let table = try String(contentsOf: parameters, encoding: .utf8)
        #expect(table.hasPrefix("problem,start,parameter,value,certified,lre\n"))
        let runs = Self.rows(try String(contentsOf: csv, encoding: .utf8)).dropFirst()
        #expect(runs.count == 6)
        let printed = r.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        var counted = 0
        for problem in problems {
            let certified = try Self.certifiedParameters(URL(fileURLWithPath: data).appendingPathComponent("\(problem).dat").path)
            #expect(!certified.isEmpty)
            for start in ["1", "2"] {
                let rows = Self.rows(table).filter { $0[0] == problem && $0[1] == start }
                #expect(rows.map { $0[2] } == (1...certified.count).map { "b\($0)" }, "\(problem) start \(start)")
                var worst = (name: "", lre: Double.infinity)
                for row in rows {
                    let value = Double(row[3])!, c = Double(row[4])!, lre = Double(row[5])!
                    #expect(c == certified[row[2]], "\(row): certified \(certified[row[2]] ?? .nan) in \(problem).dat")
                    // McCullough's LRE, capped at NIST's 11 certified digits.
                    let expected = value == c ? 11 : min(11, max(0, -log10(abs(value - c) / abs(c))))
                    #expect(abs(lre - expected) <= 1e-12, "\(row): LRE \(expected)")
                    if lre < worst.lre { worst = (row[2], lre) }
                    counted += 1
                }
                let run = runs.first { $0[0] == problem && $0[1] == start }
                #expect(run.map { Double($0[2])! } == worst.lre, "\(problem) start \(start): lre_params \(run?[2] ?? "none")")
                let line = printed.first { $0.first == problem && $0.count > 1 && $0[1] == start }
                #expect(line?.last == worst.name, "\(problem) start \(start): \(line ?? [])")
            }
        }
        #expect(counted == 2 * (2 + 3 + 4))
    }

    @Test("--parameters-csv refused when it is an input or the --csv file: exit 1, one line, nothing written")
    func parametersCSVRefused() throws {
        let folder = try TemporaryFolder()
        let dat = folder.file("Misra1a.dat")
        try Self.syntheticMisra1a().write(to: dat, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: dat)
        let csv = folder.file("out.csv").path
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "Misra1a",
                                            "--csv", csv, "--parameters-csv", csv]),
                      status: 1, mentioning: ["out.csv", "the same file"])
        #expect(!FileManager.default.fileExists(atPath: csv))
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "Misra1a",
                                            "--csv", csv, "--parameters-csv", dat.path]),
                      status: 1, mentioning: ["Misra1a.dat", "input"])
        #expect(!FileManager.default.fileExists(atPath: csv))
        #expect(try Data(contentsOf: dat) == before)
        // A failed run (garbled data) writes neither file.
        try Self.syntheticMisra1a { $0[62] = "  1.2.3  141.1" }.write(to: dat, atomically: true, encoding: .utf8)
        let parameters = folder.file("p.csv").path
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "Misra1a",
                                            "--csv", csv, "--parameters-csv", parameters]),
                      status: 1, mentioning: ["Misra1a.dat:63:"])
        #expect(!FileManager.default.fileExists(atPath: csv) && !FileManager.default.fileExists(atPath: parameters))
    }

    @Test("a real file copied and truncated is reported by name; --problem reads only its file")
    func truncatedRealFile() throws {
        guard let data = Self.dataFolder(for: "truncatedRealFile") else { return }
        let folder = try TemporaryFolder()
        let original = try Data(contentsOf: URL(fileURLWithPath: data).appendingPathComponent("BoxBOD.dat"))
        try original.write(to: folder.file("BoxBOD.dat"))
        let ok = try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "BoxBOD"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.split(separator: "\n").filter { $0.hasPrefix("BoxBOD") }.count == 2)

        try original.prefix(original.count - 40).write(to: folder.file("BoxBOD.dat"))
        expectFailure(try BinaryRunner.run(["nist", "--data", folder.url.path, "--problem", "BoxBOD"]),
                      status: 1, mentioning: ["BoxBOD.dat", "line 66"])
    }
}
