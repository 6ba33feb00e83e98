import _CIntrinsics

/// The fast adaptive flattening kernel: greedy steps whose every piece is certified by a cheap,
/// proven bound on the distance from the curve to the chord, eight curves in flight in two groups
/// of `SIMD4<Double>` lanes (each lane stepping its own curve), with no allocation per curve.
///
/// ## The bound (why every piece is within tolerance)
///
/// Work in the centred parameter u = t − ½ ∈ [−½, ½]. Take a piece [a, b], h = b − a, with
/// vertices V₀ ≈ B(a), V₁ ≈ B(b) (the polyline's own vertices), chord c = V₁ − V₀, unit normal
/// n = c⊥/|c| and unit direction w = c/|c|. Every point X has
/// dist(X, [V₀, V₁]) ≤ |n·(X − V₀)| + o, o the overshoot of w·(X − V₀) beyond [0, |c|].
///
/// 1. *Normal offset.* d(u) = n·(B(u) − V₀) is a cubic polynomial with d(a) = n·(B(a) − V₀)
///    and d(b) = n·(B(b) − V₁) (as n·c = 0); if the vertices are exact both vanish. The
///    linear-interpolation remainder gives, for u ∈ [a, b], some ξ ∈ [a, b] with
///    d(u) = ℓ(u) − (u − a)(b − u)/2 · d″(ξ), ℓ the linear interpolant of d(a), d(b). Since
///    d″ = n·B″ is *linear* in u its largest magnitude on [a, b] is at an end, and
///    (u − a)(b − u) ≤ h²/4, so
///
///        |d(u)| ≤ max(|d(a)|, |d(b)|) + h²/8 · max(|n·B″(a)|, |n·B″(b)|).
///
///    Only the normal component of B″ enters — what makes the step close to the optimum
///    h ≈ √(8·tol·|B′|/|B′ × B″|) (local normal curvature) instead of Wang's uniform
///    √(8·tol/max|B″|): on the benchmark's random cubics ∫√(|B′×B″|/(8·tol·|B′|)) du is 42.7
///    segments per curve, ∫√(|B″|/(8·tol)) du is 63, Wang's count 89.
/// 2. *No overshoot.* α(u) = w·(B(u) − V₀) has α′ = w·B′, a quadratic whose Bernstein
///    coefficients on [a, b] are w·B′(a), w·(B′(a) + h/2·B″(a)) (the blossom) and w·B′(b). If
///    all three are positive α increases on [a, b] (convex hull), so α stays between α(a) and
///    α(b), which are within the vertex error of 0 and |c|: the overshoot is at most that error.
///
/// So a piece passes when both hold:
///
///     (h²/8 · max(|c × B″(a)|, |c × B″(b)|))² ≤ τ² · (c·c)                   (normal bound)
///     c·B′(a) > 0,  c·(B′(a) + h/2·B″(a)) > 0,  c·B′(b) > 0                  (monotone)
///
/// — no square root and no division. When the normal bound holds but monotonicity fails (near a
/// cusp, or where a straight curve reverses), the piece is checked instead by the exact
/// `ChordDeviation.bound` of its Hermite sub-cubic, which includes the overshoot.
///
/// ## Termination and the segment count
///
/// With M = max|Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂| and Wang's w = √(0.75·M/τ), |B″| ≤ 6M, so every piece with
/// h ≤ 1/w has a normal bound ≤ τ and (interpolation remainder of B itself) distance to its
/// chord ≤ τ; the exact bound, √(max normal² + overshoot²), is then ≤ √2·τ. Hence every trial of
/// length h ≤ h_min = 0.7/w passes one of the two checks, and no trial is ever shorter than
/// h_min (except the last piece, which is shorter only because the curve ends): at most
/// ⌈w/0.7⌉ + 1 pieces, and a bounded number of trials per piece (each rejection shrinks the
/// step by at least 5 % down to h_min). A lane that still fails at h_min (only NaN-like
/// arithmetic could do that) or ends with more pieces than Wang's ⌈w⌉ is reported as
/// `.fallback`, and `Flattening` uses Wang's uniform subdivision for that curve.
///
/// ## The step
///
/// After accepting [a, b] the next step is predicted from the local normal curvature along the
/// step just taken, h₀ = b − a: the tangent T = B′(b) + h₀/2·B″(b) ≈ B′(b + h₀/2) (the chord
/// direction of the next piece), B″ at both ends of the predicted piece (B″(b) and B″(b + h₀)),
/// and
///
///     h = σ · √(8τ) · (|T|² / max((T × B″(b))², (T × B″(b + h₀))²))^¼,   σ = `stepSafety`,
///
/// the h at which the normal bound with the tangent's normal equals τ. It is verified once; on
/// the rare failure it shrinks by 0.95·(τ|c|/bound)^½ (the bound scales as h²) and retries.
/// Everything is compared in squares, so no absolute value, maximum of magnitudes or square root
/// enters the certification.
///
/// ## Rounding
///
/// The curve is scaled by the power of two s at or below max|Pᵢ| (exact) so coordinates lie in
/// (−2, 2). The centred coefficients are kₒ = B(½), k₁ = B′(½), k₂ = B″(½)/2, k₃ = B‴/6, with
/// |kᵢ|·2⁻ⁱ ≤ 2, 3, 3, 2, so Horner's rule at |u| ≤ ½ (relaxed multiply-add, ≤ 6 roundings)
/// plus the rounding of the coefficients leaves each vertex coordinate within ≈ 100ε (units of s),
/// a vertex within e ≈ 140ε. The ends are P₀ and P₃ exactly. Following 1–2 with vertex error e:
/// |d(a)|, |d(b)| ≤ e, the overshoot ≤ e plus h·(error of the monotone test, ≤ 150ε), and the
/// computed normal bound differs from the one with the exact n and B″ by ≤ 60ε plus a relative
/// 8ε. The total, < 500ε·s, is inside the allowance `Flattening` subtracts from the tolerance
/// (`roundingAllowance` = 1024ε·s) before the kernel sees it, and τ carries a further relative
/// margin of 32ε.
///
/// ## Implementation notes (measured with `perf` on the benchmark, haswell build)
///
/// - The second group is stepped only while it holds a curve: a single curve (the per-curve
///   API) or a path of at most four curves runs one group, 0.48 → 0.65 M curves/s on the
///   benchmark's per-curve loop (three runs each, Zen 4), the batch rate unchanged within the
///   noise (medians of 7 and 11 alternating runs: −2 %, +6 %).
///
/// - All lane data lives in memory (`Group`); a step reads the per-curve constants as vector
///   operands and keeps only u and h in registers. With everything in registers two groups need
///   ~40 vectors, and the spills cost more than the loads.
/// - A lane is loaded by whole-vector blends (`load`): single-lane stores followed by the step's
///   full-width loads defeated store-to-load forwarding and cost a third of the time.
/// - Square roots and divisions in the prediction use bit-pattern guesses plus a Newton step
///   (`inverseFourthRoot`); Swift's generic `SIMD4.squareRoot()` and `pointwiseMax` are not
///   inlined vector instructions on this toolchain.
/// - The prediction takes one fourth root, (|T|²/tk²)^¼ = |T|²·(|T|⁶·tk²)^(−¼) (the products stay
///   far from overflow for coordinates in (−2, 2); an underflow only spoils a prediction, which is
///   verified and clamped to h_min like any other).
/// - When every active lane accepts (the common case) the state is stored without blends and u
///   moves to b without waiting for the certification's masks; the blends run only in the
///   attention branch, which is taken whenever some lane rejects or finishes.
/// - Per step ≈ 190 instructions for four lanes (≈ 4.5 ns per segment here); per curve ≈ 130 ns
///   of set-up, lane refill and delivery. An alternative that places all breakpoints of a curve
///   at once from a sampled density (no serial chain, four pieces per vector) reached 46.0
///   segments per curve but ran at 0.6× this kernel: sampling and inverting the density cost
///   more than the chain they remove.
/// - Also measured and not kept (callgrind and timing on the benchmark): the density placement
///   again with the B‴ term in the density (h²(|n·B″| + h|n·B‴|/2) = 8τ, 32 samples, vector
///   walk) — 48.2 segments, 8 % of curves needing a split, ≈ 4,700 instructions per curve against
///   ≈ 3,500 here; two trial pieces per step (the second predicted at the first's end, one
///   32-byte store per lane for both vertices) — 9 % fewer instructions but no faster, the larger
///   live set spilling; three groups instead of two — no faster; predicting along this piece's
///   chord instead of the tangent T (reusing c × B″(b)) — 46.9 segments and more rejections;
///   σ = 1 — 45.1 segments but slower (rejections).
/// - Measured and not kept on an AVX-512 machine (Zen 4, `-target-cpu znver4` against this
///   kernel's haswell build, medians of 5–7 alternating runs of the benchmark): eight lanes per
///   vector (`SIMD8<Double>`, one zmm register) in two groups — 0.91× — and in one group — 0.86×
///   (more lanes make a step with some lane needing attention the common case); this kernel
///   built for znver4 unchanged — 1.06×; lane buffers skewed by five cache lines so the lanes'
///   output streams fall in different cache sets — no change. A second density-placement kernel
///   (eight pieces per vector; the density ρ₀ + g/2 with g = |B′·B″|/(2|B′|²) for the chord's
///   turn, which cut the curves with a failing piece from 20 % to 4 %; max of three samples on
///   each of 16 spans; every piece certified by this kernel's test; 48.85 segments per curve,
///   0/2,000 over): 0.90× in the haswell build, 1.03× with zmm registers — its ≈ 3,100
///   instructions per curve (sampling, placement, certification, output) are no fewer than this
///   kernel's ≈ 3,460 (2,620 in steps, 550 set-up and refill, 300 delivery); fusing its
///   evaluation into the certification (neighbours shifted in by `valignq`) and placing one curve
///   while certifying the previous made it slower (0.92×). A likely reason (inferred from the
///   instruction mix; this machine has no performance counters): a step issues ≈ 60 multiplies
///   and multiply-adds plus ≈ 25 compares and blends, all of which Zen 4 executes on its two
///   FP0/FP1 pipes, ≈ 44 cycles per four-lane step — close to the ≈ 11–13 cycles per lane-step
///   measured — and a 512-bit operation occupies a 256-bit pipe for two cycles, so wider
///   vectors cannot help; only fewer floating-point operations per piece can. Consistent with
///   that: dropping the monotone test (≈ 9 such operations, ≈ 5 % of the instructions; unsound,
///   measured only) ran 15 % faster, and predicting with the fourth root's bit guess alone
///   (constant 0x4FEA507804A08A5C, never above the true root, ≤ 5.7 % below; no Newton step)
///   ran 5 % faster at 46.92 segments per curve instead of 45.95 — not kept.
/// - Measured and not kept (Zen 4, haswell build, medians of 7 alternating runs): a *midpoint*
///   certificate that needs neither the chord nor the vertices. For a cubic the chord of [a, b]
///   is exactly c = h·g, g = B′(m) + h²/24·B‴ (m the midpoint), so with δ = s − m ∈ [−h/2, h/2]
///   and B″ linear, g × B″(s) = K(m) + δ·B′(m) × B‴ + h²/24·B‴ × B″(m), where
///   K = B′ × B″ = κ₀ + κ₁u + κ₂u² (its cubic term cancels), B′ × B‴ is linear and B‴ × B″ is
///   constant; with |g| ≥ |B′(m)| − h²/24·|B‴| the normal bound becomes
///   h²/8·(|K| + h/2·|B′ × B‴| + h²/24·|B‴ × B″|) ≤ τ·(|B′(m)| − h²/24·|B‴|), tested squared
///   against the quartic |B′(m)|² — four scalar polynomials in m, 7 multiply-adds per lane.
///   Monotonicity: g·B′(s) ≥ |B′|² − h/2·|B′·B″| − h²/6·|B′·B‴| − h³/48·|B‴·B″| > 0 (a quick
///   form with max|B″| first). Prediction: s = (|B′|²/E²)^¼ at the midpoint, linearly
///   extrapolated from the last accepted step. All of it checked: 46.45 segments per curve,
///   0/2,000 over, measured maximum 0.00997. But 0.83× this kernel's rate (2.57 against 3.10 M
///   curves/s), 0.81× with the division replaced by two fourth roots; two, three or four
///   groups the same. Its step is ≈ 100 instructions per four lanes against ≈ 190 here, yet the
///   whole ran only 5 % fewer instructions per curve (≈ 3,270 against ≈ 3,460: evaluating the
///   vertices after the fact and loading its larger set-up cost what the step saved) at a lower
///   rate per instruction — so this kernel is not limited by its floating-point operations
///   alone, and the next gain is more likely in set-up, refill and delivery (≈ 740 of the
///   ≈ 3,350 instructions per curve, at a low rate: preparing and delivering the curves
///   without stepping them runs at 20 M curves/s, ≈ 50 ns of the ≈ 320 ns per curve).
///   Variants of it, same conditions: every lane's blends done unconditionally (no
///   data-dependent branch but the delivery) +5 %; each step taking the length its
///   predecessor predicted two pieces ahead (so no step waits for its own prediction) −8 %
///   (47.39 segments, more rejections).
/// - Where this kernel's time goes (same conditions, 100,000 curves): 16.6 / 46.6 / 141.3
///   steps per curve at tolerance 0.1 / 0.01 / 0.001 (0.59 rejected trials and 0.03 exact
///   checks per curve at 0.01) take 213 / 367 / 731 ns per curve: ≈ 3.8–5.1 ns per step and
///   ≈ 130–190 ns per curve besides, of which preparing and delivering are ≈ 50 ns — the rest is
///   the refill and delivery of lanes in the middle of the loop. This machine sustains two
///   256-bit multiply-adds per cycle (measured), so a step's ≈ 60 multiplies are not the limit
///   by themselves; yet 27 independent multiply-adds added to each step cost 11 %, three
///   groups are no faster than two (and in the midpoint kernel above two, three, four and six
///   groups ran alike, one group 16 % slower). Delivering finished lanes in pairs
///   (a finished lane idles until a second one finishes) −9 %; visiting finished lanes by
///   their mask bits instead of a branch per lane: no change. With each lane restarting its
///   own curve in place when it finishes (blends in the attention branch, no delivery, refill
///   or set-up: a measurement only) a step costs ≈ 5.1 ns: so of ≈ 330–370 ns per curve about
///   240 ns are the steps themselves and ≈ 130 ns preparing, delivering and refilling — both
///   would have to shrink a lot for ≥ 4.8 M curves/s (≈ 200 ns per curve). (That experiment
///   repeats the same eight curves, so its branches may be better predicted than on fresh
///   curves.) Preparing curves for free (each curve's set-up computed once and copied on later
///   runs; a measurement only) +5 %. Each lane carrying its next curve, taken over by blends in
///   the attention branch when it finishes, finished curves delivered and next curves loaded
///   once two lanes of a group lack one (two buffers per lane): −9 %. Three groups in registers:
///   +3 % (haswell build); built for znver4 (AVX-512, 32 vector registers): two groups +9 %,
///   three groups +9 % (medians of 7 alternating runs of the four builds).
/// - Measured and not kept: four consecutive pieces of *one* curve per vector step (two curves
///   in flight, no lanes to refill), each certified by the midpoint bound above, the longest
///   passing run from the first accepted, the four lengths σ(s + (j + 1)·Δs) from the last
///   estimate and its change per piece. 47.3 segments per curve, 0/2,000 over — but only
///   ≈ 2.7 pieces per step (17.4 steps per curve: a piece whose prediction fails ends the run),
///   ≈ 104 instructions per step (the scalar bookkeeping of a variable-length run), 0.68× this
///   kernel (1.96 against 2.90 M curves/s).
/// - Considered and not built (a segment-count prototype only, 300–2,000 random curves of the
///   benchmark's kind at τ = 0.01): certifying many equal pieces at once by one bound over a
///   span [s₀, s₁] instead of one test per piece — with the midpoint form above,
///   h²/8·(max|K| + h/2·max|B′ × B‴| + h²/24·|B‴ × B″|) ≤ τ·(min|B′| − h²/24·|B‴|) over the span
///   (K quadratic, B′ × B‴ linear, B‴ × B″ constant, min|B′| from B′'s Bernstein coefficients
///   projected on the span's mid tangent), then uniform pieces, vertices by Horner with no
///   per-piece test. The span-wide maxima cost too many segments: eight fixed spans gave a
///   median 1.42× the ideal count ∫√(|B′ × B″|/(8τ|B′|)) du (42.3 per curve); sliding windows
///   two local steps long 1.18× on the curves without a near-cusp (51.7 per curve, above the
///   segment target of 1.1 × kurbo's 46.7) and far more on the 10 % with one. Only a per-piece test
///   reaches ≈ 1.09× the ideal, as this kernel does.
struct FlatteningKernel {
    typealias V = SIMD4<Double>
    typealias Mask = SIMDMask<SIMD4<Int64>>

