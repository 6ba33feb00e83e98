import _CIntrinsics

/// DOC-PLACEHOLDER
struct FlatteningKernel {
    typealias V = SIMD4<Double>
    typealias Mask = SIMDMask<SIMD4<Int64>>

    /// How one curve came out of the kernel.
    enum Outcome: Equatable {
        /// Every piece certified: `count` vertices in `vertices` (curve units, the ends as the
        /// kernel computed them) and parameters t in `parameters` (when stored); `bound` bounds
        /// every piece, in units of the curve's scale s (the tolerance the pieces were certified
        /// against).
        case certified(count: Int, bound: Double)
        /// The kernel gave up on this curve (its placement asked for more than Wang's count, or a
        /// piece could not be certified — see "Termination"); the caller falls back.
        case fallback
    }

    /// The number of parameter spans on which the density is sampled (ends and midpoints) and its
    /// inverse interpolated.
    static let spanCount = 16
    /// The placed count is ⌈`countMargin` · ∫ρ⌉.
    static let countMargin = 1.03
    /// The largest Hermite slope of the inverse density on a span (both ≤ 3/√2: a monotone cubic).
    static let largestSlope = 2.12
    /// max over s ∈ [−1, 1] of (1 − s²)|s| / 3 = 2/(9√3), the weight of the B‴ term in the bound.
    static let thirdDerivativeWeight = 0.128_300_059_2

    // MARK: Workspace

    /// Vertex slots: a curve with Wang count w needs at most ⌈w⌉ + 1 vertices (more is a fallback)
    /// plus `padding`.
    private(set) var capacity: Int
    static let padding = 8
    /// The placement's centred parameters u₀ = −½ < … < uₙ = ½ (and padding).
    private(set) var placed: UnsafeMutablePointer<Double>
    /// The polyline: parameters t (when stored) and interleaved vertices x₀ y₀ x₁ y₁ … in the
    /// curve's units.
    private(set) var parameters: UnsafeMutablePointer<Double>
    private(set) var vertices: UnsafeMutablePointer<Double>
    /// Per-curve scratch: density samples and the span table.
    private let scratch: UnsafeMutablePointer<Double>
    private static let scratchSize = 60 + 9 * spanCount

    /// The vertex slots a new workspace has.
    static let initialCapacity = 256

    init(capacity: Int = FlatteningKernel.initialCapacity) {
        self.capacity = capacity
        let slots = capacity + FlatteningKernel.padding
        placed = .allocate(capacity: slots)
        parameters = .allocate(capacity: slots)
        vertices = .allocate(capacity: 2 * slots)
        scratch = .allocate(capacity: FlatteningKernel.scratchSize)
        scratch.initialize(repeating: 0, count: FlatteningKernel.scratchSize)
    }

    func deallocate() {
        placed.deallocate(); parameters.deallocate(); vertices.deallocate(); scratch.deallocate()
    }

    /// Makes room for `count` vertices (the buffers only grow; their contents are not kept).
    mutating func reserve(_ count: Int) {
        guard count > capacity else { return }
        let grown = Swift.max(count, 2 * capacity)
        let replacement = FlatteningKernel(capacity: grown)
        deallocate()
        self = replacement
    }

    /// The vertex slots a curve with Wang count w may use (at most ⌈w⌉ + 1 vertices).
    static func slots(wang: Double) -> Int { Int(wang.rounded(.up)) + 2 }

    /// True when any lane of `m` is set (an OR reduction; Swift's generic `any` is slower here).
    @inline(__always)
    static func anyLane(_ m: Mask) -> Bool {
        let v = unsafeBitCast(m, to: SIMD4<Int64>.self)
        let h = v.lowHalf | v.highHalf
        return h[0] | h[1] != 0
    }

    /// The lanes of `m` as bits 0…3.
    @inline(__always)
    static func laneBits(_ m: Mask) -> Int {
        (m[0] ? 1 : 0) | (m[1] ? 2 : 0) | (m[2] ? 4 : 0) | (m[3] ? 8 : 0)
    }

