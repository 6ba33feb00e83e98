import CCairo
import Foundation
import Geometry

/// The image formats a `Canvas` encodes.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, svg
}

/// A drawing surface in pixel coordinates (origin top left, y down) over cairo: an ARGB32 image
/// surface encoded as PNG, or cairo's SVG surface. Frames and charts draw through this one type,
/// so a PNG and an SVG of the same figure come from the same drawing code.
///
/// A reference type because it owns cairo objects, released in `deinit`; not shared across
/// threads. Sizes are limited to 1…16384 pixels a side (cairo's own image limit is 32767).
public final class Canvas {
    public let width: Int
    public let height: Int
    public let format: ImageFormat
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let sink: ByteSink

    /// The largest width or height accepted, in pixels.
    public static let maximumSide = 16_384

    /// Collects the bytes cairo streams out.
    final class ByteSink {
        var data = Data()
    }

    public init(width: Int, height: Int, format: ImageFormat) throws(RenderError) {
        guard (1...Canvas.maximumSide).contains(width), (1...Canvas.maximumSide).contains(height) else {
            throw RenderError("image size \(width)×\(height) out of range: each side must be 1…\(Canvas.maximumSide) pixels")
        }
        self.width = width
        self.height = height
        self.format = format
        let sink = ByteSink()
        self.sink = sink
        let made: OpaquePointer?
        switch format {
        case .png:
            made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        case .svg:
            made = cairo_svg_surface_create_for_stream(
                { closure, bytes, length in
                    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque(), Double(width), Double(height))
        }
        guard let made, cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot create a \(width)×\(height) \(format.rawValue) surface (out of memory?)")
        }
        if format == .svg { cairo_svg_surface_set_document_unit(made, CAIRO_SVG_UNIT_PX) }
        surface = made
        guard let context = cairo_create(made) else { throw RenderError("cannot create a cairo context") }
        cr = context
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    // MARK: Paths in pixel space

    /// Starts a new path: `path`, already in pixel coordinates (quadratics drawn as their exact
    /// cubic elevations).
    public func setPath(_ path: Path) {
        cairo_new_path(cr)
        var k = 0
        var current = Point.zero
        let xs = path.xs, ys = path.ys
        for verb in path.verbs {
            switch verb {
            case .move:
                cairo_move_to(cr, xs[k], ys[k])
                current = Point(xs[k], ys[k])
            case .line:
                cairo_line_to(cr, xs[k], ys[k])
                current = Point(xs[k], ys[k])
            case .quadratic:
                let q = QuadraticBezier(current, Point(xs[k], ys[k]), Point(xs[k + 1], ys[k + 1])).elevated
                cairo_curve_to(cr, q.p1.x, q.p1.y, q.p2.x, q.p2.y, q.p3.x, q.p3.y)
                current = q.p3
            case .cubic:
                cairo_curve_to(cr, xs[k], ys[k], xs[k + 1], ys[k + 1], xs[k + 2], ys[k + 2])
                current = Point(xs[k + 2], ys[k + 2])
            case .close:
                cairo_close_path(cr)
            }
            k += verb.pointCount
        }
    }

    private func setColor(_ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }

    /// Fills the current path (non-zero winding) and keeps it for a following stroke.
    public func fill(_ color: Color) {
        setColor(color)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill_preserve(cr)
    }

    /// Strokes the current path with a width in pixels and an optional dash pattern; on an SVG
    /// canvas, `svgID` becomes the `id` of the element cairo writes for the stroke.
    ///
    /// cairo's SVG surface writes no ids of its own choosing, so the stroke is marked with a
    /// miter limit no other stroke uses (11, 12, … — invisible, every join is round) and
    /// ``encoded()`` puts the id on the element with that limit and restores cairo's default 10.
    public func stroke(_ color: Color, width: Double, dash: [Double] = [], svgID: String? = nil) {
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_set_dash(cr, dash, Int32(dash.count), 0)
        if let svgID, format == .svg {
            svgIDs.append(svgID)
            cairo_set_miter_limit(cr, Double(10 + svgIDs.count))
        }
        cairo_stroke_preserve(cr)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_set_miter_limit(cr, 10)
    }

    /// The ids of marked strokes, in order: stroke i has miter limit 11 + i.
    private var svgIDs: [String] = []

    /// Paints the whole canvas.
    public func paint(_ color: Color) {
        setColor(color)
        cairo_paint(cr)
    }

    /// A circle of `radius` pixels around `center`, filled and/or outlined.
    public func dot(at center: Point, radius: Double, fill: Color?, stroke: Color?, width: Double = 1) {
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        if let fill { self.fill(fill) }
        if let stroke { self.stroke(stroke, width: width) }
        cairo_new_path(cr)
    }

    /// Clips further drawing to the rectangle (pixels) until `resetClip()`.
    public func clip(x: Double, y: Double, width: Double, height: Double) {
        cairo_new_path(cr)
        cairo_rectangle(cr, x, y, width, height)
        cairo_clip(cr)
        cairo_new_path(cr)
    }

    public func resetClip() { cairo_reset_clip(cr) }

    /// Runs `body` with the origin moved to (x, y) pixels and lengths scaled by `scale`, clipped
    /// to the `width` × `height` cell (in the scaled units): how a contact sheet draws frames.
    public func inCell(x: Double, y: Double, scale: Double, width: Double, height: Double, _ body: () -> Void) {
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, scale, scale)
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_clip(cr)
        cairo_new_path(cr)
        body()
        cairo_restore(cr)
    }

