import LeastSquares
import _ArgumentParser
import _Support

/// The options of the solver's test suites (`nist`, `mgh`), declared once: the problems to run,
/// geodesic acceleration and the CSV file of the runs.
struct SolverSuiteChoices<Problem: Equatable> {
    var problems: [Problem] = []
    var geodesic = false
    var csv: String?

    /// `--problem NAME …` (`help` the suite's; a name is what `named` finds, else refused with
    /// `expected` — the names the suite knows), `--geodesic` and `--csv FILE` (one row per run
    /// with the columns `header`).
    static func options(problemHelp help: String, named: @escaping (String) -> Problem?, expected: String,
                        header: [String]) -> [Option<SolverSuiteChoices>] {
        [
            .repeated(\.problems, "problem", "NAME", help: help) { name throws(OptionValueError) in
                guard let problem = named(name) else { throw OptionValueError(expected) }
                return problem
            },
            .flag(\.geodesic, "geodesic", help: "Use geodesic acceleration (Transtrum & Sethna 2012; alpha 0.75, h 0.1)."),
            .text(\.csv, "csv", "FILE", help: "Write one CSV row per run: \(header.joined(separator: ","))."),
        ]
    }

    /// The problems asked for, each once, in the order first given (empty: every problem).
    var distinctProblems: [Problem] {
        problems.reduce(into: []) { kept, p in if !kept.contains(p) { kept.append(p) } }
    }

    /// `options` with geodesic acceleration (alpha 0.75, h 0.1) when `--geodesic` asks for it.
    func solverOptions(_ options: LevenbergMarquardt.Options) -> LevenbergMarquardt.Options {
        var o = options
        if geodesic { o.geodesicAcceleration = GeodesicAcceleration() }
        return o
    }
}