    /// a^(−¼) for a > 0 to within 0.25 % (below): the exponent-bit guess y₀ = bits⁻¹(K − bits(a)/4)
    /// (K = 0x4FEB07AE147AE000) and one Newton step y₁ = y₀(5/4 − a·y₀⁴/4), which never
    /// overshoots. Five multiplies and integer arithmetic, no square root or division unit. 0 gives
    /// a huge finite value; it serves the density estimate only, never a certification.
    @inline(__always)
    static func inverseFourthRoot(_ a: V) -> V {
        let bits = SIMD4<UInt64>(repeating: 0x4FEB_07AE_147A_E000) &- (unsafeBitCast(a, to: SIMD4<UInt64>.self) &>> 2)
        let y = unsafeBitCast(bits, to: V.self)
        let y2 = y * y
        return y * (V(repeating: 1.25) - (V(repeating: 0.25) * a) * (y2 * y2))
    }

    // MARK: One curve

    /// The centred coefficients and the constants of the tests for one scaled curve.
    struct Curve {
        /// B(u) = k₀ + u(k₁ + u(k₂ + u·k₃)), u = t − ½.
        var k0: Point, k1: Point, k2: Point, k3: Point
        var p0: Point, p3: Point
        /// The tolerance in units of s (already reduced by the rounding allowance), with its
        /// relative margin.
        var tau: Double
        /// Wang's real count w.
        var wang: Double

        @inline(__always)
        init(scaled p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tau: Double, wang: Double) {
            let s03 = p0 + p3, s12 = p1 + p2
            k0 = 0.125 * (s03 + 3 * s12)
            k1 = 0.75 * ((p3 + p2) - (p1 + p0))
            k2 = 1.5 * (s03 - s12)
            k3 = (p3 - p0) + 3 * (p1 - p2)
            (self.p0, self.p3) = (p0, p3)
            self.tau = tau * (1 - 32 * Double.ulpOfOne)
            self.wang = wang
        }

        @inline(__always) func point(_ u: Double) -> Point {
            Point(((k3.x * u + k2.x) * u + k1.x) * u + k0.x, ((k3.y * u + k2.y) * u + k1.y) * u + k0.y)
        }
        @inline(__always) func derivative(_ u: Double) -> Point {
            Point((3 * k3.x * u + 2 * k2.x) * u + k1.x, (3 * k3.y * u + 2 * k2.y) * u + k1.y)
        }
        @inline(__always) func secondDerivative(_ u: Double) -> Point {
            Point(6 * k3.x * u + 2 * k2.x, 6 * k3.y * u + 2 * k2.y)
        }
    }

    /// The density ρ̃(u) = (K²/|B′|²)^¼ = √(|B′ × B″|/|B′|) at four parameters (ρ = ρ̃/√(8τ) is
    /// the ideal segment density): K = B′ × B″ = κ₀ + κ₁u + κ₂u² (the cubic term cancels), one
    /// approximate fourth root as K²·(K⁶|B′|²)^(−¼).
    @inline(__always)
    static func density(_ u: V, _ c: Curve, kappa: (Double, Double, Double), cap: Double) -> V {
        let dx = bt_relaxed_fma_double4(bt_relaxed_fma_double4(V(repeating: 3 * c.k3.x), u, V(repeating: 2 * c.k2.x)), u,
                                        V(repeating: c.k1.x))
        let dy = bt_relaxed_fma_double4(bt_relaxed_fma_double4(V(repeating: 3 * c.k3.y), u, V(repeating: 2 * c.k2.y)), u,
                                        V(repeating: c.k1.y))
        let q = bt_relaxed_fma_double4(dx, dx, dy * dy)
        let k = bt_relaxed_fma_double4(bt_relaxed_fma_double4(V(repeating: kappa.2), u, V(repeating: kappa.1)), u,
                                       V(repeating: kappa.0))
        let k2 = k * k
        let r = k2 * inverseFourthRoot((k2 * k2) * (k2 * q))
        // Never above Wang's uniform density (|n·B″| ≤ |B″| ≤ 6M), NaN included.
        return bt_min_double4(r, V(repeating: cap))
    }

