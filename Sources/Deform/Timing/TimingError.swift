import Geometry

/// A timing function or keyframe track that cannot be built from the given values or text.
/// `description` is one line naming the offending input and what is valid.
public struct TimingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// A number as every BezierTune output writes it (shortest round-trip, no trailing ".0").
    static func number(_ d: Double) -> String { ShortestDecimal.format(d) }

    /// `'text'` as a message quotes user input: control characters and line separators written
    /// as `\u{A}`, cut after 60 characters, so the message stays one line (the promise above)
    /// whatever the input holds.
    static func quoted(_ text: some StringProtocol) -> String {
        var shown = ""
        for (i, c) in text.unicodeScalars.enumerated() {
            if i == 60 { shown += "…"; break }
            if c.properties.generalCategory == .control || c == "\u{2028}" || c == "\u{2029}" {
                shown += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(c)
            }
        }
        return "'" + shown + "'"
    }
}
