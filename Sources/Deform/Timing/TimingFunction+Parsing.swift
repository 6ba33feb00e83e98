import _Support

extension TimingFunction {
    /// The forms ``init(parsing:)`` accepts, for messages and help.
    public static let validForms = "linear, default, ease, easeIn (ease-in), easeOut (ease-out), easeInEaseOut (ease-in-out), step-start, step-end, cubic-bezier(x1,y1,x2,y2), spring(omega,zeta[,v0]), \(PhysicalSpringForm.coreAnimation.form), \(PhysicalSpringForm.swiftUI.form), steps(n[,jump-start|jump-end|jump-none|jump-both|start|end])"

    /// The duration ``init(parsing:)`` gives a spring in seconds (`ca-spring(…)`,
    /// `swiftui-spring(…)`): 1 s, so progress is time in seconds.
    public static let defaultSpringDuration = 1.0

    /// Reads a timing function from text as ``init(parsing:duration:)`` does for an animation
    /// of ``defaultSpringDuration`` (1 s): a spring in seconds (`ca-spring(…)`,
    /// `swiftui-spring(…)`) plays with progress 1 at one second. Every other form needs no
    /// duration and reads the same at any.
    public init(parsing text: String) throws(TimingError) {
        try self.init(parsing: text, duration: Self.defaultSpringDuration)
    }

    /// Reads a timing function from text:
    /// - names: `linear`; Core Animation's `default`, `easeIn`, `easeOut`, `easeInEaseOut`; CSS's
    ///   `ease`, `ease-in`, `ease-out`, `ease-in-out`, `step-start` (= steps(1, jump-start)),
    ///   `step-end` (= steps(1, jump-end));
    /// - `cubic-bezier(x1, y1, x2, y2)` with x1, x2 ∈ [0, 1];
    /// - `spring(omega, zeta[, v0])`: natural frequency in radians per unit of progress, damping
    ///   ratio, initial velocity (default 0) — see ``SpringTiming``;
    /// - `ca-spring(mass:M, stiffness:K, damping:C, velocity:V)`: Core Animation's
    ///   `CASpringAnimation` in seconds (mass optional, default 1; velocity optional, default 0,
    ///   progress per second) — ``CoreAnimationSpring``;
    /// - `swiftui-spring(response:R, dampingFraction:Z)`: SwiftUI's
    ///   `.spring(response:dampingFraction:)`, response in seconds — ``SwiftUISpring``;
    /// - `steps(n[, position])` with position jump-start, jump-end (default), jump-none,
    ///   jump-both, start or end.
    /// Spaces around names, labels, parentheses and commas are ignored. The two springs in
    /// seconds take their labels as written, in that order (optional ones may be left out), and
    /// become ``SpringTiming``s per unit of progress for an animation of `duration` seconds:
    /// ω = ω_s·D, v₀ = v·D (``PhysicalSpringForm``).
    ///
    /// - Parameter duration: the animation's length in seconds, progress 0 → 1; used only by
    ///   the springs in seconds, and then checked positive and finite.
    /// - Throws: ``TimingError`` naming the text and listing the valid forms, or saying which
    ///   argument is invalid.
    public init(parsing text: String, duration: Double) throws(TimingError) {
        let trimmed = String(text.filter { !$0.isWhitespace })
        switch trimmed {
        case "linear": self = .linear; return
        case "default", "ease": self = .default; return
        case "easeIn", "ease-in": self = .easeIn; return
        case "easeOut", "ease-out": self = .easeOut; return
        case "easeInEaseOut", "ease-in-out": self = .easeInEaseOut; return
        case "step-start": self = .steps(try StepsTiming(count: 1, position: .jumpStart)); return
        case "step-end": self = .steps(try StepsTiming(count: 1, position: .jumpEnd)); return
        default: break
        }
        let unknown = TimingError("unknown timing function \(MessageText.quoted(text)) (valid: \(Self.validForms))")
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { throw unknown }
        let name = trimmed[..<open]
        let arguments = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func numbers(_ expected: ClosedRange<Int>) throws(TimingError) -> [Double] {
            guard expected.contains(arguments.count) else {
                let want = expected.count == 1 ? "\(expected.lowerBound)" : "\(expected.lowerBound) or \(expected.upperBound)"
                throw TimingError("\(name)(…) takes \(want) numbers, got \(arguments.count) in \(MessageText.quoted(text))")
            }
            var out: [Double] = []
            for a in arguments {
                guard let v = Double(a), v.isFinite else {
                    throw TimingError("invalid number \(MessageText.quoted(a)) in \(MessageText.quoted(text)) (expected a finite number)")
                }
                out.append(v)
            }
            return out
        }
        switch name {
        case "cubic-bezier":
            let v = try numbers(4...4)
            self = .cubicBezier(try CubicBezierTiming(x1: v[0], y1: v[1], x2: v[2], y2: v[3]))
        case "spring":
            let v = try numbers(2...3)
            self = .spring(try SpringTiming(omega: v[0], zeta: v[1], initialVelocity: v.count > 2 ? v[2] : 0))
        case PhysicalSpringForm.coreAnimation.name:
            self = .spring(try PhysicalSpringForm.coreAnimation.spring(arguments, text: text, duration: duration))
        case PhysicalSpringForm.swiftUI.name:
            self = .spring(try PhysicalSpringForm.swiftUI.spring(arguments, text: text, duration: duration))
        case "steps":
            guard (1...2).contains(arguments.count), let n = Int(arguments[0]) else {
                throw TimingError("steps(…) takes a whole number of steps and an optional position, got \(MessageText.quoted(text))")
            }
            var position = StepsTiming.Position.jumpEnd
            if arguments.count == 2 {
                switch arguments[1] {
                case "start": position = .jumpStart
                case "end": position = .jumpEnd
                default:
                    guard let p = StepsTiming.Position(rawValue: arguments[1]) else {
                        throw TimingError("unknown step position \(MessageText.quoted(arguments[1])) (valid: jump-start, jump-end, jump-none, jump-both, start, end)")
                    }
                    position = p
                }
            }
            self = .steps(try StepsTiming(count: n, position: position))
        default:
            throw unknown
        }
    }
}
