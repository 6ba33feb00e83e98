/// Every error figure of one arc approximation, for radius 1 (so each figure is relative: radial
/// and arc-length errors to r, the area error to the sector area r²θ/2, curvature errors to
/// 1/r; the tangent error is an angle in degrees). Multiply by r (r² for the area, 1/r for
/// curvature) to get absolute values.
public struct ArcErrorReport: Sendable, Equatable {
    public enum Method: Sendable {
        /// Closed forms where they exist, the fixed-rule integral kernel when the arc is in its
        /// verified region (``ArcIntegrals/fast(_:angle:extrema:)``), adaptive quadrature otherwise.
        case automatic
        /// The general methods only: root isolation for every extremum, adaptive quadrature for
        /// every integral. The slow, obviously correct twin of `.automatic`.
        case general
    }

    public var arc: CircularArc
    /// Extremes of e(t) = |B(t)| − 1 and where they occur.
    public var radial: RadialExtrema
    /// √(∫₀¹ e² dt).
    public var rmsRadialError: Double
    /// √((1/θ)∫ e² dφ), uniformly in polar angle.
    public var rmsRadialErrorInAngle: Double
    /// (A − θ/2)/(θ/2), see ``CircularArc/areaError``.
    public var areaError: Double
    /// (L − θ)/θ.
    public var arcLengthError: Double
    /// max |ψ(t)| in degrees, see ``CircularArc/tangentError(at:)``.
    public var maximumTangentErrorDegrees: Double
    /// κr − 1 at the ends and its signed value where |κr − 1| is largest.
    public var curvature: CurvatureErrorFigures

    public init(_ arc: CircularArc, method: Method = .automatic) {
        self.arc = arc
        let integrals: ArcIntegrals
        switch method {
        case .general:
            radial = arc.radialExtremaByRootIsolation
            integrals = ArcIntegrals.exact(arc)
            maximumTangentErrorDegrees = arc.maximumTangentErrorDegreesByRootIsolation
            curvature = arc.curvatureErrorFiguresByRootIsolation
        case .automatic where arc.isSymmetric:
            let forms = SymmetricArcForms(arc)
            radial = arc.symmetricRadialExtrema(forms)
            integrals = ArcIntegrals.fast(forms, angle: arc.angle, extrema: radial) ?? ArcIntegrals.exact(arc)
            maximumTangentErrorDegrees = arc.symmetricMaximumTangentErrorDegrees(forms)
            curvature = arc.symmetricCurvatureErrorFigures(forms)
        case .automatic:
            radial = arc.radialExtremaByRootIsolation
            integrals = ArcIntegrals.exact(arc)
            maximumTangentErrorDegrees = arc.maximumTangentErrorDegreesByRootIsolation
            curvature = arc.curvatureErrorFiguresByRootIsolation
        }
        rmsRadialError = integrals.rmsRadialError
        rmsRadialErrorInAngle = integrals.rmsRadialErrorInAngle
        arcLengthError = integrals.arcLengthError
        areaError = arc.areaError
    }
}
