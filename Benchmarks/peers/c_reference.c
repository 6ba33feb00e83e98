// Hand-written C reference for the evaluation benchmark: AVX2/FMA Horner over four t at a time,
// x and y interleaved with shuffles, ordinary or non-temporal stores. Compiled at run time by
// run-peers (gcc -O3 -march=haswell). Reads the workload file beztune-bench writes.
//
// usage: c_reference WORKLOAD SAMPLES REFERENCE REFERENCE_CURVES REPEATS
// prints CSV rows: peer,variant,threads,median_s,min_s,max_s,points_per_s,max_abs_diff,workload_fnv
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    void *data = malloc(*size);
    if (fread(data, 1, *size, f) != *size) { perror(path); exit(1); }
    fclose(f);
    return data;
}

static uint64_t fnv1a64(const unsigned char *p, size_t n) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) { h ^= p[i]; h *= 0x100000001b3ULL; }
    return h;
}

static void evaluate(const double *cp, size_t n, const double *t, size_t m, double *out, int stream) {
    for (size_t i = 0; i < n; i++) {
        const double *c = cp + 8 * i;
        double x0 = c[0], y0 = c[1], x1 = c[2], y1 = c[3], x2 = c[4], y2 = c[5], x3 = c[6], y3 = c[7];
        __m256d ax = _mm256_set1_pd(x0), bx = _mm256_set1_pd(3 * (x1 - x0));
        __m256d cx = _mm256_set1_pd(3 * (x2 - 2 * x1 + x0)), dx = _mm256_set1_pd(x3 - x0 + 3 * (x1 - x2));
        __m256d ay = _mm256_set1_pd(y0), by = _mm256_set1_pd(3 * (y1 - y0));
        __m256d cy = _mm256_set1_pd(3 * (y2 - 2 * y1 + y0)), dy = _mm256_set1_pd(y3 - y0 + 3 * (y1 - y2));
        double *row = out + 2 * i * m;
        for (size_t j = 0; j + 4 <= m; j += 4) {
            __m256d tv = _mm256_loadu_pd(t + j);
            __m256d x = _mm256_fmadd_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(dx, tv, cx), tv, bx), tv, ax);
            __m256d y = _mm256_fmadd_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(dy, tv, cy), tv, by), tv, ay);
            __m256d lo = _mm256_unpacklo_pd(x, y), hi = _mm256_unpackhi_pd(x, y);  // x0y0 x2y2 | x1y1 x3y3
            __m256d first = _mm256_permute2f128_pd(lo, hi, 0x20), second = _mm256_permute2f128_pd(lo, hi, 0x31);
            if (stream) {
                _mm256_stream_pd(row + 2 * j, first);
                _mm256_stream_pd(row + 2 * j + 4, second);
            } else {
                _mm256_storeu_pd(row + 2 * j, first);
                _mm256_storeu_pd(row + 2 * j + 4, second);
            }
        }
        for (size_t j = m - m % 4; j < m; j++) {
            double s = t[j];
            row[2 * j] = x0 + s * (3 * (x1 - x0) + s * (3 * (x2 - 2 * x1 + x0) + s * (x3 - x0 + 3 * (x1 - x2))));
            row[2 * j + 1] = y0 + s * (3 * (y1 - y0) + s * (3 * (y2 - 2 * y1 + y0) + s * (y3 - y0 + 3 * (y1 - y2))));
        }
    }
    if (stream) _mm_sfence();
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: c_reference WORKLOAD SAMPLES REFERENCE REFERENCE_CURVES REPEATS\n");
        return 2;
    }
    size_t bytes, ref_bytes;
    double *cp = read_file(argv[1], &bytes);
    size_t n = bytes / 64, m = (size_t)atol(argv[2]);
    double *ref = read_file(argv[3], &ref_bytes);
    size_t ref_curves = (size_t)atol(argv[4]);
    int repeats = atoi(argv[5]);
    uint64_t fnv = fnv1a64((const unsigned char *)cp, bytes);
    double *t = malloc(m * sizeof(double));
    for (size_t j = 0; j < m; j++) t[j] = m == 1 ? 0 : (double)j / (double)(m - 1);
    double *out = aligned_alloc(64, ((2 * n * m * sizeof(double)) + 63) / 64 * 64);
    memset(out, 0, 2 * n * m * sizeof(double));
    for (int stream = 0; stream <= 1; stream++) {
        double *times = malloc(repeats * sizeof(double));
        evaluate(cp, n, t, m, out, stream);  // warm-up
        for (int r = 0; r < repeats; r++) {
            double start = now();
            evaluate(cp, n, t, m, out, stream);
            times[r] = now() - start;
        }
        qsort(times, repeats, sizeof(double), compare);
        double median = repeats % 2 ? times[repeats / 2] : 0.5 * (times[repeats / 2 - 1] + times[repeats / 2]);
        double diff = 0;
        for (size_t k = 0; k < 2 * ref_curves * m && k < 2 * n * m; k++) diff = fmax(diff, fabs(out[k] - ref[k]));
        printf("c-avx2,%s,1,%.9g,%.9g,%.9g,%.9g,%.3g,%016llx\n", stream ? "non-temporal stores" : "ordinary stores",
               median, times[0], times[repeats - 1], (double)(n * m) / median, diff, (unsigned long long)fnv);
        free(times);
    }
    return 0;
}
