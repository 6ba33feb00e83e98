import Foundation
import Geometry

/// A line/scatter chart with axes, ticks, labels and a legend, drawn through `Canvas` as PNG or
/// SVG. Used for error curves, throughput plots and magnifier legends.
public struct Chart: Sendable {
    public enum Scale: Sendable { case linear, logarithmic }

    public struct Series: Sendable {
        public enum Kind: Sendable { case line, scatter, lineWithMarkers }
        public var name: String
        public var points: [Point]
        public var kind: Kind
        public var color: Color?
        public var dashed: Bool

        public init(name: String, points: [Point], kind: Kind = .line, color: Color? = nil, dashed: Bool = false) {
            (self.name, self.points, self.kind, self.color, self.dashed) = (name, points, kind, color, dashed)
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var xScale: Scale = .linear
    public var yScale: Scale = .linear
    public var series: [Series]
    public var width = 800
    public var height = 500

    public init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        (self.title, self.xLabel, self.yLabel, self.series) = (title, xLabel, yLabel, series)
    }

    /// The plot area in pixels: left, top, right, bottom.
    var plotArea: (left: Double, top: Double, right: Double, bottom: Double) {
        (78, 44, Double(width) - 40, Double(height) - 56)
    }

    /// Points that can be drawn on the chosen scales: finite, and positive on a log axis.
    func drawable(_ p: Point) -> Bool {
        p.isFinite && (xScale == .linear || p.x > 0) && (yScale == .linear || p.y > 0)
    }

    /// The axis ranges (widened to whole ticks) and the tick values.
    func axes() -> (x: (Double, Double, [Double]), y: (Double, Double, [Double])) {
        let pts = series.flatMap(\.points).filter(drawable)
        func axis(_ values: [Double], _ scale: Scale) -> (Double, Double, [Double]) {
            let lo = values.min() ?? (scale == .linear ? 0 : 1), hi = values.max() ?? (scale == .linear ? 1 : 10)
            switch scale {
            case .linear: return AxisTicks.linear(lo, hi)
            case .logarithmic: return AxisTicks.logarithmic(lo, hi)
            }
        }
        return (axis(pts.map(\.x), xScale), axis(pts.map(\.y), yScale))
    }

    /// The map from data to pixels for the current axes.
    func pixel(_ p: Point, _ ax: (x: (Double, Double, [Double]), y: (Double, Double, [Double]))) -> Point {
        let area = plotArea
        func unit(_ v: Double, _ range: (Double, Double, [Double]), _ scale: Scale) -> Double {
            switch scale {
            case .linear: return (v - range.0) / (range.1 - range.0)
            case .logarithmic: return (log10(v) - log10(range.0)) / (log10(range.1) - log10(range.0))
            }
        }
        let ux = unit(p.x, ax.x, xScale), uy = unit(p.y, ax.y, yScale)
        return Point(area.left + ux * (area.right - area.left), area.bottom - uy * (area.bottom - area.top))
    }

    /// The chart encoded as PNG or SVG.
    public func render(_ format: ImageFormat) throws(RenderError) -> Data {
        let canvas = try Canvas(width: width, height: height, format: format)
        draw(on: canvas)
        return try canvas.encoded()
    }