    /// How one curve came out of the kernel.
    enum Outcome {
        /// Every piece certified; `bound` is the largest certified piece bound in the curve's units,
        /// `scale` the curve's power-of-two scale s.
        case certified(bound: Double, scale: Double)
        /// The kernel gave up on this curve (see "Termination"); the caller falls back.
        case fallback
    }

    /// One curve's set-up, in the lane's scaled coordinates, computed before it enters a lane
    /// (`BatchDriver` prepares curves in runs, so that the divisions and square roots of
    /// independent curves overlap); loading it into a lane is then stores only.
    struct Prepared {
        /// The id `FlatteningDriver.finish` reports.
        var id: Int
        var scale: Double
        var p0: Point, p1: Point, p2: Point, p3: Point
        /// The tolerance the pieces are built against, in units of `scale`, and its square.
        var tau: Double, tau2: Double
        /// Wang's real count w for `tau` (> 1 here), and h_min = 0.7/w.
        var wang: Double, hmin: Double
        /// Centred power-basis coefficients: B(u) = k₀ + u(k₁ + u(k₂ + u·k₃)), u = t − ½.
        var k0: Point, k1: Point, k2: Point, k3: Point
        /// B′ and B″ at u = −½, exactly from the control points.
        var d1: Point, d2: Point
        /// The prediction factor σ·√(8τ) and the first trial step (`firstStep`).
        var predict: Double, h0: Double

