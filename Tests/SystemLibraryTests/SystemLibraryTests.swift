import CCairo
import CLapack
import Testing

/// The Debian libraries the setup script installs are found, link, and compute: a failure here
/// means the machine setup, not BezierTune's code, is broken.
@Suite("System libraries")
struct SystemLibraryTests {
    @Test("LAPACK dgels solves a small least-squares problem")
    func lapackLeastSquares() {
        // Fit y = a + b·x to (0,1), (1,3), (2,5), (3,7) exactly: a = 1, b = 2.
        // Column-major A (4×2) = [1 1 1 1; 0 1 2 3].
        var a: [Double] = [1, 1, 1, 1, 0, 1, 2, 3]
        var b: [Double] = [1, 3, 5, 7]
        var work = [Double](repeating: 0, count: 64)
        let info = bt_dgels(CChar(UInt8(ascii: "N")), 4, 2, 1, &a, 4, &b, 4, &work, 64)
        #expect(info == 0)
        #expect(abs(b[0] - 1) < 1e-14 && abs(b[1] - 2) < 1e-14)
    }

    @Test("BLAS dgemv multiplies a matrix by a vector")
    func blasProduct() {
        let a: [Double] = [1, 3, 2, 4]  // column-major [[1, 2], [3, 4]]
        let x: [Double] = [1, 1]
        var y: [Double] = [0, 0]
        bt_dgemv(CChar(UInt8(ascii: "N")), 2, 2, 1, a, 2, x, 1, 0, &y, 1)
        #expect(y == [3, 7])
    }

    @Test("cairo draws into an image surface and reports success")
    func cairoImage() {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8) else {
            Issue.record("no surface")
            return
        }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_paint(cr)
        cairo_surface_flush(surface)
        #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        let data = cairo_image_surface_get_data(surface)
        // ARGB32 little-endian: B, G, R, A bytes; opaque red.
        #expect(data?[2] == 255 && data?[0] == 0 && data?[3] == 255)
        #expect(cairo_version() >= 11600)
    }
}
