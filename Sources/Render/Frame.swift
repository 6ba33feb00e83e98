import Foundation
import Geometry

/// One picture of shapes in model space (y-up), drawn like the seed articles' figures: filled
/// and stroked paths, guide points (anchors filled, control points hollow) and guide lines
/// (handles), labels, a target outline against a fitted one with residual whiskers, a light
/// grid and a scale bar. Rendered as PNG or SVG through `Canvas`.
///
/// Model space maps to pixels by a uniform scale with y flipped (so y-up shapes appear upright),
/// the view box (or, by default, the content's bounds) centred inside the margins.
public struct Frame: Sendable {
    public var width: Int
    public var height: Int
    /// Space around the view box, in pixels.
    public var margin: Double = 32
    /// The model-space rectangle to show; nil fits the content.
    public var viewBox: Rect?
    public var background: Color = .white
    /// A light grid at nice model-space spacing behind everything.
    public var grid = false
    /// A scale bar with its length in model units, bottom left.
    public var scaleBar = false
    public var layers: [FrameLayer] = []

    public init(width: Int = 640, height: Int = 640, layers: [FrameLayer] = []) {
        (self.width, self.height, self.layers) = (width, height, layers)
    }

    /// The model-space rectangle every layer's geometry lies in (anchors and control points).
    public var contentBounds: Rect? {
        var box: Rect?
        func add(_ p: Point) {
            guard p.isFinite else { return }
            if box == nil { box = Rect(point: p) } else { box?.formUnion(with: p) }
        }
        for layer in layers {
            switch layer {
            case .shape(let path, _), .guides(let path, _):
                if let b = path.boundingBox { add(Point(b.minX, b.minY)); add(Point(b.maxX, b.maxY)) }
                if case .guides = layer { path.points.forEach(add) }
            case .points(let pts, _, _): pts.forEach(add)
            case .whiskers(let pairs, _): pairs.forEach { add($0.from); add($0.to) }
            case .label, .legend: break
            }
        }
        return box
    }

    /// The map from model space to pixels: x ↦ e + s·x, y ↦ f − s·y with one scale s for both
    /// axes, fitting `viewBox` (or the content, or the unit square when empty) inside the
    /// margins and centring it.
    public var modelToPixel: Geometry.AffineTransform {
        var box = viewBox ?? contentBounds ?? Rect(minX: 0, minY: 0, maxX: 1, maxY: 1)
        if box.width <= 0 && box.height <= 0 {
            box = Rect(minX: box.minX - 0.5, minY: box.minY - 0.5, maxX: box.maxX + 0.5, maxY: box.maxY + 0.5)
        }
        let availableX = max(1, Double(width) - 2 * margin), availableY = max(1, Double(height) - 2 * margin)
        let s = min(box.width > 0 ? availableX / box.width : .infinity, box.height > 0 ? availableY / box.height : .infinity)
        let c = box.center
        return Geometry.AffineTransform(a: s, b: 0, c: 0, d: -s, e: Double(width) / 2 - s * c.x, f: Double(height) / 2 + s * c.y)
    }

    /// The frame encoded as PNG or SVG.
    public func render(_ format: ImageFormat) throws(RenderError) -> Data {
        let canvas = try Canvas(width: width, height: height, format: format)
        draw(on: canvas)
        return try canvas.encoded()
    }

    /// Draws the frame on a canvas of its size.
    public func draw(on canvas: Canvas) {
        let m = modelToPixel
        canvas.paint(background)
        if grid || scaleBar { drawGridAndScale(on: canvas, m) }
        var labelLine = 0
        for layer in layers {
            switch layer {
            case .shape(let path, let style):
                canvas.setPath(path.transformed(by: m))
                if let fill = style.fill { canvas.fill(fill) }
                if let stroke = style.stroke { canvas.stroke(stroke, width: style.width, dash: style.dash, svgID: style.id) }
            case .guides(let path, let color):
                drawGuides(path, color, on: canvas, m)
            case .points(let pts, let color, let radius):
                for p in pts where p.isFinite { canvas.dot(at: m.apply(to: p), radius: radius, fill: color, stroke: nil) }
            case .whiskers(let pairs, let color):
                for w in pairs where w.from.isFinite && w.to.isFinite {
                    canvas.setPath(.polyline([m.apply(to: w.from), m.apply(to: w.to)]))
                    canvas.stroke(color, width: 1)
                }
            case .label(let text):
                canvas.text(text, at: Point(12, 22 + 18 * Double(labelLine)), size: 14, color: .black)
                labelLine += 1
            case .legend(let entries):
                for (row, entry) in entries.enumerated() {
                    let y = Double(height) - 14 - 20 * Double(entries.count - 1 - row)
                    canvas.setPath(.polyline([Point(12, y - 5), Point(36, y - 5)]))
                    canvas.stroke(entry.color, width: 3)
                    canvas.text(entry.text, at: Point(44, y), size: 13, color: .black)
                }
            }
        }
    }

