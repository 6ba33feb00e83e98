import ArcError
import _Support

/// The columns every arc-error command writes, in one place so `error`, `optimize` and `sweep`
/// agree.
///
/// Relative columns (radius 1; signed):
/// `k, segments, max_radial_error, t_at_max, min_radial_error, t_at_min, max_abs_radial_error,
/// rms_radial_error, rms_radial_error_angle, area_error, arc_length_error, max_tangent_error_deg,
/// max_curvature_error`, then `angle_at_max_deg, angle_at_min_deg, end_curvature_error`.
/// Radial errors are (|B| − r)/r, the area error (A − r²θ/2)/(r²θ/2), the arc-length error
/// (L − rθ)/(rθ), curvature errors κr − 1 (the maximum is the signed value where |κr − 1| is
/// largest; the end value is the same at both ends); angles are polar angles from the arc's start
/// in degrees, the tangent error max |ψ| in degrees.
///
/// With `--radius R`, absolute columns named by appending `_abs` (``AbsoluteArcErrors``): radial
/// columns ×R (length units), `area_error_abs` = A − R²θ/2 (area units), `arc_length_error_abs`
/// = L − Rθ (length), curvature columns (κ − 1/R, in 1/length). With `--sx/--sy`:
/// `ellipse_max_distance` (relative to r) and, with a radius, `ellipse_max_distance_abs`.
///
/// Device pixels (`error --radius R --pixels-per-unit S,…`, one row per scale): ``pixelHeader``,
/// `pixels_per_unit` then a `_px` twin of every absolute *distance* column — the radial columns,
/// `arc_length_error` and `ellipse_max_distance` — each exactly S × its `_abs` value (device
/// pixels when the shape is drawn at S pixels per unit). Area and curvature have no `_px` twin:
/// they are not lengths (they would scale as S² and 1/S).
package struct ArcErrorColumns {
    package var radius: Double?
    package var squash: (sx: Double, sy: Double)?

    package static let relative = ["max_radial_error", "t_at_max", "min_radial_error", "t_at_min", "max_abs_radial_error",
                           "rms_radial_error", "rms_radial_error_angle", "area_error", "arc_length_error",
                           "max_tangent_error_deg", "max_curvature_error",
                           "angle_at_max_deg", "angle_at_min_deg", "end_curvature_error"]
    package static let absolute = ["max_radial_error_abs", "min_radial_error_abs", "max_abs_radial_error_abs",
                           "rms_radial_error_abs", "rms_radial_error_angle_abs", "area_error_abs",
                           "arc_length_error_abs", "max_curvature_error_abs", "end_curvature_error_abs"]

    /// The absolute distance columns with a `_px` twin, in ``pixelHeader`` order.
    package static let pixelTwins = ["max_radial_error_abs", "min_radial_error_abs", "max_abs_radial_error_abs",
                             "rms_radial_error_abs", "rms_radial_error_angle_abs", "arc_length_error_abs",
                             "ellipse_max_distance_abs"]

    /// The columns for `radius` and the squash factors `--sx`, `--sy` (both or neither, as the
    /// declarations' rule has it), their ratio within ``SquashedCircle/largestAspectRatio``.
    package init(radius: Double?, sx: Given<Double>? = nil, sy: Given<Double>? = nil) throws(APIError) {
        self.radius = radius
        if let sx, let sy {
            guard sx.value / sy.value <= SquashedCircle.largestAspectRatio && sy.value / sx.value <= SquashedCircle.largestAspectRatio else {
                throw .usage("invalid --sx \(sx.text) --sy \(sy.text): the squash ratio sx/sy must be within 1e-12 … 1e12")
            }
            squash = (sx.value, sy.value)
        }
    }

    /// The columns the arc-error options ask for: `--radius` (at most
    /// ``AbsoluteArcErrors/maximumRadius`` for the absolute columns, ``absoluteColumnsRadius(_:)``)
    /// and `--sx`/`--sy`.
    package init(radius: Given<Double>?, sx: Given<Double>?, sy: Given<Double>?) throws(APIError) {
        try self.init(radius: try Self.absoluteColumnsRadius(radius), sx: sx, sy: sy)
    }

    /// `--radius` for the absolute columns (*_abs): at most ``AbsoluteArcErrors/maximumRadius``
    /// (the absolute area error grows as R²); nil when not given.
    package static func absoluteColumnsRadius(_ radius: Given<Double>?) throws(APIError) -> Double? {
        guard let radius else { return nil }
        guard radius.value <= AbsoluteArcErrors.maximumRadius else {
            throw .invalid("radius", radius.text, OptionValueError("at most 1e150 (the absolute area error grows as R²)"))
        }
        return radius.value
    }

    package var header: [String] {
        var h = ["k", "segments"] + ArcErrorColumns.relative
        if radius != nil { h += ArcErrorColumns.absolute }
        if squash != nil {
            h.append("ellipse_max_distance")
            if radius != nil { h.append("ellipse_max_distance_abs") }
        }
        return h
    }

    /// `pixels_per_unit` and the `_px` twins of the absolute distance columns this header has
    /// (none without a radius).
    package var pixelHeader: [String] {
        guard radius != nil else { return [] }
        let absolute = header
        return ["pixels_per_unit"] + Self.pixelTwins.filter { absolute.contains($0) }.map { $0.dropLast(4) + "_px" }
    }

    /// The ``pixelHeader`` figures of one (k, n) pair at `scale` pixels per unit: the scale, then
    /// scale × each twin's `_abs` value (the very number the `_abs` column holds).
    package func pixelValues(_ r: ArcErrorReport, segments: Int, scale: Double) -> [Double] {
        guard radius != nil else { return [] }
        let (names, all) = (header, values(r, segments: segments))
        return [scale] + Self.pixelTwins.compactMap { twin in names.firstIndex(of: twin).map { scale * all[$0] } }
    }

    /// The figures of one (k, n) pair as numbers, in header order.
    package func values(_ r: ArcErrorReport, segments: Int) -> [Double] {
        let degrees = 180 / Double.pi
        var v = [r.arc.startHandle, Double(segments),
                 r.radial.maximum, r.radial.tAtMaximum, r.radial.minimum, r.radial.tAtMinimum,
                 r.radial.maximumMagnitude, r.rmsRadialError, r.rmsRadialErrorInAngle, r.areaError,
                 r.arcLengthError, r.maximumTangentErrorDegrees, r.curvature.maximum,
                 r.radial.angleAtMaximum * degrees, r.radial.angleAtMinimum * degrees, r.curvature.atStart]
        if let radius {
            let a = r.scaled(toRadius: radius)
            v += [a.maximumRadialError, a.minimumRadialError, a.maximumRadialErrorMagnitude,
                  a.rmsRadialError, a.rmsRadialErrorInAngle, a.areaError, a.arcLengthError,
                  a.maximumCurvatureError, a.endCurvatureError]
        }
        if let squash {
            let d = SquashedCircle(segments: segments, handle: r.arc.startHandle, scaleX: squash.sx, scaleY: squash.sy)
                .maximumDistanceToEllipse
            v.append(d)
            if let radius { v.append(d * radius) }
        }
        return v
    }
}
