import Geometry
import _Support

/// The outline of one basic shape or `<path>` in its own user coordinates, as SVG 2 defines each
/// by an equivalent path (SVG 2 §10.1–10.7; §9 for `d`):
///
/// - `rect`: M x+rx,y H x+w−rx A rx,ry 0 0 1 x+w,y+ry V y+h−ry A … x+w−rx,y+h H x+rx
///   A … x,y+h−ry V y+ry A … x+rx,y Z, and without the arcs when rx or ry is 0. rx and ry follow
///   SVG 2 §10.2's steps: a missing or `auto` one takes the other's value (both missing: 0),
///   then rx is clamped to w/2 and ry to h/2. Zero-length sides are left out.
/// - `circle`: M cx+r,cy and four quarter arcs through (cx, cy+r), (cx−r, cy), (cx, cy−r)
///   back to the start, Z (SVG 2 §10.3); `ellipse` the same with rx, ry, a missing or `auto`
///   radius taking the other's value (SVG 2 §10.4).
/// - `line`: M x1,y1 L x2,y2 (open). `polyline`: M p₁ L p₂ … (open); `polygon` the same, closed.
/// - `path`: its `d` (`Path(svgPathData:arcs:)`).
///
/// Every arc becomes cubics by `arcs`; their joints with the sides are the exact corner points.
/// Beside that drawn path, each outline keeps its arcs exact (`ExactPath`, the arcs as
/// `AffineEllipticalArc`s of the same centre, radii and angles).
/// Lengths take units and percentages of `viewport` (`SVGLength`). A width, height or radius of
/// 0 (or missing), fewer than two points, or empty `d` disable rendering (nil); a negative
/// width, height or radius, an odd number of coordinates, a malformed value and NaN or infinite
/// numbers are errors naming the attribute. `Path` has no arcs, so the result also says whether
/// any were approximated (a caller then picks the tolerance for the shape's size).
enum SVGShapeGeometry {
    struct Outline {
        var path: Path
        var hasArcs: Bool
        /// The same outline with every arc exact (`ExactPath`).
        var exact: ExactPath
    }

    static func outline(of e: SVGXMLDocument.Element, viewport: SVGViewportSize,
                        arcs: SVGArcApproximation) throws(SVGReadError) -> Outline? {
        /// The attribute in user units, nil when missing (or `auto` for rx and ry).
        func optionalLength(_ name: String, _ axis: SVGLength.Axis) throws(SVGReadError) -> Double? {
            guard let text = e.attribute(name), !((name == "rx" || name == "ry") && text.trimmingWhitespace == "auto") else { return nil }
            do throws(SVGValueError) {
                return try SVGLength(parsing: text).userUnits(axis: axis, viewport: viewport)
            } catch {
                throw SVGDrawingWalker.attributeError(e, name, text, error.message)
            }
        }
        /// The attribute in user units, 0 when missing.
        func length(_ name: String, _ axis: SVGLength.Axis) throws(SVGReadError) -> Double {
            try optionalLength(name, axis) ?? 0
        }
        func nonNegative(_ name: String, _ v: Double?) throws(SVGReadError) -> Double? {
            guard let v else { return nil }
            if v < 0 { throw SVGDrawingWalker.attributeError(e, name, e.attribute(name) ?? "", "is negative") }
            return v
        }
        switch e.localName {
        case "path":
            guard let d = e.attribute("d"), !d.trimmingWhitespace.isEmpty else { return nil }
            do throws(SVGPathError) {
                let (path, exact) = try ExactPath.parsing(svgPathData: d, arcs: arcs)
                return Outline(path: path, hasArcs: d.utf8.contains { $0 == UInt8(ascii: "A") || $0 == UInt8(ascii: "a") },
                               exact: exact)
            } catch {
                throw SVGDrawingWalker.attributeError(e, "d", nil, error.description)
            }
        case "rect":
            let x = try length("x", .horizontal), y = try length("y", .vertical)
            guard let w = try nonNegative("width", optionalLength("width", .horizontal)),
                  let h = try nonNegative("height", optionalLength("height", .vertical)), w > 0, h > 0 else { return nil }
            var rx = try nonNegative("rx", optionalLength("rx", .horizontal))
            var ry = try nonNegative("ry", optionalLength("ry", .vertical))
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            let cornerX = min(rx ?? 0, w / 2), cornerY = min(ry ?? 0, h / 2)
            let (path, exact) = roundedRectangle(x: x, y: y, width: w, height: h, rx: cornerX, ry: cornerY, arcs: arcs)
            return Outline(path: path, hasArcs: cornerX > 0 && cornerY > 0, exact: exact)
        case "circle", "ellipse":
            let cx = try length("cx", .horizontal), cy = try length("cy", .vertical)
            var rx: Double?, ry: Double?
            if e.localName == "circle" {
                rx = try nonNegative("r", optionalLength("r", .other))
                ry = rx
            } else {
                rx = try nonNegative("rx", optionalLength("rx", .horizontal))
                ry = try nonNegative("ry", optionalLength("ry", .vertical))
                if rx == nil { rx = ry }
                if ry == nil { ry = rx }
            }
            guard let rx, let ry, rx > 0, ry > 0 else { return nil }
            let (path, exact) = ellipse(center: Point(cx, cy), rx: rx, ry: ry, arcs: arcs)
            return Outline(path: path, hasArcs: true, exact: exact)
        case "line":
            let p = Point(try length("x1", .horizontal), try length("y1", .vertical))
            let q = Point(try length("x2", .horizontal), try length("y2", .vertical))
            var path = Path()
            path.move(to: p)
            path.line(to: q)
            return Outline(path: path, hasArcs: false, exact: ExactPath(path))
        case "polyline", "polygon":
            guard let text = e.attribute("points") else { return nil }
            var s = SVGNumberScanner(text)
            var numbers: [Double] = []
            s.skipWhitespace()
            while !s.atEnd {
                if !numbers.isEmpty { s.skipCommaWhitespace() }
                do throws(SVGValueError) {
                    numbers.append(try s.number())
                } catch {
                    throw SVGDrawingWalker.attributeError(e, "points", text, "at offset \(s.position): \(error.message)")
                }
                s.skipWhitespace()
            }
            guard numbers.count % 2 == 0 else {
                throw SVGDrawingWalker.attributeError(e, "points", text, "has an odd number of coordinates (\(numbers.count))")
            }
            guard numbers.count >= 4 else { return nil }
            var path = Path()
            path.move(to: Point(numbers[0], numbers[1]))
            for k in stride(from: 2, to: numbers.count, by: 2) { path.line(to: Point(numbers[k], numbers[k + 1])) }
            if e.localName == "polygon" { path.close() }
            return Outline(path: path, hasArcs: false, exact: ExactPath(path))
        default:
            return nil
        }
    }

