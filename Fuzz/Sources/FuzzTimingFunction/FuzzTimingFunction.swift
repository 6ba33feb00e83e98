import Deform
import FuzzSupport

/// `--timing` values: `TimingFunction(parsing:)`, then the function evaluated across progress.
///
/// Invariants: never traps; errors are one line; a parsed function's `description` parses back
/// to the same function; y(0) = 0 (but for steps that jump at the start), and y(x) is finite for
/// every x in [0, 1] (a timing function feeds model parameters, where NaN would become NaN
/// coordinates).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput.text(data, size)
    let function: TimingFunction
    do throws(TimingError) {
        function = try TimingFunction(parsing: text)
    } catch {
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        return 0
    }
    do throws(TimingError) {
        let again = try TimingFunction(parsing: function.description)
        fuzzCheck(again == function, "round trip changed \(function) to \(again)")
    } catch {
        fuzzCheck(false, "'\(function.description)' does not parse back: \(error)")
    }
    var jumpsAtStart = false
    if case .steps(let s) = function { jumpsAtStart = s.position == .jumpStart || s.position == .jumpBoth }
    fuzzCheck(jumpsAtStart || function.value(at: 0) == 0, "y(0) = \(function.value(at: 0)) for \(function)")
    for i in 0...16 {
        let x = Double(i) / 16
        let y = function.value(at: x)
        fuzzCheck(y.isFinite, "y(\(x)) = \(y) for \(function)")
    }
    return 0
}
