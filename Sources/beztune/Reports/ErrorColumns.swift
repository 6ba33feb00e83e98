import ArcError
import DataFiles
import Foundation
import _ArgumentParser

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
struct ErrorColumns {
    var radius: Double?
    var squash: (sx: Double, sy: Double)?

    static let relative = ["max_radial_error", "t_at_max", "min_radial_error", "t_at_min", "max_abs_radial_error",
                           "rms_radial_error", "rms_radial_error_angle", "area_error", "arc_length_error",
                           "max_tangent_error_deg", "max_curvature_error",
                           "angle_at_max_deg", "angle_at_min_deg", "end_curvature_error"]
    static let absolute = ["max_radial_error_abs", "min_radial_error_abs", "max_abs_radial_error_abs",
                           "rms_radial_error_abs", "rms_radial_error_angle_abs", "area_error_abs",
                           "arc_length_error_abs", "max_curvature_error_abs", "end_curvature_error_abs"]

    /// The absolute distance columns with a `_px` twin, in ``pixelHeader`` order.
    static let pixelTwins = ["max_radial_error_abs", "min_radial_error_abs", "max_abs_radial_error_abs",
                             "rms_radial_error_abs", "rms_radial_error_angle_abs", "arc_length_error_abs",
                             "ellipse_max_distance_abs"]

    /// The columns for `radius` and the squash factors `--sx`, `--sy` (both or neither, as the
    /// declarations' rule has it), their ratio within ``SquashedCircle/largestAspectRatio``.
    init(radius: Double?, sx: Given<Double>? = nil, sy: Given<Double>? = nil) throws(CLIError) {
        self.radius = radius
        if let sx, let sy {
            guard sx.value / sy.value <= SquashedCircle.largestAspectRatio && sy.value / sx.value <= SquashedCircle.largestAspectRatio else {
                throw .usage("invalid --sx \(sx.text) --sy \(sy.text): the squash ratio sx/sy must be within 1e-12 … 1e12")
            }
            squash = (sx.value, sy.value)
        }
    }

    /// The columns the arc-error options ask for: `--radius` (at most
    /// ``AbsoluteArcErrors/maximumRadius`` for the absolute columns) and `--sx`/`--sy`.
    init(_ arc: ArcErrorChoices) throws {
        try self.init(radius: arc.absoluteColumnsRadius(), sx: arc.sx, sy: arc.sy)
    }

    var header: [String] {
        var h = ["k", "segments"] + ErrorColumns.relative
        if radius != nil { h += ErrorColumns.absolute }
        if squash != nil {
            h.append("ellipse_max_distance")
            if radius != nil { h.append("ellipse_max_distance_abs") }
        }
        return h
    }

    /// `pixels_per_unit` and the `_px` twins of the absolute distance columns this header has
    /// (none without a radius).
    var pixelHeader: [String] {
        guard radius != nil else { return [] }
        let absolute = Set(header)
        return ["pixels_per_unit"] + Self.pixelTwins.filter(absolute.contains).map { $0.dropLast(4) + "_px" }
    }

    /// The ``pixelHeader`` figures of one (k, n) pair at `scale` pixels per unit: the scale, then
    /// scale × each twin's `_abs` value (the very number the `_abs` column holds).
    func pixelValues(_ r: ArcErrorReport, segments: Int, scale: Double) -> [Double] {
        guard radius != nil else { return [] }
        let all = Dictionary(uniqueKeysWithValues: zip(header, values(r, segments: segments)))
        return [scale] + Self.pixelTwins.compactMap { all[$0] }.map { scale * $0 }
    }

    /// The figures of one (k, n) pair as numbers, in header order.
    func values(_ r: ArcErrorReport, segments: Int) -> [Double] {
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

    /// CSV fields: `segments` as an integer, every other value in round-trip form.
    func fields(_ r: ArcErrorReport, segments: Int) -> [CSVField] {
        values(r, segments: segments).enumerated().map { i, x in i == 1 ? .int(segments) : .double(x) }
    }

    /// The terminal row of a report: k in round-trip form, the segment count, every other value
    /// to 6 significant digits.
    func displayed(_ r: ArcErrorReport, segments: Int) -> [String] {
        values(r, segments: segments).enumerated().map { i, x in
            i == 0 ? CSVField.format(x) : i == 1 ? String(segments) : Self.display(x)
        }
    }

    /// A figure on the terminal: 6 significant digits, `0` for zero.
    static func display(_ x: Double) -> String { x == 0 ? "0" : String(format: "%.6g", x) }
}
