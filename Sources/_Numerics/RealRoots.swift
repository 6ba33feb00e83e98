/// The real roots of a polynomial in a closed interval, found by recursive isolation on the
/// derivative and polished to full precision; no sampling.
///
/// Method (the classical "derivative partition", e.g. Collins & Loos 1976 in its numerical form):
/// the real roots of p′ in [lo, hi], found recursively, split the interval into pieces on which p
/// is monotone, so each piece holds at most one root of p, and it holds one exactly when p changes
/// sign over it (or vanishes at an end). Each such bracket is solved by Newton's method safeguarded
/// by bisection: every step keeps the sign-change bracket and falls back to its midpoint when the
/// Newton step leaves it or does not shrink it by half; the loop stops when the bracket is down to
/// adjacent doubles or p = 0 exactly. Degrees ≤ 2 are solved in closed form (`QuadraticRoots`
/// semantics, then polished the same way).
///
/// Completeness: every root of odd multiplicity is found (p changes sign there). A root of even
/// multiplicity — where p touches zero without crossing — is reported only when p evaluates to
/// exactly 0 at one of the partition points. For extremum searches (roots of a derivative) this
/// is exactly what is needed: a touching root of p′ is not an extremum of the function.
///
/// The quartic search is `public` and `@inlinable`, not `package`, only so that ArcError's
/// tangent-error kernel inlines it: Swift inlines only public code across modules. `_Numerics`
/// is in no product.
public enum RealRoots {
    /// The roots of `p` in the interval, ascending, without duplicates.
    package static func of(_ p: Polynomial, in interval: ClosedRange<Double>) -> [Double] {
        var buffer = RootBuffer()
        collect(p, interval.lowerBound, interval.upperBound, into: &buffer)
        return buffer.values
    }

    /// The roots of the quartic h₀ + h₁x + h₂x² + h₃x³ + h₄x⁴ in [lo, hi], by the same
    /// derivative partition written out for the fixed degree (quadratic → cubic → quartic), with
    /// no polynomial objects: the tangent-error kernel calls it once per arc. Calls `body` for
    /// each root in ascending order.
    @inlinable @inline(__always)
    public static func forEachQuarticRoot(_ h0: Double, _ h1: Double, _ h2: Double, _ h3: Double, _ h4: Double,
                                           in lo: Double, _ hi: Double, _ body: (Double) -> Void) {
        // Critical points of the cubic H′ (roots of H″ = 2h₂ + 6h₃x + 12h₄x²).
        let q = QuadraticRoots(a: 12 * h4, b: 6 * h3, c: 2 * h2)
        var cubicBreaks = (lo, lo, lo, hi)
        var nb = 1
        for i in 0..<q.count {
            let x = i == 0 ? q.first : q.second
            if x > lo && x < hi {
                if nb == 1 { cubicBreaks.1 = x } else { cubicBreaks.2 = x }
                nb += 1
            }
        }
        let cubic = { (x: Double) -> (Double, Double) in
            (h1 + x * (2 * h2 + x * (3 * h3 + x * 4 * h4)), 2 * h2 + x * (6 * h3 + x * 12 * h4))
        }
        let quartic = { (x: Double) -> (Double, Double) in
            (h0 + x * (h1 + x * (h2 + x * (h3 + x * h4))), h1 + x * (2 * h2 + x * (3 * h3 + x * 4 * h4)))
        }
        // Roots of H′ on the monotone pieces of H′: the critical points of H.
        var critical = (hi, hi, hi)
        var nc = 0
        var lastCritical = -Double.infinity
        var a = lo, fa = cubic(lo).0
        for i in 1...nb {
            let b = i < nb ? (i == 1 ? cubicBreaks.1 : cubicBreaks.2) : hi
            let fb = cubic(b).0
            var root = Double.nan
            if fa == 0 { root = a } else if (fa < 0) != (fb < 0) && fb != 0 { root = bracketed(cubic, a, b, fa) }
            if root.isFinite && root > lo && root < hi && root > lastCritical {
                if nc == 0 { critical.0 = root } else if nc == 1 { critical.1 = root } else { critical.2 = root }
                nc += 1
                lastCritical = root
            }
            (a, fa) = (b, fb)
        }
        a = lo
        fa = quartic(lo).0
        if fa == 0 { body(lo) }
        for i in 1...(nc + 1) {
            let b = i <= nc ? (i == 1 ? critical.0 : i == 2 ? critical.1 : critical.2) : hi
            let fb = quartic(b).0
            if fb == 0 { body(b) } else if fa != 0 && (fa < 0) != (fb < 0) { body(bracketed(quartic, a, b, fa)) }
            (a, fa) = (b, fb)
        }
    }

    /// The root in [a, b] of a function given as a closure returning (f, f′), where f(a) = fa and
    /// f(b) have opposite signs: Newton's method safeguarded by bisection (the step is taken only
    /// inside the bracket and when it at least halves it), until the bracket is down to adjacent
    /// doubles or f = 0; at the end the bracket's end with the smaller |f|.
    @inlinable @inline(__always)
    public static func bracketed(_ p: (Double) -> (Double, Double), _ a0: Double, _ b0: Double, _ fa0: Double) -> Double {
        var a = a0, b = b0
        let aIsNegative = fa0 < 0
        var x = 0.5 * (a + b)
        for _ in 0..<200 {
            let (f, df) = p(x)
            if f == 0 { return x }
            if (f < 0) == aIsNegative { a = x } else { b = x }
            let mid = 0.5 * (a + b)
            if mid == a || mid == b { break }  // adjacent doubles
            let newton = x - f / df
            if newton == x { return x }
            // Accept the Newton step only inside the bracket and away from its ends; bisect
            // instead when Newton would crawl (step larger than half the bracket).
            if df != 0 && newton > a && newton < b && newton.isFinite {
                x = abs(newton - x) <= 0.5 * (b - a) ? newton : mid
            } else {
                x = mid
            }
        }
        return abs(p(a).0) <= abs(p(b).0) ? a : b
    }

    /// Fixed-capacity list of roots (at most 15), to keep the recursion allocation-free.
    struct RootBuffer {
        var storage = SIMD16<Double>()
        var count = 0
        mutating func append(_ x: Double) {
            if count > 0 && storage[count - 1] >= x { return }  // ascending, no duplicates
            storage[count] = x
            count += 1
        }
        var values: [Double] { (0..<count).map { storage[$0] } }
    }

    static func collect(_ p: Polynomial, _ lo: Double, _ hi: Double, into roots: inout RootBuffer) {
        // The effective degree: drop exact-zero leading coefficients.
        var d = p.degree
        while d > 0 && p[d] == 0 { d -= 1 }
        if d == 0 { return }  // a constant: no isolated roots
        if d == 1 {
            let x = -p[0] / p[1]
            if x >= lo && x <= hi { roots.append(x) }
            return
        }
        var critical = RootBuffer()
        collect(p.derivative, lo, hi, into: &critical)
        var a = lo
        var fa = p(a)
        if fa == 0 { roots.append(a) }
        for i in 0...critical.count {
            let b = i < critical.count ? critical.storage[i] : hi
            if b <= a && i < critical.count { continue }
            let fb = p(b)
            if fb == 0 {
                roots.append(b)
            } else if fa != 0 && (fa < 0) != (fb < 0) {
                roots.append(bracketed({ p.valueAndDerivative(at: $0) }, a, b, fa))
            }
            (a, fa) = (b, fb)
        }
    }
}
