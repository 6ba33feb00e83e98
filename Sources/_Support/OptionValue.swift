/// The parsers of option values every command shares: each reads one text (whitespace around it
/// ignored) or throws the reason it cannot (`expected a positive number`); the parser adds the
/// option and the text (`invalid --radius '-1': expected a positive number`).
package enum OptionValue {
    /// The text as given.
    package static func text(_ text: String) -> String { text }

    /// Refuses a value holding a number written in hexadecimal (`0x10`, `-0x1p-3`, the `0x2` of
    /// `1/0x2` or `cubic-bezier(0x1,…)`), which Swift's `Double(_:)` would read: numbers are
    /// decimal everywhere — in option values as in CSV cells (`DecimalNumber`) — so that a value
    /// means the same wherever it is written. Each run of letters, digits and dots is a word;
    /// a word that starts `0x` or `0X` is a hexadecimal number (with its binary exponent's sign).
    package static func refuseHexadecimal(_ text: some StringProtocol) throws(OptionValueError) {
        var word = ""
        for c in text + " " {
            if c.isLetter || c.isNumber || c == "." || c == "_"
                || ((c == "+" || c == "-") && (word.hasSuffix("p") || word.hasSuffix("P")) && DecimalNumber.isHexadecimal(word)) {
                word.append(c)  // the exponent's sign of 0x1p-3 too
            } else {
                if DecimalNumber.isHexadecimal(word) {
                    throw OptionValueError("\(MessageText.quoted(word)) \(DecimalNumber.hexadecimalReason)")
                }
                word = ""
            }
        }
    }

    /// A finite number.
    package static func number(_ text: String) throws(OptionValueError) -> Double {
        try refuseHexadecimal(text)
        guard let value = Double(text.trimmingWhitespace) else { throw OptionValueError("expected a number") }
        guard value.isFinite else { throw OptionValueError("expected a finite number") }
        return value
    }

    /// A finite, strictly positive number.
    package static func positive(_ text: String) throws(OptionValueError) -> Double {
        let value = try number(text)
        guard value > 0 else { throw OptionValueError("expected a positive number") }
        return value
    }

    /// A finite number ≥ 0, described by `what` (`a number`, `seconds`).
    package static func nonNegative(_ what: String) -> (String) throws(OptionValueError) -> Double {
        { text throws(OptionValueError) in
            try refuseHexadecimal(text)
            guard let value = Double(text.trimmingWhitespace), value.isFinite, value >= 0 else {
                throw OptionValueError("expected \(what) ≥ 0")
            }
            return value
        }
    }

    /// A number in [0, 1] (a progress).
    package static func unitInterval(_ text: String) throws(OptionValueError) -> Double {
        try refuseHexadecimal(text)
        guard let p = Double(text.trimmingWhitespace), p >= 0, p <= 1 else {
            throw OptionValueError("expected a number in [0, 1]")
        }
        return p
    }

    /// A whole number in `range`, of `noun` when given (`a whole number of frames from 1 to 10000`).
    package static func wholeNumber(in range: ClosedRange<Int>, of noun: String? = nil) -> (String) throws(OptionValueError) -> Int {
        { text throws(OptionValueError) in
            guard let n = Int(text.trimmingWhitespace), range.contains(n) else {
                throw OptionValueError("expected a whole number\(noun.map { " of \($0)" } ?? "") from \(range.lowerBound) to \(range.upperBound)")
            }
            return n
        }
    }

    /// One of `choices`, exactly as written there.
    package static func choice(among choices: [String]) -> (String) throws(OptionValueError) -> String {
        { text throws(OptionValueError) in
            guard choices.contains(text) else { throw OptionValueError("expected one of \(choices.joined(separator: ", "))") }
            return text
        }
    }

    /// A value of a string-backed enumeration, by its raw value.
    package static func choice<T: RawRepresentable & CaseIterable>(of type: T.Type) -> (String) throws(OptionValueError) -> T
    where T.RawValue == String {
        { text throws(OptionValueError) in
            guard let value = T(rawValue: text) else {
                throw OptionValueError("expected one of \(T.allCases.map { $0.rawValue }.joined(separator: ", "))")
            }
            return value
        }
    }

    /// `NAME,NAME,…`: names without surrounding whitespace, none empty.
    package static func nameList(_ text: String) throws(OptionValueError) -> [String] {
        var names: [String] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(name.trimmingWhitespace)
            guard !trimmed.isEmpty else { throw OptionValueError("expected NAME,NAME,… without empty names") }
            names.append(trimmed)
        }
        return names
    }
}

extension OptionValue {
    /// `parse`, keeping the text.
    package static func keepingText<T>(_ parse: @escaping (String) throws(OptionValueError) -> T) -> (String) throws(OptionValueError) -> Given<T> {
        { text throws(OptionValueError) in Given(value: try parse(text), text: text) }
    }

    /// `--seed S`: a whole number ≥ 0.
    package static func seed(_ text: String) throws(OptionValueError) -> UInt64 {
        guard let s = UInt64(text.trimmingWhitespace) else { throw OptionValueError("expected a whole number ≥ 0") }
        return s
    }
}