        /// `tau` is the tolerance already reduced by the rounding allowance, in units of s.
        @inline(__always)
        init(id: Int, scaled p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, scale: Double, tau: Double, wang: Double) {
            self.id = id
            (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
            self.scale = scale
            let tau = tau * (1 - 32 * Double.ulpOfOne)
            self.tau = tau
            tau2 = tau * tau
            self.wang = wang
            let inverseWang = 1 / wang
            hmin = 0.7 * inverseWang
            let s03 = p0 + p3, s12 = p1 + p2
            k0 = 0.125 * (s03 + 3 * s12)
            k1 = 0.75 * ((p3 + p2) - (p1 + p0))
            k2 = 1.5 * (s03 - s12)
            k3 = (p3 - p0) + 3 * (p1 - p2)
            d1 = 3 * (p1 - p0)
            d2 = 6 * ((p2 - p1) - (p1 - p0))
            // σ√(8τ) = σ·8τ·(8τ)^(−½), the inverse root by the prediction's approximation.
            let r = FlatteningKernel.inverseFourthRoot(V(repeating: 8 * tau))[0]
            predict = FlatteningKernel.stepSafety * 8 * tau * (r * r)
            h0 = FlatteningKernel.firstStep(d1: d1, d2: d2, k3: k3, predict: predict, h0: inverseWang, hmin: hmin)
        }
    }

