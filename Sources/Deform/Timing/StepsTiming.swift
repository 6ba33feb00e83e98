import _CLibc

/// A step timing function, CSS Easing Functions Level 1 §2.3 (`steps(n, <step-position>)`): the
/// output jumps between `count` flat steps.
///
/// The spec's algorithm, for input progress x (the "before flag" of §2.3 concerns the
/// animation's before phase and does not apply here):
/// 1. step = ⌊x·n⌋; 2. if the position is jump-start or jump-both, step += 1;
/// 3. if x ≥ 0 and step < 0, step = 0; 4. jumps = n for jump-start and jump-end, n − 1 for
///    jump-none, n + 1 for jump-both; 5. if x ≤ 1 and step > jumps, step = jumps;
/// 6. output = step / jumps.
public struct StepsTiming: Hashable, Sendable, CustomStringConvertible {
    /// Where the jumps are (CSS `<step-position>`; `start` means jump-start, `end` jump-end).
    public enum Position: String, CaseIterable, Hashable, Sendable {
        case jumpStart = "jump-start"
        case jumpEnd = "jump-end"
        case jumpNone = "jump-none"
        case jumpBoth = "jump-both"
    }

    public let count: Int
    public let position: Position

    /// `count` ≥ 1, and ≥ 2 for jump-none (CSS: otherwise the function is invalid).
    public init(count: Int, position: Position = .jumpEnd) throws(TimingError) {
        let minimum = position == .jumpNone ? 2 : 1
        guard count >= minimum else {
            throw TimingError("steps(\(count), \(position.rawValue)) needs at least \(minimum) step\(minimum == 1 ? "" : "s")")
        }
        (self.count, self.position) = (count, position)
    }

    public var description: String { "steps(\(count),\(position.rawValue))" }

    public func value(at x: Double) -> Double {
        if x.isNaN { return x }
        let n = Double(count)
        var step = (x * n).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        if x >= 0 && step < 0 { step = 0 }
        let jumps: Double
        switch position {
        case .jumpStart, .jumpEnd: jumps = n
        case .jumpNone: jumps = n - 1
        case .jumpBoth: jumps = n + 1
        }
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }
}
