/// A root of a continuous function in a sign-change bracket, by Brent's method (R. P. Brent,
/// *Algorithms for Minimization without Derivatives*, 1973, ch. 4, procedure `zero`): inverse
/// quadratic interpolation and secant steps, safeguarded by bisection, so it converges
/// superlinearly on smooth functions and never slower than bisection.
///
/// Stops when the bracket is below 4ε|x| + `absoluteTolerance` (default: the smallest positive
/// normal number, i.e. full double precision) or f(x) = 0 exactly.
///
/// At most 300 iterations (bisection alone would need about 2100 to exhaust a double bracket, but
/// each safeguarded step at least halves it every other iteration, so 300 is never reached on a
/// bracket of finite numbers); the current estimate is returned when the cap is hit.
package enum BrentRoot {
    /// The root of `f` in [lo, hi]; f(lo) and f(hi) must differ in sign (or one be 0 or NaN) — a
    /// caller's guarantee, checked by a precondition. When rounding may hide the sign change
    /// (the function values are rounding noise), use ``root(of:from:to:absoluteTolerance:)``.
    package static func solve(_ f: (Double) -> Double, from lo: Double, to hi: Double,
                              absoluteTolerance: Double = .leastNormalMagnitude) -> Double {
        let fa = f(lo), fb = f(hi)
        precondition(fa.isNaN || fb.isNaN || (fa <= 0) != (fb < 0) || fa == 0 || fb == 0,
                     "BrentRoot: no sign change in the bracket")
        return iterate(f, lo, fa, hi, fb, absoluteTolerance)
    }

    /// The root of `f` in [lo, hi], or nil when f(lo) and f(hi) have the same strict sign (no
    /// bracket: the caller decides what that means) or either is NaN.
    package static func root(of f: (Double) -> Double, from lo: Double, to hi: Double,
                             absoluteTolerance: Double = .leastNormalMagnitude) -> Double? {
        let fa = f(lo), fb = f(hi)
        guard !fa.isNaN, !fb.isNaN, (fa <= 0) != (fb < 0) || fa == 0 || fb == 0 else { return nil }
        return iterate(f, lo, fa, hi, fb, absoluteTolerance)
    }

    /// The double nearest the root, from Brent's estimate x (which stops within 4ε|x| of it):
    /// among x and the four doubles on each side, the pair of neighbours across which f changes
    /// sign (the one nearest x), and of that pair the one where |f| is smaller; x itself when f
    /// changes sign nowhere there. Correctly rounded when f is monotone there and evaluated to
    /// better than its change over half an ulp of x.
    package static func nearestDouble(to x: Double, of f: (Double) -> Double) -> Double {
        guard x.isFinite else { return x }
        var points = [x], lower = x, upper = x
        for _ in 0..<4 {
            lower = lower.nextDown
            upper = upper.nextUp
            points.insert(lower, at: 0)
            points.append(upper)
        }
        let values = points.map(f)
        var best: (distance: Int, point: Double)? = nil
        for i in 0..<(points.count - 1) where values[i] == 0 || values[i].sign != values[i + 1].sign {
            guard !values[i].isNaN && !values[i + 1].isNaN else { continue }
            let pick = abs(values[i]) <= abs(values[i + 1]) ? i : i + 1
            let distance = abs(pick - 4)
            if let b = best, b.distance <= distance { continue }
            best = (distance, points[pick])
        }
        return best?.point ?? x
    }

    private static func iterate(_ f: (Double) -> Double, _ lo: Double, _ flo: Double, _ hi: Double,
                                _ fhi: Double, _ absoluteTolerance: Double) -> Double {
        var a = lo, b = hi
        var fa = flo, fb = fhi
        if fa == 0 { return a }
        if fb == 0 { return b }
        var c = a, fc = fa
        var d = b - a, e = d
        for _ in 0..<300 {
            if (fb > 0) == (fc > 0) {
                c = a; fc = fa; d = b - a; e = d
            }
            if abs(fc) < abs(fb) {
                a = b; b = c; c = a
                fa = fb; fb = fc; fc = fa
            }
            let tol = 2 * Double.ulpOfOne * abs(b) + 0.5 * absoluteTolerance
            let m = 0.5 * (c - b)
            if abs(m) <= tol || fb == 0 { return b }
            if abs(e) >= tol && abs(fa) > abs(fb) {
                var p: Double, q: Double
                let s = fb / fa
                if a == c {
                    p = 2 * m * s
                    q = 1 - s
                } else {
                    let qa = fa / fc, r = fb / fc
                    p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1))
                    q = (qa - 1) * (r - 1) * (s - 1)
                }
                if p > 0 { q = -q } else { p = -p }
                if 2 * p < Swift.min(3 * m * q - abs(tol * q), abs(e * q)) {
                    e = d
                    d = p / q
                } else {
                    d = m; e = m
                }
            } else {
                d = m; e = m
            }
            a = b; fa = fb
            b += abs(d) > tol ? d : (m > 0 ? tol : -tol)
            fb = f(b)
        }
        return b
    }
}
