/// The summary line of a suite run: mean parameter LRE and how many runs reach 4 and 6 digits.
public struct StRDSummary: Sendable, Equatable {
    public let runs: Int
    /// The mean over runs of ``StRDRun/parameterLRE``.
    public let meanLRE: Double
    public let atLeast4: Int
    public let atLeast6: Int
    /// The smallest ``StRDRun/standardErrorLRE``.
    public let minimumStandardErrorLRE: Double

    public init(_ runs: [StRDRun]) {
        self.runs = runs.count
        meanLRE = runs.isEmpty ? 0 : runs.map(\.parameterLRE).reduce(0, +) / Double(runs.count)
        atLeast4 = runs.count { $0.parameterLRE >= 4 }
        atLeast6 = runs.count { $0.parameterLRE >= 6 }
        minimumStandardErrorLRE = runs.map(\.standardErrorLRE).min() ?? 0
    }
}
