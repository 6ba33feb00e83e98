/// The figures of an ``ArcErrorReport`` at radius R, in the units of the drawing: lengths ×R,
/// the area error ×R² (the sector's area R²θ/2 times the relative area error), curvature errors
/// ÷R (κ − 1/R, in 1/length).
public struct AbsoluteArcErrors: Sendable, Equatable {
    /// The radius the figures are scaled to.
    public var radius: Double
    /// R·max e(t) and R·min e(t) (signed, length units).
    public var maximumRadialError: Double
    public var minimumRadialError: Double
    /// R·max |e(t)|.
    public var maximumRadialErrorMagnitude: Double
    /// R·√(∫₀¹ e² dt) and R·√((1/θ)∫ e² dφ).
    public var rmsRadialError: Double
    public var rmsRadialErrorInAngle: Double
    /// A − R²θ/2 (area units): the relative area error times R²θ/2.
    public var areaError: Double
    /// L − Rθ (length units): the relative arc-length error times Rθ.
    public var arcLengthError: Double
    /// κ − 1/R where |κR − 1| is largest, and at the ends (1/length).
    public var maximumCurvatureError: Double
    public var endCurvatureError: Double

    /// The largest radius accepted: the area error grows as R², which must stay finite
    /// (relative errors are at most about 1e2, so R² ≤ 1e300 keeps every figure finite).
    public static let maximumRadius = 1e150

    /// `report`'s figures at radius `radius` (positive, finite, at most ``maximumRadius``).
    public init(_ report: ArcErrorReport, radius: Double) {
        precondition(radius > 0 && radius <= Self.maximumRadius, "AbsoluteArcErrors: the radius must be in (0, 1e150]")
        let theta = report.arc.angle
        self.radius = radius
        maximumRadialError = report.radial.maximum * radius
        minimumRadialError = report.radial.minimum * radius
        maximumRadialErrorMagnitude = report.radial.maximumMagnitude * radius
        rmsRadialError = report.rmsRadialError * radius
        rmsRadialErrorInAngle = report.rmsRadialErrorInAngle * radius
        areaError = report.areaError * (radius * radius * theta / 2)
        arcLengthError = report.arcLengthError * (radius * theta)
        maximumCurvatureError = report.curvature.maximum / radius
        endCurvatureError = report.curvature.atStart / radius
    }
}

extension ArcErrorReport {
    /// These figures at radius `radius` (see ``AbsoluteArcErrors``).
    public func scaled(toRadius radius: Double) -> AbsoluteArcErrors { AbsoluteArcErrors(self, radius: radius) }
}
