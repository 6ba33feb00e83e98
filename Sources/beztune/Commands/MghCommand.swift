import DataFiles
import Foundation
import LeastSquares
import LeastSquaresTestProblems
import _ArgumentParser

/// `beztune mgh`: the Moré–Garbow–Hillstrom problems of MINPACK's least-squares test driver —
/// 18 problems, 53 runs from x₀, 10·x₀, 100·x₀ — fitted by Levenberg–Marquardt with automatic
/// derivatives, each final ‖f‖² compared with its published minimum.
enum MghCommand: BeztuneCommand {
    static let name = "mgh"
    static let abstract = "Run the Moré–Garbow–Hillstrom test problems of MINPACK's driver and check the minima."

    static var options: [Option<Options>] {
        SolverSuiteChoices.options(problemHelp: "Run only this problem (name or MINPACK number 1-18, repeatable); default all 53 runs.",
                                   named: MGHProblem.named,
                                   expected: "expected one of \(MGHProblem.allCases.map(\.name).joined(separator: ", ")) or a number 1-18",
                                   header: header).map { $0.embedded(in: \.suite) }
    }

    static let discussion = """
        sum_sq is the final ||f||^2 (the quantity Moré, Garbow & Hillstrom tabulate; the cost is
        half of it), reference the published minimum that run is checked against (global,
        local, or an infimum at infinity), error |sum_sq - reference|/reference (absolute when
        the reference is 0); solved means error <= 1e-8. minpack says whether MINPACK's lmder1
        solves the run in its own test output. seconds is the wall time (not deterministic).
        Problems: \(MGHProblem.allCases.map { "\($0.rawValue) \($0.name)" }.joined(separator: ", ")).
        """

    static let header = ["problem", "number", "n", "m", "factor", "sum_sq", "reference", "reference_kind",
                         "error", "solved", "evaluations", "jacobian_evaluations", "iterations", "status",
                         "minpack", "accelerated_steps", "seconds"]

    static func run(_ options: Options, console: Console) throws {
        let problems = options.suite.distinctProblems
        let runs = problems.isEmpty ? MGHRun.all : MGHRun.all.filter { problems.contains($0.problem) }
        let outputs = try RunOutputs(files: [options.suite.csv], console: console)
        let solverOptions = options.suite.solverOptions(MGHRunner.options)

        var csv = CSVWriter(header: header)
        var rows: [[String]] = []
        let clock = ContinuousClock()
        var solved = 0
        for run in runs {
            let begin = clock.now
            let r = MGHRunner.run(run, options: solverOptions)
            let elapsed = clock.now - begin
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            if r.solved { solved += 1 }
            csv.appendRow([.text(run.problem.name), .int(run.problem.rawValue), .int(run.parameterCount),
                           .int(run.residualCount), .int(Int(run.factor)), .double(r.sumOfSquares),
                           .double(run.reference), .text(run.referenceKind.rawValue), .double(r.error),
                           .text(r.solved ? "yes" : "no"), .int(r.fit.evaluations),
                           .int(r.fit.jacobianEvaluations), .int(r.fit.iterations), .text(r.fit.status.rawValue),
                           .text(run.minpackFailure == nil ? "solves" : "fails"), .int(r.fit.acceleratedSteps),
                           .double(seconds)])
            rows.append([run.problem.name, String(run.parameterCount), String(run.residualCount),
                         String(Int(run.factor)), String(format: "%.10e", r.sumOfSquares),
                         String(format: "%.10e", run.reference), String(format: "%.1e", r.error),
                         r.solved ? "yes" : "no", String(r.fit.evaluations), r.fit.status.rawValue])
        }
        try outputs.stage(csv.text, for: options.suite.csv)
        outputs.write(TextTable.render(header: ["problem", "n", "m", "factor", "sum_sq", "reference", "error",
                                                      "solved", "evaluations", "status"], rows: rows))
        let minpack = runs.count { $0.minpackFailure == nil }
        outputs.print("solved \(solved) of \(runs.count) runs to 1e-8 (MINPACK's own test output: \(minpack) of \(runs.count))")
        try outputs.commit()
    }

    struct Options: CommandOptions {
        var suite = SolverSuiteChoices<MGHProblem>()
    }

}
