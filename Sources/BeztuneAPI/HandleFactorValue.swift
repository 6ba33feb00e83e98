import ArcError
import _Support

/// A `--k` value as the commands read it: decimal only (``OptionValue/refuseHexadecimal(_:)``),
/// then a criterion name, a player's constant, a number or an expression (``HandleFactor``).
package enum HandleFactorValue {
    /// `--k TEXT`; the reason names the problem (`expected ')' at offset 14 (…)`).
    package static func parse(_ text: String) throws(OptionValueError) -> HandleFactor {
        try OptionValue.refuseHexadecimal(text)
        do throws(HandleFactorError) {
            return try HandleFactor(parsing: text)
        } catch {
            throw OptionValueError(error.reason)
        }
    }

    /// `--segments N`: 2 ≤ N ≤ ``SweepGrid/maximumSegments``.
    package static func segments(_ text: String) throws(OptionValueError) -> Int {
        do throws(SweepGridError) {
            return try SweepGrid.segmentCount(parsing: text)
        } catch {
            throw OptionValueError(error.reason, text: error.text)
        }
    }
}
