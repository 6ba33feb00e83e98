import FuzzSupport
import LeastSquaresTestProblems

/// NIST StRD `.dat` files (`beztune nist --data`): `StRDFile.parse`.
///
/// Invariants: never traps; errors are one line; a parsed dataset has one start value, certified
/// value and deviation per model parameter and one predictor row per observation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput.text(data, size)
    let dataset: StRDDataset
    do throws(StRDFileError) {
        dataset = try StRDFile.parse(text, fileName: "fuzz.dat")
    } catch {
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        return 0
    }
    let p = dataset.problem.model.parameterCount
    fuzzCheck(dataset.starts.allSatisfy { $0.count == p } && dataset.certifiedParameters.count == p
                && dataset.certifiedStandardDeviations.count == p, "parameter counts differ from \(p)")
    fuzzCheck(dataset.responses.count == dataset.predictors.count && !dataset.responses.isEmpty,
              "\(dataset.responses.count) responses, \(dataset.predictors.count) predictor rows")
    return 0
}