    /// Flattens one scaled curve into `vertices` (× `scale`, curve units) and, when
    /// `storeParameters`, `parameters` (t = u + ½).
    @inline(__always)
    mutating func flatten(_ c: Curve, scale: Double, storeParameters: Bool) -> Outcome {
        guard let n = place(c) else { return .fallback }
        return storeParameters ? certify(c, count: n, scale: scale, storeParameters: true)
                               : certify(c, count: n, scale: scale, storeParameters: false)
    }

    /// The placement: the density sampled at the ends and midpoints of K equal spans, Simpson's
    /// rule per span, n = ⌈margin·∫ρ⌉ and the targets k·∫ρ/n mapped back to u by each span's cubic
    /// Hermite inverse; writes u₀ = −½ < u₁ < … < uₙ = ½ to `placed` and returns n, or nil when n
    /// would exceed Wang's count (the uniform subdivision is then no worse).
    @inline(__always)
    mutating func place(_ c: Curve) -> Int? {
        let K = FlatteningKernel.spanCount
        let tau = c.tau
        // ρ̃ ≤ √(8τ)·w = √(6M).
        let cap = (8 * tau).squareRoot() * c.wang * (1 + 1e-9)
        let kappa = (2 * c.k1.cross(c.k2), 6 * c.k1.cross(c.k3), 6 * c.k2.cross(c.k3))
        let ends = scratch, mids = scratch + 24
        let step = 1 / Double(K)
        let lane = V(0, 1, 2, 3)
        // The sample parameters (ends −½ + j/K, midpoints −½ + (j + ½)/K), unrolled so that they
        // are constants.
        let l = lane * step
        for v in 0..<(K / 4 + 1) {
            let u = V(repeating: -0.5 + Double(4 * v) * step) + l
            (UnsafeMutableRawPointer(ends) + 32 * v).storeBytes(of: FlatteningKernel.density(u, c, kappa: kappa, cap: cap),
                                                                 as: V.self)
        }
        for v in 0..<(K / 4) {
            let u = V(repeating: -0.5 + (Double(4 * v) + 0.5) * step) + l
            (UnsafeMutableRawPointer(mids) + 32 * v).storeBytes(of: FlatteningKernel.density(u, c, kappa: kappa, cap: cap),
                                                                 as: V.self)
        }
        // Per span: Simpson's increment I = L(ρ₀ + 4ρ½ + ρ₁)/6 (in units of √(8τ)), one division
        // for 1/I and the inverse's end slopes s₀ = I/(Lρ₀), s₁ = I/(Lρ₁), and the running sums.
        let inverse = scratch + 44, slope0 = inverse + K, slope1 = slope0 + K, cumulative = slope1 + K + 4
        (cumulative - 4).update(repeating: 0, count: 4)
        let tiny = V(repeating: 1e-150)
        var total = 0.0
        for v in 0..<(K / 4) {
            let lo = (UnsafeRawPointer(ends) + 32 * v).loadUnaligned(as: V.self)
            let hi = (UnsafeRawPointer(ends) + 32 * v + 8).loadUnaligned(as: V.self)
            let mid = (UnsafeRawPointer(mids) + 32 * v).load(as: V.self)
            let e0 = lo.replacing(with: tiny, where: .!(lo .> tiny)), e1 = hi.replacing(with: tiny, where: .!(hi .> tiny))
            let inc = (lo + 4 * mid + hi) * (step / 6)
            let r = 1 / (inc * e0 * e1 * step)
            let q = inc * inc * r
            (UnsafeMutableRawPointer(inverse) + 32 * v).storeBytes(of: r * e0 * e1 * step, as: V.self)
            (UnsafeMutableRawPointer(slope0) + 32 * v).storeBytes(
                of: bt_min_double4(q * e1, V(repeating: FlatteningKernel.largestSlope)), as: V.self)
            (UnsafeMutableRawPointer(slope1) + 32 * v).storeBytes(
                of: bt_min_double4(q * e0, V(repeating: FlatteningKernel.largestSlope)), as: V.self)
            var sums = inc
            sums[1] += sums[0]; sums[2] += sums[1]; sums[3] += sums[2]
            sums += V(repeating: total)
            total = sums[3]
            (UnsafeMutableRawPointer(cumulative) + 32 * v).storeBytes(of: sums, as: V.self)
        }
        let wangCount = c.wang.rounded(.up)
        let placed = (FlatteningKernel.countMargin * total / (8 * tau).squareRoot()).rounded(.up)
        guard placed <= wangCount else { return nil }  // also NaN
        let n = Swift.max(1, Int(placed))
        reserve(Int(wangCount) + 2)
        let u = self.placed
        u[0] = -0.5
        for i in n..<(n + FlatteningKernel.padding) { u[i] = 0.5 }
        guard n > 1 else { return n }
        // Span j takes the targets k ∈ [k₀, k₁], k₀ = ⌊N_{j−1}·n/T⌋ + 1, k₁ = ⌊N_j·n/T⌋ (n − 1
        // for the last span); there u = b + L·H(w) with w = (k·T/n − N_{j−1})/I, expanded in
        // δ = k − k₀ ∈ [0, …): u = e₀ + δ(e₁ + δ(e₂ + δ·e₃)).
        let perCount = Double(n) / total, d = total / Double(n)
        let e0 = scratch + 44 + 4 * K + 8, e1 = e0 + K, e2 = e1 + K, e3 = e2 + K
        let firsts = e3 + K
        let last = V(repeating: Double(n))
        for v in 0..<(K / 4) {
            let before = (UnsafeRawPointer(cumulative) + 32 * v - 8).loadUnaligned(as: V.self)
            let inv = (UnsafeRawPointer(inverse) + 32 * v).load(as: V.self)
            let s0 = (UnsafeRawPointer(slope0) + 32 * v).load(as: V.self)
            let s1 = (UnsafeRawPointer(slope1) + 32 * v).load(as: V.self)
            // The first target of the span, as a double (exact: integers below 2⁵³).
            var first = bt_min_double4((before * perCount).rounded(.towardZero) + 1, last)
            if v == 0 { first[0] = 1 }
            let alpha = d * inv
            let w = bt_relaxed_fma_double4(first, alpha, -(before * inv))
            // H(w) = s₀w + a₂w² + a₃w³ and its derivatives at w, times L·αⁱ/i!.
            let a2 = 3 - 2 * s0 - s1, a3 = s0 + s1 - 2
            let h0 = w * bt_relaxed_fma_double4(w, bt_relaxed_fma_double4(w, a3, a2), s0)
            let h1 = bt_relaxed_fma_double4(w, bt_relaxed_fma_double4(3 * w, a3, 2 * a2), s0)
            let h2 = bt_relaxed_fma_double4(3 * w, a3, a2)
            let start = V(repeating: -0.5 + 4 * Double(v) * step) + lane * step
            let la = alpha * step
            (UnsafeMutableRawPointer(e0) + 32 * v).storeBytes(of: bt_relaxed_fma_double4(h0, V(repeating: step), start), as: V.self)
            (UnsafeMutableRawPointer(e1) + 32 * v).storeBytes(of: h1 * la, as: V.self)
            (UnsafeMutableRawPointer(e2) + 32 * v).storeBytes(of: h2 * la * alpha, as: V.self)
            (UnsafeMutableRawPointer(e3) + 32 * v).storeBytes(of: a3 * la * (alpha * alpha), as: V.self)
            // As integers: the bits of first + 2⁵² less those of 2⁵² (exact below 2⁵²).
            let magic = V(repeating: 0x1p52)
            (UnsafeMutableRawPointer(firsts) + 32 * v).storeBytes(
                of: unsafeBitCast(first + magic, to: SIMD4<Int64>.self) &- unsafeBitCast(magic, to: SIMD4<Int64>.self),
                as: SIMD4<Int64>.self)
        }
        // Emission, span by span; each writes four values at a time (the next span overwrites the
        // extra ones).
        let firstTargets = UnsafeRawPointer(firsts).assumingMemoryBound(to: Int64.self)
        var k = 1
        for j in 0..<K {
            let next = j == K - 1 ? n : Int(firstTargets[j + 1])
            guard next > k else { continue }
            let c0 = V(repeating: e0[j]), c1 = V(repeating: e1[j]), c2 = V(repeating: e2[j]), c3 = V(repeating: e3[j])
            var delta = lane
            repeat {
                let value = bt_relaxed_fma_double4(delta, bt_relaxed_fma_double4(delta, bt_relaxed_fma_double4(delta, c3, c2), c1), c0)
                (UnsafeMutableRawPointer(u + k)).storeBytes(of: value, as: V.self)
                k += 4
                delta += 4
            } while k < next
            k = next
        }
        u[n] = 0.5
        return n
    }

