import Geometry

/// Which way the y axis of a target's coordinates points, and the one flip that brings y-down
/// coordinates into BezierTune's model space (y-up, the ball's bottom point at the origin; see
/// DESIGN.md, "Coordinates").
///
/// Every target format has its own default (``TargetFormat/defaultOrientation``): SVG documents
/// and SVG path data are y-down, as SVG 1.1 §7.3 defines the initial user coordinate system
/// (y grows downwards), so they are flipped unless the caller says they are y-up; CSV point
/// lists are taken as model space unless the caller says they are y-down (screen coordinates).
/// Every reader in ``TargetOutline`` takes one optional `orientation`; nil means the format's
/// default.
public enum TargetOrientation: Sendable, Hashable, CaseIterable {
    /// y grows upwards: model space, kept as written.
    case yUp
    /// y grows downwards: screen and SVG space, reflected by y ↦ −y into model space.
    case yDown

    /// `path` in model space: as given when `yUp`; when `yDown`, its image under the reflection
    /// y ↦ −y (``AffineTransform/flipY``, its own inverse).
    public func modelSpace(_ path: Path) -> Path {
        self == .yUp ? path : path.transformed(by: .flipY)
    }

    /// `points` in model space: as given when `yUp`; when `yDown`, the same reflection y ↦ −y,
    /// computed as an exact negation of each y (x and y keep their bits otherwise).
    public func modelSpace(_ points: [Point]) -> [Point] {
        self == .yUp ? points : points.map { Point($0.x, -$0.y) }
    }
}