    // MARK: Text

    /// How a text's reference point relates to its box.
    public enum TextAnchor: Sendable { case left, center, right }

    /// Draws `text` with its baseline at `y` (DejaVu Sans, `size` pixels), anchored at `x`;
    /// `rotated` turns it 90° counter-clockwise (for a vertical axis label).
    public func text(_ text: String, at p: Point, size: Double, color: Color = .black,
                     anchor: TextAnchor = .left, rotated: Bool = false) {
        cairo_set_font_size(cr, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        let shift: Double
        switch anchor {
        case .left: shift = 0
        case .center: shift = -extents.x_advance / 2
        case .right: shift = -extents.x_advance
        }
        cairo_save(cr)
        cairo_translate(cr, p.x, p.y)
        if rotated { cairo_rotate(cr, -Double.pi / 2) }
        setColor(color)
        cairo_move_to(cr, shift, 0)
        cairo_show_text(cr, text)
        cairo_restore(cr)
        cairo_new_path(cr)
    }

    /// The advance width of `text` at `size` pixels.
    public func textWidth(_ text: String, size: Double) -> Double {
        cairo_set_font_size(cr, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    // MARK: Output

    /// The encoded image. Call once, after drawing.
    public func encoded() throws(RenderError) -> Data {
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            throw RenderError("drawing failed: \(String(cString: cairo_status_to_string(cairo_status(cr))))")
        }
        switch format {
        case .png:
            cairo_surface_flush(surface)
            let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
            guard status == CAIRO_STATUS_SUCCESS else {
                throw RenderError("PNG encoding failed: \(String(cString: cairo_status_to_string(status)))")
            }
        case .svg:
            cairo_surface_finish(surface)
            return Canvas.namingMarkedElements(Canvas.renumberingSurfaceIDs(sink.data), ids: svgIDs)
        }
        return sink.data
    }

    /// cairo names SVG groups `surfaceN` from a process-wide counter, so the same drawing would
    /// differ with what the process drew before; renumber them 1, 2, … in order of appearance so
    /// a document depends only on its own content.
    static func renumberingSurfaceIDs(_ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        let key = "surface"
        var numbers: [Substring: Int] = [:]
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var rest = text[...]
        while let range = rest.range(of: key) {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty {
                let n = numbers[digits] ?? (numbers.count + 1)
                numbers[digits] = n
                out += String(n)
                rest = rest.dropFirst(digits.count)
            }
        }
        out += rest
        return Data(out.utf8)
    }

    /// `ids[i]` put on the first `<path` element styled `stroke-miterlimit:(11 + i)`, whose limit
    /// becomes cairo's default 10 again (the marks of ``stroke(_:width:dash:svgID:)``). XML-special
    /// characters of an id are escaped.
    static func namingMarkedElements(_ data: Data, ids: [String]) -> Data {
        guard !ids.isEmpty else { return data }
        var text = String(decoding: data, as: UTF8.self)
        for (i, id) in ids.enumerated() {
            let mark = "stroke-miterlimit:\(11 + i);"
            guard let at = text.range(of: mark),
                  let start = text.range(of: "<path ", options: .backwards, range: text.startIndex..<at.lowerBound) else { continue }
            let escaped = id.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;")
            text.replaceSubrange(at, with: "stroke-miterlimit:10;")
            text.replaceSubrange(start, with: "<path id=\"\(escaped)\" ")
        }
        return Data(text.utf8)
    }

    /// The pixels drawn so far (PNG canvases only).
    public func raster() -> RasterImage {
        precondition(format == .png, "raster() needs a PNG canvas")
        return RasterImage(surface: surface)
    }
}
