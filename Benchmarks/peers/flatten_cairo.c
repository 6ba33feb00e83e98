// Cairo's flattening as a peer of the flatten benchmark: per curve, cairo_new_path, move_to,
// curve_to, cairo_copy_path_flat (which flattens at cairo_set_tolerance) and cairo_path_destroy,
// on a 1×1 A8 image surface. Cairo stores path coordinates in 24.8 fixed point (1/256 device
// unit), so its vertices are rounded to that grid; the "ctm256" variant draws with the
// transformation scaled by 256 (tolerance scaled alike) to show the flattening without that floor.
//
// usage: flatten_cairo WORKLOAD TOLERANCE SUBSET OUT REPEATS SCALE
// prints: peer,variant,workload,threads,median_s,min_s,max_s,curves_per_s,segments_per_curve,workload_fnv
#include <cairo.h>
#include "flatten_common.h"

typedef struct {
    const double *cp;
    size_t n;
    cairo_t *cr;
    double segments;
} job;

static size_t flatten_one(cairo_t *cr, const double *c, polyline *out) {
    cairo_new_path(cr);
    cairo_move_to(cr, c[0], c[1]);
    cairo_curve_to(cr, c[2], c[3], c[4], c[5], c[6], c[7]);
    cairo_path_t *path = cairo_copy_path_flat(cr);
    size_t points = 0;
    for (int i = 0; i < path->num_data; i += path->data[i].header.length) {
        cairo_path_data_t *d = &path->data[i];
        if (d->header.type == CAIRO_PATH_MOVE_TO || d->header.type == CAIRO_PATH_LINE_TO) {
            if (out) polyline_push(out, d[1].point.x, d[1].point.y);
            points++;
        }
    }
    cairo_path_destroy(path);
    return points;
}

static void run(void *context) {
    job *j = context;
    size_t segments = 0;
    for (size_t i = 0; i < j->n; i++) segments += flatten_one(j->cr, j->cp + 8 * i, NULL) - 1;
    j->segments = (double)segments;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: flatten_cairo WORKLOAD TOLERANCE SUBSET OUT REPEATS SCALE\n");
        return 2;
    }
    size_t bytes, subset_bytes;
    double *cp = read_file(argv[1], &bytes);
    double tolerance = atof(argv[2]);
    uint64_t *subset = read_file(argv[3], &subset_bytes);
    int repeats = atoi(argv[5]);
    double scale = atof(argv[6]);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    cairo_set_tolerance(cr, tolerance * scale);  // device units
    job j = {cp, bytes / 64, cr, 0};
    double median, lo, hi;
    time_runs(run, &j, repeats, &median, &lo, &hi);
    FILE *f = fopen(argv[4], "wb");
    if (!f) { perror(argv[4]); return 1; }
    polyline p = {0};
    for (size_t k = 0; k < subset_bytes / 8; k++) {
        p.count = 0;
        flatten_one(cr, cp + 8 * subset[k], &p);
        polyline_write(f, subset[k], &p);
    }
    fclose(f);
    char variant[64];
    if (scale == 1) snprintf(variant, sizeof variant, "cairo_copy_path_flat");
    else snprintf(variant, sizeof variant, "cairo_copy_path_flat ctm%g", scale);
    printf("cairo %s,%s,flatten,1,%.9g,%.9g,%.9g,%.9g,%.6f,%016llx\n", cairo_version_string(), variant, median, lo, hi,
           (double)j.n / median, j.segments / (double)j.n, (unsigned long long)fnv1a64((unsigned char *)cp, bytes));
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return 0;
}