    /// σ in the step prediction.
    static let stepSafety = 0.98

    /// The number of lane slots a curve with Wang count w may use: at most ⌊w/0.7⌋ + 1 pieces
    /// (see "Termination"), their vertices, one slot for the trial vertex and a margin.
    static func slots(wang: Double) -> Int { Int((wang / 0.7).rounded(.up)) + 4 }

    /// The largest Wang count a kernel of `capacity` slots takes (so `slots(wang:)` ≤ capacity).
    static func largestWang(capacity: Int) -> Double { 0.7 * Double(capacity - 5) }

    /// The fewest slots whose `largestWang(capacity:)` admits Wang count `wang` (one more than
    /// `slots(wang:)`, and one for the rounding of 0.7·n).
    static func capacity(forWang wang: Double) -> Int { slots(wang: wang) + 2 }

    // MARK: Lane buffers

    /// Lanes in flight.
    static var laneCount: Int { 4 * groupCount }

    /// The vertices (interleaved x, y, in the curve's units) and parameters of the curve in
    /// each lane: lane l owns `points[2·capacity·l ..<]` and `parameters[capacity·l ..<]`.
    let capacity: Int
    let points: UnsafeMutablePointer<Double>
    let parameters: UnsafeMutablePointer<Double>
    let storeParameters: Bool
    /// Where idle lanes write.
    let scratch: UnsafeMutablePointer<Double>

    init(capacity: Int, storeParameters: Bool) {
        self.capacity = capacity
        self.storeParameters = storeParameters
        points = .allocate(capacity: FlatteningKernel.laneCount * 2 * capacity)
        parameters = .allocate(capacity: FlatteningKernel.laneCount * capacity)
        scratch = .allocate(capacity: 4)
    }

    func deallocate() {
        points.deallocate()
        parameters.deallocate()
        scratch.deallocate()
    }

    /// True when any lane of `m` is set (an OR reduction; Swift's generic `any` is slower here).
    @inline(__always)
    static func anyLane(_ m: Mask) -> Bool {
        let v = unsafeBitCast(m, to: SIMD4<Int64>.self)
        let h = v.lowHalf | v.highHalf
        return h[0] | h[1] != 0
    }

    /// a^(−¼) for a > 0 to within 0.25 % (below), for the step prediction only: the exponent-bit
    /// guess y₀ = bits⁻¹(K − bits(a)/4) (the bit pattern of a positive double is an affine
    /// approximation of its log₂; K = 0x4FEB07AE147AE000 minimises the final error) and one Newton
    /// step on y⁻⁴ = a, y₁ = y₀(5/4 − a·y₀⁴/4), which never overshoots. Integer shift and subtract
    /// plus five multiplies: no square root or division unit, and it vectorises on every x86-64
    /// level (Swift's `SIMD4<Double>.squareRoot()` becomes four libm calls). 0 gives a huge finite
    /// value, so a zero curvature term predicts "to the end"; NaN and ∞ give NaN or a negative
    /// value, which the caller's clamp to h_min catches.
    @inline(__always)
    static func inverseFourthRoot(_ a: V) -> V {
        let bits = SIMD4<UInt64>(repeating: 0x4FEB_07AE_147A_E000) &- (unsafeBitCast(a, to: SIMD4<UInt64>.self) &>> 2)
        let y = unsafeBitCast(bits, to: V.self)
        let y2 = y * y
        return y * (V(repeating: 1.25) - (V(repeating: 0.25) * a) * (y2 * y2))
    }

