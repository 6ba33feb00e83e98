import CCairo
import Foundation

/// Decoded pixels of an image: width, height and un-premultiplied RGBA bytes row by row. For
/// comparing rendered frames with golden images and for pixel tests.
public struct RasterImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == 4 * width * height, "RasterImage: \(rgba.count) bytes for \(width)×\(height)")
        (self.width, self.height, self.rgba) = (width, height, rgba)
    }

    /// Decodes a PNG (through cairo's reader).
    public init(png data: Data) throws(RenderError) {
        final class Source { var data: Data; var offset = 0; init(_ d: Data) { data = d } }
        let source = Source(data)
        let surface = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let s = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
            let n = Int(length)
            guard s.offset + n <= s.data.count else { return CAIRO_STATUS_READ_ERROR }
            s.data.copyBytes(to: buffer, from: s.offset..<(s.offset + n))
            s.offset += n
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())
        defer { cairo_surface_destroy(surface) }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RenderError("not a PNG image cairo can read")
        }
        self = RasterImage(surface: surface)
    }

    /// The pixels of a cairo ARGB32 image surface (premultiplied, BGRA in memory).
    init(surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 0, count: 4 * w * h)
        if let data = cairo_image_surface_get_data(surface) {
            for y in 0..<h {
                for x in 0..<w {
                    let p = data + y * stride + 4 * x
                    let a = Int(p[3])
                    func straight(_ v: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
                    let k = 4 * (y * w + x)
                    (out[k], out[k + 1], out[k + 2], out[k + 3]) = (straight(p[2]), straight(p[1]), straight(p[0]), UInt8(a))
                }
            }
        }
        self.init(width: w, height: h, rgba: out)
    }

    /// The pixel at column x, row y as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let k = 4 * (y * width + x)
        return (rgba[k], rgba[k + 1], rgba[k + 2], rgba[k + 3])
    }

    /// The fraction of pixels whose largest channel difference from `other` exceeds `tolerance`
    /// (1 when the sizes differ).
    public func fractionDiffering(from other: RasterImage, tolerance: UInt8) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        var differing = 0
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let d = (0..<4).map { abs(Int(rgba[i + $0]) - Int(other.rgba[i + $0])) }.max() ?? 0
            if d > Int(tolerance) { differing += 1 }
        }
        return Double(differing) / Double(max(1, width * height))
    }
}
