/// One fitted parameter of a StRD run against NIST's certified value: its name as the NIST file
/// prints it (`b1` is the first), the computed and certified values and their log relative
/// error, ``LogRelativeError/of(_:certified:)`` — the figure whose minimum over a run's
/// parameters is ``StRDRun/parameterLRE``.
public struct StRDParameterAccuracy: Sendable, Hashable {
    /// `b1`, `b2`, … as in the NIST files.
    public let name: String
    public let value: Double
    public let certified: Double
    /// LRE = −log₁₀(|value − certified|/|certified|), clamped to [0, 11].
    public let logRelativeError: Double

    public init(name: String, value: Double, certified: Double) {
        self.name = name
        self.value = value
        self.certified = certified
        logRelativeError = LogRelativeError.of(value, certified: certified)
    }

    /// The accuracy of every parameter, `b1` first: `computed[j]` against `certified[j]`.
    public static func all(_ computed: [Double], certified: [Double]) -> [StRDParameterAccuracy] {
        precondition(computed.count == certified.count,
                     "StRDParameterAccuracy: \(computed.count) computed values against \(certified.count) certified")
        return zip(computed, certified).enumerated().map { j, pair in
            StRDParameterAccuracy(name: "b\(j + 1)", value: pair.0, certified: pair.1)
        }
    }
}
