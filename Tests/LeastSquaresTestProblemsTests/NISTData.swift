import Foundation
import LeastSquaresTestProblems
import Testing

/// The NIST StRD data folder the tests read, from `BEZIERTUNE_NIST_DATA` (`.ci/run` sets it to
/// `../shared/data/nist`). Unset: the data tests say they skip and pass, except under CI
/// (`CI=true`), where a missing folder fails them. Set: every file must be there and parse, or
/// the test fails.
enum NISTData {
    static let variable = "BEZIERTUNE_NIST_DATA"

    static var folder: String? {
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else { return nil }
        return value
    }

    /// All 27 datasets in NIST order, or nil (after saying so) when the variable is unset.
    static func loadAll(for test: String) throws -> [StRDDataset]? {
        guard let folder else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("\(test): CI=true but \(variable) is not set and ../shared/data/nist is missing; the NIST tests do not skip under CI")
                return nil
            }
            print("skipping \(test): \(variable) is not set (point it at the folder of NIST StRD .dat files)")
            return nil
        }
        return try StRDProblem.all.map { try load($0, from: folder) }
    }

    static func load(_ problem: StRDProblem, from folder: String) throws -> StRDDataset {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(problem.fileName).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try StRDFile.parse(text, fileName: path)
    }
}
