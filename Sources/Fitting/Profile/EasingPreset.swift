import Deform
import Geometry

/// The named easings a designer would reach for instead of a fitted curve, and how far the
/// outline would move with one of them: the CSS names (`linear`, `ease` — which is Core
/// Animation's `default`, cubic-bezier(0.25, 0.1, 0.25, 1) —, `ease-in`, `ease-out`,
/// `ease-in-out`, CSS Easing Functions Level 1 §2.2) and SwiftUI's default spring
/// (`Animation.spring`: duration 0.5 s, bounce 0, i.e. response 0.5 s and damping fraction 1,
/// played over the interval's seconds).
public struct EasingPreset: Sendable {
    /// The preset's name as the table and CSV show it.
    public let name: String
    /// Its largest distance from the fitted easing's outline, model (user) units: over 101
    /// evenly spaced local progress values s and 32 curve parameters t per segment,
    /// max |B(t; p_fit(s)) − B(t; p_preset(s))|, the two outlines compared at equal curve
    /// parameters (an upper bound on their Hausdorff distance at each s, to the sampling).
    public let distance: Double

    /// The named easings, in the order the table lists them.
    public static let names = ["linear", "ease", "ease-in", "ease-out", "ease-in-out", "swiftui-spring"]

    /// The timing function of preset `name` over an interval of `seconds`.
    static func timing(_ name: String, seconds: Double) -> TimingFunction? {
        switch name {
        case "linear": .linear
        case "ease": .ease
        case "ease-in": .easeIn
        case "ease-out": .easeOut
        case "ease-in-out": .easeInEaseOut
        case "swiftui-spring": (try? SwiftUISpring(duration: 0.5, bounce: 0).springTiming(duration: seconds)).map(TimingFunction.spring)
        default: nil
        }
    }

    /// The preset nearest to `easing` for the interval from values `a` to `b` of `setup`'s free
    /// parameters lasting `seconds`: the smallest ``distance``.
    static func nearest(to easing: TimingFunction, setup: FitSetup, a: [Double], b: [Double], seconds: Double) -> EasingPreset? {
        var best: EasingPreset?
        let samples = (0...100).map { Double($0) / 100 }
        func points(_ y: Double) -> [Point] {
            let p = setup.parameters(with: zip(a, b).map { $0 + ($1 - $0) * y })
            var out: [Point] = []
            for segment in setup.model.path(parameters: p).segments {
                for k in 0..<32 { out.append(segment.point(at: Double(k) / 31)) }
            }
            return out
        }
        let fitted = samples.map { points(easing.value(at: $0)) }
        for name in names {
            guard let preset = timing(name, seconds: seconds) else { continue }
            var largest = 0.0
            for (j, s) in samples.enumerated() {
                for (p, q) in zip(fitted[j], points(preset.value(at: s))) { largest = Swift.max(largest, p.distance(to: q)) }
            }
            if best.map({ largest < $0.distance }) ?? true { best = EasingPreset(name: name, distance: largest) }
        }
        return best
    }
}
