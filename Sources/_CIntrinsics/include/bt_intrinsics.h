// The few vector intrinsics Swift lacks, as static inline functions Swift imports and inlines:
// a relaxed multiply-add, a correctly rounded square root, minimum and maximum with the x86 NaN
// rule, and non-temporal (streaming) stores. `ext_vector_type` values import into Swift as
// SIMD4<Double> / SIMD8<Float>.
//
// Every operation exists twice, and both are compiled wherever they can be:
//
//   bt_x86_…       SSE2/AVX/FMA intrinsics from <immintrin.h>; only where __x86_64__ is defined.
//   bt_portable_…  clang vector extensions and builtins only (no <immintrin.h>, no libm call);
//                  on every target, x86 included, so a test compares the two on this machine.
//
// The names without a prefix (bt_relaxed_fma_double4, …) are what the kernels call: the x86
// twins on x86-64, the portable ones elsewhere, or everywhere when BEZIERTUNE_PORTABLE_INTRINSICS
// is defined (`swift build -Xcc -DBEZIERTUNE_PORTABLE_INTRINSICS`; the Swift compiler's clang
// importer sees -Xcc defines too, so the Swift kernels follow).
//
// What "identical" means. On one target (one set of -march features), each portable twin gives
// the same bits as its x86 twin, for every input, with one exception stated at the relaxed
// multiply-add (which NaN payload survives when two or more operands are NaN). Both follow
// these rules, which a seeded test checks lane by lane against a scalar reference:
//
//   relaxed multiply-add  a·b + c rounded once (a fused multiply-add) when the target has FMA
//                         (__FMA__ on x86, __ARM_FEATURE_FMA on arm64, or __FP_FAST_FMA), and
//                         rounded twice (a·b, then + c) when it has not. Which one is fixed per
//                         compile target, never left to the optimiser; BT_RELAXED_FMA_IS_FUSED
//                         says which. The default x86-64 build has no FMA (two roundings);
//                         `-Xcc -march=haswell` and every arm64 target fuse.
//   square root           IEEE 754 squareRoot per lane, correctly rounded.
//   minimum / maximum     a < b ? a : b and a > b ? a : b per lane: the second operand when
//                         either is NaN or both are zeros (so min(-0, +0) = +0, min(+0, -0) = -0),
//                         which is what x86 minpd/maxpd do.
//   streaming store       the same bytes in memory; the portable store is a plain store and the
//                         portable fence does nothing (plain stores need no sfence).
//
// Across instruction sets only NaN bit patterns can differ: an invalid operation (√−1, ∞·0)
// gives x86's default NaN (sign bit set) on x86 and arm64's (sign bit clear) on arm64.
#ifndef BEZIERTUNE_INTRINSICS_H
#define BEZIERTUNE_INTRINSICS_H

#if defined(__x86_64__)
#include <immintrin.h>
#endif

typedef double bt_double4 __attribute__((ext_vector_type(4)));
typedef float bt_float8 __attribute__((ext_vector_type(8)));
/// The lane mask a comparison of two bt_double4 gives: all ones where true, zero where false.
typedef __typeof__((bt_double4){0} < (bt_double4){0}) bt_mask4;

/// 1 when the unprefixed names use the x86 twins, 0 when they use the portable ones.
#if defined(__x86_64__) && !defined(BEZIERTUNE_PORTABLE_INTRINSICS)
#define BT_INTRINSICS_X86 1
#else
#define BT_INTRINSICS_X86 0
#endif

/// 1 when the relaxed multiply-add rounds once (the target has FMA), 0 when it rounds twice.
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA) || defined(__FP_FAST_FMA)
#define BT_RELAXED_FMA_IS_FUSED 1
#else
#define BT_RELAXED_FMA_IS_FUSED 0
#endif

#define BT_INLINE static inline __attribute__((always_inline))

// The functions below pass 256-bit vectors by value to one another. Without AVX, clang warns
// that such a call passes them differently than with AVX (-Wpsabi); every function is always
// inlined, so no call, and no ABI, remains.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpsabi"

// MARK: - Portable twins

/// a·b rounded, then + c rounded: the multiply-add of a target without FMA, which the optimiser
/// may not contract into one (`fp contract(off)`). Both twins' unfused branch.
BT_INLINE bt_double4 bt_unfused_mul_add_double4(bt_double4 a, bt_double4 b, bt_double4 c) {
#pragma clang fp contract(off)
    bt_double4 product = a * b;
    return product + c;
}

BT_INLINE bt_float8 bt_unfused_mul_add_float8(bt_float8 a, bt_float8 b, bt_float8 c) {
#pragma clang fp contract(off)
    bt_float8 product = a * b;
    return product + c;
}

