import Foundation
import Geometry

/// Many frames on one sheet, in rows, each scaled to a thumbnail of `thumbnailWidth` pixels,
/// like a photographer's contact print: the whole animation at one glance.
public struct ContactSheet: Sendable {
    public var frames: [Frame]
    public var thumbnailWidth: Double
    /// Frames per row; 0 chooses ⌈√count⌉.
    public var columns: Int
    public var gap: Double = 6

    public init(frames: [Frame], thumbnailWidth: Double = 160, columns: Int = 0) {
        (self.frames, self.thumbnailWidth, self.columns) = (frames, thumbnailWidth, columns)
    }

    /// Columns, rows, the thumbnails' scale and height and the sheet's pixel size. The
    /// thumbnails are `thumbnailWidth` wide unless the sheet would then exceed
    /// `Canvas.maximumSide` on a side (many frames, or very tall or wide ones): then they shrink,
    /// keeping their aspect, until it fits — the sheet always exists, at a smaller scale.
    var layout: (columns: Int, rows: Int, scale: Double, cellWidth: Double, cellHeight: Double, width: Int, height: Int) {
        let n = max(1, frames.count)
        let cols = columns > 0 ? columns : Int(Double(n).squareRoot().rounded(.up))
        let rows = (n + cols - 1) / cols
        let first = frames.first
        let aspect = Double(first?.height ?? 1) / Double(max(1, first?.width ?? 1))
        // Largest thumbnail width w with cols·(w + gap) + gap ≤ max and rows·(w·aspect + gap) + gap ≤ max
        // (a pixel of margin for the rounding up).
        let limit = Double(Canvas.maximumSide) - 1
        let fitsWidth = (limit - gap) / Double(cols) - gap
        let fitsHeight = ((limit - gap) / Double(rows) - gap) / aspect
        let cellWidth = max(0.01, min(thumbnailWidth, fitsWidth, fitsHeight))
        let scale = cellWidth / Double(max(1, first?.width ?? 1))
        let cellHeight = Double(first?.height ?? 1) * scale
        let width = Int((Double(cols) * (cellWidth + gap) + gap).rounded(.up))
        let height = Int((Double(rows) * (cellHeight + gap) + gap).rounded(.up))
        return (cols, rows, scale, cellWidth, cellHeight, width, height)
    }

    /// The sheet as PNG or SVG (see ``layout`` for its size: never over `Canvas.maximumSide`).
    public func render(_ format: ImageFormat) throws(RenderError) -> Data {
        let l = layout
        let canvas = try Canvas(width: l.width, height: l.height, format: format)
        canvas.paint(Color.lightGray)
        for (i, frame) in frames.enumerated() {
            let x = gap + Double(i % l.columns) * (l.cellWidth + gap)
            let y = gap + Double(i / l.columns) * (l.cellHeight + gap)
            canvas.inCell(x: x, y: y, scale: l.scale, width: Double(frame.width), height: Double(frame.height)) {
                frame.draw(on: canvas)
            }
        }
        return try canvas.encoded()
    }
}