    /// Draws the chart on an existing canvas of the chart's size.
    public func draw(on canvas: Canvas) {
        let ax = axes()
        let area = plotArea
        canvas.paint(.white)
        // Grid and ticks.
        for v in ax.x.2 {
            let x = pixel(Point(v, ax.y.2.first ?? 1), ax).x
            canvas.setPath(Path.polyline([Point(x, area.top), Point(x, area.bottom)]))
            canvas.stroke(.lightGray, width: 1)
            canvas.text(AxisTicks.label(v), at: Point(x, area.bottom + 18), size: 12, anchor: .center)
        }
        for v in ax.y.2 {
            let y = pixel(Point(ax.x.2.first ?? 1, v), ax).y
            canvas.setPath(Path.polyline([Point(area.left, y), Point(area.right, y)]))
            canvas.stroke(.lightGray, width: 1)
            canvas.text(AxisTicks.label(v), at: Point(area.left - 6, y + 4), size: 12, anchor: .right)
        }
        canvas.setPath(Path.polyline([Point(area.left, area.top), Point(area.left, area.bottom),
                                      Point(area.right, area.bottom)]))
        canvas.stroke(.black, width: 1.2)
        canvas.text(title, at: Point(Double(width) / 2, 26), size: 16, anchor: .center)
        canvas.text(xLabel, at: Point((area.left + area.right) / 2, Double(height) - 14), size: 13, anchor: .center)
        canvas.text(yLabel, at: Point(20, (area.top + area.bottom) / 2), size: 13, anchor: .center, rotated: true)
        // Series, clipped to the plot area.
        canvas.clip(x: area.left, y: area.top, width: area.right - area.left, height: area.bottom - area.top)
        for (i, s) in series.enumerated() {
            let color = s.color ?? Color.palette[i % Color.palette.count]
            let pts = s.points.filter(drawable).map { pixel($0, ax) }
            if s.kind != .scatter && pts.count >= 2 {
                canvas.setPath(Path.polyline(pts))
                canvas.stroke(color, width: 2, dash: s.dashed ? [7, 4] : [])
            }
            if s.kind != .line {
                for p in pts { canvas.dot(at: p, radius: 3.5, fill: color, stroke: nil) }
            }
        }
        canvas.resetClip()
        // Legend inside the plot area, in the corner that hides the least of the data (top
        // right on a tie).
        let named = series.enumerated().filter { !$0.element.name.isEmpty }
        guard !named.isEmpty else { return }
        let textWidth = named.map { canvas.textWidth($0.element.name, size: 12) }.max() ?? 0
        let boxWidth = textWidth + 46, boxHeight = Double(named.count) * 18 + 10
        let (x0, y0) = legendCorner(width: boxWidth, height: boxHeight, area: area, axes: ax)
        canvas.setPath(Path.polyline([Point(x0, y0), Point(x0 + boxWidth, y0), Point(x0 + boxWidth, y0 + boxHeight),
                                      Point(x0, y0 + boxHeight)], closed: true))
        canvas.fill(Color.white.withAlpha(0.9))
        canvas.stroke(.gray, width: 1)
        for (row, (i, s)) in named.enumerated() {
            let color = s.color ?? Color.palette[i % Color.palette.count]
            let y = y0 + 14 + Double(row) * 18
            if s.kind != .scatter {
                canvas.setPath(Path.polyline([Point(x0 + 8, y - 4), Point(x0 + 32, y - 4)]))
                canvas.stroke(color, width: 2, dash: s.dashed ? [7, 4] : [])
            }
            if s.kind != .line { canvas.dot(at: Point(x0 + 20, y - 4), radius: 3.5, fill: color, stroke: nil) }
            canvas.text(s.name, at: Point(x0 + 38, y), size: 12)
        }
    }

    /// The top-left corner of a `width` × `height` legend box: of the four corners of the plot
    /// area (8 pixels in), the one whose box covers the fewest samples of the series (each
    /// polyline sampled every few pixels), top right first on a tie.
    func legendCorner(width: Double, height: Double, area: (left: Double, top: Double, right: Double, bottom: Double),
                      axes ax: (x: (Double, Double, [Double]), y: (Double, Double, [Double]))) -> (Double, Double) {
        var samples: [Point] = []
        for s in series {
            let pts = s.points.filter(drawable).map { pixel($0, ax) }
            samples += pts
            guard s.kind != .scatter else { continue }
            for (p, q) in zip(pts, pts.dropFirst()) {
                let length = (q - p).length / 4
                let steps = length.isFinite ? Int(Swift.min(200, Swift.max(0, length))) : 0
                if steps > 1 { for k in 1..<steps { samples.append(p + (q - p) * (Double(k) / Double(steps))) } }
            }
        }
        let corners = [(area.right - width - 8, area.top + 8), (area.left + 8, area.top + 8),
                       (area.right - width - 8, area.bottom - height - 8), (area.left + 8, area.bottom - height - 8)]
        func covered(_ c: (Double, Double)) -> Int {
            samples.count { $0.x >= c.0 - 4 && $0.x <= c.0 + width + 4 && $0.y >= c.1 - 4 && $0.y <= c.1 + height + 4 }
        }
        var best = corners[0], fewest = covered(corners[0])
        for c in corners.dropFirst() where fewest > 0 {
            let n = covered(c)
            if n < fewest { (best, fewest) = (c, n) }
        }
        return best
    }
}