/// a·b + c per lane: one rounding with FMA (`__builtin_elementwise_fma`, which becomes vfmadd on
/// x86 and fmla on arm64, never a libm call, because it is only used where FMA exists); two
/// roundings without. When two or more operands are NaN the result is a quiet NaN with the
/// payload of one of them; which one is not specified (the compiler may commute a·b).
BT_INLINE bt_double4 bt_portable_relaxed_fma_double4(bt_double4 a, bt_double4 b, bt_double4 c) {
#if BT_RELAXED_FMA_IS_FUSED
    return __builtin_elementwise_fma(a, b, c);
#else
    return bt_unfused_mul_add_double4(a, b, c);
#endif
}

BT_INLINE bt_float8 bt_portable_relaxed_fma_float8(bt_float8 a, bt_float8 b, bt_float8 c) {
#if BT_RELAXED_FMA_IS_FUSED
    return __builtin_elementwise_fma(a, b, c);
#else
    return bt_unfused_mul_add_float8(a, b, c);
#endif
}

/// √v per lane, correctly rounded (`llvm.sqrt`: sqrtpd/vsqrtpd on x86, fsqrt on arm64; unlike
/// libm's sqrt it never sets errno, so it needs no call).
BT_INLINE bt_double4 bt_portable_sqrt_double4(bt_double4 v) {
    return __builtin_elementwise_sqrt(v);
}

/// a < b ? a : b per lane, as a bit select on the comparison mask (so b when either is NaN).
BT_INLINE bt_double4 bt_portable_min_double4(bt_double4 a, bt_double4 b) {
    bt_mask4 takeA = a < b;
    return (bt_double4)((takeA & (bt_mask4)a) | (~takeA & (bt_mask4)b));
}

/// a > b ? a : b per lane (so b when either is NaN).
BT_INLINE bt_double4 bt_portable_max_double4(bt_double4 a, bt_double4 b) {
    bt_mask4 takeA = a > b;
    return (bt_double4)((takeA & (bt_mask4)a) | (~takeA & (bt_mask4)b));
}

/// Stores 4 doubles at `p` (32-byte aligned, as for the x86 twin) with a plain store.
BT_INLINE void bt_portable_stream_double4(double *p, bt_double4 v) {
    __builtin_memcpy(p, &v, sizeof v);
}

/// Stores 8 floats at `p` (32-byte aligned) with a plain store.
BT_INLINE void bt_portable_stream_float8(float *p, bt_float8 v) {
    __builtin_memcpy(p, &v, sizeof v);
}

/// Nothing to order: plain stores are ordered by the caller's own synchronisation.
BT_INLINE void bt_portable_store_fence(void) {}

// MARK: - x86 twins

#if defined(__x86_64__)

/// a·b + c per lane: `vfmadd` on ymm registers where the target has FMA, mulpd then addpd (two
/// roundings) where it has not.
BT_INLINE bt_double4 bt_x86_relaxed_fma_double4(bt_double4 a, bt_double4 b, bt_double4 c) {
#if defined(__FMA__)
    return (bt_double4)_mm256_fmadd_pd((__m256d)a, (__m256d)b, (__m256d)c);
#else
    return bt_unfused_mul_add_double4(a, b, c);
#endif
}

BT_INLINE bt_float8 bt_x86_relaxed_fma_float8(bt_float8 a, bt_float8 b, bt_float8 c) {
#if defined(__FMA__)
    return (bt_float8)_mm256_fmadd_ps((__m256)a, (__m256)b, (__m256)c);
#else
    return bt_unfused_mul_add_float8(a, b, c);
#endif
}

// Without AVX a 256-bit value is worked on as two SSE2 halves: lanes 0–1 and lanes 2–3.
#if !defined(__AVX__)
BT_INLINE __m128d bt_x86_low_half(bt_double4 v) { return (__m128d){v.x, v.y}; }
BT_INLINE __m128d bt_x86_high_half(bt_double4 v) { return (__m128d){v.z, v.w}; }
BT_INLINE bt_double4 bt_x86_join_halves(__m128d lo, __m128d hi) { return (bt_double4){lo[0], lo[1], hi[0], hi[1]}; }
#endif

