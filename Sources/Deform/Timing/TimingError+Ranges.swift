/// The range checks the timing types share, each with one message form; `name` is the value in
/// its type's own words ("Android spring stiffness", "SwiftUI spring response").
extension TimingError {
    /// Throws "<name> must be a positive finite number<unit> (got v<hint>)" unless `value` is
    /// finite and > 0.
    static func checkPositive(_ value: Double, _ name: String, unit: String = "", hint: String = "") throws(TimingError) {
        guard value.isFinite, value > 0 else {
            throw TimingError("\(name) must be a positive finite number\(unit) (got \(number(value))\(hint))")
        }
    }

    /// Throws "<name> must be a finite number ≥ 0 (got v)" unless `value` is finite and ≥ 0.
    static func checkNonNegative(_ value: Double, _ name: String) throws(TimingError) {
        guard value.isFinite, value >= 0 else {
            throw TimingError("\(name) must be a finite number ≥ 0 (got \(number(value)))")
        }
    }

    /// Throws "<name> must be a finite number (got v)" unless `value` is finite.
    static func checkFinite(_ value: Double, _ name: String) throws(TimingError) {
        guard value.isFinite else {
            throw TimingError("\(name) must be a finite number (got \(number(value)))")
        }
    }
}
