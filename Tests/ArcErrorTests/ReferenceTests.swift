import ArcError
import Foundation
import Testing

@Suite("agreement with the mpmath reference (50 digits)")
struct ReferenceTests {
    /// Every figure of every committed case within 1e-12·|ref| + 1e-15, t within 1e-8, for both
    /// the automatic (closed-form / fast) method and the general one.
    @Test("every figure of every case", arguments: [ArcErrorReport.Method.automatic, .general])
    func everyFigure(method: ArcErrorReport.Method) throws {
        let rows = try ReferenceData.table("reference-cases.csv")
        #expect(rows.count > 150)
        var worst: [String: Double] = [:]
        for row in rows {
            let arc = CircularArc(segments: row.int("segments"), startHandle: row.double("k1"), endHandle: row.double("k2"))
            let r = ArcErrorReport(arc, method: method)
            let label = "k1=\(row["k1"]!) k2=\(row["k2"]!) n=\(row["segments"]!)"
            let figures: [(String, Double)] = [
                ("max_radial_error", r.radial.maximum), ("min_radial_error", r.radial.minimum),
                ("max_abs_radial_error", r.radial.maximumMagnitude),
                ("rms_radial_error", r.rmsRadialError), ("rms_radial_error_angle", r.rmsRadialErrorInAngle),
                ("area_error", r.areaError), ("arc_length_error", r.arcLengthError),
                ("max_tangent_error_deg", r.maximumTangentErrorDegrees),
                ("start_curvature_error", r.curvature.atStart), ("end_curvature_error", r.curvature.atEnd),
                ("max_curvature_error", r.curvature.maximum),
            ]
            for (name, value) in figures {
                let reference = row.double(name)
                let excess = abs(value - reference) / (1e-12 * abs(reference) + 1e-15)
                worst[name] = max(worst[name] ?? 0, excess)
                #expect(agrees(value, reference), "\(label) \(name): \(value) vs \(reference)")
            }
            #expect(abs(r.radial.tAtMaximum - row.double("t_at_max")) <= 1e-8, "\(label) t_at_max \(r.radial.tAtMaximum)")
            #expect(abs(r.radial.tAtMinimum - row.double("t_at_min")) <= 1e-8, "\(label) t_at_min \(r.radial.tAtMinimum)")
            // Angles are locations like t: within 1e-8 of the arc's angle.
            #expect(abs(r.radial.angleAtMaximum - row.double("angle_at_max")) <= 1e-8 * arc.angle, "\(label) angle_at_max")
            #expect(abs(r.radial.angleAtMinimum - row.double("angle_at_min")) <= 1e-8 * arc.angle, "\(label) angle_at_min")
        }
        // The largest |error| / allowance per figure, for the record (1 = at the limit).
        print("worst error/allowance (\(method)):", worst.sorted { $0.key < $1.key }.map { "\($0.key)=\(String(format: "%.3g", $0.value))" }.joined(separator: " "))
    }

    @Test("optimal handle factors of every criterion")
    func optimalFactors() throws {
        for row in try ReferenceData.table("reference-optimal.csv") {
            let criterion = try #require(HandleCriterion(rawValue: row["criterion"]!))
            let n = row.int("segments")
            let k = criterion.handle(segments: n)
            #expect(agrees(k, row.double("k")), "\(criterion) n=\(n): \(k) vs \(row["k"]!)")
        }
    }

    @Test("squashed circle: maximum orthogonal distance to the ellipse")
    func ellipseDistance() throws {
        for row in try ReferenceData.table("reference-ellipse.csv") {
            let squash = SquashedCircle(segments: row.int("segments"), handle: row.double("k"),
                                        scaleX: row.double("sx"), scaleY: row.double("sy"))
            let d = squash.maximumDistanceToEllipse
            #expect(agrees(d, row.double("ellipse_max_distance")), "\(row): \(d)")
        }
    }
}