// The packed-double instruction `op` (sqrt, min, max) on 4 lanes: `_mm256_<op>_pd`, one 256-bit
// instruction, where the target has AVX; `_mm_<op>_pd` on each half otherwise.
#if defined(__AVX__)
#define BT_X86_PD_UNARY(op, v) ((bt_double4)_mm256_##op##_pd((__m256d)(v)))
#define BT_X86_PD_BINARY(op, a, b) ((bt_double4)_mm256_##op##_pd((__m256d)(a), (__m256d)(b)))
#else
#define BT_X86_PD_UNARY(op, v) bt_x86_join_halves(_mm_##op##_pd(bt_x86_low_half(v)), _mm_##op##_pd(bt_x86_high_half(v)))
#define BT_X86_PD_BINARY(op, a, b) \
    bt_x86_join_halves(_mm_##op##_pd(bt_x86_low_half(a), bt_x86_low_half(b)), \
                       _mm_##op##_pd(bt_x86_high_half(a), bt_x86_high_half(b)))
#endif

/// √v per lane: one `vsqrtpd` on 256-bit registers where the target has AVX, two SSE2 `sqrtpd`
/// otherwise (Swift's generic `SIMD4<Double>.squareRoot()` is four libm calls).
BT_INLINE bt_double4 bt_x86_sqrt_double4(bt_double4 v) { return BT_X86_PD_UNARY(sqrt, v); }

/// The x86 minimum per lane, `a < b ? a : b` (so b when either is NaN): one `vminpd` (two
/// `minpd` without AVX).
BT_INLINE bt_double4 bt_x86_min_double4(bt_double4 a, bt_double4 b) { return BT_X86_PD_BINARY(min, a, b); }

/// The x86 maximum per lane, `a > b ? a : b` (so b when either is NaN): one `vmaxpd` (two
/// `maxpd` without AVX).
BT_INLINE bt_double4 bt_x86_max_double4(bt_double4 a, bt_double4 b) { return BT_X86_PD_BINARY(max, a, b); }

#undef BT_X86_PD_UNARY
#undef BT_X86_PD_BINARY

/// Stores 4 doubles at `p` (which must be 32-byte aligned) bypassing the caches where the target
/// has AVX (`vmovntpd`); two SSE2 streaming stores (`movntpd`, 16-byte alignment) otherwise.
BT_INLINE void bt_x86_stream_double4(double *p, bt_double4 v) {
#if defined(__AVX__)
    _mm256_stream_pd(p, (__m256d)v);
#else
    _mm_stream_pd(p, bt_x86_low_half(v));
    _mm_stream_pd(p + 2, bt_x86_high_half(v));
#endif
}

/// Stores 8 floats at `p` (32-byte aligned), bypassing the caches.
BT_INLINE void bt_x86_stream_float8(float *p, bt_float8 v) {
#if defined(__AVX__)
    _mm256_stream_ps(p, (__m256)v);
#else
    _mm_stream_ps(p, (__m128){v.s0, v.s1, v.s2, v.s3});
    _mm_stream_ps(p + 4, (__m128){v.s4, v.s5, v.s6, v.s7});
#endif
}

/// Orders streaming stores before later stores (`sfence`): call once after a streaming loop.
BT_INLINE void bt_x86_store_fence(void) { _mm_sfence(); }

#endif // __x86_64__

// MARK: - What the kernels call

// These forward to the chosen twin.
#if BT_INTRINSICS_X86
#define BT_PICK(name) bt_x86_##name
#else
#define BT_PICK(name) bt_portable_##name
#endif

/// a·b + c, rounded once where the target has FMA and twice where not (see the rule above).
BT_INLINE bt_double4 bt_relaxed_fma_double4(bt_double4 a, bt_double4 b, bt_double4 c) {
    return BT_PICK(relaxed_fma_double4)(a, b, c);
}

BT_INLINE bt_float8 bt_relaxed_fma_float8(bt_float8 a, bt_float8 b, bt_float8 c) {
    return BT_PICK(relaxed_fma_float8)(a, b, c);
}

/// √v per lane, correctly rounded.
BT_INLINE bt_double4 bt_sqrt_double4(bt_double4 v) { return BT_PICK(sqrt_double4)(v); }

/// a < b ? a : b per lane (b when either is NaN): the x86 minimum.
BT_INLINE bt_double4 bt_min_double4(bt_double4 a, bt_double4 b) { return BT_PICK(min_double4)(a, b); }

/// a > b ? a : b per lane (b when either is NaN): the x86 maximum.
BT_INLINE bt_double4 bt_max_double4(bt_double4 a, bt_double4 b) { return BT_PICK(max_double4)(a, b); }

/// Stores 4 doubles at `p` (32-byte aligned), bypassing the caches where the target can.
BT_INLINE void bt_stream_double4(double *p, bt_double4 v) { BT_PICK(stream_double4)(p, v); }

/// Stores 8 floats at `p` (32-byte aligned), bypassing the caches where the target can.
BT_INLINE void bt_stream_float8(float *p, bt_float8 v) { BT_PICK(stream_float8)(p, v); }

/// Orders streaming stores before later stores: call once after a streaming loop.
BT_INLINE void bt_store_fence(void) { BT_PICK(store_fence)(); }

#pragma clang diagnostic pop

#undef BT_PICK
#undef BT_INLINE

#endif
