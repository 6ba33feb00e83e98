import ArcError

/// `beztune error-curve`'s samples of one arc segment: t = i/(S − 1), i = 0…S−1 (the last exactly
/// 1), the polar angle of B(t) from the arc's start in degrees, and the radial error
/// (|B(t)| − r)/r.
package struct ErrorCurve {
    package var t: [Double] = []
    package var angleDegrees: [Double] = []
    package var radialError: [Double] = []

    /// `samples` (≥ 2) samples of `arc`.
    package init(_ arc: CircularArc, samples: Int) {
        precondition(samples >= 2, "ErrorCurve: at least two samples")
        for i in 0..<samples {
            let t = i == samples - 1 ? 1.0 : Double(i) / Double(samples - 1)
            let angle = t == 0 ? 0 : t == 1 ? arc.angle : arc.polarAngle(at: t)
            self.t.append(t)
            angleDegrees.append(angle * 180 / Double.pi)
            radialError.append(arc.radialError(at: t))
        }
    }
}
