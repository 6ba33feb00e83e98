import LeastSquaresTestProblems
import Testing

@Suite("NIST StRD file reader")
struct StRDFileTests {
    /// A small file in the StRD layout (made-up data for the Misra1a model), CRLF line ends.
    static func sample(dataLines: [String] = ["      10.07E0      77.6E0", "      14.73E0     114.9E0",
                                              "      17.94E0     141.1E0", "      23.93E0     190.8E0"],
                       parameterLine2: String = "  b2 =     0.0001      0.0005      5.5015643181E-04  7.2668688436E-06",
                       name: String = "Misra1a") -> String {
        var lines = [String](repeating: "", count: 60 + dataLines.count)
        lines[0] = "NIST/ITL StRD"
        lines[1] = "Dataset Name:  \(name)           (\(name).dat)"
        lines[3] = "File Format:   ASCII"
        lines[4] = "               Starting Values   (lines 41 to 42)"
        lines[5] = "               Certified Values  (lines 41 to 47)"
        lines[6] = "               Data              (lines 61 to \(60 + dataLines.count))"
        lines[39] = "        Start 1     Start 2           Parameter     Standard Deviation"
        lines[40] = "  b1 =   500         250           2.3894212918E+02  2.7070075241E+00"
        lines[41] = parameterLine2
        lines[43] = "Residual Sum of Squares:                    1.2455138894E-01"
        lines[44] = "Residual Standard Deviation:                1.0187876330E-01"
        lines[45] = "Degrees of Freedom:                                 2"
        lines[46] = "Number of Observations:                             \(dataLines.count)"
        lines[59] = "Data:   y               x"
        for (i, l) in dataLines.enumerated() { lines[60 + i] = l }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test("reads starts, certified values, summary lines and data; CRLF and Fortran exponents")
    func parse() throws {
        let d = try StRDFile.parse(Self.sample(), fileName: "Misra1a.dat")
        #expect(d.name == "Misra1a" && d.problem.model == .misra1a && d.parameterCount == 2)
        #expect(d.starts == [[500, 0.0001], [250, 0.0005]])
        #expect(d.certifiedParameters == [2.3894212918E+02, 5.5015643181E-04])
        #expect(d.certifiedStandardDeviations == [2.7070075241, 7.2668688436E-06])
        #expect(d.certifiedResidualSumOfSquares == 0.12455138894)
        #expect(d.statedDegreesOfFreedom == 2 && d.degreesOfFreedom == 2 && d.observationCount == 4)
        #expect(d.responses == [10.07, 14.73, 17.94, 23.93])
        #expect(d.predictors == [[77.6], [114.9], [141.1], [190.8]])
        // LF-only files (as lmfit stores them) read the same.
        let lf = try StRDFile.parse(Self.sample().replacingOccurrences(of: "\r\n", with: "\n"), fileName: "x")
        #expect(lf.responses == d.responses && lf.certifiedParameters == d.certifiedParameters)
    }

    @Test("every problem is one line naming the file and the line")
    func errors() {
        func message(_ text: String) -> String {
            do {
                _ = try StRDFile.parse(text, fileName: "Misra1a.dat")
                return "no error"
            } catch {
                return error.description
            }
        }
        let truncated = Self.sample().split(separator: "\r\n", omittingEmptySubsequences: false)
            .prefix(62).joined(separator: "\r\n")
        #expect(message(truncated) == "Misra1a.dat: the file ends at line 62, but its data should run to line 64")
        // Rows after the declared range are an error, not silently dropped; blank lines are fine.
        #expect(message(Self.sample() + "      29.95E0     239.9E0\r\n")
                == "Misra1a.dat:65: a line after the data range (lines 61 to 64, line 7): found '29.95E0     239.9E0'; the file's ranges must cover all its data")
        #expect(message(Self.sample() + "\r\n   \r\n") == "no error")
        #expect(message(Self.sample(dataLines: ["10.07E0 77.6E0", "14.73E0 114.9E0", "17.94E0 1x41.1E0", "1 2"]))
                == "Misra1a.dat:63: predictor: '1x41.1E0' is not a finite number")
        #expect(message(Self.sample(dataLines: ["10.07E0 77.6E0", "14.73E0", "1 2", "1 2"]))
                == "Misra1a.dat:62: expected 2 numbers (y, then the predictor), found '14.73E0'")
        #expect(message(Self.sample(parameterLine2: "  b3 = 1 2 3 4"))
                .hasPrefix("Misra1a.dat:42: expected 'b2 = <start 1> <start 2> <certified value> <standard deviation>'"))
        #expect(message(Self.sample(name: "Misra9z")).hasPrefix("Misra1a.dat:2: unknown dataset 'Misra9z'"))
        #expect(message("hello\r\n") == "Misra1a.dat:1: not a NIST StRD file: expected 'NIST/ITL StRD', found 'hello'")
        #expect(message("") == "Misra1a.dat: the file is empty, expected a NIST StRD dataset")
        let noRanges = Self.sample().replacingOccurrences(of: "(lines 61 to 64)", with: "(rows 61 to 64)")
        #expect(message(noRanges) == "Misra1a.dat:7: expected 'Data (lines A to B)', found 'Data              (rows 61 to 64)'")
    }

    @Test("the real files: Rat43's degrees-of-freedom typo, Nelson's two predictors, ranges read from each file")
    func realFiles() throws {
        guard let datasets = try NISTData.loadAll(for: "realFiles") else { return }
        #expect(datasets.count == 27)
        for d in datasets where d.name != "Rat43" {
            #expect(d.statedDegreesOfFreedom == d.degreesOfFreedom, "\(d.name)")
        }
        let rat43 = try #require(datasets.first { $0.name == "Rat43" })
        #expect(rat43.statedDegreesOfFreedom == 9 && rat43.degreesOfFreedom == 11)
        let nelson = try #require(datasets.first { $0.name == "Nelson" })
        #expect(nelson.predictors.allSatisfy { $0.count == 2 } && nelson.observationCount == 128)
        // Roszman1 is NIST's original (b1 = 0.20196866396), not Ceres' atan2 variant (1.2019…).
        let roszman = try #require(datasets.first { $0.name == "Roszman1" })
        #expect(roszman.certifiedParameters[0] == 2.0196866396E-01)
        // The certified parameters reproduce the certified RSS (Lanczos1 aside: its RSS is ~1e-25).
        for d in datasets where d.name != "Lanczos1" {
            let r = d.residualModel.residuals(d.certifiedParameters)
            let rss = r.map { $0 * $0 }.reduce(0, +)
            #expect(LogRelativeError.of(rss, certified: d.certifiedResidualSumOfSquares) >= 9, "\(d.name)")
        }
    }
}
