// Single intrinsics Swift lacks, as static inline functions Swift imports and inlines:
// a relaxed multiply-add on vectors (fused where the target has FMA, plain mul+add elsewhere —
// the swift-numerics "relaxed arithmetic" idea), vector square root, minimum and maximum with
// the x86 NaN rule, and non-temporal (streaming) stores.
//
// `ext_vector_type` values import into Swift as SIMD4<Double> / SIMD8<Float>.
#ifndef BEZIERTUNE_INTRINSICS_H
#define BEZIERTUNE_INTRINSICS_H

#include <immintrin.h>

typedef double bt_double4 __attribute__((ext_vector_type(4)));
typedef float bt_float8 __attribute__((ext_vector_type(8)));

#pragma clang fp contract(fast)

/// a·b + c, contracted to one FMA instruction when the target has FMA (rounding once or twice:
/// "relaxed"; callers must not depend on which).
static inline __attribute__((always_inline)) bt_double4
bt_relaxed_fma_double4(bt_double4 a, bt_double4 b, bt_double4 c) {
    return a * b + c;
}

static inline __attribute__((always_inline)) bt_float8
bt_relaxed_fma_float8(bt_float8 a, bt_float8 b, bt_float8 c) {
    return a * b + c;
}

/// √v per lane, correctly rounded: one `vsqrtpd` on 256-bit registers where the target has AVX,
/// two SSE2 `sqrtpd` otherwise (Swift's generic `SIMD4<Double>.squareRoot()` is four libm calls).
static inline __attribute__((always_inline)) bt_double4
bt_sqrt_double4(bt_double4 v) {
#if defined(__AVX__)
    return (bt_double4)_mm256_sqrt_pd((__m256d)v);
#else
    __m128d lo = _mm_sqrt_pd((__m128d){v.x, v.y}), hi = _mm_sqrt_pd((__m128d){v.z, v.w});
    return (bt_double4){lo[0], lo[1], hi[0], hi[1]};
#endif
}

/// The x86 minimum per lane, `a < b ? a : b` (so b when either is NaN): one `vminpd`.
static inline __attribute__((always_inline)) bt_double4
bt_min_double4(bt_double4 a, bt_double4 b) {
#if defined(__AVX__)
    return (bt_double4)_mm256_min_pd((__m256d)a, (__m256d)b);
#else
    __m128d lo = _mm_min_pd((__m128d){a.x, a.y}, (__m128d){b.x, b.y});
    __m128d hi = _mm_min_pd((__m128d){a.z, a.w}, (__m128d){b.z, b.w});
    return (bt_double4){lo[0], lo[1], hi[0], hi[1]};
#endif
}

/// Stores 4 doubles at `p` (which must be 32-byte aligned) bypassing the caches where the target
/// has AVX (`vmovntpd`); two SSE2 streaming stores (`movntpd`, 16-byte alignment) otherwise.
static inline __attribute__((always_inline)) void
bt_stream_double4(double *p, bt_double4 v) {
#if defined(__AVX__)
    _mm256_stream_pd(p, (__m256d)v);
#else
    _mm_stream_pd(p, (__m128d){v.x, v.y});
    _mm_stream_pd(p + 2, (__m128d){v.z, v.w});
#endif
}

/// Stores 8 floats at `p` (32-byte aligned), bypassing the caches.
static inline __attribute__((always_inline)) void
bt_stream_float8(float *p, bt_float8 v) {
#if defined(__AVX__)
    _mm256_stream_ps(p, (__m256)v);
#else
    _mm_stream_ps(p, (__m128){v.s0, v.s1, v.s2, v.s3});
    _mm_stream_ps(p + 4, (__m128){v.s4, v.s5, v.s6, v.s7});
#endif
}

/// Orders streaming stores before later stores (`sfence`): call once after a streaming loop.
static inline __attribute__((always_inline)) void bt_store_fence(void) { _mm_sfence(); }

#endif
