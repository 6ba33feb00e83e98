/// An unevaluated sum hi + lo of two doubles with |lo| ≤ ½ulp(hi): about 106 significant bits,
/// for the few quantities of an arc whose cancellation double precision cannot carry.
///
/// Near the optimal handle factor of an arc of angle θ every error figure is a difference of
/// terms of order θ² that cancel down to order θ⁴…θ⁷ (c₀ = 9k² + 12ab·k − 12a², the area's
/// (3/5)a²(k₁ + k₂) − (3/10)ab·k₁k₂ − (h − ab), the speed's 9k² − θ²). With a = sin θ/2 and
/// b = cos θ/2 rounded to double the result is then only good to ≈ ε/θ² relative — for 64
/// segments 1e-9, for 1024 segments nothing. Forming such a difference in double-double from
/// a, b and θ known to ≈ 1e-32 and rounding once leaves it correct to about one ulp.
///
/// The error-free transformations are Knuth's TwoSum, Dekker's FastTwoSum and Dekker's
/// TwoProduct with Veltkamp's splitting (Muller et al., *Handbook of Floating-Point Arithmetic*,
/// 2nd ed., §4.3, §4.4) — not the fused multiply-add form, which the generic x86-64 build would
/// turn into a libm call per product (and which would make results depend on the build); the
/// sum and product are the double-double algorithms of Joldes, Muller and Popescu, "Tight and
/// rigorous error bounds for basic building blocks of double-word arithmetic" (ACM TOMS 44,
/// 2017: the sum their Algorithm 6, relative error ≤ 3u², u = 2⁻⁵³; the product their
/// double-word product without FMA — the cross terms xₕyₗ + xₗyₕ added to TwoProduct's error —
/// a few u²; the tests hold every operation to 1e-30 relative).
/// Splitting needs |x| < 2⁹⁹⁶; every quantity ArcError forms is below 10⁴.
///
/// `public` and `@inlinable`, not `package`, only so that the kernels of other targets inline
/// it: Swift inlines only public code across modules. `_Numerics` is in no product.
public struct DoubleDouble: Sendable, Hashable {
    /// The leading part, the sum rounded to double.
    public var hi: Double
    /// The trailing part.
    public var lo: Double

    /// hi + lo, already normalised (|lo| ≤ ½ulp(hi)), as TwoSum and TwoProduct give them.
    @inlinable
    public init(hi: Double, lo: Double) {
        self.hi = hi
        self.lo = lo
    }

    /// x exactly.
    @inlinable
    public init(_ x: Double) {
        hi = x
        lo = 0
    }

    /// The sum rounded to double.
    @inlinable
    public var value: Double { hi + lo }

    /// π to 106 bits: 3.141592653589793 + 1.2246467991473532e-16.
    public static let pi = DoubleDouble(hi: 3.141592653589793, lo: 1.2246467991473532e-16)

    // MARK: Error-free transformations

    /// a + b = s + e exactly (Knuth's TwoSum, no ordering needed).
    @inlinable @inline(__always)
    public static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        return DoubleDouble(hi: s, lo: (a - (s - bb)) + (b - bb))
    }

    /// a + b = s + e exactly when |a| ≥ |b| or a = 0 (Dekker's FastTwoSum).
    @inlinable @inline(__always)
    public static func fastTwoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(hi: s, lo: b - (s - a))
    }

    /// x = hi + lo with hi holding the leading 26 bits (Veltkamp's splitting, C = 2²⁷ + 1).
    @inlinable @inline(__always)
    public static func split(_ x: Double) -> (hi: Double, lo: Double) {
        let c = 134_217_729.0 * x
        let hi = c - (c - x)
        return (hi, x - hi)
    }

    /// a·b = p + e exactly (barring underflow and overflow), Dekker's TwoProduct.
    @inlinable @inline(__always)
    public static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let (ah, al) = split(a), (bh, bl) = split(b)
        return DoubleDouble(hi: p, lo: ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }

    // MARK: Arithmetic

    @inlinable @inline(__always)
    public static prefix func - (x: DoubleDouble) -> DoubleDouble { DoubleDouble(hi: -x.hi, lo: -x.lo) }

    @inlinable @inline(__always)
    public static func + (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let s = twoSum(x.hi, y.hi)
        let t = twoSum(x.lo, y.lo)
        let c = fastTwoSum(s.hi, s.lo + t.hi)
        return fastTwoSum(c.hi, c.lo + t.lo)
    }

    @inlinable @inline(__always)
    public static func - (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble { x + (-y) }

    @inlinable @inline(__always)
    public static func + (x: DoubleDouble, y: Double) -> DoubleDouble {
        let s = twoSum(x.hi, y)
        return fastTwoSum(s.hi, s.lo + x.lo)
    }

    @inlinable @inline(__always)
    public static func - (x: DoubleDouble, y: Double) -> DoubleDouble { x + (-y) }

    @inlinable @inline(__always)
    public static func + (x: Double, y: DoubleDouble) -> DoubleDouble { y + x }

    @inlinable @inline(__always)
    public static func - (x: Double, y: DoubleDouble) -> DoubleDouble { (-y) + x }

    @inlinable @inline(__always)
    public static func * (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let p = twoProduct(x.hi, y.hi)
        let cross = x.hi * y.lo + x.lo * y.hi
        return fastTwoSum(p.hi, p.lo + cross)
    }

    @inlinable @inline(__always)
    public static func * (x: DoubleDouble, y: Double) -> DoubleDouble {
        let p = twoProduct(x.hi, y)
        return fastTwoSum(p.hi, p.lo + x.lo * y)
    }

    @inlinable @inline(__always)
    public static func * (x: Double, y: DoubleDouble) -> DoubleDouble { y * x }

    /// x/y by two correction steps of the long-division kind (≈ 3u² relative).
    @inlinable @inline(__always)
    public static func / (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let q1 = x.hi / y.hi
        var r = x - y * q1
        let q2 = r.hi / y.hi
        r = r - y * q2
        let q3 = r.hi / y.hi
        return fastTwoSum(q1, q2) + q3
    }

    /// x/y for a double y: q₁ = x_hi/y, the remainder x − q₁y formed exactly by TwoProduct,
    /// q₂ = remainder/y (Joldes–Muller–Popescu Algorithm 15, ≈ 3u² relative).
    @inlinable @inline(__always)
    public static func / (x: DoubleDouble, y: Double) -> DoubleDouble {
        let q1 = x.hi / y
        let p = twoProduct(q1, y)
        let remainder = ((x.hi - p.hi) - p.lo) + x.lo
        return fastTwoSum(q1, remainder / y)
    }

    /// √x for x ≥ 0: one Newton step from the double root, y + (x − y²)/(2y).
    @inlinable
    public func squareRoot() -> DoubleDouble {
        guard hi > 0 else { return DoubleDouble(0) }
        let y = hi.squareRoot()
        let residual = self - DoubleDouble.twoProduct(y, y)
        return DoubleDouble.fastTwoSum(y, residual.hi / (2 * y))
    }
}