    /// Wang's uniform subdivision into the workspace: the n + 1 vertices B(k/n) (× scale) by
    /// Horner, two points per vector (x y x y, as the shared C reference computes them), and the
    /// parameters k/n when stored; returns the vertex count n + 1.
    mutating func uniform(_ c: Curve, segments n: Int, scale: Double, storeParameters: Bool) -> Int {
        reserve(n + 1)
        let k0 = V(c.k0.x, c.k0.y, c.k0.x, c.k0.y), k1 = V(c.k1.x, c.k1.y, c.k1.x, c.k1.y)
        let k2 = V(c.k2.x, c.k2.y, c.k2.x, c.k2.y), k3 = V(c.k3.x, c.k3.y, c.k3.x, c.k3.y)
        let s = V(repeating: scale), h = V(repeating: 1 / Double(n)), minusHalf = V(repeating: -0.5)
        var j = V(0, 0, 1, 1)
        let out = UnsafeMutableRawPointer(vertices)
        var k = 0
        while k <= n {
            let u = bt_relaxed_fma_double4(j, h, minusHalf)
            let p = bt_relaxed_fma_double4(bt_relaxed_fma_double4(bt_relaxed_fma_double4(k3, u, k2), u, k1), u, k0)
            (out + 16 * k).storeBytes(of: p * s, as: V.self)
            j += 2
            k += 2
        }
        if storeParameters {
            for k in 0...n { parameters[k] = Double(k) / Double(n) }
            parameters[n] = 1
        }
        return n + 1
    }