    /// The first step of a curve: the loop's prediction with h₀ = 1/w (Wang's step) at u = −½.
    static func firstStep(d1: Point, d2: Point, k3: Point, predict: Double, h0: Double, hmin: Double) -> Double {
        let t = d1 + (0.5 * h0) * d2
        let f2 = d2 + h0 * (6 * k3)
        let a = t.cross(d2), b = t.cross(f2)
        let tt = t.lengthSquared
        let r = inverseFourthRoot(V(tt, Swift.max(a * a, b * b), 0, 0))
        let h = predict * tt * (r[0] * r[0] * r[0]) * r[1]
        return h >= hmin ? h : hmin
    }

    // MARK: One group of four lanes

    /// Everything four lanes carry, in memory: the hot loop reads the per-curve constants as
    /// vector operands and loads and stores the small stepping state, so nothing competes for the
    /// 16 vector registers, refilling a lane is a few scalar stores, and consecutive steps of
    /// different groups overlap in the out-of-order window (their only dependencies are within a
    /// group).
    struct Group {
        // Per-curve constants: centred coefficients kᵢ and the multiples Horner's derivatives use,
        // P₃, τ², the prediction factor σ√(8τ), h_min and the scale s.
        var k0x = V(), k0y = V(), k1x = V(), k1y = V(), k2x = V(), k2y = V(), k3x = V(), k3y = V()
        var k2x2 = V(), k2y2 = V(), k3x3 = V(), k3y3 = V(), k3x6 = V(), k3y6 = V()
        var p3x = V(), p3y = V(), tau2 = V(), predict = V(), hmin = V(), scale = V(repeating: 1)
        // State: u, the next trial step, the vertex A ≈ B(u), B′(u), B″(u), the largest piece
        // bound (a fraction), the vertex counts, which lanes hold a curve.
        var u = V(repeating: -0.5), h = V(repeating: 1)
        var ax = V(), ay = V(), d1x = V(), d1y = V(), d2x = V(), d2y = V()
        var boundNum = V(), boundDen = V(repeating: 1)
        var counts = SIMD4<Int64>(repeating: 0)
        var active = Mask(repeating: false)
        // Lanes that finished their curve / gave up in the last `advance`.
        var finished = Mask(repeating: false), giveUp = Mask(repeating: false)
        // Output cursors: lane l writes vertex k at out[l] + 2k, parameter k at par[l] + k.
        var out = SIMD4<Int>(repeating: 0), par = SIMD4<Int>(repeating: 0)
        // Read only when a lane needs attention or finishes.
        var tau = V(), wang = V()
        var ids = SIMD4<Int>(repeating: -1)
    }

    /// Puts curve `c` into `lane`, its first vertex P₀ written to `points`/`parameters`. Every
    /// vector is rewritten whole (broadcast and blend with a one-hot mask): a single-lane store
    /// followed by the loop's full-width load would defeat store-to-load forwarding.
    @inline(__always)
    static func load(_ lane: Int, _ c: UnsafePointer<Prepared>, into g: UnsafeMutablePointer<Group>,
                     points: UnsafeMutablePointer<Double>, parameters: UnsafeMutablePointer<Double>) {
        let m = SIMD4<Int64>(0, 1, 2, 3) .== SIMD4<Int64>(repeating: Int64(lane))
        @inline(__always) func put(_ v: inout V, _ x: Double) { v = v.replacing(with: V(repeating: x), where: m) }
        let p = c.pointee
        put(&g.pointee.k0x, p.k0.x); put(&g.pointee.k0y, p.k0.y); put(&g.pointee.k1x, p.k1.x); put(&g.pointee.k1y, p.k1.y)
        put(&g.pointee.k2x, p.k2.x); put(&g.pointee.k2y, p.k2.y); put(&g.pointee.k3x, p.k3.x); put(&g.pointee.k3y, p.k3.y)
        put(&g.pointee.k2x2, 2 * p.k2.x); put(&g.pointee.k2y2, 2 * p.k2.y)
        put(&g.pointee.k3x3, 3 * p.k3.x); put(&g.pointee.k3y3, 3 * p.k3.y)
        put(&g.pointee.k3x6, 6 * p.k3.x); put(&g.pointee.k3y6, 6 * p.k3.y)
        put(&g.pointee.p3x, p.p3.x); put(&g.pointee.p3y, p.p3.y)
        put(&g.pointee.tau, p.tau); put(&g.pointee.tau2, p.tau2)
        put(&g.pointee.predict, p.predict); put(&g.pointee.hmin, p.hmin)
        put(&g.pointee.wang, p.wang); put(&g.pointee.scale, p.scale)
        // The start: u = −½, A = P₀, B′ = 3(P₁ − P₀), B″ = 6(P₂ − 2P₁ + P₀).
        put(&g.pointee.u, -0.5); put(&g.pointee.h, p.h0)
        put(&g.pointee.ax, p.p0.x); put(&g.pointee.ay, p.p0.y)
        put(&g.pointee.d1x, p.d1.x); put(&g.pointee.d1y, p.d1.y); put(&g.pointee.d2x, p.d2.x); put(&g.pointee.d2y, p.d2.y)
        put(&g.pointee.boundNum, 0); put(&g.pointee.boundDen, 1)
        g.pointee.counts.replace(with: 1, where: m)
        g.pointee.active = g.pointee.active .| m
        let intLane = SIMD4<Int>(0, 1, 2, 3) .== SIMD4<Int>(repeating: lane)
        g.pointee.ids.replace(with: p.id, where: intLane)
        g.pointee.out.replace(with: Int(bitPattern: points), where: intLane)
        g.pointee.par.replace(with: Int(bitPattern: parameters), where: intLane)
        points[0] = p.p0.x * p.scale; points[1] = p.p0.y * p.scale
        parameters[0] = 0
    }

