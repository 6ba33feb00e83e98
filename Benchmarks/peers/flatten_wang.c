// The Wang's-bound baseline as a peer of the flatten benchmark: n = ⌈√(0.75·M/tol)⌉ uniform
// steps, M = max|Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂| (REFERENCES.md, Wang's formula), the vertices B(k/n) by
// Horner's rule on the power-basis coefficients (the ends exactly P₀ and P₃) into a reused buffer.
// Always within tolerance up to rounding; the most segments of all.
//
// usage: flatten_wang WORKLOAD TOLERANCE SUBSET OUT REPEATS
// prints: peer,variant,workload,threads,median_s,min_s,max_s,curves_per_s,segments_per_curve,workload_fnv
#include <math.h>
#include "flatten_common.h"

typedef struct {
    const double *cp;
    size_t n;
    double tolerance;
    polyline buffer;
    double segments;
} job;

static size_t flatten_one(const double *c, double tolerance, polyline *out) {
    double x0 = c[0], y0 = c[1], x1 = c[2], y1 = c[3], x2 = c[4], y2 = c[5], x3 = c[6], y3 = c[7];
    double m = fmax(hypot(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2), hypot(x1 - 2 * x2 + x3, y1 - 2 * y2 + y3));
    double w = ceil(sqrt(0.75 * m / tolerance));
    size_t n = w < 1 ? 1 : (size_t)w;
    double ax = 3 * (x1 - x0), bx = 3 * (x2 - 2 * x1 + x0), cx = x3 - x0 + 3 * (x1 - x2);
    double ay = 3 * (y1 - y0), by = 3 * (y2 - 2 * y1 + y0), cy = y3 - y0 + 3 * (y1 - y2);
    out->count = 0;
    polyline_push(out, x0, y0);
    double step = 1.0 / (double)n;
    for (size_t k = 1; k < n; k++) {
        double t = (double)k * step;
        polyline_push(out, x0 + t * (ax + t * (bx + t * cx)), y0 + t * (ay + t * (by + t * cy)));
    }
    polyline_push(out, x3, y3);
    return n;
}

static void run(void *context) {
    job *j = context;
    size_t segments = 0;
    for (size_t i = 0; i < j->n; i++) segments += flatten_one(j->cp + 8 * i, j->tolerance, &j->buffer);
    j->segments = (double)segments;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: flatten_wang WORKLOAD TOLERANCE SUBSET OUT REPEATS\n");
        return 2;
    }
    size_t bytes, subset_bytes;
    double *cp = read_file(argv[1], &bytes);
    double tolerance = atof(argv[2]);
    uint64_t *subset = read_file(argv[3], &subset_bytes);
    int repeats = atoi(argv[5]);
    job j = {cp, bytes / 64, tolerance, {0}, 0};
    double median, lo, hi;
    time_runs(run, &j, repeats, &median, &lo, &hi);
    FILE *f = fopen(argv[4], "wb");
    if (!f) { perror(argv[4]); return 1; }
    for (size_t k = 0; k < subset_bytes / 8; k++) {
        flatten_one(cp + 8 * subset[k], tolerance, &j.buffer);
        polyline_write(f, subset[k], &j.buffer);
    }
    fclose(f);
    printf("c-wang,uniform Wang bound (Horner),flatten,1,%.9g,%.9g,%.9g,%.9g,%.6f,%016llx\n", median, lo, hi,
           (double)j.n / median, j.segments / (double)j.n, (unsigned long long)fnv1a64((unsigned char *)cp, bytes));
    return 0;
}
