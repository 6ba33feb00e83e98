import Geometry

extension TargetOutline {
    /// The same points upside down: each y replaced by (min y + max y) − y, the reflection in
    /// the horizontal line through the middle of the bounding box, so the box stays where it is.
    /// The outline is the closed polygon through the mirrored points.
    ///
    /// A CSV point list read in the wrong orientation (y-down screen points taken as y-up model
    /// space) is the mirror image of what was meant: when the mirrored target fits a model much
    /// better than the target itself, the points were most likely y-down.
    public func mirroredVertically() throws(TargetError) -> TargetOutline {
        let box = boundingBox
        let c = box.minY + box.maxY
        return try TargetOutline(points: points.map { Point($0.x, c - $0.y) })
    }
}