    /// The main pass: every piece [uᵢ, uᵢ₊₁] evaluated and certified, four at a time, its end
    /// vertex written (× scale) as computed; a failed piece is split there and then (`refine`),
    /// the later vertices shifted by the inserted ones.
    @inline(__always)
    mutating func certify(_ c: Curve, count n: Int, scale: Double, storeParameters: Bool) -> Outcome {
        let u = placed, out = vertices, tOut = parameters
        let k0x = V(repeating: c.k0.x), k0y = V(repeating: c.k0.y), k1x = V(repeating: c.k1.x), k1y = V(repeating: c.k1.y)
        let k2x = V(repeating: c.k2.x), k2y = V(repeating: c.k2.y), k3x = V(repeating: c.k3.x), k3y = V(repeating: c.k3.y)
        let twoK2x = V(repeating: 2 * c.k2.x), twoK2y = V(repeating: 2 * c.k2.y)
        let sixK3x = V(repeating: 6 * c.k3.x), sixK3y = V(repeating: 6 * c.k3.y)
        let weight = V(repeating: FlatteningKernel.thirdDerivativeWeight * 0.5)
        // Normal bound h²/8·(|c × B″(m)| + w·h/2·|c × B‴|) ≤ τ|c|, squared: (h²Z)² ≤ 64τ²|c|².
        let tau64 = V(repeating: 64 * c.tau * c.tau)
        // Monotone (no overshoot): |c| > 6√3·τ + h²/2·(|B″(m)|₁ + h·|B‴|₁/6) + slack, squared.
        let mono0 = V(repeating: FlatteningKernel.markov * c.tau + FlatteningKernel.monotoneSlack)
        let third = V(repeating: (abs(6 * c.k3.x) + abs(6 * c.k3.y)) / 6 * (1 + 1e-12))
        let s = V(repeating: scale)
        let limit = Swift.min(Int(c.wang.rounded(.up)) + 1, capacity)  // vertices
        var prevX = V(repeating: c.p0.x), prevY = V(repeating: c.p0.y)
        out[0] = c.p0.x * scale; out[1] = c.p0.y * scale
        if storeParameters { tOut[0] = 0 }
        var position = 1  // the next vertex written
        var i = 0
        while i < n {
            let b = (UnsafeRawPointer(u + i + 1)).loadUnaligned(as: V.self)
            let a = (UnsafeRawPointer(u + i)).loadUnaligned(as: V.self)
            let h = b - a
            let m = bt_relaxed_fma_double4(V(repeating: -0.5), h, b)
            let vx = bt_relaxed_fma_double4(bt_relaxed_fma_double4(bt_relaxed_fma_double4(k3x, b, k2x), b, k1x), b, k0x)
            let vy = bt_relaxed_fma_double4(bt_relaxed_fma_double4(bt_relaxed_fma_double4(k3y, b, k2y), b, k1y), b, k0y)
            let ax = V(prevX[3], vx[0], vx[1], vx[2]), ay = V(prevY[3], vy[0], vy[1], vy[2])
            let cx = vx - ax, cy = vy - ay
            let y = bt_relaxed_fma_double4(cx, sixK3y, -(cy * sixK3x))
            let ex = bt_relaxed_fma_double4(sixK3x, m, twoK2x), ey = bt_relaxed_fma_double4(sixK3y, m, twoK2y)
            let x = bt_relaxed_fma_double4(cx, ey, -(cy * ex))
            let z = bt_relaxed_fma_double4(weight * h, FlatteningKernel.magnitude(y), FlatteningKernel.magnitude(x))
            let h2 = h * h
            let lhs = h2 * z
            let c2 = bt_relaxed_fma_double4(cx, cx, cy * cy)
            let e1 = FlatteningKernel.magnitude(ex) + FlatteningKernel.magnitude(ey)
            let reach = bt_relaxed_fma_double4(V(repeating: 0.5) * h2, bt_relaxed_fma_double4(h, third, e1), mono0)
            let ok = (lhs * lhs .<= tau64 * c2) .& (c2 .> reach * reach)
            let sx = vx * s, sy = vy * s
            let full = i + 4 <= n
            if full && FlatteningKernel.allLanes(ok) {
                let raw = UnsafeMutableRawPointer(out + 2 * position)
                raw.storeBytes(of: V(sx[0], sy[0], sx[1], sy[1]), as: V.self)
                (raw + 32).storeBytes(of: V(sx[2], sy[2], sx[3], sy[3]), as: V.self)
                if storeParameters {
                    (UnsafeMutableRawPointer(tOut + position)).storeBytes(of: b + 0.5, as: V.self)
                }
                position += 4
            } else {
                // Lane by lane, in order: a passing piece's vertex as computed, a failing one
                // replaced by certified sub-pieces first (the last vector: only its pieces).
                var output = Output(parameters: tOut, vertices: out, count: position, limit: limit, scale: scale,
                                    storeParameters: storeParameters)
                for l in 0..<(full ? 4 : n - i) {
                    if !ok[l] {
                        guard refine(c, from: a[l], Point(ax[l], ay[l]), to: b[l], Point(vx[l], vy[l]), into: &output) != nil
                        else { return .fallback }
                    }
                    guard output.count < limit else { return .fallback }
                    output.append(b[l], Point(sx[l], sy[l]))
                }
                position = output.count
            }
            prevX = vx; prevY = vy
            i += 4
        }
        return .certified(count: position, bound: c.tau)
    }

