/// Golden-section search for the maximum of a unimodal function on [a, b] (Kiefer 1953; Press
/// et al., Numerical Recipes §10.2): two interior points at the golden ratio r = (√5 − 1)/2 of
/// the bracket, the bracket shrunk by r towards the larger value each step, one new evaluation
/// per step.
package enum GoldenSection {
    /// The larger of the two final interior points and its value: after at most `steps` steps,
    /// or as soon as the bracket is at most `width` wide (each step shrinks it by r ≈ 0.618, so
    /// 40 steps reach 0.618⁴⁰ ≈ 4e-9 of the start). Ties go to the left point.
    package static func maximum(of f: (Double) -> Double, from a: Double, to b: Double,
                                steps: Int = .max, width: Double = 0) -> (t: Double, value: Double) {
        let r = (5.0.squareRoot() - 1) / 2
        var (lo, hi) = (a, b)
        var x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo)
        var f1 = f(x1), f2 = f(x2)
        var step = 0
        while step < steps && hi - lo > width {
            if f1 < f2 {
                lo = x1; x1 = x2; f1 = f2
                x2 = lo + r * (hi - lo); f2 = f(x2)
            } else {
                hi = x2; x2 = x1; f2 = f1
                x1 = hi - r * (hi - lo); f1 = f(x1)
            }
            step += 1
        }
        return f1 > f2 ? (x1, f1) : (x2, f2)
    }
}
