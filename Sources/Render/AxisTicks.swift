import Foundation

/// Tick positions for a chart axis.
public enum AxisTicks {
    /// "Nice" linear ticks covering [lower, upper]: a step of 1, 2 or 5 × 10ᵏ chosen so about
    /// `target` ticks fall in the range (Heckbert, "Nice numbers for graph labels", Graphics
    /// Gems, 1990), and the range widened outward to whole steps. Returns the widened range and
    /// the ticks in it. A zero-width range is widened by ±½ (or ±10 % of its value). A range that
    /// double precision cannot divide into steps gets no ticks.
    public static func linear(_ lower: Double, _ upper: Double, target: Int = 6) -> (lower: Double, upper: Double, ticks: [Double]) {
        var (lo, hi) = (min(lower, upper), max(lower, upper))
        if hi - lo <= 0 || !(hi - lo).isFinite {
            let pad = lo == 0 ? 0.5 : abs(lo) * 0.1
            (lo, hi) = (lo - pad, hi + pad)
        }
        let step = niceNumber((hi - lo) / Double(max(1, target - 1)), round: true)
        let first = (lo / step).rounded(.down) * step, last = (hi / step).rounded(.up) * step
        // A range beyond double precision (its width overflows, a step that underflows to 0,
        // a limit that is not finite) gets no ticks rather than a trap converting the count.
        let intervals = ((last - first) / step).rounded()
        guard step > 0, step.isFinite, first.isFinite, last.isFinite, intervals >= 0, intervals <= 10_000 else {
            return lower.isFinite && upper.isFinite ? (min(lower, upper), max(lower, upper), []) : (0, 1, [])
        }
        let count = Int(intervals) + 1
        // Multiply rather than accumulate, and clean −0 and rounding noise near zero.
        let ticks = (0..<count).map { i -> Double in
            let v = first + Double(i) * step
            return abs(v) < step * 1e-9 ? 0 : v
        }
        return (first, last, ticks)
    }

    /// Logarithmic ticks: every power of ten covering [lower, upper] (both > 0), the range
    /// widened to whole decades.
    public static func logarithmic(_ lower: Double, _ upper: Double) -> (lower: Double, upper: Double, ticks: [Double]) {
        precondition(lower > 0 && upper > 0, "log axis needs positive limits")
        var a = log10(min(lower, upper)).rounded(.down), b = log10(max(lower, upper)).rounded(.up)
        if a == b { (a, b) = (a - 1, b + 1) }
        let ticks = stride(from: a, through: b, by: 1).map { pow(10, $0) }
        return (pow(10, a), pow(10, b), ticks)
    }

    /// The nice number near x: 1, 2, 5 or 10 times a power of ten (rounded or ceiling).
    static func niceNumber(_ x: Double, round: Bool) -> Double {
        let exponent = log10(x).rounded(.down)
        let fraction = x / pow(10, exponent)
        let nice: Double
        if round {
            nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10
        } else {
            nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        }
        return nice * pow(10, exponent)
    }

    /// A short label for a tick value: up to 6 significant digits, exponent form for very large
    /// or small magnitudes (`1e-06`, `250000`, `0.25`).
    public static func label(_ v: Double) -> String {
        if v == 0 { return "0" }
        let a = abs(v)
        if a >= 1e6 || a < 1e-3 {
            var s = String(format: "%.3g", v)
            s = s.replacingOccurrences(of: "e+0", with: "e").replacingOccurrences(of: "e+", with: "e")
                .replacingOccurrences(of: "e-0", with: "e-")
            return s
        }
        return String(format: "%.6g", v)
    }
}
