import DataFiles
import Foundation
import LeastSquares
import LeastSquaresTestProblems
import _ArgumentParser

/// `beztune nist`: the NIST StRD nonlinear regression suite — 27 problems × 2 starts — fitted by
/// Levenberg–Marquardt with automatic derivatives, scored by log relative errors (LRE).
enum NistCommand: BeztuneCommand {
    static let name = "nist"
    static let abstract = "Fit the NIST StRD nonlinear regression problems and score the digits against the certified values."

    static var options: [Option<Options>] {
        [
            .text(\.data, "data", "DIR", required: true, missingHint: "the folder with the NIST StRD .dat files",
                  help: "Folder with the original NIST StRD .dat files (Misra1a.dat … Bennett5.dat)."),
        ] + SolverSuiteChoices.options(problemHelp: "Run only this problem (case-insensitive, repeatable); default all 27.",
                                       named: StRDProblem.named,
                                       expected: "expected one of \(StRDProblem.all.map(\.name).joined(separator: ", "))",
                                       header: header).map { $0.embedded(in: \.suite) } + [
            .text(\.parametersCSV, "parameters-csv", "FILE",
                  help: "Write one CSV row per problem, start and parameter: \(parametersHeader.joined(separator: ",")) (every digit)."),
        ]
    }

    static let discussion = """
        LRE = -log10(|x - c|/|c|) against NIST's certified value c, capped at 11 (NIST certifies
        11 digits). lre_params is the minimum over the parameters (worst_parameter names it,
        b1 the first; --parameters-csv writes every parameter's value, certified value and
        LRE), lre_ssr that of the residual sum of squares, lre_stderr the minimum over the
        standard errors against NIST's certified standard deviations; seconds is the wall time
        of the fit (not deterministic). The
        summary gives the mean of lre_params and how many runs reach 4 and 6 digits. Lanczos1's certified RSS (1.4e-25) is rounding noise that double
        precision cannot resolve, so its lre_ssr and lre_stderr are about 3 by nature.
        The data are NIST's public files, which BezierTune does not ship:
        https://www.itl.nist.gov/div898/strd/nls/nls_main.shtml
        """

    static let header = ["problem", "start", "lre_params", "lre_ssr", "lre_stderr", "iterations",
                         "evaluations", "status", "ssr", "certified_ssr", "jacobian_evaluations", "seconds"]

    /// The columns of `--parameters-csv`.
    static let parametersHeader = ["problem", "start", "parameter", "value", "certified", "lre"]

    /// The printed table's columns: the CSV's first eight and the worst parameter's name.
    static let tableHeader = Array(header.prefix(8)) + ["worst_parameter"]

    static func run(_ options: Options, console: Console) throws {
        let problems = options.suite.distinctProblems
        // Every problem's data file is protected, not only this run's: `--problem Misra1a --csv
        // DIR/MGH09.dat` would destroy data the next run needs.
        let inputs = StRDProblem.all.map { path(of: $0, in: options.data) }
        let outputs = try RunOutputs(files: [options.suite.csv, options.parametersCSV], inputs: inputs, console: console)
        let datasets = try load(folder: options.data, problems: problems.isEmpty ? nil : problems)
        let solverOptions = options.suite.solverOptions(StRDRunner.options)
        var runs: [StRDRun] = []
        var seconds: [Double] = []
        let clock = ContinuousClock()
        for dataset in datasets {
            for start in [1, 2] {
                let begin = clock.now
                runs.append(StRDRunner.run(dataset, start: start, options: solverOptions))
                let elapsed = clock.now - begin
                seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
        }
        var csv = CSVWriter(header: header)
        var parametersCSV = CSVWriter(header: parametersHeader)
        var rows: [[String]] = []
        for (r, time) in zip(runs, seconds) {
            csv.appendRow([.text(r.problem.name), .int(r.start), .double(r.parameterLRE),
                           .double(r.residualSumOfSquaresLRE), .double(r.standardErrorLRE),
                           .int(r.fit.iterations), .int(r.fit.evaluations), .text(r.fit.status.rawValue),
                           .double(r.fit.residualSumOfSquares),
                           .double(datasets.first { $0.problem == r.problem }?.certifiedResidualSumOfSquares ?? .nan),
                           .int(r.fit.jacobianEvaluations), .double(time)])
            rows.append([r.problem.name, String(r.start), fixed(r.parameterLRE), fixed(r.residualSumOfSquaresLRE),
                         fixed(r.standardErrorLRE), String(r.fit.iterations), String(r.fit.evaluations),
                         r.fit.status.rawValue, r.worstParameter?.name ?? ""])
            for p in r.parameterAccuracies {
                parametersCSV.appendRow([.text(r.problem.name), .int(r.start), .text(p.name), .double(p.value),
                                         .double(p.certified), .double(p.logRelativeError)])
            }
        }
        try outputs.stage(csv.text, for: options.suite.csv)
        try outputs.stage(parametersCSV.text, for: options.parametersCSV)
        let summary = StRDSummary(runs)
        let stderrOK = runs.count { $0.standardErrorLRE >= 4 }
        outputs.write(TextTable.render(header: tableHeader, rows: rows))
        outputs.print("mean LRE \(String(format: "%.2f", summary.meanLRE)) over \(summary.runs) runs; "
                      + "LRE >= 4 on \(summary.atLeast4) of \(summary.runs); LRE >= 6 on \(summary.atLeast6) of \(summary.runs); "
                      + "standard errors LRE >= 4 on \(stderrOK) of \(summary.runs)")
        try outputs.commit()
    }

    /// One decimal, as LRE tables are printed.
    static func fixed(_ x: Double) -> String { String(format: "%.1f", x) }

    /// Reads the datasets of `problems` (all 27 when nil) from `folder`; a missing, unreadable or
    /// malformed file is a runtime error naming it (and the line).
    static func load(folder: String, problems: [StRDProblem]?) throws -> [StRDDataset] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw CLIError.runtime("\(folder): no such folder")
        }
        guard isFolder.boolValue else { throw CLIError.runtime("\(folder): not a folder") }
        if problems == nil {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard names.contains(where: { $0.lowercased().hasSuffix(".dat") }) else {
                throw CLIError.runtime("\(folder): no .dat files; expected the 27 NIST StRD files (Misra1a.dat … Bennett5.dat)")
            }
        }
        var datasets: [StRDDataset] = []
        for problem in problems ?? StRDProblem.all {
            let file = path(of: problem, in: folder)
            let text = try TextFile.read(URL(fileURLWithPath: file), kind: "NIST StRD .dat file")
            datasets.append(try StRDFile.parse(text, fileName: file))
        }
        return datasets
    }

    /// The path of `problem`'s .dat file in `folder`.
    static func path(of problem: StRDProblem, in folder: String) -> String {
        folder.hasSuffix("/") ? folder + problem.fileName : folder + "/" + problem.fileName
    }

    struct Options: CommandOptions {
        var data = ""  // required
        var parametersCSV: String?
        var suite = SolverSuiteChoices<StRDProblem>()
    }

}
