import _CLibc

/// A complex number x + iy, only as much as the arc-length error bound needs (the branch points
/// of the speed, roots of a complex quadratic). Internal: not a general complex type.
struct ComplexValue: Sendable, Equatable {
    var re: Double
    var im: Double

    init(_ re: Double, _ im: Double) {
        self.re = re
        self.im = im
    }

    init(_ p: Point) {
        re = p.x
        im = p.y
    }

    static let zero = ComplexValue(0, 0)

    static func + (a: ComplexValue, b: ComplexValue) -> ComplexValue { ComplexValue(a.re + b.re, a.im + b.im) }
    static func - (a: ComplexValue, b: ComplexValue) -> ComplexValue { ComplexValue(a.re - b.re, a.im - b.im) }
    static prefix func - (a: ComplexValue) -> ComplexValue { ComplexValue(-a.re, -a.im) }
    static func * (a: ComplexValue, b: ComplexValue) -> ComplexValue {
        ComplexValue(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)
    }
    static func * (s: Double, a: ComplexValue) -> ComplexValue { ComplexValue(s * a.re, s * a.im) }

    /// a/b by Smith's algorithm (no intermediate overflow for moderate ratios).
    static func / (a: ComplexValue, b: ComplexValue) -> ComplexValue {
        if abs(b.re) >= abs(b.im) {
            let r = b.im / b.re, d = b.re + b.im * r
            return ComplexValue((a.re + a.im * r) / d, (a.im - a.re * r) / d)
        } else {
            let r = b.re / b.im, d = b.im + b.re * r
            return ComplexValue((a.re * r + a.im) / d, (a.im * r - a.re) / d)
        }
    }

    /// |z| without overflow.
    var magnitude: Double { Point(re, im).length }

    var isZero: Bool { re == 0 && im == 0 }

    /// The principal square root (Re ≥ 0), by the stable formula
    /// √z = (√((|z| + |x|)/2), y/(2·that)) with the roles swapped for x < 0.
    var squareRoot: ComplexValue {
        if isZero { return .zero }
        let s = ((magnitude + abs(re)) / 2).squareRoot()
        if re >= 0 { return ComplexValue(s, im / (2 * s)) }
        return ComplexValue(abs(im) / (2 * s), im >= 0 ? s : -s)
    }

    /// The roots of a·z² + b·z + c (0, 1 or 2 of them), with the cancellation-free pair
    /// q = −(b + σ√(b² − 4ac))/2, z₁ = q/a, z₂ = c/q, σ = ±1 chosen so that the sum does not
    /// cancel (Re(conj(b)·σ√…) ≥ 0). Coefficients are first scaled by their largest magnitude.
    static func quadraticRoots(_ a: ComplexValue, _ b: ComplexValue, _ c: ComplexValue) -> [ComplexValue] {
        let r = quadraticRootPair(a, b, c)
        return Array([r.first, r.second].prefix(r.count))
    }

    /// `quadraticRoots` without an array: the count (0, 1 or 2) and the roots in order.
    static func quadraticRootPair(_ a: ComplexValue, _ b: ComplexValue,
                                  _ c: ComplexValue) -> (count: Int, first: ComplexValue, second: ComplexValue) {
        let scale = Swift.max(a.magnitude, b.magnitude, c.magnitude)
        guard scale > 0, scale.isFinite else { return (0, .zero, .zero) }
        let a = (1 / scale) * a, b = (1 / scale) * b, c = (1 / scale) * c
        if a.isZero {
            return b.isZero ? (0, .zero, .zero) : (1, -(c / b), .zero)
        }
        var root = (b * b - 4 * (a * c)).squareRoot
        if b.re * root.re + b.im * root.im < 0 { root = -root }
        let q = -0.5 * (b + root)
        if q.isZero { return (2, .zero, .zero) }
        return (2, q / a, c / q)
    }
}