    /// SVG 2 §10.2's path for a rectangle with corner radii rx, ry (0 ≤ rx ≤ w/2, 0 ≤ ry ≤ h/2),
    /// and the same with its corners exact.
    static func roundedRectangle(x: Double, y: Double, width w: Double, height h: Double,
                                 rx: Double, ry: Double, arcs: SVGArcApproximation) -> (Path, ExactPath) {
        var path = Path()
        guard rx > 0, ry > 0 else {
            path.move(to: Point(x, y))
            path.line(to: Point(x + w, y))
            path.line(to: Point(x + w, y + h))
            path.line(to: Point(x, y + h))
            path.close()
            return (path, ExactPath(path))
        }
        var runs: [ExactPath.ArcRun] = []
        var count = 0
        let left = x, right = x + w, top = y, bottom = y + h
        let innerLeft = x + rx, innerRight = x + w - rx, innerTop = y + ry, innerBottom = y + h - ry
        path.move(to: Point(innerLeft, top))
        func side(to p: Point) {
            if path.currentPoint != p {
                path.line(to: p)
                count += 1
            }
        }
        func corner(center: Point, from theta: Double, to end: Point) {
            appendArc(&path, EllipticalArc(center: center, radiusX: rx, radiusY: ry, startAngle: theta, sweepAngle: Double.pi / 2),
                      end: end, arcs: arcs, runs: &runs, count: &count)
        }
        side(to: Point(innerRight, top))
        corner(center: Point(innerRight, innerTop), from: -Double.pi / 2, to: Point(right, innerTop))
        side(to: Point(right, innerBottom))
        corner(center: Point(innerRight, innerBottom), from: 0, to: Point(innerRight, bottom))
        side(to: Point(innerLeft, bottom))
        corner(center: Point(innerLeft, innerBottom), from: Double.pi / 2, to: Point(left, innerBottom))
        side(to: Point(left, innerTop))
        corner(center: Point(innerLeft, innerTop), from: Double.pi, to: Point(innerLeft, top))
        path.close()
        return (path, ExactPath(path, replacing: runs))
    }

    /// SVG 2 §10.3–10.4's path for an ellipse: four quarter arcs clockwise on screen (increasing
    /// angle in y-down coordinates) from (cx + rx, cy), and the same with its arcs exact.
    static func ellipse(center c: Point, rx: Double, ry: Double, arcs: SVGArcApproximation) -> (Path, ExactPath) {
        var path = Path()
        var runs: [ExactPath.ArcRun] = []
        var count = 0
        let ends = [Point(c.x, c.y + ry), Point(c.x - rx, c.y), Point(c.x, c.y - ry), Point(c.x + rx, c.y)]
        path.move(to: ends[3])
        for k in 0..<4 {
            let arc = EllipticalArc(center: c, radiusX: rx, radiusY: ry, startAngle: Double(k) * Double.pi / 2, sweepAngle: Double.pi / 2)
            appendArc(&path, arc, end: ends[k], arcs: arcs, runs: &runs, count: &count)
        }
        path.close()
        return (path, ExactPath(path, replacing: runs))
    }

    /// The arc's cubics from the path's current point to exactly `end`; `runs` gains the arc
    /// (over segments `count`…), `count` the number of cubics.
    private static func appendArc(_ path: inout Path, _ arc: EllipticalArc, end: Point, arcs: SVGArcApproximation,
                                  runs: inout [ExactPath.ArcRun], count: inout Int) {
        let pieces = arc.cubics(arcs)
        runs.append(ExactPath.ArcRun(first: count, count: pieces.count, arc: AffineEllipticalArc(arc)))
        count += pieces.count
        for (k, piece) in pieces.enumerated() {
            path.cubic(to: k == pieces.count - 1 ? end : piece.p3, control1: piece.p1, control2: piece.p2)
        }
    }
}