    /// Marks `lane` idle: it writes to `scratch` and never advances.
    static func clear(_ lane: Int, _ g: UnsafeMutablePointer<Group>, scratch: UnsafeMutablePointer<Double>) {
        let m = SIMD4<Int64>(0, 1, 2, 3) .== SIMD4<Int64>(repeating: Int64(lane))
        g.pointee.active = g.pointee.active .& .!m
        g.pointee.counts.replace(with: 0, where: m)
        g.pointee.h.replace(with: 1, where: m)
        g.pointee.u.replace(with: -0.5, where: m)
        let intLane = SIMD4<Int>(0, 1, 2, 3) .== SIMD4<Int>(repeating: lane)
        g.pointee.out.replace(with: Int(bitPattern: scratch), where: intLane)
        g.pointee.par.replace(with: Int(bitPattern: scratch), where: intLane)
    }

    /// The exact check for the lanes of `lanes` whose normal bound passed but whose projection
    /// may not be monotone: `ChordDeviation.bound` of the Hermite sub-cubic on [u, u + hh], with
    /// vertices A, V and derivatives D₁ = B′(u), E₁ = B′(u + hh). Returns which passed and, for
    /// those, the piece's bound² (as numerator over 1).
    @inline(never)
    static func exactCheck(_ lanes: Mask, ax: V, ay: V, vx: V, vy: V, d1x: V, d1y: V, e1x: V, e1y: V, hh: V,
                           tau: V) -> (passed: Mask, bound2: V) {
        var passed = Mask(repeating: false), bound2 = V()
        for lane in 0..<4 where lanes[lane] {
            let q0 = Point(ax[lane], ay[lane]), q3 = Point(vx[lane], vy[lane])
            let third = hh[lane] / 3
            let piece = CubicBezier(q0, q0 + third * Point(d1x[lane], d1y[lane]),
                                    q3 - third * Point(e1x[lane], e1y[lane]), q3)
            let bound = ChordDeviation.bound(piece)
            if bound <= tau[lane] {
                passed[lane] = true
                bound2[lane] = bound * bound
            }
        }
        return (passed, bound2)
    }