    /// Handles as thin lines from each anchor to its control points, anchors as filled dots,
    /// control points as hollow circles, at their transformed positions.
    func drawGuides(_ path: Path, _ color: Color, on canvas: Canvas, _ m: Geometry.AffineTransform) {
        var anchors: [Point] = [], controls: [Point] = []
        for s in path.segments {
            switch s {
            case .line(let l): anchors += [l.p0, l.p1]
            case .quadratic(let q):
                anchors += [q.p0, q.p2]
                controls.append(q.p1)
                canvas.setPath(.polyline([q.p0, q.p1, q.p2].map(m.apply)))
                canvas.stroke(color.withAlpha(0.6), width: 1)
            case .cubic(let c):
                anchors += [c.p0, c.p3]
                controls += [c.p1, c.p2]
                canvas.setPath(.polyline([c.p0, c.p1].map(m.apply)))
                canvas.stroke(color.withAlpha(0.6), width: 1)
                canvas.setPath(.polyline([c.p3, c.p2].map(m.apply)))
                canvas.stroke(color.withAlpha(0.6), width: 1)
            }
        }
        for p in controls { canvas.dot(at: m.apply(to: p), radius: 3.5, fill: .white, stroke: color, width: 1.5) }
        for p in anchors { canvas.dot(at: m.apply(to: p), radius: 3.5, fill: color, stroke: nil) }
    }

    /// Grid lines at nice model-space spacing over the visible area, and a scale bar of a nice
    /// length about a fifth of the width.
    func drawGridAndScale(on canvas: Canvas, _ m: Geometry.AffineTransform) {
        guard let inverse = m.inverted else { return }
        let topLeft = inverse.apply(to: Point(0, 0)), bottomRight = inverse.apply(to: Point(Double(width), Double(height)))
        let xs = AxisTicks.linear(topLeft.x, bottomRight.x, target: 10).ticks
        let ys = AxisTicks.linear(bottomRight.y, topLeft.y, target: 10).ticks
        if grid {
            for x in xs {
                canvas.setPath(.polyline([m.apply(to: Point(x, topLeft.y)), m.apply(to: Point(x, bottomRight.y))]))
                canvas.stroke(Color.lightGray, width: x == 0 ? 1.5 : 0.75)
            }
            for y in ys {
                canvas.setPath(.polyline([m.apply(to: Point(topLeft.x, y)), m.apply(to: Point(bottomRight.x, y))]))
                canvas.stroke(Color.lightGray, width: y == 0 ? 1.5 : 0.75)
            }
        }
        if scaleBar {
            let length = AxisTicks.niceNumber((bottomRight.x - topLeft.x) / 5, round: true)
            let pixels = length * m.a
            let y = Double(height) - 14, x0 = 14.0
            canvas.setPath(.polyline([Point(x0, y - 4), Point(x0, y), Point(x0 + pixels, y), Point(x0 + pixels, y - 4)]))
            canvas.stroke(.black, width: 1.5)
            canvas.text(AxisTicks.label(length), at: Point(x0 + pixels / 2, y - 6), size: 12, anchor: .center)
        }
    }
}

/// One layer of a `Frame`, drawn in order.
public enum FrameLayer: Sendable {
    /// A path, filled and/or stroked.
    case shape(Path, ShapeStyle)
    /// The path's anchors (filled), control points (hollow) and handles (lines).
    case guides(Path, Color)
    /// Dots of a radius in pixels (e.g. target points).
    case points([Point], Color, radius: Double)
    /// Short lines, e.g. from each target point to its nearest point on a fitted curve.
    case whiskers([Whisker], Color)
    /// A line of text, stacked from the top left.
    case label(String)
    /// Colour swatches with their texts, stacked from the bottom left.
    case legend([LegendEntry])
}

/// One line of a frame's legend.
public struct LegendEntry: Sendable, Hashable {
    public var text: String
    public var color: Color
    public init(_ text: String, _ color: Color) { (self.text, self.color) = (text, color) }
}

/// How a shape is painted: fill and stroke colours (nil: none), stroke width in pixels, dashes.
public struct ShapeStyle: Sendable {
    public var fill: Color?
    public var stroke: Color?
    public var width: Double
    public var dash: [Double]
    /// In an SVG picture, the `id` of the stroked shape's element (so a reader can select it,
    /// e.g. `beztune fit --target picture.svg --select fit`); ignored in PNG and without a stroke.
    public var id: String?

    public init(fill: Color? = nil, stroke: Color? = .black, width: Double = 2, dash: [Double] = [], id: String? = nil) {
        (self.fill, self.stroke, self.width, self.dash, self.id) = (fill, stroke, width, dash, id)
    }
}

/// A residual whisker from a point to another (model space).
public struct Whisker: Sendable, Hashable {
    public var from: Point
    public var to: Point
    public init(from: Point, to: Point) { (self.from, self.to) = (from, to) }
}
