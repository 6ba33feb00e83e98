extension SwiftLAPACK {
    /// xᵀy over `count` entries: four partial sums over the entries i ≡ 0, 1, 2, 3 (mod 4), added
    /// pairwise at the end. The same O(count·ε) error bound as the sequential sum (a pairwise
    /// split only shortens the chains; Higham, *Accuracy and Stability*, §3.1), and four
    /// independent additions per step instead of one chain, so it runs at the speed of the loads
    /// rather than of the adder's latency.
    @inline(__always)
    static func dot(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ count: Int) -> Double {
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
        var i = 0
        while i &+ 4 <= count {
            s0 += x[i] * y[i]
            s1 += x[i &+ 1] * y[i &+ 1]
            s2 += x[i &+ 2] * y[i &+ 2]
            s3 += x[i &+ 3] * y[i &+ 3]
            i &+= 4
        }
        while i < count {
            s0 += x[i] * y[i]
            i &+= 1
        }
        return (s0 + s1) + (s2 + s3)
    }

    /// y ← y + α·x over `count` entries (BLAS `daxpy`); x and y may be parts of one array, but
    /// must not overlap.
    @inline(__always)
    static func axpy(_ alpha: Double, _ x: UnsafePointer<Double>, _ y: UnsafeMutablePointer<Double>, _ count: Int) {
        var i = 0
        while i < count {
            y[i] += alpha * x[i]
            i &+= 1
        }
    }

    /// ‖x‖₂ over `count` entries: √(xᵀx) (``dot(_:_:_:)``) when that sum lies in [2⁻⁹⁰⁰, 2⁹⁰⁰], where
    /// nothing overflowed and whatever underflowed is below ε of it; otherwise the scaled
    /// ``euclideanNorm(_:)`` (BLAS `dnrm2`'s idea), so the result never overflows or underflows
    /// needlessly.
    @inline(__always)
    static func norm(_ x: UnsafePointer<Double>, _ count: Int) -> Double {
        let sum = dot(x, x, count)
        if sum >= 0x1p-900 && sum <= 0x1p900 { return sum.squareRoot() }
        return euclideanNorm(UnsafeBufferPointer(start: x, count: count))
    }
}