    /// One trial step in every lane of group `g`; true when a lane finished its curve or gave up
    /// (`finished`, `giveUp`).
    /// `u` and `h` (the loop-carried chain) are passed in registers; `g.pointee.u`, `.h` are
    /// only current after `run` stores them for `drain`.
    @_transparent
    static func advance(_ g: UnsafeMutablePointer<Group>, _ u: inout V, _ h: inout V,
                        storeParameters: Bool, nearlyFull: SIMD4<Int64>) -> Bool {
        let half = V(repeating: 0.5), eighth = V(repeating: 0.125)
        let active = g.pointee.active
        // The trial piece [u, b].
        let ub = u + h
        let last = ub .>= half
        let b = bt_min_double4(ub, half)
        let hh = b - u
        // B, B′, B″ at b by Horner in the centred basis; the last vertex is P₃ exactly.
        var vx = bt_relaxed_fma_double4(bt_relaxed_fma_double4(bt_relaxed_fma_double4(g.pointee.k3x, b, g.pointee.k2x), b, g.pointee.k1x), b, g.pointee.k0x)
        var vy = bt_relaxed_fma_double4(bt_relaxed_fma_double4(bt_relaxed_fma_double4(g.pointee.k3y, b, g.pointee.k2y), b, g.pointee.k1y), b, g.pointee.k0y)
        vx.replace(with: g.pointee.p3x, where: last)
        vy.replace(with: g.pointee.p3y, where: last)
        let e1x = bt_relaxed_fma_double4(bt_relaxed_fma_double4(g.pointee.k3x3, b, g.pointee.k2x2), b, g.pointee.k1x)
        let e1y = bt_relaxed_fma_double4(bt_relaxed_fma_double4(g.pointee.k3y3, b, g.pointee.k2y2), b, g.pointee.k1y)
        let e2x = bt_relaxed_fma_double4(g.pointee.k3x6, b, g.pointee.k2x2)
        let e2y = bt_relaxed_fma_double4(g.pointee.k3y6, b, g.pointee.k2y2)
        // The chord and the normal bound, squared: (h²/8·max|c × B″|)² ≤ τ²·|c|².
        let ax = g.pointee.ax, ay = g.pointee.ay
        let d1x = g.pointee.d1x, d1y = g.pointee.d1y, d2x = g.pointee.d2x, d2y = g.pointee.d2y
        // With the chord c = (cx, −ny): c × X = cx·X_y + ny·X_x and c·X = cx·X_x − ny·X_y.
        let cx = vx - ax, ny = ay - vy
        let ka = bt_relaxed_fma_double4(cx, d2y, ny * d2x), kb = bt_relaxed_fma_double4(cx, e2y, ny * e2x)
        let ka2 = ka * ka, kb2 = kb * kb
        let w = hh * hh * eighth
        let lhs2 = (w * w) * ka2.replacing(with: kb2, where: kb2 .> ka2)
        let c2 = bt_relaxed_fma_double4(cx, cx, ny * ny)
        let normalOK = lhs2 .<= g.pointee.tau2 * c2
        // Monotone projection: the Bernstein coefficients of c·B′ on [u, b] positive, each
        // compared as cx·X_x > ny·X_y.
        let hh2 = half * hh
        let bx = bt_relaxed_fma_double4(hh2, d2x, d1x), by = bt_relaxed_fma_double4(hh2, d2y, d1y)
        let monotone = (cx * d1x .> ny * d1y) .& (cx * bx .> ny * by) .& (cx * e1x .> ny * e1y)
        var ok = normalOK .& monotone .& active
        // This piece's bound², as a fraction, for the largest-bound bookkeeping.
        var candNum = lhs2, candDen = c2

        // The next step, predicted at b from the step just taken (used where accepted).
        let tx = bt_relaxed_fma_double4(hh2, e2x, e1x), ty = bt_relaxed_fma_double4(hh2, e2y, e1y)
        let f2x = bt_relaxed_fma_double4(hh, g.pointee.k3x6, e2x), f2y = bt_relaxed_fma_double4(hh, g.pointee.k3y6, e2y)
        let ta = bt_relaxed_fma_double4(tx, e2y, -(ty * e2x)), tb = bt_relaxed_fma_double4(tx, f2y, -(ty * f2x))
        let ta2 = ta * ta, tb2 = tb * tb
        let tt = bt_relaxed_fma_double4(tx, tx, ty * ty)
        let tk2 = ta2.replacing(with: tb2, where: tb2 .> ta2)
        // (|T|²/tk2)^¼ = |T|²·(|T|⁶·tk2)^(−¼): one fourth root.
        var hNext = (g.pointee.predict * tt) * FlatteningKernel.inverseFourthRoot((tt * tt) * (tt * tk2))

        // The common case: every active lane accepts and none reaches the end. Anything
        // else — a rejection, the exact check, a finished curve, a nearly full buffer — is
        // sorted out here, lane by lane where it must be.
        var event = false
        let counts = g.pointee.counts
        let attention = (.!ok .| last .| (counts .>= nearlyFull)) .& active
        let slow = FlatteningKernel.anyLane(attention)
        if slow {
            let exactNeeded = normalOK .& .!monotone .& active
            if FlatteningKernel.anyLane(exactNeeded) {
                let exact = exactCheck(exactNeeded, ax: ax, ay: ay, vx: vx, vy: vy, d1x: d1x, d1y: d1y, e1x: e1x, e1y: e1y,
                                       hh: hh, tau: g.pointee.tau)
                ok = ok .| exact.passed
                candNum.replace(with: exact.bound2, where: exact.passed)
                candDen.replace(with: 1, where: exact.passed)
            }
            let rejected = .!ok .& active
            if FlatteningKernel.anyLane(rejected) {
                // Shrink by the bound (∝ h²), or halve when only monotonicity failed.
                let allowed = g.pointee.tau2 * c2, ra = FlatteningKernel.inverseFourthRoot(allowed)
                var factor = V(repeating: 0.95) * allowed * (ra * ra * ra) * FlatteningKernel.inverseFourthRoot(lhs2)
                factor.replace(with: 0.95, where: factor .> 0.95)
                factor.replace(with: 0.5, where: normalOK .| .!(factor .> 0))
                hNext.replace(with: hh * factor, where: rejected)
            }
            // A trial at or below h_min must pass (see "Termination"), and a lane must not run
            // out of slots: otherwise give up on the curve.
            let giveUp = (rejected .& (hh .<= g.pointee.hmin)) .| (active .& (counts .>= nearlyFull))
            ok = ok .& .!giveUp
            let finished = ok .& last
            g.pointee.giveUp = giveUp
            g.pointee.finished = finished
            event = FlatteningKernel.anyLane(finished .| giveUp)
        }
        // Never below h_min (NaN predictions included).
        let hmin = g.pointee.hmin
        hNext.replace(with: hmin, where: .!(hNext .>= hmin))

        // Largest piece bound so far: candNum/candDen > boundNum/boundDen, cross-multiplied.
        let boundNum = g.pointee.boundNum, boundDen = g.pointee.boundDen
        let larger = ok .& (candNum * boundDen .> boundNum * candDen)
        g.pointee.boundNum = boundNum.replacing(with: candNum, where: larger)
        g.pointee.boundDen = boundDen.replacing(with: candDen, where: larger)

        // Write every lane's trial vertex (x, y as one 16-byte store); only accepted ones advance
        // the count.
        let scale = g.pointee.scale
        let sx = vx * scale, sy = vy * scale
        let even = SIMD4(sx[0], sy[0], sx[2], sy[2]), odd = SIMD4(sx[1], sy[1], sx[3], sy[3])
        let out = g.pointee.out &+ 16 &* SIMD4<Int>(truncatingIfNeeded: counts)
        UnsafeMutableRawPointer(bitPattern: out[0]).unsafelyUnwrapped.storeBytes(of: even.lowHalf, as: SIMD2<Double>.self)
        UnsafeMutableRawPointer(bitPattern: out[1]).unsafelyUnwrapped.storeBytes(of: odd.lowHalf, as: SIMD2<Double>.self)
        UnsafeMutableRawPointer(bitPattern: out[2]).unsafelyUnwrapped.storeBytes(of: even.highHalf, as: SIMD2<Double>.self)
        UnsafeMutableRawPointer(bitPattern: out[3]).unsafelyUnwrapped.storeBytes(of: odd.highHalf, as: SIMD2<Double>.self)
        if storeParameters {
            let t = b + half
            let par = g.pointee.par &+ 8 &* SIMD4<Int>(truncatingIfNeeded: counts)
            UnsafeMutablePointer<Double>(bitPattern: par[0]).unsafelyUnwrapped.pointee = t[0]
            UnsafeMutablePointer<Double>(bitPattern: par[1]).unsafelyUnwrapped.pointee = t[1]
            UnsafeMutablePointer<Double>(bitPattern: par[2]).unsafelyUnwrapped.pointee = t[2]
            UnsafeMutablePointer<Double>(bitPattern: par[3]).unsafelyUnwrapped.pointee = t[3]
        }
        g.pointee.counts = counts &- unsafeBitCast(ok, to: SIMD4<Int64>.self)

        h = hNext
        if slow {
            u.replace(with: b, where: ok)
            g.pointee.ax = ax.replacing(with: vx, where: ok); g.pointee.ay = ay.replacing(with: vy, where: ok)
            g.pointee.d1x = d1x.replacing(with: e1x, where: ok); g.pointee.d1y = d1y.replacing(with: e1y, where: ok)
            g.pointee.d2x = d2x.replacing(with: e2x, where: ok); g.pointee.d2y = d2y.replacing(with: e2y, where: ok)
        } else {
            // Every active lane accepted (idle lanes' state is never read): no blends, and u does
            // not wait for the certification.
            u = b
            g.pointee.ax = vx; g.pointee.ay = vy
            g.pointee.d1x = e1x; g.pointee.d1y = e1y
            g.pointee.d2x = e2x; g.pointee.d2y = e2y
        }
        return event
    }

