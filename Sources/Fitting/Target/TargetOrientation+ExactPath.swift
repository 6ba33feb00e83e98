import Geometry

extension TargetOrientation {
    /// `path` in model space, as ``modelSpace(_:)-(Path)`` maps a `Path`: its arcs' maps
    /// composed with the reflection, so they stay exact.
    public func modelSpace(_ path: ExactPath) -> ExactPath {
        self == .yUp ? path : path.transformed(by: .flipY)
    }
}