    /// True when every lane of `m` is set.
    @inline(__always)
    static func allLanes(_ m: Mask) -> Bool {
        let v = unsafeBitCast(m, to: SIMD4<Int64>.self)
        let h = v.lowHalf & v.highHalf
        return h[0] & h[1] == -1
    }

    /// |v| per lane (the sign bits cleared: one `vandpd`).
    @inline(__always)
    static func magnitude(_ v: V) -> V {
        unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt64>.self) & SIMD4(repeating: 0x7FFF_FFFF_FFFF_FFFF), to: V.self)
    }

    /// The monotone test's allowance for vertex rounding (≈ 25e, e ≈ 140ε, in units of s).
    static let monotoneSlack = 4096 * Double.ulpOfOne
    /// 2·3√3 (rounded up): |p′| ≤ 6√3·max|p|/h for a cubic p vanishing at both ends of an interval
    /// of length h (the supremum is reached by p ∝ s − s³ on [−1, 1]).
    static let markov = 10.3924

    // MARK: Failed pieces

    /// Where `refine` appends breakpoints: parameters t (when stored) and vertices × scale.
    struct Output {
        let parameters: UnsafeMutablePointer<Double>, vertices: UnsafeMutablePointer<Double>
        var count: Int
        let limit: Int, scale: Double, storeParameters: Bool

        /// Appends the vertex (already × scale) at centred parameter u.
        @inline(__always) mutating func append(_ u: Double, _ scaledVertex: Point) {
            if storeParameters { parameters[count] = u + 0.5 }
            vertices[2 * count] = scaledVertex.x
            vertices[2 * count + 1] = scaledVertex.y
            count += 1
        }
    }

    /// Splits [a, b] (vertices va, vb) in halves until every piece passes the full test
    /// (`pieceBound`); appends the interior breakpoints and their vertices, in order, to `out` and
    /// returns the largest piece bound, or nil when a piece at or below h_min = 0.7/w still fails
    /// (only non-finite arithmetic does) or the vertices would exceed `out.limit`.
    func refine(_ c: Curve, from a: Double, _ va: Point, to b: Double, _ vb: Point, into out: inout Output) -> Double? {
        if let bound = pieceBound(c, from: a, va, to: b, vb) { return bound }
        guard b - a > 0.7 / c.wang, out.count < out.limit else { return nil }
        let m = 0.5 * (a + b), vm = c.point(m)
        guard let left = refine(c, from: a, va, to: m, vm, into: &out), out.count < out.limit else { return nil }
        out.append(m, vm * out.scale)
        guard let right = refine(c, from: m, vm, to: b, vb, into: &out) else { return nil }
        return Swift.max(left, right)
    }

    /// The full test of one piece [a, b] with vertices va, vb (scalar, slow path): the normal bound
    /// with the chord vb − va, and either the Bernstein monotone test of c·B′ or, failing that, the
    /// exact `ChordDeviation.bound` of the piece's Hermite sub-cubic; the piece's bound when it
    /// passes, else nil.
    func pieceBound(_ c: Curve, from a: Double, _ va: Point, to b: Double, _ vb: Point) -> Double? {
        guard b > a else { return nil }
        let h = b - a, m = 0.5 * (a + b)
        let chord = vb - va
        let c2 = chord.lengthSquared
        let x = chord.cross(c.secondDerivative(m)), y = chord.cross(6 * c.k3)
        let lhs = h * h * (abs(x) + FlatteningKernel.thirdDerivativeWeight * 0.5 * h * abs(y))
        guard lhs * lhs <= 64 * c.tau * c.tau * c2 else { return nil }
        let d1 = c.derivative(a), d2 = c.secondDerivative(a), e1 = c.derivative(b)
        let blossom = d1 + (0.5 * h) * d2
        if chord.dot(d1) > 0 && chord.dot(blossom) > 0 && chord.dot(e1) > 0 {
            return 0.125 * (lhs * lhs / c2).squareRoot()
        }
        let third = h / 3
        let piece = CubicBezier(va, va + third * d1, vb - third * e1, vb)
        let exact = ChordDeviation.bound(piece)
        return exact <= c.tau ? exact : nil
    }
}
