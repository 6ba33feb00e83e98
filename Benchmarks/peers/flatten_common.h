// Shared by the C flattening peers (flatten_cairo.c): the workload file, its
// FNV-1a checksum, the declared subset, timing, and the polyline file beztune-bench
// `--measure-polylines` reads (per curve: u64 index, u64 point count, then f64 x, y per point;
// little-endian, which is what x86-64 writes).
#ifndef FLATTEN_COMMON_H
#define FLATTEN_COMMON_H
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

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    void *data = malloc(*size ? *size : 1);
    if (fread(data, 1, *size, f) != *size) { perror(path); exit(1); }
    fclose(f);
    return data;
}

static uint64_t fnv1a64(const unsigned char *p, size_t n) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) { h ^= p[i]; h *= 0x100000001b3ULL; }
    return h;
}

/// A growable buffer of points (x, y interleaved) a peer reuses for every curve.
typedef struct { double *xy; size_t count, capacity; } polyline;

static void polyline_push(polyline *p, double x, double y) {
    if (p->count == p->capacity) {
        p->capacity = p->capacity ? 2 * p->capacity : 1024;
        p->xy = realloc(p->xy, 2 * p->capacity * sizeof(double));
    }
    p->xy[2 * p->count] = x;
    p->xy[2 * p->count + 1] = y;
    p->count++;
}

static void polyline_write(FILE *f, uint64_t index, const polyline *p) {
    uint64_t n = p->count;
    fwrite(&index, 8, 1, f);
    fwrite(&n, 8, 1, f);
    fwrite(p->xy, 16, p->count, f);
}

/// Times `run(context)` over all curves: one warm-up, then `repeats` runs; median, min, max.
static void time_runs(void (*run)(void *), void *context, int repeats, double *median, double *lo, double *hi) {
    double *times = malloc((repeats > 0 ? repeats : 1) * sizeof(double));
    run(context);
    for (int r = 0; r < repeats; r++) {
        double start = now();
        run(context);
        times[r] = now() - start;
    }
    qsort(times, repeats, sizeof(double), compare_doubles);
    *median = repeats % 2 ? times[repeats / 2] : 0.5 * (times[repeats / 2 - 1] + times[repeats / 2]);
    *lo = times[0];
    *hi = times[repeats - 1];
    free(times);
}
#endif
