import _CIntrinsics

/// The adaptive flattening kernel: one curve at a time in a reused workspace, SIMD across the
/// curve's pieces. The breakpoints are *placed* all at once from the curve's sampled segment
/// density (no serial chain), then every piece is *certified* by a proven bound — four pieces
/// per `SIMD4<Double>` step — and a piece that fails is split and checked again. So the
/// guarantee comes from the method, a sound check per piece with a fallback, never from the
/// placement being right: a wrong placement costs segments and time, not correctness.
///
/// ## Placement (an estimate, not a bound)
///
/// In the centred parameter u = t − ½ the ideal segment density is ρ = √(|n·B″|/(8τ)) with
/// n·B″ = K/|B′|, K = B′ × B″ = κ₀ + κ₁u + κ₂u² (the cubic term cancels): a piece of length h
/// where ρ is constant has the chord distance h²/8·|n·B″| = τ at h = 1/ρ. On K = 16 equal spans
/// ρ̃ = (K²/|B′|²)^¼ is sampled at the 17 ends and 16 midpoints (fast fourth root, 0.25 %),
/// capped at Wang's uniform density w (|n·B″| ≤ |B″| ≤ 6M), integrated by Simpson's rule per span,
/// and n = ⌈1.03·∫ρ⌉ (if that exceeds Wang's ⌈w⌉ the uniform subdivision is used). Target k·T/n
/// (T = ∫ρ) is mapped back to u in its span by the span's cubic Hermite inverse (end slopes
/// I/(Lρ₀), I/(Lρ₁), capped at 2.12 so the cubic stays monotone), expanded in δ = k − k₀ so
/// that every point costs three multiply-adds and no search. Levien's parabola-integral
/// approximation (kurbo) places its points the same way, from closed forms on quadratic pieces;
/// here the density is sampled on the cubic itself.
///
/// ## The bound (why every piece is within tolerance)
///
/// Take a piece [a, b], h = b − a, midpoint m, with the polyline's own vertices V₀ ≈ B(a),
/// V₁ ≈ B(b), chord c = V₁ − V₀, unit normal n = c⊥/|c| and direction w = c/|c|. Every point X
/// has dist(X, [V₀, V₁]) ≤ |n·(X − V₀)| + o, o the overshoot of w·(X − V₀) beyond [0, |c|].
///
/// 1. *Normal offset.* d(u) = n·(B(u) − V₀) is a cubic with |d(a)|, |d(b)| ≤ e (the vertex
///    error; 0 for exact vertices, as n·c = 0). Write d = ℓ + p, ℓ linear through d(a), d(b) and
///    p the cubic vanishing at a and b with p″ = n·B″, which is *linear*: with s ∈ [−1, 1] across
///    the piece, p″ = M + D·s, M = n·B″(m), D = h/2·n·B‴, and p = h²/4·(s² − 1)(M/2 + D·s/6);
///    as max (1 − s²) = 1 and max (1 − s²)|s| = 2/(3√3), |p| ≤ h²/8·(|M| + 2/(9√3)·|D|), so
///
///        |d(u)| ≤ e + h²/8·(|n·B″(m)| + 0.12830·h/2·|n·B‴|)     (2/(9√3) = 0.128300…).
///
///    Only the normal component of B″ enters, at the midpoint, plus a small third-derivative
///    term: the piece can follow the local curvature (the previous kernel's end-value form
///    h²/8·max|n·B″(a)|, |n·B″(b)| is the same with weight 1 on |D| and costs segments near
///    inflections, where M vanishes).
/// 2. *No overshoot* (a Markov-type test). If w·B′ vanished at some s₀ in the piece, B′(s₀) would
///    be normal to the chord, so |B′(s₀)| = |d′(s₀)| = |p′(s₀) + ℓ′| ≤ (6√3·max|p| + 2e)/h — for
///    cubics vanishing at both ends of [−1, 1], max|p′|/max|p| ≤ 3√3, reached by s − s³ (checked
///    numerically in the tests). And |B′(s₀)| ≥ |c_exact|/h − max|B′ − mean B′| ≥
///    (|c| − 2e)/h − h/2·|B″(m)| − h²/12·|B‴|. So when
///
///        |c| > 6√3·τ + h²/2·(|B″(m)|₁ + h·|B‴|₁/6) + slack
///
///    (L1 norms, which bound the Euclidean ones), w·B′ keeps one sign on the piece, positive since
///    w·(B(b) − B(a)) ≈ |c| > 0: α = w·(B − V₀) runs monotonically from ≈ 0 to ≈ |c|, o ≤ e.
///
/// So a piece passes the vector test when, in squares (no square root, no division),
///
///     (h²·(|c × B″(m)| + 0.06415·h·|c × B‴|))² ≤ 64τ²·|c|²   and   |c|² > reach²,
///
/// with c × B″(m) and c × B‴ (B‴ = 6k₃ is constant). A piece that fails either test (≈ 1.2 per
/// random curve: 0.8 placement misses and 0.4 pieces too short or too curved for the Markov test,
/// usually near a cusp) is checked lane by lane by the full test: the same normal bound and the
/// Bernstein test of c·B′ (its three coefficients on the piece positive), or, where that fails,
/// the exact `ChordDeviation.bound` of the piece's Hermite sub-cubic; failing that it is halved and
/// each half checked the same way, in order, the later vertices shifted.
///
/// ## Termination and the segment count
///
/// With M = max|Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂| and Wang's w = √(0.75·M/τ), every piece with h ≤ 0.7/w passes
/// the full test (normal bound ≤ h²/8·6M ≤ 0.49τ, exact bound ≤ √2·0.49τ), so halving stops there;
/// a piece that fails at h ≤ 0.7/w (only non-finite arithmetic does) or a curve that would need more
/// than Wang's ⌈w⌉ segments is reported as `.fallback`, and `Flattening` uses Wang's uniform
/// subdivision for it: never worse than the baseline.
///
/// ## Rounding
///
/// The curve is scaled by the power of two s at or below max|Pᵢ| (exact) so coordinates lie in
/// (−2, 2); the centred coefficients have |kᵢ|·2⁻ⁱ ≤ 2, 3, 3, 2, so Horner at |u| ≤ ½ leaves each
/// vertex within e ≈ 140ε (units of s) of B(u); the last vertex is certified as computed and
/// then replaced by P₃ (at most e away: the segment moves by ≤ e). The tests use the computed
/// chord's own normal, so only their arithmetic rounds: a few ε relative plus h²·O(ε) absolute in
/// the normal bound, covered by τ's relative margin 32ε and the absolute allowance
/// `Flattening.roundingAllowance` = 1024ε·s subtracted from the tolerance before the kernel sees
/// it (vertex errors 2e, overshoot e, the Markov test's slack 4096ε ≈ 25e).
///
/// ## Measured (haswell build, `Benchmarks/run --workload flatten --tolerance 0.01`, 100,000 curves)
///
/// - Random cubics in [0, 100)²: 45.41 segments per curve, 0 of 100,000 over tolerance
///   (measured piece by piece), 1.038× the reference count 43.73 (greedy furthest reach per
///   inflection-free piece with the certified `ChordDeviation`, an upper bound of the optimum);
///   DejaVu glyph outlines: 9.57 segments, 1.023× the reference 9.36, 0 of 100,000 over.
/// - Rate (`run-peers --suite flatten`, 3 alternated rounds on a 2-core machine loaded to 12–20
///   by other builds): 0.12× the shared C reference's curves/s on the random workload and 0.18×
///   on the glyphs (the goal was 0.5×), 3.9–4.1× and 1.02–1.08× kurbo 0.13.1.
/// - Per glyph curve ≈ 1,280 instructions (callgrind): the placement's ≈ 1,000 do not shrink with
///   the segment count, so short curves pay for 33 samples and 16 spans; fewer spans for small
///   Wang counts would be the next step (not measured).
/// - Instructions (callgrind, 20,000 curves, per curve): ≈ 2,380 — placement ≈ 1,000 (sampling
///   ≈ 360, span table ≈ 220, emission ≈ 400), main pass ≈ 800 (≈ 42 per four pieces),
///   failed pieces ≈ 250, driver ≈ 150. The first version of this kernel (failed pieces
///   collected and the polyline rebuilt afterwards, a curve-wide 6M in the monotone test,
///   18τ from Markov's general inequality) ran ≈ 2,780: ≈ 4 failed pieces per curve.
/// - Not kept: 12 spans instead of 16 — 45.80 segments, only 4 % fewer instructions;
///   a quartic inverse through the span's midpoint count (prototype) — no fewer failures than
///   the cubic Hermite; margins 1.05 / 1.08 (prototype) — 0.67 / 0.45 normal failures per curve
///   against 0.82 at 1.03, for 0.7 / 1.8 more segments; trapezoid sums over 16–64 samples and
///   piecewise-linear inverses (prototype) — 45.7–70 segments, 1.9–27 failures per curve.
///
/// ## The previous kernel (greedy steps in SIMD lanes), kept for its measurements
///
/// The fast adaptive flattening kernel: greedy steps whose every piece is certified by a cheap,
/// proven bound on the distance from the curve to the chord, eight curves in flight in two groups
/// of `SIMD4<Double>` lanes (each lane stepping its own curve), with no allocation per curve.
///
/// ### (previous kernel) The bound (why every piece is within tolerance)
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
/// ### (previous kernel) Termination and the segment count
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
/// ### (previous kernel) The step
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
/// ### (previous kernel) Rounding
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
/// ### (previous kernel) Implementation notes (measured with `perf` on the benchmark, haswell build)
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
    /// max over s ∈ [−1, 1] of (1 − s²)|s| / 3 = 2/(9√3) = 0.1283000598…, rounded up: the weight of
    /// the B‴ term in the bound.
    static let thirdDerivativeWeight = 0.128_300_06

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