    // MARK: The lockstep loop

    /// Groups of four lanes in flight (two, stepped alternately, so that one group's dependency
    /// chain overlaps the other's).
    static let groupCount = 2

    /// Flattens the curves `driver.next()` hands out, `4·groupCount` at a time, calling
    /// `driver.finish` for each as soon as its lane completes (completion order) with its
    /// vertices (interleaved x, y in the curve's own units) and parameters (t ∈ [0, 1], when
    /// stored) in the lane buffers, valid during the call. `next` must only hand out curves whose
    /// `slots(wang:)` fit `capacity`.
    func run<Driver: FlatteningDriver>(_ driver: inout Driver) {
        let groupCount = FlatteningKernel.groupCount
        let groups = UnsafeMutablePointer<Group>.allocate(capacity: groupCount)
        groups.initialize(repeating: Group(), count: groupCount)
        defer { groups.deallocate() }
        var activeLanes = 0
        for g in 0..<groupCount {
            for lane in 0..<4 where refill(&driver, groups + g, lane, slot: 4 * g + lane) { activeLanes += 1 }
        }
        let nearlyFull = SIMD4<Int64>(repeating: Int64(capacity - 3))
        let storeParameters = self.storeParameters
        // Two groups stepped alternately, their u and h in registers.
        let g0 = groups, g1 = groups + 1
        var u0 = g0.pointee.u, h0 = g0.pointee.h, u1 = g1.pointee.u, h1 = g1.pointee.h
        // The second group is stepped only while it holds a curve (a run of at most four curves,
        // such as a single curve, leaves it idle).
        var stepSecond = FlatteningKernel.anyLane(g1.pointee.active)
        while activeLanes > 0 {
            let e0 = FlatteningKernel.advance(g0, &u0, &h0, storeParameters: storeParameters, nearlyFull: nearlyFull)
            let e1 = stepSecond && FlatteningKernel.advance(g1, &u1, &h1, storeParameters: storeParameters, nearlyFull: nearlyFull)
            if e0 || e1 {
                (g0.pointee.u, g0.pointee.h, g1.pointee.u, g1.pointee.h) = (u0, h0, u1, h1)
                if e0 { activeLanes -= drain(&driver, g0, group: 0) }
                if e1 { activeLanes -= drain(&driver, g1, group: 1) }
                (u0, h0, u1, h1) = (g0.pointee.u, g0.pointee.h, g1.pointee.u, g1.pointee.h)
                stepSecond = FlatteningKernel.anyLane(g1.pointee.active)
            }
        }
    }

    /// Loads the driver's next curve into `lane` (buffer `slot`) and returns true, or marks the
    /// lane idle and returns false.
    @inline(never)
    func refill<Driver: FlatteningDriver>(_ driver: inout Driver, _ g: UnsafeMutablePointer<Group>,
                                          _ lane: Int, slot: Int) -> Bool {
        if let c = driver.next() {
            FlatteningKernel.load(lane, c, into: g, points: points + 2 * capacity * slot,
                                  parameters: parameters + capacity * slot)
            return true
        }
        FlatteningKernel.clear(lane, g, scratch: scratch)
        return false
    }

    /// Delivers the group's finished (or abandoned) curves and refills their lanes; returns how
    /// many lanes fell idle.
    @inline(never)
    func drain<Driver: FlatteningDriver>(_ driver: inout Driver, _ g: UnsafeMutablePointer<Group>, group: Int) -> Int {
        var idle = 0
        for lane in 0..<4 where g.pointee.finished[lane] || g.pointee.giveUp[lane] {
            let n = Int(g.pointee.counts[lane])
            let base = points + 2 * capacity * (4 * group + lane), tBase = parameters + capacity * (4 * group + lane)
            let outcome: Outcome
            if g.pointee.giveUp[lane] || Double(n - 1) > g.pointee.wang[lane].rounded(.up) {
                outcome = .fallback
            } else {
                let scale = g.pointee.scale[lane]
                outcome = .certified(bound: (g.pointee.boundNum[lane] / g.pointee.boundDen[lane]).squareRoot() * scale,
                                     scale: scale)
            }
            driver.finish(id: g.pointee.ids[lane], vertices: base, parameters: tBase, count: n, outcome: outcome)
            if !refill(&driver, g, lane, slot: 4 * group + lane) { idle += 1 }
        }
        g.pointee.finished = Mask(repeating: false)
        g.pointee.giveUp = g.pointee.finished
        return idle
    }
}

/// Where `FlatteningKernel.run` gets its curves and delivers its results.
protocol FlatteningDriver {
    /// The next curve for the kernel (its `id` is what `finish` reports), valid until the next
    /// call; nil when none is left.
    mutating func next() -> UnsafePointer<FlatteningKernel.Prepared>?
    /// One curve done: `count` vertices and parameters in the kernel's buffers, valid during the call.
    mutating func finish(id: Int, vertices: UnsafePointer<Double>, parameters: UnsafePointer<Double>, count: Int,
                         outcome: FlatteningKernel.Outcome)
}
